"""Postponed reasoning at the searching seat's next decision (a lab search, compiled).

In the expert's nested play-out the searching seat chooses each of its later cards seeing the
world it is played in (strategy fusion). Here its *next* decision with a choice is made, for
each candidate, over every world searched so far that leads to the same information there:
the same cards played since the candidate (and, for a bid, the same bids), so the same view.
Each legal card is valued in each world by the plain play-out (as the nested look-ahead does);
the card played is the best of the values summed, weighed, over the worlds of that view so far
(this one included); the deal is then finished by the nested play-out. A view met in one world
only gets the nested play-out's own choice, so this is the expert's search where views are
rare and an honest next decision where they are common.

``depth``: how many of the seat's later decisions are taken so (the rest as the nested play-out
does). ``coarse``: views merge the cards other seats played by their kind and by how many of
this seat's own cards of that kind rank below them (fewer, larger groups of worlds; the
decision then knows less than the seat will).

The sums live in a hash table keyed by (candidate, view), sized for the search's play-outs.

Measured against the expert (4 players, 60 single deals a set, paired with
``tools/arena_paired.py``): exact views, 8 cards (seeds 8801-8804) -0.02 [-0.11, +0.07] per
deal over 240, 14 cards (seeds 7801-7808) +0.00 [-0.18, +0.19] over 480; coarse views, 8 cards
+0.07 [-0.10, +0.23] over 240, 14 cards (7801, 7802) -0.17 [-0.62, +0.27] over 120. Not kept.
"""

from __future__ import annotations

import random
import time

import numpy as np

from ascenseur.fast._jit import jit, lowest, popcount
from ascenseur.fast.masks import HIGH, KIND, RANK, Floats, Int64s, Words
from ascenseur.fast.nested import playout_nested
from ascenseur.fast.play import (
    advance,
    card_at,
    deal_score,
    legal,
    playout,
    policy_card,
    remove,
    trick_state,
)
from ascenseur.fast.rng import below, new_stream, next_u64, uniform
from ascenseur.fast.search import Problem, Scratch, _tally, draw
from ascenseur.fast.search import assess as plain_assess
from ascenseur.search.problem import Estimate, NoConsistentWorld, SearchProblem, SearchSettings
from ascenseur.search.racing import Race

MIX = 0x9E3779B1
KEEP = (1 << 62) - 1


@jit
def _mix(key: int, value: int) -> int:
    """``key`` with ``value`` folded in (order matters), in 62 bits."""
    key = ((key ^ (value + 1)) * MIX) & KEEP
    return key ^ (key >> 29)


@jit
def _slot(keys: Int64s, key: int) -> int:
    """The table row of ``key`` (inserted if new; 0 marks an empty row, keys are never 0)."""
    mask = keys.shape[0] - 1
    index = key & mask
    while True:
        if keys[index] == key:
            return int(index)
        if keys[index] == 0:
            keys[index] = key
            return int(index)
        index = (index + 1) & mask


@jit
def _score(
    problem: Problem,
    s: Scratch,
    ci: int,
    weight: float,
    keys: Int64s,
    sums: Floats,
    slot_of: Int64s,
    trick2: Int64s,
    depth: int,
    bucket: Int64s,
) -> int:
    """The searching seat's score for candidate ``ci`` in the world ``s.world``, its next
    decision with a choice taken over the worlds of the same view (module docstring)."""
    me = problem.spec.seat
    n = s.world.shape[0]
    hands, won, bids, current = s.hands, s.won, s.bids, trick2
    hands[:, :] = s.world
    bids[:] = s.guessed
    won[:] = problem.tricks_won
    candidate = problem.candidates[ci]
    key = _mix(0x51ED270B27A1F3C5 & KEEP, ci)
    size = problem.trick.shape[0]
    current[:size] = problem.trick
    seat = problem.to_act
    trick_len = size
    led, high, win_value, win_seat = trick_state(current, trick_len, seat, n)
    left = problem.tricks_left
    first = -1
    if problem.bidding:
        bids[me] = candidate
        for other in range(n):
            key = _mix(key, bids[other])
    else:
        first = candidate
    stream = s.noise
    noise = problem.noise
    no_log = s.no_log
    decided = 0
    # Play on; the searching seat's first ``depth`` decisions with a choice are taken over the
    # worlds of the same view, then the nested play-out finishes the deal.
    while left:
        if first >= 0:
            card, first = first, -1
        else:
            legal_low, legal_high = legal(hands[seat, 0], hands[seat, 1], trick_len, led, high)
            count = popcount(legal_low) + popcount(legal_high)
            if seat == me and count > 1:
                if decided == depth:
                    break
                decided += 1
                row = _slot(keys, max(key, 1))
                card = -1
                best_sum = -1e300
                for word_index in range(2):
                    word = legal_low if word_index == 0 else legal_high
                    base = 0 if word_index == 0 else HIGH
                    while word:
                        option = base + lowest(word)
                        word &= word - 1
                        s.scratch_hands[:, :] = hands
                        s.scratch_won[:] = won
                        playout(
                            s.scratch_hands, me, current, trick_len, s.scratch_won, bids, left,
                            option, no_log,
                        )  # fmt: skip
                        j = slot_of[option]
                        sums[row, j] += weight * deal_score(bids[me], s.scratch_won[me])
                        if sums[row, j] > best_sum:
                            card, best_sum = option, sums[row, j]
            elif seat != me and noise > 0.0 and count > 1 and uniform(stream) < noise:
                card = card_at(legal_low, legal_high, below(stream, count))
            else:
                need = bids[seat] - won[seat]
                card = policy_card(legal_low, legal_high, trick_len, led, win_value, need, n)
            key = _mix(key, seat * 128 + bucket[card])
        remove(hands, seat, card)
        current[trick_len] = card
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
        if trick_len == 0:
            left -= 1
    if left == 0:
        return deal_score(bids[me], won[me])
    playout_nested(
        hands, seat, current, trick_len, won, bids, left, -1, me, s.scratch_hands, s.scratch_won,
        s.current, noise, stream,
    )  # fmt: skip
    return deal_score(bids[me], won[me])


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
    keys: Int64s,
    table: Floats,
    slot_of: Int64s,
    trick2: Int64s,
    depth: int,
    bucket: Int64s,
) -> int:
    """:func:`ascenseur.fast.search.evaluate_worlds` with this module's :func:`_score`."""
    count = running.shape[0]
    scores = np.empty(count, np.int64)
    for _ in range(worlds):
        weight = draw(problem, stream, s)
        if weight < 0.0:
            return -1
        seed = next_u64(stream) if problem.noise > 0.0 else np.uint64(0)
        for j in range(count):
            s.noise[0] = seed
            scores[j] = _score(
                problem, s, running[j], weight, keys, table, slot_of, trick2, depth, bucket
            )
        weights[0] += weight
        w2 = weight * weight
        weights[1] += w2
        for j in range(count):
            i = running[j]
            sums[i] += weight * scores[j]
            squares[i] += w2 * scores[j]
            for m in range(count):
                cross[i, running[m]] += w2 * scores[j] * scores[m]
            if scores[j] > 0:
                exact[i] += weight
    return worlds


def assess(
    problem: SearchProblem,
    settings: SearchSettings,
    rng: random.Random,
    depth: int = 1,
    coarse: bool = False,
) -> list[Estimate]:
    """:func:`ascenseur.fast.search.assess` with the next decision postponed; the exact
    endgame and the plain play-outs are the expert's own."""
    compiled = Problem.of(problem, settings)
    if compiled.exact or not compiled.nested:
        return plain_assess(problem, settings, rng)
    scratch = Scratch.of(problem)
    n = len(problem.candidates)
    race = Race(n, settings.iterations, settings.race)
    capacity = 1 << max(10, (2 * depth * race.budget + 64).bit_length())
    keys = np.zeros(capacity, np.int64)
    own = problem.spec.own
    slot_of = np.full(80, -1, np.int64)
    cards = [i for i in range(80) if own >> i & 1]
    for j, card in enumerate(cards):
        slot_of[card] = j
    table = np.zeros((capacity, max(1, len(cards))), np.float64)
    trick2 = np.empty(len(problem.bids), np.int64)
    bucket = np.arange(80, dtype=np.int64)
    if coarse:
        # A card played by another seat is known only by its kind and how many of this
        # seat's own cards of that kind rank below it.
        for card in range(78):
            kind = int(KIND[card])
            below_it = sum(
                1 for mine in cards if int(KIND[mine]) == kind and RANK[mine] < RANK[card]
            )
            bucket[card] = 80 + kind * 32 + below_it
    sums = np.zeros(n, np.float64)
    exact = np.zeros(n, np.float64)
    squares = np.zeros(n, np.float64)
    cross = np.zeros((n, n), np.float64)
    weights = np.zeros(2, np.float64)
    stream = new_stream(rng)
    deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
    running = np.array(race.running, np.int64)
    while (worlds := race.chunk(None if deadline is None else 16)) > 0:
        played = evaluate_worlds(
            compiled, worlds, stream, scratch, running, sums, exact, squares, cross, weights,
            keys, table, slot_of, trick2, depth, bucket,
        )  # fmt: skip
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
            a, float(sums[i]) / race.weights[i], float(exact[i]) / race.weights[i], race.worlds[i]
        )
        for i, a in enumerate(problem.actions)
    ]
