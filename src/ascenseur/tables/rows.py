"""A table's rows as both SQL stores keep them, whatever the database's dialect.

The ``tables`` row of a table holds its :class:`~ascenseur.tables.storage.Summary` (the rule
set as :meth:`~ascenseur.core.rules.Rules.to_text`, the names and totals as JSON); its log is
one ``events`` row per version, the bytes of :func:`~ascenseur.tables.events.encode`. What
turns a summary into a row's values, a row back into a summary and rows back into a log is
here once, for :mod:`ascenseur.tables.sqlite` and :mod:`ascenseur.tables.postgres`; their SQL
(placeholders, upserts, types) stays with each of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import msgspec

from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.storage import StoreError, Summary, VersionConflict

#: The columns a new table's row is written with, in the order of :func:`table_values`.
TABLE_COLUMNS = (
    "id, invite, created, origin, rules, updated, names, started, over, version, deals, totals"
)
#: The columns a summary is read from, in the order :func:`summary_of_row` reads them.
SUMMARY_COLUMNS = (
    "id, created, updated, origin, rules, names, started, over, version, deals, totals"
)
#: The columns a commit rewrites, in the order of :func:`changed_values`.
CHANGED_COLUMNS = ("updated", "names", "started", "over", "version", "deals", "totals")


def table_values(table_id: str, invite: str | None, s: Summary) -> tuple[object, ...]:
    """The values of a new table's row, in the order of :data:`TABLE_COLUMNS`."""
    return (table_id, invite, s.created, s.origin, s.rules.to_text(), *changed_values(s))


def changed_values(s: Summary) -> tuple[object, ...]:
    """The values of :data:`CHANGED_COLUMNS` after a commit (``started`` and ``over`` as
    Python booleans: a boolean column in PostgreSQL, 0 or 1 in SQLite)."""
    return (s.updated, json.dumps(s.names), s.started, s.over, s.version, s.deals,
            json.dumps(s.totals))  # fmt: skip


def summary_of_row(r: Sequence[Any]) -> Summary:
    """The summary in a row of :data:`SUMMARY_COLUMNS`."""
    return Summary(
        id=r[0],
        created=r[1],
        updated=r[2],
        origin=r[3],
        rules=Rules.from_text(r[4]),
        names=tuple(json.loads(r[5])),
        started=bool(r[6]),
        over=bool(r[7]),
        version=r[8],
        deals=r[9],
        totals=tuple(json.loads(r[10])),
    )


def log_of_rows(table_id: str, rows: Sequence[Sequence[Any]], first: int = 0) -> list[ev.Event]:
    """The events in ``rows`` of (version, event bytes) read in version order from ``first``
    on; :class:`StoreError` if a version is missing or an event does not read."""
    if [row[0] for row in rows] != list(range(first, first + len(rows))):
        raise StoreError(f"table {table_id}'s log has a gap", code="broken-log")
    try:
        return [ev.decode(bytes(row[1])) for row in rows]
    except msgspec.ValidationError as err:
        raise StoreError(f"table {table_id}'s log is unreadable: {err}") from None


def conflict(table_id: str, version: int) -> VersionConflict:
    """What an append gets when another writer took ``version`` first."""
    return VersionConflict(
        f"table {table_id} already has an event at version {version}", code="version-conflict"
    )
