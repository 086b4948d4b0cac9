"""One person at a table with bots, in the terminal: the same table and storage as the web.

A :class:`Session` is a :class:`~ascenseur.tables.table.Table` — the one game driver's table,
its log and its checks — stepped by the terminal: it deals, asks each bot for its move with
only that bot's view, applies the person's actions through the table's and the core's checks,
and commits every event to the same SQLite database as ``ascenseur serve`` before the
interface hears of it. The person sees :attr:`Session.view` — :func:`observe` of their seat —
and the public story events, nothing else.

Randomness derives from the table's seed: deal ``j`` is shuffled from
``Random(f"{seed}/deal/{j}")`` and a bot's decision from the number of moves, so a seeded game
is reproducible, here and in the browser.

>>> from ascenseur.core.rules import Rules
>>> session = Session.start(Rules(players=3, max_cards=1), "Ada", ["random"], seed=1, db=None)
>>> while session.turn is not Turn.OVER:
...     if session.turn is Turn.PERSON:
...         _ = session.act(session.view.legal_actions[0])
...     else:
...         _ = session.advance()
>>> len(session.view.results)
1
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ascenseur.bots import REGISTRY, Bot, make_bot
from ascenseur.bots.hints import DEFAULT_PLAYOUTS, advice
from ascenseur.core.actions import Action, Bid, Deal, Play, PlayerAction
from ascenseur.core.cards import DECK
from ascenseur.core.errors import AscenseurError, RecordError
from ascenseur.core.observation import Observation, TrickView, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealResult, GameState, Phase
from ascenseur.files import read_record
from ascenseur.search.problem import Estimate
from ascenseur.tables.events import (
    BidEntry,
    By,
    Created,
    DealEntry,
    PlayEntry,
    SeatSpec,
)
from ascenseur.tables.events import Event as Entry
from ascenseur.tables.live import stage, summary_of
from ascenseur.tables.sqlite import SqliteDatabase
from ascenseur.tables.storage import SeatToken
from ascenseur.tables.story import (
    BidMade,
    CardPlayed,
    DealScored,
    Dealt,
    Event,
    GameOver,
    TrickTaken,
    Turn,
    apply_action,
)
from ascenseur.tables.table import (
    BOT_PREFIX,
    PREFERRED_BOTS,
    Table,
    bot_rng,
    default_bot,
    first_dealer,
    person_name,
)
from ascenseur.tables.tokens import digest, new_invite, new_table_id, new_token
from ascenseur.timeline import deal_tricks
from ascenseur.userdata import (
    data_dir,
    latest_unfinished,
    load_table,
    record_name,
    remember_seat,
    write_record,
)

__all__ = [
    "BOT_PREFIX",
    "PREFERRED_BOTS",
    "BidMade",
    "CardPlayed",
    "DealScored",
    "Dealt",
    "Event",
    "GameOver",
    "Session",
    "TrickTaken",
    "Turn",
    "apply_action",
    "data_dir",
    "default_bot",
]

# The terminal's files are the machine's (:mod:`ascenseur.userdata`).


class Session:
    """One person (seat :attr:`person`) and bots at a table, committed to ``db`` move by move."""

    def __init__(self, table: Table, person: int, db: SqliteDatabase | None) -> None:
        self.table = table
        self.person = person
        self.db = db
        self.bots: dict[str, Bot] = {}
        #: Seats whose bot is not known here, with the bot that plays instead.
        self.replaced: dict[int, tuple[str, str]] = {}
        for seat in range(table.rules.players):
            level = self._level(seat)
            if seat != person and level not in REGISTRY:
                self.replaced[seat] = (level, default_bot())
        #: The last trick completed (an earlier deal's at the start of a deal), and its deal.
        self.last_trick: TrickView | None = _last_trick(self.view)
        self.last_trick_deal = self.state.deal_index

    @property
    def path(self) -> Path | None:
        """The database file the game is kept in (None: kept nowhere)."""
        if self.db is None or not isinstance(self.db.path, Path):
            return None
        return self.db.path

    @classmethod
    def start(
        cls,
        rules: Rules,
        name: str,
        bots: Sequence[str],
        *,
        seed: int | None = None,
        db: SqliteDatabase | None,
    ) -> Session:
        """A new game: the person on seat 0, bots (one name for all, or one per seat) after."""
        n = rules.players
        names = list(bots) * (n - 1) if len(bots) == 1 else list(bots)
        if len(names) != n - 1:
            raise AscenseurError(
                f"{n} players need {n - 1} bots: give one bot name for all, or {n - 1} "
                f"separated by commas, not {len(names)}",
                code="bad-bots",
            )
        for bot in names:
            make_bot(bot)  # the registry's error names the bots there are
        person = person_name(name)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        now = time.time()
        created = Created.of(
            rules,
            at=now,
            seats=(SeatSpec(), *(SeatSpec(bot=bot) for bot in names)),
            host=0,
            first_dealer=first_dealer(seed, n),
            seed=seed,
            origin="terminal",
        )
        table = Table(new_table_id(), [created])
        entries: list[Entry] = [created]
        for event in (table.take_seat(person, at=now, seat=0), table.start(0, at=now)):
            table.fold(event)
            entries.append(event)
        if db is not None:
            token = new_token()
            seat_token = SeatToken(0, table.seats[0].epoch, digest(token))
            db.create(table.id, new_invite(), entries, [seat_token], summary_of(table, now, now))
            remember_seat(db, table.id, token)
        return cls(table, 0, db)

    @classmethod
    def resume(cls, db: SqliteDatabase, table_id: str | None = None) -> Session:
        """Go on with table ``table_id`` (default: the last unfinished terminal game), as its
        host; friends who are not here are played by the table's stand-in bot."""
        if table_id is not None:
            table = load_table(db, table_id)
        else:
            wanted = latest_unfinished(db)
            events = db.load(wanted) if wanted is not None else None
            if wanted is None or events is None:
                raise AscenseurError(
                    f"there is no unfinished game to resume in {db.path}", code="no-game"
                )
            table = Table(wanted, events)
        return cls(table, table.host, db)

    @classmethod
    def import_record(cls, db: SqliteDatabase | None, path: Path) -> Session:
        """Go on with the game of a record file (``ascenseur-record/1``), kept from now on in
        ``db`` like any other: one person and bots (``bot:NAME``)."""
        state, seats = read_record(path)
        if seats is None:
            raise RecordError(f"{path} names no seats: cannot tell who is the person playing")
        people = [seat for seat, name in enumerate(seats) if not name.startswith(BOT_PREFIX)]
        if len(people) != 1:
            raise RecordError(
                f"{path} has {len(people)} people among its seats; "
                f"a game to resume here has one person and bots ({BOT_PREFIX}NAME)"
            )
        now = time.time()
        seed = random.SystemRandom().randrange(2**63)
        person = people[0]
        created = Created.of(
            state.rules,
            at=now,
            seats=tuple(
                SeatSpec(bot=None if s == person else name.removeprefix(BOT_PREFIX))
                for s, name in enumerate(seats)
            ),
            host=person,
            first_dealer=state.first_dealer,
            seed=seed,
            origin="terminal",
        )
        table = Table(new_table_id(), [created])
        entries: list[Entry] = [created]
        replayed = GameState(state.rules, created.first_dealer)
        moves: list[Entry] = [table.take_seat(seats[person], at=now, seat=person)]
        moves.append(table.start(person, at=now))
        for action in state.history:
            moves.append(_entry(replayed, action, now))
            replayed.apply(action)
        for event in moves:
            table.fold(event)
            entries.append(event)
        if db is not None:
            token = new_token()
            seat_token = SeatToken(person, table.seats[person].epoch, digest(token))
            db.create(table.id, new_invite(), entries, [seat_token], summary_of(table, now, now))
            remember_seat(db, table.id, token)
        return cls(table, person, db)

    def export(self, path: Path | None = None) -> Path:
        """Write the game's record (``ascenseur check``, ``replay`` and ``--resume`` read it)
        to ``path``, by default :func:`record_name` in the working directory; the path written.
        """
        return write_record(self.table, path or Path.cwd() / record_name(self.table.id))

    def rematch(self) -> Session:
        """A new game with the same rules, the same person and the same bots, in the same
        database (a new seed: new deals)."""
        bots = [
            self.bot_name(seat) or default_bot()
            for seat in range(self.rules.players)
            if seat != self.person
        ]
        name = self.seats[self.person]
        return Session.start(self.rules, name, bots, db=self.db)

    # -- what the interface reads --------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats as a record names them (people by name, bots as ``bot:NAME``)."""
        return self.table.names

    @property
    def seed(self) -> int | None:
        return self.table.created.seed

    @property
    def view(self) -> Observation:
        """All the person may know now."""
        return observe(self.state, self.person)

    @property
    def turn(self) -> Turn:
        turn = self.table.turn
        if turn is Turn.PERSON and self.state.current_seat != self.person:
            return Turn.BOT  # a friend who is not here: the stand-in plays
        return turn

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def moves(self) -> int:
        """How many actions (deals, bids, cards) the game has seen: a public clock."""
        return len(self.state.history)

    def scored_deal(self) -> tuple[DealResult, tuple[TrickView, ...]] | None:
        """The last finished deal, its result and its tricks (None before the first ends).

        Public in full, unlike the deal in play: every card dealt in it has been played.
        """
        results = self.state.results
        if not results:
            return None
        log = self.state.deal_logs()[len(results) - 1]
        tricks = tuple(
            TrickView(leader, cards, winner)
            for leader, cards, winner in deal_tricks(log, self.rules.players)
            if winner is not None
        )
        return results[-1], tricks

    def bot_name(self, seat: int) -> str | None:
        """The bot playing ``seat`` (None for the person)."""
        if seat == self.person:
            return None
        return self.replaced.get(seat, (None, self._level(seat)))[1]

    def _level(self, seat: int) -> str:
        return self.table.actor(seat) or self.table.created.standin

    # -- moving the game on -----------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Shuffle and deal the next deal."""
        return self._commit(self.table.next_deal(at=time.time()))

    def bot_move(self) -> Callable[[], PlayerAction]:
        """The bot to act, ready to decide from its own view only.

        The call touches nothing of the session, so an interface may run it in a worker
        thread and hand its result to :meth:`act` afterwards.
        """
        seat = self.state.current_seat
        if seat is None or seat == self.person or self.turn is not Turn.BOT:
            raise ValueError("no bot is to act now")
        name = self.bot_name(seat)
        assert name is not None
        bot = self.bots.get(name)
        if bot is None:
            bot = self.bots[name] = make_bot(name)
        rng = bot_rng(self.seed, self.moves)
        return functools.partial(bot.choose, observe(self.state, seat), rng)

    def hint_task(self, playouts: int = DEFAULT_PLAYOUTS) -> Callable[[], list[Estimate]]:
        """The person's hints (:func:`ascenseur.bots.hints.advice`) ready to compute.

        Like :meth:`bot_move`, the call reads only the person's view: run it anywhere.
        """
        if self.turn is not Turn.PERSON:
            raise ValueError("hints are for the person's turn")
        rng = hint_rng(self.seed, self.moves)
        return functools.partial(advice, self.view, rng, playouts)

    def advance(self) -> list[Event]:
        """One step that waits for no person: a deal or a bot's move ([] otherwise)."""
        turn = self.turn
        if turn is Turn.DEAL:
            return self.deal()
        if turn is Turn.BOT:
            return self.act(self.bot_move()())
        return []

    def act(self, action: PlayerAction) -> list[Event]:
        """Apply the bid or card of the seat to act; raises IllegalAction saying why not."""
        seat = self.state.current_seat
        deal = self.state.deal_index
        if seat is None:
            return self._commit(self.table.next_deal(at=time.time()))  # raises: not now
        by: By = "person" if seat == self.person else "bot"
        if self.table.actor(seat) is None and seat != self.person:
            by = "standin"
        event = self.table.move(seat, action, at=time.time(), cid=None, by=by)
        events = self._commit(event)
        for told in events:
            if isinstance(told, TrickTaken):
                self.last_trick = told.trick
                self.last_trick_deal = deal
        return events

    def _commit(self, event: Entry) -> list[Event]:
        """Store ``event`` (when there is a database), then make it the table's: the driver's
        commit (:func:`~ascenseur.tables.live.stage`, stored at the table's version, then
        made the table), with one person, no clock and no other process to race."""
        staged = stage(self.table, [event], time.time())
        if self.db is not None:
            self.db.append(self.table.id, self.table.version, [event], summary=staged.summary)
        self.table = staged.table
        return staged.told


def _entry(state: GameState, action: Action, at: float) -> Entry:
    """The log entry of ``action`` at ``state`` (a record being imported; its log names every
    card played, so a blind one's too, H5)."""
    if isinstance(action, Deal):
        hands = tuple(tuple(card.code for card in hand) for hand in action.hands)
        return DealEntry(at=at, deal=state.deal_index, hands=hands)
    seat = state.current_seat
    assert seat is not None
    if isinstance(action, Bid):
        return BidEntry(at=at, seat=seat, value=action.value, by="bot")
    card = action.card if isinstance(action, Play) else DECK[state.hand_mask(seat).bit_length() - 1]
    return PlayEntry(at=at, seat=seat, card=card.code, by="bot")


def hint_rng(seed: int | None, moves: int) -> random.Random:
    """The random source of the hints asked after ``moves`` actions of a game of ``seed``."""
    return random.Random(f"{seed}/hint/{moves}") if seed is not None else random.Random()


def _last_trick(view: Observation) -> TrickView | None:
    """The last finished trick a resumed person may see again."""
    if view.phase is Phase.PLAYING and view.tricks:
        return view.tricks[-1]
    return None
