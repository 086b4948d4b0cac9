"""Rules S1–S3: scoring (RULES.md §5)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ascenseur.core import GameState, Phase, Rules, deal_score, winners
from ascenseur.core.record import check, dumps, record_of
from ascenseur.core.rules import SEED_SCORING
from helpers import apply_deal, deal_position, play, random_game

CONFORMANCE = Path(__file__).parent / "conformance"

# -- S1: exact bids ----------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "points"), [(0, 3), (1, 5), (2, 7), (5, 13)])
def test_exact_bid_scores_three_plus_twice_the_bid_examples(bid: int, points: int) -> None:
    """S1: the examples of the rules: 0 → 3, 1 → 5, 2 → 7, 5 → 13."""
    assert deal_score(SEED_SCORING, bid=bid, tricks=bid) == points


# -- S2: missed bids ---------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "tricks", "points"), [(0, 1, -1), (1, 4, -3), (4, 1, -3)])
def test_missed_bid_loses_the_difference_examples(bid: int, tricks: int, points: int) -> None:
    """S2: bid 0, took 1 → −1; bid 1, took 4 → −3; and as much for taking too few."""
    assert deal_score(SEED_SCORING, bid=bid, tricks=tricks) == points


def _conformance_scores() -> set[tuple[int, int, int]]:
    """Every ``(bid, tricks, points)`` of a finished deal in the conformance files, scored by
    an independent implementation of the rules."""
    seen = set()
    for path in sorted(CONFORMANCE.glob("valid-*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        for deal, result in zip(case["record"]["deals"], case["expect"]["deals"], strict=False):
            seen |= set(zip(deal["bids"], result["tricks"], result["scores"], strict=True))
    return seen


def test_scores_agree_with_the_independent_implementation() -> None:
    """S1/S2: every bid and trick count the conformance games hold scores as it scored them —
    hundreds of exact and missed bids, high and low, that no formula here restates."""
    cases = _conformance_scores()
    exact = {(bid, points) for bid, tricks, points in cases if bid == tricks}
    missed = {(bid, tricks) for bid, tricks, _ in cases if bid != tricks}
    assert len(exact) >= 8 and len(missed) >= 40 and max(b for b, _ in exact) >= 5
    wrong = [
        (b, t, p) for b, t, p in sorted(cases) if deal_score(SEED_SCORING, bid=b, tricks=t) != p
    ]
    assert wrong == []


def test_deal_result_scores_each_seat_by_its_bid_and_tricks() -> None:
    """S1/S2: a played deal scores exact seats 3 + 2 × bid and the others −|tricks − bid|."""
    # Seat 0 wins both tricks with the two top hearts; it bid 2, seat 1 bid 1, seat 2 bid 0.
    state = deal_position(["HK HQ", "H1 H2", "H3 H4"], bids=[2, 1, 0])
    play(state, "HK H1 H3 HQ H2 H4")
    result = state.results[0]
    assert result.bids == (2, 1, 0)
    assert result.tricks == (2, 0, 0)
    assert result.scores == (7, -1, 3)  # S1: 2 → 7; S2: bid 1 took 0 → −1; S1: 0 → 3
    assert state.totals == result.scores


# -- S3: totals and the winner -----------------------------------------------------------------


def three_deal_game() -> GameState:
    """3 players, max_cards=2 (k = 1, 2, 1), first dealer 0, every card chosen."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    # Deal 1, dealer 0: seat 1 leads 5♠ and wins. Bids 1, 0, 0.
    apply_deal(state, ["S1", "S5", "S3"], bids=[1, 0, 0])
    play(state, "S5 S3 S1")
    # Deal 2, dealer 1: seat 2 leads K♥ then Q♥ and wins both. Bids 2, 0, 0.
    apply_deal(state, ["H1 H2", "H3 H4", "HK HQ"], bids=[2, 0, 0])
    play(state, "HK H1 H3 HQ H2 H4")
    # Deal 3, dealer 2: seat 0 leads 1♦, seat 2 trumps. Bids 1, 1, 0.
    apply_deal(state, ["D1", "D2", "T1"], bids=[1, 1, 0])
    play(state, "D1 D2 T1")
    return state


def test_scores_add_up_over_the_game_and_may_be_negative() -> None:
    """S3: totals are the sums of the deal scores; a seat that misses goes below zero."""
    state = three_deal_game()
    assert state.is_terminal()
    assert [r.tricks for r in state.results] == [(0, 1, 0), (0, 0, 2), (0, 0, 1)]
    by_deal = [
        (-1, -1, 3),  # bid 1 took 0; bid 0 took 1; bid 0 took 0 (S1: 3)
        (-2, 3, -2),  # bid 2 took 0; bid 0 took 0; bid 0 took 2
        (-1, -1, -1),  # bid 1 took 0; bid 1 took 0; bid 0 took 1
    ]
    assert [r.scores for r in state.results] == by_deal
    totals = tuple(sum(deal[seat] for deal in by_deal) for seat in range(3))
    assert totals == (-4, 1, 0)
    assert state.totals == state.returns() == totals
    assert state.winners() == (1,)


def test_highest_total_wins_even_when_all_are_negative() -> None:
    """S3: the highest total wins, negative or not."""
    assert winners([-5, -2, -7]) == (1,)
    assert winners([0, 4, 3, 4, -1]) == (1, 3)


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([12, 30, 30, -4], (1, 2)), ([-5, -2, -2, -7], (1, 2)), ([3, 3, 3], (0, 1, 2))],
)
def test_equal_highest_totals_share_the_win(totals: list[int], expected: tuple[int, ...]) -> None:
    """S3: equal highest totals share the win."""
    assert winners(totals) == expected


def test_played_game_with_a_tie_has_two_winners() -> None:
    """S3: two seats making their bids of 0 share the win over a seat that missed."""
    state = GameState.new(Rules(players=3, max_cards=1), first_dealer=2)
    apply_deal(state, ["S1", "S2", "S3"], bids=[0, 0, 0])
    play(state, "S1 S2 S3")  # seat 2's 3♠ wins: it bid 0 and took 1
    assert state.is_terminal()
    assert state.totals == (3, 3, -1)
    assert state.winners() == (0, 1)
    assert check(dumps(record_of(state)))["winners"] == [0, 1]


def test_totals_count_only_finished_deals() -> None:
    """S3: a deal in progress adds nothing until its last trick."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    apply_deal(state, ["S1", "S5", "S3"], bids=[1, 0, 0])
    play(state, "S5 S3")
    assert state.totals == (0, 0, 0)
    play(state, "S1")
    assert state.phase is Phase.DEALING
    assert state.totals == (-1, -1, 3)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (6, 3)])
def test_totals_of_random_games_are_the_sums_of_the_rule_scores(players: int, seed: int) -> None:
    """S1–S3: over whole random games, every deal's score follows S1/S2 and totals add up."""
    state = random_game(Rules(players=players, max_cards=5), random.Random(seed))
    totals = [0] * players
    for result in state.results:
        assert sum(result.tricks) == result.hand_size
        for seat in range(players):
            expected = deal_score(SEED_SCORING, bid=result.bids[seat], tricks=result.tricks[seat])
            assert result.scores[seat] == expected
            totals[seat] += expected
    assert list(state.totals) == totals
    best = max(totals)
    assert state.winners() == tuple(s for s in range(players) if totals[s] == best)
