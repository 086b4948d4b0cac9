"""The heuristic bot's card choice, compiled: what a club player holding a given hand plays.

A twin of :func:`ascenseur.search.heuristic_play.choose_play` with its card counting
(:func:`ascenseur.search.card_counting.count_cards`) and odds
(:mod:`ascenseur.search.heuristic_odds`), operation for operation, so that it picks the same card
(``tests/test_fast_heuristic.py`` holds them to it over random positions). The search asks it, for a
hand it deals another seat, which card that seat would have played: a faithful model of a field of
heuristic bots, where the fitted logit of a club player's play (a lab model, measured and dropped)
only approximated one.

A position is the public record at the seat's decision plus the hand: the trick so far, the
cards played before it this deal, every seat's count of cards, known voids and trump ceiling,
and how eagerly each seat takes tricks (:data:`PARAMS` ``eager`` while short of its bid, else
``reluctant``). Every card mask the odds use is a range of deck indices (a suit, the cards of
a suit above a card, the trumps above a rank), so the counting is kept per card, in arrays.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import (
    DECK_SIZE,
    EXCUSE_INDEX,
    EXCUSE_KIND,
    FIRST_TRUMP,
    SUIT_SIZE,
    TRUMP_COUNT,
    TRUMP_KIND,
)
from ascenseur.core.observation import NO_CEILING, Observation
from ascenseur.core.tricks import NO_LED
from ascenseur.fast._jit import jit_kernel
from ascenseur.fast.copies import copy_row, fill_row, fill_rows
from ascenseur.fast.masks import (
    KIND,
    RANK,
    VALUE,
    Floats,
    Int64s,
    fill_pool,
    has_card,
    split,
    with_card,
)
from ascenseur.fast.play import deal_score, legal, scoring_array, trick_state

#: The in-play constants, in :class:`ascenseur.search.heuristic_odds.PlayParams`'s order.
PARAM_NAMES = ("eager", "reluctant", "trump_reach", "duck_suit", "duck_lower", "duck_trump")
_REACH, _DUCK_SUIT, _DUCK_LOWER, _DUCK_TRUMP = 2, 3, 4, 5
#: Rounds of iterative proportional fitting of who holds what (card_counting._FIT_ROUNDS).
FIT_ROUNDS = 6
_LAST_TRUMP = FIRST_TRUMP + TRUMP_COUNT  # one past T21


class Scratch(NamedTuple):
    """The arrays one decision works in (allocated once per table size, reused)."""

    unseen: Int64s  # (78,) 1 for a card the seat has not seen
    unseen_cards: Int64s  # (78,) those cards, in deck order
    may: Int64s  # (n, 78) 1 where another seat may hold the card
    holds: Floats  # (n, 78) the chance it does
    stock: Floats  # (78,) the chance a card was never dealt
    others: Int64s  # (n,) the other seats that hold cards, then -1
    kind_none: Floats  # (n, 5) the chance a seat holds no card of a kind (0–3 suits, 4 trumps)
    kind_mean: Floats  # (n, 5) the cards of a kind it is expected to hold
    kind_any: Int64s  # (n, 5) 1 if it may hold a card of the kind
    later: Int64s  # (n,) the seats still to play after this card, then -1
    cards: Int64s  # (78,) the legal cards
    base: Floats  # (5, 78) take odds of the hand's cards, by kind
    base_forced: Floats  # (5, 78) forced odds, by kind
    base_len: Int64s  # (5,)
    take: Floats  # (78,) the odds of the cards kept
    forced: Floats  # (78,)
    most: Floats  # (80,) Poisson-binomial laws
    fewest: Floats  # (80,)
    kept: Int64s  # (78,) a hand without the card played, as a 0/1 row

    @staticmethod
    def of(n: int) -> Scratch:
        return Scratch(
            unseen=np.zeros(DECK_SIZE, np.int64),
            unseen_cards=np.zeros(DECK_SIZE, np.int64),
            may=np.zeros((n, DECK_SIZE), np.int64),
            holds=np.zeros((n, DECK_SIZE), np.float64),
            stock=np.zeros(DECK_SIZE, np.float64),
            others=np.full(n, -1, np.int64),
            kind_none=np.ones((n, 5), np.float64),
            kind_mean=np.zeros((n, 5), np.float64),
            kind_any=np.zeros((n, 5), np.int64),
            later=np.full(n, -1, np.int64),
            cards=np.zeros(DECK_SIZE, np.int64),
            base=np.zeros((5, DECK_SIZE), np.float64),
            base_forced=np.zeros((5, DECK_SIZE), np.float64),
            base_len=np.zeros(5, np.int64),
            take=np.zeros(DECK_SIZE, np.float64),
            forced=np.zeros(DECK_SIZE, np.float64),
            most=np.zeros(DECK_SIZE + 2, np.float64),
            fewest=np.zeros(DECK_SIZE + 2, np.float64),
            kept=np.zeros(DECK_SIZE, np.int64),
        )


@jit_kernel
def row_words(row: Int64s) -> tuple[int, int]:
    """The ``(low, high)`` words of a 0/1 row over the deck."""
    low = 0
    high = 0
    for i in range(DECK_SIZE):
        if row[i]:
            low, high = with_card(low, high, i)
    return low, high


@jit_kernel
def _kind_range(kind: int) -> tuple[int, int]:
    """The deck indices ``[start, stop)`` of a kind (0–3 a suit, 4 the trumps)."""
    if kind < TRUMP_KIND:
        return kind * SUIT_SIZE, (kind + 1) * SUIT_SIZE
    return FIRST_TRUMP, _LAST_TRUMP


@jit_kernel
def _none_of(s: Scratch, j: int, start: int, stop: int) -> float:
    """Chance that seat ``j`` holds none of the cards ``[start, stop)`` (Counting.none_of)."""
    p = 1.0
    for i in range(start, stop):
        if s.may[j, i]:
            p *= 1.0 - s.holds[j, i]
    return p


@jit_kernel
def _may_any(s: Scratch, j: int, start: int, stop: int) -> bool:
    """Whether seat ``j`` may hold any of the cards ``[start, stop)``."""
    for i in range(start, stop):  # noqa: SIM110  (numba compiles no generator)
        if s.may[j, i]:
            return True
    return False


@jit_kernel
def _void_in(s: Scratch, voids: Int64s, j: int, kind: int) -> float:
    """Chance that seat ``j`` holds no card of ``kind`` (Counting.void_in)."""
    if voids[j] >> kind & 1:
        return 1.0
    return float(s.kind_none[j, kind])


@jit_kernel
def count(  # noqa: C901, PLR0912 (a compiled kernel: the club player's count, one pass)
    hand: Int64s, gone_low: int, gone_high: int, seat: int, counts: Int64s, voids: Int64s,
    ceilings: Int64s, s: Scratch,
) -> None:  # fmt: skip
    """The counting of ``seat`` holding ``hand`` (a 0/1 row): unseen cards, who may hold
    them and the chance each does, into ``s`` (:func:`~ascenseur.search.card_counting.count_cards`
    and its ``_fit_holdings``)."""
    n = counts.shape[0]
    cards = s.unseen_cards
    total = 0
    for i in range(DECK_SIZE):
        unseen = 1 if hand[i] == 0 and not has_card(gone_low, gone_high, i) else 0
        s.unseen[i] = unseen
        if unseen:
            cards[total] = i
            total += 1
    holders = 0
    dealt = 0
    constrained = False
    fill_row(s.others, -1)
    fill_rows(s.may, 0)
    fill_rows(s.holds, 0.0)
    for j in range(n):
        if j == seat:
            continue
        ceiling = ceilings[j]
        for c in range(total):
            i = cards[c]
            kind = KIND[i]
            allowed = not (kind <= TRUMP_KIND and voids[j] >> kind & 1)
            if kind == TRUMP_KIND and RANK[i] > ceiling:
                allowed = False
            if allowed:
                s.may[j, i] = 1
            elif counts[j] > 0:
                constrained = True
        if counts[j] > 0:
            s.others[holders] = j
            holders += 1
            dealt += counts[j]
    if total == 0 or holders == 0:
        return
    stock = total - dealt
    for h in range(holders):
        j = s.others[h]
        share = counts[j] / total
        for c in range(total):
            if s.may[j, cards[c]]:
                s.holds[j, cards[c]] = share
    if not constrained:
        return
    for c in range(total):
        s.stock[cards[c]] = stock / total
    for _ in range(FIT_ROUNDS):
        for c in range(total):  # every unseen card is somewhere
            i = cards[c]
            sum_i = _scale_card(s, i, holders, 0.0)
            if sum_i > 0:
                s.stock[i] /= sum_i
        for h in range(holders):  # every seat holds its count
            j = s.others[h]
            row_sum = 0.0
            for c in range(total):
                row_sum += s.holds[j, cards[c]]
            if row_sum > 0:
                factor = counts[j] / row_sum
                for c in range(total):
                    s.holds[j, cards[c]] *= factor
        if stock > 0:
            stock_sum = 0.0
            for c in range(total):
                stock_sum += s.stock[cards[c]]
            factor = stock / stock_sum if stock_sum > 0 else 0.0
            for c in range(total):
                s.stock[cards[c]] *= factor
    for c in range(total):  # no card held with probability above 1
        _scale_card(s, cards[c], holders, 1.0)


@jit_kernel
def _scale_card(s: Scratch, i: int, holders: int, above: float) -> float:
    """Divide every holder's chance of card ``i`` by the card's total (its stock chance and
    theirs) when that total is above ``above``; returns the total."""
    held = 0.0
    for h in range(holders):
        held += s.holds[s.others[h], i]
    sum_i: float = s.stock[i] + held
    if sum_i > above:
        for h in range(holders):
            s.holds[s.others[h], i] /= sum_i
    return sum_i


@jit_kernel
def count_kinds(s: Scratch) -> None:
    """Each seat's chance of holding no card of each kind, the cards of it it is expected to
    hold, and whether it may hold any (the same products and sums, in the same order, as
    Counting.none_of and Counting.expected_in over the kind)."""
    for j in range(s.may.shape[0]):
        for kind in range(5):
            start, stop = _kind_range(kind)
            s.kind_none[j, kind] = _none_of(s, j, start, stop)
            mean = 0.0
            for i in range(start, stop):
                if s.may[j, i]:
                    mean += s.holds[j, i]
            s.kind_mean[j, kind] = mean
            s.kind_any[j, kind] = _may_any(s, j, start, stop)


@jit_kernel
def _higher_trumps(s: Scratch, rank: int) -> bool:
    """Whether a trump above ``rank`` is unseen (Counting.higher_trumps)."""
    for i in range(FIRST_TRUMP + rank, _LAST_TRUMP):  # noqa: SIM110  (numba compiles no generator)
        if s.unseen[i]:
            return True
    return False


@jit_kernel
def _win_probability(
    index: int, led: int, best: int, s: Scratch, voids: Int64s, eager: Floats
) -> float:
    """Chance that card ``index`` played now wins the trick (heuristic_odds.win_probability);
    ``s.later`` holds the seats still to play after it."""
    suit = KIND[index]
    if suit == EXCUSE_KIND:
        return 0.0
    if led == NO_LED:
        led = suit
    value = VALUE[led + 1, index]
    if value <= best:
        return 0.0
    p = 1.0
    if suit == TRUMP_KIND:
        start = FIRST_TRUMP + RANK[index]
        if not _higher_trumps(s, RANK[index]):
            return 1.0
        for position in range(s.later.shape[0]):
            j = s.later[position]
            if j < 0:
                break
            if not _may_any(s, j, start, _LAST_TRUMP):
                continue
            can = 1.0 if led == TRUMP_KIND else _void_in(s, voids, j, led)
            p *= 1.0 - can * (1.0 - _none_of(s, j, start, _LAST_TRUMP))
        return p
    stop = (suit + 1) * SUIT_SIZE
    for position in range(s.later.shape[0]):
        j = s.later[position]
        if j < 0:
            break
        beat = 0.0
        if _may_any(s, j, index + 1, stop):
            beat = eager[j] * (1.0 - _none_of(s, j, index + 1, stop))
        if s.kind_any[j, TRUMP_KIND]:
            beat += _void_in(s, voids, j, led) * (1.0 - s.kind_none[j, TRUMP_KIND])
        p *= max(0.0, 1.0 - beat)
    return p


@jit_kernel
def _poisson_cdf(mean: float, k: int) -> float:
    term = math.exp(-mean)
    total = term
    for i in range(1, k + 1):
        term *= mean / i
        total += term
    return min(1.0, total)


@jit_kernel
def suit_odds(
    hand: Int64s, kind: int, s: Scratch, voids: Int64s, params: Floats, take: Floats,
    forced: Floats, at: int,
) -> int:  # fmt: skip
    """The (take, forced) odds of the ``hand``'s cards of suit ``kind``, highest first, into
    ``take[at:]``/``forced[at:]`` (heuristic_odds.suit_odds); returns the new end."""
    start, stop = _kind_range(kind)
    length = 0
    for i in range(start, stop):
        length += hand[i]
    if length == 0:
        return at
    rank_in_hand = 0
    for index in range(stop - 1, start - 1, -1):
        if not hand[index]:
            continue
        top = 1.0
        for h in range(s.others.shape[0]):
            j = s.others[h]
            if j < 0:
                break
            top *= _none_of(s, j, index + 1, stop)
        safe = 1.0
        for h in range(s.others.shape[0]):
            j = s.others[h]
            if j < 0:
                break
            has_trump = 0.0
            if s.kind_any[j, TRUMP_KIND]:
                has_trump = 1.0 - s.kind_none[j, TRUMP_KIND]
            if has_trump == 0.0:
                continue
            if rank_in_hand == 0:
                void = _void_in(s, voids, j, kind)
            elif voids[j] >> kind & 1:
                void = 1.0
            else:
                void = _poisson_cdf(s.kind_mean[j, kind], rank_in_hand)
            safe *= 1.0 - void * has_trump
        p = top * safe
        lower = length - rank_in_hand - 1
        take[at] = p
        forced[at] = p * params[_DUCK_SUIT] * params[_DUCK_LOWER] ** float(lower)
        at += 1
        rank_in_hand += 1
    return at


@jit_kernel
def trump_odds(index: int, s: Scratch, params: Floats) -> float:
    """The take odds of one trump kept for later (heuristic_odds.trump_odds)."""
    start = FIRST_TRUMP + RANK[index]
    p = 1.0
    if _higher_trumps(s, RANK[index]):
        for h in range(s.others.shape[0]):
            j = s.others[h]
            if j < 0:
                break
            if _may_any(s, j, start, _LAST_TRUMP):
                p *= 1.0 - params[_REACH] * (1.0 - _none_of(s, j, start, _LAST_TRUMP))
    return p


@jit_kernel
def distribution(probs: Floats, m: int, out: Floats) -> int:
    """The Poisson-binomial law of ``probs[:m]`` into ``out[: m + 1]`` (heuristic_odds's)."""
    out[0] = 1.0
    for count_ in range(m):
        p = probs[count_]
        q = 1.0 - p
        out[count_ + 1] = out[count_] * p
        for t in range(count_, 0, -1):
            out[t] = out[t - 1] * p + out[t] * q
        out[0] = out[0] * q
    return m + 1


@jit_kernel
def _laws(m: int, excuse: bool, s: Scratch) -> tuple[int, int, int]:
    """The Poisson-binomial laws of the ``m`` cards' ``s.take`` and ``s.forced`` odds into
    ``s.most`` and ``s.fewest`` (the Excuse makes one trick fewer a must); returns the
    lengths of the two laws and where the second starts in ``s.fewest``."""
    most_len = distribution(s.take, m, s.most)
    fewest_len = distribution(s.forced, m, s.fewest)
    if excuse and fewest_len > 1:
        s.fewest[1] = s.fewest[0] + s.fewest[1]
        return most_len, fewest_len - 1, 1
    return most_len, fewest_len, 0


@jit_kernel
def _expected_score(
    scoring: Int64s, bid: int, need: int, most_len: int, fewest_len: int, shift: int, s: Scratch
) -> float:
    """Expected deal score under ``scoring`` (H2) when ``need`` more tricks are wanted from
    cards of the laws :func:`_laws` left in ``s`` (heuristic_odds.expected_score)."""
    won = bid - need
    short = 0.0
    p_short = 0.0
    for t in range(min(need, most_len)):
        short += s.most[t] * deal_score(scoring, bid, won + t)
        p_short += s.most[t]
    over = 0.0
    p_over = 0.0
    for t in range(max(0, need + 1), fewest_len):
        mass = s.fewest[t + shift]
        over += mass * deal_score(scoring, bid, won + t)
        p_over += mass
    exact = max(0.0, 1.0 - p_short - p_over)
    return exact * deal_score(scoring, bid, bid) + short + over


@jit_kernel
def _kept_odds(hand: Int64s, index: int, s: Scratch, voids: Int64s, params: Floats) -> int:
    """The odds of the hand's cards but ``index``, in ``future_odds``'s order, into
    ``s.take``/``s.forced`` (heuristic_play._odds_without); returns how many."""
    kind = KIND[index]
    at = 0
    for k in range(5):
        if k != kind:
            for i in range(s.base_len[k]):
                s.take[at] = s.base[k, i]
                s.forced[at] = s.base_forced[k, i]
                at += 1
        elif k < TRUMP_KIND:
            copy_row(s.kept, hand)
            s.kept[index] = 0
            at = suit_odds(s.kept, k, s, voids, params, s.take, s.forced, at)
        else:  # a trump's odds do not depend on the other trumps: drop its own
            below = 0
            for i in range(FIRST_TRUMP, index):
                below += hand[i]
            for i in range(s.base_len[k]):
                if i != below:
                    s.take[at] = s.base[k, i]
                    s.forced[at] = s.base_forced[k, i]
                    at += 1
    return at


@jit_kernel
def choose(
    hand: Int64s, gone_low: int, gone_high: int, trick: Int64s, trick_len: int, seat: int,
    counts: Int64s, voids: Int64s, ceilings: Int64s, eager: Floats, bid: int, need: int,
    params: Floats, scoring: Int64s, lead_restriction: bool, s: Scratch,
) -> int:  # fmt: skip
    """The card the heuristic bot plays holding ``hand`` (a 0/1 row over the deck), ``seat``
    to play after ``trick[:trick_len]``, the cards ``(gone_low, gone_high)`` played before
    (this trick's included), ``need`` tricks short of its ``bid``: its best expected deal
    score under ``scoring`` (H2), among the cards legal under ``lead_restriction`` (P2; False:
    H3) (:func:`ascenseur.search.heuristic_play.choose_play`)."""
    n = counts.shape[0]
    low, high = row_words(hand)
    led, high_trump, best, _ = trick_state(trick, trick_len, seat, n)
    legal_low, legal_high = legal(low, high, trick_len, led, high_trump, lead_restriction)
    m = fill_pool(legal_low, legal_high, s.cards)
    if m == 1:
        return int(s.cards[0])
    count(hand, gone_low, gone_high, seat, counts, voids, ceilings, s)
    count_kinds(s)
    fill_row(s.later, -1)
    for after in range(1, n - trick_len):
        s.later[after - 1] = (seat + after) % n
    for k in range(4):
        s.base_len[k] = suit_odds(hand, k, s, voids, params, s.base[k], s.base_forced[k], 0)
    t = 0
    for i in range(FIRST_TRUMP, _LAST_TRUMP):
        if hand[i]:
            p = trump_odds(i, s, params)
            s.base[4, t] = p
            s.base_forced[4, t] = p * params[_DUCK_TRUMP]
            t += 1
    s.base_len[4] = t
    chosen = -1
    best_value = -1e9
    for c in range(m):
        index = s.cards[c]
        p = _win_probability(index, led, best, s, voids, eager)
        kept = _kept_odds(hand, index, s, voids, params)
        excuse = bool(hand[EXCUSE_INDEX]) and index != EXCUSE_INDEX
        most_len, fewest_len, shift = _laws(kept, excuse, s)  # the same for both outcomes
        value = p * _expected_score(scoring, bid, need - 1, most_len, fewest_len, shift, s)
        value += (1.0 - p) * _expected_score(scoring, bid, need, most_len, fewest_len, shift, s)
        if value > best_value + 1e-9:
            chosen, best_value = index, value
    return chosen


class Position(NamedTuple):
    """A seat's decision as :func:`choose` reads it, from the public record (no hand)."""

    gone_low: int
    gone_high: int
    trick: Int64s  # (n,) the trick so far, in play order
    trick_len: int
    seat: int
    counts: Int64s  # (n,) cards in each hand
    voids: Int64s  # (n,) known void kinds, as bits (0–3 suits, 4 trumps)
    ceilings: Int64s  # (n,) the highest trump rank each may hold
    eager: Floats  # (n,) params' eager or reluctant, by whether the seat is short of its bid
    bid: int
    need: int
    scoring: Int64s  # the rule set's scoring table (H2): play.scoring_array
    lead_restriction: bool  # rule P2 (False: house rule H3)

    @staticmethod
    def of(view: Observation, params: Floats) -> Position:
        """The position of ``view``'s seat, to play."""
        if view.seat is None:
            raise ValueError("a spectator has no decision to make")
        n = view.players
        seat = view.seat
        gone_low, gone_high = split(view.played_mask)
        trick = np.zeros(n, np.int64)
        for position, (_, card) in enumerate(view.trick):
            trick[position] = card.index
        voids = np.zeros(n, np.int64)
        ceilings = np.full(n, NO_CEILING, np.int64)
        eager = np.zeros(n, np.float64)
        for j, facts in enumerate(view.facts):
            for kind in facts.voids:
                voids[j] |= 1 << int(kind)
            ceilings[j] = facts.trump_ceiling
            bid_j = view.bids[j]
            eager[j] = params[0] if bid_j is None or bid_j > view.tricks_won[j] else params[1]
        bid = view.bids[seat]
        if bid is None:
            raise ValueError(f"seat {seat} has no bid in deal {view.deal_index + 1}")
        return Position(
            gone_low, gone_high, trick, len(view.trick), seat,
            np.array(view.hand_counts, np.int64), voids, ceilings, eager, bid,
            bid - view.tricks_won[seat], scoring_array(view.rules.scoring),
            view.rules.lead_restriction,
        )  # fmt: skip


def hand_row(mask: int) -> Int64s:
    """A core mask as a 0/1 row over the deck (:func:`choose`'s hand)."""
    return np.array([mask >> i & 1 for i in range(DECK_SIZE)], np.int64)


def choose_in(position: Position, hand: Int64s, params: Floats, s: Scratch) -> int:
    """:func:`choose` at ``position`` holding ``hand``."""
    card = choose(
        hand, position.gone_low, position.gone_high, position.trick, position.trick_len,
        position.seat, position.counts, position.voids, position.ceilings, position.eager,
        position.bid, position.need, params, position.scoring, position.lead_restriction, s,
    )  # fmt: skip
    return int(card)


__all__ = [
    "FIT_ROUNDS",
    "PARAM_NAMES",
    "Position",
    "Scratch",
    "choose",
    "choose_in",
    "count",
    "count_kinds",
    "distribution",
    "hand_row",
    "row_words",
    "suit_odds",
    "trump_odds",
]
