"""Which other seats do not play as the expert's model of the field says, from what is public.

The expert models every other seat as the heuristic club player: its bids weigh the worlds it
searches, and its cards drive the faithful chain (:mod:`ascenseur.bots.expert`). A seat that
plays otherwise — a random bot, a beginner — makes that model wrong, and a wrong model costs
more than none (``evaluations/README.md``, the model of the field).

The sign used is the one every seat leaves in the finished deals (public, whatever the house
rules hide during a deal): how far its bids missed the tricks it took. The club player misses
by little — over a game, its misses add up to a small share of the cards it was dealt — and a
seat that bids at random misses by about a third of its hand. A seat is *off the model* once
it has been dealt at least :data:`LEAST_CARDS` cards in the finished deals and its misses add
up to more than ``share`` of them.
"""

from __future__ import annotations

from ascenseur.core.observation import Observation

#: Cards dealt to a seat in the finished deals before its misses say anything.
LEAST_CARDS = 8


def off_model(view: Observation, share: float) -> tuple[int, ...]:
    """The seats other than ``view.seat`` whose bids in the finished deals missed their tricks
    by more than ``share`` of the cards they were dealt, once they were dealt
    :data:`LEAST_CARDS` or more; in seat order."""
    dealt = sum(result.hand_size for result in view.results)
    if dealt < LEAST_CARDS:
        return ()
    return tuple(
        seat
        for seat in range(view.players)
        if seat != view.seat
        and sum(abs(r.bids[seat] - r.tricks[seat]) for r in view.results) > share * dealt
    )
