"""What a card played says about the hand it came from: a model of the others' play, compiled.

The expert may weigh each sampled world by how likely the other seats' cards so far are under
it (inference from play): for every card a seat played this deal from two or more legal ones,
the chance that a club player holding the sampled hand (with the cards it played later) would
have played it. The model is a conditional logit over the legal cards: each card scores
``weights · features`` (:func:`card_features`: does it win the trick so far, is it the
cheapest or dearest winner or loser, is the seat short of its bid, leading, how long its
suit is), and its chance is its share of ``exp(score)`` among the legal cards, mixed with a
uniform chance ``floor`` so that no card played is impossible under a world.

The weights are fitted by maximum likelihood on heuristic bots' cards and the floor on held-out
cards (``tools/fit_play_model.py``); this module only computes.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE, EXCUSE_INDEX, TRUMP_KIND
from ascenseur.core.tricks import winning_position
from ascenseur.fast._jit import jit, lowest, popcount
from ascenseur.fast.masks import (
    HIGH,
    KIND,
    RANK,
    SUIT_LOW,
    TRUMPS_ABOVE_HIGH,
    VALUE,
    Floats,
    Int64s,
    split_all,
)
from ascenseur.fast.play import legal, trick_state
from ascenseur.search.problem import SearchProblem

MODEL = "play_model.json"
MODEL_FORMAT = "ascenseur-play-model/1"

#: The features of a legal card (:func:`card_features`).
FEATURES = 28
#: The most legal cards a seat can have: the deck bounds any hand (39 cards at 2 players).
MOST = DECK_SIZE


@jit
def card_features(
    low: int, high: int, gone_low: int, gone_high: int, trick: Int64s, trick_len: int, n: int,
    need: int, cards: Int64s, out: Floats,
) -> int:  # fmt: skip
    """The legal cards of the hand ``(low, high)`` into ``cards`` and their features into
    ``out`` (a row each of :data:`MOST` × ``FEATURES + 1``, the last column free), for a seat
    to play after ``trick[:trick_len]`` at a table of ``n`` while ``need`` tricks short of its
    bid, ``(gone_low, gone_high)`` the cards played this deal before; returns how many cards
    are legal."""
    led, high_trump, win_value, _ = trick_state(trick, trick_len, trick_len, n)
    legal_low, legal_high = legal(low, high, trick_len, led, high_trump)
    m = 0
    word = legal_low
    while word:
        cards[m] = lowest(word)
        word &= word - 1
        m += 1
    word = legal_high
    while word:
        cards[m] = HIGH + lowest(word)
        word &= word - 1
        m += 1
    if m < 2:
        return m
    row = led + 1
    short = need > 0
    lead = trick_len == 0
    last = trick_len == n - 1
    # The cheapest and dearest winners, the dearest and cheapest losers (value, then rank).
    low_win, high_win, high_lose, low_lose, low_rank = -1, -1, -1, -1, -1
    low_lead, high_lead = -1, -1
    for i in range(m):
        c = cards[i]
        v = VALUE[row, c]
        if c == EXCUSE_INDEX:
            continue
        if low_lead < 0 or v < VALUE[row, cards[low_lead]]:
            low_lead = i
        if high_lead < 0 or v > VALUE[row, cards[high_lead]]:
            high_lead = i
        if low_rank < 0 or RANK[c] < RANK[cards[low_rank]]:
            low_rank = i
        if v > win_value:
            if low_win < 0 or v < VALUE[row, cards[low_win]]:
                low_win = i
            if high_win < 0 or v > VALUE[row, cards[high_win]]:
                high_win = i
        else:
            key = v * 32 + RANK[c]
            if high_lose < 0 or key > VALUE[row, cards[high_lose]] * 32 + RANK[cards[high_lose]]:
                high_lose = i
            if low_lose < 0 or key < VALUE[row, cards[low_lose]] * 32 + RANK[cards[low_lose]]:
                low_lose = i
    size = popcount(low) + popcount(high)
    out_low = ~(low | gone_low)
    out_high = ~(high | gone_high)
    for i in range(m):
        c = cards[i]
        f = out[i]
        f[:] = 0.0
        kind = KIND[c]
        excuse = c == EXCUSE_INDEX
        trump = kind == TRUMP_KIND
        strength = RANK[c] / 21.0 if trump else RANK[c] / 14.0
        wins = (not excuse) and VALUE[row, c] > win_value
        above = 0  # the cards of its kind above it that another seat may hold
        if trump:
            above = popcount(out_high & TRUMPS_ABOVE_HIGH[RANK[c]])
        elif not excuse:
            above = popcount(out_low & SUIT_LOW[kind] & ~((2 << c) - 1))
        boss = (not excuse) and above == 0
        f[22] = short and boss
        f[23] = (not short) and boss
        f[24] = min(above, 4) / 4.0 if short else 0.0
        f[25] = 0.0 if short else min(above, 4) / 4.0
        f[26] = lead and short and boss
        f[27] = (not lead) and (not last) and short and wins and boss
        if lead:
            f[8] = short and i == high_lead
            f[9] = (not short) and i == low_lead
            f[10] = strength if short else 0.0
            f[11] = 0.0 if short else strength
            if kind < TRUMP_KIND:
                length = popcount(low & SUIT_LOW[kind])
                f[12] = length / size
                f[13] = length == 1
        else:
            f[0] = short and wins
            f[1] = (not short) and wins
            f[2] = short and i == low_win
            f[3] = short and i == high_win
            f[4] = (not short) and i == high_lose
            f[5] = (not short) and i == low_lose
            f[6] = short and (not wins) and i == low_rank
            f[7] = last and short and i == low_win
            f[16] = short and trump
            f[17] = (not short) and trump
            f[18] = strength if short else 0.0
            f[19] = 0.0 if short else strength
            f[20] = need >= 2 and wins
            f[21] = need < 0 and wins
        f[14] = short and excuse
        f[15] = (not short) and excuse
    return m


@jit
def play_log_chance(
    low: int, high: int, gone_low: int, gone_high: int, trick: Int64s, trick_len: int, n: int,
    need: int, card: int, weights: Floats, floor: float, cards: Int64s, out: Floats,
) -> float:  # fmt: skip
    """The log of the model's chance that a seat holding ``(low, high)`` plays ``card`` after
    ``trick[:trick_len]`` while ``need`` tricks short of its bid (0.0 with a single legal card;
    ``card`` must be legal)."""
    m = card_features(low, high, gone_low, gone_high, trick, trick_len, n, need, cards, out)
    if m < 2:
        return 0.0
    top = -1e300
    mine = 0.0
    for i in range(m):
        s = 0.0
        for j in range(FEATURES):
            s += weights[j] * out[i, j]
        out[i, FEATURES] = s
        top = max(top, s)
        if cards[i] == card:
            mine = s
    total = 0.0
    for i in range(m):
        total += math.exp(out[i, FEATURES] - top)
    chance = math.exp(mine - top) / total
    return math.log((1.0 - floor) * chance + floor / m)


@cache
def model() -> tuple[Floats, float]:
    """The fitted weights and floor (``search/play_model.json``)."""
    data = json.loads(resources.files("ascenseur.search").joinpath(MODEL).read_text())
    if data.get("format") != MODEL_FORMAT:
        raise ValueError(f"{MODEL}: format {data.get('format')!r}, expected {MODEL_FORMAT!r}")
    return np.array(data["weights"], np.float64), float(data["floor"])


class PlayEvents(NamedTuple):
    """The other seats' cards of this deal, each with what the model needs to weigh it."""

    seat: Int64s  # (E,) who played
    card: Int64s  # (E,) the card played
    trick: Int64s  # (E, n) the trick before it, in play order
    trick_len: Int64s  # (E,)
    need: Int64s  # (E,) the seat's bid minus the tricks it had won
    later: Int64s  # (E, 2) this card and the seat's later cards of the deal, (low, high)
    gone: Int64s  # (E, 2) the cards played this deal before it

    @staticmethod
    def none(n: int) -> PlayEvents:
        """No cards: what the search passes when it draws no inference from play."""
        empty = np.zeros(0, np.int64)
        words = np.zeros((0, 2), np.int64)
        return PlayEvents(empty, empty, np.zeros((0, n), np.int64), empty, empty, words, words)

    @staticmethod
    def of(problem: SearchProblem) -> PlayEvents:
        """The cards of this deal played by seats other than the searching one."""
        n = len(problem.bids)
        plays = problem.plays
        rows: list[tuple[int, int, list[int], int]] = []
        won = [0] * n
        for start in range(0, len(plays), n):
            trick = plays[start : start + n]
            cards = [card for _, card in trick]
            for position, (seat, card) in enumerate(trick):
                bid = problem.bids[seat]
                need = (0 if bid is None else bid) - won[seat]
                rows.append((seat, card, cards[:position], need))
            if len(trick) == n:
                won[trick[winning_position(cards)][0]] += 1
        gone = [0] * len(rows)
        for i in range(1, len(rows)):
            gone[i] = gone[i - 1] | 1 << rows[i - 1][1]
        keep_at = [i for i, r in enumerate(rows) if r[0] != problem.seat]
        keep = [rows[i] for i in keep_at]
        later = [0] * len(keep)
        for i, (seat, card, _, _) in enumerate(keep):
            later[i] = 1 << card
            for seat2, card2, _, _ in keep[i + 1 :]:
                if seat2 == seat:
                    later[i] |= 1 << card2
        trick_rows = np.zeros((len(keep), n), np.int64)
        for i, (_, _, before, _) in enumerate(keep):
            trick_rows[i, : len(before)] = before
        return PlayEvents(
            seat=np.array([r[0] for r in keep], np.int64),
            card=np.array([r[1] for r in keep], np.int64),
            trick=trick_rows,
            trick_len=np.array([len(r[2]) for r in keep], np.int64),
            need=np.array([r[3] for r in keep], np.int64),
            later=split_all(later),
            gone=split_all([gone[i] for i in keep_at]),
        )


@jit
def seat_log_chance(
    events: PlayEvents, who: int, low: int, high: int, weights: Floats, floor: float,
    cards: Int64s, out: Floats,
) -> float:  # fmt: skip
    """The log of the model's chance of every card seat ``who`` played this deal, had it been
    dealt ``(low, high)`` with the cards it played (its hand now, in the world sampled)."""
    total = 0.0
    n = events.trick.shape[1]
    for e in range(events.seat.shape[0]):
        if events.seat[e] != who:
            continue
        total += play_log_chance(
            low | events.later[e, 0], high | events.later[e, 1], events.gone[e, 0],
            events.gone[e, 1], events.trick[e],
            events.trick_len[e], n, events.need[e], events.card[e], weights, floor, cards, out,
        )  # fmt: skip
    return total
