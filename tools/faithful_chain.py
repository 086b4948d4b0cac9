"""The chain of :mod:`ascenseur.fast.chain`: where its worlds put the others' cards, and its
control in the arena.

``python tools/faithful_chain.py [--deals 6] [--cards 14] [--after 3] [--seed 17]`` plays
heuristic single deals (4 players) and, at each card seat 0 chooses among two or more from the
``--after``-th trick on, runs the chain twice — under the faithful model of the field
(``ExpertBot(faithful=True)``'s) and under the bids alone — and prints the share of the other
seats' real cards its worlds put in the right hand, the share of steps taken, and the seconds a
chain took (the first includes compiling).

Arena candidates, from ``tools/`` (``ascenseur arena --candidate faithful_chain:NAME …``):

* ``chain_bids`` — the expert whose card decisions, once another seat has played, search the
  chain's worlds under the bids alone, every candidate in every world (no racing): the
  control of ``expert_variants:faithful``. Against the expert, 4 players, 60 single 14-card
  deals: +0.73 [+0.21, +1.25] a deal on seed 6601, −0.55 [−1.19, +0.09] on 6602;
* ``expert_flat`` — the expert's own worlds searched as the chain's are (:data:`WORLDS` a
  candidate, no racing): +0.33 [−0.13, +0.80] on 6601.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import replace

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast import DecisionWorlds, chain
from ascenseur.fast import search as fast_search
from ascenseur.fast.masks import join
from ascenseur.search.problem import Estimate, SearchProblem, SearchSettings

WORLDS = chain.WORLDS


class ChainBids(ExpertBot):
    """The expert whose card decisions search the chain's worlds under the bids alone."""

    def estimates(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        if not self.compiled or not chain.applies(problem, settings):
            return super().estimates(problem, settings, rng, worlds)
        return chain.assess(problem, settings, rng, faithful=False)


class FlatExpert(ExpertBot):
    """The expert whose card decisions, once another seat has played, play every candidate
    in the same :data:`WORLDS` worlds of its own draw, without racing."""

    def estimates(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        others = any(seat != problem.seat for seat, _ in problem.plays)
        if problem.bidding or not others or not self.compiled:
            return super().estimates(problem, settings, rng, worlds)
        flat = replace(settings, iterations=WORLDS * len(problem.candidates), race=None)
        return fast_search.assess(problem, flat, rng)


def chain_bids(budget: Budget) -> ExpertBot:
    """The chain under the bids alone (the settings must name the field: faithful=True)."""
    return ChainBids(budget, faithful=True)


def expert_flat(budget: Budget) -> ExpertBot:
    """The expert's worlds, searched as the chain's are."""
    return FlatExpert(budget)


def seat0_choices(
    cards: int, deals: int, after: int, rng: random.Random
) -> Iterator[tuple[GameState, Observation]]:
    """Heuristic single deals of ``cards`` at 4 players (dealers in turn): the state and seat
    0's view at each card it chooses among two or more from the ``after``-th trick on (the
    deal goes on with the heuristic's card once the caller is done with it)."""
    rules = Rules(players=4)
    heuristic = HeuristicBot()
    for game in range(deals):
        state = GameState.single_deal(rules, rules.schedule.index(cards), dealer=game % 4)
        state.deal(rng)
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            plays = [a for a in view.legal_actions if isinstance(a, Play)]
            if seat == 0 and len(plays) > 1 and len(view.tricks) >= after:
                yield state, view
            state.apply(heuristic.choose(view, rng))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--after", type=int, default=3, help="from this trick on (3)")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    expert = ExpertBot(Budget(), faithful=True)
    names = {"faithful": True, "bids": False}
    shares: dict[str, list[float]] = {name: [] for name in names}
    seconds: dict[str, list[float]] = {name: [] for name in names}
    rng = random.Random(args.seed)
    for state, view in seat0_choices(args.cards, args.deals, args.after, rng):
        problem = SearchProblem.of(view)
        settings = expert.settings(problem)
        for name, faithful in names.items():
            started = time.perf_counter()
            pool = chain.worlds(problem, settings, rng, faithful)
            seconds[name].append(time.perf_counter() - started)
            right = total = 0
            for world in pool:
                for j in range(1, 4):
                    real = state.hand_mask(j)
                    right += (real & join(world[j, 0], world[j, 1])).bit_count()
                    total += real.bit_count()
            shares[name].append(right / total)
    print(f"{len(shares['bids'])} card decisions of seat 0, {args.deals} deals of {args.cards}")
    for name in names:
        print(
            f"  {name:<9} right hand {statistics.mean(shares[name]):.3f}, "
            f"{statistics.median(seconds[name]):.2f} s a chain (p50; max {max(seconds[name]):.2f})"
        )


if __name__ == "__main__":
    main()
