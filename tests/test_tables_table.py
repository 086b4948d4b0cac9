"""A table's commands and what moves it next: seats, the host's rights, the clock, stand-ins."""

from __future__ import annotations

from collections import Counter

import pytest

from ascenseur.core.actions import Bid
from ascenseur.core.errors import IllegalAction
from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.live import LiveTable
from ascenseur.tables.steps import Step, next_step
from ascenseur.tables.storage import SeatToken
from ascenseur.tables.story import Turn
from ascenseur.tables.table import Table, TableError


def new_table(profile: ev.Profile = "relaxed", **options: object) -> Table:
    created = ev.Created.of(
        Rules(players=3, max_cards=2),
        at=0.0,
        seats=(ev.SeatSpec(), ev.SeatSpec(), ev.SeatSpec(bot="random")),
        host=0,
        first_dealer=2,
        seed=3,
        profile=profile,
        **options,
    )
    return Table("t", [created])


def step(table: Table, now: float, present: dict[int, int] | None = None, **kw: object) -> Step:
    return next_step(
        table,
        present=Counter(present or {}),
        away_since=kw.get("away", {}),  # type: ignore[arg-type]
        ready=kw.get("ready", set()),  # type: ignore[arg-type]
        scored_at=kw.get("scored_at"),  # type: ignore[arg-type]
        now=now,
    )


def seated(profile: ev.Profile = "relaxed", **options: object) -> Table:
    """Ada (host, seat 0) and Bea (seat 1) at the table, started, dealt: seat 0 bids first."""
    table = new_table(profile, **options)
    table.fold(table.take_seat("Ada", at=1.0))
    table.fold(table.take_seat("Bea", at=2.0))
    table.fold(table.start(0, at=3.0))
    table.fold(table.next_deal(at=4.0))
    return table


def test_names_are_cleaned_and_checked() -> None:
    table = new_table()
    assert table.take_seat("  Ada\x00 ", at=1.0).name == "Ada"
    for bad, code in (("", "bad-name"), ("bot:x", "bad-name"), ("x" * 41, "bad-name")):
        with pytest.raises(TableError) as refused:
            table.take_seat(bad, at=1.0)
        assert refused.value.code == code


def test_only_the_host_sets_the_seats_and_only_before_the_start() -> None:
    table = new_table()
    table.fold(table.take_seat("Ada", at=1.0))
    table.fold(table.take_seat("Bea", at=2.0))
    with pytest.raises(TableError, match="only the host"):
        table.start(1, at=3.0)
    with pytest.raises(TableError, match="no guest"):
        table.free_seat(0, 0, at=3.0)  # the host cannot remove themself
    with pytest.raises(TableError, match="not free"):
        table.move_seat(0, 1, 2, at=3.0)  # seat 2 is a bot's
    with pytest.raises(TableError, match="no bot 'genius'"):
        table.set_seat(0, 2, "genius", at=3.0)
    epoch = table.seats[1].epoch
    table.fold(table.set_seat(0, 2, None, at=3.0))
    table.fold(table.move_seat(0, 1, 2, at=4.0))
    assert table.seats[2].name == "Bea" and table.seats[2].epoch > epoch and table.seats[1].is_open
    table.fold(table.start(0, at=5.0, bots="random"))
    assert table.names == ("Ada", "bot:random", "Bea")
    with pytest.raises(TableError, match="has started"):
        table.take_seat("Cy", at=6.0)


def test_a_move_is_checked_by_the_table_then_the_core() -> None:
    table = seated()
    assert table.state.current_seat == 0
    with pytest.raises(TableError, match="not your turn"):
        table.move(1, Bid(0), at=5.0, cid=None, by="person")
    with pytest.raises(IllegalAction) as refused:
        table.move(0, Bid(7), at=5.0, cid=None, by="person")
    assert refused.value.code == "bid-out-of-range"
    table.fold(table.move(0, Bid(1), at=5.0, cid="c1", by="person"))
    assert table.applied(0, "c1") == table.version - 1 and table.applied(1, "c1") is None


def test_without_a_clock_a_person_is_waited_for() -> None:
    table = seated()
    assert table.turn is Turn.PERSON and table.deadline is None
    waiting = step(table, 10_000.0, {0: 1, 1: 1})
    assert waiting.kind == "wait" and waiting.until is None


def test_when_the_clock_runs_out_the_stand_in_plays_that_one_move() -> None:
    table = seated("normal")
    assert table.deadline == 4.0 + 45.0  # a bid: 45 s from the deal
    assert step(table, 40.0, {0: 1, 1: 1}).until == 49.0
    timeout = step(table, 49.0, {0: 1, 1: 1})
    assert (timeout.kind, timeout.seat, timeout.by) == ("bot", 0, "timeout")
    table.fold(table.move(0, Bid(0), at=49.5, cid=None, by="timeout"))
    assert table.turn is Turn.PERSON and table.actor(1) is None  # Bea plays on herself


def test_a_restart_extends_every_clock_by_the_downtime() -> None:
    table = seated("fast")
    assert table.deadline == 4.0 + 20.0
    table.fold(table.restarted(100.0, at=130.0))
    assert table.deadline == 4.0 + 20.0 + 100.0
    assert step(table, 120.0, {0: 1}).kind == "wait"  # without the restart: timed out


def test_someone_away_longer_than_the_grace_time_gets_a_stand_in() -> None:
    table = seated(grace=30.0)
    away = {1: 10.0}
    assert step(table, 20.0, {0: 1}, away=away).until == 40.0
    standin = step(table, 40.0, {0: 1}, away=away)
    assert (standin.kind, standin.seat) == ("standin", 1)
    table.fold(table.stand_in(1, at=40.0))
    assert table.actor(1) == "heuristic" and table.names[1] == "Bea"
    table.fold(table.come_back(1, at=50.0))
    assert table.actor(1) is None
    table.fold(table.stand_in(1, at=60.0, permanent=True))
    assert table.names[1] == "bot:heuristic" and table.seats[1].epoch == table.version - 1


def test_the_next_deal_waits_for_the_summary_to_be_seen() -> None:
    table = seated(summary_seconds=8.0)
    while table.turn is not Turn.DEAL:
        seat = table.state.current_seat
        assert seat is not None
        action = table.view(seat).legal_actions[0]
        table.fold(table.move(seat, action, at=5.0, cid=None, by="person"))
    present = {0: 1, 1: 1}
    assert step(table, 6.0, present, scored_at=5.0, ready={0}).until == 13.0
    assert step(table, 6.0, present, scored_at=5.0, ready={0, 1}).kind == "deal"
    assert step(table, 13.0, present, scored_at=5.0, ready=set()).kind == "deal"


def test_alone_with_bots_the_deals_result_stays_until_the_person_moves_on() -> None:
    table = new_table(summary_seconds=8.0)
    table.fold(table.take_seat("Ada", at=1.0))
    table.fold(table.start(0, at=3.0))  # the free seat becomes a bot: Ada is alone with bots
    table.fold(table.next_deal(at=4.0))
    while table.turn is not Turn.DEAL:
        seat = table.state.current_seat
        assert seat is not None
        action = table.view(seat).legal_actions[0]
        table.fold(table.move(seat, action, at=5.0, cid=None, by="person"))
    waiting = step(table, 600.0, {0: 1}, scored_at=5.0, ready=set())
    assert waiting.kind == "wait" and waiting.until is None  # long past the 8 s
    assert step(table, 600.0, {0: 1}, scored_at=5.0, ready={0}).kind == "deal"


def test_chat_and_reactions_are_checked() -> None:
    table = seated()
    assert table.say(0, "Ada", "  salut  ", at=1.0).text == "salut"
    assert table.say(None, "watcher", "", at=1.0, reaction="oops").reaction == "oops"
    with pytest.raises(TableError) as refused:
        table.say(0, "Ada", "x" * 301, at=1.0)
    assert refused.value.code == "bad-chat"


def test_a_table_no_one_watches_waits() -> None:
    table = seated()
    table.fold(table.stand_in(0, at=5.0))
    assert step(table, 6.0).kind == "bot"
    assert next_step(
        table, present=Counter(), away_since={}, ready=set(), scored_at=None, now=6.0,
        watched=False,
    ).kind == "wait"  # fmt: skip


def test_idle_tables_are_unloaded_and_come_back_from_the_log() -> None:
    import asyncio

    from ascenseur.tables.driver import Driver, Settings
    from ascenseur.tables.sqlite import SqliteStore
    from ascenseur.tables.thinking import thread_pool

    async def main() -> None:
        now = [1000.0]
        store = SqliteStore(":memory:", durable=False)
        pool = thread_pool(1)
        settings = Settings(pace=0.0, trick_pause=0.0, max_live=2, idle_seconds=60.0, beat=3600)
        driver = Driver(store, pool, settings, clock=lambda: now[0])
        try:
            ids = []
            for _ in range(4):
                created = driver.new_created(Rules(3, 1),
                                             seats=[None, "random", "random"])  # fmt: skip
                live, _, _ = await driver.create(created, "Ada")
                ids.append(live.id)
            assert driver.sweep() == 2 and len(driver.live) == 2  # the oldest two go
            assert set(driver.live) == set(ids[2:])
            now[0] += 61.0
            assert driver.sweep() == 2 and not driver.live  # idle: all go
            again = await driver.open(ids[0])
            assert again is not None and again.table.names[0] == "Ada"  # back from the log
        finally:
            await driver.stop()
            pool.shutdown()
            await store.close()

    asyncio.run(main())


def test_a_late_reveal_names_the_deal_that_ended_not_the_next_one() -> None:
    """A client catching up hears of deal 0's end after deal 1 is dealt: the deck it is shown
    is deal 0's; deal 1's stays secret."""
    from ascenseur.tables.live import Update
    from ascenseur.web.protocol import RevealEvent
    from ascenseur.web.wire import said

    created = ev.Created.of(Rules(2, 2), at=0.0, host=0, first_dealer=0,
                            seats=(ev.SeatSpec(), ev.SeatSpec(bot="random")))  # fmt: skip
    table = Table("t", [created])
    table.fold(table.take_seat("Ada", at=1.0))
    table.fold(table.start(0, at=1.0))
    table.fold(table.next_deal(at=2.0))  # a fair deal: no seed
    last: Update | None = None
    while table.turn is not Turn.DEAL:
        seat = table.state.current_seat
        assert seat is not None
        action = table.view(seat).legal_actions[0]
        event = table.move(seat, action, at=3.0, cid=None, by="person")
        last = Update(table.version, (event,), tuple(table.fold(event)))
    table.fold(table.next_deal(at=4.0))
    assert last is not None
    (reveal,) = [e for e in said(table, last, "en") if isinstance(e, RevealEvent)]
    first, second = table.deals
    assert reveal.deal == 0 and reveal.deck == list(first.deck or ())
    assert reveal.deck != list(second.deck or ())


def test_listeners_share_work_only_while_the_table_stays_as_it_is() -> None:
    table = seated()
    live = LiveTable(table, {})
    made: list[int] = []

    def make() -> int:
        made.append(live.table.version)
        return live.table.version

    assert live.shared("k", make) == live.shared("k", make) == table.version
    assert len(made) == 1
    twin = table.copy()
    twin.fold(twin.move(0, Bid(0), at=5.0, cid=None, by="person"))
    live.table = twin  # a commit: the next version is a new table
    assert live.shared("k", make) == twin.version == table.version + 1
    assert len(made) == 2
    twin.fold(twin.say(0, "Ada", "hi", at=6.0))  # changed in place (the terminal's way)
    assert live.shared("k", make) == twin.version
    assert len(made) == 3


def test_a_driver_stops_even_when_its_storage_no_longer_answers() -> None:
    import asyncio

    from ascenseur.tables import driver as drivers

    class Gone:
        async def beat(self, now: float) -> float | None:
            await asyncio.Event().wait()  # a database that is gone: no answer, ever
            return None

    async def work() -> None:
        driver = drivers.Driver(Gone(), None, drivers.Settings())  # type: ignore[arg-type]
        await asyncio.wait_for(driver.stop(), drivers.STOP_BEAT_SECONDS + 5)

    asyncio.run(work())


def test_a_cancel_wins_over_a_wake_in_the_same_turn() -> None:
    """A serve told to stop as its connections close: each close wakes its table just before
    the driver cancels the table's task. The wake must not swallow the cancel (Python 3.11's
    ``asyncio.wait_for`` returned the woken wait instead: the task went on, and the server
    never exited)."""
    import asyncio

    from ascenseur.tables.driver import woken

    async def main() -> None:
        wake = asyncio.Event()
        task = asyncio.create_task(woken(wake, 10.0))
        for _ in range(3):
            await asyncio.sleep(0)  # the task waits
        wake.set()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()
        # And the wait's two ordinary ends: a wake, a timeout.
        wake.set()
        await asyncio.wait_for(woken(wake, 10.0), 1.0)
        wake.clear()
        await asyncio.wait_for(woken(wake, 0.01), 1.0)

    asyncio.run(main())


def test_a_bot_is_not_asked_to_move_after_the_table_moved_while_its_lease_was_asked() -> None:
    """The table may move while the driver asks for its lease (another process commits the
    very move the driver was about to make): the driver looks again instead of asking the bot
    for a seat whose turn is over (a failed bot, a BotFailed event in the log, a pause)."""
    import asyncio

    from ascenseur.core.actions import Bid
    from ascenseur.tables.driver import Driver, Settings
    from ascenseur.tables.live import Update
    from ascenseur.tables.sqlite import SqliteStore
    from ascenseur.tables.thinking import thread_pool

    class Ear:
        def tell(self, live: LiveTable, update: Update) -> None:
            pass

    async def main() -> None:
        store = SqliteStore(":memory:", durable=False)
        pool = thread_pool(1)
        driver = Driver(store, pool, Settings(pace=0.0, trick_pause=0.0, beat=3600))
        gate = asyncio.Event()
        gate.set()
        asked = asyncio.Event()
        lease = store.lease

        async def gated(table_id: str, holder: str, now: float, seconds: float) -> bool:
            asked.set()
            await gate.wait()
            return await lease(table_id, holder, now, seconds)

        store.lease = gated  # type: ignore[method-assign]
        try:
            created = driver.new_created(Rules(3, 2),
                                         seats=[None, "random", "random"])  # fmt: skip
            live, _, _ = await driver.create(created, "Ada", start=True)
            await driver.arrive(live, 0, Ear())
            async with asyncio.timeout(10):
                while not (live.table.state.current_seat == 0 and live.table.state.bids[0] is None):
                    await asyncio.sleep(0.01)  # the deal is made; Ada's turn to bid
            live.lease_until = live.ask_lease_at = 0.0  # the next bot move asks again
            gate.clear()
            asked.clear()
            await driver.commit(live, lambda t: t.move(0, Bid(0), at=5.0, cid=None, by="person"))
            async with asyncio.timeout(10):
                await asked.wait()  # the driver means to move seat 1's bot: it asks its lease
            # Meanwhile another process moves seat 1 (as the lease's earlier holder would).
            bid = live.table.view(1).legal_actions[0]
            await driver.commit(live, lambda t: t.move(1, bid, at=6.0, cid=None, by="bot"))
            version = live.table.version
            gate.set()
            async with asyncio.timeout(10):
                while live.table.version < version + 1:
                    await asyncio.sleep(0.01)  # the table goes on: seat 2's bot bids
            assert not any(isinstance(e, ev.BotFailed) for e in live.table.events)
            after = live.table.events[version]  # seat 2's bot bids or leads, as it should
            assert isinstance(after, ev.BidEntry | ev.PlayEntry)
            assert (after.seat, after.by) == (2, "bot")
        finally:
            await driver.stop()
            pool.shutdown()
            await store.close()

    asyncio.run(main())


def test_a_table_id_never_reads_as_a_command_line_option() -> None:
    """`ascenseur play --resume ID` refused an id drawn with a leading "-" (one in 64)."""
    from ascenseur.tables.tokens import new_table_id

    ids = [new_table_id() for _ in range(3000)]
    assert not any(table_id.startswith("-") for table_id in ids)
    assert len(set(ids)) == len(ids) and all(len(table_id) == 12 for table_id in ids)
    assert any("-" in table_id[1:] for table_id in ids)  # still the whole alphabet elsewhere


def test_two_people_coming_back_at_once_find_one_live_table() -> None:
    """Two resumes of a table this process has not loaded, at the same moment (the host and a
    friend after a restart): both get the one live table. Were a second one kept, the first
    person would sit at a copy that hears nothing of the other processes' moves."""
    import asyncio

    from ascenseur.tables.driver import Driver, Settings
    from ascenseur.tables.sqlite import SqliteStore
    from ascenseur.tables.thinking import thread_pool

    async def main() -> None:
        store = SqliteStore(":memory:", durable=False)
        pool = thread_pool(1)
        driver = Driver(store, pool, Settings(pace=0.0, trick_pause=0.0, beat=3600))
        token = store.token

        async def slow_token(table_id: str, seat: int) -> SeatToken | None:
            await asyncio.sleep(0.01)  # the other resume runs meanwhile
            return await token(table_id, seat)

        try:
            created = driver.new_created(Rules(3, 2),
                                         seats=[None, None, "random"])  # fmt: skip
            live, _, _ = await driver.create(created, "Ada")
            driver.unload(live)
            assert live.id not in driver.live
            store.token = slow_token  # type: ignore[method-assign]
            one, two = await asyncio.gather(driver.open(live.id), driver.open(live.id))
            assert one is not None and one is two
            assert driver.live[live.id] is one
            tasks = [t for t in asyncio.all_tasks() if t.get_name() == f"table {live.id}"]
            assert len(tasks) == 1  # one driver task for the table, not two
        finally:
            await driver.stop()
            await store.close()
            pool.shutdown()

    asyncio.run(main())


def test_a_start_records_a_restart_only_when_the_whole_site_was_down() -> None:
    """A process that starts after two beats missed by every process (the site was down)
    extends every started table's clock by the downtime; one that starts while another
    process of the site beats writes nothing and loads no table: the site was never down."""
    import asyncio

    from ascenseur.tables.driver import Driver, Settings
    from ascenseur.tables.sqlite import SqliteStore
    from ascenseur.tables.thinking import thread_pool

    async def main() -> None:
        store = SqliteStore(":memory:", durable=False)
        pool = thread_pool(1)
        now = [1000.0]
        settings = Settings(pace=0.0, trick_pause=0.0, beat=5.0)
        assert settings.down_after == 10.0

        def driver() -> Driver:
            return Driver(store, pool, settings, clock=lambda: now[0])

        try:
            first = driver()
            await first.start()
            created = first.new_created(Rules(3, 2),
                                        seats=[None, "random", "random"])  # fmt: skip
            live, _, _ = await first.create(created, "Ada", start=True)
            lobby, _, _ = await first.create(created, "Bea")  # not started: no clock
            await first.stop()  # its last beat at 1000
            version = live.table.version

            now[0] = 1008.0  # a restart within two beats: within the beat's precision
            quick = driver()
            await quick.start()
            assert quick.live == {}
            await quick.stop()  # beats at 1008

            now[0] = 1120.0  # every process gone for 112 s: the site was down
            back = driver()
            await back.start()
            events = await store.load(live.id)
            assert events is not None and len(events) == version + 1
            restart = events[-1]
            assert isinstance(restart, ev.Restarted) and restart.downtime == 112.0
            lobby_events = await store.load(lobby.id)
            assert lobby_events is not None
            assert not any(isinstance(e, ev.Restarted) for e in lobby_events)

            now[0] = 1200.0  # ``back`` still runs: it beats, then a second process starts
            await store.beat(now[0])
            now[0] = 1203.0
            other = driver()
            await other.start()
            assert other.live == {}  # nothing loaded, nothing written
            again = await store.load(live.id)
            assert again is not None and len(again) == version + 1
            await other.stop()
            await back.stop()
        finally:
            pool.shutdown(wait=False)
            await store.close()

    asyncio.run(main())
