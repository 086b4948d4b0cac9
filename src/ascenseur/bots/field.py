"""Which other seats do not play as the expert's model of the field says, from what is public.

The expert models every other seat as the heuristic club player: its bids weigh the worlds it
searches, and its cards drive the faithful chain (:mod:`ascenseur.bots.expert`). A seat that
plays otherwise — a random bot, a beginner — makes that model wrong, and a wrong model costs
more than none (``evaluations/README.md``, the model of the field).

The sign used is the one every seat leaves in the finished deals (public, whatever the house
rules hide during a deal): how far its bids missed the tricks it took. The club player misses
by little — over a game, its misses add up to a small share of the cards it was dealt — and a
seat that bids at random misses by about a third of its hand. A seat is *off the model* once
its misses add up to :data:`LEAST_MISSES` tricks or more, and to more than ``share`` of the
cards it was dealt. How often that fires in each kind of field is measured by
``benchmarks/field_check.py`` (figures in ``evaluations/README.md``).
"""

from __future__ import annotations

from ascenseur.core.observation import Observation

#: Tricks a seat's bids must have missed by, in all, before they say anything.
LEAST_MISSES = 5


def off_model(view: Observation, share: float) -> tuple[int, ...]:
    """The seats other than ``view.seat`` whose bids in the finished deals missed their tricks
    by :data:`LEAST_MISSES` or more in all, and by more than ``share`` of the cards they were
    dealt; in seat order."""
    dealt = sum(result.hand_size for result in view.results)
    missed = [0] * view.players
    for result in view.results:
        for seat, (bid, tricks) in enumerate(zip(result.bids, result.tricks, strict=True)):
            missed[seat] += abs(bid - tricks)
    return tuple(
        seat
        for seat, misses in enumerate(missed)
        if seat != view.seat and misses >= LEAST_MISSES and misses > share * dealt
    )
