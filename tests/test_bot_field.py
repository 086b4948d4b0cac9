"""The expert's check of its model of the field (ascenseur.bots.field, ExpertSettings.field_check):
which seats the finished deals show off the model, and the expert without its model there."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from ascenseur.bots.base import Bot, Budget, make_bot
from ascenseur.bots.expert import EXPERT, FIELD_CHECK, ExpertBot, ExpertSettings
from ascenseur.bots.field import LEAST_MISSES, off_model
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.random_bot import RandomBot
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealResult, GameState
from ascenseur.simulation import play_game


def _view(
    results: Sequence[tuple[int, tuple[int, ...], tuple[int, ...]]], seat: int | None = None
) -> Observation:
    """A 4-player view whose finished deals are ``results`` (hand size, bids, tricks), of
    ``seat`` (default: the seat to bid, seat 1)."""
    state = GameState.new(Rules(4, 8), first_dealer=0, rng=random.Random(1))
    state.deal(random.Random(2))
    assert state.current_seat == 1
    seat = 1 if seat is None else seat
    finished = tuple(
        DealResult(dealer=0, hand_size=k, bids=bids, tricks=tricks, scores=(0, 0, 0, 0))
        for k, bids, tricks in results
    )
    return replace(observe(state, seat), results=finished)


def test_misses_say_nothing_until_they_add_up_to_least_misses() -> None:
    """Seat 1 misses by 4 tricks over 6 cards: far more than a quarter, but fewer than
    LEAST_MISSES; one more and it is off the model."""
    deals = [(1, (0, 1, 0, 0), (1, 0, 0, 0)), (2, (2, 0, 0, 0), (2, 0, 0, 0))]
    deals.append((3, (0, 3, 0, 0), (3, 0, 0, 0)))
    assert LEAST_MISSES == 5 and off_model(_view(deals, seat=0), 0.25) == ()
    deals.append((4, (3, 1, 0, 0), (4, 0, 0, 0)))
    assert off_model(_view(deals, seat=0), 0.25) == (1,)


def test_a_seat_is_off_the_model_once_its_misses_pass_the_share_of_its_cards() -> None:
    # 1 + 2 + 3 + 4 + 5 = 15 cards each, seen by seat 0. Seat 1 misses by 5 tricks, seat 2
    # by 4 (fewer than LEAST_MISSES), seat 3 by 6: over a quarter of 15 (3.75), seats 1 and
    # 3; over 0.35 of it (5.25), seat 3; over 0.4 of it (6), none.
    view = _view(
        [
            (1, (1, 0, 1, 0), (1, 0, 0, 0)),
            (2, (2, 2, 0, 0), (2, 0, 0, 0)),
            (3, (3, 0, 3, 3), (3, 0, 0, 0)),
            (4, (4, 3, 0, 3), (4, 0, 0, 0)),
            (5, (5, 0, 0, 0), (5, 0, 0, 0)),
        ],
        seat=0,
    )
    assert off_model(view, 0.25) == (1, 3)
    assert off_model(view, 0.35) == (3,)
    assert off_model(view, 0.4) == ()


def test_the_seat_that_looks_is_never_judged() -> None:
    results = [(k, (0, k, k, k), (k, 0, 0, 0)) for k in (1, 2, 3, 4)]
    assert off_model(_view(results, seat=0), 0.25) == (1, 2, 3)
    assert off_model(_view(results, seat=1), 0.25) == (0, 2, 3)


class Watched(HeuristicBot):
    """A club player that notes, at each of its decisions, whether the check fires."""

    def __init__(self) -> None:
        super().__init__()
        self.fired: list[bool] = []

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        self.fired.append(bool(off_model(view, FIELD_CHECK)))
        return super().choose(view, rng)


@pytest.mark.parametrize("random_seats", [(), (1, 3)])
def test_the_check_seldom_fires_among_club_players_and_mostly_among_random_ones(
    random_seats: tuple[int, ...],
) -> None:
    """Ten games of up to 8 cards, four club players or two of them and two random bots: the
    check fires at under a tenth of seat 0's decisions in the first field, over half in the
    second (benchmarks/field_check.py measures it over more games)."""
    rng = random.Random(7)
    watched = Watched()
    for _ in range(10):
        field: list[Bot] = [watched] + [
            RandomBot() if seat in random_seats else HeuristicBot() for seat in (1, 2, 3)
        ]
        play_game(Rules(4, 8), field, rng, first_dealer=0)
    share = sum(watched.fired) / len(watched.fired)
    assert (share > 0.5) if random_seats else (share < 0.1)


@pytest.mark.parametrize("pure", [False, True])
def test_with_a_seat_off_the_model_the_expert_decides_as_the_expert_without_one(
    pure: bool,
) -> None:
    view = _view([(k, (k, 0, k, 0), (k, 0, 0, 0)) for k in (1, 2, 3, 4)])
    assert off_model(view, FIELD_CHECK) == (2,)
    budget = Budget(iterations=60)
    checked = ExpertBot(budget, pure=pure)  # the registered expert's settings
    without = ExpertBot(budget, ExpertSettings(faithful=False, sigma_factor=None), pure=pure)
    # The decision goes to an expert with neither inference: from bids nor from play.
    delegate = checked.without_model(view)
    assert delegate is not None and delegate.pure == pure
    assert delegate.config == replace(EXPERT, faithful=False, sigma_factor=None, field_check=None)
    assert checked.without_model(view) is delegate  # made once, kept
    assert checked.decide(view, random.Random(3)) == without.decide(view, random.Random(3))
    assert checked.assess(view, random.Random(4)) == without.assess(view, random.Random(4))


def test_without_a_seat_off_the_model_the_expert_keeps_it() -> None:
    view = _view([(k, (k, 0, 0, 0), (k, 0, 0, 0)) for k in (1, 2, 3, 4)])
    assert off_model(view, 0.25) == ()
    budget = Budget(iterations=60)
    checked = make_bot("expert", budget)
    unchecked = ExpertBot(budget, ExpertSettings(field_check=None))
    assert isinstance(checked, ExpertBot)
    assert checked.decide(view, random.Random(3)) == unchecked.decide(view, random.Random(3))
    assert checked.without_model(view) is None
