"""Arena matches on the same deal set, compared game by game (A/B tests of a bot change).

Each match's ``games.jsonl`` (``ascenseur arena … --out DIR``) gives, per game, the candidate's
points minus the reference's. When both matches played the same deal set with the same bot
seed, the reference runs are the same, so the difference of those two numbers, game by game,
is the change's effect with the deals' luck removed twice: its interval is much narrower than
either match's. Only the games both matches finished are compared; two matches on different
deals, seeds or rules are refused.

Several pairs (each on a deal set of its own, e.g. 12-, 14- and 17-card deals) are also
pooled: every game of every pair is one difference, and their mean is the change's effect
over all of them.

With ``--by-size``, each pair's difference is also split by hand size (whole games): per
game, the deals of each band of sizes, their share of the game's difference (the two
matches' reference runs are the same, so it is the candidates' deal scores that differ).

Run: ``python tools/arena_paired.py [--by-size] A_DIR B_DIR [A2_DIR B2_DIR …]`` (prints A
minus B).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.stats import GameResult, Interval, mean_interval
from ascenseur.commands.arena import saved_match
from ascenseur.core.scoring import deal_score

#: Bands of hand sizes for ``--by-size``: (smallest, largest), both included.
BANDS = ((1, 4), (5, 9), (10, 13), (14, 16), (17, 19), (20, 78))


def differences(directory: Path) -> dict[int, float]:
    """Each finished game's candidate-minus-reference points, by game number."""
    return dict(_read(directory)[1])


def _read(directory: Path) -> tuple[tuple[object, ...], dict[int, float]]:
    """What must agree for two matches to be paired (rules, deals, seed), and each finished
    game's candidate-minus-reference points."""
    key, results, _ = _load(directory)
    return key, {game: result.points_difference() for game, result in results.items()}


def _load(directory: Path) -> tuple[tuple[object, ...], dict[int, GameResult], tuple[int, ...]]:
    """The pairing key, each finished game's result, and the hand size of each deal."""
    try:
        match, deals, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    key = (match.rules, match.single_deal, match.seed, deals.digest)
    sizes = (match.single_deal,) if match.single_deal else match.rules.schedule
    return key, {result.game: result for result in results}, tuple(sizes)


def by_size(a_dir: Path, b_dir: Path) -> None:
    """Prints A minus B per game, band by band of hand sizes (:data:`BANDS`)."""
    (key, a, sizes), (_, b, _) = _load(a_dir), _load(b_dir)
    scoring = key[0].scoring  # type: ignore[attr-defined]  # the matches' rules (paired)
    games = sorted(set(a) & set(b))
    print("  by hand size: cards, deals a game, A minus B per game (95% CI), per deal")
    for low, high in BANDS:
        deals = [i for i, k in enumerate(sizes) if low <= k <= high]
        if not deals:
            continue
        per_game = []
        for game in games:
            change = 0.0
            for a_run, b_run in zip(a[game].candidate, b[game].candidate, strict=True):
                for i in deals:
                    change += deal_score(scoring, a_run.bids[i], a_run.tricks[i])
                    change -= deal_score(scoring, b_run.bids[i], b_run.tricks[i])
            per_game.append(change / len(a[game].candidate))
        interval = mean_interval(per_game)
        print(
            f"    {low}-{high}: {len(deals)} deals, {_show(interval)}, "
            f"{interval.mean / len(deals):+.3f} a deal"
        )


def _show(interval: Interval) -> str:
    if interval.low is None or interval.high is None:
        return f"{interval.mean:+.3f}"
    return f"{interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"


def paired(a_dir: Path, b_dir: Path) -> list[float]:
    """A minus B, game by game, over the games both finished; prints both and the difference.
    Refuses matches played on different deals, rules or seeds."""
    (a_key, a), (b_key, b) = _read(a_dir), _read(b_dir)
    if a_key != b_key:
        raise SystemExit(
            f"{a_dir} and {b_dir} were not played on the same deal set with the same seed and "
            "rules: only such matches compare game by game"
        )
    games = sorted(set(a) & set(b))
    if len(games) < 2:
        raise SystemExit(f"{len(games)} game(s) in common: at least 2 are needed")
    print(f"{len(games)} games in common; points per game, candidate minus reference, 95% CI")
    print(f"  A  {a_dir}: {_show(mean_interval([a[g] for g in games]))}")
    print(f"  B  {b_dir}: {_show(mean_interval([b[g] for g in games]))}")
    changes = [a[g] - b[g] for g in games]
    print(f"  A minus B, game by game: {_show(mean_interval(changes))}")
    return changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "matches", type=Path, nargs="+", metavar="DIR", help="A_DIR B_DIR, then more pairs"
    )
    parser.add_argument("--by-size", action="store_true", help="split by bands of hand sizes")
    args = parser.parse_args()
    if len(args.matches) % 2:
        parser.error("give the matches in pairs: A_DIR B_DIR [A2_DIR B2_DIR …]")
    pooled: list[float] = []
    pairs = list(zip(args.matches[::2], args.matches[1::2], strict=True))
    for a_dir, b_dir in pairs:
        pooled += paired(a_dir, b_dir)
        if args.by_size:
            by_size(a_dir, b_dir)
    if len(pairs) > 1:
        print(f"pooled, {len(pooled)} games of {len(pairs)} pairs, A minus B: ", end="")
        print(_show(mean_interval(pooled)))


if __name__ == "__main__":
    main()
