"""Rebuilding a game state from one seat's observation and a sampled world.

Search needs a full state to start from; a seat may only know its observation. A state is
rebuilt from the state *before the current deal was dealt* (past deals hold no hidden card:
every card dealt in them was played face up), a world sampled by
:mod:`ascenseur.search.worlds` (hands for the other seats consistent with everything public),
then the current deal's bids and cards replayed from the observation through the engine's
checked :meth:`~ascenseur.core.state.GameState.apply`.
"""

from __future__ import annotations

import random

from ascenseur.core.actions import BIDS, PLAYS, Deal
from ascenseur.core.cards import DECK, cards_of
from ascenseur.core.observation import Observation
from ascenseur.core.state import GameState, Phase
from ascenseur.search.worlds import WorldSpec, uniform_world


def dealt_hands(view: Observation, hands: list[int]) -> list[int]:
    """What each seat was dealt: its current hand (mask) and what it played in this deal."""
    dealt = list(hands)
    for trick in view.tricks:
        for pos, card in enumerate(trick.cards):
            dealt[(trick.leader + pos) % view.players] |= 1 << card.index
    for seat, card in view.trick:
        dealt[seat] |= 1 << card.index
    return dealt


def deal_order(dealer: int, dealt: list[int]) -> list[int]:
    """The cards (indices) in the order dealt, one at a time from the dealer's left (D3)."""
    n = len(dealt)
    hands = [[c.index for c in cards_of(mask)] for mask in dealt]
    k = len(hands[0])
    return [hands[(dealer + 1 + j) % n][j // n] for j in range(n * k)]


def deal_of(drawn: list[int], dealer: int, players: int) -> Deal:
    """The :class:`Deal` of cards drawn in order, one at a time from the dealer's left."""
    first = (dealer + 1) % players
    return Deal(
        tuple(
            tuple(DECK[i] for i in drawn[(seat - first) % players :: players])
            for seat in range(players)
        )
    )


def replay(
    start: GameState, view: Observation, dealt: list[int], rng: random.Random | None = None
) -> GameState:
    """``start`` (the state before the current deal) dealt ``dealt``, then the view's actions.

    With closed fists (H4) the bids the seat has not seen yet are drawn from ``rng`` among
    the legal ones: they are part of the world sampled. Raises
    :class:`~ascenseur.core.errors.IllegalAction` if the world contradicts the play.
    """
    state = start.clone()
    n = view.players
    state.apply(deal_of(deal_order(view.dealer, dealt), view.dealer, n))
    if view.phase is Phase.BIDDING:
        made = (view.current_seat - view.dealer - 1) % n if view.current_seat is not None else n
    else:
        made = n
    for step in range(made):
        bid = view.bids[(view.dealer + 1 + step) % n]
        if bid is None:
            if rng is None:
                raise ValueError("a bid the view hides needs an rng to be drawn (H4)")
            bid = rng.choice(state.legal_bids())
        state.apply(BIDS[bid])
    if view.phase is Phase.BIDDING:
        return state
    for trick in view.tricks:
        for card in trick.cards:
            state.apply(PLAYS[card.index])
    for _, card in view.trick:
        state.apply(PLAYS[card.index])
    return state


def sample_state(start: GameState, view: Observation, rng: random.Random) -> GameState:
    """A state consistent with ``view`` (a seat's, bidding or playing), hidden hands resampled
    uniformly among those consistent with it (:func:`~ascenseur.search.worlds.uniform_world`):
    the chance law of the deal given what the seat knows."""
    if view.phase is not Phase.BIDDING and view.phase is not Phase.PLAYING:
        raise ValueError(f"there are no hands to sample while the game is {view.phase.value}")
    hands = _blind_world(view, rng) if view.is_blind else uniform_world(WorldSpec.of(view), rng)
    return replay(start, view, dealt_hands(view, hands), rng)


def _blind_world(view: Observation, rng: random.Random) -> list[int]:
    """The hands of a blind one-card deal (H5) as the seat may imagine them: the others' as
    it sees them, its own card (while it holds it) any card it has not seen."""
    assert view.seat is not None
    hands = [sum(1 << card.index for card in cards) for cards in view.seen_hands]
    if view.hand_counts[view.seat]:
        unseen = [c.index for c in cards_of(view.unseen_mask)]
        hands[view.seat] = 1 << rng.choice(unseen)
    return hands


def deal_start(view: Observation) -> GameState:
    """A one-deal game waiting for the cards of the view's deal, with the view's dealer."""
    return GameState.single_deal(view.rules, view.deal_index, view.dealer)


__all__ = ["deal_of", "deal_order", "deal_start", "dealt_hands", "replay", "sample_state"]
