"""What an exactly uniform world costs: the share of seat-by-seat draws it keeps, and its time.

:func:`ascenseur.search.worlds.uniform_world` (OpenSpiel's ``resample_from_infostate``) keeps a
drawn world with the chance ``fill_factor / fill_ceiling``. This script deals single deals,
lets heuristic bots play them, and at every card decision of every seat draws ``--draws``
worlds of that seat's view: it prints the mean share kept per view (its low percentiles:
views where the uniform draw needs many attempts), and the time per world of
:func:`~ascenseur.search.worlds.sample_world` and of ``uniform_world`` over the same views.

Run: ``python benchmarks/resample_acceptance.py [--players N] [--cards K ...] [--deals D]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.search.worlds import WorldSpec, sample_world, uniform_world


def views(players: int, cards: int, deals: int, seed: int) -> list[WorldSpec]:
    """The world specs of every card decision of ``deals`` heuristic single deals."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    specs = []
    for index in range(deals):
        state = GameState.single_deal(Rules(players, 78 // players), cards - 1, index % players)
        state.deal(rng)
        while not state.is_terminal():
            view = observe(state, state.current_seat)
            if view.phase is Phase.PLAYING:
                specs.append(WorldSpec.of(view))
            state.apply(bot.choose(view, rng))
    return specs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, nargs="+", default=[8, 14, 19])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("cards  views  kept: mean    p1    p5   p25   min   plain µs  uniform µs")
    for cards in args.cards:
        specs = views(args.players, cards, args.deals, args.seed)
        kept = []
        for spec in specs:
            ceiling = spec.fill_ceiling()
            shares = [
                spec.fill_factor(sample_world(spec, rng)) / ceiling for _ in range(args.draws)
            ]
            kept.append(statistics.fmean(shares))
        kept.sort()
        timed = {}
        for name, sampler in (("plain", sample_world), ("uniform", uniform_world)):
            start = time.perf_counter()
            for spec in specs:
                for _ in range(args.draws):
                    sampler(spec, rng)
            timed[name] = (time.perf_counter() - start) / (len(specs) * args.draws) * 1e6
        print(
            f"{cards:5d}  {len(specs):5d}  {statistics.fmean(kept):10.3f}"
            f"  {kept[len(kept) // 100]:.3f} {kept[len(kept) // 20]:.3f}"
            f" {kept[len(kept) // 4]:.3f} {kept[0]:.3f}"
            f"  {timed['plain']:9.1f}  {timed['uniform']:10.1f}"
        )


if __name__ == "__main__":
    main()
