"""Game review (issue 59): every bid and card of a seat weighed by the expert from that seat's
view, with what each choice cost.

* :mod:`~ascenseur.review.analysis` — :func:`review_record`: replay a record, weigh each
  decision (never from a hidden card), sum up deals and the game;
* :mod:`~ascenseur.review.labels` — best / good / inaccuracy / mistake / blunder, and their
  thresholds in expected points;
* :mod:`~ascenseur.review.format` — the ``ascenseur-review/1`` format: the values, their JSON
  and its schema (``docs/review.schema.json``, ``docs/review.md``);
* :mod:`~ascenseur.review.cache` — reviews kept on disk, once per record, seat and budget.

The words people read (English and French) are :mod:`ascenseur.text.review`'s; the one
explanation of a choice, shared with the in-game hint, is :mod:`ascenseur.text.advice`'s.
"""

from __future__ import annotations

from ascenseur.review.analysis import (
    BUDGETS,
    DEFAULT_BUDGET,
    DEFAULT_JOBS,
    Progress,
    ReviewBudget,
    budget_of,
    review_record,
    review_state,
)
from ascenseur.review.cache import ReviewCache
from ascenseur.review.format import FORMAT, Review, ReviewError, dumps, loads

__all__ = [
    "BUDGETS",
    "DEFAULT_BUDGET",
    "DEFAULT_JOBS",
    "FORMAT",
    "Progress",
    "Review",
    "ReviewBudget",
    "ReviewCache",
    "ReviewError",
    "budget_of",
    "dumps",
    "loads",
    "review_record",
    "review_state",
]
