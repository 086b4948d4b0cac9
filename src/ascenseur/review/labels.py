"""How much a choice cost, in words: the labels of a review and their thresholds.

A decision's *loss* is the expected points (for the deal) of the expert's best option less
those of the option chosen, both estimated from the seat's view at that moment. Its label, for
the seed's scoring table (RULES.md S1/S2):

============  =====================  =================================================
label         loss (points)          what it means
============  =====================  =================================================
forced        —                      one legal action: nothing to weigh
best          ≤ 0.05                 the best, or too close to it for the search to tell
good          ≤ 0.3                  a hair behind: fine at the table
inaccuracy    ≤ 1.0                  a tenth of a sure bid's worth given away or more
mistake       ≤ 2.5                  like a trick of miss in one deal in three
blunder       > 2.5                  like a failed bid of 1 in one deal in two
============  =====================  =================================================

Other scoring tables (H2) weigh deals differently, so the thresholds scale with the table: by
its *swing* — what making a bid of 1 scores more than missing it by a trick (``exact_base +
exact_per_bid + miss_base + miss_per_trick``, 6 for the seed's table) — over 6. Under
*tens* (20, 10, 0, 10) the swing is 40, so a blunder there is a loss above 16.7.

>>> from ascenseur.core.rules import SCORING_TABLES
>>> label(0.0, SCORING_TABLES["ascenseur"]), label(0.7, SCORING_TABLES["ascenseur"])
('best', 'inaccuracy')
>>> label(6.0, SCORING_TABLES["ascenseur"]), label(6.0, SCORING_TABLES["tens"])
('blunder', 'inaccuracy')
"""

from __future__ import annotations

from ascenseur.core.rules import SEED_SCORING, Scoring
from ascenseur.review.format import Label, Thresholds

#: The upper bounds of a loss for each label under the seed's scoring table (module docstring).
BEST = 0.05
GOOD = 0.3
INACCURACY = 1.0
MISTAKE = 2.5


def swing(scoring: Scoring) -> int:
    """What making a bid of 1 scores more than missing it by a trick, under ``scoring``."""
    return scoring.exact_base + scoring.exact_per_bid + scoring.miss_base + scoring.miss_per_trick


#: The seed's swing (6: exact 5 for a bid of 1, −1 for a trick of miss).
SEED_SWING = swing(SEED_SCORING)


def scale(scoring: Scoring) -> float:
    """The rule set's swing over the seed's (1.0 for the seed's table)."""
    return max(swing(scoring), 1) / SEED_SWING


def thresholds(scoring: Scoring) -> Thresholds:
    """The thresholds for ``scoring``'s table, as a review states them."""
    factor = scale(scoring)
    return Thresholds(
        scale=round(factor, 6),
        best=round(BEST * factor, 6),
        good=round(GOOD * factor, 6),
        inaccuracy=round(INACCURACY * factor, 6),
        mistake=round(MISTAKE * factor, 6),
    )


def label(loss: float, scoring: Scoring) -> Label:
    """The label of a choice that lost ``loss`` expected points under ``scoring``."""
    bounds = thresholds(scoring)
    if loss <= bounds.best:
        return "best"
    if loss <= bounds.good:
        return "good"
    if loss <= bounds.inaccuracy:
        return "inaccuracy"
    if loss <= bounds.mistake:
        return "mistake"
    return "blunder"


__all__ = ["BEST", "GOOD", "INACCURACY", "MISTAKE", "label", "scale", "thresholds"]
