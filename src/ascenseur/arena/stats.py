"""Bookkeeping of a duplicate match and its confidence intervals (standard library only).

A match gives, for each game of the deal set, what each seat did in the reference run (every
seat a reference bot) and what the candidate did in each seat when it replaced that seat's bot
on the same deals. The statistic of a game is the mean over seats of candidate minus reference
points; the interval is Student's t over games.

>>> ci = mean_interval([1.0, 2.0, 3.0, 6.0])
>>> ci.mean, round(ci.stderr, 4), round(ci.low, 4), round(ci.high, 4)
(3.0, 1.0801, -0.4374, 6.4374)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

_BUCKETS_PER_DOUBLING = 16
_CORNISH_FISHER_FROM = 100


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (0.5 < p < 1) of Student's t with ``df`` degrees of freedom.

    Exact (to 1e-12) for df < 100 by bisection on the closed-form distribution function for
    whole df (Abramowitz & Stegun 26.7.3–4); above, the Cornish–Fisher expansion (26.7.5),
    whose error there is below 1e-9.

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4)
    (12.7062, 2.2281)
    """
    if not 0.5 < p < 1 or df < 1:
        raise ValueError(f"t_quantile needs 0.5 < p < 1 and df ≥ 1, not p={p}, df={df}")
    if df >= _CORNISH_FISHER_FROM:
        return _cornish_fisher(statistics.NormalDist().inv_cdf(p), df)
    mass = 2 * p - 1  # P(|T| ≤ t)
    low, high = 0.0, 1.0
    while _central_mass(high, df) < mass:
        high *= 2
    while high - low > 1e-12 * high:
        mid = (low + high) / 2
        if _central_mass(mid, df) < mass:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _central_mass(t: float, df: int) -> float:
    """P(|T| ≤ t) for Student's t with whole ``df`` (A&S 26.7.3 odd, 26.7.4 even)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    total = term = 1.0
    if df % 2 == 1:
        if df == 1:
            return 2 * theta / math.pi
        for k in range(1, (df - 1) // 2):
            term *= 2 * k / (2 * k + 1) * cos2
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)
    for k in range(1, df // 2):
        term *= (2 * k - 1) / (2 * k) * cos2
        total += term
    return math.sin(theta) * total


def _cornish_fisher(z: float, df: int) -> float:
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean over ``n`` values with its standard error and confidence interval.

    ``low``/``high`` are None with fewer than two values (no spread to measure).
    """

    mean: float
    stderr: float | None
    low: float | None
    high: float | None
    n: int
    level: float = 0.95

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "stderr": self.stderr,
            "ci": [self.low, self.high],
            "level": self.level,
            "n": self.n,
        }


def mean_interval(values: Sequence[float], level: float = 0.95) -> Interval:
    """The mean of ``values`` with a two-sided Student-t interval at ``level``."""
    n = len(values)
    if n == 0:
        raise ValueError("a confidence interval needs at least one value")
    mean = statistics.fmean(values)
    if n < 2:
        return Interval(mean, None, None, None, n, level)
    stderr = statistics.stdev(values, mean) / math.sqrt(n)
    half = t_quantile((1 + level) / 2, n - 1) * stderr
    return Interval(mean, stderr, mean - half, mean + half, n, level)


@dataclass
class TimeHistogram:
    """Decision times on a log scale (16 buckets per doubling, ~2% wide): small to merge.

    Quantiles are the geometric middle of the bucket that holds them.
    """

    buckets: dict[int, int] = field(default_factory=dict)
    count: int = 0
    total_ns: int = 0
    max_ns: int = 0

    def add(self, ns: int) -> None:
        bucket = math.floor(_BUCKETS_PER_DOUBLING * math.log2(max(ns, 1)))
        self.buckets[bucket] = self.buckets.get(bucket, 0) + 1
        self.count += 1
        self.total_ns += ns
        self.max_ns = max(self.max_ns, ns)

    def quantile(self, q: float) -> float | None:
        """The ``q`` quantile in nanoseconds (nearest rank); None when empty."""
        if self.count == 0:
            return None
        rank = max(1, math.ceil(q * self.count))
        seen = 0
        for bucket in sorted(self.buckets):
            seen += self.buckets[bucket]
            if seen >= rank:
                return float(2 ** ((bucket + 0.5) / _BUCKETS_PER_DOUBLING))
        raise AssertionError("the buckets hold fewer times than counted")


@dataclass(frozen=True, slots=True)
class SeatRun:
    """What one bot did in one seat of one game: total, bids and tricks by deal, win share."""

    total: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    win: Fraction
    times_ns: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "win": [self.win.numerator, self.win.denominator],
            "times_ns": list(self.times_ns),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> SeatRun:
        """The run :meth:`to_json` wrote; raises KeyError, TypeError or ValueError if not."""
        numerator, denominator = data["win"]
        return SeatRun(
            total=int(data["total"]),
            bids=tuple(int(b) for b in data["bids"]),
            tricks=tuple(int(t) for t in data["tricks"]),
            win=Fraction(int(numerator), int(denominator)),
            times_ns=tuple(int(t) for t in data["times_ns"]),
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the deal set: the reference run by seat, and the candidate by seat."""

    game: int
    reference: tuple[SeatRun, ...]
    candidate: tuple[SeatRun, ...]

    def points_difference(self) -> float:
        """The candidate's points minus the reference's in this game, mean over the seats."""
        candidate = sum(run.total for run in self.candidate)
        return (candidate - sum(run.total for run in self.reference)) / len(self.candidate)

    def to_json(self) -> dict[str, Any]:
        return {
            "reference": [run.to_json() for run in self.reference],
            "candidate": [run.to_json() for run in self.candidate],
        }

    @staticmethod
    def from_json(game: int, data: dict[str, Any]) -> GameResult:
        """The result :meth:`to_json` wrote; raises KeyError, TypeError or ValueError if not."""
        return GameResult(
            game,
            tuple(SeatRun.from_json(run) for run in data["reference"]),
            tuple(SeatRun.from_json(run) for run in data["candidate"]),
        )


@dataclass
class SideTally:
    """Everything counted for one side (candidate or reference) over its seat-games."""

    seat_games: int = 0
    points: int = 0
    wins: Fraction = Fraction(0)
    deals: int = 0
    exact: int = 0
    abs_error: int = 0
    by_bid: dict[int, list[int]] = field(default_factory=dict)  # bid -> [deals, tricks]
    times: TimeHistogram = field(default_factory=TimeHistogram)

    def add(self, run: SeatRun) -> None:
        self.seat_games += 1
        self.points += run.total
        self.wins += run.win
        for bid, tricks in zip(run.bids, run.tricks, strict=True):
            self.deals += 1
            self.exact += bid == tricks
            self.abs_error += abs(tricks - bid)
            row = self.by_bid.setdefault(bid, [0, 0])
            row[0] += 1
            row[1] += tricks
        for ns in run.times_ns:
            self.times.add(ns)

    def to_json(self) -> dict[str, Any]:
        games, deals = max(self.seat_games, 1), max(self.deals, 1)
        return {
            "points_per_game": self.points / games,
            "win_share": float(self.wins / games),
            "deals": self.deals,
            "exact_rate": self.exact / deals,
            "mean_abs_error": self.abs_error / deals,
            "calibration": [
                {"bid": bid, "deals": count, "mean_tricks": tricks / count}
                for bid, (count, tricks) in sorted(self.by_bid.items())
            ],
            "decisions": self.times.count,
            "time_ms": {
                "p50": _ms(self.times.quantile(0.5)),
                "p95": _ms(self.times.quantile(0.95)),
                "mean": _ms(self.times.total_ns / self.times.count if self.times.count else None),
                "max": _ms(self.times.max_ns if self.times.count else None),
            },
        }


def _ms(ns: float | None) -> float | None:
    return None if ns is None else ns / 1e6


@dataclass
class Tally:
    """The running bookkeeping of a duplicate match; games may arrive in any order."""

    players: int
    candidate: SideTally = field(default_factory=SideTally)
    reference: SideTally = field(default_factory=SideTally)
    point_diffs: dict[int, int] = field(default_factory=dict)  # game -> Σ seats cand − ref
    win_diffs: dict[int, Fraction] = field(default_factory=dict)
    seat_point_diffs: list[int] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        n = self.players
        if len(result.reference) != n or len(result.candidate) != n:
            raise ValueError(f"game {result.game} must give {n} reference and candidate seats")
        if result.game in self.point_diffs:
            raise ValueError(f"game {result.game} is counted twice")
        if not self.seat_point_diffs:
            self.seat_point_diffs = [0] * n
        for seat in range(n):
            self.reference.add(result.reference[seat])
            self.candidate.add(result.candidate[seat])
            self.seat_point_diffs[seat] += (
                result.candidate[seat].total - result.reference[seat].total
            )
        self.point_diffs[result.game] = sum(
            c.total - r.total for c, r in zip(result.candidate, result.reference, strict=True)
        )
        self.win_diffs[result.game] = sum(
            (c.win - r.win for c, r in zip(result.candidate, result.reference, strict=True)),
            Fraction(0),
        )

    @property
    def games(self) -> int:
        return len(self.point_diffs)

    def per_game(self) -> list[float]:
        """Candidate minus reference points per game (mean over seats), in game order."""
        return [self.point_diffs[g] / self.players for g in sorted(self.point_diffs)]

    def points(self) -> Interval:
        """Points per game, candidate minus reference, with its 95% interval over games."""
        return mean_interval(self.per_game())

    def wins(self) -> Interval:
        """Win share per game, candidate minus reference, with its 95% interval."""
        return mean_interval(
            [float(self.win_diffs[g]) / self.players for g in sorted(self.win_diffs)]
        )

    def to_json(self) -> dict[str, Any]:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "points_difference": self.points().to_json(),
            "win_share_difference": self.wins().to_json(),
            "points_difference_by_seat": [d / games for d in self.seat_point_diffs],
            "candidate_stats": self.candidate.to_json(),
            "reference_stats": self.reference.to_json(),
            "per_game_points_difference": self.per_game(),
        }
