"""Ratings of a ladder's bots: Plackett–Luce (openskill) over the rankings of its games.

Every rotation of a ladder game is one ranking of its seats by total (equal totals share a
place), rated with openskill's Plackett–Luce model, each seat a team of one. A bot seated twice
in one ranking takes the mean of its seats' updates. The rating shown is the model's mean
``mu`` after every game, an online rating whose last games weigh most: so the rating shown
is the median of ``mu`` over bootstrap replicates, and its 95% interval their 2.5th and 97.5th
percentiles — each replicate the same number of games drawn with replacement (within each
table size, whole games: a game's rotations stay together) and rated in a random order. The
replicates come from one seed: the same games and seed give the same intervals to the last
digit. ``first`` is the share of replicates in which the bot rates first; ``sigma`` the
model's uncertainty after all the games in the ladder's order.

openskill is the optional extra ``ladder``, imported when ratings are computed.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.ladder import LadderGame

#: Bootstrap replicates unless asked otherwise.
REPLICATES = 200
LEVEL = 0.95


@dataclass(frozen=True, slots=True)
class Standing:
    """A bot's line in a table of ratings."""

    entry: str
    rating: float
    sigma: float
    low: float
    high: float
    first: float
    seats: int
    points_per_game: float
    seconds_per_game: float

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.entry,
            "rating": round(self.rating, 4),
            "sigma": round(self.sigma, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "first_share": round(self.first, 4),
            "seat_games": self.seats,
            "points_per_game": round(self.points_per_game, 4),
            "think_seconds_per_game": round(self.seconds_per_game, 4),
        }


def rate(games: Sequence[LadderGame], population: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Each entry's (mu, sigma) after the rankings of ``games``, in that order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ArenaError(
            "ladder ratings need openskill: pip install 'ascenseur[ladder]' (make installs it)"
        ) from None
    model = PlackettLuce()
    ratings = {entry: model.rating() for entry in population}
    for game in games:
        for rotation in game.rotations:
            teams = [[ratings[entry]] for entry in rotation.seats]
            updated = model.rate(teams, ranks=list(rotation.ranks()))
            moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
            for entry, (new,) in zip(rotation.seats, updated, strict=True):
                moves[entry].append((new.mu - ratings[entry].mu, new.sigma))
            for entry, found in moves.items():
                mu = ratings[entry].mu + sum(d for d, _ in found) / len(found)
                sigma = sum(s for _, s in found) / len(found)
                ratings[entry] = model.rating(mu=mu, sigma=sigma)
    return {entry: (r.mu, r.sigma) for entry, r in ratings.items()}


def standings(
    games: Sequence[LadderGame],
    population: Sequence[str],
    seed: int,
    replicates: int = REPLICATES,
) -> list[Standing]:
    """The table of ``games`` (all of one size, or of several), best rating first."""
    if not games:
        return []
    point = rate(games, population)  # for sigma: the model's certainty after all the games
    draws = bootstrap(games, population, seed, replicates)
    seats: dict[str, int] = defaultdict(int)
    points: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for game in games:
        for rotation in game.rotations:
            for entry, total, spent in zip(
                rotation.seats, rotation.totals, rotation.seconds, strict=True
            ):
                seats[entry] += 1
                points[entry] += total
                seconds[entry] += spent
    table = []
    for entry in population:
        mus = sorted(draw[entry] for draw in draws)
        firsts = sum(max(draw, key=draw.__getitem__) == entry for draw in draws)
        table.append(
            Standing(
                entry=entry,
                rating=_percentile(mus, 0.5),
                sigma=point[entry][1],
                low=_percentile(mus, (1 - LEVEL) / 2),
                high=_percentile(mus, (1 + LEVEL) / 2),
                first=firsts / len(draws),
                seats=seats[entry],
                points_per_game=points[entry] / seats[entry] if seats[entry] else 0.0,
                seconds_per_game=seconds[entry] / seats[entry] if seats[entry] else 0.0,
            )
        )
    return sorted(table, key=lambda s: (-s.rating, s.entry))


def bootstrap(
    games: Sequence[LadderGame], population: Sequence[str], seed: int, replicates: int
) -> list[dict[str, float]]:
    """Each replicate's ``mu`` by entry: the games resampled within each table size, whole,
    in a random order — all drawn from ``seed``."""
    rng = random.Random(f"ascenseur-ladder-bootstrap/{seed}")
    by_size: dict[int, list[LadderGame]] = defaultdict(list)
    for game in games:
        by_size[game.players].append(game)
    draws = []
    for _ in range(replicates):
        sample = [rng.choice(same) for n in sorted(by_size) for same in [by_size[n]] for _ in same]
        rng.shuffle(sample)
        draws.append({entry: mu for entry, (mu, _) in rate(sample, population).items()})
    return draws


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``sorted_values`` by linear interpolation between ranks."""
    position = q * (len(sorted_values) - 1)
    below = int(position)
    above = min(below + 1, len(sorted_values) - 1)
    return sorted_values[below] + (sorted_values[above] - sorted_values[below]) * (position - below)
