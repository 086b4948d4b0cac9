"""Hints: every legal bid or card of a seat with the points the expert expects from it.

:func:`hint` is what a "hint" key shows a person: "what would the expert do, and why". It is
the expert bot's own evaluation (:meth:`ascenseur.bots.expert.ExpertBot.evaluate`) of each
legal action — the mean deal score (rules S1–S2) over worlds sampled consistently with the
view (voids, trump ceilings, hand sizes, weighted by how well the bids fit the hands), each
finished by every seat playing to its bid. The action with the highest value is the expert's
choice.

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(4))
>>> hints = hint(observe(state, 1), random.Random(0), playouts=60)
>>> [action for action, _ in hints], all(-1 <= value <= 5 for _, value in hints)
([Bid(0), Bid(1)], True)
"""

from __future__ import annotations

import random

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation

#: Play-outs per hint, shared among the candidates (at least one world each).
DEFAULT_PLAYOUTS = 2000


def hint(
    view: Observation, rng: random.Random | None = None, playouts: int = DEFAULT_PLAYOUTS
) -> list[tuple[PlayerAction, float]]:
    """Each legal action of ``view``'s seat, in the view's order, with its expected deal score.

    ``rng`` defaults to a fresh unseeded generator; pass a seeded one for repeatable hints.
    """
    if view.seat is None or not view.legal_actions:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
    source = rng if rng is not None else random.Random()
    return ExpertBot(Budget(iterations=playouts)).evaluate(view, source)
