"""Sampling hidden worlds, compiled: :func:`ascenseur.search.worlds.sample_world`'s algorithm.

The constraints come from the same :class:`~ascenseur.search.problem.WorldSpec`
(:meth:`SpecArrays.of` turns it into arrays): seats are filled in the spec's order (most
constrained first), each drawing uniformly among the unseen cards it may hold, and a draw that
would leave a later seat unable to fill its hand rejects the whole attempt. Only the random
source differs (:mod:`ascenseur.fast.rng`), so the worlds differ from the pure sampler's draw
by draw but not in distribution.

When the others' voids constrain the hidden hands so tightly that every attempt fails (seen
at 6 players, with every card dealt), :func:`draw_into` builds worlds instead
(:func:`construct_into`, the pure :func:`ascenseur.search.worlds.construct_world`'s algorithm).
"""

from __future__ import annotations

import random
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE
from ascenseur.fast._jit import jit_kernel, popcount
from ascenseur.fast.copies import copy_rows, fill_row
from ascenseur.fast.masks import (
    Int64s,
    Words,
    fill_pool,
    has_card,
    join,
    split,
    split_all,
    with_card,
)
from ascenseur.fast.rng import below, new_stream
from ascenseur.search.problem import ATTEMPTS, MIXING, NoConsistentWorld, WorldSpec


class SpecArrays(NamedTuple):
    """A :class:`WorldSpec` as the compiled sampler takes it (a named tuple: numba passes it
    to compiled code whole)."""

    seat: int
    known: Int64s  # (n, 2) words: the cards each seat is known to hold
    unseen: Int64s  # (2,) words
    counts: Int64s  # (n,)
    allowed: Int64s  # (n, 2) words
    order: Int64s  # seats to fill, most constrained first

    @staticmethod
    def of(spec: WorldSpec) -> SpecArrays:
        return SpecArrays(
            spec.seat,
            split_all(spec.known),
            np.array(split(spec.unseen), np.int64),
            np.array(spec.counts, np.int64),
            split_all(spec.allowed),
            np.array(spec.order, np.int64),
        )


@jit_kernel
def sample_into(
    spec: SpecArrays, stream: Words, attempts: int, pool: Int64s, hands: Int64s
) -> bool:
    """Fill ``hands`` (n, 2) with one world of ``spec``; False after ``attempts`` failures.

    ``stream`` is the random source (:mod:`ascenseur.fast.rng`); ``pool`` is scratch space
    for every card index.
    """
    for _ in range(attempts):  # noqa: SIM110  (numba compiles no generator)
        if _try_sample(spec, stream, pool, hands):
            return True
    return False


@jit_kernel
def _try_sample(spec: SpecArrays, stream: Words, pool: Int64s, hands: Int64s) -> bool:
    _, known, unseen, counts, allowed, order = spec
    copy_rows(hands, known)
    left_low = unseen[0]
    left_high = unseen[1]
    for position in range(order.shape[0]):
        who = order[position]
        size = fill_pool(allowed[who, 0] & left_low, allowed[who, 1] & left_high, pool)
        count = counts[who]
        if size < count:
            return False
        chosen_low, chosen_high = draw_hand(stream, pool, size, count)
        left_low &= ~chosen_low
        left_high &= ~chosen_high
        hands[who, 0] |= chosen_low
        hands[who, 1] |= chosen_high
        if not later_seats_fit(spec, position, left_low, left_high):
            return False
    return True


@jit_kernel
def draw_hand(stream: Words, pool: Int64s, size: int, count: int) -> tuple[int, int]:
    """``count`` cards drawn uniformly from ``pool[:size]`` (a partial Fisher–Yates shuffle,
    which leaves ``pool[:size]`` a permutation of the same cards), as ``(low, high)``."""
    chosen_low = 0
    chosen_high = 0
    for drawn in range(count):
        pick = drawn + below(stream, size - drawn)
        card = pool[pick]
        pool[pick] = pool[drawn]
        pool[drawn] = card
        chosen_low, chosen_high = with_card(chosen_low, chosen_high, card)
    return chosen_low, chosen_high


@jit_kernel
def later_seats_fit(spec: SpecArrays, position: int, left_low: int, left_high: int) -> bool:
    """Whether every seat after ``position`` in the spec's order can still fill its hand
    from the cards ``(left_low, left_high)`` not dealt yet."""
    order = spec.order
    for later_position in range(position + 1, order.shape[0]):
        later = order[later_position]
        room = popcount(spec.allowed[later, 0] & left_low) + popcount(
            spec.allowed[later, 1] & left_high
        )
        if room < spec.counts[later]:
            return False
    return True


@jit_kernel
def draw_into(
    spec: SpecArrays, stream: Words, attempts: int, pool: Int64s, hands: Int64s, state: Int64s
) -> bool:
    """Fill ``hands`` with one world of ``spec``: drawn (:func:`sample_into`) until
    ``attempts`` draws in a row fail, built (:func:`construct_into`) from then on.

    ``state`` (:func:`sampler_state`) is kept between the calls of one search: its entry
    ``DECK_SIZE``, 0 at first, becomes 1 once drawing has failed; the rest is the building's
    scratch space. False only when no world exists.
    """
    if state[DECK_SIZE] == 0:
        if sample_into(spec, stream, attempts, pool, hands):
            return True
        state[DECK_SIZE] = 1
    return construct_into(spec, stream, pool, hands, state)


@jit_kernel
def _fits(spec: SpecArrays, who: int, card: int) -> bool:
    """Whether seat ``who`` may hold ``card``; ``who`` = n is the undealt pile (any card)."""
    if who == spec.counts.shape[0]:
        return True
    return has_card(spec.allowed[who, 0], spec.allowed[who, 1], card)


def sampler_state(players: int) -> Int64s:
    """:func:`draw_into`'s state for a table of ``players``: the seat of each unseen card,
    the flag, then four rows of ``players`` + 1 for :func:`construct_into` (a kernel makes no
    array)."""
    return np.zeros(DECK_SIZE + 1 + 4 * (players + 1), np.int64)


@jit_kernel
def construct_into(
    spec: SpecArrays, stream: Words, pool: Int64s, hands: Int64s, owner: Int64s
) -> bool:
    """Fill ``hands`` with a world of ``spec`` built directly: False only if none exists.

    The unseen cards, in random order, each go to a random seat (or the undealt pile) that
    may hold it and has room; when none has, the card goes in along a chain of moves (a card
    of a full seat to another seat that may hold it, and so on to one with room: an
    augmenting path, so a world is found whenever one exists). Then
    :data:`MIXING` × (unseen cards) random swaps of two cards, or rotations of three,
    between seats, each made when every card may go where it is sent: a chain whose
    stationary law is uniform over consistent worlds. ``owner`` (:func:`sampler_state`) is
    scratch space: the seat of each unseen card, then the rows of the augmenting search
    (:func:`_augment`).
    """
    unseen, counts = spec.unseen, spec.counts
    n = counts.shape[0]
    size = fill_pool(unseen[0], unseen[1], pool)
    rows = DECK_SIZE + 1
    room = owner[rows : rows + n + 1]
    came = owner[rows + n + 1 : rows + 2 * (n + 1)]
    via = owner[rows + 2 * (n + 1) : rows + 3 * (n + 1)]
    queue = owner[rows + 3 * (n + 1) : rows + 4 * (n + 1)]
    for who in range(n):
        room[who] = counts[who]
    room[n] = size - counts.sum()
    if room[n] < 0:
        return False
    for i in range(size - 1, 0, -1):  # shuffle: cards placed in random order
        j = below(stream, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for i in range(size):
        card = pool[i]
        chosen = -1
        options = 0
        for who in range(n + 1):
            if room[who] > 0 and _fits(spec, who, card):
                options += 1
                if below(stream, options) == 0:
                    chosen = who
        if chosen >= 0:
            owner[card] = chosen
            room[chosen] -= 1
        elif not _augment(spec, card, pool, i, owner, room, came, via, queue):
            return False
    for _ in range(MIXING * size):
        a = pool[below(stream, size)]
        b = pool[below(stream, size)]
        sa, sb = owner[a], owner[b]
        if sa == sb or not (_fits(spec, sb, a) and _fits(spec, sa, b)):
            continue
        if below(stream, 2) == 0:
            owner[a], owner[b] = sb, sa
            continue
        c = pool[below(stream, size)]  # a rotation: a to b's seat, b to c's, c to a's
        sc = owner[c]
        if sc not in (sa, sb) and _fits(spec, sc, b) and _fits(spec, sa, c):
            owner[a], owner[b], owner[c] = sb, sc, sa
    copy_rows(hands, spec.known)
    for i in range(size):
        card = pool[i]
        who = owner[card]
        if who < n:
            hands[who, 0], hands[who, 1] = with_card(hands[who, 0], hands[who, 1], card)
    return True


@jit_kernel
def _augment(
    spec: SpecArrays,
    card: int,
    pool: Int64s,
    placed: int,
    owner: Int64s,
    room: Int64s,
    came: Int64s,
    via: Int64s,
    queue: Int64s,
) -> bool:
    """Place ``card`` by a shortest chain of moves ending at a seat with room (breadth first
    over seats; ``pool[:placed]`` are the cards placed so far)."""
    seats = room.shape[0]
    fill_row(came, -2)  # -2: not reached; -1: reached by ``card`` itself; else the seat it left
    tail = 0
    for who in range(seats):
        if _fits(spec, who, card):
            came[who] = -1
            via[who] = card
            queue[tail] = who
            tail += 1
    head = 0
    while head < tail:
        who = queue[head]
        head += 1
        if room[who] > 0:
            room[who] -= 1
            while True:  # each move on the chain: the card comes in, another leaves
                owner[via[who]] = who
                if came[who] == -1:
                    return True
                who = came[who]
        for i in range(placed):
            moved = pool[i]
            if owner[moved] != who:
                continue
            for other in range(seats):
                if came[other] == -2 and _fits(spec, other, moved):
                    came[other] = who
                    via[other] = moved
                    queue[tail] = other
                    tail += 1
    return False


def sample_world(spec: WorldSpec, rng: random.Random, attempts: int = ATTEMPTS) -> list[int]:
    """One world as core masks by seat, like the pure sampler (``ascenseur.search.worlds``):
    drawn, or built once ``attempts`` draws have failed."""
    arrays = SpecArrays.of(spec)
    hands = np.zeros((len(spec.counts), 2), np.int64)
    pool = np.empty(DECK_SIZE, np.int64)
    state = sampler_state(len(spec.counts))
    stream = new_stream(rng)
    if not draw_into(arrays, stream, attempts, pool, hands, state):
        raise NoConsistentWorld("no world is consistent with what this seat has seen")
    return [join(hands[s, 0], hands[s, 1]) for s in range(len(spec.counts))]
