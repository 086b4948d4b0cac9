"""OpenSpiel's ISMCTS on our game, and the arena bot ``openspiel-ismcts``."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra: openspiel)")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ascenseur.bots import REGISTRY, Budget, make_bot  # noqa: E402
from ascenseur.bots.base import UNBOUNDED  # noqa: E402
from ascenseur.core.actions import Bid  # noqa: E402
from ascenseur.core.observation import (  # noqa: E402
    Observation,
    observe,
)
from ascenseur.core.rules import Rules  # noqa: E402
from ascenseur.core.state import GameState  # noqa: E402
from ascenseur.openspiel import game as _game  # noqa: E402, F401  (registers the game)
from ascenseur.openspiel.bot import IsmctsBot, TimedIsmcts  # noqa: E402


def test_openspiel_ismcts_plays_a_whole_small_game() -> None:
    game = pyspiel.load_game("python_tarot_ascenseur(players=3,max_cards=2)")
    bots = [
        ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)),
            2.0,
            20,
            random_state=np.random.RandomState(10 + seat),
        )
        for seat in range(3)
    ]
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            action = int(bots[state.current_player()].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
    assert len(state.engine.results) == 3
    assert state.returns() == [float(t) for t in state.engine.totals]


def test_arena_bot_is_registered() -> None:
    assert "openspiel-ismcts" in REGISTRY


def test_arena_bot_plays_a_game_from_observations_only() -> None:
    bot = make_bot("openspiel-ismcts", Budget(iterations=20))
    rng = random.Random(6)
    state = GameState.new(Rules(players=4, max_cards=3), first_dealer=1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
            continue
        view = observe(state, state.current_seat)
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        state.apply(action)
    assert len(state.results) == 5


def test_arena_bot_decides_the_same_from_the_same_seed() -> None:
    state = GameState.new(Rules(players=4, max_cards=4), first_dealer=0)
    rng = random.Random(1)
    while state.hand_size < 4 or state.is_chance_node():
        if state.is_chance_node():
            state.deal(rng)
        else:
            state.apply(state.legal_actions()[0])
    view = observe(state, state.current_seat)
    picks = {make_bot("openspiel-ismcts", Budget(iterations=30)).choose(view, random.Random(3))}
    picks.add(make_bot("openspiel-ismcts", Budget(iterations=30)).choose(view, random.Random(3)))
    assert len(picks) == 1


def _four_card_view() -> Observation:
    state = GameState.single_deal(Rules(players=4, max_cards=4), deal_index=3, dealer=0)
    state.deal(random.Random(8))
    return observe(state, state.current_seat)


@pytest.fixture
def simulations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts ISMCTS simulations: each starts by sampling a root state."""
    runs: list[int] = []
    original = TimedIsmcts.sample_root_state

    def counting(self: TimedIsmcts, state: object) -> object:
        runs.append(1)
        return original(self, state)

    monkeypatch.setattr(TimedIsmcts, "sample_root_state", counting)
    return runs


def test_ismcts_runs_exactly_its_simulations_without_a_time_limit(simulations: list[int]) -> None:
    action = make_bot("openspiel-ismcts", Budget(iterations=25)).choose(
        _four_card_view(), random.Random(1)
    )
    assert len(simulations) == 25
    assert isinstance(action, Bid)


def test_ismcts_stops_at_its_deadline(simulations: list[int]) -> None:
    """A spent time budget stops the search as soon as the root has a policy (two
    simulations: the first only expands it); with seconds alone only the clock limits."""
    bot = make_bot("openspiel-ismcts", Budget(seconds=0.0))
    assert isinstance(bot, IsmctsBot)
    assert bot.simulations == UNBOUNDED
    view = _four_card_view()
    assert bot.choose(view, random.Random(1)) in view.legal_actions
    assert len(simulations) == 2


def test_timed_ismcts_keeps_openspiels_inconsistent_action_sets_branch() -> None:
    """With allow_inconsistent_action_sets, the final policy is over the legal actions of
    the searched state only, as in OpenSpiel's own run_search."""
    game = pyspiel.load_game("python_tarot_ascenseur(players=3,max_cards=2,deal=1)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    search = TimedIsmcts(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        2.0,
        30,
        random_state=np.random.RandomState(2),
        allow_inconsistent_action_sets=True,
    )
    policy = search.run_search(state)
    assert {action for action, _ in policy} <= set(state.legal_actions())
    assert sum(p for _, p in policy) == pytest.approx(1.0)
