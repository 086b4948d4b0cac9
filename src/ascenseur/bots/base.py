"""The one bot interface, and the registry that names bots.

Bots outside the package are named by ``module:factory`` where the person running the program
names them (:mod:`ascenseur.bots.outside`: the arena).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ascenseur.core.actions import PlayerAction
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation

#: "As many iterations as the time allows" (a budget with seconds and no iterations).
UNBOUNDED = 1 << 40


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a searching bot may think per decision: iterations and/or seconds.

    ``iterations`` (e.g. sampled worlds or rollouts) keeps a bot deterministic given its seed;
    ``seconds`` caps the wall-clock time (None: no limit). With neither, a searching bot uses
    its own default number of iterations (the expert: 10,000 play-outs; openspiel-ismcts: 1000
    simulations); with ``seconds`` alone it searches until the time is up (that is how bots
    are compared at equal time). Bots that do not search ignore the budget.
    """

    iterations: int | None = None
    seconds: float | None = None

    def iterations_or(self, default: int) -> int:
        """The iterations to run: the budget's own, else unbounded when only ``seconds`` is
        set (the clock decides), else the bot's ``default``."""
        if self.iterations is not None:
            return self.iterations
        return UNBOUNDED if self.seconds is not None else default


#: No budget given: each searching bot thinks as much as its own default.
DEFAULT_BUDGET = Budget()


class Bot(Protocol):
    """A player program. It decides from its seat's view only; same seed, same decision."""

    name: str

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        """The bid or card to play (or "my card" in a blind deal, H5); ``view.legal_actions``
        lists what is allowed."""
        ...


def forced(view: Observation) -> PlayerAction | None:
    """The one legal action when there is no choice, else None; raises ValueError when it is
    not the view's seat to act (a bot asked to choose then has nothing to choose from)."""
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
    return legal[0] if len(legal) == 1 else None


BotFactory = Callable[[Budget], Bot]
#: Every bot by name. The package's own are registered in one place,
#: :mod:`ascenseur.bots` (whatever was imported first, every process knows the same ones);
#: a program may add its own with :func:`register`.
REGISTRY: dict[str, BotFactory] = {}
#: The bots people play against (the browser offers them as levels), weakest first; the
#: others are for analysis (the pure-Python reference, OpenSpiel's ISMCTS).
PLAYER_BOTS: list[str] = []


def register(name: str, *, for_players: bool = False) -> Callable[[BotFactory], BotFactory]:
    """Register a bot factory (called with the budget) under ``name``; ``for_players``: a
    level people are offered to play against."""

    def deco(factory: BotFactory) -> BotFactory:
        REGISTRY[name] = factory
        if for_players and name not in PLAYER_BOTS:
            PLAYER_BOTS.append(name)
        return factory

    return deco


def make_bot(name: str, budget: Budget = DEFAULT_BUDGET) -> Bot:
    """A new bot of the registered kind ``name``; raises a clear error naming the known bots.

    Only registered names: a name that comes from a client can never make the process import
    anything (:func:`ascenseur.bots.outside.load_bot` is for names that the person running the
    program typed).
    """
    factory = REGISTRY.get(name)
    if factory is None:
        known = ", ".join(sorted(REGISTRY))
        raise AscenseurError(
            f"there is no bot called {name!r}: choose one of {known}", code="bad-bot"
        )
    return factory(budget)
