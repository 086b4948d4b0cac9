"""A trained policy as an arena bot: it sees the arrays the environments give, nothing more.

A policy is a function of a seat's arrays (:class:`~ascenseur.rl.encoding.Encoding` of the
view the bot receives) and of the bot's random source, returning an action id. Register a
factory under a name, and every command that takes a bot name in this process can use it::

    from ascenseur.bots.base import register

    @register("my-agent")
    def _make(budget):
        return PolicyBot(my_policy, name="my-agent")

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> first_legal = lambda arrays, rng: int(arrays["action_mask"].argmax())
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(1))
>>> PolicyBot(first_legal).choose(observe(state, 1), random.Random(0))
Bid(0)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Rules
from ascenseur.openspiel.encoding import player_action
from ascenseur.rl.encoding import Encoding, ObservationArrays

Policy = Callable[[ObservationArrays, random.Random], int]


class PolicyBot:
    """Plays the action id ``policy`` picks from the arrays of the view.

    What it returns is checked where every action is, when the game applies it: an id that
    is not legal fails with :class:`~ascenseur.core.errors.IllegalAction` saying why.
    """

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name
        self._encodings: dict[Rules, Encoding] = {}

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        encoding = self._encodings.get(view.rules)
        if encoding is None:
            encoding = self._encodings[view.rules] = Encoding(view.rules)
        return player_action(int(self.policy(encoding.encode(view), rng)))


__all__ = ["Policy", "PolicyBot"]
