"""A bot slow enough that a game is still being played when a test looks: for the cluster tests
(``tests/test_arena_cluster.py``), which kill a worker in the middle of a game. Its module is not
installed, so on a Ray cluster it travels with the tasks."""

from __future__ import annotations

import random
import time

from ascenseur.bots.random_bot import RandomBot
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation

#: Seconds each decision waits before it is made.
PAUSE = 0.004


class SlowRandomBot:
    """The random bot, waiting :data:`PAUSE` before each decision: the same choices, later."""

    name = "slow-random"

    def __init__(self) -> None:
        self.inner = RandomBot()

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        time.sleep(PAUSE)
        return self.inner.choose(view, rng)


def make() -> SlowRandomBot:
    return SlowRandomBot()
