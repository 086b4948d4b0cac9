"""What one bid tells of a hand: the heuristic's own bidding against the expert's bid model.

``python tools/bid_information.py [--cards 14] [--deals 6] [--draws 600] [--seed 3]`` plays
the bids of heuristic single deals (4 players). From the dealer's seat (the last to bid), for
each other seat it draws ``--draws`` hands uniformly from the cards the dealer has not seen
and weighs each three ways: uniform; the expert's bid model (the normal error of σ =
:data:`~ascenseur.bots.expert.SIGMA_FACTOR` times the model's residual around the hand's
expected bid); the heuristic's own bid (0.95 when the heuristic holding that hand would have
bid what the seat bid, else 0.05 shared among the other bids). It prints the weighted share
of the seat's real cards in the drawn hands (how well each weight places them) and the
weighted draws' worth (Kish's effective sample size).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from dataclasses import replace

from ascenseur.bots.card_counting import count_cards
from ascenseur.bots.expert import SIGMA_FACTOR
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.heuristic_bidding import choose_bid
from ascenseur.core.cards import DECK, DECK_SIZE, indices_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.search import bid_model

PLAYERS = 4
FAITHFUL = 0.95


def heuristic_bid(bot: HeuristicBot, view: Observation, hand: int) -> int:
    """The bid the heuristic bot makes from ``view`` holding ``hand`` instead."""
    held = replace(view, hand=tuple(DECK[i] for i in indices_of(hand)))
    return choose_bid(held, count_cards(held), bot.params, bot.model).value


def weighted(weights: list[float], values: list[float]) -> tuple[float, float]:
    """The weighted mean of ``values`` and the weights' worth (Σw)² / Σw²."""
    total = sum(weights)
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    return mean, total * total / sum(w * w for w in weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--draws", type=int, default=600)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = Rules(players=PLAYERS)
    bot = HeuristicBot()
    model = bid_model.model(PLAYERS)
    sigma = SIGMA_FACTOR * model.sigma
    rng = random.Random(args.seed)
    names = ("uniform", "bid model", "heuristic's bid")
    right: dict[str, list[float]] = {name: [] for name in names}
    worth: dict[str, list[float]] = {name: [] for name in names}
    for game in range(args.deals):
        dealer = game % PLAYERS
        state = GameState.single_deal(rules, rules.schedule.index(args.cards), dealer=dealer)
        state.deal(rng)
        views: dict[int, Observation] = {}
        while state.phase is Phase.BIDDING:
            seat = state.current_seat
            assert seat is not None
            views[seat] = observe(state, seat)
            state.apply(bot.choose(views[seat], rng))
        seen = state.hand_mask(dealer)
        pool = [i for i in range(DECK_SIZE) if not seen >> i & 1]
        for seat, view in views.items():
            if seat == dealer:
                continue
            real, bid = state.hand_mask(seat), state.bids[seat]
            assert bid is not None
            weights: dict[str, list[float]] = {name: [] for name in names}
            shares: list[float] = []
            for _ in range(args.draws):
                hand = sum(1 << i for i in rng.sample(pool, args.cards))
                miss = bid - model.expected(hand, args.cards)
                same = heuristic_bid(bot, view, hand) == bid
                weights["uniform"].append(1.0)
                weights["bid model"].append(math.exp(-miss * miss / (2 * sigma * sigma)))
                weights["heuristic's bid"].append(FAITHFUL if same else (1 - FAITHFUL) / args.cards)
                shares.append((hand & real).bit_count() / args.cards)
            for name in names:
                mean, kish = weighted(weights[name], shares)
                right[name].append(mean)
                worth[name].append(kish)
    print(
        f"{len(right['uniform'])} bids of {args.deals} deals of {args.cards} cards, "
        f"{args.draws} hands drawn for each, from the dealer's seat"
    )
    for name in names:
        print(
            f"  {name:<16} right {statistics.mean(right[name]):.3f}, "
            f"worth {statistics.mean(worth[name]):.0f}"
        )


if __name__ == "__main__":
    main()
