"""Inference from the play, compiled: :func:`ascenseur.bots.rollout.policy_misses`.

Replays a deal's cards from the hands a world dealt and counts the other seats' cards (with a
choice) that the "to the bid" policy would not have played. ``tests/test_fast_core.py`` keeps
it equal to the pure reference.
"""

from __future__ import annotations

from ascenseur.fast._jit import jit, popcount
from ascenseur.fast.masks import HIGH, Int64s
from ascenseur.fast.play import advance, choose_card, legal


@jit
def policy_misses(
    dealt: Int64s, leader: int, history: Int64s, bids: Int64s, me: int, won: Int64s
) -> int:
    """The misses of the dealt hands ``dealt`` (n, 2) for the cards ``history``; ``won`` (n)
    is scratch space."""
    n = dealt.shape[0]
    won[:] = 0
    seat = leader
    trick_len = 0
    led = -1
    high = 0
    win_value = -1
    win_seat = -1
    misses = 0
    low_played = 0  # cards of ``history`` already played, per word, so hands need no copy
    high_played = 0
    for step in range(history.shape[0]):
        card = history[step]
        if seat != me:
            hand_low = dealt[seat, 0] & ~low_played
            hand_high = dealt[seat, 1] & ~high_played
            legal_low, legal_high = legal(hand_low, hand_high, trick_len, led, high)
            if popcount(legal_low) + popcount(legal_high) > 1:
                need = bids[seat] - won[seat]
                pick = choose_card(
                    legal_low, legal_high, trick_len, led, win_value, need, trick_len == n - 1
                )
                if pick != card:
                    misses += 1
        if card < HIGH:
            low_played |= 1 << card
        else:
            high_played |= 1 << (card - HIGH)
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
    return misses
