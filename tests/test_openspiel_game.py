"""The OpenSpiel game: loading, chance, actions, random play checked by OpenSpiel, scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra: openspiel)")

import numpy as np  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from ascenseur.core.actions import Bid, Deal, Play  # noqa: E402
from ascenseur.core.cards import Card  # noqa: E402
from ascenseur.core.errors import RulesError  # noqa: E402
from ascenseur.core.rules import SCORING_TABLES, Rules  # noqa: E402
from ascenseur.core.scoring import deal_score  # noqa: E402
from ascenseur.core.state import GameState, Phase  # noqa: E402
from ascenseur.openspiel import GAME_NAME  # noqa: E402
from ascenseur.openspiel.encoding import MY_CARD_ID, action_id  # noqa: E402
from ascenseur.openspiel.game import TarotGame  # noqa: E402
from rule_strategies import rule_sets  # noqa: E402

SMALL = "python_tarot_ascenseur(players=4,max_cards=3)"


def random_game(spec: str, seed: int) -> Any:
    """A finished state of ``spec`` played by uniform chance and uniform random players."""
    rng = random.Random(seed)
    state = pyspiel.load_game(spec).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_load_game_by_name_with_parameters() -> None:
    game = pyspiel.load_game(SMALL)
    assert isinstance(game, TarotGame)
    assert game.num_players() == 4
    assert game.rules == Rules(players=4, max_cards=3)
    assert game.num_distinct_actions() == 156
    assert game.max_chance_outcomes() == 78
    # Schedule 1,2,3,2,1: 9 cards each, 4 players: 5 deals of 4 bids, 36 cards played.
    assert game.max_game_length() == 5 * 4 + 36
    assert (game.min_utility(), game.max_utility()) == (-9.0, 5 * 3 + 2 * 9)


def test_impossible_parameters_are_refused() -> None:
    # Our sentences reach the caller as they are (RulesError is a ValueError).
    with pytest.raises(ValueError, match="players must be 2…10"):
        pyspiel.load_game("python_tarot_ascenseur(players=11)")
    with pytest.raises(ValueError, match="deal must be -1"):
        pyspiel.load_game("python_tarot_ascenseur(players=4,max_cards=3,deal=5)")


def test_the_deal_is_one_chance_node_per_card_from_the_dealers_left() -> None:
    state = pyspiel.load_game("python_tarot_ascenseur(players=3,max_cards=2,deal=1)")
    state = state.new_initial_state()  # deal 1 (k=2) is dealt by seat 1
    cards = ["S1", "S2", "S3", "S4", "S5", "S6"]
    for n, code in enumerate(cards):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 78 - n
        assert all(p == pytest.approx(1 / (78 - n)) for _, p in outcomes)
        state.apply_action(Card.parse(code).index)
    assert state.current_player() == 2
    deal = state.engine.history[-1]
    assert isinstance(deal, Deal)
    assert [[c.code for c in hand] for hand in deal.hands] == [
        ["S2", "S5"],
        ["S3", "S6"],
        ["S1", "S4"],
    ]


def test_actions_are_bids_then_cards_with_readable_names() -> None:
    state = pyspiel.load_game(SMALL).new_initial_state()
    state.apply_action(Card.parse("H10").index)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, Card.parse("H10").index) == ("deal 10♥")
    assert action_id(Bid(2)) == 2
    assert action_id(Play(Card.parse("H10"))) == 78 + Card.parse("H10").index
    assert state.action_to_string(0, 2) == "bid 2"
    assert state.action_to_string(0, action_id(Play(Card.parse("H10")))) == "10♥"
    assert state.action_to_string(0, action_id(Play(Card.parse("EX")))) == "Excuse"


def test_legal_actions_are_the_engines() -> None:
    rng = random.Random(3)
    state = pyspiel.load_game(SMALL).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        expected = [action_id(a) for a in state.engine.legal_actions()]
        assert state.legal_actions() == sorted(expected)
        state.apply_action(rng.choice(expected))


@pytest.mark.parametrize(
    "spec",
    [
        "python_tarot_ascenseur(players=3,max_cards=2)",
        "python_tarot_ascenseur(players=4,max_cards=3,hook=True,first_dealer=2)",
        "python_tarot_ascenseur(players=5,max_cards=4,deal=3)",
    ],
)
def test_openspiel_random_simulation_test_passes(spec: str) -> None:
    # OpenSpiel's own checks: sorted legal actions, clones, chance probabilities, rewards
    # summing to returns, tensor sizes, game length, utility bounds.
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=3, serialize=False, verbose=False)


def test_random_play_by_openspiel_bots_scores_as_the_engine() -> None:
    game = pyspiel.load_game(SMALL)
    bots = [pyspiel.make_uniform_random_bot(seat, 10 + seat) for seat in range(4)]
    rng = random.Random(9)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    # Replay the game's event log in a fresh engine: the same totals, deal by deal.
    replay = GameState.new(Rules(players=4, max_cards=3), first_dealer=0)
    for action in state.engine.history:
        replay.apply(action)
    assert state.returns() == [float(t) for t in replay.totals]
    scoring = replay.rules.scoring
    by_deal = [
        sum(deal_score(scoring, r.bids[s], r.tricks[s]) for r in replay.results) for s in range(4)
    ]
    assert state.returns() == [float(t) for t in by_deal]
    assert len(state.history()) == 36 + 5 * 4 + 36  # every card dealt, bid and played


def test_one_deal_returns_that_deals_score() -> None:
    state = random_game("python_tarot_ascenseur(players=4,max_cards=5,deal=4)", seed=5)
    (result,) = state.engine.results
    assert result.hand_size == 5
    assert state.returns() == [float(s) for s in result.scores]


def test_rewards_add_up_to_the_returns_across_deals() -> None:
    rng = random.Random(12)
    state = pyspiel.load_game(SMALL).new_initial_state()
    summed = [0.0] * 4
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        summed = [a + b for a, b in zip(summed, state.rewards(), strict=True)]
        state.apply_action(rng.choice(state.legal_actions()))
    summed = [a + b for a, b in zip(summed, state.rewards(), strict=True)]
    assert summed == state.returns()


def test_clone_is_independent_and_keeps_the_history() -> None:
    rng = random.Random(4)
    state = pyspiel.load_game(SMALL).new_initial_state()
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history()
    assert copy.engine.history != state.engine.history


# -- house rules (RULES.md §7) ------------------------------------------------------------------


def load(rules: Rules, **params: Any) -> Any:
    return pyspiel.load_game(GAME_NAME, {"rules": rules.to_text(), **params})


@pytest.mark.parametrize(
    "rules",
    [
        Rules(3, 2, schedule="down-up", scoring=SCORING_TABLES["tens"]),  # H1, H2
        Rules(4, schedule=[2, 1, 2], scoring=SCORING_TABLES["tricks-and-ten"]),  # H1 list, H2
        Rules(4, 2, lead_restriction=False, scoring=SCORING_TABLES["ten-and-the-bid"]),  # H3
        Rules(3, 2, bidding="simultaneous"),  # H4
        Rules(4, 2, schedule="down-up", blind_one_card=True),  # H5
    ],
    ids=repr,
)
def test_random_simulation_passes_under_each_house_rule(rules: Rules) -> None:
    game = load(rules)
    assert game.rules == rules
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(max_players=5, max_peak=3), deal=st.integers(-1, 0))
def test_random_simulation_passes_under_random_rule_sets(rules: Rules, deal: int) -> None:
    """OpenSpiel's own checks (legal actions, clones, rewards summing to returns, utility
    bounds from the scoring table, tensor sizes) under any mix of H1–H5."""
    pyspiel.random_sim_test(load(rules, deal=deal), num_sims=2, serialize=False, verbose=False)


def test_utilities_come_from_the_scoring_table() -> None:
    """H2: a table paying every trick (tricks and ten) is bounded by its own numbers."""
    game = load(Rules(4, schedule=[3], scoring=SCORING_TABLES["tricks-and-ten"]))
    assert (game.min_utility(), game.max_utility()) == (0.0, 13.0)
    seed = load(Rules(4, 2))
    assert (seed.min_utility(), seed.max_utility()) == (-4.0, 17.0)  # S1, S2: deals 1, 2, 1


def test_the_rules_parameter_and_the_old_ones_must_agree() -> None:
    rules = Rules(3, 2, hook=True)
    assert load(rules).get_parameters()["players"] == 3
    with pytest.raises(RulesError, match="players is 5 but the rules parameter says 3"):
        load(rules, players=5)
    with pytest.raises(RulesError, match="bidding must be"):
        pyspiel.load_game(GAME_NAME, {"rules": '{"players": 3, "bidding": "loud"}'})


def _to_blind_play(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.engine.phase is not Phase.PLAYING:
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_blind_one_card_deal_is_played_by_my_card_and_hides_the_own_card() -> None:
    """H5: the seat to play has one action, "my card"; its information state names the
    others' cards and never its own."""
    game = load(Rules(3, 1, blind_one_card=True))
    assert game.num_distinct_actions() == MY_CARD_ID + 1
    state = _to_blind_play(game, seed=4)
    seat = state.current_player()
    assert state.legal_actions() == [MY_CARD_ID]
    own = state.engine.hand(seat)[0]
    text = state.information_state_string(seat)
    others = [state.engine.hand(s)[0] for s in range(3) if s != seat]
    assert "hand: -" in text and str(own) not in text.split("seen:")[1]
    assert all(str(card) in text for card in others)
    tensor = np.asarray(state.information_state_tensor(seat))
    twin = state.clone()
    twin.engine._hands[seat] = 1 << (own.index + 1 if own.index < 77 else 0)
    assert np.array_equal(np.asarray(twin.information_state_tensor(seat)), tensor)
    state.apply_action(MY_CARD_ID)
    assert state.engine.history[-1] == Play(own)  # the log names the card (H5)


def test_closed_fists_hide_the_bids_made_before_the_last() -> None:
    """H4: a seat's information state during bidding does not depend on the others' bids."""
    rules = Rules(4, 3, bidding="simultaneous")
    a, b = load(rules).new_initial_state(), load(rules).new_initial_state()
    rng = random.Random(2)
    while a.is_chance_node():
        outcome = rng.choice([o for o, _ in a.chance_outcomes()])
        a.apply_action(outcome)
        b.apply_action(outcome)
    a.apply_action(0)
    b.apply_action(1)
    seat = a.current_player()
    assert a.information_state_string(seat) == b.information_state_string(seat)
    assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
    assert a.observation_string(seat) == b.observation_string(seat)
