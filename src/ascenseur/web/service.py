"""The game service: live tables, the connections watching them, and the bots' drivers.

Every message a connection sends goes through :meth:`GameService.handle`, which never raises:
whatever is wrong with a message — unreadable, stale, illegal — is answered with an
:class:`~ascenseur.web.protocol.ErrorMessage` carrying a stable code and a sentence. An action
is checked by the core and committed to the store before it is acknowledged; then every
connection at that table gets its own seat's view and the public events.

Each unfinished table has a driver task that deals and lets the bots play, at a human pace,
with their thinking in a worker pool so that the event loop stays free.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

from ascenseur.bots.hints import DEFAULT_PLAYOUTS
from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.cards import Card, Language
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.core.rules import Rules
from ascenseur.session import (
    BidMade,
    CardPlayed,
    Event,
    TrickTaken,
    Turn,
    bot_rng,
    hint_rng,
)
from ascenseur.text.words import refusal
from ascenseur.web.protocol import (
    VERSION,
    Ack,
    BidAction,
    ClientMessage,
    ErrorMessage,
    HintRequest,
    Hints,
    Join,
    NewGame,
    Ping,
    PlayAction,
    Pong,
    ProtocolError,
    ServerMessage,
    StateUpdate,
    TableView,
    Welcome,
    decode,
    encode,
    ref_of,
)
from ascenseur.web.storage import Store
from ascenseur.web.table import Table, new_player_token
from ascenseur.web.thinking import advise, decide
from ascenseur.web.wire import game_event, hint_options, table_view
from ascenseur.web.words import sentence, web_tr

log = logging.getLogger("ascenseur.web")

#: Messages waiting for a connection that reads none: past this, it is closed.
OUTBOX_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server plays: seconds per bot move, the pause a finished trick stays on the
    table before a bot plays on, hint play-outs, and (tests) where seeds come from."""

    pace: float = 0.8
    trick_pause: float = 1.2
    hint_playouts: int = DEFAULT_PLAYOUTS
    seeds: Callable[[], int] | None = None


class Refused(AscenseurError):
    """A message the server answers with an error (code, sentence)."""


class Connection:
    """One client: its outbox, its language, and the game and seat it has joined."""

    def __init__(self) -> None:
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.lang: Language = "en"
        self.game: str | None = None
        self.seat: int | None = None
        self.hinting = False
        self.closed = False
        self.tasks: set[asyncio.Task[None]] = set()

    def send(self, message: ServerMessage) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()  # a client that reads nothing is not kept
            return
        self.outbox.put_nowait(encode(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)
        for task in self.tasks:
            task.cancel()


@dataclass(eq=False)
class _Live:
    """A table in play: its lock (one action at a time), watchers and driver."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    watchers: set[Connection] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    #: A trick was just taken: the next bot waits for the table to see it.
    after_trick: bool = False


class GameService:
    """Every table and connection of one server."""

    def __init__(self, store: Store, executor: Executor, settings: Settings | None = None):
        self.store = store
        self.executor = executor
        self.settings = settings or Settings()
        self.live: dict[str, _Live] = {}

    async def start(self) -> None:
        """Load every unfinished game and let its bots play on."""
        for game in self.store.unfinished():
            self._open(game)

    async def stop(self) -> None:
        drivers = [live.driver for live in self.live.values() if live.driver is not None]
        for task in drivers:
            task.cancel()
        for task in drivers:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for live in self.live.values():
            for conn in list(live.watchers):
                conn.close()

    def table(self, game: str) -> Table | None:
        """The table of ``game`` (loaded from the store if need be), None if there is none."""
        live = self._open(game)
        return live.table if live is not None else None

    def _open(self, game: str) -> _Live | None:
        """The live table of ``game``; None if there is none, or if its log cannot be replayed
        (a store written by hand, or by another version: it is left as it is)."""
        live = self.live.get(game)
        if live is None:
            stored = self.store.load(game)
            if stored is None:
                return None
            try:
                table = Table(stored, self.store)
            except AscenseurError:
                log.exception("game %s is left alone: its log does not replay", game)
                return None
            live = self.live[game] = _Live(table)
            if not live.table.is_over:
                live.driver = asyncio.create_task(self._drive(live), name=f"driver {game}")
        return live

    # -- messages -----------------------------------------------------------------------------

    async def handle(self, conn: Connection, data: str | bytes) -> None:
        """Answer one message from ``conn``. Never raises."""
        try:
            message = decode(data)
        except ProtocolError as err:
            key = err.code.replace("-", "_")
            text = web_tr(conn.lang, key, detail=err.message)
            conn.send(ErrorMessage(code=err.code, message=text, ref=ref_of(data)))
            return
        try:
            await self._dispatch(conn, message)
        except Refused as err:
            conn.send(ErrorMessage(code=err.code, message=err.message, ref=message.ref))
        except Exception as err:  # a bug must not cost the connection, nor the server
            log.exception("message %r failed", message)
            text = web_tr(conn.lang, "internal", detail=type(err).__name__)
            conn.send(ErrorMessage(code="internal", message=text, ref=message.ref))

    def detach(self, conn: Connection) -> None:
        """``conn`` is gone: it watches nothing any more."""
        self._leave(conn)
        conn.close()

    def _leave(self, conn: Connection) -> None:
        live = self.live.get(conn.game) if conn.game is not None else None
        conn.game = None
        conn.seat = None
        if live is not None:
            live.watchers.discard(conn)
            if live.table.is_over and not live.watchers:
                del self.live[live.table.id]  # a finished game no one watches: the store keeps it

    async def _dispatch(self, conn: Connection, message: ClientMessage) -> None:
        if isinstance(message, Ping):
            conn.send(Pong(ref=message.ref))
        elif isinstance(message, Join):
            self._check_version(conn, message.version)
            conn.lang = message.lang
            live = self._open(message.game)
            if live is None:
                raise Refused(web_tr(conn.lang, "no_game", game=message.game), code="no-game")
            self._join(conn, live, message.player, message.ref)
        elif isinstance(message, NewGame):
            self._check_version(conn, message.version)
            conn.lang = message.lang
            self._new_game(conn, message)
        elif isinstance(message, HintRequest):
            task = asyncio.create_task(self._hint(conn, message))
            conn.tasks.add(task)
            task.add_done_callback(conn.tasks.discard)
        else:
            await self._act(conn, message)

    def _check_version(self, conn: Connection, version: int) -> None:
        if version != VERSION:
            text = web_tr(conn.lang, "bad_version", version=VERSION, asked=version)
            raise Refused(text, code="bad-version")

    def _new_game(self, conn: Connection, message: NewGame) -> None:
        seeds = self.settings.seeds
        player = message.player or new_player_token()
        try:
            rules = Rules(message.players, message.max_cards, message.hook)
            table = Table.create(
                self.store,
                rules,
                message.name,
                message.bots,
                player=player,
                seed=seeds() if seeds is not None else None,
            )
        except AscenseurError as err:
            raise Refused(sentence(err.message), code=err.code) from None
        live = self._open(table.id)
        assert live is not None
        self._join(conn, live, player, message.ref)

    def _join(self, conn: Connection, live: _Live, player: str | None, ref: int | None) -> None:
        if conn.game != live.table.id:
            self._leave(conn)
        table = live.table
        conn.game = table.id
        conn.seat = table.seat_of(player)
        live.watchers.add(conn)
        bound = player if conn.seat is not None else None
        conn.send(Welcome(game=table.id, seat=conn.seat, player=bound, ref=ref))
        conn.send(StateUpdate(view=self._view(live, conn), events=[]))

    def _joined(self, conn: Connection) -> tuple[_Live, int]:
        """The table ``conn`` plays at and its seat; Refused for spectators and strangers."""
        live = self.live.get(conn.game) if conn.game is not None else None
        if live is None:
            raise Refused(web_tr(conn.lang, "not_joined"), code="not-joined")
        if conn.seat is None:
            raise Refused(web_tr(conn.lang, "watching"), code="no-seat")
        return live, conn.seat

    def _check_fresh(self, conn: Connection, live: _Live, seen: int, seat: int) -> None:
        table = live.table
        if seen != table.state_id:
            conn.send(StateUpdate(view=self._view(live, conn), events=[]))
            text = web_tr(conn.lang, "stale_state", seen=seen, now=table.state_id)
            raise Refused(text, code="stale-state")
        if table.is_over:
            raise Refused(web_tr(conn.lang, "game_over"), code="game-over")
        if table.state.current_seat != seat:
            raise Refused(web_tr(conn.lang, "not_your_turn"), code="not-your-turn")

    async def _act(self, conn: Connection, message: BidAction | PlayAction) -> None:
        live, seat = self._joined(conn)
        table = live.table
        async with live.lock:
            self._check_fresh(conn, live, message.state, seat)
            action: PlayerAction
            if isinstance(message, BidAction):
                action = Bid(message.value)
            else:
                try:
                    action = Play(Card.parse(message.card))
                except AscenseurError as err:
                    raise Refused(sentence(err.message), code=err.code) from None
            view = table.view(seat)
            try:
                events = table.commit(action)
            except IllegalAction as err:
                raise Refused(refusal(view, action, conn.lang), code=err.code) from None
            conn.send(Ack(ref=message.ref, state=table.state_id))
            self._broadcast(live, events)
        live.wake.set()

    async def _hint(self, conn: Connection, message: HintRequest) -> None:
        try:
            live, seat = self._joined(conn)
            table = live.table
            self._check_fresh(conn, live, message.state, seat)
            if conn.hinting:
                raise Refused(web_tr(conn.lang, "hint_busy"), code="hint-busy")
            conn.hinting = True
            try:
                view = table.view(seat)
                rng = hint_rng(table.seed, table.state_id)
                loop = asyncio.get_running_loop()
                playouts = self.settings.hint_playouts
                hints = await loop.run_in_executor(self.executor, advise, view, rng, playouts)
            finally:
                conn.hinting = False
            options = hint_options(hints)
            conn.send(Hints(ref=message.ref, state=message.state, options=options))
        except Refused as err:
            conn.send(ErrorMessage(code=err.code, message=err.message, ref=message.ref))
        except Exception as err:
            log.exception("hint failed")
            text = web_tr(conn.lang, "internal", detail=type(err).__name__)
            conn.send(ErrorMessage(code="internal", message=text, ref=message.ref))

    # -- telling everyone -----------------------------------------------------------------------

    def _view(self, live: _Live, conn: Connection) -> TableView:
        table = live.table
        return table_view(table.id, table.state_id, table.view(conn.seat), table.names, conn.lang)

    def _broadcast(self, live: _Live, events: Sequence[Event]) -> None:
        table = live.table
        if any(isinstance(event, TrickTaken) for event in events):
            live.after_trick = True
        elif any(isinstance(event, BidMade | CardPlayed) for event in events):
            live.after_trick = False
        deal_count = table.rules.deal_count
        for conn in list(live.watchers):
            said = [game_event(e, table.names, deal_count, conn.lang) for e in events]
            conn.send(StateUpdate(view=self._view(live, conn), events=said))

    # -- the bots -------------------------------------------------------------------------------

    async def _drive(self, live: _Live) -> None:
        """Deal and let the bots play until a person is to act; wait; go on to the end."""
        table = live.table
        while not table.is_over:
            try:
                turn = table.turn
                if turn is Turn.PERSON:
                    live.wake.clear()
                    if table.turn is Turn.PERSON:
                        await live.wake.wait()
                elif turn is Turn.DEAL:
                    async with live.lock:
                        if table.turn is Turn.DEAL:
                            self._broadcast(live, table.commit(table.next_deal()))
                else:
                    await self._bot_move(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the driver of game %s failed; trying again", table.id)
                await asyncio.sleep(1.0)

    async def _bot_move(self, live: _Live) -> None:
        table = live.table
        seat = table.state.current_seat
        bot = table.bot_of(seat) if seat is not None else None
        assert seat is not None and bot is not None
        state_id = table.state_id
        view = table.view(seat)
        rng = bot_rng(table.seed, state_id)
        delay = self.settings.pace + (self.settings.trick_pause if live.after_trick else 0.0)
        loop = asyncio.get_running_loop()
        thinking = loop.run_in_executor(self.executor, decide, bot, view, rng)
        await asyncio.sleep(delay)
        try:
            action = await thinking
        except Exception:
            log.exception("bot %s failed on seat %d of game %s", bot, seat, table.id)
            action = random.Random(state_id).choice(view.legal_actions)
        async with live.lock:
            if table.state_id != state_id:
                return
            try:
                events = table.commit(action)
            except IllegalAction:
                log.exception("bot %s chose an illegal %r", bot, action)
                events = table.commit(view.legal_actions[0])
            self._broadcast(live, events)
