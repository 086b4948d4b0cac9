"""``openspiel-ismcts``: OpenSpiel's information-set MCTS, seated from an observation only.

The bot never sees a game state. From its seat's :class:`~ascenseur.core.observation.Observation`
it builds a one-deal OpenSpiel state (scores add up deal by deal and the next deals do not
depend on this one's play, so the rest of the game would only add noise to the roll-outs),
with the other hands drawn by :mod:`ascenseur.search.worlds`. OpenSpiel's ISMCTS then redraws
the hidden hands at every simulation (the state's ``resample``, from the seat's view and the
bot's random stream); the first draw only gives it a root to start from.

It is OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) with random
roll-outs: the C++ ``pyspiel.ISMCTSBot`` crashes on Python games in open_spiel 2.0.2 (a
segmentation fault in ``PyGame::MakeObserver`` when the C++ search first asks for an
information-state string; OpenSpiel's own ``python_kuhn_poker`` crashes the same way).
``budget.iterations`` is the number of simulations per decision and ``budget.seconds`` a
wall-clock limit checked between simulations (at least two run: the first only expands the
root); ``seconds`` alone means "as many simulations as the time allows", for comparisons at
equal time.
"""

from __future__ import annotations

import random
import time
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ascenseur.bots.base import DEFAULT_BUDGET, Budget, forced
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Rules
from ascenseur.openspiel import GAME_NAME
from ascenseur.openspiel.encoding import action_id, player_action
from ascenseur.openspiel.game import TarotGame
from ascenseur.openspiel.rebuild import deal_start, sample_state
from ascenseur.openspiel.state import state_of

#: UCT exploration constant. Returns are raw deal scores (−k…2k+3), not the [−1, 1] that
#: OpenSpiel's usual 2 assumes; 4 is a middling, untuned choice.
UCT_C = 4.0
#: Simulations per decision when the budget names neither iterations nor seconds.
DEFAULT_SIMULATIONS = 1000


@cache
def deal_game(rules: Rules, deal: int, first_dealer: int) -> Any:
    """The one-deal OpenSpiel game of deal ``deal`` (cached: games are immutable)."""
    return pyspiel.load_game(
        GAME_NAME,
        {"rules": rules.to_text(), "deal": deal, "first_dealer": first_dealer},
    )


class TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS with a deadline: its search loop, stopped when the time is up.

    ``run_search`` is OpenSpiel's own (open_spiel 2.0.2, both final-policy branches kept)
    with the loop's bound changed from "max_simulations" to "max_simulations or the
    deadline, whichever comes first"; only its sanity asserts are left out.
    """

    seconds: float | None = None

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self._max_simulations:
            self.run_simulation(self.sample_root_state(state))
            done += 1
            # The first simulation only expands the root: a policy needs one more.
            spent = deadline is not None and time.perf_counter() >= deadline
            if spent and self._root_node.total_visits > 0:
                break
        if self._allow_inconsistent_action_sets:
            node = self.filter_illegals(self._root_node, state.legal_actions())
            return self.get_final_policy(state, node)
        return self.get_final_policy(state, self._root_node)


class IsmctsBot:
    """OpenSpiel's ISMCTS with random roll-outs, searching the current deal."""

    name = "openspiel-ismcts"

    def __init__(self, budget: Budget = DEFAULT_BUDGET) -> None:
        self.simulations = budget.iterations_or(DEFAULT_SIMULATIONS)
        self.seconds = budget.seconds

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        only = forced(view)
        if only is not None:
            return only
        first_dealer = (view.dealer - view.deal_index) % view.players
        game = deal_game(view.rules, view.deal_index, first_dealer)
        assert isinstance(game, TarotGame)
        start = deal_start(view)
        root = state_of(game, sample_state(start, view, rng), start)
        search = TimedIsmcts(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.getrandbits(32))),
            UCT_C,
            self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
        )
        search.seconds = self.seconds
        # OpenSpiel's default resampler seeds itself from the machine: use our stream.
        search.set_resampler(lambda state, seat: state.resample(seat, rng))
        chosen = player_action(int(search.step(root)))
        if chosen not in view.legal_actions:
            ids = [action_id(a) for a in view.legal_actions]
            raise RuntimeError(f"ISMCTS chose {chosen!r}, not one of the legal actions {ids}")
        return chosen


__all__ = ["DEFAULT_SIMULATIONS", "UCT_C", "IsmctsBot", "TimedIsmcts", "deal_game"]
