"""The heuristic bot's bid, compiled: what a club player holding a given hand bids.

A twin of :func:`ascenseur.bots.heuristic_bidding.choose_bid` with the card counting and odds
of :mod:`ascenseur.fast.heuristic` (at the bid nothing is played: every other seat holds k
cards, none known void), operation for operation, so that it bids what the bot bids
(``tests/test_fast_heuristic_bid.py`` holds it to it over random hands). The search asks it
what another seat would have bid holding a hand it deals that seat, and what a seat that has not
bid yet will bid: a faithful model of a field of heuristic bots, where the fitted linear model
of :mod:`ascenseur.search.bid_model` (:func:`ascenseur.fast.search.expected_bid`) only
approximates one.

A seat's bid reads its hand and the public record then: where it sits from the first bidder,
the bids before it (their sum and count) and, with the hook (rule B3), the bid the dealer may
not make.
"""

from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE, FIRST_TRUMP, SUIT_SIZE, TRUMP_COUNT
from ascenseur.core.observation import NO_CEILING
from ascenseur.fast._jit import jit
from ascenseur.fast.heuristic import (
    PARAM_NAMES,
    Scratch,
    count,
    count_kinds,
    distribution,
    suit_odds,
    trump_odds,
)
from ascenseur.fast.masks import HIGH, RANK, Floats, Int64s
from ascenseur.fast.play import deal_score

#: Features of one card's row: the shared ones (heuristic_bidding's order), then two its own.
_SHARED = 11
_FEATURES = _SHARED + 2
_LOGIT, _EXCESS = 1, 9
_LAST_TRUMP = FIRST_TRUMP + TRUMP_COUNT


class Tables(NamedTuple):
    """The heuristic bot's bidding model and in-play constants, as arrays."""

    suit: Floats  # (13,) the suit cards' logistic weights, in SUIT_FEATURES' order
    trump: Floats  # (13,) the trumps', in TRUMP_FEATURES' order
    pull_below: Floats
    pull_above: Floats
    params: Floats  # PlayParams, in heuristic.PARAM_NAMES' order

    @staticmethod
    def of(parts: tuple[tuple[float, ...], ...]) -> Tables:
        """The tables of ``parts``: the bot's suit and trump weights, pulls below and above,
        and in-play constants, in this order (``ExpertBot``'s ``bid_tables`` makes them)."""
        suit, trump, pull_below, pull_above, params = parts
        return Tables(
            suit=np.array(suit, np.float64),
            trump=np.array(trump, np.float64),
            pull_below=np.array(pull_below, np.float64),
            pull_above=np.array(pull_above, np.float64),
            params=np.array(params, np.float64),
        )


@cache
def idle_tables() -> Tables:
    """Tables of the right shapes, all zero, for a search that does not bid as the bot (never
    read there; made once)."""
    return Tables.of(
        ((0.0,) * _FEATURES, (0.0,) * _FEATURES, (0.0,), (0.0,), (0.0,) * len(PARAM_NAMES))
    )


class Work(NamedTuple):
    """The arrays one bid works in (allocated once per table size, reused)."""

    counting: Scratch
    hand: Int64s  # (78,) the hand as a 0/1 row
    counts: Int64s  # (n,) k for every seat
    voids: Int64s  # (n,) none
    ceilings: Int64s  # (n,) none
    take: Floats  # (78,) a kind's take odds, highest first
    forced: Floats  # (78,)
    prefix: Floats  # (n, 78) each card row's weighted features before the bids' (by seat)
    own: Floats  # (n, 78, 2) each row's own two features
    trump: Int64s  # (n, 78) 1 for a trump's row
    rows: Int64s  # (n,) the rows of each seat's hand
    odds: Floats  # (78,) the calibrated chance each card wins a trick, in the bot's order
    law: Floats  # (80,) the trick count's Poisson-binomial law
    pulled: Floats  # (80,) the law once playing to a bid pulls it
    common: Floats  # (11,) the features every card's row shares
    powers: Floats  # (2, 80): the pull below and above to the power of a distance

    @staticmethod
    def of(n: int) -> Work:
        return Work(
            counting=Scratch.of(n),
            hand=np.zeros(DECK_SIZE, np.int64),
            counts=np.zeros(n, np.int64),
            voids=np.zeros(n, np.int64),
            ceilings=np.full(n, NO_CEILING, np.int64),
            take=np.zeros(DECK_SIZE, np.float64),
            forced=np.zeros(DECK_SIZE, np.float64),
            prefix=np.zeros((n, DECK_SIZE), np.float64),
            own=np.zeros((n, DECK_SIZE, 2), np.float64),
            trump=np.zeros((n, DECK_SIZE), np.int64),
            rows=np.zeros(n, np.int64),
            odds=np.zeros(DECK_SIZE, np.float64),
            law=np.zeros(DECK_SIZE + 2, np.float64),
            pulled=np.zeros(DECK_SIZE + 2, np.float64),
            common=np.zeros(_SHARED, np.float64),
            powers=np.zeros((2, DECK_SIZE + 2), np.float64),
        )


@jit
def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1.0 - 1e-4)
    return math.log(p / (1.0 - p))


@jit
def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@jit
def _row(
    w: Work, seat: int, m: int, weights: Floats, logit_odds: float, own0: float, own1: float
) -> None:
    """Row ``m`` of ``seat``: its weighted features up to the bids' (heuristic_bidding's
    card_odds adds them in the row's order; :func:`decide` adds the rest in that order)."""
    common = w.common
    total = 0.0
    for f in range(_EXCESS):
        x = logit_odds if f == _LOGIT else common[f]
        total += weights[f] * x
    w.prefix[seat, m] = total
    w.own[seat, m, 0] = own0
    w.own[seat, m, 1] = own1


@jit
def rows(low: int, high: int, seat: int, leader: int, k: int, t: Tables, w: Work) -> None:
    """What of the heuristic bot's bid holding ``(low, high)`` (k cards) at ``seat``,
    ``leader`` the first bidder, does not depend on the bids before it: each card's row of
    features (heuristic_bidding.card_features) weighed up to the bids', into ``w`` for the
    seat."""
    n = w.counts.shape[0]
    s = w.counting
    hand = w.hand
    trumps = 0
    for i in range(DECK_SIZE):
        held = (low >> i & 1) if i < HIGH else (high >> (i - HIGH) & 1)
        hand[i] = held
        if held and FIRST_TRUMP <= i < _LAST_TRUMP:
            trumps += 1
    voids = 0
    for kind in range(4):
        length = 0
        for i in range(kind * SUIT_SIZE, (kind + 1) * SUIT_SIZE):
            length += hand[i]
        voids += length == 0
    w.counts[:] = k
    count(hand, 0, 0, seat, w.counts, w.voids, w.ceilings, s)
    count_kinds(s)
    position = (seat - leader) % n
    first = 1.0 if position == 0 else 0.0
    common = w.common
    common[0] = 1.0
    common[1] = 0.0
    common[2] = math.log(k)
    common[3] = 1.0 / k
    common[4] = first
    common[5] = first / k
    common[6] = position / (n - 1)
    common[7] = trumps / k
    common[8] = float(voids)
    common[_EXCESS] = 0.0
    common[10] = math.log(n)
    m = 0
    for kind in range(4):
        end = suit_odds(hand, kind, s, w.voids, t.params, w.take, w.forced, 0)
        for above in range(end):
            _row(w, seat, m, t.suit, _logit(w.take[above]), float(end), float(above))
            w.trump[seat, m] = 0
            m += 1
    held_above = trumps - 1
    for i in range(FIRST_TRUMP, _LAST_TRUMP):
        if hand[i]:
            p = trump_odds(i, s, t.params)
            _row(w, seat, m, t.trump, _logit(p), RANK[i] / 21.0, float(held_above))
            w.trump[seat, m] = 1
            held_above -= 1
            m += 1
    w.rows[seat] = m


@jit
def decide(
    seat: int, k: int, earlier_sum: int, earlier_count: int, forbidden: int, t: Tables,
    w: Work,
) -> int:  # fmt: skip
    """The bid of ``seat``, its rows made (:func:`rows`), after ``earlier_count`` bids summing
    to ``earlier_sum``; ``forbidden`` the bid the hook forbids it (-1: none): its best expected
    score (rules S1–S2) under the trick count its calibrated card odds give, pulled towards
    the bid (heuristic_bidding.choose_bid)."""
    n = w.counts.shape[0]
    excess = (earlier_sum - earlier_count * k / n) / k
    m = w.rows[seat]
    log_n = w.common[10]
    for r in range(m):
        weights = t.trump if w.trump[seat, r] else t.suit
        total = w.prefix[seat, r]
        total += weights[_EXCESS] * excess
        total += weights[10] * log_n
        total += weights[_SHARED] * w.own[seat, r, 0]
        total += weights[_SHARED + 1] * w.own[seat, r, 1]
        w.odds[r] = _sigmoid(total)
    size = distribution(w.odds, m, w.law)
    below = t.pull_below[min(k, t.pull_below.shape[0] - 1)]
    above = t.pull_above[min(k, t.pull_above.shape[0] - 1)]
    powers = w.powers
    for d in range(size):  # the same pow calls as the bot's pull ** d
        powers[0, d] = below ** float(d)
        powers[1, d] = above ** float(d)
    chosen = -1
    best = -math.inf
    for b in range(k + 1):
        if b == forbidden:
            continue
        law = w.pulled
        law[:size] = w.law[:size]
        if b < size:
            for tricks in range(size):
                if tricks == b:
                    continue
                side = 0 if tricks < b else 1
                moved = w.law[tricks] * powers[side, abs(tricks - b)]
                law[tricks] -= moved
                law[b] += moved
        value = 0.0
        for tricks in range(size):
            value += law[tricks] * deal_score(b, tricks)
        if value > best:
            chosen, best = b, value
    return chosen


@jit
def bid(
    low: int, high: int, seat: int, leader: int, k: int, earlier_sum: int, earlier_count: int,
    forbidden: int, t: Tables, w: Work,
) -> int:  # fmt: skip
    """The bid of the heuristic bot holding ``(low, high)`` (k cards) at ``seat``, ``leader``
    the first bidder, after ``earlier_count`` bids summing to ``earlier_sum``; ``forbidden``
    the bid the hook forbids it (-1: none) (:func:`rows`, then :func:`decide`;
    :func:`ascenseur.bots.heuristic_bidding.choose_bid`)."""
    rows(low, high, seat, leader, k, t, w)
    return decide(seat, k, earlier_sum, earlier_count, forbidden, t, w)


@cache
def idle_work(n: int) -> Work:
    """A :class:`Work` for a search that does not bid as the bot: never written there, so one
    per table size serves every such search (made once, not at every decision)."""
    return Work.of(n)


__all__ = ["Tables", "Work", "bid", "decide", "idle_tables", "idle_work", "rows"]
