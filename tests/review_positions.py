"""Hand-built positions where the best choice is certain, for the hints and the review."""

from __future__ import annotations

from ascenseur.core import Card, Deal, GameState, Play, Rules
from ascenseur.core.actions import Bid


def hands_of(*codes: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card.parse(c) for c in hand.split()) for hand in codes)


def sure_one_card_bid(mine: str = "T21") -> GameState:
    """3 players, one card each; seat 1 (first to bid) holds ``mine``: with the trump 21 it
    takes its one trick whatever the others hold (rule P9), so bid 1 is exact for sure."""
    state = GameState.single_deal(Rules(players=3, max_cards=1), deal_index=0, dealer=0)
    state.apply(Deal(hands_of("S2", mine, "H3")))
    return state


def trick_the_bid_needs() -> GameState:
    """3 players, 3 cards, any card may be led (house rule H3); seat 1 bid 2 and has won
    trick 1 with 10♥ while both others showed they hold neither hearts nor trumps. Seat 1
    now leads from 1♥ and the Excuse: 1♥ surely wins (the others cannot follow or trump)
    and the Excuse then loses the last trick — exactly 2; the Excuse now surely loses this
    trick and 1♥ can win no other — one trick, the bid missed."""
    rules = Rules(players=3, max_cards=3, lead_restriction=False)
    state = GameState.single_deal(rules, deal_index=2, dealer=0)
    state.apply(Deal(hands_of("D2 D3 D4", "H10 H1 EX", "S2 S3 S4")))
    for bid in (2, 0, 0):  # seat 1, seat 2, seat 0 (the dealer's left bids first)
        state.apply(Bid(bid))
    for code in ("H10", "S2", "D2"):
        state.apply(Play(Card.parse(code)))
    assert state.current_seat == 1
    return state
