"""Tarot ascenseur as a PettingZoo AEC environment: one agent per seat that learns.

The seats that ``bots`` names are played inside the environment by registered bots
(:func:`~ascenseur.bots.make_bot`); every other seat ``s`` is the agent ``player_s``. The
deal of the cards is the environment's own chance step. Each agent observes the arrays of
:class:`~ascenseur.rl.encoding.Encoding` built from :func:`~ascenseur.core.observation.observe`
of its seat — the only view builder; nothing here reads another hand for an agent — with the
mask of its legal actions (all zero when it is not its turn). Actions are OpenSpiel's ids:
``Bid(v)`` is ``v``, ``Play(card)`` is ``78 + card.index``, "my card" is 156 (a blind one-card
deal, H5: the seat's only action then); an illegal one raises
:class:`~ascenseur.core.errors.IllegalAction` saying why.

Rewards are points under the rule set's scoring table (rules S1, S2, H2): with
``reward="deal"`` each agent receives its score of a deal when the deal is scored; with
``reward="game"`` its total once the game is over. Either way an agent's rewards add up to
its total.

``reset(seed=s)`` makes the same game for the same ``s`` and the same actions: the deals come
from one stream and each bot seat from its own, all derived from ``s``; without a seed the
next game's seed is drawn from the stream of the last seed given (or from the operating
system's randomness when none was).

>>> env = AscenseurEnv(players=3, max_cards=2, bots={2: "random"})
>>> env.reset(seed=7)
>>> env.possible_agents, env.agent_selection
(['player_0', 'player_1'], 'player_1')
>>> sorted(env.observe("player_0"))
['action_mask', 'observation']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ascenseur.bots.base import DEFAULT_BUDGET, Bot, Budget, make_bot
from ascenseur.core import observation
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.openspiel.encoding import player_action
from ascenseur.rl.encoding import Encoding, ObservationArrays

RewardMode = Literal["deal", "game"]


def rule_set(
    rules: Rules | Mapping[str, Any] | str | None,
    players: int = 4,
    max_cards: int | None = None,
    hook: bool = False,
) -> Rules:
    """The rule set an environment plays: ``rules`` whole (a :class:`Rules`, a record's
    ``rules`` object or its JSON text, read by the one parser), else the three old keywords.

    >>> rule_set('{"players": 3, "schedule": "down-up", "max_cards": 2}').schedule
    (2, 1, 2)
    >>> rule_set(None, 3, 2, True) == Rules(3, 2, True)
    True
    """
    if rules is None:
        return Rules(players=players, max_cards=max_cards, hook=hook)
    if (players, max_cards, hook) != (4, None, False):
        raise ValueError("give the rule set once: rules=, or players/max_cards/hook, not both")
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.from_text(rules)
    return Rules.from_json(dict(rules))


def agent_name(seat: int) -> str:
    """The PettingZoo agent of ``seat``: ``player_0``, ``player_1``…"""
    return f"player_{seat}"


class AscenseurEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A game of Tarot ascenseur; the agents are the seats not played by ``bots``.

        ``rules`` is the rule set whole (a :class:`Rules`, or its JSON: house rules included),
    else ``players``, ``max_cards`` and ``hook`` make one. ``bots`` maps a seat to a registered
    bot's name (made with ``budget``); ``reward`` is
        ``"deal"`` (each deal's points when it is scored) or ``"game"`` (the total at the end).
        ``render_mode="ansi"`` makes :meth:`render` return the table as text.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's class attribute)
        "name": "ascenseur_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        max_cards: int | None = None,
        hook: bool = False,
        *,
        rules: Rules | Mapping[str, Any] | str | None = None,
        bots: Mapping[int, str] | None = None,
        reward: RewardMode = "deal",
        budget: Budget = DEFAULT_BUDGET,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rule_set(rules, players, max_cards, hook)
        n = self.rules.players
        self.bot_names: dict[int, str] = dict(bots or {})
        for seat in self.bot_names:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"bots must map seats 0…{n - 1} to bot names, not seat {seat!r}")
        if len(self.bot_names) == n:
            raise ValueError(f"bots play all {n} seats: leave at least one seat to an agent")
        for name in self.bot_names.values():
            make_bot(name, budget)  # an unknown name fails here, naming the known bots
        if reward not in ("deal", "game"):
            raise ValueError(f"reward must be 'deal' or 'game', not {reward!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.reward_mode: RewardMode = reward
        self.budget = budget
        self.render_mode = render_mode
        self.encoding = Encoding(self.rules)
        self.possible_agents: list[str] = [
            agent_name(s) for s in range(n) if s not in self.bot_names
        ]
        self.seats: dict[str, int] = {agent_name(s): s for s in range(n)}
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: self.encoding.space() for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.encoding.actions) for agent in self.possible_agents
        }
        self._seeder: random.Random | None = None
        self._state = GameState.new(self.rules, first_dealer=0)
        self._deal_rng = random.Random(0)
        self._bots: dict[int, tuple[Bot, random.Random]] = {}
        self._scored = 0

    # -- the spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The game being played, every hidden card included: for tests and analysis only."""
        return self._state

    # -- the API ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the same one for the same ``seed`` (``options`` are not used)."""
        if seed is not None:
            self._seeder = random.Random(seed)
        elif self._seeder is None:
            self._seeder = random.Random()  # seeded from the operating system
        game = self._seeder.getrandbits(64)
        self._deal_rng = random.Random(f"ascenseur-rl/{game}/deals")
        self._bots = {
            seat: (make_bot(name, self.budget), random.Random(f"ascenseur-rl/{game}/seat{seat}"))
            for seat, name in self.bot_names.items()
        }
        n = self.rules.players
        self._state = GameState.new(self.rules, first_dealer=self._deal_rng.randrange(n))
        self._scored = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._advance()

    def observe(self, agent: str) -> ObservationArrays:
        """``agent``'s arrays, from ``observe`` of its seat (new arrays every call)."""
        return self.encoding.encode(observation.observe(self._state, self.seats[agent]))

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the action of :attr:`agent_selection` (None once its game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is the action of an agent whose game is over")
        self._state.apply(player_action(int(action)))  # IllegalAction says why not
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to show")
            return None
        return table_text(observation.observe(self._state, None))

    def close(self) -> None:
        """Nothing to release."""

    # -- the game between the agents' turns ---------------------------------------------------

    def _advance(self) -> None:
        """Deal and let the bots act until an agent must act or the game is over; score."""
        state = self._state
        while True:
            if state.is_chance_node():
                state.deal(self._deal_rng)
                continue
            seat = state.current_seat
            if seat is None or seat not in self._bots:
                break
            bot, rng = self._bots[seat]
            state.apply(bot.choose(observation.observe(state, seat), rng))
        results = state.results
        if self.reward_mode == "deal":
            for result in results[self._scored :]:
                for agent in self.agents:
                    self.rewards[agent] += float(result.scores[self.seats[agent]])
        self._scored = len(results)
        if state.is_terminal():
            for agent in self.agents:
                if self.reward_mode == "game":
                    self.rewards[agent] += float(state.totals[self.seats[agent]])
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            assert seat is not None
            self.agent_selection = agent_name(seat)


def table_text(view: observation.Observation) -> str:
    """One line of what everyone sees: deal, bids, the trick, tricks won, totals."""
    deals = view.rules.deal_count
    if view.current_seat is None and view.deal_index >= deals:
        return "game over · totals " + " ".join(str(t) for t in view.totals)
    bids = " ".join("-" if b is None else str(b) for b in view.bids)
    trick = " ".join(f"{s}:{c}" for s, c in view.trick) or "-"
    return (
        f"deal {view.deal_index + 1}/{deals} · {view.hand_size} card(s) · dealer {view.dealer}"
        f" · seat {view.current_seat} to act · bids {bids} · trick {trick}"
        f" · won {' '.join(map(str, view.tricks_won))}"
        f" · totals {' '.join(map(str, view.totals))}"
    )


__all__ = ["AscenseurEnv", "RewardMode", "agent_name", "table_text"]
