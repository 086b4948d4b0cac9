"""Playing a trick (pli): which cards are legal (rules P2–P8) and who wins (rule P9).

These are the one place that decides legality of a card. Positions are described by masks and
small integers so that search code can call them in its inner loop:

* ``hand``: the mask of the cards held;
* ``trick_len``: cards already in the trick (0: this card leads);
* ``led``: the led kind of the trick — the suit (0–3) or 4 (trumps) of its first card that is
  not the Excuse, or -1 while no such card has been played;
* ``high_trump``: the rank of the highest trump in the trick, 0 when none.

Who wins (rule P9) is one table, :data:`TRICK_VALUES`: the strength of each card in a trick
of each led kind, -1 for a card that cannot win. :func:`winning_position`, the game state,
the play-outs of the search and its compiled twin (:mod:`ascenseur.fast.play`) all read it.

>>> from ascenseur.core.cards import Card
>>> [str(c) for c in legal_cards([Card.parse(x) for x in ("H5", "T3", "EX")], [])]
['5♥']
>>> trick_winner([Card.parse(x) for x in ("EX", "H3", "HK", "T1")])
3
>>> hearts = TRICK_VALUES[Suit.HEARTS + 1]
>>> hearts[Card.parse("HK").index], hearts[Card.parse("T1").index], hearts[Card.parse("SK").index]
(14, 101, -1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.cards import (
    ALL_SUITS_MASK,
    CARD_RANK,
    CARD_SUIT,
    DECK_SIZE,
    EXCUSE_BIT,
    EXCUSE_KIND,
    KIND_MASKS,
    SUIT_MASKS,
    TRUMP_KIND,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
)

#: The led kind of a trick that holds no card but the Excuse yet (or no card at all).
NO_LED = -1
#: What a trump is worth in :data:`TRICK_VALUES` above any suit card (ranks are 1…21).
TRUMP_BONUS = 100


def _value_row(led: int) -> tuple[int, ...]:
    values = []
    for index in range(DECK_SIZE):
        suit = CARD_SUIT[index]
        if suit == Suit.TRUMPS:
            values.append(TRUMP_BONUS + CARD_RANK[index])
        elif suit != Suit.EXCUSE and led in (NO_LED, suit):
            values.append(CARD_RANK[index])
        else:
            values.append(-1)  # the Excuse, a discard
    return tuple(values)


#: TRICK_VALUES[led + 1][card]: how strongly ``card`` stands in a trick whose led kind is
#: ``led`` (rule P9): any trump above any suit card, a card of the led suit by rank, the Excuse
#: and off-suit discards -1 (they never win). Row 0 (``led`` is :data:`NO_LED`) is for a card
#: that sets the led kind itself. The highest value in a trick wins it.
TRICK_VALUES: tuple[tuple[int, ...], ...] = tuple(
    _value_row(led) for led in range(NO_LED, Suit.TRUMPS + 1)
)


def legal_mask(
    hand: int, trick_len: int, led: int, high_trump: int, lead_restriction: bool = True
) -> int:
    """The mask of the legal cards in ``hand`` (rules P2–P7; without ``lead_restriction``,
    house rule H3, any card may be led).

    >>> from ascenseur.core.cards import Card, mask_of, cards_of
    >>> hand = mask_of(Card.parse(c) for c in ("T4", "T9", "SK"))
    >>> cards_of(legal_mask(hand, 2, Suit.HEARTS, 7))  # ♥ led, T7 played: overtrump
    [Card.parse('T9')]
    """
    if trick_len == 0:
        # P2: a hand with a suit card must lead a suit card (unless H3 lifts it).
        suits = hand & ALL_SUITS_MASK if lead_restriction else 0
        return suits if suits else hand
    if led < 0:
        # P4: after an Excuse lead, the second card is free.
        return hand
    if led < TRUMP_KIND:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow | (hand & EXCUSE_BIT)  # P5
    trumps = hand & TRUMP_MASK
    if not trumps:
        return hand  # P6, P7: neither the suit nor a trump: any card
    over = trumps & TRUMPS_ABOVE[high_trump]
    return (over if over else trumps) | (hand & EXCUSE_BIT)  # P6, P7: overtrump if able


def trick_step(
    card: int, seat: int, led: int, high: int, win_value: int, win_seat: int
) -> tuple[int, int, int, int]:
    """The trick state ``(led, high trump, winning value, winning seat)`` after ``seat`` plays
    ``card`` into a trick whose state was ``(led, high, win_value, win_seat)``.

    An empty trick's state is ``(NO_LED, 0, -1, -1)``; the winning value is the card's
    :data:`TRICK_VALUES` entry (rule P9), so a later card takes the trick only by beating it.
    """
    suit = CARD_SUIT[card]
    if led == NO_LED and suit != EXCUSE_KIND:
        led = suit
    if suit == TRUMP_KIND and CARD_RANK[card] > high:
        high = CARD_RANK[card]
    value = TRICK_VALUES[led + 1][card]
    if value > win_value:
        return led, high, value, seat
    return led, high, win_value, win_seat


def trick_facts(cards: Sequence[int]) -> tuple[int, int]:
    """``(led, high_trump)`` of a trick given its card indices in play order."""
    led, high, _, _ = trick_summary(cards)
    return led, high


def winning_position(cards: Sequence[int]) -> int:
    """The 0-based position of the winning card in a complete trick of card indices (P9)."""
    _, _, _, best = trick_summary(cards)
    if best < 0:
        raise ValueError("a trick needs at least one card other than the Excuse")
    return best


def trick_summary(cards: Sequence[int]) -> tuple[int, int, int, int]:
    """``(led, high trump, winning value, winning position)`` of a trick of card indices in
    play order: :func:`trick_step` over its cards, positions standing for seats."""
    state = (NO_LED, 0, -1, -1)
    for position, index in enumerate(cards):
        state = trick_step(index, position, *state)
    return state


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Card], lead_restriction: bool = True
) -> list[Card]:
    """The legal cards of ``hand`` (deck order) when ``trick`` holds these cards in play order
    (``lead_restriction``: rule P2, or house rule H3 without it)."""
    indices = [card.index for card in trick]
    led, high = trick_facts(indices)
    return cards_of(legal_mask(mask_of(hand), len(indices), led, high, lead_restriction))


def trick_winner(trick: Sequence[Card]) -> int:
    """The position (0-based, in play order) of the card that wins a complete trick (P9)."""
    return winning_position([card.index for card in trick])


def play_refusal(
    hand: int, trick_len: int, led: int, high_trump: int, index: int
) -> tuple[str, int]:
    """``(reason code, obliging cards)`` for a card of the hand that is not legal here.

    The code is one of ``must-lead-suit`` (P2), ``must-follow`` (P5, P7), ``must-overtrump``
    (P6, P7) and ``must-trump`` (P6); the obliging cards (a mask) are those of the hand the
    rule asks for: its suit cards, the led suit, the trumps that overtrump, or its trumps.
    """
    if trick_len == 0:
        return "must-lead-suit", hand & ALL_SUITS_MASK
    if led < Suit.TRUMPS and hand & SUIT_MASKS[led]:
        return "must-follow", hand & SUIT_MASKS[led]
    trumps = hand & TRUMP_MASK
    over = trumps & TRUMPS_ABOVE[high_trump]
    if CARD_SUIT[index] == Suit.TRUMPS and over:
        return "must-overtrump", over
    return ("must-follow" if led == Suit.TRUMPS else "must-trump"), over or trumps


def why_illegal(
    hand: int, trick_len: int, led: int, high_trump: int, index: int
) -> tuple[str, str, int]:
    """``(reason code, explanation, obliging cards)`` for a card that is not legal here
    (:func:`play_refusal`), the explanation in English for error messages.

    The explanation completes "seat 2 cannot play Q♠ …: ", e.g.
    ``"must follow ♥ hearts (holds 7♥, K♥)"``. People read the same refusal in their language
    from the error's data (``ascenseur.text.refusals``).
    """
    code, obliging = play_refusal(hand, trick_len, led, high_trump, index)
    held = format_cards(cards_of(obliging))
    if code == "must-lead-suit":
        why = f"may not lead a trump or the Excuse while holding a suit card (holds {held})"
    elif code == "must-overtrump":
        why = f"must overtrump trump {high_trump} (holds {held})"
    elif code == "must-follow":
        why = f"must follow {Suit(led).display()} (holds {held})"
    else:
        why = f"has no {Suit(led).display()} and must trump (holds {held})"
    return code, why, obliging


__all__ = [
    "KIND_MASKS",
    "NO_LED",
    "TRICK_VALUES",
    "TRUMP_BONUS",
    "legal_cards",
    "legal_mask",
    "play_refusal",
    "trick_facts",
    "trick_step",
    "trick_summary",
    "trick_winner",
    "why_illegal",
    "winning_position",
]
