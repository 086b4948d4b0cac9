"""The storage contract: every back end keeps a table's log, its tokens and its summary the
same way, refuses a second event at one version, and loses nothing of a commit.

The suite runs against each back end of :data:`BACKENDS` unchanged."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from ascenseur.core.actions import Bid
from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.live import summary_of
from ascenseur.tables.sqlite import SCHEMA_VERSION, LogSync, SqliteDatabase, SqliteStore
from ascenseur.tables.storage import SeatToken, StoreError, Summary, TableStore, VersionConflict
from ascenseur.tables.stores import is_url
from ascenseur.tables.stores import open_store as open_db
from ascenseur.tables.table import Table, TableError
from pg_cluster import Cluster

pytestmark = pytest.mark.timeout(60)
T = TypeVar("T")
BACKENDS = ["sqlite", "postgres"]


def run(work: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await work()

    return asyncio.run(main())


def created(seed: int = 5, at: float = 100.0) -> ev.Created:
    return ev.Created.of(
        Rules(players=3, max_cards=2),
        at=at,
        seats=(ev.SeatSpec(), ev.SeatSpec(), ev.SeatSpec(bot="random")),
        host=0,
        first_dealer=0,
        seed=seed,
    )


def opening(table_id: str = "t1") -> tuple[Table, list[ev.Event], Summary]:
    first = created()
    table = Table(table_id, [first])
    log: list[ev.Event] = [first]
    for event in (table.take_seat("Ada", at=101.0), table.start(0, at=102.0)):
        table.fold(event)
        log.append(event)
    return table, log, summary_of(table, 100.0, 102.0)


async def open_store(backend: str, path: Path) -> TableStore:
    """The store of the test: ``backend`` is "sqlite" (a file in ``path``) or the URL of the
    test's own PostgreSQL database."""
    if is_url(backend):
        return await open_db(backend)
    assert backend == "sqlite"
    return await open_db(path / "tables.sqlite3", durable=False)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """ "sqlite", or a new empty PostgreSQL database's URL."""
    if request.param == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.new_database()
    return str(request.param)


def test_a_table_comes_back_as_it_was_stored(backend: str, tmp_path: Path) -> None:
    async def work() -> None:
        store = await open_store(backend, tmp_path)
        table, log, summary = opening()
        await store.create("t1", "CODE1234", log, [SeatToken(0, 1, b"h" * 32)], summary)
        deal = table.next_deal(at=103.0)
        twin = table.copy()
        twin.fold(deal)
        await store.append("t1", 3, [deal], summary=summary_of(twin, 100.0, 103.0))
        loaded = await store.load("t1")
        assert loaded == [*log, deal]
        again = Table("t1", loaded)
        assert again.state.history == twin.state.history
        assert await store.table_of_invite("CODE1234") == "t1"
        assert await store.invite_of("t1") == "CODE1234"
        assert await store.table_of_invite("nope") is None
        assert await store.load("nope") is None
        assert await store.token("t1", 0) == SeatToken(0, 1, b"h" * 32)
        assert await store.token("t1", 1) is None
        (line,) = await store.summaries(["t1", "nope"])
        assert (
            line.names == ("Ada", "bot:heuristic", "bot:random")
            and line.version == 4
            and line.started
        )
        assert await store.live() == ["t1"]
        await store.close()

    run(work)


def test_two_events_at_one_version_cannot_both_be_stored(backend: str, tmp_path: Path) -> None:
    async def work() -> None:
        store = await open_store(backend, tmp_path)
        _, log, summary = opening()
        await store.create("t1", "CODE1234", log, [], summary)
        one = ev.Chatted(at=104.0, seat=0, name="Ada", text="one")
        two = ev.Chatted(at=104.0, seat=0, name="Ada", text="two")
        await store.append("t1", 3, [one], summary=summary)
        with pytest.raises(VersionConflict):
            await store.append("t1", 3, [two], summary=summary)
        with pytest.raises(VersionConflict):  # a batch that overlaps is refused as a whole
            await store.append("t1", 3, [two, one], tokens=[SeatToken(1, 9, b"x")], summary=summary)
        assert await store.token("t1", 1) is None  # nothing of the refused commit was kept
        loaded = await store.load("t1")
        assert loaded is not None and loaded[-1] == one and len(loaded) == 4
        await store.close()

    run(work)


def test_tokens_are_replaced_and_voided_with_their_events(backend: str, tmp_path: Path) -> None:
    async def work() -> None:
        store = await open_store(backend, tmp_path)
        _, log, summary = opening()
        await store.create("t1", "CODE1234", log, [SeatToken(0, 1, b"a" * 32)], summary)
        moved = ev.Transferred(at=105.0, seat=0)
        await store.append("t1", 3, [moved], tokens=[SeatToken(0, 3, b"b" * 32)], summary=summary)
        assert await store.token("t1", 0) == SeatToken(0, 3, b"b" * 32)
        freed = ev.Chatted(at=106.0, seat=0, name="Ada", text="bye")
        await store.append("t1", 4, [freed], tokens=[SeatToken(0, 4, None)], summary=summary)
        assert await store.token("t1", 0) is None
        await store.close()

    run(work)


def test_a_transfer_code_works_once_and_not_after_it_expires(backend: str, tmp_path: Path) -> None:
    async def work() -> None:
        store = await open_store(backend, tmp_path)
        _, log, summary = opening()
        await store.create("t1", "CODE1234", log, [], summary)
        await store.put_transfer(b"c" * 32, "t1", 0, 1, expires=200.0)
        await store.put_transfer(b"d" * 32, "t1", 0, 1, expires=150.0)
        assert await store.take_transfer(b"c" * 32, now=160.0) == ("t1", 0, 1)
        assert await store.take_transfer(b"c" * 32, now=160.0) is None  # once
        assert await store.take_transfer(b"d" * 32, now=160.0) is None  # expired
        await store.close()

    run(work)


def test_the_heartbeat_tells_the_last_time_the_server_was_alive(
    backend: str, tmp_path: Path
) -> None:
    async def work() -> None:
        store = await open_store(backend, tmp_path)
        assert await store.beat(10.0) is None
        assert await store.beat(25.0) == 10.0
        await store.close()
        again = await open_store(backend, tmp_path)
        assert await again.beat(40.0) == 25.0
        await again.close()

    run(work)


def test_sqlite_is_one_file_in_wal_mode_at_the_latest_schema(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "deep" / "games.sqlite3")
    assert db.journal_mode == "wal" and db.version == SCHEMA_VERSION
    db.close()
    raw = sqlite3.connect(tmp_path / "deep" / "games.sqlite3")
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="newer ascenseur"):
        SqliteDatabase(tmp_path / "deep" / "games.sqlite3")


class Disk:
    """LogSync's fsync under the test's control: each waits for ``open`` and is counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, fails: bool = False) -> None:
        self.open = threading.Event()
        self.calls = 0
        self.fails = fails
        monkeypatch.setattr(LogSync, "_fsync", lambda sync: self.fsync())

    def fsync(self) -> None:
        self.calls += 1
        self.open.wait(10)
        if self.fails:
            raise OSError(5, "Input/output error")


async def deal_append(store: TableStore, table_id: str) -> None:
    table, _, _ = opening(table_id)
    deal = table.next_deal(at=103.0)
    table.fold(deal)
    await store.append(table_id, 3, [deal], summary=summary_of(table, 100.0, 103.0))


def test_a_commit_returns_only_once_its_log_is_on_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    disk.open.set()  # the table's creation goes through

    async def work() -> None:
        store = await open_db(tmp_path / "d.sqlite3", durable=True)
        _, log, summary = opening()
        await store.create("t1", "CODE1", log, [], summary)
        disk.open.clear()
        append = asyncio.create_task(deal_append(store, "t1"))
        await asyncio.sleep(0.2)
        assert not append.done(), "acknowledged before the disk had it"
        disk.open.set()
        await append
        assert len(await store.load("t1") or []) == 4
        await store.close()

    run(work)


def test_one_fsync_makes_every_commit_written_before_it_durable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    disk.open.set()

    async def work() -> None:
        store = await open_db(tmp_path / "d.sqlite3", durable=True)
        for n in range(20):
            _, log, summary = opening(f"t{n}")
            await store.create(f"t{n}", f"CODE{n}", log, [], summary)
        disk.open.clear()
        before = disk.calls
        first = [asyncio.create_task(deal_append(store, f"t{n}")) for n in range(10)]
        await asyncio.sleep(0.2)  # all ten written, their fsync under way (held)
        second = [asyncio.create_task(deal_append(store, f"t{n}")) for n in range(10, 20)]
        await asyncio.sleep(0.2)  # ten more written while it is
        assert disk.calls - before == 1 and not any(t.done() for t in first + second)
        disk.open.set()
        await asyncio.gather(*first, *second)
        assert disk.calls - before == 2  # one for the first ten, one for the next ten
        for n in range(20):
            assert len(await store.load(f"t{n}") or []) == 4
        await store.close()

    run(work)


def test_a_commit_the_disk_refused_is_an_error_not_a_success(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    disk.open.set()

    async def work() -> None:
        store = await open_db(tmp_path / "d.sqlite3", durable=True)
        _, log, summary = opening()
        await store.create("t1", "CODE1", log, [], summary)
        disk.fails = True
        with pytest.raises(StoreError, match=r"did not reach the disk.*Input/output"):
            await deal_append(store, "t1")
        disk.fails = False
        # The next commit is not stuck behind the failed one.
        _, log2, summary2 = opening("t2")
        await store.create("t2", "CODE2", log2, [], summary2)
        await store.close()

    run(work)


def test_a_log_with_a_gap_is_reported_not_replayed(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    _, log, summary = opening()
    db.create("t1", "CODE1234", log, [], summary)
    raw = sqlite3.connect(tmp_path / "g.sqlite3")
    raw.execute("DELETE FROM events WHERE version = 1")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="gap"):
        db.load("t1")


def test_the_first_apps_games_become_tables(tmp_path: Path) -> None:
    """Migration 2: a database of schema 1 (games as action logs) opens as tables."""
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path)
    raw.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL,
            rules TEXT NOT NULL, first_dealer INTEGER NOT NULL, seed INTEGER NOT NULL,
            over INTEGER NOT NULL DEFAULT 0, moves INTEGER NOT NULL DEFAULT 0,
            deals INTEGER NOT NULL DEFAULT 0, totals TEXT NOT NULL);
        CREATE TABLE seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
            bot TEXT, player TEXT, PRIMARY KEY (game_id, seat));
        CREATE TABLE actions (game_id TEXT NOT NULL, seq INTEGER NOT NULL,
            action TEXT NOT NULL, PRIMARY KEY (game_id, seq));
        INSERT INTO games VALUES ('g1', 1.0, 2.0, '{"players": 3, "max_cards": 1, "hook": false}',
            2, 7, 0, 2, 0, '[0, 0, 0]');
        INSERT INTO seats VALUES ('g1', 0, 'Ada', NULL, 'tokentokentokentoken');
        INSERT INTO seats VALUES ('g1', 1, 'bot:random', 'random', NULL);
        INSERT INTO seats VALUES ('g1', 2, 'bot:random', 'random', NULL);
        INSERT INTO actions VALUES ('g1', 0, '{"deal": [["S1"], ["H1"], ["T21"]]}');
        INSERT INTO actions VALUES ('g1', 1, '{"bid": 0}');
        PRAGMA user_version = 1;
        """
    )
    raw.close()
    db = SqliteDatabase(path)
    events = db.load("g1")
    assert events is not None
    table = Table("g1", events)
    assert table.names == ("Ada", "bot:random", "bot:random")
    assert table.started and table.state.bids == (0, None, None)
    entry = events[-1]
    assert isinstance(entry, ev.BidEntry) and entry.seat == 0  # seat 0 leads after dealer 2
    assert table.state.history[-1] == Bid(0)
    token = db.token("g1", 0)
    assert token is not None and token.epoch == table.seats[0].epoch
    assert db.summaries(["g1"])[0].names == table.names


def test_an_empty_database_has_nothing_live(tmp_path: Path) -> None:
    async def work() -> list[str]:
        store = SqliteStore(":memory:")
        try:
            return await store.live()
        finally:
            await store.close()

    assert run(work) == []


def test_two_processes_racing_at_one_version_apply_exactly_one(postgres: Cluster) -> None:
    """Two stores with their own pools (as two server processes would have) append at the same
    version, round after round: one wins each round, the other gets VersionConflict and keeps
    nothing (not its token either), and the log stays contiguous."""
    url = postgres.new_database()

    async def work() -> None:
        first, second = await open_db(url), await open_db(url)
        _, log, summary = opening()
        await first.create("t1", "CODE1234", log, [], summary)
        winners: list[ev.Event] = []
        for version in range(3, 33):
            a = ev.Chatted(at=float(version), seat=0, name="Ada", text=f"a{version}")
            b = ev.Chatted(at=float(version), seat=1, name="Bob", text=f"b{version}")
            outcomes = await asyncio.gather(
                first.append("t1", version, [a], tokens=[SeatToken(0, version, b"a")],
                             summary=summary),
                second.append("t1", version, [b], tokens=[SeatToken(0, version, b"b")],
                              summary=summary),
                return_exceptions=True,
            )  # fmt: skip
            assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "VersionConflict"]
            won = a if outcomes[0] is None else b
            winners.append(won)
            token = await second.token("t1", 0)
            assert token == SeatToken(0, version, b"a" if won is a else b"b")
        for store in (first, second):
            assert await store.load("t1") == [*log, *winners]
        await first.close()
        await second.close()

    run(work)


def test_a_writer_that_reaches_a_version_being_committed_waits_and_loses(
    postgres: Cluster,
) -> None:
    """The fence holds while the other commit is still in flight: an append at a version
    another connection has written but not committed waits for it, then is refused."""
    import psycopg

    url = postgres.new_database()

    async def work() -> None:
        store = await open_db(url)
        _, log, summary = opening()
        await store.create("t1", "CODE1234", log, [], summary)
        other = await psycopg.AsyncConnection.connect(url)
        async with other.transaction():
            await other.execute(
                "INSERT INTO events (table_id, version, event) VALUES ('t1', 3, %s)",
                (ev.encode(ev.Chatted(at=1.0, seat=1, name="Bob", text="first")),),
            )
            late = asyncio.ensure_future(
                store.append("t1", 3, [ev.Chatted(at=2.0, seat=0, name="Ada", text="second")],
                             summary=summary)
            )  # fmt: skip
            await asyncio.sleep(0.3)
            assert not late.done()  # blocked on the uncommitted row, not refused by a read
        with pytest.raises(VersionConflict):
            await late
        loaded = await store.load("t1")
        assert loaded is not None and len(loaded) == 4
        assert isinstance(loaded[3], ev.Chatted) and loaded[3].text == "first"
        await other.close()
        await store.close()

    run(work)


def test_postgres_is_migrated_once_and_refuses_a_newer_schema(postgres: Cluster) -> None:
    import psycopg

    from ascenseur.tables.postgres import SCHEMA_VERSION as PG_SCHEMA
    from ascenseur.tables.postgres import PostgresStore

    url = postgres.new_database()

    async def work() -> None:
        # Several processes starting together on an empty database: one migrates, all open.
        stores = await asyncio.gather(*(PostgresStore.connect(url) for _ in range(3)))
        assert [await store.schema_version() for store in stores] == [PG_SCHEMA] * 3
        for store in stores:
            await store.close()
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as raw:
            await raw.execute("UPDATE schema_version SET version = %s", (PG_SCHEMA + 1,))
        with pytest.raises(StoreError, match="newer ascenseur"):
            await PostgresStore.connect(url)

    run(work)


def test_a_postgres_log_with_a_gap_is_reported_not_replayed(postgres: Cluster) -> None:
    import psycopg

    url = postgres.new_database()

    async def work() -> None:
        store = await open_db(url)
        _, log, summary = opening()
        await store.create("t1", "CODE1234", log, [], summary)
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as raw:
            await raw.execute("DELETE FROM events WHERE version = 1")
        with pytest.raises(StoreError, match="gap"):
            await store.load("t1")
        await store.close()

    run(work)


def test_two_drivers_on_one_database_never_fork_a_table(postgres: Cluster) -> None:
    """Two drivers (two server processes, each with its own pool) commit to one table at the
    same version: the database takes one; the other driver is refused, reads the winner's
    event from the log and builds its own again on top, where it still holds (a chat line)
    or is refused with the table's reason (the last free seat, already taken)."""
    from ascenseur.tables.driver import Driver, Settings
    from ascenseur.tables.thinking import thread_pool

    url = postgres.new_database()

    async def work() -> None:
        stores = [await open_db(url), await open_db(url)]
        pool = thread_pool(1)
        drivers = [Driver(store, pool, Settings(pace=0.0, trick_pause=0.0)) for store in stores]
        try:
            one, two = drivers
            created = one.new_created(Rules(3, 1),
                                      seats=[None, None, "random"])  # fmt: skip
            live_one, _, _ = await one.create(created, "Ada")
            live_two = await two.open(live_one.id)
            assert live_two is not None and live_two.table.version == live_one.table.version
            said = await asyncio.gather(
                one.commit(live_one, lambda t: t.say(0, "Ada", "mine", at=1.0)),
                two.commit(live_two, lambda t: t.say(None, "Bob", "no, mine", at=1.0)),
            )
            assert sorted(u.first for u in said) == [2, 3]  # one after the other
            assert one.stats.conflicts + two.stats.conflicts == 1
            await one.catch_up(live_one)  # these drivers do not listen: read the log
            await two.catch_up(live_two)
            assert live_one.table.version == live_two.table.version == 4
            seated = await asyncio.gather(
                one.commit(live_one, lambda t: t.take_seat("Cy", at=2.0)),
                two.commit(live_two, lambda t: t.take_seat("Di", at=2.0)),
                return_exceptions=True,
            )
            assert sorted(type(o).__name__ for o in seated) == ["TableError", "Update"]
            refused = next(o for o in seated if isinstance(o, TableError))
            assert refused.code == "table-full"
            log = await stores[0].load(live_one.id)
            assert log is not None and len(log) == 5  # contiguous: 0…4, no fork
            assert [e.text for e in log if isinstance(e, ev.Chatted)] in (
                ["mine", "no, mine"],
                ["no, mine", "mine"],
            )
        finally:
            for driver in drivers:
                await driver.stop()
            pool.shutdown()
            for store in stores:
                await store.close()

    run(work)
