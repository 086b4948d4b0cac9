"""Bots for ``ascenseur ladder`` that are not registered bots of their own: settings of the
expert, and the trained bidder of ``train_bidder.py`` with its weights for each table size.

    cd examples
    ascenseur ladder --bots random heuristic expert ladder_bots:expert_unmodelled \
        ladder_bots:trained_bidder …

On a Ray cluster this package travels with the tasks, its weights with it (docs/research.md).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot, ExpertSettings
from ascenseur.core.actions import PlayerAction
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Rules
from ascenseur.rl.bidding import LinearBidder
from ascenseur.rl.bot import PolicyBot
from ascenseur.rl.encoding import ObservationArrays

#: One file of weights per rule set, as ``train_bidder.py --save`` writes them.
BIDDERS = Path(__file__).parent / "bidders"


def expert_unmodelled(budget: Budget) -> ExpertBot:
    """The expert without its model of the field: card decisions search worlds weighed by the
    bids alone, not the faithful chain's worlds drawn under the heuristic bot's play."""
    return ExpertBot(budget, ExpertSettings(faithful=False))


def expert_modelfree(budget: Budget) -> ExpertBot:
    """The expert with no model of the other seats at all: :func:`expert_unmodelled`, and no
    inference from their bids either (every world consistent with the cards seen weighs the
    same)."""
    return ExpertBot(budget, ExpertSettings(faithful=False, sigma_factor=None))


def expert_unchecked(budget: Budget) -> ExpertBot:
    """The expert that keeps its model of the others whatever they do (no
    ``ExpertSettings.field_check``): the registered expert until the check was measured."""
    return ExpertBot(budget, ExpertSettings(field_check=None))


class TrainedBidder:
    """The bidding policy of ``train_bidder.py`` (its most likely bid, then random cards), with
    the weights trained for the rules of the table it sits at: ``bidders/*.json``."""

    name = "trained_bidder"

    def __init__(self, weights: dict[Rules, LinearBidder]) -> None:
        self._bots = {rules: _as_bot(bidder) for rules, bidder in weights.items()}

    @property
    def trained_for(self) -> tuple[Rules, ...]:
        """The rule sets it has weights for, by table size."""
        return tuple(sorted(self._bots, key=_size))

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        bot = self._bots.get(view.rules)
        if bot is None:
            trained = ", ".join(f"{r.players} players max {r.max_cards}" for r in self.trained_for)
            raise AscenseurError(
                f"the trained bidder has no weights for {view.rules.players} players, max "
                f"{view.rules.max_cards} cards (it has: {trained}); train them with "
                f"python train_bidder.py --players {view.rules.players} --max-cards "
                f"{view.rules.max_cards} --save ladder_bots/bidders/{view.rules.players}p-m"
                f"{view.rules.max_cards}.json",
                code="bad-bot",
            )
        return bot.choose(view, rng)


def trained_bidder(budget: Budget) -> TrainedBidder:
    """The trained bidder at any table size it has weights for (it does not search: no
    budget)."""
    weights = {}
    for path in sorted(BIDDERS.glob("*.json")):
        bidder = LinearBidder.from_json(json.loads(path.read_text()))
        weights[bidder.rules] = bidder
    return TrainedBidder(weights)


def _as_bot(bidder: LinearBidder) -> PolicyBot:
    def policy(arrays: ObservationArrays, rng: random.Random) -> int:
        return bidder.act(arrays, rng, greedy=True)

    return PolicyBot(policy, name=TrainedBidder.name)


def _size(rules: Rules) -> tuple[int, int]:
    return rules.players, rules.max_cards
