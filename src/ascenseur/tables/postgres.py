"""The shared storage: PostgreSQL, for a server that outgrows one SQLite file.

:class:`PostgresStore` implements :class:`~ascenseur.tables.storage.TableStore` with psycopg 3
(asynchronous) over a ``psycopg-pool`` connection pool. Each write is one transaction; the
primary key (table, version) of ``events`` is the fence, so two writers — two tasks, or two
server processes on one database — can never fork a table: the second to commit an event at
a version gets :class:`~ascenseur.tables.storage.VersionConflict` and nothing of its append.

The schema is made by numbered migrations, as for SQLite; its version is the one row of
``schema_version``. Every migration runs in one transaction under an advisory lock, so that
processes starting together on one database migrate it once. Events are stored as the bytes
of :func:`ascenseur.tables.events.encode` (JSON): ``convert_from(event, 'UTF8')::jsonb``
reads them in SQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import msgspec
import psycopg
from psycopg import errors
from psycopg_pool import AsyncConnectionPool

from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.rows import (
    CHANGED_COLUMNS,
    SUMMARY_COLUMNS,
    TABLE_COLUMNS,
    changed_values,
    conflict,
    log_of_rows,
    summary_of_row,
    table_values,
)
from ascenseur.tables.storage import Notice, Presence, SeatToken, StoreError, Summary

Connection = psycopg.AsyncConnection[Any]
log = logging.getLogger("ascenseur.tables")

#: The columns an append updates in ``tables`` (its summary), in :meth:`PostgresStore.append`.
_SUMMARY = ", ".join(f"{column} = %s" for column in CHANGED_COLUMNS)

#: The key of the advisory lock that serialises migrations (any constant of our own).
MIGRATION_LOCK = 0x61736365  # "asce"
#: The first key of the advisory locks that serialise the tries of one address.
TRIES_LOCK = 0x74727973  # "trys"
#: How often a process forgets the tries of every address that are past their window.
TRIES_SWEEP_SECONDS = 60.0
#: How long a connection to the database may take (then: an error saying why).
CONNECT_SECONDS = 10.0

_V1 = """
CREATE TABLE tables (
    id text PRIMARY KEY,
    invite text UNIQUE,
    created double precision NOT NULL,
    updated double precision NOT NULL,
    origin text NOT NULL,
    players integer NOT NULL,
    max_cards integer NOT NULL,
    hook boolean NOT NULL,
    names text NOT NULL,
    started boolean NOT NULL,
    over boolean NOT NULL,
    version integer NOT NULL,
    deals integer NOT NULL,
    totals text NOT NULL
);
CREATE TABLE events (
    table_id text NOT NULL REFERENCES tables(id),
    version integer NOT NULL,
    event bytea NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE TABLE seat_tokens (
    table_id text NOT NULL REFERENCES tables(id),
    seat integer NOT NULL,
    epoch integer NOT NULL,
    digest bytea NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE transfers (
    digest bytea PRIMARY KEY,
    table_id text NOT NULL REFERENCES tables(id),
    seat integer NOT NULL,
    epoch integer NOT NULL,
    expires double precision NOT NULL
);
CREATE TABLE server (key text PRIMARY KEY, value double precision NOT NULL);
CREATE INDEX tables_live ON tables (over, created);
"""


async def _to_v1(db: Connection) -> None:
    # The schema of SQLite's version 2: PostgreSQL never held the first app's games.
    await db.execute(_V1)


_V2 = """
CREATE TABLE leases (
    table_id text PRIMARY KEY,
    holder text NOT NULL,
    expires double precision NOT NULL
);
CREATE TABLE presence (
    table_id text NOT NULL,
    holder text NOT NULL,
    seats text NOT NULL,
    spectators integer NOT NULL,
    ready text NOT NULL,
    expires double precision NOT NULL,
    PRIMARY KEY (table_id, holder)
);
"""


async def _to_v2(db: Connection) -> None:
    # Several processes on one database: who drives each table, who is connected where.
    await db.execute(_V2)


async def _to_v3(db: Connection) -> None:
    """One serialised rule set: each table's row keeps its rule set whole
    (:meth:`Rules.to_text`) instead of players, max_cards and hook, and so does its
    ``Created`` event (:func:`~ascenseur.tables.events.upgraded`)."""
    await db.execute("ALTER TABLE tables ADD COLUMN rules text")
    rows = await (await db.execute("SELECT id, players, max_cards, hook FROM tables")).fetchall()
    created = await (
        await db.execute("SELECT table_id, event FROM events WHERE version = 0")
    ).fetchall()
    async with db.cursor() as cursor:
        await cursor.executemany(
            "UPDATE tables SET rules = %s WHERE id = %s",
            [
                (Rules(players, max_cards, hook).to_text(), tid)
                for tid, players, max_cards, hook in rows
            ],
        )
        await cursor.executemany(
            "UPDATE events SET event = %s WHERE table_id = %s AND version = 0",
            [(new, tid) for tid, data in created if (new := ev.upgraded(bytes(data))) is not None],
        )
    await db.execute(
        "ALTER TABLE tables ALTER COLUMN rules SET NOT NULL,"
        " DROP COLUMN players, DROP COLUMN max_cards, DROP COLUMN hook"
    )


_V4 = """
CREATE TABLE tries (
    kind text NOT NULL,
    key text NOT NULL,
    at double precision NOT NULL,
    expires double precision NOT NULL
);
CREATE INDEX tries_key ON tries (kind, key, at);
CREATE INDEX tries_expires ON tries (expires);
"""


async def _to_v4(db: Connection) -> None:
    # The limits per address (tables opened, invitation codes tried), shared by every process
    # and kept across a restart: one row per try admitted (PostgresStore.admit).
    await db.execute(_V4)


#: Each migration takes the schema from its index to index + 1, in one transaction.
MIGRATIONS: tuple[Callable[[Connection], Awaitable[None]], ...] = (
    _to_v1,
    _to_v2,
    _to_v3,
    _to_v4,
)

#: The channel of the processes' notices: ``c HOLDER VERSION TABLE`` (a commit) or
#: ``p HOLDER 0 TABLE`` (presence).
CHANNEL = "ascenseur"
SCHEMA_VERSION = len(MIGRATIONS)


async def migrate(db: Connection, where: str = "the database") -> int:
    """Bring the schema of ``db`` (in autocommit mode) to :data:`SCHEMA_VERSION`; the version
    it had. Raises :class:`StoreError` if a newer ascenseur wrote it."""
    found: int | None = None
    while True:
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            # Under the lock: two processes creating it at once would collide in the catalog.
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
            row = await (await db.execute("SELECT version FROM schema_version")).fetchone()
            version = 0 if row is None else int(row[0])
            if found is None:
                found = version
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{where} was written by a newer ascenseur (schema {version}; "
                    f"this one reads {SCHEMA_VERSION})",
                    code="newer-schema",
                )
            if version == SCHEMA_VERSION:
                return found
            await MIGRATIONS[version](db)
            if row is None:
                await db.execute("INSERT INTO schema_version (version) VALUES (1)")
            else:
                await db.execute("UPDATE schema_version SET version = %s", (version + 1,))


class PostgresStore:
    """The tables of a server in the PostgreSQL database at ``url``; open it with
    :meth:`connect`, which migrates the schema.

    ``min_size``/``max_size``: the pool's connections (each is one server process on the
    database's side: several ``ascenseur serve`` share the database's ``max_connections``).
    """

    def __init__(self, pool: AsyncConnectionPool[Connection], where: str, url: str = "") -> None:
        self.pool = pool
        self.where = where
        self.url = url
        #: Who this process is in its notices (set by :meth:`listen`).
        self.holder = ""
        self._tries_swept = 0.0
        self._listening: asyncio.Task[None] | None = None

    @classmethod
    async def connect(
        cls, url: str, *, min_size: int = 2, max_size: int = 10, timeout: float = CONNECT_SECONDS
    ) -> PostgresStore:
        """The store at ``url``, its schema migrated. A database that cannot be reached
        (unknown host, wrong port, password or name) raises :class:`StoreError` at once with
        libpq's reason and never the password, instead of a pool waiting for it."""
        where = describe(url)
        try:
            first = await psycopg.AsyncConnection.connect(
                url, autocommit=True, connect_timeout=max(1, round(timeout))
            )
        except psycopg.Error as err:
            raise StoreError(
                f"cannot open the {where}: {reason(err, url)}", code="no-database"
            ) from None
        async with first:
            await migrate(first, where)
        pool: AsyncConnectionPool[Connection] = AsyncConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"autocommit": True},
            open=False,
            name="ascenseur",
            # While the database is down a request fails after this long (and the player is
            # told the table waits for its storage) rather than after the pool's 30 s.
            timeout=timeout,
        )
        try:
            await pool.open(wait=True, timeout=timeout)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, where, url)

    async def schema_version(self) -> int:
        """The version of the database's schema."""
        row = await self._one("SELECT version FROM schema_version", ())
        return 0 if row is None else int(row[0])

    async def create(
        self,
        table_id: str,
        invite: str | None,
        events: Sequence[ev.Event],
        tokens: Sequence[SeatToken],
        summary: Summary,
    ) -> None:
        row = table_values(table_id, invite, summary)
        marks = ", ".join(["%s"] * len(row))
        async with self.pool.connection() as db, db.transaction():
            try:
                await db.execute(f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES ({marks})", row)
            except errors.UniqueViolation:
                raise StoreError(
                    f"table {table_id} or invitation {invite} already exists", code="table-exists"
                ) from None
            await self._insert(db, table_id, 0, events, tokens)

    async def append(
        self,
        table_id: str,
        version: int,
        events: Sequence[ev.Event],
        *,
        tokens: Sequence[SeatToken] = (),
        summary: Summary,
    ) -> None:
        encoded = [ev.encode(event) for event in events]
        # Sent when the write commits, never before (and never if it does not).
        notice = commit_notice(self.holder, table_id, version, events, encoded)
        values = (*changed_values(summary), table_id)
        if tokens:  # rare (a seat taken, freed or moved): one transaction of several statements
            async with self.pool.connection() as db, db.transaction():
                await self._insert(db, table_id, version, events, tokens)
                await db.execute(f"UPDATE tables SET {_SUMMARY} WHERE id = %s", values)
                await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
            return
        # The usual append (a bid, a card, a deal): one statement, so one round trip and one
        # implicit transaction — events, the table's summary and the notice, or none of them.
        async with self.pool.connection() as db:
            try:
                await db.execute(
                    "WITH added AS (INSERT INTO events (table_id, version, event)"
                    " SELECT %s, %s + n::integer - 1, e"
                    " FROM unnest(%s::bytea[]) WITH ORDINALITY AS u(e, n)),"
                    f" summary AS (UPDATE tables SET {_SUMMARY} WHERE id = %s)"
                    " SELECT pg_notify(%s, %s)",
                    (table_id, version, encoded, *values, CHANNEL, notice),
                )  # fmt: skip
            except errors.UniqueViolation:
                raise conflict(table_id, version) from None
            except errors.ForeignKeyViolation:
                raise StoreError(f"there is no table {table_id}", code="no-table") from None

    @staticmethod
    async def _insert(
        db: Connection,
        table_id: str,
        version: int,
        events: Sequence[ev.Event],
        tokens: Sequence[SeatToken],
    ) -> None:
        # A writer that reaches a version another has written but not yet committed waits for
        # that commit, then fails here: the key is the fence, not a read made beforehand.
        try:
            async with db.cursor() as cursor:
                await cursor.executemany(
                    "INSERT INTO events (table_id, version, event) VALUES (%s, %s, %s)",
                    [(table_id, version + i, ev.encode(event)) for i, event in enumerate(events)],
                )
        except errors.UniqueViolation:
            raise conflict(table_id, version) from None
        except errors.ForeignKeyViolation:
            raise StoreError(f"there is no table {table_id}", code="no-table") from None
        for token in tokens:
            if token.digest is None:
                await db.execute(
                    "DELETE FROM seat_tokens WHERE table_id = %s AND seat = %s",
                    (table_id, token.seat),
                )
            else:
                await db.execute(
                    "INSERT INTO seat_tokens (table_id, seat, epoch, digest)"
                    " VALUES (%s, %s, %s, %s) ON CONFLICT (table_id, seat)"
                    " DO UPDATE SET epoch = excluded.epoch, digest = excluded.digest",
                    (table_id, token.seat, token.epoch, token.digest),
                )

    async def load(self, table_id: str) -> list[ev.Event] | None:
        rows = await self._all(
            "SELECT version, event FROM events WHERE table_id = %s ORDER BY version", (table_id,)
        )
        return log_of_rows(table_id, rows) if rows else None

    async def _one(self, query: str, params: tuple[object, ...]) -> tuple[Any, ...] | None:
        async with self.pool.connection() as db:
            row: tuple[Any, ...] | None = await (await db.execute(query, params)).fetchone()
            return row

    async def _all(self, query: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        async with self.pool.connection() as db:
            rows: list[tuple[Any, ...]] = await (await db.execute(query, params)).fetchall()
            return rows

    async def table_of_invite(self, invite: str) -> str | None:
        row = await self._one("SELECT id FROM tables WHERE invite = %s", (invite,))
        return None if row is None else str(row[0])

    async def invite_of(self, table_id: str) -> str | None:
        row = await self._one("SELECT invite FROM tables WHERE id = %s", (table_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def token(self, table_id: str, seat: int) -> SeatToken | None:
        row = await self._one(
            "SELECT epoch, digest FROM seat_tokens WHERE table_id = %s AND seat = %s",
            (table_id, seat),
        )
        return None if row is None else SeatToken(seat, int(row[0]), bytes(row[1]))

    async def summaries(self, table_ids: Sequence[str]) -> list[Summary]:
        if not table_ids:
            return []
        rows = await self._all(
            f"SELECT {SUMMARY_COLUMNS} FROM tables WHERE id = ANY(%s) ORDER BY updated DESC",
            (list(table_ids),),
        )
        return [summary_of_row(row) for row in rows]

    async def live(self) -> list[str]:
        rows = await self._all("SELECT id FROM tables WHERE NOT over ORDER BY created", ())
        return [str(row[0]) for row in rows]

    async def put_transfer(
        self, digest: bytes, table_id: str, seat: int, epoch: int, expires: float
    ) -> None:
        async with self.pool.connection() as db:
            await db.execute(
                "INSERT INTO transfers (digest, table_id, seat, epoch, expires)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (digest) DO UPDATE SET"
                " table_id = excluded.table_id, seat = excluded.seat, epoch = excluded.epoch,"
                " expires = excluded.expires",
                (digest, table_id, seat, epoch, expires),
            )

    async def take_transfer(self, digest: bytes, now: float) -> tuple[str, int, int] | None:
        async with self.pool.connection() as db, db.transaction():
            # DELETE … RETURNING: of two processes using one code at once, one gets it.
            cursor = await db.execute(
                "DELETE FROM transfers WHERE digest = %s RETURNING table_id, seat, epoch, expires",
                (digest,),
            )
            row = await cursor.fetchone()
            await db.execute("DELETE FROM transfers WHERE expires < %s", (now,))
        if row is None or row[3] < now:
            return None
        return (str(row[0]), int(row[1]), int(row[2]))

    async def seats_held(self, held: Sequence[tuple[str, bytes]]) -> dict[str, int]:
        if not held:
            return {}
        rows = await self._all(
            "SELECT t.table_id, t.seat FROM seat_tokens t"
            " JOIN unnest(%s::text[], %s::bytea[]) AS h(table_id, digest)"
            " ON t.table_id = h.table_id AND t.digest = h.digest",
            ([table for table, _ in held], [digest for _, digest in held]),
        )
        return {str(row[0]): int(row[1]) for row in rows}

    async def admit(self, kind: str, key: str, now: float, seconds: float, most: int) -> bool:
        async with self.pool.connection() as db:
            async with db.transaction():
                # One try of one key at a time, whichever process counts it: two processes
                # counting at once would each see room for one more.
                await db.execute(
                    "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (TRIES_LOCK, f"{kind} {key}")
                )
                await db.execute(
                    "DELETE FROM tries WHERE kind = %s AND key = %s AND expires <= %s",
                    (kind, key, now),
                )
                cursor = await db.execute(
                    "SELECT count(*) FROM tries WHERE kind = %s AND key = %s AND at > %s",
                    (kind, key, now - seconds),
                )
                row = await cursor.fetchone()
                admitted = row is not None and int(row[0]) < most
                if admitted:
                    await db.execute(
                        "INSERT INTO tries (kind, key, at, expires) VALUES (%s, %s, %s, %s)",
                        (kind, key, now, now + seconds),
                    )
            if now >= self._tries_swept + TRIES_SWEEP_SECONDS:
                # The other keys' old tries, now and then: outside the counting transaction,
                # so that it never waits on another process's.
                self._tries_swept = now
                with contextlib.suppress(psycopg.Error):
                    await db.execute("DELETE FROM tries WHERE expires <= %s", (now,))
        return admitted

    async def beat(self, now: float) -> float | None:
        async with self.pool.connection() as db, db.transaction():
            cursor = await db.execute("SELECT value FROM server WHERE key = 'beat' FOR UPDATE")
            row = await cursor.fetchone()
            await db.execute(
                "INSERT INTO server (key, value) VALUES ('beat', %s)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (now,),
            )
        return None if row is None else float(row[0])

    async def ping(self) -> None:
        await self._one("SELECT 1", ())

    async def load_since(self, table_id: str, version: int) -> list[ev.Event]:
        rows = await self._all(
            "SELECT version, event FROM events WHERE table_id = %s AND version >= %s"
            " ORDER BY version",
            (table_id, version),
        )
        return log_of_rows(table_id, rows, version)

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        if not table_ids:
            return {}
        rows = await self._all(
            "SELECT id, version FROM tables WHERE id = ANY(%s)", (list(table_ids),)
        )
        return {str(row[0]): int(row[1]) for row in rows}

    async def lease(self, table_id: str, holder: str, now: float, seconds: float) -> bool:
        # One statement: of two processes asking at once, the row lock makes one wait and
        # then see the other's fresh lease.
        row = await self._one(
            "INSERT INTO leases (table_id, holder, expires) VALUES (%s, %s, %s)"
            " ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder,"
            " expires = excluded.expires"
            " WHERE leases.holder = excluded.holder OR leases.expires < %s"
            " RETURNING holder",
            (table_id, holder, now + seconds, now),
        )
        return row is not None

    async def put_presence(
        self, table_id: str, holder: str, presence: Presence, expires: float, *, changed: bool
    ) -> None:
        seats = json.dumps({str(seat): n for seat, n in presence.seats.items()})
        ready = json.dumps(sorted(presence.ready))
        async with self.pool.connection() as db, db.transaction():
            await db.execute(
                "INSERT INTO presence (table_id, holder, seats, spectators, ready, expires)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (table_id, holder) DO UPDATE"
                " SET seats = excluded.seats, spectators = excluded.spectators,"
                " ready = excluded.ready, expires = excluded.expires",
                (table_id, holder, seats, presence.spectators, ready, expires),
            )
            if changed:
                notice = f"p {holder} 0 {table_id}"
                await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))

    async def presence(
        self, table_ids: Sequence[str], holder: str, now: float
    ) -> dict[str, list[Presence]]:
        if not table_ids:
            return {}
        rows = await self._all(
            "SELECT table_id, seats, spectators, ready FROM presence"
            " WHERE table_id = ANY(%s) AND holder <> %s AND expires > %s"
            " ORDER BY table_id, holder",
            (list(table_ids), holder, now),
        )
        found: dict[str, list[Presence]] = {}
        for r in rows:
            found.setdefault(str(r[0]), []).append(
                Presence(
                    seats={int(seat): int(n) for seat, n in json.loads(r[1]).items()},
                    spectators=int(r[2]),
                    ready=frozenset(int(seat) for seat in json.loads(r[3])),
                )
            )
        return found

    async def renew_presence(self, table_ids: Sequence[str], holder: str, expires: float) -> None:
        if not table_ids:
            return
        async with self.pool.connection() as db:
            await db.execute(
                "UPDATE presence SET expires = %s WHERE holder = %s AND table_id = ANY(%s)",
                (expires, holder, list(table_ids)),
            )

    async def listen(self, holder: str, notice: Callable[[Notice], None]) -> None:
        self.holder = holder
        ready = asyncio.get_running_loop().create_future()
        self._listening = asyncio.create_task(self._listen(notice, ready), name="listen")
        await ready

    async def _listen(self, notice: Callable[[Notice], None], ready: asyncio.Future[None]) -> None:
        """Hear the other processes' notices on a connection of its own; after the connection
        is lost and made again, tell ``notice`` to look at everything again (``resync``)."""
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    if not ready.done():
                        ready.set_result(None)
                    if lost:
                        log.warning("hearing the other processes' notices again")
                        notice(Notice("resync", ""))
                        lost = False
                    while True:  # in short rounds: a cancel never waits on a blocked read
                        async for heard in db.notifies(timeout=1.0):
                            told = _notice(heard.payload, self.holder)
                            if told is not None:
                                notice(told)
            except asyncio.CancelledError:
                raise
            except Exception:
                if not lost:  # once per loss, not once a second while the database is away
                    log.warning("lost the notices of the other processes; listening again")
                lost = True
                if not ready.done():
                    ready.set_result(None)
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.wait({self._listening}, timeout=5.0)
        await self.pool.close(timeout=5.0)


#: At most this many bytes of events ride in a notice (PostgreSQL's limit is 8000 in all).
NOTICE_EVENTS_BYTES = 6000


def commit_notice(
    holder: str, table_id: str, version: int, events: Sequence[ev.Event], encoded: list[bytes]
) -> str:
    """The notice of an append of ``events`` at ``version``: ``c HOLDER VERSION TABLE``, then
    the events as a JSON array when none is secret and they are short (a bid, a card, a chat
    line: the other processes fold them without reading the log back); a deal's hands never
    go through the channel."""
    notice = f"c {holder or '-'} {version + len(events)} {table_id}"
    if any(ev.secret(event) for event in events):
        return notice
    carried = b"[" + b",".join(encoded) + b"]"
    return notice if len(carried) > NOTICE_EVENTS_BYTES else f"{notice} {carried.decode()}"


def _notice(payload: str, holder: str) -> Notice | None:
    """The notice in ``payload``; None for this process's own and for what is unreadable
    (events that do not read are dropped: the log has them)."""
    parts = payload.split(" ", 4)
    if len(parts) < 4 or parts[1] == holder or parts[0] not in ("c", "p"):
        return None
    try:
        version = int(parts[2])
    except ValueError:
        return None
    events: tuple[ev.Event, ...] = ()
    if len(parts) == 5 and parts[0] == "c":
        with contextlib.suppress(msgspec.ValidationError, msgspec.DecodeError):
            events = tuple(ev.decode_list(parts[4]))
    return Notice("commit" if parts[0] == "c" else "presence", parts[3], version, events)


def reason(err: BaseException, url: str) -> str:
    """libpq's reason why ``url`` could not be opened, on one line and without the password
    (libpq does not repeat it; this makes sure).

    >>> reason(psycopg.OperationalError('connection to server at "db", port 5433 failed:\\n'
    ...     '\\tConnection refused\\n\\tIs the server running?'), "postgresql://club:s3cret@db/x")
    'connection to server at "db", port 5433 failed: Connection refused. Is the server running?'
    """
    text = ""
    for line in (part.strip() for part in str(err).splitlines()):
        if line:
            text += (". " if text and not text.endswith((".", ":", "?")) else " ") + line
    text = text.strip().removeprefix("connection failed: ")
    try:
        password = psycopg.conninfo.conninfo_to_dict(url).get("password")
    except psycopg.ProgrammingError:
        password = None
    if password:
        text = text.replace(str(password), "***")
    return text or type(err).__name__


def describe(url: str) -> str:
    """``url`` as a person may see it: the database and its server, never the password.

    >>> describe("postgresql://club:secret@db.example:5433/ascenseur")
    'PostgreSQL database ascenseur on db.example:5433'
    """
    try:
        params = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "a PostgreSQL database (its URL is unreadable)"
    host = params.get("host") or "localhost"
    port = params.get("port") or 5432
    name = params.get("dbname") or params.get("user") or "?"
    return f"PostgreSQL database {name} on {host}:{port}"
