"""The one game driver: live tables, their commits, their bots and their clock.

Every interface moves a table the same way — :meth:`Driver.commit` — and hears of what was
committed as an :class:`Update` through the listeners it attached to the table. A commit
builds the events from the table as it stands (the table's own commands check them), folds
them into a copy, writes them to the storage at the table's version, and only then makes the
copy the live table and tells the listeners. A write that loses the race for its version
(another process, issue of scale-out) re-reads the table and is refused with the current
state; nothing half-done is ever seen.

Each started table has one task (:meth:`Driver._run`) that deals, lets the bots play at a
human pace with their thinking in a worker pool, puts a stand-in bot on the seat of a person
who has been away longer than the table's grace time, and plays for a person whose time ran
out. What to do next is :func:`~ascenseur.tables.steps.next_step`, a pure function of the
table, the people present and the time. A table in memory is a
:class:`~ascenseur.tables.live.LiveTable`; seat tokens and ids are
:mod:`ascenseur.tables.tokens`'s. (The terminal steps the same :class:`Table` itself, one
person and bots: it needs no clock, no presence and no pacing.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

from ascenseur.core.actions import PlayerAction
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.core.rules import Rules
from ascenseur.tables import story
from ascenseur.tables.events import Created, Event, Profile, SeatSpec, SeatTaken, Started
from ascenseur.tables.live import (
    Listener,
    LiveTable,
    Update,
    carried,
    stage,
    summary_of,
    voided,
)
from ascenseur.tables.steps import Step, next_step
from ascenseur.tables.storage import (
    Notice,
    Presence,
    SeatToken,
    TableStore,
    VersionConflict,
)
from ascenseur.tables.stores import unavailable
from ascenseur.tables.story import DealScored
from ascenseur.tables.table import Table, TableError, bot_rng, check_bot, first_dealer
from ascenseur.tables.thinking import decide
from ascenseur.tables.tokens import digest, new_invite, new_table_id, new_token

T = TypeVar("T")
#: Tries of a commit that keeps losing its version to other processes.
COMMIT_TRIES = 3
#: How long a stopping driver waits to record its last heartbeat.
STOP_BEAT_SECONDS = 2.0

log = logging.getLogger("ascenseur.tables")

#: A bot that failed this many times in a row gives way to the random bot (the table is told).
BOT_RETRIES = 3


@dataclass(frozen=True, slots=True)
class Settings:
    """How a server plays: seconds per bot move, the pause a finished trick stays before a
    bot plays on, and (tests, solo games) where the seeds come from."""

    pace: float = 0.8
    trick_pause: float = 1.2
    seeds: Callable[[], int] | None = None
    beat: float = 5.0
    #: Tables kept in memory at most; past it, the least recently used with no one watching
    #: are unloaded (their log is in the storage; they come back when someone does).
    max_live: int = 2000
    #: A table no one watches is unloaded after this many idle seconds.
    idle_seconds: float = 600.0
    #: Seconds a process's right to drive a table (its bots, its clock) lasts unrenewed: how
    #: soon another process takes over the tables of one that died.
    lease_seconds: float = 6.0

    @property
    def down_after(self) -> float:
        """Seconds without a beat of any process after which a starting process takes the
        site to have been down: two beats missed. A quicker restart is within the beat's
        precision, and every clock has more than that to run (its grace, its turn time)."""
        return 2 * self.beat


@dataclass(slots=True)
class DriverStats:
    """What a driver has done since it started, for its operators (read by the metrics)."""

    commits: int = 0
    conflicts: int = 0
    catch_ups: int = 0
    bot_moves: int = 0
    bot_failures: int = 0
    #: Bot decisions sent to the worker pool and not yet back.
    thinking: int = 0


Build = Callable[[Table], Event | Sequence[Event]]


class Driver:
    """Every live table of one server process, over one storage."""

    def __init__(
        self,
        store: TableStore,
        executor: Executor,
        settings: Settings | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.executor = executor
        self.settings = settings or Settings()
        self.clock = clock
        self.live: dict[str, LiveTable] = {}
        self._beat: asyncio.Task[None] | None = None
        #: This process among those sharing the store (leases, presence, notices).
        self.holder = secrets.token_hex(8)
        #: Told when a table's presence changed through another process.
        self.presence_changed: Callable[[LiveTable], None] = lambda live: None
        self._chores: set[asyncio.Task[None]] = set()
        #: Tables whose presence another process changed, not yet read (see _hear_presences).
        self._presence_wanted: set[str] = set()
        self._hearing = False
        self.stats = DriverStats()
        self.started = False

    # -- life of the server ------------------------------------------------------------------

    async def start(self) -> None:
        """If the site was down (its last beat older than :attr:`Settings.down_after`), load
        every table not over and tell the clocked ones how long it was down.

        The beat is the site's, whichever process wrote it: in a site of several processes
        the others beat while one restarts, so its restart finds a fresh beat: it loads no
        table and writes nothing (the site was never down, and no clock needs more time).
        """
        now = self.clock()
        last = await self.store.beat(now)
        downtime = max(0.0, now - last) if last is not None else 0.0
        if downtime > self.settings.down_after:
            await self._restarted(downtime)
        await self.store.listen(self.holder, self._notice)
        self._beat = asyncio.create_task(self._beating(), name="heartbeat")
        self.started = True

    async def _restarted(self, downtime: float) -> None:
        """Load every table not over; extend the clocks of those started by ``downtime``."""
        for table_id in await self.store.live():
            live = await self.open(table_id)
            if live is None or not live.table.started:
                continue
            try:
                await self.commit(live, lambda t: t.restarted(downtime, at=self.clock()))
            except AscenseurError:
                log.exception("table %s: could not record the restart", table_id)

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.settings.beat)
            with contextlib.suppress(Exception):
                await self.store.beat(self.clock())
            self.sweep()
            try:
                await self._look_around()
            except Exception as err:
                if not unavailable(err):  # an outage is told once, by whoever serves the tables
                    log.exception("could not look at the other processes' work")

    async def _look_around(self) -> None:
        """What notices may have missed: the tables another process moved on, who is
        connected where; and this process's own presence, kept valid. Three queries, however
        many tables."""
        watched = [live for live in self.live.values() if live.listeners or live.peers]
        ids = [live.id for live in watched]
        versions = await self.store.versions(ids)
        peers = await self.store.presence(ids, self.holder, self.clock())
        expires = self.clock() + 3 * self.settings.beat
        await self.store.renew_presence([live.id for live in watched if live.listeners],
                                        self.holder, expires)  # fmt: skip
        for live in watched:
            if versions.get(live.id, 0) > live.table.version:
                await self.catch_up(live)
            self._heard(live, peers.get(live.id, []))

    def sweep(self) -> int:
        """Unload the tables no one watches that are idle, or the least recently used of them
        while more than ``max_live`` are loaded; how many were unloaded."""
        now = self.clock()
        quiet = sorted(
            (live for live in self.live.values() if not live.listeners),
            key=lambda live: live.last_used,
        )
        excess = len(self.live) - self.settings.max_live
        unloaded = 0
        for live in quiet:
            idle = now - live.last_used >= self.settings.idle_seconds
            if idle or live.table.is_over or unloaded < excess:
                self.unload(live)
                unloaded += 1
        return unloaded

    async def stop(self) -> None:
        tasks = [live.task for live in self.live.values() if live.task is not None]
        tasks.extend(self._chores)
        if self._beat is not None:
            tasks.append(self._beat)
        for task in tasks:
            task.cancel()
        if tasks:  # each ends on its cancel; one that does not is named, not waited for ever
            done, stuck = await asyncio.wait(tasks, timeout=STOP_BEAT_SECONDS)
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    log.error("a task of the driver failed as it stopped: %r", task.exception())
            for task in stuck:
                log.error("the driver's task %s did not end on its cancel", task.get_name())
        # The last beat, if the storage answers soon: a server told to stop while its database
        # is gone must not wait for a connection that will not come.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.store.beat(self.clock()), STOP_BEAT_SECONDS)

    # -- tables ------------------------------------------------------------------------------

    async def create(
        self,
        created: Created,
        host_name: str,
        *,
        start: bool = False,
    ) -> tuple[LiveTable, str, str]:
        """A new table with its host seated: the live table, the host's token, the invite."""
        table = Table(new_table_id(), [created])
        now = self.clock()
        events: list[Event] = [created, table.take_seat(host_name, at=now, seat=created.host)]
        table.fold(events[1])
        if start:
            events.append(table.start(created.host, at=now))
            table.fold(events[-1])
        token = new_token()
        tokens = [SeatToken(created.host, table.seats[created.host].epoch, digest(token))]
        invite = new_invite()
        await self.store.create(table.id, invite, events, tokens, summary_of(table, now, now))
        live = self._keep(table, {created.host: tokens[0]})
        return live, token, invite

    def new_created(
        self,
        rules: Rules,
        *,
        seats: Sequence[str | None],
        host: int = 0,
        profile: Profile = "relaxed",
        spectators: bool = True,
        standin: str = "heuristic",
        grace: float = 30.0,
        summary_seconds: float = 8.0,
    ) -> Created:
        """The Created event of a new table playing ``rules`` (checked by building it):
        ``seats[i]`` a bot level or None (open), one a player; the first dealer drawn (rule
        D2), the seed from the settings."""
        seed = self.settings.seeds() if self.settings.seeds is not None else None
        created = Created.of(
            rules,
            at=self.clock(),
            seats=tuple(SeatSpec(bot=bot) for bot in seats),
            host=host,
            first_dealer=first_dealer(seed, rules.players),
            seed=seed,
            profile=profile,
            spectators=spectators,
            standin=standin,
            grace=grace,
            summary_seconds=summary_seconds,
        )
        Table("check", [created])  # the table's own checks
        for bot in (*seats, created.standin):
            if bot is not None:
                check_bot(bot)
        return created

    async def open(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id`` (loaded from the storage if need be); None if none, or
        if its log does not replay (it is left as it is, and logged)."""
        live = self.live.get(table_id)
        if live is not None:
            live.last_used = self.clock()
            return live
        events = await self.store.load(table_id)
        if events is None:
            return None
        try:
            table = Table(table_id, events)
        except AscenseurError:
            log.exception("table %s is left alone: its log does not replay", table_id)
            return None
        tokens = {}
        for seat in range(table.rules.players):
            token = await self.store.token(table_id, seat)
            if token is not None:
                tokens[seat] = token
        # Another coroutine may have loaded it while this one waited for the storage (two
        # people back at once): keep one live table, or one of them would sit at a copy that
        # no notice reaches, with a second driver task of its own.
        live = self.live.get(table_id)
        if live is not None:
            return live
        return self._keep(table, tokens)

    def _keep(self, table: Table, tokens: dict[int, SeatToken]) -> LiveTable:
        live = LiveTable(table, tokens, last_used=self.clock())
        self.live[table.id] = live
        now = self.clock()
        for seat, row in enumerate(table.seats):
            if row.is_person:
                live.away_since[seat] = now
        if not table.is_over:
            live.task = asyncio.create_task(self._run(live), name=f"table {table.id}")
        return live

    def unload(self, live: LiveTable) -> None:
        """Forget a table no one listens to (its log is in the storage)."""
        if live.listeners or self.live.get(live.id) is not live:
            return
        if live.task is not None:
            live.task.cancel()
        del self.live[live.id]

    # -- committing --------------------------------------------------------------------------

    async def commit(
        self,
        live: LiveTable,
        build: Build,
        *,
        tokens: Callable[[Table], Sequence[SeatToken]] | None = None,
        ack: Callable[[Update], None] | None = None,
    ) -> Update:
        """Build events from the table as it stands, store them, then make them live.

        ``build`` raises (TableError, IllegalAction) to refuse; ``tokens`` gives the seat
        tokens the events issue or void; ``ack`` is told first, before the listeners. Raises
        VersionConflict (after re-reading the table) if another writer took the version.
        """
        async with live.lock:
            return await self.commit_locked(live, build, tokens=tokens, ack=ack)

    async def commit_locked(
        self,
        live: LiveTable,
        build: Build,
        *,
        tokens: Callable[[Table], Sequence[SeatToken]] | None = None,
        ack: Callable[[Update], None] | None = None,
    ) -> Update:
        """:meth:`commit` with ``live.lock`` held. A commit that loses its version to another
        process is built again on the table caught up, up to :data:`COMMIT_TRIES` times."""
        for attempt in range(COMMIT_TRIES):
            table = live.table
            built = build(table)
            events = (built,) if not isinstance(built, Sequence) else tuple(built)
            now = self.clock()
            staged = stage(table, events, now)
            twin = staged.table
            fresh = list(tokens(twin)) if tokens is not None else []
            renewed = {token.seat for token in fresh}
            issued = [t for t in voided(table, twin) if t.seat not in renewed] + fresh
            try:
                await self.store.append(
                    table.id, table.version, events, tokens=issued, summary=staged.summary
                )
                break
            except VersionConflict:
                # Another process committed first: take its events in, then build again
                # from the table as it now is (``build`` refuses what no longer holds).
                self.stats.conflicts += 1
                await self._catch_up_locked(live)
                if attempt == COMMIT_TRIES - 1:
                    raise
        self.stats.commits += 1
        live.table = twin
        for token in issued:
            if token.digest is None:
                live.tokens.pop(token.seat, None)
            else:
                live.tokens[token.seat] = token
        update = Update(table.version, events, tuple(staged.told))
        live.recent.append(update)
        live.last_used = now
        self._after(live, update, now)
        if ack is not None:
            ack(update)
        for listener in list(live.listeners):
            try:
                listener.tell(live, update)
            except Exception:
                log.exception("a listener of table %s failed", table.id)
        live.wake.set()
        return update

    # -- the other processes' commits ----------------------------------------------------------

    def _notice(self, notice: Notice) -> None:
        if notice.kind == "resync":
            for every in list(self.live.values()):
                self._chore(self.catch_up(every))
                self._want_presence(every.id)
            return
        live = self.live.get(notice.table_id)
        if live is None:
            return
        if notice.kind == "commit" and notice.version > live.table.version:
            self._chore(self.catch_up(live, notice))
        elif notice.kind == "presence":
            self._want_presence(live.id)

    def _chore(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def catch_up(self, live: LiveTable, notice: Notice | None = None) -> None:
        """Take in what other processes committed to ``live``'s table, and tell the listeners:
        the events ``notice`` carries when they follow on from the table as this process has
        it, else those the log holds."""
        async with live.lock:
            await self._catch_up_locked(live, notice)

    async def _catch_up_locked(self, live: LiveTable, notice: Notice | None = None) -> None:
        table = live.table
        events = carried(notice, table.version)
        if events is None:
            events = await self.store.load_since(live.id, table.version)
        if not events:
            return
        twin = table.copy()
        told: list[story.Event] = []
        try:
            for event in events:
                told.extend(twin.fold(event))
        except AscenseurError:
            log.exception("table %s: another process's events do not replay", live.id)
            return
        live.table = twin
        for seat, row in enumerate(twin.seats):
            if row.epoch != table.seats[seat].epoch:  # tokens issued or voided elsewhere
                token = await self.store.token(live.id, seat)
                if token is None or token.epoch != row.epoch:
                    live.tokens.pop(seat, None)
                else:
                    live.tokens[seat] = token
        update = Update(table.version, tuple(events), tuple(told))
        self.stats.catch_ups += 1
        live.recent.append(update)
        now = self.clock()
        live.last_used = now
        self._after(live, update, now)
        for listener in list(live.listeners):
            try:
                listener.tell(live, update)
            except Exception:
                log.exception("a listener of table %s failed", live.id)
        live.wake.set()

    def _after(self, live: LiveTable, update: Update, now: float) -> None:
        for told in update.story:
            if isinstance(told, DealScored):
                live.scored_at = now
                live.ready.clear()
                live.my_ready.clear()
        if any(isinstance(t, story.TrickTaken) for t in update.story):
            live.after_trick = True
        elif any(isinstance(t, story.BidMade | story.CardPlayed) for t in update.story):
            live.after_trick = False
        if any(isinstance(t, story.Dealt) for t in update.story):
            live.scored_at = None
            live.ready.clear()
            live.my_ready.clear()
        for event in update.events:
            if isinstance(event, SeatTaken | Started):
                for seat, row in enumerate(live.table.seats):
                    if row.is_person and not live.present[seat]:
                        live.away_since.setdefault(seat, now)

    # -- presence ---------------------------------------------------------------------------

    async def arrive(self, live: LiveTable, seat: int | None, listener: Listener) -> None:
        """A listener joins (``seat`` None: a spectator); a person back takes their seat."""
        live.listeners.add(listener)
        if seat is None:
            live.my_spectators += 1
        else:
            live.mine[seat] += 1
        self._merge(live)
        self._chore(self._publish(live))
        if seat is None:
            return
        row = live.table.seats[seat]
        if row.is_person and row.standin is not None:
            with contextlib.suppress(TableError):
                await self.commit(live, lambda t: t.come_back(seat, at=self.clock()))
        live.wake.set()

    def leave(self, live: LiveTable, seat: int | None, listener: Listener) -> None:
        if listener not in live.listeners:
            return
        live.listeners.discard(listener)
        if seat is None:
            live.my_spectators = max(0, live.my_spectators - 1)
        else:
            live.mine[seat] -= 1
            if live.mine[seat] <= 0:
                del live.mine[seat]
        self._merge(live)
        self._chore(self._publish(live))

    def ready(self, live: LiveTable, seat: int) -> None:
        live.my_ready.add(seat)
        self._merge(live)
        self._chore(self._publish(live))

    def _merge(self, live: LiveTable) -> None:
        """Who is at the table, in every process: this one's and the others' as published; a
        person whose last connection anywhere went is away from now."""
        present: Counter[int] = Counter(live.mine)
        for peer in live.peers:
            present.update(peer.seats)
        now = self.clock()
        for seat in range(live.table.rules.players):
            if present[seat] > 0:
                live.away_since.pop(seat, None)
            elif live.present[seat] > 0:
                live.away_since[seat] = now
        live.present = +present
        live.spectators = live.my_spectators + sum(peer.spectators for peer in live.peers)
        live.ready = set(live.my_ready).union(*(peer.ready for peer in live.peers))
        live.wake.set()

    async def _publish(self, live: LiveTable, *, changed: bool = True) -> None:
        mine = Presence(dict(live.mine), live.my_spectators, frozenset(live.my_ready))
        expires = self.clock() + 3 * self.settings.beat
        with contextlib.suppress(Exception):  # the next beat publishes it again
            await self.store.put_presence(live.id, self.holder, mine, expires, changed=changed)

    def _want_presence(self, table_id: str) -> None:
        self._presence_wanted.add(table_id)
        if not self._hearing:
            self._hearing = True
            self._chore(self._hear_presences())

    async def _hear_presences(self) -> None:
        """Read the presence of every table another process told of, in one query, then of
        those told of meanwhile: at most one such query at a time, however many notices came
        (when the deals of many tables end together, every person says they are ready, and a
        query per notice had the actions wait for the pool's connections)."""
        try:
            await asyncio.sleep(0)  # the notices that came with this one
            while self._presence_wanted:
                ids = sorted(self._presence_wanted)
                self._presence_wanted.clear()
                peers = await self.store.presence(ids, self.holder, self.clock())
                for table_id in ids:
                    live = self.live.get(table_id)
                    if live is not None:
                        self._heard(live, peers.get(table_id, []))
        finally:
            self._hearing = False

    def _heard(self, live: LiveTable, peers: list[Presence]) -> None:
        if peers == live.peers:
            return
        live.peers = peers
        self._merge(live)
        self.presence_changed(live)

    # -- the table's own moves: deals, bots, stand-ins, clock ---------------------------------

    async def _run(self, live: LiveTable) -> None:
        while True:
            try:
                table = live.table
                step = next_step(
                    table,
                    present=live.present,
                    away_since=live.away_since,
                    ready=live.ready,
                    scored_at=live.scored_at,
                    now=self.clock(),
                    watched=bool(live.listeners),
                )
                if step.kind == "over":
                    return
                if step.kind != "wait" and not await self._drives(live):
                    # Another process drives this table; ask again when its lease may be over.
                    step = Step("wait", until=live.ask_lease_at)
                elif step.kind != "wait" and live.table is not table:
                    continue  # the table moved while the lease was asked: look again
                if step.kind == "wait":
                    live.wake.clear()
                    timeout = None if step.until is None else max(0.0, step.until - self.clock())
                    await woken(live.wake, timeout)
                elif step.kind == "deal":
                    await self.commit(live, lambda t: t.next_deal(at=self.clock()))
                elif step.kind == "standin":
                    await self._stand_in(live, step)
                else:
                    await self._bot_move(live, step)
            except asyncio.CancelledError:
                raise
            except (VersionConflict, TableError, IllegalAction):
                await asyncio.sleep(0)  # the table moved meanwhile: look again
            except Exception as err:
                # The storage away: nothing is committed, the table waits and tries again
                # (told once by whoever serves the tables, not once a second per table).
                if not unavailable(err):
                    log.exception("the driver of table %s failed; trying again", live.id)
                await asyncio.sleep(1.0)

    async def _drives(self, live: LiveTable) -> bool:
        """Whether this process drives ``live``'s table now: its lease, taken or renewed (one
        process at a time moves a table's bots and clock)."""
        now = self.clock()
        seconds = self.settings.lease_seconds
        if live.lease_until - now > seconds / 2:
            return True
        if now < live.ask_lease_at:
            return False
        if await self.store.lease(live.id, self.holder, now, seconds):
            live.lease_until = now + seconds
            return True
        live.lease_until = 0.0
        live.ask_lease_at = now + seconds / 2
        return False

    async def _stand_in(self, live: LiveTable, step: Step) -> None:
        seat = step.seat
        assert seat is not None
        await self.commit(live, lambda t: t.stand_in(seat, at=self.clock()))

    async def _bot_move(self, live: LiveTable, step: Step) -> None:
        table = live.table
        seat, level = step.seat, step.level
        assert seat is not None and level is not None
        version = table.version
        rng = bot_rng(table.created.seed, table.state_id)
        view = table.view(seat)
        fallback = live.failures >= BOT_RETRIES
        chosen = "random" if fallback else level
        pace = self.settings.pace if step.by != "timeout" else 0.0
        delay = pace + (self.settings.trick_pause if live.after_trick else 0.0)
        loop = asyncio.get_running_loop()
        thinking = loop.run_in_executor(self.executor, decide, chosen, view, rng)
        self.stats.thinking += 1
        thinking.add_done_callback(lambda _: self._thought())
        await asyncio.sleep(delay)
        try:
            action: PlayerAction = await thinking
        except Exception as err:
            log.exception("bot %s failed on seat %d of table %s", chosen, seat, table.id)
            await self._bot_failed(live, seat, chosen, f"{type(err).__name__}: {err}")
            return
        refused: str | None = None
        async with live.lock:
            if live.table.version != version:
                return  # the table moved while the bot thought (a person came back…)
            try:
                await self.commit_locked(
                    live, lambda t: t.move(seat, action, at=self.clock(), cid=None, by=step.by)
                )
            except IllegalAction as err:
                # The table has not moved (checked under the lock): the bot chose what the
                # rules refuse. Told like any failure, and the random bot takes over after
                # BOT_RETRIES, instead of asking the same bot the same question forever.
                log.error("bot %s chose an illegal %r on seat %d of table %s", chosen, action,
                          seat, table.id)  # fmt: skip
                refused = f"illegal move: {err}"
        if refused is not None:
            await self._bot_failed(live, seat, chosen, refused)
            return
        self.stats.bot_moves += 1
        live.failures = 0

    async def _bot_failed(self, live: LiveTable, seat: int, bot: str, reason: str) -> None:
        """Tell the table that ``bot`` failed on ``seat``, and wait a little longer each time."""
        self.stats.bot_failures += 1
        live.failures += 1
        await self.commit(live, lambda t: t.bot_failed(seat, bot, reason, at=self.clock()))
        await asyncio.sleep(min(5.0, 0.2 * live.failures))

    def _thought(self) -> None:
        self.stats.thinking -= 1


async def woken(wake: asyncio.Event, timeout: float | None) -> None:
    """Wait until ``wake`` is set or ``timeout`` seconds have passed. A cancel always ends
    the wait with ``CancelledError``: Python 3.11's ``asyncio.wait_for`` returns instead when
    the event was set in the same turn as the cancel (a server stopping as its connections
    close), and a table's task that swallowed its cancel kept a server from ever exiting."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            await wake.wait()


__all__ = [
    "Build",
    "Driver",
    "DriverStats",
    "Settings",
    "woken",
]
