"""``heuristic``: a sound club player that bids from calibrated odds and plays to its bid.

It sees only its :class:`~ascenseur.core.observation.Observation`: its hand, the bids, the
cards played and what they show (voids, trump ceilings). It counts cards
(:mod:`ascenseur.search.card_counting`), bids the value with the best expected score under a
trick-count law calibrated by simulation (:mod:`ascenseur.search.heuristic_bidding`), and plays
each card for the best expected deal score (:mod:`ascenseur.search.heuristic_play`), scores
being the rule set's (H2). In a blind one-card deal (H5) it bids on the chance that its unseen
card wins the trick, and plays it as "my card". It draws
nothing from its random source: the same view always gets the same decision.

>>> import random
>>> from ascenseur.bots import make_bot
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(1))
>>> view = observe(state, 1)
>>> make_bot("heuristic").choose(view, random.Random(0)) in view.legal_actions
True
"""

from __future__ import annotations

import random

from ascenseur.bots.base import Budget, forced
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.state import Phase
from ascenseur.search.card_counting import count_cards
from ascenseur.search.heuristic_bidding import BidModel, choose_bid, choose_blind_bid, load_model
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS, PlayParams
from ascenseur.search.heuristic_play import choose_play


class HeuristicBot:
    """Bids the best expected score from calibrated odds, then plays to its bid."""

    name = "heuristic"

    def __init__(self, model: BidModel | None = None, params: PlayParams = DEFAULT_PARAMS):
        self.model = model if model is not None else load_model()
        self.params = params

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        only = forced(view)
        if only is not None:
            return only  # a blind deal's card (H5) is always "my card"
        if view.is_blind:
            return choose_blind_bid(view)
        counting = count_cards(view)
        if view.phase is Phase.BIDDING:
            return choose_bid(view, counting, self.params, self.model)
        return choose_play(view, counting, self.params)


def make(budget: Budget) -> HeuristicBot:
    return HeuristicBot()
