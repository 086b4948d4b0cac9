"""The heuristic bot's card play against its compiled twin: agreement and time a decision.

Plays ``--deals`` single deals of ``--cards`` cards at a table of ``--players`` (seeded)
between heuristic bots; at every card chosen among two or more it asks the compiled twin
(:mod:`ascenseur.fast.heuristic`) as well, and prints how often the two agree and the time of
a decision of each: the bot's (Python, from its view), the twin's called from Python, and the
twin's inside compiled code (a compiled loop over every position, the way the chain of
:mod:`ascenseur.fast.chain` asks it).

Run: ``python benchmarks/heuristic_twin.py [--players 4] [--cards 14] [--deals 30] [--seed 3]``
(the first run on a machine compiles for about half a minute). Times depend on what else the
machine runs.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import astuple

import numba
import numpy as np

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast.heuristic import Position, Scratch, choose, choose_in, hand_row
from ascenseur.fast.masks import Floats, Int64s
from ascenseur.fast.play import scoring_array
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS


# Not cached on disk: a cached copy keeps the choice it was compiled with, and only the
# package's own cache is dropped when its sources change (ascenseur.fast._jit).
@numba.njit(nogil=True)
def _ask_all(
    hands: Int64s, gone: Int64s, tricks: Int64s, trick_lens: Int64s, seats: Int64s,
    counts: Int64s, voids: Int64s, ceilings: Int64s, eager: Floats, bids: Int64s, needs: Int64s,
    params: Floats, scoring: Int64s, lead_restriction: bool, s: Scratch,
) -> int:  # fmt: skip
    """Every position's choice, in compiled code; returns a checksum of the cards."""
    total = 0
    for p in range(hands.shape[0]):
        total += choose(
            hands[p], gone[p, 0], gone[p, 1], tricks[p], trick_lens[p], seats[p], counts[p],
            voids[p], ceilings[p], eager[p], bids[p], needs[p], params, scoring, lead_restriction,
            s,
        )  # fmt: skip
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    params = np.array(astuple(DEFAULT_PARAMS), np.float64)
    rules = Rules(players=args.players)
    bot = HeuristicBot()
    rng = random.Random(args.seed)
    scratch = Scratch.of(args.players)
    positions: list[tuple[Position, Int64s]] = []
    bot_seconds = 0.0
    same = 0
    for game in range(args.deals):
        state = GameState.single_deal(
            rules, rules.schedule.index(args.cards), dealer=game % args.players
        )
        state.deal(rng)
        while not state.is_terminal():
            view = observe(state, state.current_seat)
            started = time.perf_counter()
            action = bot.choose(view, rng)
            elapsed = time.perf_counter() - started
            if isinstance(action, Play) and len(view.legal_actions) > 1:
                bot_seconds += elapsed
                position = Position.of(view, params)
                hand = hand_row(view.hand_mask)
                positions.append((position, hand))
                same += choose_in(position, hand, params, scratch) == action.card.index
            state.apply(action)
    count = len(positions)
    started = time.perf_counter()
    for position, hand in positions:
        choose_in(position, hand, params, scratch)
    called = (time.perf_counter() - started) / count
    arrays = (
        np.array([hand for _, hand in positions]),
        np.array([(p.gone_low, p.gone_high) for p, _ in positions], np.int64),
        np.array([p.trick for p, _ in positions]),
        np.array([p.trick_len for p, _ in positions], np.int64),
        np.array([p.seat for p, _ in positions], np.int64),
        np.array([p.counts for p, _ in positions]),
        np.array([p.voids for p, _ in positions]),
        np.array([p.ceilings for p, _ in positions]),
        np.array([p.eager for p, _ in positions]),
        np.array([p.bid for p, _ in positions], np.int64),
        np.array([p.need for p, _ in positions], np.int64),
    )
    scoring = scoring_array(rules.scoring)
    lead_restriction = rules.lead_restriction
    _ask_all(*arrays, params, scoring, lead_restriction, scratch)  # compiled before it is timed
    started = time.perf_counter()
    _ask_all(*arrays, params, scoring, lead_restriction, scratch)
    inside = (time.perf_counter() - started) / count
    print(
        f"{count} card decisions with a choice, {args.deals} deals of {args.cards} cards at "
        f"{args.players} players: the twin plays the bot's card in {same} ({same / count:.1%})"
    )
    print(
        f"  a decision: the bot {bot_seconds / count * 1e6:.0f} µs, the twin called from Python "
        f"{called * 1e6:.1f} µs, in compiled code {inside * 1e6:.1f} µs"
    )


if __name__ == "__main__":
    main()
