"""Two matches on the same deal set, compared game by game (A/B tests of a bot change).

Each match's games give, per game, the candidate's points minus the reference's. When both
matches played the same deal set with the same bot seed, the reference runs are the same, so
the difference of those two numbers, game by game, is the change's effect with the deals'
luck removed twice: its interval is much narrower than either match's. Only the games both
matches finished are compared; two matches on different deals, seeds or rules are refused.

Several pairs (each on a deal set of its own) are also pooled: every game of every pair is one
difference, and their mean is the change's effect over all of them. :func:`by_size` splits a
pair's difference by bands of hand sizes (:data:`BANDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.saved import saved_match
from ascenseur.arena.stats import GameResult, Interval, mean_interval
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import deal_score

#: Bands of hand sizes for :func:`by_size`: (smallest, largest), both included.
BANDS = ((1, 4), (5, 9), (10, 13), (14, 16), (17, 19), (20, 78))


@dataclass(frozen=True)
class Pair:
    """Two matches compared on the games both finished."""

    a: Path
    b: Path
    a_points: Interval  # A's candidate minus reference, per game
    b_points: Interval
    changes: list[float]  # A minus B, game by game

    @property
    def change(self) -> Interval:
        return mean_interval(self.changes)


@dataclass(frozen=True)
class Band:
    """One band of hand sizes of a pair: A minus B per game from those deals alone."""

    low: int
    high: int
    deals: int  # deals of the band in a game
    change: Interval


def differences(directory: Path) -> dict[int, float]:
    """Each finished game's candidate-minus-reference points, by game number."""
    _, results, _ = _load(directory)
    return {game: result.points_difference() for game, result in results.items()}


def _load(directory: Path) -> tuple[tuple[object, ...], dict[int, GameResult], tuple[int, ...]]:
    """What must agree for two matches to be paired (rules, deals, seed), each finished
    game's result, and the hand size of each deal."""
    match, deals, results = saved_match(directory)
    key = (match.rules, match.single_deal, match.seed, deals.digest)
    sizes = (match.single_deal,) if match.single_deal else match.rules.schedule
    return key, {result.game: result for result in results}, tuple(sizes)


def paired(a_dir: Path, b_dir: Path) -> Pair:
    """A minus B, game by game, over the games both finished. Refuses matches played on
    different deals, rules or seeds, and pairs with fewer than 2 games in common."""
    (a_key, a, _), (b_key, b, _) = _load(a_dir), _load(b_dir)
    if a_key != b_key:
        raise ArenaError(
            f"{a_dir} and {b_dir} were not played on the same deal set with the same seed and "
            "rules: only such matches compare game by game"
        )
    games = sorted(set(a) & set(b))
    if len(games) < 2:
        raise ArenaError(
            f"{a_dir} and {b_dir} have {len(games)} game(s) in common: at least 2 are needed"
        )
    a_points = [a[g].points_difference() for g in games]
    b_points = [b[g].points_difference() for g in games]
    return Pair(
        a_dir,
        b_dir,
        mean_interval(a_points),
        mean_interval(b_points),
        [x - y for x, y in zip(a_points, b_points, strict=True)],
    )


def by_size(a_dir: Path, b_dir: Path) -> list[Band]:
    """A minus B per game, band by band of hand sizes (:data:`BANDS`): per game, the deals of
    each band (the two matches' reference runs are the same, so it is the candidates' deal
    scores that differ)."""
    (key, a, sizes), (_, b, _) = _load(a_dir), _load(b_dir)
    rules = key[0]
    assert isinstance(rules, Rules)
    games = sorted(set(a) & set(b))
    bands = []
    for low, high in BANDS:
        deals = [i for i, k in enumerate(sizes) if low <= k <= high]
        if not deals:
            continue
        per_game = []
        for game in games:
            change = 0.0
            for a_run, b_run in zip(a[game].candidate, b[game].candidate, strict=True):
                for i in deals:
                    change += deal_score(rules.scoring, a_run.bids[i], a_run.tricks[i])
                    change -= deal_score(rules.scoring, b_run.bids[i], b_run.tricks[i])
            per_game.append(change / len(a[game].candidate))
        bands.append(Band(low, high, len(deals), mean_interval(per_game)))
    return bands


def show(interval: Interval) -> str:
    """``+0.123 [-0.456, +0.789]``, or the mean alone when there is no interval."""
    if interval.low is None or interval.high is None:
        return f"{interval.mean:+.3f}"
    return f"{interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"


def lines(pairs: list[tuple[Path, Path]], sizes: bool = False) -> list[str]:
    """Each pair (its games in common, A, B, and A minus B; with ``sizes``, by band of hand
    sizes), then, for several pairs, every game of them all pooled."""
    out: list[str] = []
    pooled: list[float] = []
    for a_dir, b_dir in pairs:
        pair = paired(a_dir, b_dir)
        pooled += pair.changes
        out += [
            f"{len(pair.changes)} games in common; points per game, candidate minus "
            "reference, 95% CI",
            f"  A  {a_dir}: {show(pair.a_points)}",
            f"  B  {b_dir}: {show(pair.b_points)}",
            f"  A minus B, game by game: {show(pair.change)}",
        ]
        if sizes:
            out.append("  by hand size: cards, deals a game, A minus B per game (95% CI), per deal")
            out += [
                f"    {band.low}-{band.high}: {band.deals} deals, {show(band.change)}, "
                f"{band.change.mean / band.deals:+.3f} a deal"
                for band in by_size(a_dir, b_dir)
            ]
    if len(pairs) > 1:
        out.append(
            f"pooled, {len(pooled)} games of {len(pairs)} pairs, A minus B: "
            f"{show(mean_interval(pooled))}"
        )
    return out
