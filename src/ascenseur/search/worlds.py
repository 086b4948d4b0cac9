"""Sampling hidden worlds consistent with everything a seat has seen.

A *world* gives every other seat a hand (and the rest of the unseen cards to the undealt
pile) such that the hand sizes are right and every public deduction holds: shown voids, no
trumps left, trump ceilings after a failure to overtrump, the no-suit-card proof of a trump
lead. Cards never dealt are unseen too: they may be anywhere a hand could not show them not
to be, and the undealt pile takes whatever the hands do not.

Seats are filled most-constrained first, each drawing uniformly among the unseen cards it may
hold; a draw that would leave a later seat unable to fill its hand is rejected and retried.
When constraints are nested (each seat's allowed cards within the next one's) this is exactly
uniform over consistent worlds. When they are not (one seat has shown no heart, another no
spade), a hand that leaves the later seats fewer cards to choose from is drawn as often as
one that leaves them more, though fewer worlds complete it:
:meth:`~ascenseur.search.problem.WorldSpec.fill_factor` is the weight that makes drawn worlds
count as a uniform draw would. In 17-card deals at 4 players it moves some (seat, card) shares
by 0.1 to 0.27; the expert weighing its worlds by it decided no better (-0.02 [-0.13, +0.09] a
deal over 300 paired deals of 14 and 18 cards, at a fifth more time), so it does not. Where
one world must be exactly uniform (OpenSpiel's resampling from an information state, which its
ISMCTS takes as a draw from the chance law given what the seat knows), :func:`uniform_world`
keeps a drawn world with the chance ``fill_factor / fill_ceiling``: 0.77 to 0.91 of draws on
average in 4-player deals of 8 to 19 cards, under 0.05 in about one view in fifty
(``benchmarks/resample_acceptance.py``).
When the others' voids constrain the hands so tightly that every attempt fails (seen at 6
players, with every card dealt), the world is built instead (:func:`construct_world`). The
constraints themselves, :class:`~ascenseur.search.problem.WorldSpec`, are the search
problem's (re-exported here).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from ascenseur.core.cards import indices_of
from ascenseur.search.problem import ATTEMPTS, MIXING, NoConsistentWorld, WorldSpec, allowed_mask

__all__ = [
    "NoConsistentWorld",
    "WorldSpec",
    "allowed_mask",
    "construct_world",
    "later_seats_fit",
    "sample_world",
    "uniform_world",
]

#: Completed draws :func:`uniform_world` turns down before it builds a world instead.
REJECTIONS = 2000


def sample_world(spec: WorldSpec, rng: random.Random, attempts: int = ATTEMPTS) -> list[int]:
    """Hands (masks, by seat) for one world consistent with ``spec``; the cards known
    (:attr:`~ascenseur.search.problem.WorldSpec.known`: the own hand) included.

    Drawn; built by :func:`construct_world` once ``attempts`` draws in a row have failed.
    """
    for _ in range(attempts):
        hands = _try_sample(spec, rng)
        if hands is not None:
            return hands
    return construct_world(spec, rng)


def uniform_world(spec: WorldSpec, rng: random.Random, attempts: int = ATTEMPTS) -> list[int]:
    """Hands (masks, by seat) for one world drawn uniformly among those consistent with
    ``spec``; own hand included.

    Seat-by-seat draws, each kept with the chance :meth:`WorldSpec.fill_factor` /
    :meth:`WorldSpec.fill_ceiling` (rejection sampling: a draw comes with a chance in
    proportion to 1 / fill factor, so the kept ones are uniform). Built by
    :func:`construct_world` once ``attempts`` draws have failed, as :func:`sample_world`'s
    are, or :data:`REJECTIONS` completed ones have been turned down.
    """
    ceiling = spec.fill_ceiling()
    failed = rejected = 0
    while failed < attempts and rejected < REJECTIONS:
        hands = _try_sample(spec, rng)
        if hands is None:
            failed += 1
        elif rng.random() * ceiling < spec.fill_factor(hands):
            return hands
        else:
            rejected += 1
    return construct_world(spec, rng)


def construct_world(spec: WorldSpec, rng: random.Random) -> list[int]:
    """A world of ``spec`` built directly; raises :class:`NoConsistentWorld` if none exists.

    The unseen cards, in random order, each go to a random seat (or the undealt pile) that may
    hold it and has room; when none has, the card goes in along a chain of moves (a card of a
    full seat to another seat that may hold it, and so on to one with room: an augmenting
    path, so a world is found whenever one exists). Then :data:`MIXING` × (unseen cards)
    random swaps of two cards, or rotations of three, between seats, each made when every
    card may go where it is sent: a chain whose stationary law is uniform over consistent
    worlds. :func:`ascenseur.fast.worlds.construct_into` is its compiled twin.
    """
    n = len(spec.counts)
    pile = n  # the undealt pile: any card, the cards the hands do not take
    cards = indices_of(spec.unseen)
    room = [*spec.counts, len(cards) - sum(spec.counts)]
    if room[pile] < 0:
        raise NoConsistentWorld("the others hold more cards than this seat has not seen")
    allowed = [*spec.allowed, spec.unseen]

    def fits(who: int, card: int) -> bool:
        return bool(allowed[who] >> card & 1)

    rng.shuffle(cards)
    owner: dict[int, int] = {}
    for card in cards:
        options = [who for who in range(n + 1) if room[who] > 0 and fits(who, card)]
        if options:
            owner[card] = rng.choice(options)
            room[owner[card]] -= 1
        elif not _augment(card, owner, room, fits):
            raise NoConsistentWorld("no world is consistent with what this seat has seen")
    for _ in range(MIXING * len(cards)):
        a, b = rng.choice(cards), rng.choice(cards)
        sa, sb = owner[a], owner[b]
        if sa == sb or not (fits(sb, a) and fits(sa, b)):
            continue
        if rng.random() < 0.5:
            owner[a], owner[b] = sb, sa
            continue
        c = rng.choice(cards)  # a rotation: a to b's seat, b to c's, c to a's
        sc = owner[c]
        if sc not in (sa, sb) and fits(sc, b) and fits(sa, c):
            owner[a], owner[b], owner[c] = sb, sc, sa
    hands = list(spec.known)
    for card, who in owner.items():
        if who < n:
            hands[who] |= 1 << card
    return hands


def _augment(
    card: int, owner: dict[int, int], room: list[int], fits: Callable[[int, int], bool]
) -> bool:
    """Place ``card`` by a shortest chain of moves ending at a seat with room (breadth first
    over seats)."""
    came: dict[int, tuple[int, int]] = {}  # seat reached: (card moved in, seat it left; -1)
    queue = deque[int]()
    for who in range(len(room)):
        if fits(who, card):
            came[who] = (card, -1)
            queue.append(who)
    while queue:
        who = queue.popleft()
        if room[who] > 0:
            room[who] -= 1
            while who >= 0:  # each move on the chain: a card comes in, another leaves
                moved, left = came[who]
                owner[moved] = who
                who = left
            return True
        for moved, holder in list(owner.items()):
            if holder != who:
                continue
            for other in range(len(room)):
                if other not in came and fits(other, moved):
                    came[other] = (moved, who)
                    queue.append(other)
    return False


def _try_sample(spec: WorldSpec, rng: random.Random) -> list[int] | None:
    hands = list(spec.known)
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
        hands[seat] |= chosen
        if not later_seats_fit(spec, position, remaining):
            return None
    return hands


def later_seats_fit(spec: WorldSpec, position: int, remaining: int) -> bool:
    """Whether every seat after ``position`` in the spec's order can still fill its hand from
    the cards ``remaining``."""
    later = spec.order[position + 1 :]
    return all((spec.allowed[s] & remaining).bit_count() >= spec.counts[s] for s in later)
