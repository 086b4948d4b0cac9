"""Lab arena candidates (branch lab/blind-look-ahead, not for main): the chain at faith 0.99, and the one-card look-ahead of the nested play-outs playing in an imagined world."""
from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.fast import chain


def faith_099(budget: Budget) -> ExpertBot:
    """The expert whose chain takes the field to play the heuristic's card 0.99 of the time."""
    chain.FAITHFUL = 0.99
    return ExpertBot(budget)


from collections.abc import Sequence  # noqa: E402
from dataclasses import replace  # noqa: E402
import random  # noqa: E402

from ascenseur.search.problem import Estimate, SearchProblem, SearchSettings  # noqa: E402


class BlindBids(ExpertBot):
    """Lab (needs this branch's compiled core): in a bid's nested play-outs the
    seat's one-card look-ahead plays in a world whose other hands are dealt again within each
    kind (negative noise flags it), not the true world."""

    def settings(self, problem: SearchProblem) -> SearchSettings:
        found = super().settings(problem)
        if problem.bidding:
            return replace(found, noise=-(1.0 + found.noise))
        return found

    def near_tie_search(
        self,
        problem: SearchProblem,
        found: Sequence[Estimate],
        rng: random.Random,
        seconds: float | None = None,
    ) -> list[Estimate] | None:
        width = self.tie_width_for(problem)
        if width is None:
            return None
        best = max(e.points for e in found)
        near = [e.action for e in found if e.points >= best - width]
        if len(near) < 2:
            return None
        tied = problem.among(near)
        noise = -(1.0 + self.tie_noise) if problem.bidding else self.tie_noise
        again = replace(self.search_settings(tied), noise=noise, seconds=seconds)
        return self.estimates(tied, again, rng)


def blind_bids(budget: Budget) -> ExpertBot:
    return BlindBids(budget)


class BlindAll(BlindBids):
    """Lab: :class:`BlindBids` for cards as well (every nested play-out's look-ahead)."""

    def settings(self, problem: SearchProblem) -> SearchSettings:
        found = ExpertBot.settings(self, problem)
        return replace(found, noise=-(1.0 + found.noise))

    def near_tie_search(
        self,
        problem: SearchProblem,
        found: Sequence[Estimate],
        rng: random.Random,
        seconds: float | None = None,
    ) -> list[Estimate] | None:
        width = self.tie_width_for(problem)
        if width is None:
            return None
        best = max(e.points for e in found)
        near = [e.action for e in found if e.points >= best - width]
        if len(near) < 2:
            return None
        tied = problem.among(near)
        again = replace(self.search_settings(tied), noise=-(1.0 + self.tie_noise), seconds=seconds)
        return self.estimates(tied, again, rng)


def blind_all(budget: Budget) -> ExpertBot:
    return BlindAll(budget)
