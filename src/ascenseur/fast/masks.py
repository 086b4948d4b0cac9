"""Card masks for the compiled core: a 78-card mask as two int64 words.

The core's masks are Python ints of 78 bits (:mod:`ascenseur.core.cards`); a machine word has
64. The compiled core splits a mask at the first trump: the *low* word holds the four suits
(deck indices 0…55, 56 bits) and the *high* word the 21 trumps and the Excuse (deck indices
56…77 at bits 0…21). Compiled code names kinds and cards as the core does
(:class:`~ascenseur.core.cards.Suit`, ``EXCUSE_INDEX``, ``DECK_SIZE``): numba reads them as
constants. Both stay below 2**63, so plain signed int64 arithmetic is safe (numba
turns mixed signed/unsigned arithmetic into floats). Iterating the low word then the high
word, each from its lowest bit, visits cards in deck order, as :func:`indices_of` does
(:func:`take_lowest`). The compiled functions here are the word operations every kernel
shares: a card added (:func:`with_card`), looked up (:func:`has_card`), the cards in deck
order (:func:`take_lowest`, :func:`fill_pool`).

>>> from ascenseur.core.cards import CODE_INDEX
>>> split(1 << CODE_INDEX["T1"] | 1 << CODE_INDEX["S2"])
(2, 1)
>>> join(*split(1 << 77 | 5)) == 1 << 77 | 5
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ascenseur.core.cards import CARD_RANK, CARD_SUIT, FIRST_TRUMP, SUIT_SIZE, TRUMP_COUNT
from ascenseur.core.tricks import TRICK_VALUES
from ascenseur.fast._jit import jit_kernel, lowest

#: The arrays the compiled core passes around.
Int64s = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Words = npt.NDArray[np.uint64]

HIGH = FIRST_TRUMP  # deck index of the high word's bit 0 (T1)
LOW_MASK = (1 << FIRST_TRUMP) - 1  # the four suits in the low word
TRUMPS_HIGH = (1 << TRUMP_COUNT) - 1  # the trumps in the high word
EXCUSE_HIGH = 1 << TRUMP_COUNT  # the Excuse in the high word
SUIT_LOW = np.array([((1 << SUIT_SIZE) - 1) << (s * SUIT_SIZE) for s in range(4)], np.int64)
# TRUMPS_ABOVE_HIGH[r]: the trumps strictly higher than trump r, in the high word.
TRUMPS_ABOVE_HIGH = np.array(
    [TRUMPS_HIGH & ~((1 << r) - 1) for r in range(TRUMP_COUNT + 1)], np.int64
)
RANK = np.array(CARD_RANK, np.int64)
KIND = np.array(CARD_SUIT, np.int64)
#: VALUE[led + 1, card]: the trick-winner rule, :data:`ascenseur.core.tricks.TRICK_VALUES`.
VALUE = np.array(TRICK_VALUES, np.int64)


def split(mask: int) -> tuple[int, int]:
    """``(low, high)`` words of a core mask."""
    return mask & LOW_MASK, mask >> HIGH


def join(low: int, high: int) -> int:
    """The core mask of ``(low, high)`` words."""
    return int(low) | int(high) << HIGH


@jit_kernel
def with_card(low: int, high: int, card: int) -> tuple[int, int]:
    """The words ``(low, high)`` with the card of deck index ``card`` added."""
    if card < HIGH:
        return low | 1 << card, high
    return low, high | 1 << (card - HIGH)


@jit_kernel
def has_card(low: int, high: int, card: int) -> bool:
    """Whether the words ``(low, high)`` hold the card of deck index ``card``."""
    if card < HIGH:
        return (low >> card) & 1 == 1
    return (high >> (card - HIGH)) & 1 == 1


@jit_kernel
def take_lowest(low: int, high: int) -> tuple[int, int, int]:
    """The first card of the words ``(low, high)`` (deck order; not both 0), and the words
    without it: ``while low or high: card, low, high = take_lowest(low, high)`` visits the
    cards in deck order. A loop over one word at a time skips its test a card: the
    play-out policy's innermost loops (:mod:`~ascenseur.fast.play`) keep that form."""
    if low:
        return lowest(low), low & (low - 1), high
    return HIGH + lowest(high), low, high & (high - 1)


@jit_kernel
def fill_pool(low: int, high: int, pool: Int64s) -> int:
    """Write the cards of ``(low, high)`` into ``pool`` in deck order; return how many."""
    size = 0
    while low:
        pool[size] = lowest(low)
        low &= low - 1
        size += 1
    while high:
        pool[size] = HIGH + lowest(high)
        high &= high - 1
        size += 1
    return size


def split_all(masks: list[int] | tuple[int, ...]) -> Int64s:
    """An ``(len(masks), 2)`` int64 array of ``(low, high)`` words."""
    out = np.empty((len(masks), 2), np.int64)
    for i, mask in enumerate(masks):
        out[i, 0] = mask & LOW_MASK
        out[i, 1] = mask >> HIGH
    return out
