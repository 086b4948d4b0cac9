"""Legal cards, trick winners and the "to the bid" play-out, compiled.

Each function mirrors one in the pure engine, line for line where it matters, and
``tests/test_fast_core.py`` keeps them equal: :func:`legal` is
:func:`ascenseur.core.tricks.legal_mask`, :func:`trick_step` and :func:`winning_position` are
:func:`ascenseur.core.tricks.trick_step` and :func:`~ascenseur.core.tricks.winning_position`
(rule P9, read from the same table), :func:`deal_score` and :func:`best_score` are
:func:`ascenseur.core.scoring.deal_score` and :func:`~ascenseur.core.scoring.best_score`,
:func:`choose_card` and :func:`playout` are the play-out policy of the search
(``ascenseur.search.rollout``), on a :class:`Position` like its own.
Masks are ``(low, high)`` words (:mod:`ascenseur.fast.masks`); hands are ``(n, 2)`` arrays.
The rule set's choices are data, never constants compiled in: a scoring table (H2) is an
int64 array of its five numbers (:func:`scoring_array`), the lead restriction (H3) a bool.
Nothing here checks its input: callers pass positions of real deals.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import EXCUSE_INDEX, EXCUSE_KIND, TRUMP_KIND
from ascenseur.core.rules import Scoring
from ascenseur.core.tricks import NO_LED
from ascenseur.fast._jit import jit_kernel, lowest, popcount
from ascenseur.fast.masks import (
    EXCUSE_HIGH,
    HIGH,
    KIND,
    RANK,
    SUIT_LOW,
    TRUMPS_ABOVE_HIGH,
    TRUMPS_HIGH,
    VALUE,
    Int64s,
    take_lowest,
    with_card,
)

#: Where each number of a scoring table sits in :func:`scoring_array` (the order of
#: :meth:`ascenseur.core.rules.Scoring.as_tuple`).
EXACT_BASE, EXACT_PER_BID, MISS_BASE, MISS_PER_TRICK, PER_TRICK = range(5)


def scoring_array(scoring: Scoring) -> Int64s:
    """A scoring table (H2) as compiled code takes it: its five numbers, in
    :meth:`~ascenseur.core.rules.Scoring.as_tuple`'s order."""
    return np.array(scoring.as_tuple(), np.int64)


class Position(NamedTuple):
    """A deal in progress with every hand known, and the rules it is played under: what the
    play-outs and the endgame finish (:class:`ascenseur.search.rollout.Position`). They
    update ``hands`` and ``won`` in place (the endgame gives ``hands`` back unchanged)."""

    hands: Int64s  # (n, 2) words
    to_act: int
    trick: Int64s  # the current trick's cards in play order: trick[:trick_len]
    trick_len: int
    won: Int64s  # tricks won by seat so far
    bids: Int64s
    tricks_left: int  # tricks not yet finished, the current one included
    scoring: Int64s  # the scoring table (H2), as scoring_array gives it
    lead_restriction: bool  # rule P2 (False: house rule H3)


@jit_kernel
def legal(
    low: int, high: int, trick_len: int, led: int, high_trump: int, lead_restriction: bool
) -> tuple[int, int]:
    """The legal cards of the hand ``(low, high)`` (rules P2–P7; without ``lead_restriction``,
    house rule H3, any card may be led), as ``(low, high)``."""
    if trick_len == 0:
        # P2: a hand with a suit card must lead a suit card (unless H3 lifts it).
        if low and lead_restriction:
            return low, 0
        return low, high
    if led == NO_LED:
        return low, high  # P4: after an Excuse lead, the second card is free.
    if led < TRUMP_KIND:
        follow = low & SUIT_LOW[led]
        if follow:
            return follow, high & EXCUSE_HIGH  # P5
    trumps = high & TRUMPS_HIGH
    if not trumps:
        return low, high  # P6, P7: neither the suit nor a trump: any card
    over = trumps & TRUMPS_ABOVE_HIGH[high_trump]
    return 0, (over if over else trumps) | (high & EXCUSE_HIGH)  # P6, P7: overtrump if able


@jit_kernel
def choices(
    low: int, high: int, first: int, trick_len: int, led: int, high_trump: int, rule: bool
) -> tuple[int, int]:
    """The cards to choose from for a seat holding ``(low, high)``: ``first`` alone when it
    is a card (≥ 0, the move being tried), else the legal ones (:func:`legal`, with
    ``rule`` its ``lead_restriction``)."""
    if first >= 0:
        return with_card(0, 0, first)
    return legal(low, high, trick_len, led, high_trump, rule)


@jit_kernel
def card_at(low: int, high: int, rank: int) -> int:
    """The deck index of the ``rank``-th card (0-based, deck order) of ``(low, high)``."""
    count = popcount(low)
    word, base = low, 0
    if rank >= count:
        word, base, rank = high, HIGH, rank - count
    for _ in range(rank):
        word &= word - 1
    return base + lowest(word)


@jit_kernel
def winning_position(cards: Int64s, count: int) -> int:
    """The 0-based position of the winning card among ``cards[:count]`` (rule P9)."""
    led, high, win_value, win_position = NO_LED, 0, -1, -1
    for position in range(count):
        led, high, win_value, win_position = trick_step(
            cards[position], position, led, high, win_value, win_position
        )
    return win_position


@jit_kernel
def trick_step(
    card: int, seat: int, led: int, high: int, win_value: int, win_seat: int
) -> tuple[int, int, int, int]:
    """The trick state ``(led, high trump, winning value, winning seat)`` after ``seat``
    plays ``card`` (:func:`ascenseur.core.tricks.trick_step`)."""
    kind = KIND[card]
    if led == NO_LED and kind != EXCUSE_KIND:
        led = kind
    if kind == TRUMP_KIND and RANK[card] > high:
        high = RANK[card]
    value = VALUE[led + 1, card]
    if value > win_value:
        return led, high, value, seat
    return led, high, win_value, win_seat


@jit_kernel
def trick_state(trick: Int64s, trick_len: int, to_act: int, n: int) -> tuple[int, int, int, int]:
    """The state of the trick ``trick[:trick_len]`` in progress, ``to_act`` to play next
    (:func:`ascenseur.search.rollout.trick_state`)."""
    led, high, win_value, win_seat = NO_LED, 0, -1, -1
    leader = (to_act - trick_len) % n
    for position in range(trick_len):
        led, high, win_value, win_seat = trick_step(
            trick[position], (leader + position) % n, led, high, win_value, win_seat
        )
    return led, high, win_value, win_seat


@jit_kernel
def advance(
    card: int,
    seat: int,
    n: int,
    trick_len: int,
    led: int,
    high: int,
    win_value: int,
    win_seat: int,
    won: Int64s,
) -> tuple[int, int, int, int, int, int]:
    """``seat`` plays ``card`` into the trick: the seat to act and the trick state next, a
    finished trick credited in ``won`` (:func:`ascenseur.search.rollout.advance`)."""
    led, high, win_value, win_seat = trick_step(card, seat, led, high, win_value, win_seat)
    trick_len += 1
    if trick_len < n:
        return (seat + 1) % n, trick_len, led, high, win_value, win_seat
    won[win_seat] += 1
    return win_seat, 0, NO_LED, 0, -1, -1


@jit_kernel
def deal_score(scoring: Int64s, bid: int, tricks: int) -> int:
    """Points for one deal of a seat that bid ``bid`` and took ``tricks``, under the scoring
    table ``scoring`` (:func:`scoring_array`; H2)."""
    points: int = scoring[PER_TRICK] * tricks
    if tricks == bid:
        points += scoring[EXACT_BASE] + scoring[EXACT_PER_BID] * bid
    else:
        gap = tricks - bid if tricks > bid else bid - tricks
        points -= scoring[MISS_BASE] + scoring[MISS_PER_TRICK] * gap
    return points


@jit_kernel
def best_score(scoring: Int64s, bid: int, hand_size: int) -> int:
    """The most a seat that bid ``bid`` can score in a deal of ``hand_size`` cards: what a
    search may stop at (:func:`ascenseur.core.scoring.best_score`).

    A miss's points fall by ``miss_per_trick`` and rise by ``per_trick`` a trick away from
    the bid, so the best miss is one trick short, one over, or every trick.
    """
    best = deal_score(scoring, bid, bid)
    for tricks in (bid - 1, bid + 1, hand_size):
        if 0 <= tricks <= hand_size and tricks != bid:
            best = max(best, deal_score(scoring, bid, tricks))
    return best


@jit_kernel
def _pick(low: int, high: int, table: Int64s, above: int, largest: bool) -> int:
    """Among the cards whose ``table`` entry exceeds ``above``, the first (in deck order) of
    the largest or smallest entry; -1 if none. Python's ``max``/``min`` keep the first too."""
    # One word at a time, not masks.take_lowest: its extra test a card made a play-out ~6% slower.
    best = -1
    best_value = 0
    for word_index in range(2):
        word = low if word_index == 0 else high
        base = 0 if word_index == 0 else HIGH
        while word:
            card = base + lowest(word)
            word &= word - 1
            value = table[card]
            if value > above and (
                best < 0 or (value > best_value if largest else value < best_value)
            ):
                best, best_value = card, value
    return best


@jit_kernel
def choose_card(
    low: int, high: int, trick_len: int, led: int, win_value: int, need: int, last: bool
) -> int:
    """The card the "to the bid" policy plays from the legal cards ``(low, high)``."""
    if popcount(low) + popcount(high) == 1:
        return take_lowest(low, high)[0]
    values = VALUE[led + 1]
    plain_high = high & ~EXCUSE_HIGH
    if not low and not plain_high:
        plain_high = high
    if trick_len == 0:
        return _pick(low, plain_high, values, -2, need > 0)
    if need > 0:
        card = _pick(low, high, values, win_value, not last)  # winners: max, or min when last
        if card >= 0:
            return card
        return _pick(low, plain_high, RANK, -1, False)
    # Losers: the highest by (value, rank), never the Excuse.
    best = -1
    best_value = 0
    best_rank = 0
    for word_index in range(2):
        word = low if word_index == 0 else high & ~EXCUSE_HIGH
        base = 0 if word_index == 0 else HIGH
        while word:
            card = base + lowest(word)
            word &= word - 1
            value = values[card]
            if value > win_value:
                continue
            rank = RANK[card]
            if best < 0 or value > best_value or (value == best_value and rank > best_rank):
                best, best_value, best_rank = card, value, rank
    if best >= 0:
        return best
    if high & EXCUSE_HIGH:
        return EXCUSE_INDEX
    return _pick(low, high, values, win_value, last)  # winners: min, or max when last


@jit_kernel
def remove(hands: Int64s, seat: int, card: int) -> None:
    """Take ``card`` (a deck index it holds) from ``seat``'s hand in ``hands`` (n, 2)."""
    if card < HIGH:
        hands[seat, 0] ^= 1 << card
    else:
        hands[seat, 1] ^= 1 << (card - HIGH)


@jit_kernel
def policy_card(
    legal_low: int, legal_high: int, trick_len: int, led: int, win_value: int, need: int, n: int
) -> int:
    """:func:`choose_card` for a seat that still needs ``need`` tricks, among ``n`` seats."""
    return choose_card(legal_low, legal_high, trick_len, led, win_value, need, trick_len == n - 1)


@jit_kernel
def playout(position: Position, first: int, log: Int64s) -> int:
    """Finish the deal with the "to the bid" policy for every seat; returns the cards played.

    ``first`` (≥ 0) is the card the seat to act plays now. When ``log`` is not empty, the
    cards played are written to it in order.
    """
    hands, seat, trick, trick_len, won, bids, left, _, rule = position
    n = hands.shape[0]
    led, high, win_value, win_seat = trick_state(trick, trick_len, seat, n)
    recording = log.shape[0] > 0
    played = 0
    while left:
        legal_low, legal_high = choices(
            hands[seat, 0], hands[seat, 1], first, trick_len, led, high, rule
        )
        first = -1
        need = bids[seat] - won[seat]
        card = policy_card(legal_low, legal_high, trick_len, led, win_value, need, n)
        remove(hands, seat, card)
        if recording:
            log[played] = card
        played += 1
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
        if trick_len == 0:
            left -= 1
    return played
