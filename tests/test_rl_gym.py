"""The Gymnasium environment, the encoding shared with OpenSpiel, and a policy as an arena bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra: rl)")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra: rl)")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import play_fixed
from ascenseur.bots.base import make_bot
from ascenseur.core.errors import IllegalAction
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.rl.bot import PolicyBot
from ascenseur.rl.encoding import Encoding
from ascenseur.rl.gym import ENV_ID, AscenseurGymEnv


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3, "max_cards": 3},
        {"players": 5, "max_cards": 2, "hook": True, "seat": 4, "opponents": "heuristic"},
        {
            "players": 4,
            "max_cards": 3,
            "reward": "game",
            "opponents": ["random", "heuristic", "random"],
        },
    ],
)
def test_gymnasium_env_checker_passes(config: dict[str, Any]) -> None:
    # Made through the registry, so that the checker can make it again in each render mode.
    check_env(gymnasium.make(ENV_ID, **config).unwrapped)


def episode(env: AscenseurGymEnv, seed: int, actions_seed: int) -> list[Any]:
    rng = random.Random(actions_seed)
    obs, _ = env.reset(seed=seed)
    steps: list[Any] = [obs["observation"].tobytes()]
    while True:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, terminated, truncated, info = env.step(action)
        steps.append((obs["observation"].tobytes(), reward, terminated, truncated, info))
        if terminated:
            return steps


def test_same_seed_same_episode_and_rewards_add_up_to_the_total() -> None:
    env = AscenseurGymEnv(players=4, max_cards=4, hook=True, seat=2, opponents="heuristic")
    first = episode(env, seed=21, actions_seed=1)
    assert first == episode(env, seed=21, actions_seed=1)
    assert first != episode(env, seed=22, actions_seed=1)
    episode(env, seed=21, actions_seed=1)
    assert sum(step[1] for step in first[1:]) == env.game.game_state.totals[2]
    with pytest.raises(ValueError, match="call reset"):
        env.step(np.int64(0))


def test_an_illegal_action_ends_the_episode_with_the_worst_total_and_the_reason() -> None:
    env = AscenseurGymEnv(players=3, max_cards=3)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(np.int64(2))  # a bid of 2 with 1 card
    assert (reward, terminated, truncated) == (-9.0, True, False)  # -(1 + 2 + 3 + 2 + 1)
    assert "cannot bid 2" in info["illegal_action"]
    with pytest.raises(ValueError, match="call reset"):
        env.step(np.int64(0))
    strict = AscenseurGymEnv(players=3, max_cards=3, illegal="raise")
    with pytest.raises(ValueError, match="call reset"):
        strict.step(np.int64(0))
    strict.reset(seed=0)
    with pytest.raises(IllegalAction, match="cannot bid 2"):
        strict.step(np.int64(2))


def test_the_opponents_must_fit_the_table() -> None:
    with pytest.raises(ValueError, match="one per other seat"):
        AscenseurGymEnv(players=4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat must be 0…3"):
        AscenseurGymEnv(players=4, seat=4)


def test_encoding_is_openspiels_observation_tensor() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from ascenseur.openspiel import game as _game  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_tarot_ascenseur(players=4,max_cards=3,hook=true)")
    encoding = Encoding(Rules(players=4, max_cards=3, hook=True))
    rng = random.Random(3)
    compared = 0
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            if not state.is_chance_node():
                for seat in range(4):
                    ours = encoding.encode(observe(state.engine, seat))["observation"]
                    assert np.array_equal(ours, np.array(state.observation_tensor(seat)))
                    compared += 1
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 100


def test_a_policy_plays_in_the_arena_as_a_bot() -> None:
    rules = Rules(players=4, max_cards=3)
    calls: list[int] = []

    def lowest(arrays: dict[str, np.ndarray], rng: random.Random) -> int:
        calls.append(int(arrays["observation"].shape[0]))
        return int(np.flatnonzero(arrays["action_mask"])[0])

    deals = DealSet.generate(rules, seed=5, games=1).games[0]
    bots = [
        make_bot("random"),
        PolicyBot(lowest, name="lowest"),
        make_bot("random"),
        make_bot("random"),
    ]
    rngs = [random.Random(s) for s in range(4)]
    state, _ = play_fixed(rules, deals, bots, rngs)
    assert state.is_terminal()
    assert all(r.bids[1] == 0 for r in state.results)  # the lowest id is always bid 0
    assert set(calls) == {Encoding(rules).size}


def test_a_policy_that_picks_an_illegal_id_is_stopped_by_the_rules() -> None:
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    state.deal(random.Random(1))
    bot = PolicyBot(lambda arrays, rng: 5)  # a bid of 5 with one card
    with pytest.raises(IllegalAction, match="cannot bid 5"):
        state.apply(bot.choose(observe(state, 1), random.Random(0)))
