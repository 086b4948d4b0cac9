"""The expert's decision times over a fixed set of deals, and a digest of what it decided.

Plays ``--deals`` single deals of ``--cards`` cards at a table of ``--players`` (seeded), the
expert in every seat with its default budget, and times each decision that has a choice
(bids and cards apart). The digest is a hash of every action chosen: two versions of the
search that print the same digest decided the same thing in every position, so a change
meant only to make the search faster is checked by the same command that times it.

Run: ``python benchmarks/expert_decisions.py [--players 4] [--cards 14] [--deals 8]
[--seed 1] [--bot expert] [--seconds S]``. Times depend on what else the machine runs (``env``
says how many cores). ``--bot`` times another bot (a registered name or ``module:factory``,
e.g. ``ladder_bots:expert_unmodelled`` with ``examples`` on ``PYTHONPATH``); ``--seconds``
gives it a time budget a decision instead of its default one, and then the digest says
nothing (a search stopped by the clock decides by how far it got).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time

from ascenseur import fast
from ascenseur.bots.base import Budget, forced
from ascenseur.bots.outside import load_bot
from ascenseur.core.actions import Bid
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(
    players: int, cards: int, deals: int, seed: int, bot_name: str = "expert",
    seconds: float | None = None,
) -> tuple[dict[str, list[float]], str]:  # fmt: skip
    """Decision times (seconds) by kind, and the digest of every action chosen."""
    rules = Rules(players=players)
    index = rules.schedule.index(cards)
    bot = load_bot(bot_name, Budget(seconds=seconds))
    times: dict[str, list[float]] = {"bid": [], "card": []}
    digest = hashlib.sha256()
    deal_rng = random.Random(seed)
    for deal in range(deals):
        state = GameState.single_deal(rules, index, dealer=deal % players)
        state.deal(deal_rng)
        bot_rng = random.Random(seed * 1000 + deal)
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            start = time.perf_counter()
            action = bot.choose(view, bot_rng)
            elapsed = time.perf_counter() - start
            if forced(view) is None:
                times["bid" if isinstance(action, Bid) else "card"].append(elapsed)
            digest.update(repr(action).encode())
            state.apply(action)
    return times, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=14, help="the deals' hand size (14)")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="expert", help="the bot to time (expert)")
    parser.add_argument("--seconds", type=float, help="a time budget a decision (none)")
    args = parser.parse_args()
    if args.seconds is not None and not args.seconds > 0:
        raise SystemExit(f"--seconds: a budget is more than 0 seconds, not {args.seconds}")
    try:
        rules = Rules(players=args.players)
    except ValueError as err:
        raise SystemExit(f"--players: {err}") from None
    if args.cards not in rules.schedule:
        raise SystemExit(f"--cards: {args.players} players have hands of 1 to {rules.max_cards}")
    if args.deals < 1:
        raise SystemExit(f"--deals: at least 1 deal is needed, not {args.deals}")
    if fast.enabled():
        fast.warm_up()  # compile or load the search first: its first decision is not timed
    start = time.perf_counter()
    try:
        times, digest = run(args.players, args.cards, args.deals, args.seed, args.bot, args.seconds)
    except AscenseurError as err:
        raise SystemExit(f"--bot: {err}") from None
    total = time.perf_counter() - start
    budget = "" if args.seconds is None else f", {args.seconds} s a decision"
    print(
        f"{args.bot}{budget}: {args.deals} deals of {args.cards} cards at {args.players} "
        f"players, seed {args.seed}: {total:.1f} s in all; choices digest {digest}"
    )
    for kind, values in times.items():
        if values:
            print(
                f"  {kind:4}  {len(values):5} decisions  mean {statistics.fmean(values):.3f} s"
                f"  p50 {quantile(values, 0.5):.3f} s  p95 {quantile(values, 0.95):.3f} s"
                f"  max {max(values):.3f} s"
            )


if __name__ == "__main__":
    main()
