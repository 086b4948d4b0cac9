"""Train a bidding policy by self-play on CPU, then measure it in the arena against ``random``.

    .venv/bin/python examples/train_bidder.py                     # 4 players, max 8 cards
    .venv/bin/python examples/train_bidder.py --games 300 --arena-games 10   # a quick look
    .venv/bin/python examples/train_bidder.py --save bidder.json
    .venv/bin/python examples/train_bidder.py --load bidder.json  # the arena only

The policy (:mod:`ascenseur.rl.bidding`) is a log-linear choice among the legal bids over the
cards in hand and a few public facts, learnt with REINFORCE in the PettingZoo environment, every
seat sharing it; cards are played at random, so whatever it gains over ``random`` comes from
its bids. To compete, it becomes a bot (:class:`ascenseur.rl.bot.PolicyBot`, bidding its most
likely bid) registered as ``rl-bidder``, and ``ascenseur arena`` runs in this process, where
that name is known.

Saved weights also meet any bot in the arena, in as many processes as you like, through the
factory :func:`saved` (the same players and max cards as in training)::

    cd examples
    ASCENSEUR_BIDDER=bidder.json ascenseur arena --candidate train_bidder:saved \
        --reference heuristic --players 4 --max-cards 8 --games 60
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from ascenseur.bots.base import Budget, register
from ascenseur.cli import main as ascenseur
from ascenseur.core.rules import Rules
from ascenseur.rl.bidding import LinearBidder, evaluate, train
from ascenseur.rl.bot import PolicyBot
from ascenseur.rl.encoding import ObservationArrays

BOT_NAME = "rl-bidder"


def as_bot(bidder: LinearBidder) -> PolicyBot:
    """The trained bidder as an arena bot: its most likely bid, then random cards."""

    def policy(arrays: ObservationArrays, rng: random.Random) -> int:
        return bidder.act(arrays, rng, greedy=True)

    return PolicyBot(policy, name=BOT_NAME)


#: The variable that tells :func:`saved` where the weights are (default: bidder.json).
WEIGHTS_VARIABLE = "ASCENSEUR_BIDDER"


def saved() -> PolicyBot:
    """The bidder that ``--save`` wrote, as an arena bot: ``--candidate train_bidder:saved``."""
    path = Path(os.environ.get(WEIGHTS_VARIABLE, "bidder.json"))
    return as_bot(LinearBidder.from_json(json.loads(path.read_text())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-cards", type=int, default=8)
    parser.add_argument("--hook", action="store_true")
    parser.add_argument("--games", type=int, default=3000, help="self-play games (3000)")
    parser.add_argument("--seed", type=int, default=1, help="training seed (1)")
    parser.add_argument("--eval-games", type=int, default=200, help="games per evaluation")
    parser.add_argument("--arena-games", type=int, default=60, help="arena games (60)")
    parser.add_argument("--arena-seed", type=int, default=2026, help="arena deal seed (2026)")
    parser.add_argument("--save", type=Path, help="write the trained weights here (JSON)")
    parser.add_argument("--load", type=Path, help="skip training: use these weights")
    args = parser.parse_args()

    if args.load is not None:
        bidder = LinearBidder.from_json(json.loads(args.load.read_text()))
        rules = bidder.rules
        print(f"loaded {args.load}: {rules.players} players, max {rules.max_cards} cards")
    else:
        rules = Rules(players=args.players, max_cards=args.max_cards, hook=args.hook)
        print(
            f"self-play: {args.games} games, {rules.players} players, max {rules.max_cards} "
            f"cards, hook {'on' if rules.hook else 'off'}, seed {args.seed}"
        )
        start = time.monotonic()
        bidder, history = train(rules, games=args.games, seed=args.seed)
        block = max(1, args.games // 10)
        for i in range(0, len(history), block):
            chunk = history[i : i + block]
            print(
                f"  games {i + 1:>5}-{i + len(chunk):<5} mean points per seat {_mean(chunk):7.2f}"
            )
        print(f"trained in {time.monotonic() - start:.0f} s")
        if args.save is not None:
            args.save.write_text(bidder.dumps() + "\n")
            print(f"weights written to {args.save}")

    untrained = LinearBidder.untrained(rules)
    others = rules.players - 1
    print(f"\nseat 0 against {others} random bots, {args.eval_games} games (the same for each):")
    for label, policy, greedy in (
        ("untrained (uniform bids)", untrained, False),
        ("trained, sampling", bidder, False),
        ("trained, most likely bid", bidder, True),
    ):
        points = evaluate(policy, args.eval_games, seed=args.seed + 1, greedy=greedy)
        print(f"  {label:<26} {points:7.2f} points per game")

    @register(BOT_NAME)
    def _make(budget: Budget) -> PolicyBot:
        return as_bot(bidder)

    print()
    command = [
        "arena",
        "--candidate",
        BOT_NAME,
        "--reference",
        "random",
        "--players",
        str(rules.players),
        "--max-cards",
        str(rules.max_cards),
        "--hook" if rules.hook else "--no-hook",
        "--games",
        str(args.arena_games),
        "--seed",
        str(args.arena_seed),
        "--jobs",
        "1",  # the bot is registered in this process only
    ]
    print("ascenseur " + " ".join(command))
    raise SystemExit(ascenseur(command))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


if __name__ == "__main__":
    main()
