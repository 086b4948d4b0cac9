"""Time to the first expert decision and the first hint in a new process (issue 12).

A person who has just installed the game and asks for a hint, or whose table has an expert
bot, waits for whatever the first decision of the process costs: importing the search,
loading its compiled code from numba's disk cache — or compiling it (about 20 s) when the
cache is cold. Each round starts a fresh Python process that deals a 4-player deal of 10
cards, then times, from the start of the process (imports included), its first expert
decision (a card, the bot's default budget) or its first hint (every legal card, the hints'
default play-outs); and the first hint once :func:`ascenseur.bots.readiness.prepare` has run,
as the terminal does in the background when a game opens. The same decision made again in
that process is the reference: the ratio is what being first costs. The target after
``make`` (whose install step warms the cache) is at most 1 s for the first hint.

Run: ``python benchmarks/first_decision.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from ascenseur.bots.readiness import search_is_ready

CHILD = """
import json, random, sys, time
start = time.perf_counter()
from ascenseur.bots import make_bot
from ascenseur.bots.hints import advice
from ascenseur.bots.readiness import prepare
from ascenseur.core import GameState, Rules
from ascenseur.core.observation import observe

def card_view():
    state = GameState.single_deal(Rules(players=4, max_cards=10), 9, dealer=0)
    state.deal(random.Random(7))
    rng = random.Random(1)
    while True:
        view = observe(state, state.current_seat)
        if view.phase.value == "playing" and len(view.legal_actions) > 1 and view.trick:
            return view
        state.apply(rng.choice(view.legal_actions))

mode = sys.argv[1]
view = card_view()
bot = make_bot("expert")
if mode == "prepared":  # what the interfaces do when a game opens, before anyone asks
    prepare()
    start = time.perf_counter()
first = time.perf_counter()
if mode == "decision":
    bot.choose(view, random.Random(2))
else:
    advice(view, random.Random(3))
first = time.perf_counter() - start
again = time.perf_counter()
if mode == "decision":
    bot.choose(view, random.Random(2))
else:
    advice(view, random.Random(3))
print(json.dumps({"first": first, "again": time.perf_counter() - again}))
"""

#: (mode, what it times)
MODES = (
    ("decision", "first expert decision, new process"),
    ("hint", "first hint, new process"),
    ("prepared", "first hint, search prepared at start"),
)


def one_round(mode: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True
    )
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="fresh processes per figure (3)")
    args = parser.parse_args()
    print(f"compiled cache warm before the first round: {search_is_ready()}")
    for mode, label in MODES:
        rounds = [one_round(mode) for _ in range(args.rounds)]
        firsts = [r["first"] for r in rounds]
        first = statistics.median(firsts)
        again = statistics.median(r["again"] for r in rounds)
        print(
            f"{label:>37}: median {first:5.2f} s (min {min(firsts):.2f}, max {max(firsts):.2f})"
            f"; the same again in-process {again:5.2f} s, ratio {first / again:5.1f}"
        )
    print("target after install: the first hint within 1 s")


if __name__ == "__main__":
    main()
