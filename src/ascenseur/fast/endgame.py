"""Exact play of the last few cards, compiled: :func:`ascenseur.search.endgame.solve`.

max^n search: every seat, in turn, plays the card that gives it the best final score for the
deal, assuming the others do the same; ties go to the lowest card in deck order. The
search keeps one row per depth in scratch arrays (the node, tricks won on entry, the best
result), so it allocates nothing. Scores are the rule set's (a scoring table as data, H2), and
so is the lead restriction (H3).
"""

from __future__ import annotations

import numpy as np

from ascenseur.core.cards import DECK_SIZE
from ascenseur.fast._jit import jit_kernel
from ascenseur.fast.copies import copy_row
from ascenseur.fast.masks import Int64s, take_lowest
from ascenseur.fast.play import (
    Position,
    advance,
    best_score,
    choices,
    deal_score,
    remove,
    trick_state,
)

_WORST = -(10**9)

# Columns of the search stack: one row per depth (a node: the seat to play and the trick so
# far, the cards still to try, the hand before the move, the best score found).
_SEAT, _TRICK_LEN, _LED, _HIGH, _WIN_VALUE, _WIN_SEAT = 0, 1, 2, 3, 4, 5
_TRY_LOW, _TRY_HIGH, _HAND_LOW, _HAND_HIGH, _BEST = 6, 7, 8, 9, 10
NODE_FIELDS = 11


@jit_kernel
def _open(
    nodes: Int64s,
    depth: int,
    hands: Int64s,
    seat: int,
    trick_len: int,
    led: int,
    high: int,
    win_value: int,
    win_seat: int,
    first: int,
    lead_restriction: bool,
) -> None:
    """Push the node at ``depth``: the cards to try are ``first`` alone, or the legal ones."""
    node = nodes[depth]
    hand_low = hands[seat, 0]
    hand_high = hands[seat, 1]
    node[_TRY_LOW], node[_TRY_HIGH] = choices(
        hand_low, hand_high, first, trick_len, led, high, lead_restriction
    )
    node[_SEAT] = seat
    node[_TRICK_LEN] = trick_len
    node[_LED] = led
    node[_HIGH] = high
    node[_WIN_VALUE] = win_value
    node[_WIN_SEAT] = win_seat
    node[_HAND_LOW] = hand_low
    node[_HAND_HIGH] = hand_high
    node[_BEST] = _WORST


@jit_kernel
def _keep_if_better(
    nodes: Int64s, depth: int, bids: Int64s, results: Int64s, scoring: Int64s, tops: Int64s
) -> None:
    """The child just searched becomes the node's result if it scores better for its seat
    under ``scoring`` (strictly: on a tie the earlier card, lower in deck order, stays). A
    child that scores ``tops[seat]``, the most the seat can score in the deal, scores the most
    any card can: the node tries no more."""
    seat = nodes[depth, _SEAT]
    score = deal_score(scoring, bids[seat], results[depth + 1, seat])
    if score > nodes[depth, _BEST]:
        nodes[depth, _BEST] = score
        copy_row(results[depth], results[depth + 1])
        if score == tops[seat]:
            nodes[depth, _TRY_LOW] = 0
            nodes[depth, _TRY_HIGH] = 0


@jit_kernel
def _search(
    hands: Int64s,
    bids: Int64s,
    wons: Int64s,
    results: Int64s,
    nodes: Int64s,
    scoring: Int64s,
    tops: Int64s,
    lead_restriction: bool,
) -> None:
    """``results[0]``: tricks by seat at the end under max^n play from the node at depth 0
    (pushed by :func:`_open`), whose tricks won so far are ``wons[0]``.

    Depth-first with an explicit stack (numba cannot load recursive functions from its disk
    cache reliably): row ``d`` of ``wons``, ``results`` and ``nodes`` belongs to depth ``d``.
    """
    depth = 0
    while True:
        node = nodes[depth]
        if node[_TRY_LOW] or node[_TRY_HIGH]:
            card = _take_next(node, hands)
            if _play(
                nodes, depth, hands, card, wons, results, bids, scoring, tops, lead_restriction
            ):
                depth += 1
        else:
            hands[node[_SEAT], 0] = node[_HAND_LOW]
            hands[node[_SEAT], 1] = node[_HAND_HIGH]
            if depth == 0:
                return
            depth -= 1
            _keep_if_better(nodes, depth, bids, results, scoring, tops)


@jit_kernel
def _over(hands: Int64s, seat: int, trick_len: int) -> bool:
    """Whether the deal is over when ``seat`` is to play the ``trick_len``-th card of a trick:
    it holds no card, and no trick is under way."""
    return hands[seat, 0] == 0 and hands[seat, 1] == 0 and trick_len == 0


@jit_kernel
def _take_next(node: Int64s, hands: Int64s) -> int:
    """Give the node's seat its hand back, then take from it the next card to try (deck
    order): the move the search explores next from this node."""
    seat = node[_SEAT]
    hands[seat, 0] = node[_HAND_LOW]
    hands[seat, 1] = node[_HAND_HIGH]
    card, node[_TRY_LOW], node[_TRY_HIGH] = take_lowest(node[_TRY_LOW], node[_TRY_HIGH])
    remove(hands, seat, card)
    return card


@jit_kernel
def _play(
    nodes: Int64s,
    depth: int,
    hands: Int64s,
    card: int,
    wons: Int64s,
    results: Int64s,
    bids: Int64s,
    scoring: Int64s,
    tops: Int64s,
    lead_restriction: bool,
) -> bool:
    """The node at ``depth`` plays ``card``: push the child node (True), or, when that card
    ends the deal, score the deal for the node (False)."""
    node = nodes[depth]
    seat = node[_SEAT]
    child = depth + 1
    copy_row(wons[child], wons[depth])
    to_play, child_len, led, high, value, winner = advance(
        card, seat, hands.shape[0], node[_TRICK_LEN], node[_LED], node[_HIGH],
        node[_WIN_VALUE], node[_WIN_SEAT], wons[child],
    )  # fmt: skip
    if _over(hands, to_play, child_len):
        copy_row(results[child], wons[child])
        _keep_if_better(nodes, depth, bids, results, scoring, tops)
        return False
    _open(nodes, child, hands, to_play, child_len, led, high, value, winner, -1, lead_restriction)
    return True


@jit_kernel
def solve(
    position: Position, first: int, wons: Int64s, results: Int64s, nodes: Int64s, tops: Int64s
) -> None:
    """Finish the deal under max^n play, every seat playing for its score under the
    position's scoring (H2) and lead restriction (P2; False: H3); its ``won`` (tricks by seat)
    is updated in place, its ``hands`` come back unchanged.

    ``first`` (≥ 0) is the card the seat to act plays now. ``wons``, ``results``, ``nodes``
    and ``tops`` are scratch arrays from :func:`scratch`.
    """
    hands, to_act, trick, trick_len, won, bids, left, scoring, rule = position
    if _over(hands, to_act, trick_len):
        return
    n = hands.shape[0]
    led, high, win_value, win_seat = trick_state(trick, trick_len, to_act, n)
    copy_row(wons[0], won)
    hand_size = won.sum() + left
    for seat in range(n):
        tops[seat] = best_score(scoring, bids[seat], hand_size)
    _open(nodes, 0, hands, to_act, trick_len, led, high, win_value, win_seat, first, rule)
    _search(hands, bids, wons, results, nodes, scoring, tops, rule)
    copy_row(won, results[0])


def scratch(players: int, cards_left: int = DECK_SIZE) -> tuple[Int64s, Int64s, Int64s, Int64s]:
    """The scratch arrays :func:`solve` needs for at most ``cards_left`` cards to play."""
    depth = cards_left + 2
    return (
        np.zeros((depth, players), np.int64),
        np.zeros((depth, players), np.int64),
        np.zeros((depth, NODE_FIELDS), np.int64),
        np.zeros(players, np.int64),
    )
