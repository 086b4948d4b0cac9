"""The 78 tarot cards (rules C1–C4), their codes and their bit masks.

Each card has an index 0…77 in *deck order*: spades 1…King, hearts, diamonds, clubs (14 each),
then trumps 1…21 (atouts), then the Excuse. A set of cards is an ``int`` whose bit ``i`` stands
for the card of index ``i``; hands, tricks and "cards seen" are such masks, which is what makes
legality a handful of ``&`` and ``|``.

>>> Card.parse("H10")
Card.parse('H10')
>>> str(Card.parse("H10")), Card.parse("T21").display("fr"), str(EXCUSE)
('10♥', 'atout 21', 'Excuse')
>>> [c.code for c in cards_of(mask_of([Card.parse("T3"), Card.parse("S1")]))]
['S1', 'T3']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ascenseur.core.errors import CardError

Language = Literal["en", "fr"]


class Suit(enum.IntEnum):
    """The kind of a card: one of the four suits (couleurs), the trumps (atouts) or the Excuse."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    TRUMPS = 4
    EXCUSE = 5

    @property
    def letter(self) -> str:
        """The letter used in card codes (``S H D C T``; ``EX`` for the Excuse)."""
        return "SHDCTE"[self]

    @property
    def symbol(self) -> str:
        """The symbol people know (``♠ ♥ ♦ ♣``; ``atout``/``trump``; ``Excuse``)."""
        return ("♠", "♥", "♦", "♣", "T", "Excuse")[self]

    def display(self, lang: Language = "en") -> str:
        """The suit's name for people, in English or French."""
        if lang == "fr":
            return ("♠ pique", "♥ cœur", "♦ carreau", "♣ trèfle", "atout", "Excuse")[self]
        return ("♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs", "trumps", "Excuse")[self]


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: :attr:`Suit.TRUMPS` and :attr:`Suit.EXCUSE` as plain ints, for the hot loops that compare
#: kinds read from :data:`CARD_SUIT` (an enum attribute costs five times an int global there).
TRUMP_KIND = int(Suit.TRUMPS)
EXCUSE_KIND = int(Suit.EXCUSE)
SUIT_SIZE = 14
TRUMP_COUNT = 21
DECK_SIZE = 78
FIRST_TRUMP = 4 * SUIT_SIZE  # index of T1
EXCUSE_INDEX = DECK_SIZE - 1

_RANK_CODES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
_RANK_EN = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
_RANK_FR = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R")

# Per-index tables: the hot paths read these rather than Card attributes.
CARD_SUIT: tuple[int, ...] = tuple(
    [i // SUIT_SIZE for i in range(FIRST_TRUMP)] + [Suit.TRUMPS] * TRUMP_COUNT + [Suit.EXCUSE]
)
CARD_RANK: tuple[int, ...] = tuple(
    [i % SUIT_SIZE + 1 for i in range(FIRST_TRUMP)] + list(range(1, TRUMP_COUNT + 1)) + [0]
)
CARD_CODE: tuple[str, ...] = tuple(
    [Suit(i // SUIT_SIZE).letter + _RANK_CODES[i % SUIT_SIZE + 1] for i in range(FIRST_TRUMP)]
    + [f"T{r}" for r in range(1, TRUMP_COUNT + 1)]
    + ["EX"]
)
CODE_INDEX: dict[str, int] = {code: i for i, code in enumerate(CARD_CODE)}

SUIT_MASKS: tuple[int, ...] = tuple(((1 << SUIT_SIZE) - 1) << (s * SUIT_SIZE) for s in range(4))
ALL_SUITS_MASK = (1 << FIRST_TRUMP) - 1
TRUMP_MASK = ((1 << TRUMP_COUNT) - 1) << FIRST_TRUMP
EXCUSE_BIT = 1 << EXCUSE_INDEX
FULL_DECK_MASK = (1 << DECK_SIZE) - 1
KIND_MASKS: tuple[int, ...] = (*SUIT_MASKS, TRUMP_MASK, EXCUSE_BIT)
# TRUMPS_ABOVE[r]: the trumps strictly higher than trump r (r = 0: every trump).
TRUMPS_ABOVE: tuple[int, ...] = tuple(
    TRUMP_MASK & ~((1 << (FIRST_TRUMP + r)) - 1) for r in range(TRUMP_COUNT + 1)
)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One of the 78 cards, identified by its deck-order index.

    Build cards with :meth:`parse` (``"S1"``…``"SK"``, ``"T1"``…``"T21"``, ``"EX"``) or
    :meth:`from_index`; ``str()`` shows the card as people know it, ``repr()`` pastes back.
    """

    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < DECK_SIZE:
            raise CardError(f"card index must be an integer 0…77, not {self.index!r}")

    @staticmethod
    def parse(code: str) -> Card:
        """The card with this code; raises :class:`CardError` naming the allowed codes."""
        index = CODE_INDEX.get(code) if isinstance(code, str) else None
        if index is None:
            raise CardError(
                f"{code!r} is not a card code: use S/H/D/C then 1-10, J, N, Q or K "
                "(e.g. H10, DN), T1…T21 for trumps, or EX for the Excuse"
            )
        return DECK[index]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card of this deck-order index (0…77)."""
        if not 0 <= index < DECK_SIZE:
            raise CardError(f"card index must be 0…77, not {index}")
        return DECK[index]

    @property
    def code(self) -> str:
        """The record/wire code, e.g. ``"H10"``, ``"T21"``, ``"EX"``."""
        return CARD_CODE[self.index]

    @property
    def suit(self) -> Suit:
        """The card's kind: a suit, :attr:`Suit.TRUMPS` or :attr:`Suit.EXCUSE`."""
        return Suit(CARD_SUIT[self.index])

    @property
    def rank(self) -> int:
        """1…14 in a suit (11 Jack … 14 King), 1…21 for a trump, 0 for the Excuse."""
        return CARD_RANK[self.index]

    @property
    def bit(self) -> int:
        """The card's bit in a card mask."""
        return 1 << self.index

    @property
    def is_trump(self) -> bool:
        return self.index >= FIRST_TRUMP and self.index != EXCUSE_INDEX

    @property
    def is_excuse(self) -> bool:
        return self.index == EXCUSE_INDEX

    def display(self, lang: Language = "en") -> str:
        """The card for people: ``10♥``, ``N♦``/``C♦``, ``trump 21``/``atout 21``, ``Excuse``."""
        suit = CARD_SUIT[self.index]
        rank = CARD_RANK[self.index]
        if suit == Suit.EXCUSE:
            return "Excuse"
        if suit == Suit.TRUMPS:
            return f"atout {rank}" if lang == "fr" else f"trump {rank}"
        names = _RANK_FR if lang == "fr" else _RANK_EN
        return names[rank] + Suit(suit).symbol

    def __str__(self) -> str:
        return self.display("en")

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


DECK: tuple[Card, ...] = tuple(object.__new__(Card) for _ in range(DECK_SIZE))
for _i, _card in enumerate(DECK):
    object.__setattr__(_card, "index", _i)
EXCUSE = DECK[EXCUSE_INDEX]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask holding these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices_of(mask: int) -> list[int]:
    """The indices of the cards in a mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in deck order."""
    return [DECK[i] for i in indices_of(mask)]


def format_cards(cards: Iterable[Card], lang: Language = "en") -> str:
    """Cards for people, comma-separated: ``7♥, K♥``."""
    return ", ".join(card.display(lang) for card in cards)
