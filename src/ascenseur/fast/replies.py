"""The others' replies to a candidate card, played by the heuristic bot: a faithful start to a
play-out, compiled.

The play-outs' "to the bid" policy (:func:`ascenseur.fast.play.choose_card`) predicts a
heuristic bot's card about half the time (``tools/policy_agreement.py``), and a leading one's
far less. Here the first cards after a candidate are the field's own: the searching seat plays
its candidate, then every other seat plays the card the heuristic bot holding its hand in the
world would (:func:`ascenseur.fast.heuristic.choose`), until the searching seat is to play
again or the deal ends; the play-out (the policy's) goes on from there. Each reply costs about
as much as a whole play-out, and against the expert it measured no gain (-0.11 [-0.63, +0.41]
a 12-card deal over 60, at three times the decision time: ``tools/expert_variants.py``), so
the expert leaves it off.

A replying seat reads what a heuristic bot's view would show it: the cards played this deal,
the trick, every seat's count of cards, the known voids and trump ceilings (kept as
:func:`~ascenseur.core.observation.deduce_facts` finds them, card by card), every bid and the
tricks won.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE, EXCUSE_KIND, TRUMP_KIND
from ascenseur.core.observation import deduce_facts
from ascenseur.core.tricks import NO_LED, winning_position
from ascenseur.fast._jit import jit, popcount
from ascenseur.fast.heuristic import Scratch as HeuristicScratch
from ascenseur.fast.heuristic import choose
from ascenseur.fast.masks import HIGH, KIND, RANK, Floats, Int64s, split
from ascenseur.fast.play import advance, remove, trick_state
from ascenseur.search.problem import SearchProblem

#: The bits of the four suits in a seat's known voids (a trump or Excuse lead shows none).
_SUITS = 0b1111


class Public(NamedTuple):
    """What every seat has seen at the decision, as :func:`reply` starts from it."""

    params: Floats  # the heuristic's in-play constants (empty: no replies)
    gone: Int64s  # (2,): the cards played this deal, this trick's included
    voids: Int64s  # (n,): known void kinds, as bits (0–3 suits, 4 trumps)
    ceilings: Int64s  # (n,): the highest trump rank each may hold

    @staticmethod
    def of(problem: SearchProblem, params: tuple[float, ...]) -> Public:
        """The public record of ``problem``'s deal; ``params`` empty: no replies."""
        n = len(problem.bids)
        if not params or problem.bidding:
            return Public.none(n)
        cards = tuple(card for _, card in problem.plays)
        first_leader = problem.plays[0][0] if problem.plays else 0
        winners = []
        for start in range(0, len(cards) - len(cards) % n, n):
            leader = problem.plays[start][0]
            winners.append((leader + winning_position(cards[start : start + n])) % n)
        facts = deduce_facts(n, first_leader, cards, tuple(winners))
        gone = 0
        for card in cards:
            gone |= 1 << card
        low, high = split(gone)
        return Public(
            params=np.array(params, np.float64),
            gone=np.array([low, high], np.int64),
            voids=np.array([sum(1 << int(k) for k in f.voids) for f in facts], np.int64),
            ceilings=np.array([f.trump_ceiling for f in facts], np.int64),
        )

    @staticmethod
    def none(n: int) -> Public:
        """No replies: the play-out's policy from the candidate on."""
        return Public(
            params=np.zeros(0, np.float64),
            gone=np.zeros(2, np.int64),
            voids=np.zeros(n, np.int64),
            ceilings=np.zeros(n, np.int64),
        )


class Work(NamedTuple):
    """The arrays :func:`reply` works in (allocated once per search)."""

    heuristic: HeuristicScratch
    row: Int64s  # (78,): a replying seat's hand, 0/1 over the deck
    trick: Int64s  # (n,): the trick when the searching seat is to play again
    voids: Int64s  # (n,)
    ceilings: Int64s  # (n,)
    counts: Int64s  # (n,)
    eager: Floats  # (n,)

    @staticmethod
    def of(n: int) -> Work:
        return Work(
            heuristic=HeuristicScratch.of(n),
            row=np.zeros(DECK_SIZE, np.int64),
            trick=np.zeros(n, np.int64),
            voids=np.zeros(n, np.int64),
            ceilings=np.zeros(n, np.int64),
            counts=np.zeros(n, np.int64),
            eager=np.zeros(n, np.float64),
        )


@jit
def _learn(
    card: int, seat: int, trick_len: int, led: int, high: int, voids: Int64s, ceilings: Int64s
) -> None:
    """What ``seat`` playing ``card`` into a trick of ``trick_len`` cards (``led``, its highest
    trump rank ``high``) shows of its hand: :func:`~ascenseur.core.observation.deduce_facts`."""
    kind = KIND[card]
    if trick_len == 0 and kind >= TRUMP_KIND:
        voids[seat] |= _SUITS  # P2: a trump or Excuse lead shows no suit card
    elif led != NO_LED and kind != EXCUSE_KIND:
        if kind == TRUMP_KIND:
            if led != TRUMP_KIND:
                voids[seat] |= 1 << led
            if RANK[card] < high:
                ceilings[seat] = min(ceilings[seat], high)  # could not overtrump
        elif kind != led:
            voids[seat] |= (1 << led) | (1 << TRUMP_KIND)  # a discard: neither
    if voids[seat] >> TRUMP_KIND & 1:
        ceilings[seat] = 0


@jit
def reply(
    public: Public, w: Work, hands: Int64s, won: Int64s, bids: Int64s, trick: Int64s,
    trick_len: int, to_act: int, first: int, me: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Seat ``to_act`` (= ``me``) plays ``first``, then each other seat the heuristic bot's
    card for its hand in ``hands`` ((n, 2) words, updated in place as ``won`` is), until ``me``
    is to play again or the deal ends. Returns the seat to act, the length of the trick then
    (its cards in ``w.trick``) and the tricks finished on the way."""
    n = hands.shape[0]
    w.voids[:] = public.voids
    w.ceilings[:] = public.ceilings
    w.trick[:trick_len] = trick[:trick_len]
    gone_low, gone_high = public.gone[0], public.gone[1]
    led, high, win_value, win_seat = trick_state(trick, trick_len, to_act, n)
    seat = to_act
    card = first
    finished = 0
    while True:
        _learn(card, seat, trick_len, led, high, w.voids, w.ceilings)
        remove(hands, seat, card)
        if card < HIGH:
            gone_low |= 1 << card
        else:
            gone_high |= 1 << (card - HIGH)
        w.trick[trick_len] = card
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
        if trick_len == 0:
            finished += 1
        if seat == me or (hands[seat, 0] | hands[seat, 1]) == 0:
            return seat, trick_len, finished
        for j in range(n):
            w.counts[j] = popcount(hands[j, 0]) + popcount(hands[j, 1])
            w.eager[j] = public.params[0] if bids[j] > won[j] else public.params[1]
        for i in range(DECK_SIZE):
            word = hands[seat, 0] >> i if i < HIGH else hands[seat, 1] >> (i - HIGH)
            w.row[i] = word & 1
        card = choose(
            w.row, gone_low, gone_high, w.trick, trick_len, seat, w.counts, w.voids,
            w.ceilings, w.eager, bids[seat], bids[seat] - won[seat], public.params, w.heuristic,
        )  # fmt: skip


__all__ = ["Public", "Work", "reply"]
