"""The nested play-out, compiled: :func:`ascenseur.search.rollout.playout` with ``me``.

The deal is finished with the "to the bid" policy for every seat but one: at each of its
decisions with a choice, the searching seat tries the legal cards (deck order) with a plain
:func:`~ascenseur.fast.play.playout` of the same world and keeps the first that scores best
for it, stopping at one that makes its bid exactly. ``tests/test_fast_core.py`` keeps it
equal to the pure reference.
"""

from __future__ import annotations

from ascenseur.fast._jit import jit_kernel, popcount
from ascenseur.fast.copies import copy_row, copy_rows
from ascenseur.fast.masks import Int64s, Words, take_lowest
from ascenseur.fast.play import (
    Position,
    advance,
    best_score,
    card_at,
    choices,
    deal_score,
    playout,
    policy_card,
    remove,
    trick_state,
)
from ascenseur.fast.rng import below, uniform


@jit_kernel
def _look_ahead(
    position: Position,
    legal_low: int,
    legal_high: int,
    scratch_hands: Int64s,
    scratch_won: Int64s,
    no_log: Int64s,
    top: int,
) -> int:
    """The first legal card (deck order) whose plain play-out of ``position`` (on copies of
    its hands and tricks won, in the scratch arrays) scores best for the seat to act under
    the position's scoring.

    A card that scores ``top``, the most the seat can score in the deal (:func:`best_score`),
    scores the most any card can: the cards after it are not tried, as none of them could be
    kept.
    """
    seat = position.to_act
    trial = Position(
        scratch_hands, seat, position.trick, position.trick_len, scratch_won, position.bids,
        position.tricks_left, position.scoring, position.lead_restriction,
    )  # fmt: skip
    best = -1
    most = -(10**9)
    while legal_low or legal_high:
        card, legal_low, legal_high = take_lowest(legal_low, legal_high)
        copy_rows(scratch_hands, position.hands)
        copy_row(scratch_won, position.won)
        playout(trial, card, no_log)
        score = deal_score(position.scoring, position.bids[seat], scratch_won[seat])
        if score > most:
            best, most = card, score
            if score == top:
                return best
    return best


@jit_kernel
def playout_nested(
    position: Position,
    first: int,
    me: int,
    scratch_hands: Int64s,
    scratch_won: Int64s,
    current: Int64s,
    noise: float,
    stream: Words,
) -> None:
    """Finish the deal, seat ``me`` looking one card ahead; ``hands`` and ``won`` are
    updated in place as by :func:`~ascenseur.fast.play.playout`. Each other seat with a choice
    plays a legal card drawn from ``stream`` with a chance of ``noise`` (0: never, and the
    stream is not used), else the policy's. The position's scoring (H2) is what seat ``me``
    plays for.

    ``scratch_hands`` (n, 2), ``scratch_won`` (n) and ``current`` (n: the trick being played)
    are scratch arrays.
    """
    hands, seat, trick, trick_len, won, bids, left, scoring, rule = position
    n = hands.shape[0]
    no_log = current[:0]
    # The deal's tricks: those won so far and those left (the current one among them).
    top = best_score(scoring, bids[me], won.sum() + left)
    for i in range(trick_len):
        current[i] = trick[i]
    led, high, win_value, win_seat = trick_state(trick, trick_len, seat, n)
    while left:
        legal_low, legal_high = choices(
            hands[seat, 0], hands[seat, 1], first, trick_len, led, high, rule
        )
        first = -1
        count = popcount(legal_low) + popcount(legal_high)
        if seat == me and count > 1:
            now = Position(hands, seat, current, trick_len, won, bids, left, scoring, rule)
            card = _look_ahead(now, legal_low, legal_high, scratch_hands, scratch_won, no_log, top)
        elif noise > 0.0 and count > 1 and uniform(stream) < noise:
            card = card_at(legal_low, legal_high, below(stream, count))
        else:
            need = bids[seat] - won[seat]
            card = policy_card(legal_low, legal_high, trick_len, led, win_value, need, n)
        remove(hands, seat, card)
        current[trick_len] = card
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
        if trick_len == 0:
            left -= 1
