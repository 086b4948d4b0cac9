"""Scoring (rules S1–S3, H2): one function scores a deal under a rule set's table.

>>> from ascenseur.core.rules import SCORING_TABLES, SEED_SCORING
>>> deal_score(SEED_SCORING, 2, 2), deal_score(SEED_SCORING, 0, 1), deal_score(SEED_SCORING, 1, 4)
(7, -1, -3)
>>> deal_score(SCORING_TABLES["ten-and-the-bid"], bid=2, tricks=0)
-12
>>> winners([12, 30, 30, -4])
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.rules import Scoring


def deal_score(scoring: Scoring, bid: int, tricks: int) -> int:
    """Points for one deal of a seat that bid ``bid`` and took ``tricks``, under ``scoring``
    (a rule set's :attr:`~ascenseur.core.rules.Rules.scoring`; the seed's is S1, S2)."""
    return scoring.points(bid, tricks)


def best_score(scoring: Scoring, bid: int, hand_size: int) -> int:
    """The most a seat that bid ``bid`` can score in a deal of ``hand_size`` cards.

    Under the seed's table that is the exact bid's points, but a table that pays every trick
    (``per_trick``) may pay a big miss more: searches stop early only at this bound.
    """
    return max(scoring.points(bid, tricks) for tricks in range(hand_size + 1))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; equal highest totals share the win (S3)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
