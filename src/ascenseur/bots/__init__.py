"""Bots: players that see only their seat's observation.

A bot is chosen by name (:data:`REGISTRY`); it receives an
:class:`~ascenseur.core.observation.Observation` and a random source, never the game state.
Bots built on other packages register themselves from there: importing
:mod:`ascenseur.openspiel` adds ``openspiel-ismcts`` (the arena does).
"""

from ascenseur.bots.base import DEFAULT_BUDGET, REGISTRY, Bot, Budget, make_bot
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.random_bot import RandomBot

__all__ = [
    "DEFAULT_BUDGET",
    "REGISTRY",
    "Bot",
    "Budget",
    "ExpertBot",
    "HeuristicBot",
    "RandomBot",
    "make_bot",
]
