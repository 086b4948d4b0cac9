"""Sampling hidden worlds, compiled: :func:`ascenseur.bots.worlds.sample_world`'s algorithm.

The constraints come from the same :class:`~ascenseur.search.problem.WorldSpec`
(:meth:`SpecArrays.of` turns it into arrays): seats are filled in the spec's order (most
constrained first), each drawing uniformly among the unseen cards it may hold, and a draw that
would leave a later seat unable to fill its hand rejects the whole attempt. Only the random
source differs (:mod:`ascenseur.fast.rng`), so the worlds differ from the pure sampler's draw
by draw but not in distribution.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE
from ascenseur.fast._jit import jit, lowest, popcount
from ascenseur.fast.masks import HIGH, Int64s, Words, join, split, split_all
from ascenseur.fast.rng import below, new_stream
from ascenseur.search.problem import NoConsistentWorld, WorldSpec

ATTEMPTS = 200


class SpecArrays(NamedTuple):
    """A :class:`WorldSpec` as the compiled sampler takes it (a named tuple: numba passes it
    to compiled code whole)."""

    seat: int
    own: Int64s  # (2,) words
    unseen: Int64s  # (2,) words
    counts: Int64s  # (n,)
    allowed: Int64s  # (n, 2) words
    order: Int64s  # seats to fill, most constrained first

    @staticmethod
    def of(spec: WorldSpec) -> SpecArrays:
        return SpecArrays(
            spec.seat,
            np.array(split(spec.own), np.int64),
            np.array(split(spec.unseen), np.int64),
            np.array(spec.counts, np.int64),
            split_all(spec.allowed),
            np.array(spec.order, np.int64),
        )


@jit
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


@jit
def _try_sample(spec: SpecArrays, stream: Words, pool: Int64s, hands: Int64s) -> bool:
    seat, own, unseen, counts, allowed, order = spec
    hands[:, :] = 0
    hands[seat, 0] = own[0]
    hands[seat, 1] = own[1]
    left_low = unseen[0]
    left_high = unseen[1]
    for position in range(order.shape[0]):
        who = order[position]
        low = allowed[who, 0] & left_low
        high = allowed[who, 1] & left_high
        size = 0
        while low:
            pool[size] = lowest(low)
            low &= low - 1
            size += 1
        while high:
            pool[size] = HIGH + lowest(high)
            high &= high - 1
            size += 1
        count = counts[who]
        if size < count:
            return False
        chosen_low = 0
        chosen_high = 0
        for drawn in range(count):  # a partial Fisher–Yates shuffle of the pool
            pick = drawn + below(stream, size - drawn)
            card = pool[pick]
            pool[pick] = pool[drawn]
            pool[drawn] = card
            if card < HIGH:
                chosen_low |= 1 << card
            else:
                chosen_high |= 1 << (card - HIGH)
        left_low &= ~chosen_low
        left_high &= ~chosen_high
        hands[who, 0] = chosen_low
        hands[who, 1] = chosen_high
        for later_position in range(position + 1, order.shape[0]):
            later = order[later_position]
            room = popcount(allowed[later, 0] & left_low) + popcount(allowed[later, 1] & left_high)
            if room < counts[later]:
                return False
    return True


def sample_world(spec: WorldSpec, rng: random.Random, attempts: int = ATTEMPTS) -> list[int]:
    """One world as core masks by seat, like the pure sampler (``ascenseur.bots.worlds``)."""
    arrays = SpecArrays.of(spec)
    hands = np.zeros((len(spec.counts), 2), np.int64)
    pool = np.empty(DECK_SIZE, np.int64)
    stream = new_stream(rng)
    if not sample_into(arrays, stream, attempts, pool, hands):
        raise NoConsistentWorld(f"no consistent world found in {attempts} attempts")
    return [join(hands[s, 0], hands[s, 1]) for s in range(len(spec.counts))]
