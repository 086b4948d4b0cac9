"""A Gymnasium environment: one learning seat, registered bots in every other seat.

It wraps :class:`~ascenseur.rl.env.AscenseurEnv` with a single agent, so it has the same
observations (the tensor and the action mask, from ``observe`` only), the same action ids and
the same rewards. An episode is one whole game.

Gymnasium's ``action_space.sample()`` ignores the mask, so an illegal action does not raise
here unless ``illegal="raise"``: by default it ends the episode (``terminated``) with the worst
total the game allows (every bid missed by the whole hand) as its reward, and the reason
under ``info["illegal_action"]``. Sample with the mask to stay legal:
``env.action_space.sample(obs["action_mask"])``.

Importing this module registers it with Gymnasium as :data:`ENV_ID`, so
``gymnasium.make("ascenseur/Ascenseur-v0", players=3, max_cards=2)`` makes one too.

>>> env = AscenseurGymEnv(players=3, max_cards=2, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> action = env.action_space.sample(obs["action_mask"])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> terminated, truncated
(False, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from ascenseur.bots.base import DEFAULT_BUDGET, Budget
from ascenseur.core.errors import IllegalAction
from ascenseur.core.rules import Rules
from ascenseur.openspiel.utility import utility_bounds
from ascenseur.rl.encoding import ObservationArrays
from ascenseur.rl.env import AscenseurEnv, RewardMode, agent_name, rule_set


class AscenseurGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Seat ``seat`` learns; ``opponents`` (one bot name, or one per other seat in seat order)
    play the others. ``reward`` and ``budget`` are :class:`AscenseurEnv`'s."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        max_cards: int | None = None,
        hook: bool = False,
        *,
        rules: Rules | Mapping[str, Any] | str | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: RewardMode = "deal",
        illegal: Literal["end", "raise"] = "end",
        budget: Budget = DEFAULT_BUDGET,
        render_mode: str | None = None,
    ) -> None:
        table = rule_set(rules, players, max_cards, hook)
        players = table.players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0…{players - 1} for {players} players, not {seat}")
        others = [s for s in range(players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(
                f"opponents names {len(names)} bots for the {len(others)} other seats: "
                "give one name, or one per other seat"
            )
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        self.game = AscenseurEnv(
            rules=table,
            bots=dict(zip(others, names, strict=True)),
            reward=reward,
            budget=budget,
            render_mode=render_mode,
        )
        self.seat = seat
        self.agent = agent_name(seat)
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = self.game.observation_space(self.agent)
        self.action_space = spaces.Discrete(self.game.action_space(self.agent).n)
        # An illegal action ends the game at the worst total the scoring table allows.
        self.illegal_reward = float(utility_bounds(table.scoring, table.schedule)[0])
        self._playing = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObservationArrays, dict[str, Any]]:
        """A new game; the same one for the same ``seed``."""
        super().reset(seed=seed)
        # The game's seed comes from np_random, so that reset() after reset(seed=s) goes on
        # reproducibly, as Gymnasium expects.
        self.game.reset(seed=int(self.np_random.integers(2**63)))
        self._playing = True
        return self.game.observe(self.agent), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObservationArrays, float, bool, bool, dict[str, Any]]:
        """Bid or play ``action``; the bots play until this seat's next turn or the end."""
        if not self._playing:
            raise ValueError("no game in progress (over, or never started): call reset()")
        try:
            self.game.step(action)
        except IllegalAction as err:
            if self.illegal == "raise":
                raise
            self._playing = False
            info = {"illegal_action": str(err)}
            return self.game.observe(self.agent), self.illegal_reward, True, False, info
        observation, reward, terminated, truncated, info = self.game.last()
        self._playing = not (terminated or truncated)
        return observation, float(reward), terminated, truncated, dict(info)

    def render(self) -> str | None:
        return self.game.render()


ENV_ID = "ascenseur/Ascenseur-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="ascenseur.rl.gym:AscenseurGymEnv")

__all__ = ["ENV_ID", "AscenseurGymEnv"]
