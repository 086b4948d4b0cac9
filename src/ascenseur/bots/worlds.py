"""Sampling hidden worlds consistent with everything a seat has seen.

A *world* gives every other seat a hand (and the rest of the unseen cards to the undealt
pile) such that the hand sizes are right and every public deduction holds: shown voids, no
trumps left, trump ceilings after a failure to overtrump, the no-suit-card proof of a trump
lead. Cards never dealt are unseen too: they may be anywhere a hand could not show them not
to be, and the undealt pile takes whatever the hands do not.

Seats are filled most-constrained first, each drawing uniformly among the unseen cards it may
hold; a draw that would leave a later seat unable to fill its hand is rejected and retried.
When constraints are nested (the usual case) this is exactly uniform over consistent worlds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ascenseur.core.cards import (
    EXCUSE_BIT,
    FULL_DECK_MASK,
    KIND_MASKS,
    TRUMPS_ABOVE,
    Suit,
    indices_of,
)
from ascenseur.core.observation import Observation, SeatFacts


class NoConsistentWorld(RuntimeError):
    """The observation admits no world (it cannot come from a real game)."""


def allowed_mask(facts: SeatFacts) -> int:
    """The cards a seat may still hold given the public facts about it."""
    mask = FULL_DECK_MASK
    for kind in facts.voids:
        mask &= ~KIND_MASKS[kind]
    if facts.trump_ceiling < 21 and Suit.TRUMPS not in facts.voids:
        mask &= ~TRUMPS_ABOVE[facts.trump_ceiling]
    return mask | EXCUSE_BIT


@dataclass(frozen=True, slots=True)
class WorldSpec:
    """What every world for one observation must satisfy (computed once per decision)."""

    seat: int
    own: int
    unseen: int
    counts: tuple[int, ...]
    allowed: tuple[int, ...]
    order: tuple[int, ...]

    @staticmethod
    def of(view: Observation) -> WorldSpec:
        if view.seat is None:
            raise ValueError("a spectator has no hand: worlds are sampled for a seat")
        me = view.seat
        unseen = view.unseen_mask
        allowed = tuple(
            0 if seat == me else allowed_mask(facts) & unseen
            for seat, facts in enumerate(view.facts)
        )
        counts = tuple(0 if seat == me else c for seat, c in enumerate(view.hand_counts))
        for seat, count in enumerate(counts):
            if allowed[seat].bit_count() < count:
                raise NoConsistentWorld(f"seat {seat} cannot hold {count} unseen cards")
        others = [s for s in range(len(counts)) if s != me and counts[s]]
        # Most constrained first: fewest spare cards beyond the hand to fill.
        others.sort(key=lambda s: allowed[s].bit_count() - counts[s])
        return WorldSpec(me, view.hand_mask, unseen, counts, allowed, tuple(others))


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
