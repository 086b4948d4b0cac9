"""Bots for ``ascenseur ladder`` that are settings of a registered bot, not bots of their own.

    cd examples
    ascenseur ladder --bots random heuristic expert ladder_bots:expert_unmodelled …

On a Ray cluster this module travels with the tasks (docs/research.md).
"""

from __future__ import annotations

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot, ExpertSettings


def expert_unmodelled(budget: Budget) -> ExpertBot:
    """The expert without its model of the field: card decisions search worlds weighed by the
    bids alone, not the faithful chain's worlds drawn under the heuristic bot's play."""
    return ExpertBot(budget, ExpertSettings(faithful=False))
