"""The inference from the play (:mod:`ascenseur.search.evidence`): what following suit says
about the cards a seat did not hold, and the weight it gives a world, pure and compiled alike.

Following a suit, any card of it may be played (rule P5); the highest card of the led suit
wins a trick without trumps (P9). Evidence is read only from the seat's view.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.actions import BIDS, Deal, Play
from ascenseur.core.cards import Card, mask_of
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast import search as fast_search
from ascenseur.fast.masks import split
from ascenseur.search.evidence import (
    DUCK_FACTOR,
    OVERTAKE_FACTOR,
    Evidence,
    evidence_of,
    seat_factor,
)
from ascenseur.search.problem import SearchProblem


def _mask(codes: str) -> int:
    return mask_of(Card.parse(code) for code in codes.split())


def _state(hands: list[str], bids: list[int]) -> GameState:
    """A 3-player deal of ``len(hands[0])`` cards, dealer 2 (seat 0 bids and leads first)."""
    k = len(hands[0].split())
    state = GameState.single_deal(Rules(players=3, max_cards=5), deal_index=k - 1, dealer=2)
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    for bid in bids:
        state.apply(BIDS[bid])
    return state


def _play(state: GameState, codes: str) -> None:
    for code in codes.split():
        state.apply(Play(Card.parse(code)))


def test_a_seat_short_of_its_bid_that_follows_under_probably_held_no_higher_card() -> None:
    """P5/P9: seat 1 bid 1 and, following ♠Q, played ♠2: a world that gives it ♠K weighs
    DUCK_FACTOR as much. Seat 2 (the viewer's neighbour) is seen by no one else here."""
    state = _state(["SQ H1 H2", "S2 SK H3", "S3 H4 H5"], [0, 1, 0])
    _play(state, "SQ S2")
    view = observe(state, 2)
    # The one card of the suit above the queen; the viewer has not seen it.
    assert evidence_of(view) == (Evidence(1, _mask("SK"), DUCK_FACTOR),)
    assert seat_factor(evidence_of(view), 1, _mask("SK H3")) == DUCK_FACTOR
    assert seat_factor(evidence_of(view), 1, _mask("H3 H6")) == 1.0
    assert seat_factor(evidence_of(view), 0, _mask("SK")) == 1.0  # another seat's hand


def test_a_seat_with_its_bid_that_follows_over_probably_held_no_lower_card() -> None:
    """Seat 1 bid 0 and, following ♠5, played ♠K: a world that gives it ♠1…♠4 weighs
    OVERTAKE_FACTOR as much."""
    state = _state(["S5 H1 H2", "SK H3 H6", "S6 H4 H5"], [0, 0, 0])
    _play(state, "S5 SK")
    (piece,) = evidence_of(observe(state, 2))
    assert piece == Evidence(1, _mask("S1 S2 S3 S4"), OVERTAKE_FACTOR)


def test_no_evidence_when_the_choice_was_not_free_or_says_nothing() -> None:
    """No evidence from a seat short of its bid that wins, from a trick with a trump in it
    (P6: the trump decides), from a discard (the seat is void: known already), from the
    viewer's own cards, or when a card the seat played later shows it held a winner."""
    # Seat 1 needs a trick and wins: nothing.
    state = _state(["S5 H1 H2", "SK H3 H6", "S6 H4 H5"], [0, 1, 0])
    _play(state, "S5 SK")
    assert evidence_of(observe(state, 2)) == ()
    # Seat 1 trumps ♠5; seat 2, short of its bid, follows ♠6 under the trump: nothing.
    state = _state(["S5 H1 H2", "T3 H3 H6", "S6 SK H5"], [0, 0, 1])
    _play(state, "S5 T3 S6")
    assert evidence_of(observe(state, 0)) == ()
    # The viewer's own duck is no evidence to itself.
    state = _state(["SQ H1 H2", "S2 SK H3", "S3 H4 H5"], [0, 1, 0])
    _play(state, "SQ S2")
    assert evidence_of(observe(state, 1)) == ()
    # Seat 1 ducked ♠Q with ♠2, then played ♠K in a later trick: it held ♠K, no evidence.
    state = _state(["SQ S1 H2", "S2 SK H3", "S3 S4 H5"], [0, 1, 0])
    _play(state, "SQ S2 S3")  # seat 0 wins and leads again
    _play(state, "S1 SK S4")
    assert all(piece.seat != 1 for piece in evidence_of(observe(state, 2)))


def test_the_expert_reads_the_evidence_from_its_view_and_only_uses_it_in_card_play() -> None:
    state = _state(["SQ H1 H2", "S2 SK H3", "S3 H4 H5"], [0, 1, 0])
    assert SearchProblem.of(observe(state, 2)).evidence == ()
    _play(state, "SQ S2")
    problem = SearchProblem.of(observe(state, 2))
    assert problem.evidence == evidence_of(observe(state, 2))
    assert ExpertBot(Budget(iterations=10)).settings(problem).play_evidence
    assert not ExpertBot(Budget(iterations=10), play_evidence=False).settings(problem).play_evidence


def test_the_compiled_factor_equals_the_pure_one() -> None:
    """fast.search._evidence_factor is seat_factor's twin, on random evidence and hands."""
    rng = random.Random(20261202)
    state = _state(["SQ H1 H2", "S2 SK H3", "S3 H4 H5"], [0, 1, 0])
    _play(state, "SQ S2")
    problem = SearchProblem.of(observe(state, 2))
    settings = ExpertBot(Budget(iterations=10)).settings(problem)
    checked = 0
    for _ in range(300):
        evidence = tuple(
            Evidence(rng.randrange(3), rng.getrandbits(78), rng.choice((0.5, 0.15, 0.05)))
            for _ in range(rng.randrange(5))
        )
        compiled = fast_search.Problem.of(replace(problem, evidence=evidence), settings)
        seat = rng.randrange(3)
        hand = rng.getrandbits(78)
        low, high = split(hand)
        got = fast_search._evidence_factor(compiled, seat, low, high)
        assert np.isclose(got, seat_factor(evidence, seat, hand), rtol=1e-12, atol=0.0)
        checked += seat_factor(evidence, seat, hand) < 1.0
    assert checked > 50
