"""The expert's search in pure Python: the reference the compiled core is the twin of.

Perfect-information Monte Carlo over the worlds consistent with one seat's view
(:class:`~ascenseur.search.problem.SearchProblem`): draw a world (:func:`draw`, weighing
it by how well the other seats' bids fit their hands, :func:`guess_bids`), play each
candidate in it to the end of the deal (:mod:`~ascenseur.search.rollout`, or the exact
endgame :mod:`~ascenseur.search.endgame` once few cards are left), and keep each candidate's
weighted mean score. :func:`assess` is the loop; :func:`ascenseur.fast.search.assess` runs the
same loop compiled, and the differential tests (``tests/test_fast_core.py``) are the contract
between the two: the same problem, settings and seed give the same estimates.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ascenseur.core.cards import indices_of
from ascenseur.core.scoring import deal_score
from ascenseur.search import bid_model
from ascenseur.search.endgame import solve
from ascenseur.search.problem import (
    ATTEMPTS,
    LOG_WEIGHT_FLOOR,
    Estimate,
    SearchProblem,
    SearchSettings,
)
from ascenseur.search.racing import Race, Tally
from ascenseur.search.rollout import Position, playout
from ascenseur.search.worlds import later_seats_fit, sample_world

__all__ = ["assess", "draw", "guess_bids"]


def guess_bids(
    problem: SearchProblem, dealt: Sequence[int], inverse_variance: float
) -> tuple[list[int], float]:
    """Every seat's bid — the real one where made, else the bid its ``dealt`` hand is expected
    to get (:mod:`~ascenseur.search.bid_model`) — and the world's weight: how well the other
    seats' real bids fit their hands.

    ``inverse_variance`` is 1 / (2 σ²) (0: no inference, every world weighs 1). The searching
    seat's own bid, if not made, is 0 here: the search sets it.
    """
    k = problem.hand_size
    model = bid_model.model(len(dealt))
    bids = []
    log_weight = 0.0
    for seat, bid in enumerate(problem.bids):
        if seat == problem.seat:
            bids.append(0 if bid is None else bid)
            continue
        expected = model.expected(dealt[seat], k)
        if bid is None:
            bids.append(min(k, max(0, round(expected))))
            continue
        bids.append(bid)
        miss = bid - expected
        log_weight -= miss * miss
    return bids, math.exp(max(log_weight * inverse_variance, -LOG_WEIGHT_FLOOR))


def assess(problem: SearchProblem, settings: SearchSettings, rng: random.Random) -> list[Estimate]:
    """Each candidate of ``problem`` with its weighted mean score over sampled worlds, and
    the weighted share of them in which the seat takes exactly its bid.

    The pure-Python loop; :func:`ascenseur.fast.search.assess` is its compiled twin. Every
    candidate meets the same worlds (common random numbers) while it runs; with
    ``settings.race``, those clearly behind stop early (:mod:`~ascenseur.search.racing`).
    Deterministic given ``rng`` when ``settings.seconds`` is None. Each estimate's ``tricks``
    is the weighted share of its worlds by the tricks the seat ends the deal with.
    """
    deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
    race = Race(len(problem.candidates), settings.iterations, settings.race)
    tally = Tally.of(len(problem.candidates))
    exact = [0.0] * len(problem.candidates)
    taken = [[0.0] * (problem.hand_size + 1) for _ in problem.candidates]
    out_of_time = False
    while not out_of_time and (worlds := race.chunk()) > 0:
        for _ in range(worlds):
            hands, bids, weight = draw(problem, settings, rng)
            # The others' noise of this world, the same for every candidate (settings.noise).
            noise = rng.getrandbits(64) if settings.noise > 0.0 else None
            outcomes = [
                _play(problem, settings, hands, bids, problem.candidates[i], noise)
                for i in race.running
            ]
            tally.add(weight, race.running, [score for score, _, _ in outcomes])
            for i, (_, made, won) in zip(race.running, outcomes, strict=True):
                if made:
                    exact[i] += weight
                taken[i][won] += weight
            race.played_worlds(1)
            if deadline is not None and time.perf_counter() >= deadline:
                out_of_time = True
                break
        if race.due:
            race.check(tally)
    race.finish(tally.weight)
    return [
        Estimate(
            action,
            tally.sums[i] / race.weights[i],
            exact[i] / race.weights[i],
            race.worlds[i],
            tuple(t / race.weights[i] for t in taken[i]),
        )
        for i, action in enumerate(problem.actions)
    ]


def draw(
    problem: SearchProblem, settings: SearchSettings, rng: random.Random
) -> tuple[list[int], list[int], float]:
    """One world to search: its hands, every seat's bid (:func:`guess_bids`) and its weight.

    With ``settings.draws`` > 1, each seat that has bid gets the one kept of that many hands
    drawn for it, each with a chance in proportion to how well its bid fits it
    (:func:`_draw_by_seat`); when worlds are too tight to draw, whole worlds are built and one
    of ``draws`` kept by weight. Either way the kept world weighs the mean weight of what was
    drawn, so that weighted means over kept worlds estimate what they do over drawn ones.
    """
    if settings.draws > 1:
        by_seat = _draw_by_seat(problem, settings, rng)
        if by_seat is not None:
            hands, weight = by_seat
            dealt = [hand | cards for hand, cards in zip(hands, problem.shown, strict=True)]
            return hands, guess_bids(problem, dealt, 0.0)[0], weight
    total = 0.0
    kept: tuple[list[int], list[int]] = ([], [])
    for _ in range(settings.draws):
        hands = sample_world(problem.spec, rng)
        dealt = [hand | cards for hand, cards in zip(hands, problem.shown, strict=True)]
        bids, weight = guess_bids(problem, dealt, settings.inverse_variance)
        total += weight
        if settings.draws == 1 or rng.random() * total < weight:
            kept = hands, bids
    return kept[0], kept[1], total / settings.draws


def _draw_by_seat(
    problem: SearchProblem, settings: SearchSettings, rng: random.Random, attempts: int = ATTEMPTS
) -> tuple[list[int], float] | None:
    """A world drawn seat by seat and its weight; None if ``attempts`` attempts fail.

    Seats are filled in the sampler's order (:mod:`~ascenseur.search.worlds`), each hand drawn
    uniformly from the cards the seat may hold; a seat that has bid gets the one kept of
    ``settings.draws`` hands drawn, each with a chance in proportion to how well its bid fits
    it, and the world weighs the product of those seats' mean weights (sequential importance
    resampling: the weights factor by seat). :func:`ascenseur.fast.search.draw` is its twin.
    """
    spec = problem.spec
    model = bid_model.model(len(spec.counts))
    k = problem.hand_size
    for _ in range(attempts):
        hands = list(spec.known)
        remaining = spec.unseen
        weight = 1.0
        for position, who in enumerate(spec.order):
            pool = indices_of(spec.allowed[who] & remaining)
            count = spec.counts[who]
            if len(pool) < count:
                break
            # A bid weighs the hands its seat knew; the searching seat's own blind card (H5)
            # is no part of what it bid on.
            bid = None if who == spec.seat else problem.bids[who]
            tries = 1 if bid is None else settings.draws
            total = 0.0
            kept = 0
            for _ in range(tries):
                chosen = 0
                for index in rng.sample(pool, count):
                    chosen |= 1 << index
                if bid is None:
                    kept = chosen
                    break
                miss = bid - model.expected(chosen | problem.shown[who], k)
                seat_weight = math.exp(
                    max(-miss * miss * settings.inverse_variance, -LOG_WEIGHT_FLOOR)
                )
                total += seat_weight
                if rng.random() * total < seat_weight:
                    kept = chosen
            if bid is not None:
                weight *= total / tries
            remaining &= ~kept
            hands[who] |= kept
            if not later_seats_fit(spec, position, remaining):
                break
        else:
            return hands, weight
    return None


def _play(
    problem: SearchProblem,
    settings: SearchSettings,
    hands: list[int],
    bids: list[int],
    candidate: int,
    noise: int | None = None,
) -> tuple[int, bool, int]:
    """The searching seat's score for ``candidate`` (a bid or a card) in one world, under the
    rule set's scoring table, whether it made its bid exactly, and the tricks it took;
    ``noise`` seeds the other seats' random cards in a nested play-out (``settings.noise``)."""
    me = problem.seat
    first = -1
    if problem.bidding:
        bids = bids.copy()
        bids[me] = candidate
    else:
        first = candidate
    start = Position(
        hands.copy(),
        problem.to_act,
        list(problem.trick),
        list(problem.tricks_won),
        bids,
        problem.tricks_left,
        problem.scoring,
        problem.lead_restriction,
    )
    if problem.solved_exactly(settings):
        won = solve(start, first)
    elif settings.nested and noise is not None:
        won = playout(start, first, me, settings.noise, random.Random(noise))
    elif settings.nested:
        won = playout(start, first, me)
    else:
        won = playout(start, first)
    return deal_score(problem.scoring, bids[me], won[me]), won[me] == bids[me], won[me]
