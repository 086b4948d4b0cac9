"""The bounds of a game's returns under a rule set's scoring table (rules S1–S3, H2).

OpenSpiel's ``min_utility``/``max_utility`` and the RL observation space's bounds on totals
read them here, from the table's own :meth:`~ascenseur.core.rules.Scoring.points`: no
scoring number is written in this package.

>>> from ascenseur.core.rules import SCORING_TABLES, Rules
>>> utility_bounds(Rules(4, 2).scoring, (1, 2, 1))
(-4, 17)
>>> utility_bounds(SCORING_TABLES["tricks-and-ten"], (3,))
(0, 13)
"""

from __future__ import annotations

from collections.abc import Iterable

from ascenseur.core.rules import Scoring
from ascenseur.core.scoring import best_score


def worst_score(scoring: Scoring, hand_size: int) -> int:
    """The least a seat can score in a deal of ``hand_size`` cards."""
    return min(
        scoring.points(bid, tricks)
        for bid in range(hand_size + 1)
        for tricks in range(hand_size + 1)
    )


def top_score(scoring: Scoring, hand_size: int) -> int:
    """The most a seat can score in a deal of ``hand_size`` cards, whatever its bid."""
    return max(best_score(scoring, bid, hand_size) for bid in range(hand_size + 1))


def utility_bounds(scoring: Scoring, hand_sizes: Iterable[int]) -> tuple[int, int]:
    """The least and the most total of a game of deals of ``hand_sizes`` cards."""
    sizes = tuple(hand_sizes)
    return (
        sum(worst_score(scoring, k) for k in sizes),
        sum(top_score(scoring, k) for k in sizes),
    )


__all__ = ["top_score", "utility_bounds", "worst_score"]
