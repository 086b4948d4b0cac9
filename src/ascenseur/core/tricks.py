"""Playing a trick (pli): which cards are legal (rules P2–P8) and who wins (rule P9).

These are the one place that decides legality of a card. Positions are described by masks and
small integers so that search code can call them in its inner loop:

* ``hand``: the mask of the cards held;
* ``trick_len``: cards already in the trick (0: this card leads);
* ``led``: the led kind of the trick — the suit (0–3) or 4 (trumps) of its first card that is
  not the Excuse, or -1 while no such card has been played;
* ``high_trump``: the rank of the highest trump in the trick, 0 when none.

>>> from ascenseur.core.cards import Card
>>> [str(c) for c in legal_cards([Card.parse(x) for x in ("H5", "T3", "EX")], [])]
['5♥']
>>> trick_winner([Card.parse(x) for x in ("EX", "H3", "HK", "T1")])
3
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.cards import (
    ALL_SUITS_MASK,
    CARD_RANK,
    CARD_SUIT,
    EXCUSE_BIT,
    KIND_MASKS,
    SUIT_MASKS,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    Card,
    Language,
    Suit,
    cards_of,
    format_cards,
    mask_of,
)

TRUMPS = 4
EXCUSE = 5
NO_LED = -1


def legal_mask(hand: int, trick_len: int, led: int, high_trump: int) -> int:
    """The mask of the legal cards in ``hand`` (rules P2–P7).

    >>> from ascenseur.core.cards import Card, mask_of, cards_of
    >>> hand = mask_of(Card.parse(c) for c in ("T4", "T9", "SK"))
    >>> cards_of(legal_mask(hand, 2, Suit.HEARTS, 7))  # ♥ led, T7 played: overtrump
    [Card.parse('T9')]
    """
    if trick_len == 0:
        # P2: a hand with a suit card must lead a suit card.
        suits = hand & ALL_SUITS_MASK
        return suits if suits else hand
    if led < 0:
        # P4: after an Excuse lead, the second card is free.
        return hand
    if led < TRUMPS:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow | (hand & EXCUSE_BIT)  # P5
    trumps = hand & TRUMP_MASK
    if not trumps:
        return hand  # P6, P7: neither the suit nor a trump: any card
    over = trumps & TRUMPS_ABOVE[high_trump]
    return (over if over else trumps) | (hand & EXCUSE_BIT)  # P6, P7: overtrump if able


def trick_facts(cards: Sequence[int]) -> tuple[int, int]:
    """``(led, high_trump)`` of a trick given its card indices in play order."""
    led = NO_LED
    high = 0
    for index in cards:
        suit = CARD_SUIT[index]
        if suit == EXCUSE:
            continue
        if led < 0:
            led = suit
        if suit == TRUMPS and CARD_RANK[index] > high:
            high = CARD_RANK[index]
    return led, high


def winning_position(cards: Sequence[int]) -> int:
    """The 0-based position of the winning card in a complete trick of card indices (P9)."""
    led, _ = trick_facts(cards)
    best = -1
    best_value = -1
    for position, index in enumerate(cards):
        suit = CARD_SUIT[index]
        if suit == TRUMPS:
            value = 100 + CARD_RANK[index]
        elif suit == led:
            value = CARD_RANK[index]
        else:
            continue  # the Excuse and off-suit discards never win
        if value > best_value:
            best, best_value = position, value
    if best < 0:
        raise ValueError("a trick needs at least one card other than the Excuse")
    return best


def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The legal cards of ``hand`` (deck order) when ``trick`` holds these cards in play order."""
    indices = [card.index for card in trick]
    led, high = trick_facts(indices)
    return cards_of(legal_mask(mask_of(hand), len(indices), led, high))


def trick_winner(trick: Sequence[Card]) -> int:
    """The position (0-based, in play order) of the card that wins a complete trick (P9)."""
    return winning_position([card.index for card in trick])


def why_illegal(
    hand: int, trick_len: int, led: int, high_trump: int, index: int, lang: Language = "en"
) -> tuple[str, str]:
    """``(reason code, explanation)`` for a card of the hand that is not legal here.

    The explanation completes "seat 2 cannot play Q♠ …: ", e.g.
    ``"must follow ♥ hearts (holds 7♥, K♥)"``.
    """
    fr = lang == "fr"
    if trick_len == 0:
        held = cards_of(hand & ALL_SUITS_MASK)
        if fr:
            return "must-lead-suit", (
                "on ne peut entamer d'un atout ni de l'Excuse en gardant une carte de couleur "
                f"(tient {format_cards(held, lang)})"
            )
        return "must-lead-suit", (
            "may not lead a trump or the Excuse while holding a suit card "
            f"(holds {format_cards(held, lang)})"
        )
    suit = Suit(led)
    if led < TRUMPS and hand & SUIT_MASKS[led]:
        held = cards_of(hand & SUIT_MASKS[led])
        if fr:
            return "must-follow", (
                f"doit fournir {suit.display(lang)} (tient {format_cards(held, lang)})"
            )
        return "must-follow", f"must follow {suit.display(lang)} (holds {format_cards(held, lang)})"
    trumps = hand & TRUMP_MASK
    over = trumps & TRUMPS_ABOVE[high_trump]
    if CARD_SUIT[index] == TRUMPS and over:
        held = cards_of(over)
        if fr:
            return "must-overtrump", (
                f"doit monter sur l'atout {high_trump} (tient {format_cards(held, lang)})"
            )
        return "must-overtrump", (
            f"must overtrump trump {high_trump} (holds {format_cards(held, lang)})"
        )
    held = cards_of(over or trumps)
    if led == TRUMPS:
        if fr:
            return "must-follow", f"doit fournir atout (tient {format_cards(held, lang)})"
        return "must-follow", f"must follow trumps (holds {format_cards(held, lang)})"
    if fr:
        return "must-trump", (
            f"n'a pas de {suit.display(lang)} et doit couper (tient {format_cards(held, lang)})"
        )
    return "must-trump", (
        f"has no {suit.display(lang)} and must trump (holds {format_cards(held, lang)})"
    )


__all__ = [
    "KIND_MASKS",
    "NO_LED",
    "TRUMPS",
    "legal_cards",
    "legal_mask",
    "trick_facts",
    "trick_winner",
    "why_illegal",
    "winning_position",
]
