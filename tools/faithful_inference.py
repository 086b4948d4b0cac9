"""The expert with inference from play by a faithful model of the field: what it would be worth.

A model that plays exactly as the heuristic bots do points at the others' real hands far
better than a fitted model of a club player's play (a lab tool measured that, and was dropped
with the fitted model; both are in the history). Asking the heuristic
bot of every hand a search draws costs about 0.4 ms a card, far too much for a search of
thousands of worlds in a second; these bots pay it to measure what it would bring.

At a card decision once another seat has played, the bot builds a pool of :data:`WORLDS`
worlds in Python, seat by seat in the sampler's order (as the expert's own draw does): each
seat gets the one kept of :data:`DRAWS` hands drawn from the cards it may hold, each kept with
a chance in proportion to its weight, and the world weighs the product of the seats' mean
weights. The weight of a hand is how well the seat's bid fits it, as the expert's, and for
``pool_faithful`` also, for each card the seat chose among two or more this deal, 0.95 if the
heuristic bot holding that hand (then) would have played it, else 0.05 shared among the other
legal cards. The compiled search then plays each candidate in each world of the pool once
(no racing). ``pool_bids`` is the same without the play factor: its control, at the same pool.
Bids, and cards before any other seat has played, are the expert's.

To ask the heuristic bot what a seat would have played, the bot needs that seat's view at the
time: the arena's view builder is wrapped to keep every view it builds (as ``oracle_bots``
does for the state); only the public part of another seat's view is used, its hand replaced
by the hand drawn. Run from ``tools/``: ``ascenseur arena --candidate
faithful_inference:pool_faithful --reference heuristic --players 4 --single-deal 14 …``.

Not measured in the arena: ``python tools/faithful_inference.py`` builds both pools at a few
decisions of heuristic deals and prints their effective sizes ((Σw)² / Σw²) and the seconds
each took. The faithful pool's weights collapse — an effective 1 to 2 worlds of 40, against 8
to 24 for the bids' — so its search would rest on one or two worlds, at several seconds a
decision: a useful faithful pool needs many more hands drawn a seat, which this model's cost
forbids. It waits for a model as faithful and a hundred times cheaper.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ascenseur.arena import duplicate
from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.worlds import later_seats_fit
from ascenseur.core.actions import Play
from ascenseur.core.cards import DECK, indices_of
from ascenseur.core.observation import Observation
from ascenseur.core.state import GameState
from ascenseur.core.tricks import NO_LED, legal_mask, trick_summary
from ascenseur.fast import DecisionWorlds
from ascenseur.fast import search as fast_search
from ascenseur.fast.masks import split_all
from ascenseur.search import bid_model
from ascenseur.search.problem import (
    ATTEMPTS,
    Estimate,
    SearchProblem,
    SearchSettings,
    deal_plays,
)

#: Worlds in a pool, and hands drawn for each seat of each (the arena's factories take 40
#: and 4: asking the heuristic bot of every hand drawn costs about 1.5 s a 14-card decision).
WORLDS = 40
DRAWS = 4
#: The faithful model's chance of the card the heuristic bot would play.
FAITHFUL = 0.95

#: The name of the view builder in the arena's game loop (wrapped to keep the views).
VIEW_BUILDER = "observe"
Key = tuple[int, tuple[int | None, ...], tuple[tuple[int, int], ...], int]
#: Every view the arena built: (hand size, bids, plays so far, seat) -> the view.
_VIEWS: dict[Key, Observation] = {}


def _install() -> None:
    """Wrap the arena's view builder so that it keeps every view it builds."""
    observe: Callable[[GameState, int | None], Observation] = getattr(duplicate, VIEW_BUILDER)
    if getattr(observe, "keeps_views", False):
        return

    def keeping(state: GameState, seat: int | None) -> Observation:
        view = observe(state, seat)
        if seat is not None:
            _VIEWS[view.hand_size, view.bids, deal_plays(view), seat] = view
        return view

    keeping.keeps_views = True  # type: ignore[attr-defined]
    setattr(duplicate, VIEW_BUILDER, keeping)


class PoolExpert(ExpertBot):
    """The expert whose card decisions search a pool of worlds built in Python (see the
    module's docstring); ``faithful``: hands also weigh the heuristic bot's agreement."""

    def __init__(
        self, budget: Budget, faithful: bool, worlds: int = WORLDS, draws: int = DRAWS
    ) -> None:
        super().__init__(budget)
        self.faithful = faithful
        self.pool_worlds = worlds
        self.pool_draws = draws
        self.heuristic = HeuristicBot()
        self.name = "pool-faithful" if faithful else "pool-bids"
        _install()

    def estimates(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        others = [seat for seat, _ in problem.plays if seat != problem.seat]
        if problem.bidding or not others or not self.compiled:
            return super().estimates(problem, settings, rng, worlds)
        pool = self.pool(problem, settings, rng)
        once = replace(settings, iterations=self.pool_worlds * len(problem.candidates), race=None)
        return fast_search.assess(problem, once, rng, pool)

    def pool(
        self, problem: SearchProblem, settings: SearchSettings, rng: random.Random
    ) -> tuple[np.ndarray, np.ndarray]:
        """``self.pool_worlds`` worlds drawn seat by seat, and their weights."""
        spec = problem.spec
        n = len(spec.counts)
        events = self.events(problem)
        worlds: list[list[int]] = []
        weights: list[float] = []
        for _ in range(ATTEMPTS * self.pool_worlds):
            if len(worlds) == self.pool_worlds:
                break
            hands = [0] * n
            hands[spec.seat] = spec.own
            remaining = spec.unseen
            weight = 1.0
            for position, who in enumerate(spec.order):
                cards = indices_of(spec.allowed[who] & remaining)
                count = spec.counts[who]
                if len(cards) < count:
                    break
                total = 0.0
                kept = 0
                for _ in range(self.pool_draws):
                    hand = sum(1 << i for i in rng.sample(cards, count))
                    w = self.hand_weight(problem, settings, events, who, hand, rng)
                    total += w
                    if rng.random() * total < w:
                        kept = hand
                weight *= total / self.pool_draws
                hands[who] = kept
                remaining &= ~kept
                if not later_seats_fit(spec, position, remaining):
                    break
            else:
                worlds.append(hands)
                weights.append(weight)
        pool = np.stack([split_all(hands) for hands in worlds])
        return pool, np.array(weights, np.float64)

    def events(self, problem: SearchProblem) -> dict[int, list[tuple[Observation, int, int]]]:
        """For each other seat, its cards this deal: the view it chose from, the card, and the
        cards it played from then on (a card whose view the arena did not build is left out)."""
        out: dict[int, list[tuple[Observation, int, int]]] = {}
        plays = problem.plays
        for j, (seat, card) in enumerate(plays):
            if seat == problem.seat:
                continue
            view = _VIEWS.get((problem.hand_size, problem.bids, plays[:j], seat))
            if view is None:
                continue
            later = 0
            for s2, c2 in plays[j:]:
                if s2 == seat:
                    later |= 1 << c2
            out.setdefault(seat, []).append((view, card, later))
        return out

    def hand_weight(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        events: dict[int, list[tuple[Observation, int, int]]],
        who: int,
        hand: int,
        rng: random.Random,
    ) -> float:
        """How well seat ``who``'s bid (and, if faithful, its cards) fit ``hand`` (now)."""
        bid = problem.bids[who]
        if bid is None:
            return 1.0
        model = bid_model.model(len(problem.bids))
        miss = bid - model.expected(hand | problem.shown[who], problem.hand_size)
        log_weight = -miss * miss * settings.inverse_variance
        if self.faithful:
            for view, card, later in events.get(who, []):
                held = hand | later
                trick = [c.index for _, c in view.trick]
                led, high, _, _ = trick_summary(trick) if trick else (NO_LED, 0, -1, -1)
                legal = legal_mask(held, len(trick), led, high, view.rules.lead_restriction)
                m = legal.bit_count()
                if m < 2:
                    continue
                asked = replace(
                    view,
                    hand=tuple(DECK[i] for i in indices_of(held)),
                    legal_actions=tuple(Play(DECK[i]) for i in indices_of(legal)),
                )
                chosen = self.heuristic.choose(asked, rng)
                faithful = isinstance(chosen, Play) and chosen.card.index == card
                log_weight += math.log(FAITHFUL if faithful else (1 - FAITHFUL) / (m - 1))
        return math.exp(max(log_weight, -700.0))


def pool_faithful(budget: Budget) -> ExpertBot:
    """Worlds weigh the heuristic bot's agreement with the others' cards so far."""
    return PoolExpert(budget, faithful=True)


def pool_bids(budget: Budget) -> ExpertBot:
    """The same pool of worlds, weighed by the bids alone: the control."""
    return PoolExpert(budget, faithful=False)


def main() -> None:
    """Both pools' effective sizes and costs at tricks 4, 8 and 12 of 14-card deals."""
    import argparse
    import time

    from ascenseur.core.rules import Rules

    parser = argparse.ArgumentParser(description="effective size and cost of both pools")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rules = Rules(players=4)
    builder = getattr(duplicate, VIEW_BUILDER)
    for faithful in (False, True):
        bot = PoolExpert(Budget(iterations=40), faithful=faithful)
        heuristic = HeuristicBot()
        rng = random.Random(args.seed)
        rows = []
        for game in range(args.deals):
            state = GameState.single_deal(rules, rules.schedule.index(14), dealer=game % 4)
            state.deal(rng)
            while not state.is_terminal():
                seat = state.current_seat
                assert seat is not None
                view = getattr(duplicate, VIEW_BUILDER)(state, seat)
                plays = [a for a in view.legal_actions if isinstance(a, Play)]
                if seat == 0 and len(plays) > 1 and len(view.tricks) in (3, 7, 11):
                    problem = SearchProblem.of(view)
                    started = time.perf_counter()
                    weights = bot.pool(problem, bot.settings(problem), rng)[1]
                    seconds = time.perf_counter() - started
                    size = float(weights.sum() ** 2 / (weights**2).sum())
                    rows.append(f"trick {len(view.tricks) + 1}: {size:.1f} ({seconds:.2f} s)")
                state.apply(heuristic.choose(view, rng))
        name = "pool_faithful" if faithful else "pool_bids"
        print(f"{name}, effective worlds of {WORLDS}: " + ", ".join(rows))
    setattr(duplicate, VIEW_BUILDER, builder)


if __name__ == "__main__":
    main()
