"""Several server processes on one PostgreSQL database: each hears the others' commits and
presence, and one at a time drives a table's bots and clock (its lease); when that one dies,
another takes the table over.

Each "process" here is a :class:`Driver` with a store (a connection pool and a listening
connection) of its own, as a server process has; ``tests/test_web_cluster.py`` runs real
processes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from ascenseur.core.actions import Bid
from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables import postgres as postgres_store
from ascenseur.tables.driver import Driver, Settings
from ascenseur.tables.live import LiveTable, Update, carried
from ascenseur.tables.storage import Notice, Presence, TableStore, VersionConflict
from ascenseur.tables.stores import open_store
from ascenseur.tables.thinking import thread_pool
from pg_cluster import Cluster

pytestmark = pytest.mark.timeout(60)
T = TypeVar("T")
FAST = Settings(pace=0.0, trick_pause=0.0, beat=0.5, lease_seconds=1.0)


def run(work: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await work()

    return asyncio.run(main())


class Ear:
    """A listener that keeps every update it is told."""

    def __init__(self) -> None:
        self.updates: list[Update] = []

    def tell(self, live: LiveTable, update: Update) -> None:
        self.updates.append(update)

    def versions(self) -> list[int]:
        return [u.first + i for u in self.updates for i in range(len(u.events))]


class Recorder:
    """Which store committed each version, and the conflicts: wraps ``append``."""

    def __init__(self) -> None:
        self.by: dict[int, str] = {}
        self.conflicts = 0

    def watch(self, store: TableStore, name: str) -> None:
        append = store.append

        async def recorded(table_id: str, version: int, events: object, **kw: object) -> None:
            try:
                await append(table_id, version, events, **kw)  # type: ignore[arg-type]
            except VersionConflict:
                self.conflicts += 1
                raise
            for i in range(len(events)):  # type: ignore[arg-type]
                self.by[version + i] = name

        store.append = recorded  # type: ignore[method-assign]


async def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("not within the time")
        await asyncio.sleep(0.02)


async def processes(url: str, n: int, settings: Settings = FAST) -> list[Driver]:
    pool = thread_pool(1)
    drivers = []
    for _ in range(n):
        driver = Driver(await open_store(url), pool, settings)
        await driver.start()
        drivers.append(driver)
    return drivers


async def stop(drivers: list[Driver]) -> None:
    for driver in drivers:
        await driver.stop()
        await driver.store.close()
    drivers[0].executor.shutdown()


async def watched_by_two(one: Driver, two: Driver) -> tuple[LiveTable, LiveTable, Ear]:
    """A 3-seat table made through ``one``, opened by ``two`` and watched there by an ear."""
    created = one.new_created(Rules(3, 2), seats=[None, None, None])
    live_one, _, _ = await one.create(created, "Ada")
    live_two = await two.open(live_one.id)
    assert live_two is not None
    ear = Ear()
    await two.arrive(live_two, None, ear)
    return live_one, live_two, ear


def test_a_commit_through_one_process_reaches_the_listeners_of_another(
    postgres: Cluster,
) -> None:
    async def work() -> None:
        one, two = drivers = await processes(postgres.new_database(), 2)
        try:
            live_one, live_two, ear = await watched_by_two(one, two)
            await one.commit(live_one, lambda t: t.take_seat("Bea", at=1.0))
            await one.commit(live_one, lambda t: t.say(0, "Ada", "hello", at=2.0))
            await until(lambda: live_two.table.version == live_one.table.version)
            assert ear.versions() == [2, 3]  # every event, once, in order
            assert live_two.table.names == live_one.table.names
            assert [c.text for _, c in live_two.table.chat] == ["hello"]
        finally:
            await stop(drivers)

    run(work)


def test_one_process_at_a_time_drives_a_tables_bots(postgres: Cluster) -> None:
    async def work() -> None:
        recorder = Recorder()
        # A lease that outlasts a loaded machine's pauses: no process dies here, so the one
        # that took it first must drive throughout (FAST's 1 s lease could run out under load).
        steady = Settings(pace=0.0, trick_pause=0.0, beat=0.5, lease_seconds=10.0)
        drivers = await processes(postgres.new_database(), 3, steady)
        for n, driver in enumerate(drivers):
            recorder.watch(driver.store, f"p{n}")
        try:
            created = drivers[0].new_created(
                Rules(4, 3), seats=[None, "random", "random", "random"]
            )
            live, _, _ = await drivers[0].create(created, "Ada", start=True)
            lives = [live]
            for other in drivers[1:]:
                opened = await other.open(live.id)
                assert opened is not None
                lives.append(opened)
            for driver, each in zip(drivers, lives, strict=True):
                await driver.arrive(each, 0, Ear())  # Ada is connected to all three
            # Ada bids through the second process: wait until that one has heard the bots'
            # bids too (each process catches up on its own, a moment after the commit).
            await until(
                lambda: all(
                    each.table.state.current_seat == 0 and each.table.state.bids[0] is None
                    for each in lives
                )
            )
            start = lives[1].table.version
            await drivers[1].commit(
                lives[1], lambda t: t.move(0, Bid(0), at=5.0, cid=None, by="person")
            )
            # The bots go on (bids, cards, deals) until it is Ada's turn again: one process.

            def by_bots() -> list[int]:
                table = lives[1].table
                return [
                    v
                    for v in range(start + 1, table.version)
                    if isinstance(e := table.events[v], ev.BidEntry | ev.PlayEntry)
                    and e.by == "bot"
                ]

            await until(lambda: len(by_bots()) >= 3)
            bots = by_bots()
            assert len({recorder.by[v] for v in bots}) == 1
            assert recorder.conflicts == 0
        finally:
            await stop(drivers)

    run(work)


def test_when_the_driving_process_dies_another_takes_the_table_over(postgres: Cluster) -> None:
    async def work() -> None:
        recorder = Recorder()
        one, two = await processes(postgres.new_database(), 2)
        recorder.watch(one.store, "one")
        recorder.watch(two.store, "two")
        try:
            created = one.new_created(Rules(3, 3), seats=[None, "random", "random"])
            live_one, _, _ = await one.create(created, "Ada", start=True)
            live_two = await two.open(live_one.id)
            assert live_two is not None
            await one.arrive(live_one, 0, Ear())
            await until(lambda: live_one.table.state.current_seat == 0)
            await until(lambda: live_two.table.version == live_one.table.version)
            # The process driving the table dies: its tasks end, its lease stays in the
            # database until it runs out.
            driver = next(recorder.by[v] for v in sorted(recorder.by, reverse=True))
            dead, alive, live = (one, two, live_two) if driver == "one" else (two, one, live_one)
            await dead.stop()
            died = time.monotonic()
            await alive.arrive(live, 0, Ear())  # Ada comes back through the other process
            version = live.table.version
            await alive.commit(live, lambda t: t.move(0, Bid(1), at=9.0, cid=None, by="person"))
            await until(lambda: live.table.version > version + 1)  # a bot has played
            took = time.monotonic() - died
            assert recorder.by[version + 1] == recorder.by[live.table.version - 1] != driver
            assert took < FAST.lease_seconds + 3.0
            # The log is contiguous (load refuses a gap) and begins with what this process
            # holds; the bots may have committed more meanwhile, which the table hears after
            # the commit, so the stored log can be ahead of the table by then.
            held = list(live.table.events)
            log = await alive.store.load(live.id)
            assert log is not None and log[: len(held)] == held  # no fork
        finally:
            for d in (one, two):
                await d.stop()
                await d.store.close()
            one.executor.shutdown()

    run(work)


def test_who_is_connected_is_known_in_every_process(postgres: Cluster) -> None:
    async def work() -> None:
        one, two = drivers = await processes(postgres.new_database(), 2)
        try:
            created = one.new_created(Rules(3, 2), seats=[None, None, None])
            live_one, _, _ = await one.create(created, "Ada")
            await one.commit(live_one, lambda t: t.take_seat("Bea", at=1.0))
            live_two = await two.open(live_one.id)
            assert live_two is not None
            changed: list[LiveTable] = []
            two.presence_changed = changed.append
            bea, watcher = Ear(), Ear()
            await one.arrive(live_one, 1, bea)
            await one.arrive(live_one, None, watcher)
            await two.arrive(live_two, 0, Ear())
            await until(lambda: live_two.present[1] == 1 and live_two.spectators == 1)
            assert changed  # the other process's clients are told
            await until(lambda: live_one.present[0] == 1)
            assert 1 not in live_two.away_since
            one.ready(live_one, 1)
            await until(lambda: 1 in live_two.ready)
            one.leave(live_one, 1, bea)
            await until(lambda: live_two.present[1] == 0)
            assert 1 in live_two.away_since  # away from now: the grace time runs
        finally:
            await stop(drivers)

    run(work)


def test_a_process_that_missed_a_notice_catches_up_from_the_log(postgres: Cluster) -> None:
    async def work() -> None:
        one, two = drivers = await processes(postgres.new_database(), 2)
        try:
            live_one, live_two, ear = await watched_by_two(one, two)
            heard = postgres_store._notice
            postgres_store._notice = lambda payload, holder: None  # deaf for a moment
            await one.commit(live_one, lambda t: t.say(0, "Ada", "lost notice", at=2.0))
            await asyncio.sleep(0.3)  # the notice came and went unheard
            assert live_two.table.version < live_one.table.version
            postgres_store._notice = heard
            # The next heartbeat compares versions and reads what is missing.
            await until(lambda: live_two.table.version == live_one.table.version)
            assert ear.versions() == [2]
        finally:
            await stop(drivers)

    run(work)


def test_notices_carry_no_card(postgres: Cluster) -> None:
    """What goes through the database's channel is a table id, a version and, for a bid, a
    card played or a chat line, the events themselves: never a deal's hands, which stay in
    the log, read only by the server processes."""
    _notice = postgres_store._notice
    assert _notice("c other 12 tbl", "me") is not None
    assert _notice("c me 12 tbl", "me") is None  # one's own
    assert _notice("x other 12 tbl", "me") is None and _notice("c other twelve tbl", "me") is None
    dealt = ev.DealEntry(at=1.0, deal=0, hands=(("21", "EX"), ("1", "RC")), deck=("21", "EX"))
    played = ev.PlayEntry(at=2.0, seat=0, card="RC")
    chat = ev.Chatted(at=3.0, seat=1, name="Bea", text="bien joué, à toi")

    def notice(version: int, events: list[ev.Event]) -> str:
        encoded = [ev.encode(e) for e in events]
        return postgres_store.commit_notice("other", "tbl", version, events, encoded)

    secret = notice(4, [dealt])
    assert secret == "c other 5 tbl" and "21" not in secret.split(" ", 3)[3]
    assert notice(4, [played, dealt]) == "c other 6 tbl"  # one secret event: none go
    heard = _notice(notice(5, [played, chat]), "me")
    assert heard is not None and heard.version == 7 and heard.events == (played, chat)
    too_long = ev.Chatted(at=3.0, seat=1, name="Bea", text="x" * 7000)
    assert notice(5, [too_long]) == "c other 6 tbl"  # the log has it
    assert _notice("c other 6 tbl [{broken", "me") == Notice("commit", "tbl", 6)


def test_carried_events_follow_on_from_the_table_or_are_read_from_the_log() -> None:
    one = ev.Chatted(at=1.0, seat=0, name="Ada", text="1")
    two = ev.Chatted(at=2.0, seat=0, name="Ada", text="2")
    notice = Notice("commit", "tbl", 7, (one, two))  # versions 5 and 6
    assert carried(notice, 5) == [one, two]
    assert carried(notice, 6) == [two]  # the first was already caught up
    assert carried(notice, 7) == []
    assert carried(notice, 4) is None  # version 4 is missing from the notice: read the log
    assert carried(Notice("commit", "tbl", 7), 5) is None


def test_a_carried_notice_needs_no_read_of_the_log(postgres: Cluster) -> None:
    async def work() -> None:
        one, two = drivers = await processes(postgres.new_database(), 2)
        try:
            live_one, live_two, ear = await watched_by_two(one, two)
            reads: list[int] = []
            load_since = two.store.load_since

            async def counted(table_id: str, version: int) -> list[ev.Event]:
                reads.append(version)
                return await load_since(table_id, version)

            two.store.load_since = counted  # type: ignore[method-assign]
            for text in ("un", "deux", "trois"):
                await one.commit(live_one, lambda t, x=text: t.say(0, "Ada", x, at=2.0))  # type: ignore[misc]
            await until(lambda: live_two.table.version == live_one.table.version)
            assert ear.versions() == [2, 3, 4] and reads == []
            assert [e.text for u in ear.updates for e in u.events] == ["un", "deux", "trois"]  # type: ignore[union-attr]
        finally:
            await stop(drivers)

    run(work)


def test_presence_told_of_together_is_read_together(postgres: Cluster) -> None:
    """When the deals of many tables end together everyone says they are ready at once: the
    other processes read those tables' presence in a few queries, not one per notice."""

    async def work() -> None:
        one, two = drivers = await processes(postgres.new_database(), 2)
        try:
            pairs = []
            for _ in range(12):
                created = one.new_created(Rules(2, 1), seats=[None, None])
                live_one, _, _ = await one.create(created, "Ada")
                live_two = await two.open(live_one.id)
                assert live_two is not None
                await two.arrive(live_two, None, Ear())
                pairs.append((live_one, live_two))
            reads: list[int] = []
            presence = two.store.presence
            gate = asyncio.Event()

            async def counted(
                table_ids: list[str], holder: str, now: float
            ) -> dict[str, list[Presence]]:
                reads.append(len(table_ids))
                await gate.wait()  # a database slower than the notices come
                return await presence(table_ids, holder, now)

            two.store.presence = counted  # type: ignore[method-assign,assignment]
            await asyncio.gather(*(one.arrive(a, 0, Ear()) for a, _ in pairs))
            await asyncio.sleep(0.5)  # every notice has come to the other process
            gate.set()
            await until(lambda: all(b.present[0] == 1 for _, b in pairs))
            # One read for the first notice, one for all those that came while it waited (a
            # heartbeat may add one): not one per table.
            assert len(reads) <= 3 and max(reads) >= len(pairs) - 1, reads
        finally:
            await stop(drivers)

    run(work)
