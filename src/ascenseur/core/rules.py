"""The rule set of a game (rules D1, D4, D5, B3): a frozen value validated once.

>>> Rules(players=4).max_cards
19
>>> Rules(players=4, max_cards=3).schedule
(1, 2, 3, 2, 1)
>>> Rules(players=11)
Traceback (most recent call last):
...
ascenseur.core.errors.RulesError: players must be 2…10 (3…10 for a real table), not 11
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.errors import RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 10


def max_cards_for(players: int) -> int:
    """The largest hand for ``players`` (rule D5): ⌊78 / n⌋."""
    return DECK_SIZE // players


@dataclass(frozen=True, slots=True, init=False)
class Rules:
    """Players (2…10), the peak hand ``max_cards`` (1…⌊78/n⌋, default ⌊78/n⌋), and ``hook``.

    ``hook`` ("screw the dealer", rule B3) forbids the dealer the bid that makes the bids sum
    to the hand size. Invalid settings raise :class:`RulesError` saying what is allowed.
    """

    players: int
    max_cards: int
    hook: bool

    def __init__(self, players: int = 4, max_cards: int | None = None, hook: bool = False) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number 2…10, not {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"players must be 2…10 (3…10 for a real table), not {players}")
        limit = max_cards_for(players)
        if max_cards is None:
            max_cards = limit
        elif isinstance(max_cards, bool) or not isinstance(max_cards, int):
            raise RulesError(f"max_cards must be a whole number 1…{limit}, not {max_cards!r}")
        elif not 1 <= max_cards <= limit:
            raise RulesError(
                f"max_cards must be 1…{limit} for {players} players (⌊78/{players}⌋), "
                f"not {max_cards}"
            )
        if not isinstance(hook, bool):
            raise RulesError(f"hook must be true or false, not {hook!r}")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "max_cards", max_cards)
        object.__setattr__(self, "hook", hook)

    @property
    def schedule(self) -> tuple[int, ...]:
        """Hand sizes deal by deal (rule D4): 1, 2, …, M, M−1, …, 1."""
        m = self.max_cards
        return tuple(range(1, m + 1)) + tuple(range(m - 1, 0, -1))

    @property
    def deal_count(self) -> int:
        """Number of deals in a whole game: 2M − 1."""
        return 2 * self.max_cards - 1

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a record."""
        return {"players": self.players, "max_cards": self.max_cards, "hook": self.hook}

    @staticmethod
    def from_json(data: object) -> Rules:
        """Rules from a record's ``rules`` object; raises :class:`RulesError` with the reason."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object with players, max_cards and hook")
        unknown = sorted(set(data) - {"players", "max_cards", "hook"})
        if unknown:
            raise RulesError(
                f"rules has unknown field(s) {', '.join(unknown)}: "
                "allowed are players, max_cards, hook"
            )
        if "players" not in data:
            raise RulesError("rules.players is missing: say how many players (2…10)")
        max_cards = data.get("max_cards")
        if max_cards is None and "max_cards" in data:
            raise RulesError("rules.max_cards must be a whole number, or be left out for ⌊78/n⌋")
        return Rules(players=data["players"], max_cards=max_cards, hook=data.get("hook", False))


#: Named presets (variants are data, not subclasses).
PRESETS: dict[str, Rules] = {
    "classic-4": Rules(players=4),
    "classic-5": Rules(players=5),
    "hook-4": Rules(players=4, hook=True),
    "short-4": Rules(players=4, max_cards=5),
}
