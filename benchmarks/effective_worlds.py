"""How many of the expert's worlds count, for the last bidder of a deal (issue 14).

The expert weighs each world by how well the others' bids fit the hands it deals them
(:func:`ascenseur.search.reference.guess_bids`). When the weights vary widely, a few worlds carry
the estimate and the play-outs spent on the others are wasted. This script deals single
deals, lets heuristic bots bid up to the last bidder, and draws that seat's worlds as the
expert does, with ``draws`` 1 (every world drawn is searched), and with the default
:data:`~ascenseur.bots.expert.DRAWS` (each bid seat keeps one of that many hands drawn for
it by weight). It prints the effective share of worlds, (Σw)² / (n Σw²): 1 when every world
weighs the same, 1/n when one world carries all.

Run: ``python benchmarks/effective_worlds.py [--players N] [--cards K] [--deals D]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import DRAWS, ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.search.problem import SearchProblem
from ascenseur.search.reference import draw

WORLDS = 300


def effective_share(weights: list[float]) -> float:
    return sum(weights) ** 2 / (len(weights) * sum(w * w for w in weights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--deals", type=int, default=12)
    args = parser.parse_args()
    bot, expert = HeuristicBot(), ExpertBot(Budget(iterations=10), pure=True)
    shares: dict[int, list[float]] = {1: [], DRAWS: []}
    for seed in range(args.deals):
        rng = random.Random(seed)
        state = GameState.single_deal(Rules(players=args.players), args.cards - 1, 0)
        state.deal(rng)
        for _ in range(args.players - 1):
            seat = state.current_seat
            assert seat is not None
            state.apply(bot.choose(observe(state, seat), rng))
        assert state.phase is Phase.BIDDING
        seat = state.current_seat
        assert seat is not None
        problem = SearchProblem.of(observe(state, seat))
        settings = expert.settings(problem)
        for draws, found in shares.items():
            weights = [draw(problem, replace(settings, draws=draws), rng)[2] for _ in range(WORLDS)]
            found.append(effective_share(weights))
    print(f"{args.players} players, {args.cards} cards, last bidder, {args.deals} deals:")
    for draws, found in shares.items():
        print(
            f"  draws {draws:2d}: effective share of worlds, median {statistics.median(found):.3f}"
            f" (lowest {min(found):.3f})"
        )


if __name__ == "__main__":
    main()
