"""Fair deals, checkable by anyone: a deck order, its salt, and the commitment to both.

Before the first card of a deal an online table publishes SHA-256(salt ``:`` deck) — the
deck order the hands were dealt from, card ``i`` to seat ``(dealer + 1 + i) mod n``. When the
deal ends it reveals the salt and the deck; a record may carry all three per deal
(``fairness``), and :func:`ascenseur.core.record.check` verifies every one it finds.

>>> deck = tuple(card.code for card in DECK)
>>> hands_from_deck(deck, players=3, hand_size=2, dealer=0)
(('S3', 'S6'), ('S1', 'S4'), ('S2', 'S5'))
>>> verify(commitment("00ff", deck), "00ff", deck)
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from ascenseur.core.cards import DECK


@dataclass(frozen=True, slots=True)
class Fairness:
    """A deal's commitment and what it promised: the salt and the deck order."""

    commitment: str
    salt: str
    deck: tuple[str, ...]


def hands_from_deck(
    deck: Sequence[str], *, players: int, hand_size: int, dealer: int
) -> tuple[tuple[str, ...], ...]:
    """Deal ``hand_size`` cards each from the top of ``deck``, one at a time, left of the
    dealer first: card ``i`` goes to seat ``(dealer + 1 + i) mod players``."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(players * hand_size):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return tuple(tuple(hand) for hand in hands)


def commitment(salt: str, deck: Sequence[str]) -> str:
    """SHA-256 (hex) of ``salt``, a colon and the deck's codes separated by spaces."""
    return hashlib.sha256(f"{salt}:{' '.join(deck)}".encode()).hexdigest()


def verify(promised: str, salt: str, deck: Sequence[str]) -> bool:
    """Whether ``salt`` and ``deck`` are what ``promised`` committed to."""
    return hmac.compare_digest(promised.encode(), commitment(salt, deck).encode())


__all__ = ["DECK", "Fairness", "commitment", "hands_from_deck", "verify"]
