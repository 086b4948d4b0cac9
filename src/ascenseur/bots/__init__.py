"""Bots: players that see only their seat's observation.

A bot is chosen by name (:data:`REGISTRY`); it receives an
:class:`~ascenseur.core.observation.Observation` and a random source, never the game state.
The package's bots are all registered here, in one place, so that every process knows the
same ones whatever it imported first; :data:`PLAYER_BOTS` are those people play against.
OpenSpiel's ISMCTS (the ``openspiel`` extra) is named by its module, imported when the first
such bot is made: the bots layer does not import the OpenSpiel layer above it.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from ascenseur.bots import expert, heuristic, random_bot
from ascenseur.bots.base import (
    DEFAULT_BUDGET,
    PLAYER_BOTS,
    REGISTRY,
    Bot,
    Budget,
    make_bot,
    register,
)
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.random_bot import RandomBot


def _openspiel_ismcts(budget: Budget) -> Bot:
    """OpenSpiel's ISMCTS on the game's OpenSpiel binding (:mod:`ascenseur.openspiel.bot`)."""
    bot: Bot = import_module("ascenseur.openspiel.bot").IsmctsBot(budget)
    return bot


register("random", for_players=True)(random_bot.make)
register("heuristic", for_players=True)(heuristic.make)
register("expert", for_players=True)(expert.make)
register("expert-pure")(expert.make_pure)
if find_spec("pyspiel") is not None:
    register("openspiel-ismcts")(_openspiel_ismcts)

__all__ = [
    "DEFAULT_BUDGET",
    "PLAYER_BOTS",
    "REGISTRY",
    "Bot",
    "Budget",
    "ExpertBot",
    "HeuristicBot",
    "RandomBot",
    "make_bot",
]
