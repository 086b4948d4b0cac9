"""Odds for the heuristic bot: will this card win this trick, and what is the rest worth.

Two estimates, both from a :class:`~ascenseur.search.card_counting.Counting`:

* :func:`win_probability` — the chance that a card played now wins the current trick, given
  the cards already in it and who plays after (each of them beats it by following higher,
  which a seat still short of its bid does readily and a seat with its bid made rarely, or by
  trumping when void, which the rules force);
* :func:`future_odds` — for each card kept for later, the chance it wins a trick when its
  holder tries to (``take``) and the chance it wins one even when its holder tries not to
  (``forced``). The trick counts they add up to are Poisson-binomial (:func:`distribution`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ascenseur.core.cards import (
    CARD_RANK,
    CARD_SUIT,
    EXCUSE_KIND,
    SUIT_MASKS,
    TRUMP_KIND,
    TRUMP_MASK,
    indices_of,
)
from ascenseur.core.rules import Scoring
from ascenseur.core.tricks import NO_LED, TRICK_VALUES, trick_summary
from ascenseur.search.card_counting import Counting


@dataclass(frozen=True, slots=True)
class PlayParams:
    """The few constants of the in-play odds.

    ``eager``/``reluctant``: chance that a seat holding a higher card of the led suit plays
    it when it still needs tricks / when it does not. ``trump_reach``: chance that a higher
    trump held by an opponent meets one's trump in the same trick. ``duck_*``: how often a
    winning card cannot be kept out of a trick by a seat trying to lose.

    ``trump_reach`` was chosen by paired simulations (0.1…0.6 tried; 0.2–0.3 best); the others
    are set by hand, and moving them by ±0.15 changed nothing measurable. The bidding tables
    are fitted with these values: change one, rerun ``tools/calibrate_heuristic.py``.
    """

    eager: float = 0.85
    reluctant: float = 0.3
    trump_reach: float = 0.3
    duck_suit: float = 0.75
    duck_lower: float = 0.45
    duck_trump: float = 0.9


DEFAULT_PARAMS = PlayParams()


def suit_above(index: int) -> int:
    """The cards of the same suit as suit card ``index`` that rank above it."""
    return SUIT_MASKS[CARD_SUIT[index]] & ~((2 << index) - 1)


def trick_status(cards: Sequence[int]) -> tuple[int, int]:
    """``(led, best value)`` of the trick so far (led -1 while only the Excuse is in); the
    value is the winning card's :data:`~ascenseur.core.tricks.TRICK_VALUES` entry."""
    led, _, best, _ = trick_summary(cards)
    return led, best


def win_probability(
    index: int,
    cards: Sequence[int],
    later: Sequence[int],
    counting: Counting,
    eager: Sequence[float],
) -> float:
    """Chance that card ``index`` played now wins the trick.

    ``cards``: the trick so far; ``later``: the seats still to play after this card;
    ``eager[j]``: chance that seat ``j`` follows with a higher card of the led suit it holds.
    """
    led, best = trick_status(cards)
    suit = CARD_SUIT[index]
    if suit == EXCUSE_KIND:
        return 0.0
    if led == NO_LED:
        led = suit
    value = TRICK_VALUES[led + 1][index]
    if value <= best:
        return 0.0
    p = 1.0
    if suit == TRUMP_KIND:
        higher = counting.higher_trumps(CARD_RANK[index])
        if not higher:
            return 1.0
        for j in later:
            mask = higher & counting.may_hold[j]
            if not mask:
                continue
            can = 1.0 if led == TRUMP_KIND else counting.void_in(j, led)
            p *= 1.0 - can * (1.0 - counting.none_of(j, mask))
        return p
    above = suit_above(index) & counting.unseen
    for j in later:
        beat = 0.0
        if above & counting.may_hold[j]:
            beat = eager[j] * (1.0 - counting.none_of(j, above))
        trumps = TRUMP_MASK & counting.may_hold[j]
        if trumps:
            beat += counting.void_in(j, led) * (1.0 - counting.none_of(j, trumps))
        p *= max(0.0, 1.0 - beat)
    return p


def _poisson_cdf(mean: float, k: int) -> float:
    term = total = math.exp(-mean)
    for i in range(1, k + 1):
        term *= mean / i
        total += term
    return min(1.0, total)


def suit_odds(
    cards: Sequence[int], counting: Counting, params: PlayParams
) -> tuple[list[float], list[float]]:
    """``(take, forced)`` for one's cards of one suit, given highest first."""
    kind = CARD_SUIT[cards[0]]
    others = counting.others()
    trump_odds = []
    suit_means = []
    for j in others:
        trumps = TRUMP_MASK & counting.may_hold[j]
        trump_odds.append(1.0 - counting.none_of(j, trumps) if trumps else 0.0)
        suit_means.append(counting.expected_in(j, SUIT_MASKS[kind]))
    take = []
    forced = []
    length = len(cards)
    for rank_in_hand, index in enumerate(cards):
        above = suit_above(index) & counting.unseen
        top = 1.0
        if above:
            for j in others:
                top *= counting.none_of(j, above)
        safe = 1.0
        for j, has_trump, mean in zip(others, trump_odds, suit_means, strict=True):
            if not has_trump:
                continue
            if rank_in_hand == 0:
                void = counting.void_in(j, kind)
            else:
                void = 1.0 if counting.voids[j] >> kind & 1 else _poisson_cdf(mean, rank_in_hand)
            safe *= 1.0 - void * has_trump
        p = top * safe
        lower = length - rank_in_hand - 1
        take.append(p)
        forced.append(p * params.duck_suit * params.duck_lower**lower)
    return take, forced


def trump_odds(index: int, counting: Counting, params: PlayParams) -> tuple[float, float]:
    """``(take, forced)`` for one trump kept for later."""
    higher = counting.higher_trumps(CARD_RANK[index])
    p = 1.0
    if higher:
        for j in counting.others():
            mask = higher & counting.may_hold[j]
            if mask:
                p *= 1.0 - params.trump_reach * (1.0 - counting.none_of(j, mask))
    return p, p * params.duck_trump


def future_odds(
    hand: int, counting: Counting, params: PlayParams
) -> tuple[list[float], list[float]]:
    """``(take, forced)`` for every card of ``hand`` except the Excuse."""
    take: list[float] = []
    forced: list[float] = []
    for kind in range(4):
        cards = indices_of(hand & SUIT_MASKS[kind])
        if cards:
            t, f = suit_odds(cards[::-1], counting, params)
            take += t
            forced += f
    for index in indices_of(hand & TRUMP_MASK):
        t1, f1 = trump_odds(index, counting, params)
        take.append(t1)
        forced.append(f1)
    return take, forced


def distribution(probs: Sequence[float]) -> list[float]:
    """The Poisson-binomial law of a sum of independent events with these probabilities.

    >>> distribution([0.5, 0.5])
    [0.25, 0.5, 0.25]
    """
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        q = 1.0 - p
        for t, mass in enumerate(dist):
            nxt[t] += mass * q
            nxt[t + 1] += mass * p
        dist = nxt
    return dist


def expected_score(
    scoring: Scoring,
    bid: int,
    need: int,
    take: Sequence[float],
    forced: Sequence[float],
    excuse: bool,
) -> float:
    """Expected deal score under ``scoring`` (the rule set's table, H2) when ``need`` more
    tricks are wanted from cards with these odds.

    The most tricks the cards can take is Poisson-binomial with the ``take`` odds, the fewest
    they must take with the ``forced`` odds (one fewer with the Excuse in hand); any count in
    between is assumed reachable. Short of it the seat ends with the most, past it with the
    fewest, else with its bid; each count scores what the table says.
    """
    most = distribution(take)
    fewest = distribution(forced)
    if excuse and len(fewest) > 1:
        fewest = [fewest[0] + fewest[1], *fewest[2:]]
    won = bid - need  # the tricks taken so far
    short = sum(most[t] * scoring.points(bid, won + t) for t in range(min(need, len(most))))
    p_short = sum(most[: max(0, min(need, len(most)))])
    over = sum(
        fewest[t] * scoring.points(bid, won + t) for t in range(max(0, need + 1), len(fewest))
    )
    p_over = sum(fewest[max(0, need + 1) :])
    exact = max(0.0, 1.0 - p_short - p_over)
    return exact * scoring.points(bid, bid) + short + over


__all__ = [
    "DEFAULT_PARAMS",
    "PlayParams",
    "distribution",
    "expected_score",
    "future_odds",
    "suit_above",
    "suit_odds",
    "trick_status",
    "trump_odds",
    "win_probability",
]
