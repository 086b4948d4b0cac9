"""Sampling hidden worlds consistent with everything a seat has seen.

A *world* gives every other seat a hand (and the rest of the unseen cards to the undealt
pile) such that the hand sizes are right and every public deduction holds: shown voids, no
trumps left, trump ceilings after a failure to overtrump, the no-suit-card proof of a trump
lead. Cards never dealt are unseen too: they may be anywhere a hand could not show them not
to be, and the undealt pile takes whatever the hands do not.

Seats are filled most-constrained first, each drawing uniformly among the unseen cards it may
hold; a draw that would leave a later seat unable to fill its hand is rejected and retried.
When constraints are nested (the usual case) this is exactly uniform over consistent worlds.
The constraints themselves, :class:`~ascenseur.search.problem.WorldSpec`, are the search
problem's (re-exported here).
"""

from __future__ import annotations

import random

from ascenseur.core.cards import indices_of
from ascenseur.search.problem import NoConsistentWorld, WorldSpec, allowed_mask

__all__ = ["NoConsistentWorld", "WorldSpec", "allowed_mask", "sample_world"]


def sample_world(spec: WorldSpec, rng: random.Random, attempts: int = 200) -> list[int]:
    """Hands (masks, by seat) for one world consistent with ``spec``; own hand included."""
    for _ in range(attempts):
        hands = _try_sample(spec, rng)
        if hands is not None:
            return hands
    raise NoConsistentWorld(f"no consistent world found in {attempts} attempts")


def _try_sample(spec: WorldSpec, rng: random.Random) -> list[int] | None:
    hands = [0] * len(spec.counts)
    hands[spec.seat] = spec.own
    remaining = spec.unseen
    order = spec.order
    for position, seat in enumerate(order):
        pool = indices_of(spec.allowed[seat] & remaining)
        count = spec.counts[seat]
        if len(pool) < count:
            return None
        chosen = 0
        for index in rng.sample(pool, count):
            chosen |= 1 << index
        remaining &= ~chosen
        hands[seat] = chosen
        for later in order[position + 1 :]:
            if (spec.allowed[later] & remaining).bit_count() < spec.counts[later]:
                return None
    return hands
