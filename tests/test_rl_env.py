"""The PettingZoo environment: the API, seeding, rewards, and views that hide what they must."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra: rl)")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra: rl)")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from ascenseur.core.actions import Deal
from ascenseur.core.cards import DECK, DECK_SIZE
from ascenseur.core.errors import IllegalAction, RulesError
from ascenseur.core.observation import observe
from ascenseur.core.rules import SCORING_TABLES, Rules
from ascenseur.core.state import GameState
from ascenseur.openspiel.encoding import MY_CARD_ID
from ascenseur.rl.env import AscenseurEnv
from rule_strategies import rule_sets

CONFIGS: dict[str, dict[str, Any]] = {
    "3 players": {"players": 3, "max_cards": 3},
    "5 players, hook, two bots": {
        "players": 5,
        "max_cards": 3,
        "hook": True,
        "bots": {1: "heuristic", 3: "random"},
    },
    "4 players, hook, game reward": {"players": 4, "max_cards": 2, "hook": True, "reward": "game"},
    "10 players, whole game, one bot": {"players": 10, "bots": {9: "heuristic"}},
    "2 players": {"players": 2, "max_cards": 4},
    # RULES.md §7: the rule set whole, house rules included (H1–H5).
    "tens, down-up, closed fists": {
        "rules": Rules(
            3, 3, schedule="down-up", scoring=SCORING_TABLES["tens"], bidding="simultaneous"
        ),
        "bots": {2: "heuristic"},
    },
    "blind one-card deals, list schedule, any lead, JSON": {
        "rules": '{"players": 4, "schedule": [1, 2, 1], "blind_one_card": true, '
        '"lead_restriction": false, "scoring": {"per_trick": 1}}',
        "bots": {0: "random"},
    },
}

# PettingZoo's api_test advises a flat observation unless the environment is one of its own
# classic games (listed by name): a dict with an action mask is what those games use too.
DICT_OBSERVATION_ADVICE = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


def play_randomly(env: AscenseurEnv, seed: int) -> list[tuple[str, Any, float, bool]]:
    """Every (agent, arrays, reward, terminated) of a game with legal random actions."""
    rng = random.Random(seed)
    seen = []
    for agent in env.agent_iter():
        arrays, reward, terminated, truncated, _ = env.last()
        seen.append((agent, arrays, reward, terminated))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(arrays["action_mask"]).tolist()))
    return seen


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
@pytest.mark.filterwarnings(*DICT_OBSERVATION_ADVICE)
def test_pettingzoo_api_test_passes(config: dict[str, Any]) -> None:
    api_test(AscenseurEnv(**config, render_mode="ansi"), num_cycles=60)


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_pettingzoo_seed_test_passes(config: dict[str, Any]) -> None:
    seed_test(lambda: AscenseurEnv(**config), num_cycles=60)


def test_same_seed_same_game_and_another_seed_another() -> None:
    def run(seed: int) -> list[tuple[str, Any, float, bool]]:
        env = AscenseurEnv(players=4, max_cards=3, bots={2: "heuristic"})
        env.reset(seed=seed)
        return play_randomly(env, seed=99)

    first, again, other = run(11), run(11), run(12)
    assert len(first) == len(again)
    for (a1, o1, r1, t1), (a2, o2, r2, t2) in zip(first, again, strict=True):
        assert (a1, r1, t1) == (a2, r2, t2)
        assert np.array_equal(o1["observation"], o2["observation"])
        assert np.array_equal(o1["action_mask"], o2["action_mask"])
    hands = [o["observation"][:300].tobytes() for _, o, _, _ in first]
    assert hands != [o["observation"][:300].tobytes() for _, o, _, _ in other][: len(hands)]


def test_reset_without_a_seed_goes_on_from_the_last_seed() -> None:
    def openings(env: AscenseurEnv) -> list[bytes]:
        env.reset(seed=5)
        out = [env.observe(env.agent_selection)["observation"].tobytes()]
        for _ in range(3):
            env.reset()
            out.append(env.observe(env.agent_selection)["observation"].tobytes())
        return out

    first = openings(AscenseurEnv(players=3, max_cards=4))
    assert first == openings(AscenseurEnv(players=3, max_cards=4))
    assert len(set(first)) == len(first)


@pytest.mark.parametrize("reward", ["deal", "game"])
def test_rewards_add_up_to_each_seats_total(reward: Any) -> None:
    env = AscenseurEnv(players=4, max_cards=4, hook=True, bots={0: "heuristic"}, reward=reward)
    for seed in range(3):
        env.reset(seed=seed)
        received = dict.fromkeys(env.possible_agents, 0.0)
        rewarded_turns = 0
        for agent, _, got, _ in play_randomly(env, seed):
            received[agent] += got
            rewarded_turns += got != 0
        state = env.game_state
        assert state.is_terminal()
        assert received == {a: float(state.totals[env.seats[a]]) for a in env.possible_agents}
        # "deal" pays as the deals are scored, "game" only at the end.
        assert (rewarded_turns > len(env.possible_agents)) == (reward == "deal")


def test_bot_seats_are_not_agents_and_play_by_themselves() -> None:
    env = AscenseurEnv(players=5, max_cards=2, bots={0: "random", 4: "heuristic"})
    env.reset(seed=3)
    assert env.possible_agents == ["player_1", "player_2", "player_3"]
    assert {agent for agent, *_ in play_randomly(env, 3)} == set(env.possible_agents)
    assert len(env.game_state.results) == 3  # every deal was played to the end


def test_an_illegal_action_raises_and_says_why() -> None:
    env = AscenseurEnv(players=3, max_cards=3)
    env.reset(seed=1)
    state = env.game_state
    with pytest.raises(IllegalAction, match="cannot bid 3"):
        env.step(3)  # the first deal has one card
    assert state.bids == (None, None, None)
    card = next(c for c in DECK if c.index not in [x.index for x in state.hand(0)])
    with pytest.raises(IllegalAction, match="must bid first"):
        env.step(78 + card.index)


def test_bad_settings_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="leave at least one seat"):
        AscenseurEnv(players=3, bots={0: "random", 1: "random", 2: "random"})
    with pytest.raises(ValueError, match="no bot called 'nobody'"):
        AscenseurEnv(players=3, bots={0: "nobody"})
    with pytest.raises(ValueError, match="seats 0…2"):
        AscenseurEnv(players=3, bots={3: "random"})
    with pytest.raises(ValueError, match="reward must be"):
        AscenseurEnv(players=3, reward="win")  # type: ignore[arg-type]


def cards_shown(env: AscenseurEnv, arrays: Any) -> set[int]:
    pieces = env.encoding.pieces(arrays["observation"])
    shown = np.flatnonzero(pieces["hand"] + pieces["played"] + pieces["trick"].sum(axis=0))
    return set(shown.tolist())


def test_observations_never_show_a_card_the_seat_cannot_see() -> None:
    env = AscenseurEnv(players=4, max_cards=5, hook=True)
    checked = 0
    for seed in range(4):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while env.agents:
            state = env.game_state
            played = set(state.played_indices)
            for agent in env.agents:
                seat = env.seats[agent]
                arrays = env.observe(agent)
                own = {c.index for c in state.hand(seat)}
                hidden = {c.index for s in range(4) if s != seat for c in state.hand(s)}
                pieces = env.encoding.pieces(arrays["observation"])
                assert set(np.flatnonzero(pieces["hand"]).tolist()) == own
                assert cards_shown(env, arrays) <= own | played
                assert not cards_shown(env, arrays) & hidden
                checked += 1
            arrays, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(arrays["action_mask"]).tolist()))
    assert checked > 500


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same game, except that the cards ``seat`` has not seen lie elsewhere.

    The other seats keep the cards they have played in this deal; their unplayed cards and the
    undealt ones are dealt again at random. None if a card played no longer follows the rules.
    """
    log = state.deal_logs()[-1]
    n = state.players
    held = [{c.index for c in state.hand(s)} for s in range(n)]
    dealt = [{c.index for c in h} for h in log.hands]
    played = [dealt[s] - held[s] for s in range(n)]
    seen = dealt[seat] | {c.index for c in log.cards}
    pool = [i for i in range(DECK_SIZE) if i not in seen]
    rng.shuffle(pool)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(log.hands[s])
            continue
        fresh, pool = pool[: len(held[s])], pool[len(held[s]) :]
        hands.append(tuple(DECK[i] for i in sorted(played[s]) + fresh))
    history = list(state.history)
    last_deal = max(i for i, a in enumerate(history) if isinstance(a, Deal))
    history[last_deal] = Deal(tuple(hands))
    other = GameState.new(state.rules, first_dealer=state.first_dealer)
    try:
        for action in history:
            other.apply(action)
    except IllegalAction:
        return None
    return other


def test_observations_do_not_change_when_the_hidden_cards_move() -> None:
    env = AscenseurEnv(players=4, max_cards=6)
    rng = random.Random(8)
    compared = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents:
            arrays, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            state = env.game_state
            for agent in env.agents:
                seat = env.seats[agent]
                other = reshuffle_hidden(state, seat, rng)
                if other is None:
                    continue
                moved = env.encoding.encode(observe(other, seat))
                mine = env.observe(agent)
                assert np.array_equal(moved["observation"], mine["observation"])
                assert np.array_equal(moved["action_mask"], mine["action_mask"])
                compared += any(other.hand(s) != state.hand(s) for s in range(4))
            env.step(rng.choice(np.flatnonzero(arrays["action_mask"]).tolist()))
    assert compared > 200  # positions where some hidden card really moved


def test_render_shows_the_table_as_a_spectator_sees_it() -> None:
    env = AscenseurEnv(players=3, max_cards=2, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None and text.startswith("deal 1/3 · 1 card(s)")
    hands = [c for s in range(3) for c in env.game_state.hand(s)]
    assert not any(str(card) in text for card in hands)
    play_randomly(env, 4)
    assert env.render() == "game over · totals " + " ".join(map(str, env.game_state.totals))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(max_players=5, max_peak=3), bots=st.booleans())
@pytest.mark.filterwarnings(*DICT_OBSERVATION_ADVICE)
def test_pettingzoo_api_test_passes_under_random_rule_sets(rules: Rules, bots: bool) -> None:
    api_test(AscenseurEnv(rules=rules, bots={0: "random"} if bots else None), num_cycles=30)


def test_rewards_are_the_scoring_tables_points() -> None:
    """H2: the reward of a deal is its score under the rule set's table."""
    rules = Rules(3, 2, scoring=SCORING_TABLES["tricks-and-ten"])
    env = AscenseurEnv(rules=rules, reward="deal")
    env.reset(seed=3)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    rng = random.Random(3)
    for agent in env.agent_iter():
        arrays, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(arrays["action_mask"]).tolist()))
    state = env.game_state
    for seat, agent in enumerate(env.possible_agents):
        expected = sum(rules.scoring.points(r.bids[seat], r.tricks[seat]) for r in state.results)
        assert rewards[agent] == expected == state.totals[seat]


def test_a_blind_seat_has_my_card_in_its_mask_and_not_its_card() -> None:
    """H5: in a blind one-card deal the mask holds "my card" only, and the observation holds
    the others' cards (``seen``), not the seat's own."""
    env = AscenseurEnv(rules=Rules(3, 1, blind_one_card=True))
    env.reset(seed=1)
    for agent in env.agent_iter():
        arrays, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state, seat = env.game_state, env.seats[agent]
        pieces = env.encoding.pieces(arrays["observation"])
        assert pieces["hand"].sum() == 0
        own = state.hand(seat)[0]
        assert pieces["seen"][:, own.index].sum() == 0
        assert pieces["seen"].sum() == sum(len(state.hand(s)) for s in range(3) if s != seat)
        legal = np.flatnonzero(arrays["action_mask"]).tolist()
        if state.phase.value == "playing":
            assert legal == [MY_CARD_ID]
        env.step(legal[0])


def test_the_rule_set_is_given_once() -> None:
    with pytest.raises(ValueError, match="give the rule set once"):
        AscenseurEnv(3, rules=Rules(3))
    with pytest.raises(RulesError, match="schedule must be one of"):
        AscenseurEnv(rules={"players": 3, "schedule": "zigzag"})
