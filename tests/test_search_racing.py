"""Racing the candidates of a search (:mod:`ascenseur.search.racing`): who stops, when, and
what the play-outs they leave buy the others; the pure and compiled loops race alike."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot, ExpertSettings
from ascenseur.core.actions import Deal
from ascenseur.core.cards import Card
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.search.racing import MIN_WORLDS, Race, Tally, behind


def _tally(weights: list[float], scores: list[list[int]]) -> Tally:
    tally = Tally.of(len(scores[0]))
    running = list(range(len(scores[0])))
    for weight, row in zip(weights, scores, strict=True):
        tally.add(weight, running, row)
    return tally


def test_a_candidate_always_a_point_behind_stops_and_a_level_one_runs_on() -> None:
    """Candidate 1 scores one less than candidate 0 in every world: the difference has no
    spread, so it is clearly behind. Candidate 2 is candidate 0 plus noise of mean 0: it is
    not (the leader may be either)."""
    rng = random.Random(5)
    scores = []
    for _ in range(200):
        base = rng.choice([-3, -1, 5, 7, 9])
        scores.append([base, base - 1, base + rng.choice([-2, 2])])
    tally = _tally([rng.uniform(0.1, 2.0) for _ in scores], scores)
    assert behind(tally, [0, 1, 2], z=3.0) == [1]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0.01, 5.0), st.integers(-10, 20), st.integers(-10, 20), st.integers(-10, 20)
        ),
        min_size=2,
        max_size=60,
    ),
    st.floats(0.5, 4.0),
)
def test_the_sums_give_the_weighted_spread_of_the_difference(
    worlds: list[tuple[float, int, int, int]], z: float
) -> None:
    """Whoever ``behind`` stops is exactly who is behind the leader by more than z standard
    errors Σw²(d − d̄)² / (Σw)² of the difference, computed world by world."""
    weights = [w for w, *_ in worlds]
    scores = [list(row) for _, *row in worlds]
    tally = _tally(weights, scores)
    total = sum(weights)
    means = [
        sum(w * row[i] for w, row in zip(weights, scores, strict=True)) / total for i in range(3)
    ]
    leader = max(range(3), key=lambda i: tally.sums[i])
    expected = []
    for i in range(3):
        if i == leader:
            continue
        differences = [row[leader] - row[i] for row in scores]
        gap = means[leader] - means[i]
        spread = sum(w * w * (d - gap) ** 2 for w, d in zip(weights, differences, strict=True))
        margin = gap * total - z * math.sqrt(spread)
        if abs(margin) < 1e-6 * (1 + abs(gap * total)):
            return  # too close to call in floating point
        if gap > 0 and margin > 0:
            expected.append(i)
    assert behind(tally, [0, 1, 2], z) == expected


@pytest.mark.parametrize(("candidates", "iterations"), [(1, 10), (4, 3), (5, 1000), (20, 40_000)])
def test_without_racing_every_candidate_meets_the_worlds_it_always_did(
    candidates: int, iterations: int
) -> None:
    race = Race(candidates, iterations, None)
    assert race.chunk() == max(1, iterations // candidates)
    race.played_worlds(race.chunk())
    assert not race.due
    assert race.chunk() == 0


def test_a_race_spends_the_play_outs_of_the_stopped_on_the_running() -> None:
    """Of 10 candidates with 10,000 play-outs, 8 stop at the first check: the two left share
    what is left and meet far more worlds than the 1,000 each would have; no more play-outs
    are spent than the budget."""
    race = Race(10, 10_000, 3.0)
    tally = Tally.of(10)
    rng = random.Random(2)
    while (worlds := race.chunk()) > 0:
        for _ in range(worlds):
            base = rng.randrange(10)
            row = [base + (0 if i < 2 else -5) + rng.choice([0, 1]) for i in range(10)]
            tally.add(1.0, race.running, [row[i] for i in race.running])
        race.played_worlds(worlds)
        if race.due:
            race.check(tally)
    race.finish(tally.weight)
    first_check = max(MIN_WORLDS, 1000 // 8)
    assert race.worlds[2:] == [first_check] * 8
    assert race.worlds[0] == race.worlds[1] > 4000
    assert race.used == sum(race.worlds) <= 10_000


def test_a_race_ends_once_one_candidate_is_left() -> None:
    race = Race(3, 3000, 3.0)
    tally = Tally.of(3)
    while (worlds := race.chunk()) > 0:
        for world in range(worlds):
            tally.add(1.0, race.running, [{0: 9, 1: world % 2, 2: -1}[i] for i in race.running])
        race.played_worlds(worlds)
        if race.due:
            race.check(tally)
    race.finish(tally.weight)
    assert race.running == [0]
    assert race.worlds == [race.step, race.step, race.step]


def _strong_hand_bid() -> Observation:
    """Seat 1 holds the three highest trumps of a 3-card deal: bidding 0, 1 or 2 is hopeless."""
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    hands = ["S1 S2 S3", "T19 T20 T21", "H1 H2 H3"]
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    return observe(state, 1)


@pytest.mark.parametrize("pure", [True, False])
def test_the_expert_ends_a_clear_decision_at_the_first_check(pure: bool) -> None:
    """Bidding 3 with the three highest trumps is always exact: with racing, the hopeless
    bids stop at the first check (an eighth of the 400 worlds each would meet), and with them
    the search, which chose as it does without racing, at an eighth of the play-outs."""
    view = _strong_hand_bid()
    raced = ExpertBot(Budget(iterations=400), pure=pure).assess(view, random.Random(4))
    plain = ExpertBot(Budget(iterations=400), ExpertSettings(race=None), pure=pure).assess(
        view, random.Random(4)
    )
    assert [e.worlds for e in plain] == [400] * 4  # bids get 4 x 400 play-outs
    assert [e.worlds for e in raced] == [50] * 4
    assert max(raced, key=lambda e: e.points).action == max(plain, key=lambda e: e.points).action
    assert [e.exact for e in raced] == [0.0, 0.0, 0.0, 1.0]
