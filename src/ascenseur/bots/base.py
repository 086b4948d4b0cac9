"""The one bot interface, and the registry that names bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ascenseur.core.actions import Bid, Play
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation


class Bot(Protocol):
    """A player program. It decides from its seat's view only; same seed, same decision."""

    name: str

    def choose(self, view: Observation, rng: random.Random) -> Bid | Play:
        """The bid or card to play; ``view.legal_actions`` lists what is allowed."""
        ...


REGISTRY: dict[str, Callable[[], Bot]] = {}


def register(name: str) -> Callable[[Callable[[], Bot]], Callable[[], Bot]]:
    """Register a bot factory under ``name``."""

    def deco(factory: Callable[[], Bot]) -> Callable[[], Bot]:
        REGISTRY[name] = factory
        return factory

    return deco


def make_bot(name: str) -> Bot:
    """A new bot of the named kind; raises a clear error naming the known bots."""
    factory = REGISTRY.get(name)
    if factory is None:
        known = ", ".join(sorted(REGISTRY))
        raise AscenseurError(
            f"there is no bot called {name!r}: choose one of {known}", code="bad-bot"
        )
    return factory()
