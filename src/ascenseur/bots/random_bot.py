"""``random``: uniform among the legal bids and cards."""

from __future__ import annotations

import random

from ascenseur.bots.base import Budget
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
        return rng.choice(view.legal_actions)


def make(budget: Budget) -> RandomBot:
    return RandomBot()
