"""Confidence intervals and duplicate bookkeeping, on numbers worked out by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from ascenseur.arena.stats import (
    GameResult,
    SeatRun,
    Tally,
    TimeHistogram,
    mean_interval,
    t_quantile,
)

# Student-t 0.975 quantiles from published tables (scipy.stats.t.ppf, 13 digits).
T_975 = {
    1: 12.706204736174707,
    2: 4.302652729749464,
    3: 3.182446305284263,
    4: 2.7764451051977934,
    10: 2.2281388519649385,
    30: 2.0422724563012373,
    99: 1.9842169515864165,
    100: 1.9839715184496334,
    1000: 1.9623390808264074,
}


@pytest.mark.parametrize("df", sorted(T_975))
def test_t_quantile_matches_tables(df: int) -> None:
    assert t_quantile(0.975, df) == pytest.approx(T_975[df], rel=1e-10)


def test_t_quantile_tends_to_normal() -> None:
    assert t_quantile(0.975, 10**7) == pytest.approx(1.959963984540054, rel=1e-6)


def test_t_quantile_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match=r"0\.5 < p < 1"):
        t_quantile(0.3, 5)
    with pytest.raises(ValueError, match="df ≥ 1"):
        t_quantile(0.975, 0)


def test_interval_worked_by_hand() -> None:
    # mean 3; deviations -2 -1 0 3 → variance 14/3; stderr √(14/3)/2 = √(7/6).
    ci = mean_interval([1.0, 2.0, 3.0, 6.0])
    stderr = math.sqrt(7 / 6)
    half = 3.182446305284263 * stderr
    assert ci.mean == 3.0
    assert ci.stderr == pytest.approx(stderr, rel=1e-12)
    assert ci.low == pytest.approx(3.0 - half, rel=1e-10)
    assert ci.high == pytest.approx(3.0 + half, rel=1e-10)
    assert ci.n == 4


def test_interval_of_one_value_has_no_width() -> None:
    ci = mean_interval([2.5])
    assert (ci.mean, ci.stderr, ci.low, ci.high) == (2.5, None, None, None)


def test_interval_of_equal_values_is_a_point() -> None:
    ci = mean_interval([0.0] * 7)
    assert (ci.mean, ci.stderr, ci.low, ci.high) == (0.0, 0.0, 0.0, 0.0)


def run(total: int, bids: tuple[int, ...], tricks: tuple[int, ...], win: Fraction) -> SeatRun:
    return SeatRun(total, bids, tricks, win)


def hand_made_results() -> list[GameResult]:
    """Two players, two games of two deals; every number below is checked by hand."""
    zero, half, one = Fraction(0), Fraction(1, 2), Fraction(1)
    game0 = GameResult(
        0,
        reference=(run(10, (1, 0), (1, 0), one), run(-2, (0, 1), (1, 2), zero)),
        candidate=(run(12, (1, 1), (1, 1), one), run(1, (0, 2), (0, 1), half)),
    )
    game1 = GameResult(
        1,
        reference=(run(5, (0, 1), (0, 2), half), run(5, (1, 0), (1, 1), half)),
        candidate=(run(4, (0, 0), (1, 1), zero), run(9, (1, 1), (1, 1), one)),
    )
    return [game0, game1]


def test_tally_of_hand_made_games() -> None:
    tally = Tally(players=2)
    for result in hand_made_results():
        tally.add(result)
    # Game 0: seat diffs 12−10 = 2 and 1−(−2) = 3 → 2.5 a seat; game 1: −1 and 4 → 1.5.
    assert tally.per_game() == [2.5, 1.5]
    points = tally.points()
    # Mean 2; stdev of (2.5, 1.5) is √0.5, stderr 0.5; t(1) = 12.7062….
    assert points.mean == 2.0
    assert points.stderr == pytest.approx(0.5)
    assert points.low == pytest.approx(2.0 - 12.706204736174707 * 0.5)
    assert points.high == pytest.approx(2.0 + 12.706204736174707 * 0.5)
    # Wins: game 0 (1−1) + (½−0) = ½ → ¼ a seat; game 1 (0−½) + (1−½) = 0.
    assert tally.wins().mean == pytest.approx(0.125)
    data = tally.to_json()
    assert data["games"] == 2
    assert data["points_difference_by_seat"] == [0.5, 3.5]
    cand, ref = data["candidate_stats"], data["reference_stats"]
    assert cand["points_per_game"] == 26 / 4
    assert ref["points_per_game"] == 18 / 4
    assert cand["win_share"] == 2.5 / 4
    assert ref["win_share"] == 2 / 4
    # Candidate deals (bid, tricks): (1,1) (1,1) (0,0) (2,1) (0,1) (0,1) (1,1) (1,1).
    assert cand["deals"] == 8
    assert cand["exact_rate"] == 5 / 8
    assert cand["mean_abs_error"] == 3 / 8
    assert cand["calibration"] == [
        {"bid": 0, "deals": 3, "mean_tricks": 2 / 3},
        {"bid": 1, "deals": 4, "mean_tricks": 1.0},
        {"bid": 2, "deals": 1, "mean_tricks": 1.0},
    ]
    # Reference deals: (1,1) (0,0) (0,1) (1,2) (0,0) (1,2) (1,1) (0,1).
    assert ref["exact_rate"] == 4 / 8
    assert ref["mean_abs_error"] == 4 / 8
    assert ref["calibration"] == [
        {"bid": 0, "deals": 4, "mean_tricks": 0.5},
        {"bid": 1, "deals": 4, "mean_tricks": 1.5},
    ]


def test_tally_does_not_depend_on_arrival_order() -> None:
    forward, backward = Tally(players=2), Tally(players=2)
    results = hand_made_results()
    for result in results:
        forward.add(result)
    for result in reversed(results):
        backward.add(result)
    assert forward.to_json() == backward.to_json()


def test_tally_refuses_a_game_twice() -> None:
    tally = Tally(players=2)
    game = hand_made_results()[0]
    tally.add(game)
    with pytest.raises(ValueError, match="game 0 is counted twice"):
        tally.add(game)


def test_tally_refuses_a_wrong_number_of_seats() -> None:
    game = hand_made_results()[0]
    with pytest.raises(ValueError, match="must give 3 reference and candidate seats"):
        Tally(players=3).add(game)


def test_time_quantiles_within_bucket_width() -> None:
    times = TimeHistogram()
    for micro in range(1, 101):
        times.add(micro * 1000)
    assert times.count == 100
    assert times.max_ns == 100_000
    p50, p95 = times.quantile(0.5), times.quantile(0.95)
    assert p50 is not None and p95 is not None
    assert p50 == pytest.approx(50_000, rel=0.03)
    assert p95 == pytest.approx(95_000, rel=0.03)
    assert TimeHistogram().quantile(0.5) is None
