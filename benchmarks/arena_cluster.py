"""Games per minute of one small match with ``--jobs 1``, ``--jobs 2`` and a local Ray of 1 and
2 CPUs, and Ray's overhead against the processes at equal CPUs (issue 61's target: ≤ 10%).

    .venv/bin/python benchmarks/arena_cluster.py            # expert vs heuristic, 4 players
    .venv/bin/python benchmarks/arena_cluster.py --games 8 --max-cards 3
    .venv/bin/python benchmarks/arena_cluster.py --max-cards 6 --games 12 --rounds 3
    .venv/bin/python benchmarks/arena_cluster.py --plan evaluations/worlds2400-4p-9008 \
        evaluations/worlds2400-4p-9009 --cores 1 16 256   # what a cluster would take

``--plan`` plays nothing: it reads the decision times of saved matches (``games.jsonl``) and
hands their runs out in the match's order to each number of cores (a list schedule of the
measured costs), as ``--cluster`` hands out tasks; whole games as tasks are shown beside.

Each way plays the same games (the tables are checked equal); the clock runs from the first game
handed out to the last result in, so the start of a pool's processes and the first import in a
Ray worker are in it, the start of the Ray cluster itself is not (printed apart: a cluster is
started once for a whole match). Run it on an otherwise idle machine: other work shows as
overhead, and ``--rounds 3`` takes each way's median of three rounds, which a passing load
moves less than a single sample.
"""

from __future__ import annotations

import argparse
import heapq
import statistics
import time
from pathlib import Path
from typing import Any

from ascenseur.arena import cluster
from ascenseur.arena.backends import Backend, Processes
from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import GameOutcome, Match, run_match
from ascenseur.arena.saved import saved_match
from ascenseur.arena.stats import Tally
from ascenseur.bots.base import Budget
from ascenseur.core.rules import Rules

#: The four ways, in the order each round plays them.
WAYS = ("jobs 1", "jobs 2", "ray 1", "ray 2")


def play(match: Match, deals: DealSet, backend: Backend) -> tuple[float, dict[str, Any]]:
    """Seconds from the first game handed out to the last result, and the table."""
    tally = Tally(match.rules.players)

    def sink(outcome: GameOutcome) -> None:
        tally.add(outcome.result)

    start = time.perf_counter()
    run_match(match, deals, backend, sink)
    seconds = time.perf_counter() - start
    table = tally.to_json()
    for side in ("candidate_stats", "reference_stats"):
        table[side] = {k: v for k, v in table[side].items() if "time" not in k}
    return seconds, table


def run_costs(directories: list[Path]) -> list[list[float]]:
    """Each saved game's runs' costs in seconds (the reference run, then the candidate's):
    the decision times of the seats of each run."""
    games = []
    for directory in directories:
        match, _, results = saved_match(directory)
        for result in results:
            reference = sum(sum(run.times_ns) for run in result.reference) / 1e9
            # A candidate run: the candidate's seat, the other seats as in the reference run.
            others = reference * (match.rules.players - 1) / match.rules.players
            candidate = [sum(run.times_ns) / 1e9 + others for run in result.candidate]
            games.append([reference, *candidate])
    return games


def makespan(costs: list[float], cores: int) -> float:
    """When the last of ``costs`` ends, each handed in order to the first core free."""
    free = [0.0] * cores
    for cost in costs:
        heapq.heappush(free, heapq.heappop(free) + cost)
    return max(free)


def plan(directories: list[Path], cores: list[int]) -> None:
    games = run_costs(directories)
    runs = [cost for game in games for cost in game]
    wholes = [sum(game) for game in games]
    print(
        f"{len(games)} games, {len(runs)} runs, {sum(runs):,.0f} CPU-seconds of decisions; "
        f"longest run {max(runs):.0f} s, longest game {max(wholes):.0f} s"
    )
    for c in cores:
        print(
            f"  {c:>4} cores: runs as tasks {_hours(makespan(runs, c))}, "
            f"whole games as tasks {_hours(makespan(wholes, c))}"
        )


def _hours(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 5400 else f"{seconds / 60:.1f} min"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--plan", nargs="+", type=Path, metavar="DIR", help="saved matches")
    parser.add_argument("--cores", nargs="+", type=int, default=[1, 16, 256], metavar="C")
    parser.add_argument("--candidate", default="expert")
    parser.add_argument("--reference", default="heuristic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-cards", type=int, default=4)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument(
        "--rounds", type=int, default=1, help="play the four ways this many times; median (1)"
    )
    args = parser.parse_args()
    if args.plan:
        plan(args.plan, args.cores)
        return
    rules = Rules(players=args.players, max_cards=args.max_cards)
    match = Match(rules, args.candidate, args.reference, Budget(), seed=args.seed)
    deals = DealSet.generate(rules, args.seed, args.games)
    print(
        f"{args.candidate} vs {args.reference}, {args.players} players, max {args.max_cards} "
        f"cards, {args.games} games × {args.players + 1} runs"
    )
    # Untimed: this process loads the compiled search once, as a long match would have.
    play(match, deals.take(1), Processes(1))
    samples: dict[str, list[float]] = {way: [] for way in WAYS}
    tables = []
    for round_ in range(1, args.rounds + 1):
        if args.rounds > 1:
            print(f"  round {round_} of {args.rounds}")
        for way in WAYS:
            kind, count = way.split()
            if kind == "jobs":
                seconds, table = play(match, deals, Processes(int(count)))
                started = ""
            else:
                begun = time.perf_counter()
                with cluster.connect("auto", int(count)) as ray:
                    up = time.perf_counter() - begun
                    seconds, table = play(match, deals, ray)
                started = f" (the cluster took {up:.1f} s to start)"
            samples[way].append(60 * args.games / seconds)
            tables.append(table)
            label = (
                f"--jobs {count}"
                if kind == "jobs"
                else f"Ray {count} CPU{'s' if count != '1' else ' '}"
            )
            print(
                f"    {label:10}: {seconds:6.1f} s, {samples[way][-1]:6.2f} games a minute{started}"
            )
    rates = {way: statistics.median(values) for way, values in samples.items()}
    same = all(table == tables[0] for table in tables)
    print(f"  the {len(tables)} tables are {'the same' if same else 'NOT the same'}")
    if args.rounds > 1:
        print(f"  median of {args.rounds} rounds, games a minute:")
        for way in WAYS:
            print(f"    {way}: {rates[way]:6.2f}")
    for cpus in (1, 2):
        overhead = rates[f"jobs {cpus}"] / rates[f"ray {cpus}"] - 1
        print(f"  Ray's overhead at {cpus} CPU{'s' if cpus > 1 else ''}: {overhead:+.1%}")
    print(
        f"  speed-up of 2 CPUs: processes ×{rates['jobs 2'] / rates['jobs 1']:.2f}, "
        f"Ray ×{rates['ray 2'] / rates['ray 1']:.2f}"
    )


if __name__ == "__main__":
    main()
