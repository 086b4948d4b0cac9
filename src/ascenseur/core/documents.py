"""What the game's two JSON documents share: a record (``ascenseur-record/1``, a game played
here) and a score sheet (``ascenseur-scoresheet/1``, the bids and tricks of a game played
with real cards) both open with a format, a rule set, a first dealer and the seats' names,
then list their deals (RULES.md §6, §7).

>>> head = read_head({"format": "x/1", "rules": {"players": 3, "max_cards": 2},
...                   "first_dealer": 2}, "record", "x/1")
>>> head.rules.players, head.first_dealer
(3, 2)
>>> read_head({"format": "x/1", "rules": {"players": 3}, "first_dealer": 3}, "record", "x/1")
Traceback (most recent call last):
...
ascenseur.core.errors.RecordError: first_dealer must be a seat 0…2, not 3
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ascenseur.core.errors import RecordError, RulesError
from ascenseur.core.rules import Rules

#: The fields a document may have at its top, in the order documents write them.
TOP_FIELDS = ("format", "rules", "first_dealer", "seats", "deals")


@dataclass(frozen=True, slots=True)
class Head:
    """A document's top read and checked: its fields, its rule set and its first dealer."""

    fields: dict[str, Any]
    rules: Rules
    first_dealer: int


def read_head(data: object, what: str, format_: str) -> Head:
    """The head of a parsed document called ``what`` (``record``, ``score sheet``) of format
    ``format_``: a JSON object of that format with no field beyond :data:`TOP_FIELDS`, a valid
    rule set, and a first dealer among its seats. Raises :class:`RecordError` (``bad-format``,
    ``bad-rules``, ``bad-dealer``) at the first fault, in that order."""
    if not isinstance(data, dict):
        raise RecordError(
            f"a {what} must be a JSON object with {', '.join(TOP_FIELDS)}", code="bad-format"
        )
    if data.get("format") != format_:
        raise RecordError(
            f"the {what}'s format is {data.get('format')!r}: this program reads {format_!r}",
            code="bad-format",
        )
    unknown = sorted(str(key) for key in data if key not in TOP_FIELDS)
    if unknown:
        raise RecordError(
            f"the {what} has unknown field(s) {', '.join(unknown)}: allowed are "
            f"{', '.join(TOP_FIELDS)}",
            code="bad-format",
        )
    try:
        rules = Rules.from_json(data.get("rules"))
    except RulesError as err:
        raise RecordError(f"the {what}'s rules are invalid: {err}", code="bad-rules") from None
    n = rules.players
    first = data.get("first_dealer")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise RecordError(
            f"first_dealer must be a seat 0…{n - 1}, not {json.dumps(first)}", code="bad-dealer"
        )
    return Head(data, rules, first)
