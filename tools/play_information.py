"""How much the others' cards so far tell about their hands, under three models of their play.

Heuristic bots play single deals (4 players). At each card seat 0 chooses among two or more
from the ``--after``-th trick on, for each other seat that has played: ``--hands`` hands are
drawn uniformly from the cards it may hold (seat 0's view: voids, cards seen) and weighed
(importance sampling), and this prints the weighted share of the seat's real cards a drawn
hand holds — the more, the more the weights point at the real hand — for four weights:

* ``uniform`` — every hand alike;
* ``bids`` — how well the seat's bid fits the hand, as the expert weighs it
  (:func:`ascenseur.bots.expert.guess_bids`, its σ);
* ``logit`` — that, times the chance of the seat's cards so far under the fitted model of a
  club player's play (:mod:`ascenseur.fast.play_model`), as the expert with
  ``play_inference=1`` weighs them;
* ``exact`` — the bids', times, for each card the seat chose among two or more, 0.95 if the
  heuristic bot — the very player the seats are — holding that hand would have played it, else
  0.05 shared among the other legal cards: what a faithful model of this field would say.

Run: ``python tools/play_information.py [--deals 6] [--hands 300] [--after 3] [--seed 17]``
(each decision costs about two seconds: the heuristic bot is asked of every hand drawn).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from dataclasses import dataclass, replace

import numpy as np

from ascenseur.bots.expert import SIGMA_FACTOR
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.cards import DECK, indices_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.core.tricks import NO_LED, legal_mask, trick_summary
from ascenseur.fast.masks import split
from ascenseur.fast.play_model import FEATURES, MOST, model, play_log_chance
from ascenseur.search import bid_model
from ascenseur.search.problem import SearchProblem

PLAYERS = 4
CARDS = 14
#: The exact model's chance of the card the heuristic bot would play.
FAITHFUL = 0.95
WEIGHTS = ("uniform", "bids", "logit", "exact")


@dataclass(frozen=True, slots=True)
class Event:
    """A card a seat played: its view then, the card, and what the play model reads of the
    position."""

    view: Observation
    card: int
    gone: int
    trick: list[int]
    need: int


def seat_shares(
    events: list[Event], later: list[int], truth: int, pool: list[int], bid: int, shown: int,
    hands: int, rng: random.Random,
) -> dict[str, float]:  # fmt: skip
    """The weighted share of ``truth`` held by ``hands`` hands drawn from ``pool``, under each
    weight of :data:`WEIGHTS`; ``later[e]`` is event e's card and the seat's later ones."""
    bot = HeuristicBot()
    weights, floor = model()
    cards = np.empty(MOST, np.int64)
    out = np.empty((MOST, FEATURES + 1), np.float64)
    bids = bid_model.model(PLAYERS)
    inverse_variance = 1.0 / (2.0 * (SIGMA_FACTOR * bids.sigma) ** 2)
    count = truth.bit_count()
    rows: list[tuple[float, float, float, float]] = []
    for _ in range(hands):
        hand = sum(1 << i for i in rng.sample(pool, count))
        miss = bid - bids.expected(hand | shown, CARDS)
        log_bids = -miss * miss * inverse_variance
        log_logit = 0.0
        log_exact = 0.0
        for event, after in zip(events, later, strict=True):
            held = hand | after
            row = np.zeros(PLAYERS, np.int64)
            row[: len(event.trick)] = event.trick
            log_logit += play_log_chance(
                *split(held), *split(event.gone), row, len(event.trick), PLAYERS, event.need,
                event.card, weights, floor, cards, out,
            )  # fmt: skip
            led, high, _, _ = trick_summary(event.trick) if event.trick else (NO_LED, 0, -1, -1)
            legal = legal_mask(held, len(event.trick), led, high)
            m = legal.bit_count()
            if m < 2:
                continue
            view = replace(
                event.view,
                hand=tuple(DECK[i] for i in indices_of(held)),
                legal_actions=tuple(Play(DECK[i]) for i in indices_of(legal)),
            )
            chosen = bot.choose(view, rng)
            assert isinstance(chosen, Play)
            faithful = chosen.card.index == event.card
            log_exact += math.log(FAITHFUL if faithful else (1 - FAITHFUL) / (m - 1))
        share = (hand & truth).bit_count() / count
        rows.append((share, log_bids, log_bids + log_logit, log_bids + log_exact))
    out_shares = {}
    for k, name in enumerate(WEIGHTS):
        logs = [0.0 if k == 0 else r[k] for r in rows]
        top = max(logs)
        w = [math.exp(x - top) for x in logs]
        out_shares[name] = sum(wi * r[0] for wi, r in zip(w, rows, strict=True)) / sum(w)
    return out_shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--after", type=int, default=3, help="from this trick on (3)")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    rules = Rules(players=PLAYERS)
    bot = HeuristicBot()
    rng = random.Random(args.seed)
    shares: dict[str, list[float]] = {name: [] for name in WEIGHTS}
    for game in range(args.deals):
        state = GameState.single_deal(rules, rules.schedule.index(CARDS), dealer=game % PLAYERS)
        state.deal(rng)
        events: dict[int, list[Event]] = {s: [] for s in range(PLAYERS)}
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            action = bot.choose(view, rng)
            chooses = isinstance(action, Play) and len(view.legal_actions) > 1
            if chooses and seat == 0 and len(view.tricks) >= args.after:
                problem = SearchProblem.of(view)
                for other in range(1, PLAYERS):
                    mine = events[other]
                    bid = state.bids[other]
                    if not mine or bid is None:
                        continue
                    played = [e.card for e in mine]
                    later = [sum(1 << c for c in played[i:]) for i in range(len(played))]
                    pool = indices_of(problem.spec.allowed[other] & problem.spec.unseen)
                    got = seat_shares(
                        mine, later, state.hand_mask(other), pool, bid, problem.shown[other],
                        args.hands, rng,
                    )  # fmt: skip
                    for name in WEIGHTS:
                        shares[name].append(got[name])
            if isinstance(action, Play):  # every card (one without a choice weighs 1)
                bid = state.bids[seat]
                assert bid is not None
                trick = [c.index for _, c in state.trick]
                need = bid - state.tricks_won[seat]
                events[seat].append(Event(view, action.card.index, view.played_mask, trick, need))
            state.apply(action)
    print(
        f"{len(shares['uniform'])} (decision, other seat) pairs, {args.deals} deals of {CARDS} "
        f"cards, {args.hands} hands drawn each"
    )
    print("share of the seat's real cards a hand holds, by weight:")
    for name in WEIGHTS:
        values = shares[name]
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        print(f"  {name:<8} {statistics.mean(values):.3f} ± {half:.3f}")


if __name__ == "__main__":
    main()
