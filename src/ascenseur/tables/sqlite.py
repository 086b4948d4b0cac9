"""The embedded storage: one SQLite file (WAL), its schema made by numbered migrations.

:class:`SqliteDatabase` does the work synchronously (the terminal calls it as it is);
:class:`SqliteStore` is the same behind the asynchronous :class:`TableStore` interface: reads
run in a worker thread, appends on the event loop (short, and without waiting for the disk),
and one :class:`LogSync` makes them durable — a group commit — before anything is
acknowledged, so that the event loop never waits on the disk.

Migrations are numbered; the schema's version is SQLite's ``user_version``. Version 1 was the
first browser app's (games as action logs); migration 2 turns each of those games into a
table log, its player's token kept as a hash; migration 3 keeps each table's rule set whole
(a record's ``rules`` object) in its ``Created`` event and its row, where players, max_cards
and hook were kept one by one; migration 4 keeps the tries that the limits per address count
(tables opened, invitation codes tried), so that a restart does not reset them.

>>> db = SqliteDatabase(":memory:")
>>> db.version
4
>>> db.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import msgspec

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
from ascenseur.tables.storage import (
    Notice,
    Presence,
    SeatToken,
    StorageUnavailable,
    StoreError,
    Summary,
)

T = TypeVar("T")


#: File name of the database in the data directory.
DB_NAME = "ascenseur.sqlite3"

_V1 = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, rules TEXT NOT NULL,
    first_dealer INTEGER NOT NULL, seed INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0,
    moves INTEGER NOT NULL DEFAULT 0, deals INTEGER NOT NULL DEFAULT 0, totals TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    bot TEXT, player TEXT, PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

_V2 = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    invite TEXT UNIQUE,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    origin TEXT NOT NULL,
    players INTEGER NOT NULL,
    max_cards INTEGER NOT NULL,
    hook INTEGER NOT NULL,
    names TEXT NOT NULL,
    started INTEGER NOT NULL,
    over INTEGER NOT NULL,
    version INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    totals TEXT NOT NULL
);
CREATE TABLE events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    event BLOB NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE TABLE seat_tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    digest BLOB NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE transfers (
    digest BLOB PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE server (key TEXT PRIMARY KEY, value REAL NOT NULL);
CREATE INDEX tables_live ON tables (over, created);
"""


def _migrate_games(db: sqlite3.Connection) -> None:
    """Migration 2, second half: each game of schema 1 becomes a table log."""
    games = db.execute(
        "SELECT id, created, updated, rules, first_dealer, seed, over, deals, totals FROM games"
    ).fetchall()
    for gid, created, updated, rules_text, first_dealer, seed, over, deals, totals in games:
        rules = json.loads(rules_text)
        seats = db.execute(
            "SELECT name, bot, player FROM seats WHERE game_id = ? ORDER BY seat", (gid,)
        ).fetchall()
        host = next((i for i, seat in enumerate(seats) if seat[1] is None), 0)
        log: list[ev.Event] = [
            ev.Created.of(
                Rules(rules["players"], rules["max_cards"], bool(rules["hook"])),
                at=created,
                seats=tuple(ev.SeatSpec(bot=bot) for _, bot, _ in seats),
                host=host,
                first_dealer=first_dealer,
                seed=seed,
            )
        ]
        tokens: list[tuple[int, int, bytes]] = []
        for seat, (name, bot, player) in enumerate(seats):
            if bot is None:
                if player is not None:
                    tokens.append((seat, len(log), hashlib.sha256(player.encode()).digest()))
                log.append(ev.SeatTaken(at=created, seat=seat, name=name))
        log.append(ev.Started(at=created, bots="heuristic"))
        rows = db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)
        ).fetchall()
        deal = 0
        for (text,) in rows:
            data = json.loads(text)
            if "deal" in data:
                hands = tuple(tuple(hand) for hand in data["deal"])
                log.append(ev.DealEntry(at=updated, deal=deal, hands=hands))
                deal += 1
            else:
                # who made a bid or card is the game's to say: the fold checks it again
                log.append(_legacy_move(data, updated))
        names = [name for name, _, _ in seats]
        db.execute(
            "INSERT INTO tables (id, invite, created, updated, origin, players, max_cards, hook,"
            " names, started, over, version, deals, totals) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                gid,
                None,
                created,
                updated,
                "web",
                rules["players"],
                rules["max_cards"],
                int(bool(rules["hook"])),
                json.dumps(names),
                1,
                over,
                len(log),
                deals,
                totals,
            ),
        )
        db.executemany(
            "INSERT INTO events (table_id, version, event) VALUES (?, ?, ?)",
            [(gid, i, ev.encode(event)) for i, event in enumerate(log)],
        )
        db.executemany(
            "INSERT INTO seat_tokens (table_id, seat, epoch, digest) VALUES (?, ?, ?, ?)",
            [(gid, seat, epoch, digest) for seat, epoch, digest in tokens],
        )
    _script(db, "DROP TABLE actions; DROP TABLE seats; DROP TABLE games")


def _legacy_move(data: dict[str, object], at: float) -> ev.Event:
    # The seat is filled in by _fix_seats once the log can be folded.
    if "bid" in data:
        return ev.BidEntry(at=at, seat=-1, value=int(str(data["bid"])), by="bot")
    return ev.PlayEntry(at=at, seat=-1, card=str(data["play"]), by="bot")


def _fix_seats(db: sqlite3.Connection) -> None:
    """Migration 2, last step: give the schema-1 moves the seat that made them."""
    from ascenseur.tables.table import Table

    for (gid,) in db.execute("SELECT id FROM tables").fetchall():
        rows = db.execute(
            "SELECT version, event FROM events WHERE table_id = ? ORDER BY version", (gid,)
        ).fetchall()
        log = [ev.decode(row[1]) for row in rows]
        table = Table(gid, log[:1])
        for version, event in enumerate(log[1:], start=1):
            fixed = event
            if isinstance(event, ev.BidEntry | ev.PlayEntry) and event.seat < 0:
                seat = table.state.current_seat
                assert seat is not None
                fixed = msgspec.structs.replace(event, seat=seat)
                db.execute(
                    "UPDATE events SET event = ? WHERE table_id = ? AND version = ?",
                    (ev.encode(fixed), gid, version),
                )
            table.fold(fixed)


def _script(db: sqlite3.Connection, sql: str) -> None:
    # executescript would commit the migration's transaction half-way: one statement at a time
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def _to_v1(db: sqlite3.Connection) -> None:
    _script(db, _V1)


def _to_v2(db: sqlite3.Connection) -> None:
    _script(db, _V2)
    _migrate_games(db)
    _fix_seats(db)


def _to_v3(db: sqlite3.Connection) -> None:
    """Migration 3: one serialised rule set. Each table's row keeps its rule set whole
    (:meth:`Rules.to_text`) instead of players, max_cards and hook, and so does its
    ``Created`` event (:func:`~ascenseur.tables.events.upgraded`)."""
    # Every row is given its rules below, so the default is never kept (SQLite adds a
    # NOT NULL column only with one).
    db.execute("ALTER TABLE tables ADD COLUMN rules TEXT NOT NULL DEFAULT ''")
    rows = db.execute("SELECT id, players, max_cards, hook FROM tables").fetchall()
    db.executemany(
        "UPDATE tables SET rules = ? WHERE id = ?",
        [
            (Rules(players, max_cards, bool(hook)).to_text(), tid)
            for tid, players, max_cards, hook in rows
        ],
    )
    created = db.execute("SELECT table_id, event FROM events WHERE version = 0").fetchall()
    db.executemany(
        "UPDATE events SET event = ? WHERE table_id = ? AND version = 0",
        [(new, tid) for tid, data in created if (new := ev.upgraded(data)) is not None],
    )
    for column in ("players", "max_cards", "hook"):
        db.execute(f"ALTER TABLE tables DROP COLUMN {column}")


#: The tries counted by the limits per address (:meth:`SqliteDatabase.admit`): one row per
#: try admitted, forgotten once ``expires`` is past.
_TRIES = """
CREATE TABLE tries (kind TEXT NOT NULL, key TEXT NOT NULL, at REAL NOT NULL,
                    expires REAL NOT NULL);
CREATE INDEX tries_key ON tries (kind, key, at);
CREATE INDEX tries_expires ON tries (expires)
"""


def _to_v4(db: sqlite3.Connection) -> None:
    """Migration 4: the limits' tries, kept across a restart."""
    _script(db, _TRIES)


#: Each migration takes the schema from its index to index + 1, in one transaction.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_to_v1, _to_v2, _to_v3, _to_v4)
SCHEMA_VERSION = len(MIGRATIONS)

#: The columns an append updates in ``tables`` (its summary), in :meth:`SqliteDatabase.append`.
_CHANGED = ", ".join(f"{column} = ?" for column in CHANGED_COLUMNS)


def _marks(count: int) -> str:
    return ",".join("?" * count)


class SqliteDatabase:
    """The SQLite file at ``path`` (``":memory:"`` for tests), migrated on opening.

    One connection shared under a lock; every write is one short ``BEGIN IMMEDIATE``
    transaction. ``durable``: each commit reaches the disk (``synchronous=FULL``).
    """

    def __init__(
        self, path: Path | str, *, durable: bool = True, checkpoints_apart: bool = False
    ) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._migrate()
            if checkpoints_apart:
                # The writer never copies the log into the database itself (an automatic
                # checkpoint stalled commits by ~100 ms under load); :meth:`checkpoint` does,
                # from another connection, beside the writer.
                self._db.execute("PRAGMA wal_autocheckpoint=0")
        except BaseException:
            self._db.close()
            raise

    def _migrate(self) -> None:
        version = self.version
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer ascenseur (schema {version}; "
                f"this one reads {SCHEMA_VERSION})",
                code="newer-schema",
            )
        for number in range(version, SCHEMA_VERSION):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[number](self._db)
                self._db.execute(f"PRAGMA user_version={number + 1}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database without stopping the writer (PASSIVE),
        from a connection of its own."""
        if not isinstance(self.path, Path):
            return
        side = sqlite3.connect(self.path, isolation_level=None)
        try:
            side.execute("PRAGMA busy_timeout=5000")
            side.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            side.close()

    @property
    def version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @property
    def journal_mode(self) -> str:
        with self._lock:
            return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    def create(
        self,
        table_id: str,
        invite: str | None,
        events: Sequence[ev.Event],
        tokens: Sequence[SeatToken],
        summary: Summary,
    ) -> None:
        row = table_values(table_id, invite, summary)

        def work(db: sqlite3.Connection) -> None:
            db.execute(f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES ({_marks(len(row))})", row)
            self._insert(db, table_id, 0, events, tokens)

        self._write(work)

    def append(
        self,
        table_id: str,
        version: int,
        events: Sequence[ev.Event],
        *,
        tokens: Sequence[SeatToken] = (),
        summary: Summary,
    ) -> None:
        """Commit events at ``version``, ``version + 1``, … with the tokens they change and
        the summary after them, in one transaction; VersionConflict if a version is taken."""

        def work(db: sqlite3.Connection) -> None:
            self._insert(db, table_id, version, events, tokens)
            db.execute(
                f"UPDATE tables SET {_CHANGED} WHERE id = ?", (*changed_values(summary), table_id)
            )

        self._write(work)

    @staticmethod
    def _insert(
        db: sqlite3.Connection,
        table_id: str,
        version: int,
        events: Sequence[ev.Event],
        tokens: Sequence[SeatToken],
    ) -> None:
        try:
            db.executemany(
                "INSERT INTO events (table_id, version, event) VALUES (?, ?, ?)",
                [(table_id, version + i, ev.encode(event)) for i, event in enumerate(events)],
            )
        except sqlite3.IntegrityError:
            raise conflict(table_id, version) from None
        for token in tokens:
            if token.digest is None:
                db.execute(
                    "DELETE FROM seat_tokens WHERE table_id = ? AND seat = ?",
                    (table_id, token.seat),
                )
            else:
                db.execute(
                    "INSERT OR REPLACE INTO seat_tokens (table_id, seat, epoch, digest)"
                    " VALUES (?, ?, ?, ?)",
                    (table_id, token.seat, token.epoch, token.digest),
                )

    def load(self, table_id: str) -> list[ev.Event] | None:
        with self._lock:
            rows = self._db.execute(
                "SELECT version, event FROM events WHERE table_id = ? ORDER BY version",
                (table_id,),
            ).fetchall()
        return log_of_rows(table_id, rows) if rows else None

    def table_of_invite(self, invite: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT id FROM tables WHERE invite = ?", (invite,)).fetchone()
        return None if row is None else str(row[0])

    def invite_of(self, table_id: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT invite FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def token(self, table_id: str, seat: int) -> SeatToken | None:
        with self._lock:
            row = self._db.execute(
                "SELECT epoch, digest FROM seat_tokens WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            ).fetchone()
        return None if row is None else SeatToken(seat, row[0], bytes(row[1]))

    def summaries(self, table_ids: Sequence[str]) -> list[Summary]:
        if not table_ids:
            return []
        with self._lock:
            rows = self._db.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM tables WHERE id IN ({_marks(len(table_ids))})"
                " ORDER BY updated DESC",
                tuple(table_ids),
            ).fetchall()
        return [summary_of_row(row) for row in rows]

    def ping(self) -> None:
        with self._lock:
            self._db.execute("SELECT 1").fetchone()

    def load_since(self, table_id: str, version: int) -> list[ev.Event]:
        with self._lock:
            rows = self._db.execute(
                "SELECT version, event FROM events WHERE table_id = ? AND version >= ?"
                " ORDER BY version",
                (table_id, version),
            ).fetchall()
        return log_of_rows(table_id, rows, version)

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, version FROM tables WHERE id IN ({_marks(len(table_ids))})",
                tuple(table_ids),
            ).fetchall()
        return {str(row[0]): int(row[1]) for row in rows}

    def live(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables WHERE over = 0 ORDER BY created")
            return [row[0] for row in rows.fetchall()]

    def latest(self, origin: str | None = None) -> list[Summary]:
        """Every table, most recently played first (the terminal's own machine only)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM tables WHERE ? IS NULL OR origin = ? ORDER BY updated DESC",
                (origin, origin),
            ).fetchall()
        return self.summaries([row[0] for row in rows])

    def put_transfer(
        self, digest: bytes, table_id: str, seat: int, epoch: int, expires: float
    ) -> None:
        self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO transfers (digest, table_id, seat, epoch, expires)"
                " VALUES (?, ?, ?, ?, ?)",
                (digest, table_id, seat, epoch, expires),
            )
        )

    def take_transfer(self, digest: bytes, now: float) -> tuple[str, int, int] | None:
        def work(db: sqlite3.Connection) -> tuple[str, int, int] | None:
            row = db.execute(
                "SELECT table_id, seat, epoch, expires FROM transfers WHERE digest = ?", (digest,)
            ).fetchone()
            db.execute("DELETE FROM transfers WHERE digest = ? OR expires < ?", (digest, now))
            if row is None or row[3] < now:
                return None
            return (str(row[0]), int(row[1]), int(row[2]))

        return self._write(work)

    def seats_held(self, held: Sequence[tuple[str, bytes]]) -> dict[str, int]:
        if not held:
            return {}
        marks = ",".join("(?, ?)" for _ in held)
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, seat FROM seat_tokens"
                f" WHERE (table_id, digest) IN (VALUES {marks})",
                tuple(value for pair in held for value in pair),
            ).fetchall()
        return {str(row[0]): int(row[1]) for row in rows}

    def admit(self, kind: str, key: str, now: float, seconds: float, most: int) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("DELETE FROM tries WHERE expires <= ?", (now,))
            (counted,) = db.execute(
                "SELECT count(*) FROM tries WHERE kind = ? AND key = ? AND at > ?",
                (kind, key, now - seconds),
            ).fetchone()
            if counted >= most:
                return False
            db.execute(
                "INSERT INTO tries (kind, key, at, expires) VALUES (?, ?, ?, ?)",
                (kind, key, now, now + seconds),
            )
            return True

        return self._write(work)

    def beat(self, now: float) -> float | None:
        def work(db: sqlite3.Connection) -> float | None:
            row = db.execute("SELECT value FROM server WHERE key = 'beat'").fetchone()
            db.execute("INSERT OR REPLACE INTO server (key, value) VALUES ('beat', ?)", (now,))
            return None if row is None else float(row[0])

        return self._write(work)


class LogSync:
    """Group commit: commits are written without waiting for the disk; then one ``fsync`` of
    the write-ahead log, in a thread of its own, makes durable every commit written before it
    began, and each waits for the first such ``fsync`` (what ``synchronous=FULL`` promises,
    without the event loop standing still for each commit's ``fsync``: under load that was
    a third of its time).
    """

    def __init__(self, wal: Path) -> None:
        self.wal = wal
        self._fd: int | None = None
        self._written = 0
        self._waiting: list[tuple[int, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ascenseur-fsync")

    async def written(self) -> None:
        """Return once the commits written so far are on the disk (OSError if not)."""
        loop = asyncio.get_running_loop()
        self._written += 1
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((self._written, done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._syncing())
        await done

    async def _syncing(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            mark = self._written
            try:
                await loop.run_in_executor(self._thread, self._fsync)
            except Exception as err:  # the disk's refusal, or a store already closed
                failed, self._waiting = self._waiting, []
                for _, done in failed:
                    if not done.done():
                        done.set_exception(
                            StorageUnavailable(f"a commit did not reach the disk: {err}")
                        )
                return
            still = []
            for number, done in self._waiting:
                if number > mark:
                    still.append((number, done))
                elif not done.done():
                    done.set_result(None)
            self._waiting = still

    def _fsync(self) -> None:
        if self._fd is None:
            self._fd = os.open(self.wal, os.O_RDONLY)
        os.fsync(self._fd)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class SqliteStore:
    """:class:`SqliteDatabase` behind the asynchronous :class:`TableStore` interface.

    ``durable``: nothing is acknowledged before it is on the disk (:class:`LogSync`)."""

    #: Seconds between two checkpoints of the write-ahead log.
    CHECKPOINT_SECONDS = 1.0

    def __init__(self, path: Path | str, *, durable: bool = True) -> None:
        # The connection itself never waits for the disk (synchronous=NORMAL keeps the file
        # consistent); LogSync makes each commit durable before it is acknowledged.
        self.db = SqliteDatabase(path, durable=False, checkpoints_apart=True)
        on_disk = durable and str(path) != ":memory:"
        self._sync = LogSync(Path(f"{path}-wal")) if on_disk else None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ascenseur-sqlite")
        self._side = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ascenseur-checkpoint")
        self._checkpoints: asyncio.Task[None] | None = None

    async def _durable(self) -> None:
        if self._sync is not None:
            await self._sync.written()

    async def _run(self, work: Callable[[], T]) -> T:
        if self._checkpoints is None:
            self._checkpoints = asyncio.get_running_loop().create_task(self._checkpointing())
        return await asyncio.get_running_loop().run_in_executor(self._thread, work)

    async def _checkpointing(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.CHECKPOINT_SECONDS)
            try:
                await loop.run_in_executor(self._side, self.db.checkpoint)
            except sqlite3.Error:
                continue  # busy now: the next one will do

    async def create(
        self,
        table_id: str,
        invite: str,
        events: Sequence[ev.Event],
        tokens: Sequence[SeatToken],
        summary: Summary,
    ) -> None:
        await self._run(lambda: self.db.create(table_id, invite, events, tokens, summary))
        await self._durable()

    async def append(
        self,
        table_id: str,
        version: int,
        events: Sequence[ev.Event],
        *,
        tokens: Sequence[SeatToken] = (),
        summary: Summary,
    ) -> None:
        # On the event loop itself, not in the worker thread: a commit without its fsync is
        # one short transaction, and in a thread each of its steps waited for the interpreter
        # lock behind the busy loop — p99 113 ms against 5 ms (benchmarks/server_load.py,
        # 200 tables). The fsync, which is most of a commit's time, is LogSync's, apart.
        self.db.append(table_id, version, events, tokens=tokens, summary=summary)
        await self._durable()

    async def load(self, table_id: str) -> list[ev.Event] | None:
        return await self._run(lambda: self.db.load(table_id))

    async def ping(self) -> None:
        await self._run(self.db.ping)

    async def load_since(self, table_id: str, version: int) -> list[ev.Event]:
        return await self._run(lambda: self.db.load_since(table_id, version))

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        return await self._run(lambda: self.db.versions(table_ids)) if table_ids else {}

    # One process serves a SQLite file: it drives every table and has no one to tell.

    async def lease(self, table_id: str, holder: str, now: float, seconds: float) -> bool:
        return True

    async def put_presence(
        self, table_id: str, holder: str, presence: Presence, expires: float, *, changed: bool
    ) -> None:
        return None

    async def presence(
        self, table_ids: Sequence[str], holder: str, now: float
    ) -> dict[str, list[Presence]]:
        return {}

    async def renew_presence(self, table_ids: Sequence[str], holder: str, expires: float) -> None:
        return None

    async def listen(self, holder: str, notice: Callable[[Notice], None]) -> None:
        return None

    async def table_of_invite(self, invite: str) -> str | None:
        return await self._run(lambda: self.db.table_of_invite(invite))

    async def invite_of(self, table_id: str) -> str | None:
        return await self._run(lambda: self.db.invite_of(table_id))

    async def token(self, table_id: str, seat: int) -> SeatToken | None:
        return await self._run(lambda: self.db.token(table_id, seat))

    async def summaries(self, table_ids: Sequence[str]) -> list[Summary]:
        return await self._run(lambda: self.db.summaries(table_ids))

    async def live(self) -> list[str]:
        return await self._run(self.db.live)

    async def put_transfer(
        self, digest: bytes, table_id: str, seat: int, epoch: int, expires: float
    ) -> None:
        await self._run(lambda: self.db.put_transfer(digest, table_id, seat, epoch, expires))
        await self._durable()

    async def take_transfer(self, digest: bytes, now: float) -> tuple[str, int, int] | None:
        taken = await self._run(lambda: self.db.take_transfer(digest, now))
        await self._durable()
        return taken

    async def seats_held(self, held: Sequence[tuple[str, bytes]]) -> dict[str, int]:
        return await self._run(lambda: self.db.seats_held(held))

    async def admit(self, kind: str, key: str, now: float, seconds: float, most: int) -> bool:
        # Not waited onto the disk: a power cut may forget a second of tries, no more.
        return await self._run(lambda: self.db.admit(kind, key, now, seconds, most))

    async def beat(self, now: float) -> float | None:
        last = await self._run(lambda: self.db.beat(now))
        await self._durable()
        return last

    async def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpoints
        self._side.shutdown(wait=True)
        if self._sync is not None:
            self._sync.close()
        await asyncio.get_running_loop().run_in_executor(self._thread, self.db.checkpoint)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.db.close)
        self._thread.shutdown(wait=True)
