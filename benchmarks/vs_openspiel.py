"""Side by side with OpenSpiel: random play-out throughput, search time, memory, compile cost.

In one run, taking turns so that the machine's load falls on both alike:

1. random play-outs — OpenSpiel's ``oh_hell`` (4 players, 12 tricks) driven from Python and
   through its C++ loop ``evaluate_bots`` with uniform random bots, against our 4-player
   12-card deals under the full rules (deal, random legal bids and cards, scoring) on the
   pure-Python engine (checked API and unchecked fast path) and on the compiled core (one
   call per deal, like ``evaluate_bots``, and a compiled loop of deals): deals per second;
2. search — OpenSpiel's C++ ISMCTS bot at 1,000 simulations (random roll-outs) per decision
   against our ``expert`` at 1,000 play-outs on the compiled core and on pure Python: mean
   milliseconds per decision, over whole deals where every seat is that bot and only
   decisions with a choice are timed;
3. memory — each engine's long search run in a child process: resident memory after warm-up
   and at the end, and the peak (``VmHWM``); then live Python heap growth over a further
   quarter of the run (tracemalloc, after a garbage collection at both ends);
4. the compiled core's one-off cost: importing numba, compiling everything into an empty
   cache, loading it from the cache.

Ratios compare ours with OpenSpiel (higher is better for ours). The OpenSpiel half is skipped
with a message when ``open_spiel`` is not installed (``pip install -e '.[openspiel]'``), the
compiled half when numba is not (``.[fast]``). Not part of CI.

Run: ``python benchmarks/vs_openspiel.py [--seconds S] [--quick]``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ascenseur import fast
from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.cards import indices_of
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState

PLAYERS = 4
TRICKS = 12
SEARCH_BUDGET = 1000
RULES_12 = Rules(players=PLAYERS, max_cards=TRICKS)


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


# -- random play-outs: one deal per call ----------------------------------------------------


def ours_checked(rng: random.Random) -> Callable[[], None]:
    """Our deal through the checked API: deal, legal_actions, apply."""
    choice = rng.choice

    def deal() -> None:
        state = GameState.single_deal(RULES_12, TRICKS - 1, dealer=rng.randrange(PLAYERS))
        state.deal(rng)
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))

    return deal


def ours_unchecked(rng: random.Random) -> Callable[[], None]:
    """Our deal through the unchecked fast path that pure-Python search uses."""
    choice = rng.choice

    def deal() -> None:
        state = GameState.single_deal(RULES_12, TRICKS - 1, dealer=rng.randrange(PLAYERS))
        state.deal_random_unchecked(rng)
        for _ in range(PLAYERS):
            state.bid_unchecked(choice(state.legal_bids()))
        for _ in range(PLAYERS * TRICKS):
            state.play_unchecked(choice(indices_of(state.legal_card_mask())))

    return deal


def ours_compiled(rng: random.Random) -> Callable[[], None]:
    """Our deal on the compiled core, one Python call per deal."""
    from ascenseur.fast.deals import RandomDeals

    deals = RandomDeals(PLAYERS, TRICKS, rng)
    dealer = [0]

    def deal() -> None:
        dealer[0] = (dealer[0] + 1) % PLAYERS
        deals.play_fast(dealer[0])

    return deal


def ours_compiled_loop(rng: random.Random, batch: int = 1000) -> Callable[[], None]:
    """``batch`` of our deals in one compiled loop (counted as ``batch`` deals)."""
    from ascenseur.fast.deals import RandomDeals

    deals = RandomDeals(PLAYERS, TRICKS, rng)

    def deals_batch() -> None:
        deals.play_many(batch)

    return deals_batch


def openspiel_python(pyspiel: Any, rng: random.Random) -> Callable[[], None]:
    """An oh_hell deal driven from Python: chance outcomes and legal actions at random."""
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
    choice = rng.choice

    def deal() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))

    return deal


def openspiel_cpp(pyspiel: Any, rng: random.Random) -> Callable[[], None]:
    """An oh_hell deal in OpenSpiel's C++ loop ``evaluate_bots`` with uniform random bots."""
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
    bots = [pyspiel.make_uniform_random_bot(p, rng.randrange(2**31)) for p in range(PLAYERS)]

    def deal() -> None:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, rng.randrange(2**31))

    return deal


@dataclass
class Contender:
    """One thing to measure: a unit of work, how many deals or decisions it counts for, and
    the rates measured round by round."""

    name: str
    run: Callable[[], None]
    weight: int = 1
    rates: list[float] = field(default_factory=list)

    def measure(self, seconds: float) -> None:
        count = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            self.run()
            count += self.weight
            now = time.perf_counter()
            if now >= deadline:
                break
        self.rates.append(count / (now - start))

    @property
    def best(self) -> float:
        return max(self.rates)


def alternate(contenders: list[Contender], rounds: int, seconds: float) -> None:
    """Measure every contender ``rounds`` times, taking turns, ``seconds`` each time."""
    for _ in range(rounds):
        for contender in contenders:
            contender.measure(seconds)


# -- search: milliseconds per decision ------------------------------------------------------


def expert_decisions(pure: bool, seed: int) -> Iterator[float]:
    """Seconds for each decision with a choice, every seat played by ``expert``, forever."""
    rng = random.Random(seed)
    bot = ExpertBot(Budget(iterations=SEARCH_BUDGET), pure=pure)
    while True:
        state = GameState.single_deal(RULES_12, TRICKS - 1, dealer=rng.randrange(PLAYERS))
        state.deal(rng)
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            if len(view.legal_actions) == 1:
                state.apply(view.legal_actions[0])
                continue
            start = time.perf_counter()
            action = bot.choose(view, rng)
            yield time.perf_counter() - start
            state.apply(action)


def ismcts_decisions(pyspiel: Any, seed: int) -> Iterator[float]:
    """Seconds for each decision with a choice, every seat played by C++ ISMCTS, forever."""
    rng = random.Random(seed)
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed,
        evaluator,
        2.0,  # uct_c
        SEARCH_BUDGET,  # simulations per decision
        -1,  # world samples: unlimited
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,  # use_observation_string
        False,  # allow_inconsistent_action_sets
    )
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            start = time.perf_counter()
            action = bot.step(state)
            yield time.perf_counter() - start
            state.apply_action(action)


@dataclass
class Searcher:
    """A stream of decision times, sampled in turns."""

    name: str
    decisions: Iterator[float]
    times: list[float] = field(default_factory=list)

    def measure(self, seconds: float) -> None:
        deadline = time.perf_counter() + seconds
        while True:
            self.times.append(next(self.decisions))
            if time.perf_counter() >= deadline:
                break

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.times)


# -- memory: a long run in a child process --------------------------------------------------


def resident_kib(field: str = "VmRSS") -> int:
    """This process's resident memory now (``VmRSS``) or at its peak (``VmHWM``), in KiB.

    Not ``ru_maxrss``: Linux carries it over from the parent across fork and exec.
    """
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def memory_child(engine: str, warm: float, seconds: float) -> dict[str, float]:
    """Run ``engine``'s search (and, for ours, compiled random deals) for ``warm`` seconds,
    then ``seconds`` more; memory figures in KiB."""
    if engine == "openspiel":
        pyspiel = load_pyspiel()
        assert pyspiel is not None
        decisions = ismcts_decisions(pyspiel, 3)
        deals: Callable[[], None] | None = openspiel_cpp(pyspiel, random.Random(3))
    else:
        fast.warm_up()
        decisions = expert_decisions(pure=engine == "pure", seed=3)
        deals = ours_compiled(random.Random(3)) if engine == "fast" else None

    def run(until: float) -> int:
        count = 0
        while time.perf_counter() < until:
            next(decisions)
            if deals is not None:
                for _ in range(20):
                    deals()
            count += 1
        return count

    run(time.perf_counter() + warm)
    after_warm = resident_kib()
    peak_warm = resident_kib("VmHWM")
    count = run(time.perf_counter() + seconds)
    rss_end, peak_end = resident_kib(), resident_kib("VmHWM")
    # Then the Python heap, apart: tracemalloc's own bookkeeping would swell the RSS above.
    tracemalloc.start()
    gc.collect()  # count live objects only, not cycles waiting for the collector
    heap_start, _ = tracemalloc.get_traced_memory()
    heap_runs = run(time.perf_counter() + seconds / 4)
    gc.collect()
    heap_end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "decisions": count,
        "rss_after_warm_up": after_warm,
        "rss_end": rss_end,
        "peak_after_warm_up": peak_warm,
        "peak_end": peak_end,
        "heap_growth": (heap_end - heap_start) / 1024,
        "heap_runs": heap_runs,
    }


def run_child(args: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    """Run this script with ``args`` in a fresh interpreter; its last stdout line is JSON."""
    out = subprocess.run(
        [sys.executable, __file__, *args],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# -- compile cost -----------------------------------------------------------------------------


def compile_child() -> dict[str, float]:
    """Time importing numba, then :func:`fast.warm_up` (compile or load from the cache):
    wall-clock seconds, and CPU seconds (which the machine's other load does not inflate)."""
    start = time.perf_counter()
    importlib.import_module("numba")
    imported = time.perf_counter() - start
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    wall = fast.warm_up()
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu
    return {"import": imported, "warm_up": wall, "warm_up_cpu": cpu}


# -- the report -------------------------------------------------------------------------------


def row(measure: str, ours: str, theirs: str, ratio: str, target: str = "") -> str:
    return f"{measure:<42} {ours:>14} {theirs:>24} {ratio:>9}  {target}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per turn of a measurement")
    parser.add_argument("--rounds", type=int, default=8, help="turns per throughput contender")
    parser.add_argument("--search-seconds", type=float, default=4.0, help="per search turn")
    parser.add_argument("--search-rounds", type=int, default=3, help="turns per searcher")
    parser.add_argument("--memory-seconds", type=float, default=20.0, help="long run length")
    parser.add_argument("--quick", action="store_true", help="a short run, to try the script")
    parser.add_argument("--memory-child", choices=["fast", "pure", "openspiel"], help="internal")
    parser.add_argument("--compile-child", action="store_true", help="internal")
    args = parser.parse_args()
    if args.memory_child:
        warm = min(5.0, args.memory_seconds / 4)
        print(json.dumps(memory_child(args.memory_child, warm, args.memory_seconds)))
        return
    if args.compile_child:
        print(json.dumps(compile_child()))
        return
    if args.quick:
        args.seconds, args.rounds = 0.3, 2
        args.search_seconds, args.search_rounds, args.memory_seconds = 1.0, 1, 4.0

    pyspiel = load_pyspiel()
    compiled = fast.available()
    if pyspiel is None:
        print("open_spiel is not installed: the OpenSpiel half is skipped (.[openspiel] extra)")
    if not compiled:
        print("numba is not installed: the compiled core is skipped (.[fast] extra)")

    compile_cost: dict[str, dict[str, float]] = {}
    if compiled:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache}
            compile_cost["cold"] = run_child(["--compile-child"], env)
            compile_cost["cached"] = run_child(["--compile-child"], env)
        fast.warm_up()

    rng = random.Random(2026)
    throughput = {
        "checked": Contender("pure Python, checked API", ours_checked(rng)),
        "unchecked": Contender("pure Python, unchecked path", ours_unchecked(rng)),
    }
    if compiled:
        throughput["compiled"] = Contender("compiled core, one call per deal", ours_compiled(rng))
        throughput["loop"] = Contender(
            "compiled core, compiled loop", ours_compiled_loop(rng), weight=1000
        )
    if pyspiel is not None:
        throughput["os_python"] = Contender("from Python", openspiel_python(pyspiel, rng))
        throughput["os_cpp"] = Contender("C++ evaluate_bots", openspiel_cpp(pyspiel, rng))
    print(f"measuring random play-outs: {args.rounds} turns of {args.seconds:g} s each …")
    alternate(list(throughput.values()), args.rounds, args.seconds)

    searchers = {}
    if compiled:
        searchers["fast"] = Searcher("expert, compiled core", expert_decisions(False, 1))
    searchers["pure"] = Searcher("expert, pure Python", expert_decisions(True, 1))
    if pyspiel is not None:
        searchers["ismcts"] = Searcher("ISMCTS (C++)", ismcts_decisions(pyspiel, 1))
    print(f"measuring search: {args.search_rounds} turns of {args.search_seconds:g} s each …")
    for _ in range(args.search_rounds):
        for searcher in searchers.values():
            searcher.measure(args.search_seconds)

    memory = {}
    engines = (["fast"] if compiled else ["pure"]) + (["openspiel"] if pyspiel else [])
    print(f"measuring memory: {args.memory_seconds:g} s long runs in child processes …")
    for engine in engines:
        memory[engine] = run_child(
            ["--memory-child", engine, "--memory-seconds", str(args.memory_seconds)]
        )

    print()
    print(row("random 4p 12-card deals / s", "ours", "OpenSpiel", "ratio", "target"))
    os_cpp = throughput.get("os_cpp")
    os_py = throughput.get("os_python")
    for key, reference, target in [
        ("compiled", os_cpp, "≥1.0x (ambition 5x)"),
        ("loop", os_cpp, ""),
        ("checked", os_py, "≥1.0x"),
        ("unchecked", os_py, ""),
    ]:
        if key not in throughput:
            continue
        ours = throughput[key]
        theirs = f"{reference.best:,.0f} {reference.name}" if reference else "–"
        ratio = f"{ours.best / reference.best:.2f}x" if reference else "–"
        print(row(f"  {ours.name}", f"{ours.best:,.0f}", theirs, ratio, target))
    print()
    print(
        row(f"search, ms per decision ({SEARCH_BUDGET:,} play-outs)", "ours", "ISMCTS", "speed-up")
    )
    ismcts = searchers.get("ismcts")
    for key in ("fast", "pure"):
        if key not in searchers:
            continue
        ours_s = searchers[key]
        theirs = f"{ismcts.mean_ms:,.1f} ms ({len(ismcts.times)})" if ismcts else "–"
        ratio = f"{ismcts.mean_ms / ours_s.mean_ms:.2f}x" if ismcts else "–"
        target = "≥1.0x" if key == "fast" else ""
        print(
            row(
                f"  {ours_s.name}",
                f"{ours_s.mean_ms:,.1f} ms ({len(ours_s.times)})",
                theirs,
                ratio,
                target,
            )
        )
    print()
    print(
        f"{'memory (KiB), long run in a child':<42} {'RSS warm':>10} {'RSS end':>10} "
        f"{'growth':>8} {'peak':>10} {'heap Δ':>8} {'runs':>6}"
    )
    for engine, figures in memory.items():
        growth = figures["rss_end"] - figures["rss_after_warm_up"]
        print(
            f"  {engine:<40} {figures['rss_after_warm_up']:>10,.0f} {figures['rss_end']:>10,.0f} "
            f"{growth:>8,.0f} {figures['peak_end']:>10,.0f} {figures['heap_growth']:>8,.0f} "
            f"{figures['decisions']:>6,.0f}"
        )
    if compile_cost:
        print()
        cold, cached = compile_cost["cold"], compile_cost["cached"]
        print(
            f"compiled core, once per process: import numba {cold['import']:.2f} s; "
            f"warm_up {cold['warm_up']:.1f} s ({cold['warm_up_cpu']:.1f} s CPU) into an empty "
            f"cache (once per machine), {cached['warm_up']:.2f} s from the cache"
        )


if __name__ == "__main__":
    main()
