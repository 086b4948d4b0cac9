"""How long a game review takes, and whether it tells good play from bad (issue 59).

Two whole games of the seed's rules at 4 players (19 cards at the peak, RULES.md D5: 37 deals)
are played by the project's own simulation (:func:`ascenseur.simulation.play_game`) from the
same seed, seats 1-3 by the heuristic (club) bot, and seat 0 by the expert at the review's
budget in one and by the ``random`` bot in the other. Seat 0 is then reviewed in each at the
review's budget, in ``--jobs`` processes, with no cache. Printed: the wall time of each review
(the issue's target: at most three minutes on a two-core machine at the default budget), its
decisions, and the mean expected points lost per weighed decision of the expert's seat against
the random bot's, with their ratio. Nothing is asserted.

    .venv/bin/python benchmarks/review.py                 # the issue's figures
    .venv/bin/python benchmarks/review.py --max-cards 6   # a quick look
"""

from __future__ import annotations

import argparse
import os
import random
import time

from ascenseur.bots.base import Budget, make_bot
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.review import BUDGETS, DEFAULT_BUDGET, budget_of, review_state
from ascenseur.review.format import Review
from ascenseur.simulation import play_game


def play(rules: Rules, seat0: str, playouts: int, seed: int) -> tuple[GameState, float]:
    bots = [make_bot(seat0, Budget(iterations=playouts))] + [make_bot("heuristic")] * 3
    start = time.perf_counter()
    game = play_game(rules, bots, random.Random(seed), first_dealer=0)
    return game, time.perf_counter() - start


def mean_loss(review: Review) -> tuple[float, int, float]:
    """Mean points lost per weighed decision of seat 0, the decisions weighed, best share."""
    summary = review.seat(0).summary
    return summary.lost / max(1, summary.weighed), summary.weighed, summary.best_share or 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-cards", type=int, default=19)
    parser.add_argument("--budget", default=DEFAULT_BUDGET, help=f"{', '.join(BUDGETS)} or N")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=59)
    args = parser.parse_args()
    budget = budget_of(args.budget)
    rules = Rules(players=4, max_cards=args.max_cards)
    print(
        f"4 players, max_cards {args.max_cards} ({rules.deal_count} deals), budget "
        f"{budget.name or '-'}: {budget.playouts} play-outs a card, {budget.bid_playouts} a bid, "
        f"jobs {args.jobs}, {os.cpu_count()} CPUs"
    )
    rows = []
    for seat0 in ("expert", "random"):
        game, played = play(rules, seat0, budget.playouts, args.seed)
        start = time.perf_counter()
        review = review_state(game, [0], budget=budget, seed=0, jobs=args.jobs)
        seconds = time.perf_counter() - start
        loss, weighed, best = mean_loss(review)
        decisions = sum(len(d.decisions) for d in review.seat(0).deals)
        rows.append((seat0, seconds, decisions, weighed, loss, best, played))
        print(
            f"seat 0 {seat0:>6}: review {seconds:6.1f} s wall for {decisions} decisions "
            f"({weighed} weighed, {seconds / max(1, weighed):.2f} s each); mean loss "
            f"{loss:.3f} points per weighed decision, best {100 * best:.0f}%; "
            f"total lost {review.seat(0).summary.lost:.1f}, score {game.totals[0]} "
            f"(game played in {played:.0f} s)"
        )
    expert, randomly = rows[0][4], rows[1][4]
    ratio = randomly / expert if expert > 0 else float("inf")
    print(f"random's mean loss per decision is {ratio:.1f} times the expert's")
    print(f"the expert seat's review took {rows[0][1]:.1f} s (target: at most 180 s)")


if __name__ == "__main__":
    main()
