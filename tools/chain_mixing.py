"""How well the chain of :mod:`ascenseur.fast.chain` mixes: its worlds' worth in independent
draws, where they put the others' cards, and how often its searches agree.

``python tools/chain_mixing.py [--cards 14] [--deals 3] [--runs 4] [--thin 4] [--faith 0.95]
[--asks 80000] [--seed 7]`` plays heuristic single deals (4 players). At seat 0's card
decisions among two or more, once the chain applies (another seat has played), it runs the
chain ``--runs`` times from independent streams (each from a world of its own) and prints, by trick:

* **worth** — the worlds' worth in independent draws (effective sample size): for each
  (seat, card) whose share of the runs' worlds is between 0.02 and 0.98, p(1 − p) over the
  variance of that share between the runs; the median over cards, then over positions. A
  chain of W worlds that mixed at once would be worth W;
* **right** — the share of the other seats' real cards its worlds put in the right hand;
* **agree** — the share of decisions where every run's search (``chain.assess``) picks the
  same card;
* the seconds a chain took (median; the first run compiles);
* **kept** — the fewest and the median worlds a chain kept (at most
  :data:`~ascenseur.fast.chain.WORLDS`: fewer when the bound on the heuristic's decisions
  stopped it first).

With ``--expert``, it also prints how often the registered expert's own search (its worlds,
no chain), run from the same ``--runs`` streams, picks the same card: its agreement, for
comparison.

``--thin``, ``--faith``, ``--asks`` and ``--worlds`` set :data:`~ascenseur.fast.chain.THIN`,
:data:`~ascenseur.fast.chain.FAITHFUL`, :data:`~ascenseur.fast.chain.ASKS` and
:data:`~ascenseur.fast.chain.WORLDS` for the run (the chain reads them at each call): a longer
thinning, or more worlds, keeps its worlds only with the asks raised in proportion.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import numpy as np

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.cards import DECK_SIZE
from ascenseur.fast import chain
from ascenseur.fast.masks import Floats, Int64s, join
from ascenseur.search.problem import SearchProblem
from faithful_chain import seat0_choices


def shares(pool: Int64s) -> Floats:
    """(n, 78): the share of ``pool``'s worlds in which each seat holds each card."""
    out = np.zeros((pool.shape[1], DECK_SIZE))
    for world in pool:
        for j in range(pool.shape[1]):
            mask = join(int(world[j, 0]), int(world[j, 1]))
            for i in range(DECK_SIZE):
                out[j, i] += mask >> i & 1
    return out / len(pool)


def worth(runs: Floats, others: list[int]) -> float:
    """The median over (seat, card) of p(1 − p) / var, ``runs`` being (R, n, 78) shares."""
    mean = runs.mean(axis=0)[others]
    spread = runs.var(axis=0, ddof=1)[others]
    open_ = (mean > 0.02) & (mean < 0.98)
    ratios = (mean * (1 - mean))[open_] / np.maximum(spread[open_], 1e-9)
    return float(np.median(ratios)) if ratios.size else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--thin", type=int, default=chain.THIN)
    parser.add_argument("--faith", type=float, default=chain.FAITHFUL)
    parser.add_argument("--asks", type=int, default=chain.ASKS)
    parser.add_argument("--worlds", type=int, default=chain.WORLDS)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--expert", action="store_true", help="the expert's agreement too")
    args = parser.parse_args()
    if args.runs < 2:
        parser.error("--runs must be at least 2: the worth is read from the runs' spread")
    chain.THIN, chain.FAITHFUL, chain.ASKS = args.thin, args.faith, args.asks
    chain.WORLDS = args.worlds
    expert = ExpertBot(Budget(), faithful=True)
    rng = random.Random(args.seed)
    by_trick: dict[int, list[float]] = defaultdict(list)
    right: list[float] = []
    agree: list[bool] = []
    plain: list[bool] = []
    registered = ExpertBot(Budget())
    seconds: list[float] = []
    kept: list[int] = []
    for state, view in seat0_choices(args.cards, args.deals, 0, rng):
        problem = SearchProblem.of(view)
        settings = expert.settings(problem)
        if not chain.applies(problem, settings):
            continue
        runs, picks = [], set()
        for run in range(args.runs):
            started = time.perf_counter()
            pool = chain.worlds(problem, settings, random.Random(1000 * run + len(right)))
            seconds.append(time.perf_counter() - started)
            kept.append(len(pool))
            runs.append(shares(pool))
            found = chain.assess(problem, settings, random.Random(1000 * run + len(right)))
            picks.add(max(found, key=lambda e: e.points).action)
        spread = np.array(runs)
        by_trick[len(view.tricks)].append(worth(spread, [1, 2, 3]))
        real = np.array([[state.hand_mask(j) >> i & 1 for i in range(DECK_SIZE)] for j in range(4)])
        right.append(float((spread.mean(axis=0) * real)[1:].sum() / real[1:].sum()))
        agree.append(len(picks) == 1)
        if args.expert:
            searched = registered.settings(problem)
            own = {
                max(
                    registered.estimates(problem, searched, random.Random(1000 * run + len(right))),
                    key=lambda e: e.points,
                ).action
                for run in range(args.runs)
            }
            plain.append(len(own) == 1)
    print(
        f"{len(right)} decisions of seat 0, {args.deals} deals of {args.cards}, "
        f"{args.runs} runs each; thin {chain.THIN}, faith {chain.FAITHFUL}, asks {chain.ASKS}, "
        f"{chain.WORLDS} worlds a run"
    )
    for trick, values in sorted(by_trick.items()):
        print(f"  trick {trick + 1:>2}: worth {statistics.median(values):6.0f} ({len(values)})")
    print(
        f"  worth {statistics.median(v for vs in by_trick.values() for v in vs):.0f}, "
        f"right {statistics.mean(right):.3f}, agree {statistics.mean(agree):.2f}, "
        f"{statistics.median(seconds):.2f} s a chain (median), "
        f"kept {min(kept)} / {statistics.median(kept):.0f} worlds (fewest / median)"
    )
    if plain:
        print(f"  the expert's own search: agree {statistics.mean(plain):.2f}")


if __name__ == "__main__":
    main()
