"""Registers ``openspiel-ismcts`` in the bot registry when OpenSpiel is installed.

Cheap to import: it only asks whether ``pyspiel`` can be found; OpenSpiel itself is imported
when the first such bot is made.
"""

from __future__ import annotations

from importlib.util import find_spec

from ascenseur.bots.base import Bot, Budget, register

AVAILABLE = find_spec("pyspiel") is not None

if AVAILABLE:

    @register("openspiel-ismcts")
    def _make(budget: Budget) -> Bot:
        from ascenseur.openspiel.bot import IsmctsBot

        return IsmctsBot(budget)


__all__ = ["AVAILABLE"]
