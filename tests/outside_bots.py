"""Bots defined outside the package, for ``ascenseur arena --candidate outside_bots:…``."""

from __future__ import annotations

import random

from ascenseur.bots.base import Budget
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation

#: Not callable: naming it as a factory is an error.
VERSION = 3

made_with: list[Budget] = []


class LowestBot:
    """Bids 0 when it may and plays the first legal card: easy to tell from ``random``."""

    name = "lowest"

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        return view.legal_actions[0]


def make(budget: Budget) -> LowestBot:
    made_with.append(budget)
    return LowestBot()


def not_a_bot() -> int:
    return 42


def wants_two(budget: Budget, strength: int) -> LowestBot:
    return LowestBot()


def fails() -> LowestBot:
    raise RuntimeError("no weights file")
