"""Hints: every legal bid or card of a seat with the points the expert expects from it.

:func:`advice` is what a "hint" key shows a person: "what would the expert do, and why". It is
the expert bot's own assessment (:meth:`ascenseur.bots.expert.ExpertBot.assess`) of each
legal action — the mean deal score (under the rule set's scoring table, H2) over worlds
sampled consistently with the view (voids, trump ceilings, hand sizes, weighted by how well
the bids fit the hands), each finished by every seat playing to its bid, and the share of
those worlds in which the seat takes exactly its bid. The action with the highest mean is the
expert's choice (:func:`best`).

Hints see what the seat sees and no more: under closed fists (H4) the bids not shown are
guessed like bids still to come; in a blind one-card deal (H5) the seat's own card is drawn
in each world from the cards it has not seen, and its card is hinted as "my card"
(:data:`~ascenseur.core.actions.MY_CARD`), never named.

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(4))
>>> estimates = advice(observe(state, 1), random.Random(0), playouts=60)
>>> [e.action for e in estimates], all(-1 <= e.points <= 5 and 0 <= e.exact <= 1 for e in estimates)
([Bid(0), Bid(1)], True)
>>> best(estimates) in estimates
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot, ExpertSettings
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.search.problem import Estimate

#: Play-outs per hint, shared among the candidates (at least one world each).
DEFAULT_PLAYOUTS = 2000

__all__ = ["DEFAULT_PLAYOUTS", "Estimate", "advice", "best", "hint"]


def advice(
    view: Observation, rng: random.Random | None = None, playouts: int = DEFAULT_PLAYOUTS
) -> list[Estimate]:
    """Each legal action of ``view``'s seat, in the view's order, with its expected deal score
    and its chance of an exact bid.

    ``rng`` defaults to a fresh unseeded generator; pass a seeded one for repeatable hints.
    """
    if view.seat is None or not view.legal_actions:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
    source = rng if rng is not None else random.Random()
    # Every action is estimated on all its worlds (no racing): a hint shows them all.
    return ExpertBot(Budget(iterations=playouts), ExpertSettings(race=None)).assess(view, source)


def hint(
    view: Observation, rng: random.Random | None = None, playouts: int = DEFAULT_PLAYOUTS
) -> list[tuple[PlayerAction, float]]:
    """:func:`advice` as ``(action, expected points)`` pairs."""
    return [(e.action, e.points) for e in advice(view, rng, playouts)]


def best(estimates: Sequence[Estimate]) -> Estimate:
    """The expert's choice: the highest expected points (the first of equals)."""
    return max(estimates, key=lambda e: e.points)
