"""The expert's search loop, compiled: the twin of :func:`ascenseur.search.reference.assess`.

Sample a world, guess the bids not yet made from the sampled hands, play each candidate in
that world with the "to the bid" play-out — or, once few cards are left, the exact endgame
search — with common random numbers (every candidate meets the same worlds), add up the
searching seat's score; the mean over worlds estimates each candidate. :func:`assess` takes
the same :class:`~ascenseur.search.problem.SearchProblem` and settings as the pure loop and
returns what it does.
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ascenseur.core.cards import DECK_SIZE
from ascenseur.fast._jit import jit, jit_kernel, lowest, popcount
from ascenseur.fast.copies import copy_row, copy_rows
from ascenseur.fast.endgame import NODE_FIELDS, solve
from ascenseur.fast.masks import (
    HIGH,
    SUIT_LOW,
    TRUMPS_HIGH,
    Floats,
    Int64s,
    Words,
    fill_pool,
    split_all,
)
from ascenseur.fast.nested import playout_nested
from ascenseur.fast.play import Position, deal_score, playout, scoring_array
from ascenseur.fast.rng import new_stream, next_u64, uniform
from ascenseur.fast.worlds import (
    SpecArrays,
    draw_hand,
    draw_into,
    later_seats_fit,
    sampler_state,
)
from ascenseur.search import bid_model
from ascenseur.search.bid_model import K_SCALE
from ascenseur.search.problem import (
    ATTEMPTS,
    LOG_WEIGHT_FLOOR,
    Estimate,
    NoConsistentWorld,
    SearchProblem,
    SearchSettings,
)
from ascenseur.search.racing import Race, Tally

#: Worlds per compiled call when a time budget must be checked between calls.
CHUNK = 16


@jit_kernel
def expected_bid(low: int, high: int, k: int, card_weights: Floats, hand_weights: Floats) -> float:
    """The bid the hand ``(low, high)`` (as dealt) of k cards is expected to get:
    :meth:`ascenseur.search.bid_model.BidModel.expected` with the model's ``card_weights``
    for k and its ``hand_weights`` (the same numbers added in the same order)."""
    voids = 0
    singles = 0
    for kind in range(4):
        length = popcount(low & SUIT_LOW[kind])
        voids += length == 0
        singles += length == 1
    trumps = popcount(high & TRUMPS_HIGH)
    total = 0.0
    while low:
        total += card_weights[lowest(low)]
        low &= low - 1
    while high:
        total += card_weights[HIGH + lowest(high)]
        high &= high - 1
    total += hand_weights[0] * (trumps * voids / k)
    total += hand_weights[1] * (trumps * singles / k)
    total += hand_weights[2]
    total += hand_weights[3] * (k / K_SCALE)
    return float(total)


@jit_kernel
def guess_bids(
    hands: Int64s,
    shown: Int64s,
    known: Int64s,
    me: int,
    hand_size: int,
    inverse_variance: float,
    card_weights: Floats,
    hand_weights: Floats,
    out: Int64s,
) -> float:
    """The expert's ``guess_bids`` into ``out``, returning the world's weight.

    ``hands`` are the sampled hands, ``shown`` the cards each seat played this deal (the
    hands as dealt are their union); ``known[s]`` < 0: seat s has not bid yet;
    ``card_weights`` and ``hand_weights`` the bid model's (:func:`expected_bid`).
    """
    n = hands.shape[0]
    log_weight = 0.0
    for seat in range(n):
        if seat == me:
            out[seat] = max(known[seat], 0)
            continue
        expected = expected_bid(
            hands[seat, 0] | shown[seat, 0],
            hands[seat, 1] | shown[seat, 1],
            hand_size,
            card_weights,
            hand_weights,
        )
        if known[seat] < 0:
            out[seat] = min(hand_size, max(0, round(expected)))
            continue
        out[seat] = known[seat]
        miss = known[seat] - expected
        log_weight -= miss * miss
    return math.exp(max(log_weight * inverse_variance, -LOG_WEIGHT_FLOOR))


class Problem(NamedTuple):
    """A :class:`SearchProblem` and its settings as arrays and numbers, for compiled code."""

    spec: SpecArrays
    candidates: Int64s  # bids when ``bidding``, else card indices
    bidding: bool
    hand_size: int
    known_bids: Int64s  # < 0: the seat has not bid yet
    shown: Int64s  # (n, 2): the cards each seat has played this deal
    trick: Int64s
    tricks_won: Int64s
    tricks_left: int
    to_act: int
    exact: bool  # solve exactly rather than play out
    nested: bool
    noise: float  # the others' chance of a random card in a nested play-out
    inverse_variance: float
    draws: int
    card_weights: Floats  # the bid model's, for this table and hand size
    hand_weights: Floats
    scoring: Int64s  # the rule set's scoring table (H2): play.scoring_array
    lead_restriction: bool  # rule P2 (False: house rule H3)
    pool: Int64s  # (P, n, 2): the worlds to search, in turn, when P > 0 (else they are drawn)
    pool_weights: Floats  # (P,) their weights

    @staticmethod
    def of(
        problem: SearchProblem,
        settings: SearchSettings,
        pool: tuple[Int64s, Floats] | None = None,
    ) -> Problem:
        """The arrays of ``problem`` and ``settings``; ``pool``: worlds given (hands as
        ``(P, n, 2)`` words, and their weights) to search in turn instead of drawing them."""
        n = len(problem.bids)
        model = bid_model.model(n)
        worlds, world_weights = (
            pool if pool is not None else (np.zeros((0, n, 2), np.int64), np.zeros(0))
        )
        return Problem(
            spec=SpecArrays.of(problem.spec),
            candidates=np.array(problem.candidates, np.int64),
            bidding=problem.bidding,
            hand_size=problem.hand_size,
            known_bids=np.array([-1 if b is None else b for b in problem.bids], np.int64),
            shown=split_all(problem.shown),
            trick=np.array(problem.trick, np.int64),
            tricks_won=np.array(problem.tricks_won, np.int64),
            tricks_left=problem.tricks_left,
            to_act=problem.to_act,
            exact=problem.solved_exactly(settings),
            nested=settings.nested,
            noise=settings.noise,
            inverse_variance=settings.inverse_variance,
            draws=settings.draws,
            card_weights=np.array(model.card_weights(problem.hand_size), np.float64),
            hand_weights=np.array(model.hand_weights(), np.float64),
            scoring=scoring_array(problem.scoring),
            lead_restriction=problem.lead_restriction,
            pool=worlds,
            pool_weights=world_weights,
        )


class Scratch(NamedTuple):
    """The arrays one search reuses for every world and candidate (allocated once)."""

    pool: Int64s
    world: Int64s
    hands: Int64s
    guessed: Int64s
    bids: Int64s
    won: Int64s
    no_log: Int64s
    wons: Int64s
    results: Int64s
    nodes: Int64s
    tops: Int64s  # the endgame's: the most each seat can score
    scratch_hands: Int64s
    scratch_won: Int64s
    current: Int64s
    sampler: Int64s  # draw_into's state: worlds are built once drawing them has failed
    noise: Words  # the others' random cards in a nested play-out (Problem.noise)
    turn: Int64s  # the worlds of a pool searched so far

    @staticmethod
    def of(problem: SearchProblem) -> Scratch:
        """The arrays of a search of ``problem``."""
        n = len(problem.spec.counts)
        depth = 2 + problem.cards_left  # cards left to play + 2
        return Scratch(
            pool=np.empty(DECK_SIZE, np.int64),
            world=np.empty((n, 2), np.int64),
            hands=np.empty((n, 2), np.int64),
            guessed=np.empty(n, np.int64),
            bids=np.empty(n, np.int64),
            won=np.empty(n, np.int64),
            no_log=np.empty(0, np.int64),
            wons=np.empty((depth, n), np.int64),
            results=np.empty((depth, n), np.int64),
            nodes=np.empty((depth, NODE_FIELDS), np.int64),
            tops=np.empty(n, np.int64),
            scratch_hands=np.empty((n, 2), np.int64),
            scratch_won=np.empty(n, np.int64),
            current=np.empty(n, np.int64),
            sampler=sampler_state(n),
            noise=np.zeros(1, np.uint64),
            turn=np.zeros(1, np.int64),
        )


@jit_kernel
def _score(problem: Problem, s: Scratch, candidate: int) -> int:
    """The searching seat's score for ``candidate`` in the world ``s.world`` (bids guessed in
    ``s.guessed``): :func:`ascenseur.search.reference._play`."""
    me = problem.spec.seat
    hands, won, bids = s.hands, s.won, s.bids
    copy_rows(hands, s.world)
    copy_row(bids, s.guessed)
    copy_row(won, problem.tricks_won)
    first = -1
    if problem.bidding:
        bids[me] = candidate
    else:
        first = candidate
    position = Position(
        hands, problem.to_act, problem.trick, problem.trick.shape[0], won, bids,
        problem.tricks_left, problem.scoring, problem.lead_restriction,
    )  # fmt: skip
    if problem.exact:
        solve(position, first, s.wons, s.results, s.nodes, s.tops)
    elif problem.nested:
        playout_nested(
            position, first, me, s.scratch_hands, s.scratch_won, s.current, problem.noise, s.noise
        )
    else:
        playout(position, first, s.no_log)
    return deal_score(problem.scoring, s.bids[me], s.won[me])


@jit_kernel
def draw(problem: Problem, stream: Words, s: Scratch) -> float:
    """One world to search into ``s.world``, every seat's bid into ``s.guessed``, and its
    weight: :func:`ascenseur.search.reference.draw` (-1.0 if no world is consistent).

    With ``problem.draws`` > 1, each seat that has bid gets the one kept of that many hands
    drawn for it, by weight (:func:`_try_by_seat`); once that fails (worlds too tight to
    draw), whole worlds are built and one of ``draws`` kept by weight. With a pool of worlds
    (:meth:`Problem.of`), the next one of the pool, in turn, and its weight.
    """
    given = problem.pool.shape[0]
    if given > 0:
        turn = s.turn[0]
        s.turn[0] = turn + 1
        copy_rows(s.world, problem.pool[turn % given])
        _guess_unbid(problem, s)
        return float(problem.pool_weights[turn % given])
    if problem.draws > 1 and s.sampler[DECK_SIZE] == 0:
        for _ in range(ATTEMPTS):
            weight = _try_by_seat(problem, stream, s)
            if weight >= 0.0:
                _guess_unbid(problem, s)
                return weight
        s.sampler[DECK_SIZE] = 1  # as draw_into: build worlds from now on
    total = 0.0
    for _ in range(problem.draws):
        if not draw_into(problem.spec, stream, ATTEMPTS, s.pool, s.hands, s.sampler):
            return -1.0
        weight = guess_bids(
            s.hands,
            problem.shown,
            problem.known_bids,
            problem.spec.seat,
            problem.hand_size,
            problem.inverse_variance,
            problem.card_weights,
            problem.hand_weights,
            s.bids,
        )
        total += weight
        if problem.draws == 1 or uniform(stream) * total < weight:
            copy_rows(s.world, s.hands)
            copy_row(s.guessed, s.bids)
    return total / problem.draws


@jit_kernel
def _seat_weight(problem: Problem, who: int, low: int, high: int) -> float:
    """How well seat ``who``'s bid fits the hand ``(low, high)`` it is dealt (with the cards it
    has played): the factor of :func:`guess_bids`'s weight for that seat."""
    expected = expected_bid(
        low | problem.shown[who, 0],
        high | problem.shown[who, 1],
        problem.hand_size,
        problem.card_weights,
        problem.hand_weights,
    )
    miss = problem.known_bids[who] - expected
    return math.exp(max(-miss * miss * problem.inverse_variance, -LOG_WEIGHT_FLOOR))


@jit_kernel
def _try_by_seat(problem: Problem, stream: Words, s: Scratch) -> float:
    """One attempt at a world drawn seat by seat, into ``s.world``: its weight, or -1.0 if a
    later seat could not be filled (the attempt is dropped, as in the world sampler).

    Seats are filled in the sampler's order, each hand drawn uniformly from the cards the
    seat may hold; a seat that has bid gets the one kept of ``problem.draws`` hands drawn,
    each with a chance in proportion to how well its bid fits it, and the world's weight is
    the product of those seats' mean weights (sequential importance resampling: the weights
    factor by seat, so each seat's draws need not be lucky for the others').
    """
    spec = problem.spec
    pool, hands = s.pool, s.world
    copy_rows(hands, spec.known)
    left_low = spec.unseen[0]
    left_high = spec.unseen[1]
    weight = 1.0
    order = spec.order
    for position in range(order.shape[0]):
        who = order[position]
        size = fill_pool(spec.allowed[who, 0] & left_low, spec.allowed[who, 1] & left_high, pool)
        count = spec.counts[who]
        if size < count:
            return -1.0
        # A bid weighs the hands its seat knew; the searching seat's own blind card (H5) is
        # no part of what it bid on.
        tries = problem.draws if problem.known_bids[who] >= 0 and who != spec.seat else 1
        total = 0.0
        kept_low = 0
        kept_high = 0
        for _ in range(tries):
            chosen_low, chosen_high = draw_hand(stream, pool, size, count)
            if tries == 1:
                kept_low, kept_high = chosen_low, chosen_high
                break
            seat_weight = _seat_weight(problem, who, chosen_low, chosen_high)
            total += seat_weight
            if uniform(stream) * total < seat_weight:
                kept_low, kept_high = chosen_low, chosen_high
        if tries > 1:
            weight *= total / tries
        left_low &= ~kept_low
        left_high &= ~kept_high
        hands[who, 0] |= kept_low
        hands[who, 1] |= kept_high
        if not later_seats_fit(spec, position, left_low, left_high):
            return -1.0
    return weight


@jit_kernel
def _guess_unbid(problem: Problem, s: Scratch) -> None:
    """``s.guessed``: every seat's bid for the world ``s.world`` (:func:`guess_bids`'s)."""
    me = problem.spec.seat
    k = problem.hand_size
    for seat in range(s.guessed.shape[0]):
        known = problem.known_bids[seat]
        if seat == me or known >= 0:
            s.guessed[seat] = max(known, 0)
            continue
        expected = expected_bid(
            s.world[seat, 0] | problem.shown[seat, 0],
            s.world[seat, 1] | problem.shown[seat, 1],
            k,
            problem.card_weights,
            problem.hand_weights,
        )
        s.guessed[seat] = min(k, max(0, round(expected)))


@jit
def evaluate_worlds(
    problem: Problem,
    worlds: int,
    stream: Words,
    s: Scratch,
    running: Int64s,
    sums: Floats,
    exact: Floats,
    squares: Floats,
    cross: Floats,
    weights: Floats,
    taken: Floats,
) -> int:
    """Play ``worlds`` sampled worlds with the candidates ``running`` (indices into
    ``problem.candidates``), adding to the sums of :class:`~ascenseur.search.racing.Tally`
    (Σw and Σw² to ``weights[0]`` and ``weights[1]``, Σw·s to ``sums``, Σw²·s to ``squares``,
    Σw²·s·s' to ``cross``, in :meth:`~ascenseur.search.racing.Tally.add`'s order), the
    weight of the worlds where a candidate makes the bid exactly to ``exact``, and to
    ``taken[i, t]`` that of the worlds where candidate i ends the deal with t tricks.

    Returns the worlds played, -1 if no world is consistent with the view.
    """
    scores = np.empty(running.shape[0], np.int64)
    made = np.empty(running.shape[0], np.bool_)
    tricks = np.empty(running.shape[0], np.int64)
    return _evaluate_into(
        problem, worlds, stream, s, running, sums, exact, squares, cross, weights, taken,
        scores, made, tricks,
    )  # fmt: skip


@jit_kernel
def _evaluate_into(
    problem: Problem, worlds: int, stream: Words, s: Scratch, running: Int64s, sums: Floats,
    exact: Floats, squares: Floats, cross: Floats, weights: Floats, taken: Floats,
    scores: Int64s, made: npt.NDArray[np.bool_], tricks: Int64s,
) -> int:  # fmt: skip
    """:func:`evaluate_worlds`, each world's scores into ``scores`` (one per candidate),
    whether the candidate made the bid exactly into ``made`` and its tricks into ``tricks``."""
    count = running.shape[0]
    for _ in range(worlds):
        weight = draw(problem, stream, s)
        if weight < 0.0:
            return -1
        # The others' noise of this world, the same for every candidate (Problem.noise).
        seed = next_u64(stream) if problem.noise > 0.0 else np.uint64(0)
        me = problem.spec.seat
        for j in range(count):
            s.noise[0] = seed
            scores[j] = _score(problem, s, problem.candidates[running[j]])
            made[j] = s.won[me] == s.bids[me]
            tricks[j] = s.won[me]
        weights[0] += weight
        w2 = weight * weight
        weights[1] += w2
        for j in range(count):
            i = running[j]
            sums[i] += weight * scores[j]
            squares[i] += w2 * scores[j]
            for m in range(count):
                cross[i, running[m]] += w2 * scores[j] * scores[m]
            if made[j]:
                exact[i] += weight
            taken[i, tricks[j]] += weight
    return worlds


def assess(
    problem: SearchProblem,
    settings: SearchSettings,
    rng: random.Random,
    pool: tuple[Int64s, Floats] | None = None,
) -> list[Estimate]:
    """Each candidate of ``problem`` with its mean score and its chance of an exact bid over
    sampled worlds, as the pure loop (:func:`ascenseur.search.reference.assess`) gives them.

    ``settings.iterations`` play-outs are shared among the candidates as they run (with
    ``settings.race``, those clearly behind stop: :class:`~ascenseur.search.racing.Race`);
    ``settings.seconds`` (if not None) stops early between chunks of :data:`CHUNK` worlds.
    Deterministic given ``rng`` when ``seconds`` is None. ``pool``: worlds to search in turn
    instead of drawing them (:meth:`Problem.of`).
    """
    compiled = Problem.of(problem, settings, pool)
    scratch = Scratch.of(problem)
    n = len(problem.candidates)
    race = Race(n, settings.iterations, settings.race)
    sums = np.zeros(n, np.float64)
    exact = np.zeros(n, np.float64)
    squares = np.zeros(n, np.float64)
    cross = np.zeros((n, n), np.float64)
    weights = np.zeros(2, np.float64)
    taken = np.zeros((n, problem.hand_size + 1), np.float64)
    stream = new_stream(rng)
    deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
    running = np.array(race.running, np.int64)
    while (worlds := race.chunk(None if deadline is None else CHUNK)) > 0:
        played = evaluate_worlds(
            compiled, worlds, stream, scratch, running, sums, exact, squares, cross, weights, taken
        )
        if played < 0:
            raise NoConsistentWorld("no world is consistent with what this seat has seen")
        race.played_worlds(played)
        if race.due:
            race.check(_tally(sums, squares, cross, weights))
            running = np.array(race.running, np.int64)
        if deadline is not None and time.perf_counter() >= deadline:
            break
    race.finish(float(weights[0]))
    return [
        Estimate(
            a,
            float(sums[i]) / race.weights[i],
            float(exact[i]) / race.weights[i],
            race.worlds[i],
            tuple(float(t) / race.weights[i] for t in taken[i]),
        )
        for i, a in enumerate(problem.actions)
    ]


def _tally(sums: Floats, squares: Floats, cross: Floats, weights: Floats) -> Tally:
    return Tally(
        weight=float(weights[0]),
        weight2=float(weights[1]),
        sums=sums.tolist(),
        squares=squares.tolist(),
        cross=cross.tolist(),
    )
