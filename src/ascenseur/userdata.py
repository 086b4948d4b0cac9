"""What ascenseur keeps on this machine: the data directory, its database of every game (the
terminal's and the browser's), the terminal's own seat tokens, and the games' records.

``ascenseur play`` (through :mod:`ascenseur.session`), ``ascenseur serve``, ``export`` and
``review`` all find their files here.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ascenseur.core.errors import AscenseurError
from ascenseur.core.record import dumps
from ascenseur.files import write_text_atomic
from ascenseur.tables.sqlite import DB_NAME, SqliteDatabase
from ascenseur.tables.storage import Summary
from ascenseur.tables.table import Table, table_record

#: Overrides the data directory (tests use it); the games are in its SQLite database.
DATA_DIR_ENV = "ASCENSEUR_DATA_DIR"


def data_dir() -> Path:
    """``$ASCENSEUR_DATA_DIR``, else ``$XDG_DATA_HOME/ascenseur``, else ``~/.local/share/…``."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "ascenseur"


def db_path() -> Path:
    """The database of every game of this machine, the terminal's and the browser's."""
    return data_dir() / DB_NAME


def open_db(path: Path | None = None) -> SqliteDatabase:
    return SqliteDatabase(db_path() if path is None else path)


#: The terminal's own seat tokens (table id → token), beside the database and readable by
#: this user only: what lets a browser on this machine take up the terminal's games
#: (``ascenseur serve`` offers them once).
LOCAL_SEATS = "seats.json"


def local_seats_path(db: Path | None = None) -> Path:
    """The terminal's seat tokens for the database ``db`` (default: the data directory's)."""
    return (db_path() if db is None else db).parent / LOCAL_SEATS


def local_seats(path: Path | None = None) -> dict[str, str]:
    """The seat tokens the terminal holds (an unreadable file holds none)."""
    try:
        data = json.loads((path or local_seats_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def remember_seat(db: SqliteDatabase, table_id: str, token: str) -> None:
    """Keep the terminal's token for ``table_id`` beside ``db`` (atomically, this user only)."""
    if not isinstance(db.path, Path):
        return  # a database in memory: nothing outlives it
    path = local_seats_path(db.path)
    seats = {**local_seats(path), table_id: token}
    write_text_atomic(path, json.dumps(seats, indent=1))
    path.chmod(0o600)


def latest_unfinished(db: SqliteDatabase) -> str | None:
    """The most recently played terminal table that is not over, if any."""
    return next((s.id for s in db.latest("terminal") if not s.over), None)


#: How many tables a refusal lists (the most recently played first).
LISTED = 8


def table_line(summary: Summary) -> str:
    """One table as a refusal lists it: id, where it was played, players, progress, date.

    >>> from ascenseur.core.rules import Rules
    >>> rules = Rules(players=3, max_cards=2)
    >>> names = ("Ada", "bot:random", "bot:random")
    >>> summary = Summary("x7", 0, 0, "terminal", rules, names, True, False, 9, 1, (2, 0, -1))
    >>> print(table_line(summary))  # doctest: +ELLIPSIS
    x7  terminal  3 players  1 of 3 deals played  unfinished  19...
    """
    played = f"{summary.deals} of {summary.rules.deal_count} deals played"
    state = "over" if summary.over else ("unfinished" if summary.started else "not started")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(summary.updated))
    return "  ".join(
        (summary.id, summary.origin, f"{summary.rules.players} players", played, state, when)
    )


def tables_listing(db: SqliteDatabase, limit: int = LISTED) -> str:
    """The tables of ``db``, most recently played first, for a refusal to name what exists."""
    summaries = db.latest()
    if not summaries:
        return f"there is no game in {db.path} yet"
    lines = [f"the games in {db.path}, most recent first:"]
    lines.extend("  " + table_line(summary) for summary in summaries[:limit])
    if len(summaries) > limit:
        lines.append(f"  … and {len(summaries) - limit} more")
    return "\n".join(lines)


def load_table(db: SqliteDatabase, table_id: str) -> Table:
    """The table ``table_id`` of ``db``; :class:`AscenseurError` (``no-table``) listing the
    tables there are when there is none of that id."""
    events = db.load(table_id)
    if events is None:
        raise AscenseurError(
            f"there is no game {table_id!r}; {tables_listing(db)}", code="no-table"
        )
    return Table(table_id, events)


def record_name(table_id: str) -> str:
    """The file a table's record is written to by default (the browser's download name)."""
    return f"ascenseur-{table_id}.json"


def record_text(table: Table) -> str:
    """The table's game as ``ascenseur check`` reads it (:func:`table_record`); refused for a
    table whose game has not begun (there is no record without a deal)."""
    if not table.started:
        raise AscenseurError(
            f"the game {table.id!r} has not started: there is no record yet", code="not-started"
        )
    return dumps(table_record(table))


def write_record(table: Table, path: Path) -> Path:
    """Write the table's record to ``path`` at once (a temporary file, then a rename)."""
    write_text_atomic(path, record_text(table))
    return path
