"""What the other seats' cards say about their hands: the inference from the play.

Two ways of following suit say much about the cards a seat did not hold. When a suit was led
and no trump is yet in the trick, a seat that follows the suit is free to play any card of it
(rule P5), so:

* a seat still **short of its bid** that follows *under* the winning card rarely held one of the
  suit that would have won: it would have played it (the club player, holding such a card, won
  with it 86% of the time: 4 players, 12-card deals);
* a seat that **has its bid** and follows *over* the winning card rarely held one that would
  have lost: it would have ducked (the club player always did).

Each such card is one :class:`Evidence`: a world that gives the seat any of its cards weighs
``factor`` times as much (:func:`seat_factor`). Only cards the searching seat has not seen are
kept; a piece of evidence that a card the seat played later already contradicts (it held it,
so it chose so knowingly) says nothing that tells one world from another, and is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ascenseur.core.cards import CARD_SUIT, SUIT_MASKS
from ascenseur.core.observation import Observation
from ascenseur.core.tricks import NO_LED, TRICK_VALUES, trick_step

#: A world's weight factor when it gives a seat short of its bid a card that would have won
#: the trick it followed under (the club player played such a card 86% of the time it held one).
DUCK_FACTOR = 0.15
#: The factor when it gives a seat with its bid made a card that would have lost the trick it
#: followed over (the club player never did: 33 of 33 ducked).
OVERTAKE_FACTOR = 0.05


@dataclass(frozen=True, slots=True)
class Evidence:
    """Seat ``seat`` probably holds none of ``cards`` (a mask of cards unseen by the searching
    seat); a world that gives it any of them weighs ``factor`` times as much."""

    seat: int
    cards: int
    factor: float


def evidence_of(view: Observation) -> tuple[Evidence, ...]:
    """The evidence of the deal's play so far about the other seats' hands, from ``view``."""
    me = view.seat
    n = view.players
    bids = view.bids
    tricks = [(t.leader, [c.index for c in t.cards]) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c.index for _, c in view.trick]))
    # The cards each seat played from each trick on: what it held then, beyond doubt.
    later = [0] * n
    played_from: list[list[int]] = []
    for leader, cards in reversed(tricks):
        for pos, card in enumerate(cards):
            later[(leader + pos) % n] |= 1 << card
        played_from.append(later.copy())
    played_from.reverse()
    unseen = view.unseen_mask
    won = [0] * n
    found: list[Evidence] = []
    for (leader, cards), held in zip(tricks, played_from, strict=True):
        led, high, win_value, win_seat = NO_LED, 0, -1, -1
        for pos, card in enumerate(cards):
            seat = (leader + pos) % n
            bid = bids[seat]
            following = 0 <= led < 4 and high == 0 and CARD_SUIT[card] == led
            if seat != me and bid is not None and following:
                piece = _follow(seat, card, led, win_value, bid - won[seat])
                if piece is not None and not piece.cards & held[seat] and piece.cards & unseen:
                    found.append(Evidence(seat, piece.cards & unseen, piece.factor))
            led, high, win_value, win_seat = trick_step(card, seat, led, high, win_value, win_seat)
        if len(cards) == n:
            won[win_seat] += 1
    return tuple(found)


def _follow(seat: int, card: int, led: int, win_value: int, need: int) -> Evidence | None:
    """What following suit led ``led`` with ``card`` under a winning value of ``win_value``
    says, for a seat that needs ``need`` more tricks (the cards not yet narrowed)."""
    values = TRICK_VALUES[led + 1]
    suit = SUIT_MASKS[led]
    if need > 0 and values[card] <= win_value:
        above = sum(1 << c for c in range(78) if suit >> c & 1 and values[c] > win_value)
        return Evidence(seat, above, DUCK_FACTOR)
    if need <= 0 and values[card] > win_value:
        below = sum(1 << c for c in range(78) if suit >> c & 1 and values[c] <= win_value)
        return Evidence(seat, below, OVERTAKE_FACTOR) if below else None
    return None


def seat_factor(evidence: Sequence[Evidence], seat: int, hand: int) -> float:
    """The weight factor of the world that gives ``seat`` the hand ``hand``."""
    factor = 1.0
    for piece in evidence:
        if piece.seat == seat and piece.cards & hand:
            factor *= piece.factor
    return factor
