"""The game service: what each websocket message does, over the one game driver.

Every message a connection sends goes through :meth:`GameService.handle`, which never raises:
whatever is wrong with a message — unreadable, stale, illegal, not this connection's to send —
is answered with an :class:`~ascenseur.web.protocol.ErrorMessage` carrying a stable code and a
sentence, and changes nothing. Moves go through :meth:`Driver.commit` (checked by the table and
the core, committed, then acknowledged); every connection at the table then gets its own
seat's view (:func:`~ascenseur.web.wire.table_view`, built on ``observe``) and the story.

Who may do what: a connection holds a seat only by showing that seat's token (made by the
server, kept by the client, stored here as a hash); spectators and strangers may watch (if
the host allows) and nothing else. A message that fails is logged by its type and table,
never by its contents: a token, an invite or a transfer code in a log is a seat for whoever
reads it.

When the storage does not answer (PostgreSQL down, a disk that refuses a write), nothing is
committed and nothing is lost: every connection at a table is told that the table waits for
its storage (``storage-unavailable``), a connection not yet seated is closed with 1013 (try
again later: the page reconnects and asks again), and once the storage answers again every
table is told (a ``storage_back`` notice, with its view) and goes on by itself.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from dataclasses import dataclass

from ascenseur.bots.hints import DEFAULT_PLAYOUTS
from ascenseur.core.actions import MY_CARD, Bid, Play, PlayerAction
from ascenseur.core.cards import Card
from ascenseur.core.errors import AscenseurError, IllegalAction, RulesError
from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.driver import Driver
from ascenseur.tables.events import SeatTaken
from ascenseur.tables.live import LiveTable, Update
from ascenseur.tables.storage import SeatToken, VersionConflict
from ascenseur.tables.stores import unavailable
from ascenseur.tables.table import Table, TableError
from ascenseur.tables.thinking import advise
from ascenseur.tables.tokens import digest, new_token
from ascenseur.text.refusals import refusal_text
from ascenseur.web.connection import TRY_AGAIN_LATER, Connection, Window
from ascenseur.web.metrics import Metrics
from ascenseur.web.protocol import (
    VERSION,
    Ack,
    BidAction,
    Claim,
    ClientMessage,
    Create,
    ErrorMessage,
    Greeting,
    HintRequest,
    Hints,
    HostAction,
    Join,
    MyCardAction,
    NoticeEvent,
    Ping,
    PlayAction,
    Pong,
    Presence,
    ProtocolError,
    Ready,
    Resume,
    Say,
    StateUpdate,
    TransferCode,
    TransferRequest,
    Watch,
    Welcome,
    decode,
    ref_of,
)
from ascenseur.web.wire import hint_options, said, table_view
from ascenseur.web.words import WEB_MESSAGES, sentence, web_tr

log = logging.getLogger("ascenseur.web")

#: A transfer code works once, within this many seconds.
TRANSFER_SECONDS = 600
#: Seconds between two questions to the storage — whether it answers — while people are
#: connected; and while it does not.
STORAGE_CHECK_SECONDS = 5.0
STORAGE_RETRY_SECONDS = 1.0
#: How long the storage may take to answer that question.
STORAGE_PING_SECONDS = 3.0


@dataclass(frozen=True, slots=True)
class Limits:
    """What one address may do: tables opened per hour and invite codes tried per minute
    (counted by the store: shared by every process on it, kept across a restart), and lists
    of one's games asked per minute (``POST /api/tables/mine``, counted by each process)."""

    tables_per_hour: int = 30
    invites_per_minute: int = 30
    lists_per_minute: int = 30
    message_rate: float = 20.0
    message_burst: float = 40.0
    hint_playouts: int = DEFAULT_PLAYOUTS


class Refused(AscenseurError):
    """A message the server answers with an error (code, sentence)."""


class GameService:
    """Every connection of one server, over its driver."""

    def __init__(self, driver: Driver, limits: Limits | None = None) -> None:
        self.driver = driver
        driver.presence_changed = self._presence  # people connected through other processes
        self.metrics = Metrics(driver)
        self.limits = limits or Limits()
        self.listings = Window(self.limits.lists_per_minute, 60.0)
        #: Whether the storage was last found not to answer (see :meth:`watch_storage`).
        self.storage_down = False
        self._watching: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin asking the storage, now and then, whether it answers."""
        self._watching = asyncio.create_task(self.watch_storage(), name="storage watch")

    async def stop(self) -> None:
        if self._watching is not None:
            self._watching.cancel()
            await asyncio.wait({self._watching})

    async def admit_table(self, address: str) -> bool:
        """Whether ``address`` may open one more table this hour (counted if so)."""
        hour = self.limits.tables_per_hour
        return await self.driver.store.admit("table", address, time.time(), 3600.0, hour)

    async def admit_invite(self, address: str) -> bool:
        """Whether ``address`` may try one more invite code this minute (counted if so), over
        the socket or over HTTP."""
        most = self.limits.invites_per_minute
        return await self.driver.store.admit("invite", address, time.time(), 60.0, most)

    def connection(self, address: str) -> Connection:
        self.metrics.connections.inc()
        return Connection(address, rate=self.limits.message_rate, burst=self.limits.message_burst)

    # -- messages -----------------------------------------------------------------------------

    async def handle(self, conn: Connection, data: str | bytes) -> None:
        """Answer one message from ``conn``. Never raises."""
        if not conn.allow():
            return
        try:
            message = decode(data)
        except ProtocolError as err:
            text = web_tr(conn.lang, err.code.replace("-", "_"), detail=err.message)
            conn.send(ErrorMessage(code=err.code, message=text, ref=ref_of(data)))
            return
        try:
            await self._dispatch(conn, message)
        except Refused as err:
            conn.send(ErrorMessage(code=err.code, message=err.message, ref=message.ref))
        except VersionConflict:
            text = web_tr(conn.lang, "conflict")
            conn.send(ErrorMessage(code="version-conflict", message=text, ref=message.ref))
            self._resend(conn)
        except Exception as err:
            if unavailable(err):
                self.storage_failed(err, told=conn)
                self._waits(conn, message.ref)
            elif isinstance(err, AscenseurError):  # the table's and the core's refusals
                conn.send(self._error(conn, err, message.ref))
            else:  # a bug must not cost the connection, nor the server
                # By its type and table, never its repr: it may carry a token or a code.
                table = conn.live.id if conn.live is not None else "-"
                log.exception("a %s message at table %s failed", message_type(message), table)
                text = web_tr(conn.lang, "internal", detail=type(err).__name__)
                conn.send(ErrorMessage(code="internal", message=text, ref=message.ref))

    def _waits(self, conn: Connection, ref: int | None) -> None:
        """Tell ``conn`` its table waits for the storage; one not yet seated is closed to
        try again later (the page reconnects by itself and asks again)."""
        text = web_tr(conn.lang, "storage_down")
        conn.send(ErrorMessage(code="storage-unavailable", message=text, ref=ref))
        if conn.live is None:
            conn.close(TRY_AGAIN_LATER)

    # -- the storage's outages ------------------------------------------------------------------

    async def watch_storage(self) -> None:
        """Ask the storage whether it answers: every :data:`STORAGE_CHECK_SECONDS` while
        people are connected, every :data:`STORAGE_RETRY_SECONDS` while it does not; tell
        the tables when it stops and when it is back."""
        while True:
            pause = STORAGE_RETRY_SECONDS if self.storage_down else STORAGE_CHECK_SECONDS
            await asyncio.sleep(pause)
            if not self.storage_down and not any(self._connections()):
                continue
            try:
                await asyncio.wait_for(self.driver.store.ping(), STORAGE_PING_SECONDS)
            except Exception as err:
                self.storage_failed(err)
            else:
                self._storage_back()

    def _connections(self) -> list[Connection]:
        return [
            listener
            for live in self.driver.live.values()
            for listener in live.listeners
            if isinstance(listener, Connection)
        ]

    def storage_failed(self, err: BaseException, *, told: Connection | None = None) -> None:
        """The storage did not answer (``err`` says why): tell every table, once (but the
        connection ``told`` already, in its answer)."""
        if self.storage_down:
            return
        self.storage_down = True
        self.metrics.storage_up.set(0)
        # One line, no traceback: the reason is the database's or the disk's, not a bug.
        log.warning("the storage does not answer (%s); the tables wait for it",
                    _first_line(err))  # fmt: skip
        for conn in self._connections():
            if conn is told:
                continue
            text = web_tr(conn.lang, "storage_down")
            conn.send(ErrorMessage(code="storage-unavailable", message=text))

    def _storage_back(self) -> None:
        if not self.storage_down:
            return
        self.storage_down = False
        self.metrics.storage_up.set(1)
        log.warning("the storage answers again; the tables go on")
        for live in list(self.driver.live.values()):
            live.wake.set()  # the bots and the clock go on now, not at their next retry
        for conn in self._connections():
            if conn.live is None:
                continue
            text = web_tr(conn.lang, "notice_storage_back")
            view = table_view(conn.live, conn.seat, conn.lang, time.time())
            back = NoticeEvent(code="storage_back", text=[text])
            conn.send(StateUpdate(view=view, events=[back]))

    def _error(self, conn: Connection, err: AscenseurError, ref: int | None) -> ErrorMessage:
        key = "err_" + err.code.replace("-", "_")
        known = conn.lang == "fr" and key in WEB_MESSAGES
        text = web_tr(conn.lang, key) if known else sentence(err.message)
        live = conn.live
        state = live.table.state_id if live is not None else None
        return ErrorMessage(code=err.code, message=text, ref=ref, state=state)

    def detach(self, conn: Connection) -> None:
        """``conn`` is gone: it is no longer at its table."""
        self.metrics.connections.dec()
        self._leave(conn)
        conn.close()

    async def _dispatch(self, conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, Greeting):
            self._hello(conn, message.version, message.lang)
        match message:
            case Ping():
                conn.send(Pong(ref=message.ref))
            case Create():
                await self._create(conn, message)
            case Join():
                await self._join(conn, message)
            case Watch():
                await self._watch(conn, message)
            case Resume():
                await self._resume(conn, message)
            case Claim():
                await self._claim(conn, message)
            case HintRequest():
                task = asyncio.create_task(self._hint(conn, message))
                conn.tasks.add(task)
                task.add_done_callback(conn.tasks.discard)
            case BidAction() | PlayAction() | MyCardAction():
                await self._act(conn, message)
            case Say():
                await self._say(conn, message)
            case Ready():
                live, seat = self._seated(conn)
                self.driver.ready(live, seat)
            case HostAction():
                await self._host(conn, message)
            case TransferRequest():
                await self._transfer(conn, message)

    def _hello(self, conn: Connection, version: int, lang: str) -> None:
        conn.lang = "fr" if lang == "fr" else "en"
        if version != VERSION:
            text = web_tr(conn.lang, "bad_version", version=VERSION, asked=version)
            raise Refused(text, code="bad-version")

    # -- sitting down ---------------------------------------------------------------------------

    async def _create(self, conn: Connection, message: Create) -> None:
        # The one parser of a rule set: its RulesError names the field, as the record writes
        # it (so not capitalised: "blind_one_card must be true or false, …").
        try:
            rules = Rules.from_json(message.rules)
        except RulesError as err:
            raise Refused(err.message.rstrip(".") + ".", code=err.code) from None
        if len(message.seats) != rules.players - 1:
            text = web_tr(conn.lang, "bad_seats", players=rules.players)
            raise Refused(text, code="bad-seats")
        if not await self.admit_table(conn.address):
            raise Refused(web_tr(conn.lang, "too_many_tables"), code="rate-limited")
        created = self.driver.new_created(
            rules,
            seats=[None, *message.seats],
            profile=message.profile,
            spectators=message.spectators,
            standin=message.standin,
            grace=message.grace,
            summary_seconds=message.summary_seconds,
        )
        live, token, invite = await self.driver.create(created, message.name, start=message.start)
        await self._attach(conn, live, created.host, message.ref, token=token, invite=invite)

    async def _invited(self, conn: Connection, invite: str) -> LiveTable:
        if not await self.admit_invite(conn.address):
            raise Refused(web_tr(conn.lang, "too_many_invites"), code="rate-limited")
        table_id = await self.driver.store.table_of_invite(invite)
        live = await self.driver.open(table_id) if table_id is not None else None
        if live is None:
            raise Refused(web_tr(conn.lang, "no_invite"), code="no-table")
        return live

    async def _join(self, conn: Connection, message: Join) -> None:
        live = await self._invited(conn, message.invite)
        token = new_token()
        now = time.time()
        update = await self.driver.commit(
            live,
            lambda t: t.take_seat(message.name, at=now),
            tokens=lambda t: [_fresh(t, token)],
        )
        taken = update.events[0]
        assert isinstance(taken, SeatTaken)
        seat = taken.seat
        invite = await self.driver.store.invite_of(live.id)
        await self._attach(conn, live, seat, message.ref, token=token, invite=invite)

    async def _watch(self, conn: Connection, message: Watch) -> None:
        live = await self._invited(conn, message.invite)
        if not live.table.created.spectators:
            raise Refused(web_tr(conn.lang, "no_spectators"), code="no-spectators")
        await self._attach(conn, live, None, message.ref, since=message.since)

    async def _resume(self, conn: Connection, message: Resume) -> None:
        live = await self.driver.open(message.table)
        seat = live.seat_of(message.token) if live is not None else None
        if live is None or seat is None:
            raise Refused(web_tr(conn.lang, "bad_token"), code="bad-token")
        invite = await self.driver.store.invite_of(live.id)
        await self._attach(conn, live, seat, message.ref, invite=invite, since=message.since)

    async def _claim(self, conn: Connection, message: Claim) -> None:
        found = await self.driver.store.take_transfer(digest(message.code), time.time())
        live = await self.driver.open(found[0]) if found is not None else None
        if found is None or live is None or live.table.seats[found[1]].epoch != found[2]:
            raise Refused(web_tr(conn.lang, "bad_transfer"), code="bad-transfer")
        seat = found[1]
        token = new_token()
        await self.driver.commit(
            live,
            lambda t: t.transfer(seat, at=time.time()),
            tokens=lambda t: [_fresh(t, token, seat)],
        )
        self._evict(live, seat, "moved")
        invite = await self.driver.store.invite_of(live.id)
        await self._attach(conn, live, seat, message.ref, token=token, invite=invite)

    async def _attach(
        self,
        conn: Connection,
        live: LiveTable,
        seat: int | None,
        ref: int | None,
        *,
        token: str | None = None,
        invite: str | None = None,
        since: int | None = None,
    ) -> None:
        if conn.live is not None:
            self._leave(conn)
        conn.live, conn.seat = live, seat
        table = live.table
        host = seat is not None and seat == table.host
        shown = invite if seat is not None else None
        conn.send(Welcome(table=table.id, seat=seat, host=host, token=token, invite=shown, ref=ref))
        missed = live.since(since) if since is not None else None
        events = [e for u in missed for e in said(table, u, conn.lang)] if missed else []
        view = table_view(live, seat, conn.lang, time.time())
        resync = since is not None and missed is None
        conn.send(StateUpdate(view=view, events=events, resync=resync))
        await self.driver.arrive(live, seat, conn)
        self._presence(live)

    def _leave(self, conn: Connection) -> None:
        live = conn.live
        if live is None:
            return
        conn.live = None
        self.driver.leave(live, conn.seat, conn)
        conn.seat = None
        self._presence(live)
        if not live.listeners and live.table.is_over:
            self.driver.unload(live)

    def _presence(self, live: LiveTable) -> None:
        players = live.table.rules.players
        message = Presence(
            connected=[live.present[s] > 0 for s in range(players)], spectators=live.spectators
        )
        for listener in list(live.listeners):
            if isinstance(listener, Connection):
                listener.send(message)

    def _resend(self, conn: Connection) -> None:
        if conn.live is not None:
            view = table_view(conn.live, conn.seat, conn.lang, time.time())
            conn.send(StateUpdate(view=view, events=[]))

    # -- playing ----------------------------------------------------------------------------

    def _seated(self, conn: Connection) -> tuple[LiveTable, int]:
        """The table ``conn`` sits at and its seat; Refused for spectators and strangers."""
        live = conn.live
        if live is None:
            raise Refused(web_tr(conn.lang, "not_joined"), code="not-joined")
        seat = conn.seat
        if seat is None:
            raise Refused(web_tr(conn.lang, "watching"), code="no-seat")
        if live.tokens.get(seat) is None or live.table.seats[seat].bot is not None:
            raise Refused(web_tr(conn.lang, "bad_token"), code="bad-token")
        return live, seat

    async def _act(self, conn: Connection, message: BidAction | PlayAction | MyCardAction) -> None:
        arrived = time.perf_counter()
        live, seat = self._seated(conn)
        cid = message.cid
        async with live.lock:
            table = live.table
            action = self._action(conn, message)
            done = table.applied(seat, cid) if cid is not None else None
            if done is not None:
                if not _same(table.events[done], action):  # one id, two different actions
                    text = web_tr(conn.lang, "cid_reused", cid=cid)
                    raise Refused(text, code="cid-reused")
                # a resend after a lost ack: applied once already
                conn.send(Ack(ref=message.ref, state=table.state_id, version=done + 1))
                return
            state = table.state_id
            if message.state != state:
                self._resend(conn)
                text = web_tr(conn.lang, "stale_state", seen=message.state, now=state)
                raise Refused(text, code="stale-state")

            def ack(update: Update) -> None:
                version = update.first + len(update.events)
                conn.send(Ack(ref=message.ref, state=live.table.state_id, version=version))
                kind = "bid" if isinstance(message, BidAction) else "play"  # my card: a play
                timer = self.metrics.action_seconds.labels(kind)
                timer.observe(time.perf_counter() - arrived)

            def build(t: Table) -> ev.Event:
                # Built again if another process committed first: only from the state seen.
                if t.state_id != message.state:
                    text = web_tr(conn.lang, "stale_state", seen=message.state, now=t.state_id)
                    raise Refused(text, code="stale-state")
                return t.move(seat, action, at=time.time(), cid=cid, by="person")

            try:
                await self.driver.commit_locked(live, build, ack=ack)
            except IllegalAction as err:
                raise Refused(refusal_text(err, conn.lang), code=err.code) from None

    def _action(
        self, conn: Connection, message: BidAction | PlayAction | MyCardAction
    ) -> PlayerAction:
        if isinstance(message, BidAction):
            return Bid(message.value)
        if isinstance(message, MyCardAction):
            return MY_CARD
        try:
            return Play(Card.parse(message.card))
        except AscenseurError as err:
            raise Refused(sentence(err.message), code=err.code) from None

    async def _say(self, conn: Connection, message: Say) -> None:
        live, seat = self._seated(conn)
        if not conn.chat_bucket.take(time.monotonic()):
            raise Refused(web_tr(conn.lang, "chat_too_fast"), code="rate-limited")
        name = live.table.seats[seat].name or ""
        await self.driver.commit(
            live,
            lambda t: t.say(seat, name, message.text, at=time.time(), reaction=message.reaction),
        )
        self._ack(conn, live, message.ref)

    async def _host(self, conn: Connection, message: HostAction) -> None:
        live, seat = self._seated(conn)
        now = time.time()
        target = message.seat
        match message.action:
            case "start":
                await self.driver.commit(live, lambda t: t.start(seat, at=now, bots=message.bot))
            case "free" if target is not None:
                await self.driver.commit(live, lambda t: t.free_seat(seat, target, at=now))
                self._evict(live, target, "removed")
            case "move" if target is not None and message.to is not None:
                to = message.to
                token = new_token()
                moved = self._at(live, target)
                await self.driver.commit(
                    live,
                    lambda t: t.move_seat(seat, target, to, at=now),
                    tokens=lambda t: [_fresh(t, token, to)],
                )
                for other in moved:  # the person moved: a new token for the new seat
                    other.seat = None
                    self.driver.leave(live, target, other)
                    other.send(Welcome(table=live.id, seat=to, token=token, host=False))
                    other.seat = to
                    await self.driver.arrive(live, to, other)
                    self._resend(other)
            case "bot" if target is not None:
                await self.driver.commit(
                    live, lambda t: t.set_seat(seat, target, message.bot, at=now)
                )
            case "stand_in" if target is not None:
                if seat == live.table.host and live.present[target]:  # presence is not the table's
                    raise TableError(f"seat {target + 1} is here", code="not-away")
                await self.driver.commit(live, lambda t: t.stand_in(target, at=now, by=seat))
            case "keep_bot" if target is not None:
                await self.driver.commit(
                    live, lambda t: t.stand_in(target, at=now, permanent=True, by=seat)
                )
                self._evict(live, target, "removed")
            case _:
                raise Refused(web_tr(conn.lang, "bad_host_action"), code="bad-message")
        self._ack(conn, live, message.ref)

    def _ack(self, conn: Connection, live: LiveTable, ref: int | None) -> None:
        table = live.table
        conn.send(Ack(ref=ref, state=table.state_id, version=table.version))

    def _at(self, live: LiveTable, seat: int) -> list[Connection]:
        return [c for c in live.listeners if isinstance(c, Connection) and c.seat == seat]

    def _evict(self, live: LiveTable, seat: int, code: str) -> None:
        for other in self._at(live, seat):
            other.send(ErrorMessage(code=code, message=web_tr(other.lang, code)))
            self._leave(other)
            other.close()

    async def _transfer(self, conn: Connection, message: TransferRequest) -> None:
        live, seat = self._seated(conn)
        code = new_token()
        epoch = live.table.seats[seat].epoch
        expires = time.time() + TRANSFER_SECONDS
        await self.driver.store.put_transfer(digest(code), live.id, seat, epoch, expires)
        conn.send(TransferCode(code=code, seconds=TRANSFER_SECONDS, ref=message.ref))

    async def _hint(self, conn: Connection, message: HintRequest) -> None:
        try:
            live, seat = self._seated(conn)
            table = live.table
            state = table.state_id
            if message.state != state:
                text = web_tr(conn.lang, "stale_state", seen=message.state, now=state)
                raise Refused(text, code="stale-state")
            if table.state.current_seat != seat:
                raise Refused(web_tr(conn.lang, "not_your_turn"), code="not-your-turn")
            if conn.hinting:
                raise Refused(web_tr(conn.lang, "hint_busy"), code="hint-busy")
            conn.hinting = True
            try:
                view = table.view(seat)
                rng = random.Random(secrets.randbits(64))
                loop = asyncio.get_running_loop()
                playouts = self.limits.hint_playouts
                hints = await loop.run_in_executor(
                    self.driver.executor, advise, view, rng, playouts
                )
            finally:
                conn.hinting = False
            conn.send(Hints(ref=message.ref, state=message.state, options=hint_options(hints)))
        except Refused as err:
            conn.send(ErrorMessage(code=err.code, message=err.message, ref=message.ref))
        except Exception as err:
            at = conn.live.id if conn.live is not None else "-"
            log.exception("a hint at table %s failed", at)
            text = web_tr(conn.lang, "internal", detail=type(err).__name__)
            conn.send(ErrorMessage(code="internal", message=text, ref=message.ref))


def message_type(message: ClientMessage) -> str:
    """A message's ``type`` (its tag), what a log line may name of it."""
    return str(type(message).__struct_config__.tag)


def _same(event: ev.Event, action: PlayerAction) -> bool:
    """Whether the logged ``event`` is the move ``action`` (a resend of it)."""
    if isinstance(action, Bid):
        return isinstance(event, ev.BidEntry) and event.value == action.value
    if isinstance(action, Play):
        return isinstance(event, ev.PlayEntry) and event.card == action.card.code
    return isinstance(event, ev.PlayEntry)  # "my card": the log names the card it was


def _first_line(err: BaseException) -> str:
    lines = str(err).strip().splitlines()
    return f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__


def _fresh(table: Table, token: str, seat: int | None = None) -> SeatToken:
    """The token of the seat the last event gave (or ``seat``), at its new epoch."""
    if seat is None:
        last = table.events[-1]
        assert isinstance(last, SeatTaken)
        seat = last.seat
    return SeatToken(seat, table.seats[seat].epoch, digest(token))
