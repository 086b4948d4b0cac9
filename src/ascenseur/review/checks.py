"""``ascenseur check`` on a review file: its format, and that it names the record given.

A review is valid when it reads as ``ascenseur-review/1`` (:func:`ascenseur.review.format.loads`:
the schema's types, fields and values) and its numbers agree with one another (each deal's
loss is the sum of its decisions', each game's the sum of its deals'). When records are
checked in the same call, the review must name one of them by digest
(:mod:`ascenseur.core.digest`), else it is refused (``record-mismatch``): a review of another
game, or of this game changed since.

>>> check_review(b'{"format": "ascenseur-review/1"}', {})["error"]["code"]
'bad-review'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ascenseur.core.digest import record_digest
from ascenseur.core.errors import RecordError
from ascenseur.core.record import parse_json, record_of, replay
from ascenseur.review.format import FORMAT, Review, ReviewError, loads

#: How far a sum may stray from its parts (the JSON's floating-point numbers).
TOLERANCE = 1e-6


def digest_of_record(data: bytes) -> str | None:
    """The digest of a record's bytes, or None when they are not a valid record."""
    try:
        state, seats = replay(parse_json(data))
    except RecordError:
        return None
    return record_digest(record_of(state, seats))


def check_review(data: bytes, records: Mapping[str, str]) -> dict[str, Any]:
    """The verdict on a review's bytes; ``records`` maps the digest of each record checked
    alongside to its file name (empty: the record is not checked)."""
    try:
        review = loads(data)
        _agrees(review)
    except ReviewError as err:
        return {"valid": False, "error": {"code": err.code, "message": err.message}}
    digest = review.record.digest
    if records and digest not in records:
        given = "; ".join(f"{name} is {d}" for d, name in records.items())
        return {
            "valid": False,
            "error": {
                "code": "record-mismatch",
                "message": f"the review is of the record {digest}, which is none of the "
                f"records given ({given}): it reviews another game, or this one changed",
            },
        }
    return {
        "valid": True,
        "format": FORMAT,
        "record": digest,
        "record_file": records.get(digest),
        "seats": [s.seat for s in review.seats],
        "lost": [round(s.summary.lost, 3) for s in review.seats],
        "budget": review.budget.playouts,
    }


def _agrees(review: Review) -> None:
    """Raise :class:`ReviewError` when a total is not the sum of its parts."""
    for seat in review.seats:
        for deal in seat.deals:
            parts = sum(d.lost for d in deal.decisions if d.label != "forced")
            if not math.isclose(deal.lost, parts, abs_tol=TOLERANCE):
                raise ReviewError(
                    f"seat {seat.seat}, deal {deal.deal}: lost {deal.lost} is not the sum of "
                    f"its decisions' ({parts})",
                    code="bad-review",
                )
        total = sum(d.lost for d in seat.deals)
        if not math.isclose(seat.summary.lost, total, abs_tol=TOLERANCE):
            raise ReviewError(
                f"seat {seat.seat}: lost {seat.summary.lost} is not the sum of its deals' "
                f"({total})",
                code="bad-review",
            )


__all__ = ["check_review", "digest_of_record"]
