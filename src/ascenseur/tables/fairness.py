"""Fair deals: shuffled by the OS's random source, committed to before the first card.

At each deal of an online table the server shuffles the 78 cards with
:class:`secrets.SystemRandom`, deals them from that order (:func:`hands_from_deck`) and
publishes :func:`commitment` — SHA-256 of a fresh salt and the deck order — before anyone
plays. When the deal ends it reveals the salt and the deck: anyone can then check that the
hands were the ones committed to, so the server could not have changed a deal mid-way.

>>> deck = tuple(card.code for card in DECK)
>>> hands_from_deck(deck, players=3, hand_size=2, dealer=0)
(('S3', 'S6'), ('S1', 'S4'), ('S2', 'S5'))
>>> verify(commitment("00ff", deck), "00ff", deck)
True
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from ascenseur.core.cards import DECK
from ascenseur.core.fairness import commitment, hands_from_deck, verify

#: Bytes of salt: enough that nobody can try every deck order against a commitment.
SALT_BYTES = 16


@dataclass(frozen=True, slots=True)
class FairDeal:
    """The hands of one deal, the deck they came from, its salt and the public commitment."""

    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    salt: str
    commitment: str


def fair_deal(
    *, players: int, hand_size: int, dealer: int, rng: random.Random | None = None
) -> FairDeal:
    """A deal shuffled by ``rng`` (default: the OS's random source), with its commitment."""
    source = rng if rng is not None else secrets.SystemRandom()
    deck = [card.code for card in DECK]
    source.shuffle(deck)
    salt = secrets.token_hex(SALT_BYTES) if rng is None else f"{source.getrandbits(128):032x}"
    hands = hands_from_deck(deck, players=players, hand_size=hand_size, dealer=dealer)
    return FairDeal(hands, tuple(deck), salt, commitment(salt, deck))


__all__ = ["FairDeal", "commitment", "fair_deal", "hands_from_deck", "verify"]
