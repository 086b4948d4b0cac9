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

Run: ``python tools/arena_paired.py A_DIR B_DIR [A2_DIR B2_DIR …]`` (prints A minus B).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.stats import Interval, mean_interval
from ascenseur.commands.arena import saved_match


def differences(directory: Path) -> dict[int, float]:
    """Each finished game's candidate-minus-reference points, by game number."""
    return dict(_read(directory)[1])


def _read(directory: Path) -> tuple[tuple[object, ...], dict[int, float]]:
    """What must agree for two matches to be paired (rules, deals, seed), and each finished
    game's candidate-minus-reference points."""
    try:
        match, deals, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    out = {result.game: result.points_difference() for result in results}
    return (match.rules, match.single_deal, match.seed, deals.digest), out


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
    args = parser.parse_args()
    if len(args.matches) % 2:
        parser.error("give the matches in pairs: A_DIR B_DIR [A2_DIR B2_DIR …]")
    pooled: list[float] = []
    pairs = list(zip(args.matches[::2], args.matches[1::2], strict=True))
    for a_dir, b_dir in pairs:
        pooled += paired(a_dir, b_dir)
    if len(pairs) > 1:
        print(f"pooled, {len(pooled)} games of {len(pairs)} pairs, A minus B: ", end="")
        print(_show(mean_interval(pooled)))


if __name__ == "__main__":
    main()
