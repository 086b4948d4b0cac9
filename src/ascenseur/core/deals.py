"""One deal as a record states it: the one value for "what happened in a deal".

The game state gives every deal so far as a :class:`DealRecord` (:meth:`GameState.deal_logs`);
a record (:mod:`ascenseur.core.record`) is a list of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascenseur.core.cards import Card
from ascenseur.core.fairness import Fairness


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of a record: its dealer, the hands dealt, the bids, the cards played."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int | None, ...]
    cards: tuple[Card, ...]
    fairness: Fairness | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[c.code for c in hand] for hand in self.hands],
            "bids": list(self.bids),
            "cards": [c.code for c in self.cards],
        }
        if self.fairness is not None:
            fair = self.fairness
            data["fairness"] = {
                "commitment": fair.commitment,
                "salt": fair.salt,
                "deck": list(fair.deck),
            }
        return data


__all__ = ["DealRecord"]
