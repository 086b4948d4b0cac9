"""Hints: every legal bid or card of a seat with the points it may expect in this deal.

:func:`hint` is what a "hint" key shows a person. It is a plain Monte-Carlo estimate, and says
so: for each sample, the cards the seat has not seen are dealt at random to the other hands,
consistently with what the play has shown (:attr:`Observation.facts`: voids, trump ceilings)
and the number of cards each holds; the deal so far is replayed in that world; then each
candidate is applied and the deal is played to its end with *every* seat, the hinted one
included, bidding and playing uniformly at random among its legal choices. A hint is the mean
:func:`~ascenseur.core.scoring.deal_score` of the seat over the samples. Random play makes the
numbers modest guides — a bid's hint is what it scores if nobody plays well — not a bot's
opinion. The same worlds serve every candidate, so their differences are less noisy than
their values.

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(4))
>>> hints = hint(observe(state, 1), random.Random(0), playouts=60)
>>> [action for action, _ in hints], all(-1 <= value <= 5 for _, value in hints)
([Bid(0), Bid(1)], True)
"""

from __future__ import annotations

import random

from ascenseur.core.actions import BIDS, PLAYS, Deal, PlayerAction
from ascenseur.core.cards import cards_of, indices_of, iter_cards
from ascenseur.core.observation import Observation
from ascenseur.core.state import GameState, Phase

#: Play-outs per hint, shared among the candidates (at least one world each).
DEFAULT_PLAYOUTS = 1200


class NoWorld(RuntimeError):
    """No deal of the unseen cards agrees with the observation (it is not from a real game)."""


def hint(
    view: Observation, rng: random.Random | None = None, playouts: int = DEFAULT_PLAYOUTS
) -> list[tuple[PlayerAction, float]]:
    """Each legal action of ``view``'s seat, in the view's order, with its expected deal score.

    ``rng`` defaults to a fresh unseeded generator; pass a seeded one for repeatable hints.
    """
    legal = view.legal_actions
    if view.seat is None or not legal:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
    source = rng if rng is not None else random.Random()
    worlds = max(1, playouts // len(legal))
    totals = [0.0] * len(legal)
    for _ in range(worlds):
        base = world(view, source)
        for i, action in enumerate(legal):
            state = base.clone()
            state.apply(action)
            play_out(state, source)
            totals[i] += state.results[-1].scores[view.seat]
    return [(action, totals[i] / worlds) for i, action in enumerate(legal)]


def world(view: Observation, rng: random.Random) -> GameState:
    """A single-deal state at ``view``'s position, the unseen cards dealt at random."""
    n = view.players
    holding = sample_hands(view, rng)
    played = [0] * n
    for trick in view.tricks:
        for position, card in enumerate(trick.cards):
            played[(trick.leader + position) % n] |= card.bit
    for seat, card in view.trick:
        played[seat] |= card.bit
    state = GameState.single_deal(view.rules, view.deal_index, view.dealer)
    state.apply(Deal(tuple(tuple(cards_of(holding[s] | played[s])) for s in range(n))))
    first = (view.dealer + 1) % n
    for i in range(n):
        bid = view.bids[(first + i) % n]
        if bid is None:
            break
        state.apply(BIDS[bid])
    for trick in view.tricks:
        for card in trick.cards:
            state.apply(PLAYS[card.index])
    for _, card in view.trick:
        state.apply(PLAYS[card.index])
    return state


def sample_hands(view: Observation, rng: random.Random, attempts: int = 200) -> list[int]:
    """What every seat holds now (masks): the view's own hand, the others drawn at random.

    Seats are filled most constrained first; a draw that leaves a later seat too few cards
    it may hold is thrown away and drawn again.
    """
    me = view.seat
    unseen = view.unseen_mask
    allowed = [0] * view.players
    for seat, facts in enumerate(view.facts):
        if seat != me:
            for card in iter_cards(unseen):
                if facts.may_hold(card):
                    allowed[seat] |= card.bit
    counts = [0 if seat == me else count for seat, count in enumerate(view.hand_counts)]
    order = sorted(
        (s for s in range(view.players) if counts[s]),
        key=lambda s: allowed[s].bit_count() - counts[s],
    )
    for _ in range(attempts):
        hands = [0] * view.players
        if me is not None:
            hands[me] = view.hand_mask
        remaining = unseen
        for position, seat in enumerate(order):
            pool = indices_of(allowed[seat] & remaining)
            if len(pool) < counts[seat]:
                break
            for index in rng.sample(pool, counts[seat]):
                hands[seat] |= 1 << index
            remaining &= ~hands[seat]
            if any((allowed[s] & remaining).bit_count() < counts[s] for s in order[position + 1 :]):
                break
        else:
            return hands
    raise NoWorld(f"no deal of the unseen cards agrees with seat {me}'s view")


def play_out(state: GameState, rng: random.Random) -> None:
    """Finish the deal with uniformly random legal bids and cards (the core's fast path)."""
    while not state.is_terminal():
        if state.phase is Phase.BIDDING:
            state.bid_unchecked(rng.choice(state.legal_bids()))
        else:
            state.play_unchecked(rng.choice(indices_of(state.legal_card_mask())))
