"""Bots for diagnosing the expert in the arena: where its points come from, and how far its
bids' estimates are from what it then takes.

Factories for ``ascenseur arena --candidate split_bots:NAME`` (run from ``tools/``, or with
``tools`` on ``PYTHONPATH``):

* ``expert_bids`` — the expert's bids, the heuristic's cards;
* ``expert_plays`` — the heuristic's bids, the expert's cards;
* ``logged_expert`` — the expert as it is, deciding what it decides, that also writes each of
  its bids' estimates (every candidate bid's mean score, chance of an exact bid and worlds met)
  as a JSON line to the file named by ``ASCENSEUR_BIDLOG``; ``tools/bid_calibration.py`` sets
  them beside what the bids then took.

Paired with the expert on the same deals (``ascenseur arena report --paired``), the first two say how
much of the expert's lead over the heuristic its bids make and how much its cards do.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence

from ascenseur.bots.base import Bot, Budget, forced
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Bid, PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.state import Phase
from ascenseur.search.problem import Estimate

#: The environment variable naming the file ``logged_expert`` appends its bids to.
BIDLOG = "ASCENSEUR_BIDLOG"


class Split:
    """Bids with one bot and plays with another."""

    def __init__(self, bidder: Bot, player: Bot, name: str) -> None:
        self.bidder, self.player, self.name = bidder, player, name

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        if view.phase is Phase.BIDDING:
            return self.bidder.choose(view, rng)
        return self.player.choose(view, rng)


def expert_bids(budget: Budget) -> Split:
    return Split(ExpertBot(budget), HeuristicBot(), "expert-bids")


def expert_plays(budget: Budget) -> Split:
    return Split(HeuristicBot(), ExpertBot(budget), "expert-plays")


class LoggedExpert(ExpertBot):
    """The expert, choosing as :meth:`ExpertBot.choose` does (:meth:`ExpertBot.decide`), that logs
    every bid it makes: ``{"deal", "seat", "k", "bid", "estimates"}``, the estimates null for
    a forced bid."""

    def __init__(self, budget: Budget, log: str) -> None:
        super().__init__(budget)
        self.log = log
        self.name = "logged-expert"

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        only = forced(view)
        if only is not None:
            if isinstance(only, Bid):
                self._write(view, only.value, None)
            return only
        action, estimates = self.decide(view, rng)
        if isinstance(action, Bid):
            self._write(view, action.value, estimates)
        return action

    def _write(self, view: Observation, bid: int, estimates: Sequence[Estimate] | None) -> None:
        line = {
            "deal": view.deal_index,
            "seat": view.seat,
            "k": view.hand_size,
            "bid": bid,
            "estimates": None
            if estimates is None
            else [
                [e.action.value, e.points, e.exact, e.worlds]
                for e in estimates
                if isinstance(e.action, Bid)
            ],
        }
        with open(self.log, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def logged_expert(budget: Budget) -> LoggedExpert:
    log = os.environ.get(BIDLOG)
    if not log:
        raise SystemExit(f"logged_expert writes its bids to the file named by {BIDLOG}: set it")
    return LoggedExpert(budget, log)
