"""Which storage a server uses: a SQLite file (the default) or a PostgreSQL URL.

>>> is_url("postgresql://club@db.example/ascenseur"), is_url("games.sqlite3")
(True, False)
>>> database("postgresql://club@db.example/ascenseur")  # kept whole: a Path would eat a slash
'postgresql://club@db.example/ascenseur'
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ascenseur.tables.storage import StorageUnavailable

if TYPE_CHECKING:
    from ascenseur.tables.storage import TableStore

#: The URL schemes that name a PostgreSQL database (libpq's two).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_url(db: Path | str) -> bool:
    """Whether ``db`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(POSTGRES_SCHEMES)


def database(text: str) -> Path | str:
    """``--db``: a PostgreSQL URL as it is, anything else a SQLite file's path."""
    return text if is_url(text) else Path(text)


def describe(db: Path | str) -> str:
    """Where the tables are kept, to show a person (a URL's password left out)."""
    if not is_url(db):
        return str(db)
    from ascenseur.tables.postgres import describe as describe_url

    return describe_url(str(db))


async def open_store(db: Path | str, *, durable: bool = True) -> TableStore:
    """The storage at ``db``: :class:`~ascenseur.tables.postgres.PostgresStore` for a
    ``postgresql://`` URL (its schema migrated), else a SQLite file (``durable``: each commit
    reaches the disk; PostgreSQL's durability is the server's own setting).

    The back ends are imported here, not above: ``ascenseur serve --help`` reads this module,
    and psycopg is the optional extra 'postgres'."""
    if is_url(db):
        from ascenseur.tables.postgres import PostgresStore

        return await PostgresStore.connect(str(db))
    from ascenseur.tables.sqlite import SqliteStore

    return SqliteStore(db, durable=durable)


def unavailable(err: BaseException) -> bool:
    """Whether ``err`` says the storage does not answer now — PostgreSQL down or out of
    reach, a pool with no connection to give, a disk that refuses a write — rather than
    what was asked being wrong: the same request may succeed once it is back.

    >>> unavailable(sqlite3.OperationalError("disk I/O error")), unavailable(KeyError("t1"))
    (True, False)
    """
    if isinstance(err, StorageUnavailable | sqlite3.OperationalError | OSError | TimeoutError):
        return True
    psycopg = sys.modules.get("psycopg")  # only imported by a server on PostgreSQL
    return psycopg is not None and isinstance(err, psycopg.OperationalError)
