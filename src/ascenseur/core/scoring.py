"""Scoring (rules S1–S3).

>>> deal_score(bid=2, tricks=2), deal_score(bid=0, tricks=1), deal_score(bid=1, tricks=4)
(7, -1, -3)
>>> winners([12, 30, 30, -4])
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence


def deal_score(bid: int, tricks: int) -> int:
    """Points for one deal: 3 + 2 × bid when exact (S1), else −|tricks − bid| (S2)."""
    if tricks == bid:
        return 3 + 2 * bid
    return -abs(tricks - bid)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; equal highest totals share the win (S3)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
