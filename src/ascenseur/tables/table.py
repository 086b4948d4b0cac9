"""A table (table de jeu): its rules, seats and log, and the one place that moves it.

A :class:`Table` is the fold of its log (:mod:`ascenseur.tables.events`). Every change goes
the same way, whatever asks for it — a person in the browser, a person in the terminal, a
bot, the clock:

1. a command (:meth:`Table.take_seat`, :meth:`Table.move`, …) checks what is asked against
   the table as it stands and returns the event that would record it, or raises
   :class:`TableError` (or the core's :class:`IllegalAction`) saying why not;
2. the caller commits the event to the storage at version :attr:`Table.version` — the
   storage refuses a second event at one version, so two writers cannot fork a table;
3. :meth:`Table.fold` applies it, and returns what the game's public story gained.

The table does no I/O and keeps no secret it was not given: seat tokens live in the storage
(hashed), never in the log.

>>> from ascenseur.core.rules import Rules
>>> from ascenseur.tables.events import Created, SeatSpec
>>> table = Table("t1", [Created.of(Rules(players=3, max_cards=1), at=0.0, seed=7,
...     seats=(SeatSpec(), SeatSpec(bot="random"), SeatSpec()), host=0, first_dealer=0)])
>>> table.fold(table.take_seat("Ada", at=1.0))
[]
>>> table.fold(table.start(0, at=2.0))
[]
>>> [seat.label for seat in table.seats]
['Ada', 'bot:random', 'bot:heuristic']
>>> table.turn
<Turn.DEAL: 'deal'>
>>> [type(e).__name__ for e in table.fold(table.next_deal(at=3.0))]
['Dealt']
"""

from __future__ import annotations

import copy
import random
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ascenseur.bots import REGISTRY
from ascenseur.core.actions import Bid, Deal, MyCard, Play, PlayerAction
from ascenseur.core.cards import Card, cards_of
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.core.fairness import Fairness
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import Record, record_of
from ascenseur.core.state import GameState, Phase
from ascenseur.tables import story
from ascenseur.tables.events import (
    BidEntry,
    BotFailed,
    By,
    Chatted,
    Created,
    DealEntry,
    Event,
    PlayEntry,
    Restarted,
    Returned,
    SeatFreed,
    SeatMoved,
    SeatSet,
    SeatTaken,
    Started,
    StoodIn,
    Transferred,
)
from ascenseur.tables.fairness import fair_deal
from ascenseur.tables.story import Turn

#: Seat names in a record that start with this are bots (``bot:expert``); the rest are people.
BOT_PREFIX = "bot:"
#: Bots by preference when none is named.
PREFERRED_BOTS = ("heuristic", "expert", "random")


def default_bot() -> str:
    """The strongest registered bot among :data:`PREFERRED_BOTS`."""
    return next(name for name in PREFERRED_BOTS if name in REGISTRY)


#: Longest name at a table, longest chat line.
MAX_NAME = 40
MAX_CHAT = 300
#: The quick reactions anyone may send (shown in each person's language).
REACTIONS = ("well_played", "oops", "thanks", "hurry")


@dataclass(frozen=True, slots=True)
class Clock:
    """Seconds a person has for a bid and for a card."""

    bid: float
    card: float


#: Speed profiles: ``relaxed`` has no clock (only leaving the table calls in a bot).
PROFILES: dict[str, Clock | None] = {
    "relaxed": None,
    "normal": Clock(bid=45.0, card=30.0),
    "fast": Clock(bid=20.0, card=12.0),
}


def first_dealer(seed: int | None, players: int) -> int:
    """The first dealer (rule D2: drawn at random): from the seed, or the OS's source."""
    if seed is None:
        return secrets.randbelow(players)
    return random.Random(f"{seed}/first-dealer").randrange(players)


def bot_rng(seed: int | None, moves: int) -> random.Random:
    """The random source of a bot deciding after ``moves`` actions of a table of ``seed``
    (seeded tables replay exactly; the others draw from the OS)."""
    if seed is None:
        return random.Random(secrets.randbits(64))
    return random.Random(f"{seed}/bot/{moves}")


class TableError(AscenseurError):
    """A command the table refuses; ``code`` is stable, the message says why."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat: open, a bot's (``bot``), or a person's (``name``), perhaps with a bot
    (``standin``) playing for them while they are away. ``epoch`` is the version of the event
    that last gave or took the seat's token: a token from before it is void."""

    name: str | None = None
    bot: str | None = None
    standin: str | None = None
    epoch: int = 0

    @property
    def is_open(self) -> bool:
        return self.name is None and self.bot is None

    @property
    def is_person(self) -> bool:
        return self.name is not None and self.bot is None

    @property
    def label(self) -> str:
        """The seat as a record names it: the person's name, or ``bot:LEVEL``."""
        if self.bot is not None:
            return BOT_PREFIX + self.bot
        return self.name if self.name is not None else ""


def clean_text(text: str, limit: int, what: str, code: str) -> str:
    """``text`` without control characters and outer spaces; TableError if empty or too long."""
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c == " ").strip()
    if not kept:
        raise TableError(f"the {what} is empty", code=code)
    if len(kept) > limit:
        raise TableError(
            f"the {what} is {len(kept)} characters long; at most {limit} are allowed",
            code=code,
        )
    return kept


def person_name(name: str) -> str:
    """A person's name at the table, cleaned; TableError if empty, too long or a bot's."""
    kept = clean_text(name, MAX_NAME, "name", "bad-name")
    if kept.startswith(BOT_PREFIX):
        raise TableError(f"a name may not start with {BOT_PREFIX!r}", code="bad-name")
    return kept


def check_bot(level: str) -> str:
    if level not in REGISTRY:
        raise TableError(
            f"there is no bot {level!r}; the bots are {', '.join(sorted(REGISTRY))}",
            code="bad-bot",
        )
    return level


def table_record(table: Table) -> Record:
    """The table's game as an ``ascenseur-record/1`` record, with the commitment, salt and
    deck of every finished fair deal (``ascenseur check`` verifies them)."""
    finished = len(table.state.results)
    fairness = [
        Fairness(entry.commitment, entry.salt, entry.deck)
        if entry.commitment and entry.salt and entry.deck and j < finished
        else None
        for j, entry in enumerate(table.deals)
    ]
    return record_of(table.state, table.names, fairness)


class Table:
    """One table: the fold of its log. Commands check and return events; :meth:`fold` applies."""

    def __init__(self, table_id: str, events: Sequence[Event]) -> None:
        """The table ``table_id`` as its log leaves it (the first event is its Created)."""
        first = events[0] if events else None
        if not isinstance(first, Created):
            raise TableError(f"table {table_id}'s log does not start with its creation")
        self.id = table_id
        self.created = first
        self.rules = first.rule_set()
        players = self.rules.players
        if len(first.seats) != players or not 0 <= first.host < players:
            raise TableError(f"table {table_id} has {len(first.seats)} seats for {players}")
        self.state = GameState(self.rules, first.first_dealer)
        self.seats: list[Seat] = [Seat(bot=spec.bot) for spec in first.seats]
        self.events: list[Event] = [first]
        self.started = False
        #: When the seat to act started waiting (server time), for the clock.
        self.turn_since = first.at
        #: (seat, client id) → version of the event that applied it: resends are not replayed.
        self.cids: dict[tuple[int, str], int] = {}
        self.deals: list[DealEntry] = []
        self.chat: list[tuple[int, Chatted]] = []
        for event in events[1:]:
            self.fold(event)

    # -- reading ----------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many events the log holds: the version the next event will get."""
        return len(self.events)

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def host(self) -> int:
        return self.created.host

    @property
    def state_id(self) -> int:
        """The protocol's name for the game's state: how many actions (deals, bids, cards) it
        has taken. A move is accepted only from the state its sender saw."""
        return len(self.state.history)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats as a record names them (people by name, bots as ``bot:LEVEL``)."""
        return tuple(seat.label for seat in self.seats)

    @property
    def turn(self) -> Turn:
        if not self.started:
            return Turn.LOBBY
        if self.state.is_terminal():
            return Turn.OVER
        seat = self.state.current_seat
        if seat is None:
            return Turn.DEAL
        return Turn.PERSON if self.actor(seat) is None else Turn.BOT

    def actor(self, seat: int) -> str | None:
        """The bot that acts for ``seat`` now (its own, or a stand-in); None: its person."""
        row = self.seats[seat]
        return row.bot if row.bot is not None else row.standin

    @property
    def deadline(self) -> float | None:
        """When the person to act runs out of time (server time); None without a clock."""
        clock = PROFILES[self.created.profile]
        if clock is None or self.turn is not Turn.PERSON:
            return None
        limit = clock.bid if self.state.phase is Phase.BIDDING else clock.card
        return self.turn_since + limit

    def view(self, seat: int | None) -> Observation:
        """What ``seat`` may see now (None: a spectator) — :func:`observe`, nothing else."""
        return observe(self.state, seat)

    def copy(self) -> Table:
        """A copy that folds events without touching this table (events are shared: frozen)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.seats = list(self.seats)
        twin.events = list(self.events)
        twin.cids = dict(self.cids)
        twin.deals = list(self.deals)
        twin.chat = list(self.chat)
        return twin

    def applied(self, seat: int, cid: str) -> int | None:
        """The version at which ``seat``'s action ``cid`` was applied, if it was."""
        return self.cids.get((seat, cid))

    # -- commands: each checks and returns the event that records it --------------------------

    def take_seat(self, name: str, *, at: float, seat: int | None = None) -> SeatTaken:
        """``name`` sits on ``seat`` (default: the first open seat, the host's if open)."""
        self._before_start()
        person = person_name(name)
        if seat is None:
            order = [self.host, *range(self.rules.players)]
            seat = next((s for s in order if self.seats[s].is_open), None)
            if seat is None:
                raise TableError("every seat at this table is taken", code="table-full")
        self._check_seat(seat)
        if not self.seats[seat].is_open:
            raise TableError(f"seat {seat + 1} is not free", code="seat-taken")
        return SeatTaken(at=at, seat=seat, name=person)

    def free_seat(self, by: int, seat: int, *, at: float) -> SeatFreed:
        """The host removes the person on ``seat``; their token stops working."""
        self._host_before_start(by)
        self._check_seat(seat)
        if not self.seats[seat].is_person or seat == self.host:
            raise TableError(f"no guest sits on seat {seat + 1}", code="no-person")
        return SeatFreed(at=at, seat=seat)

    def move_seat(self, by: int, seat: int, to: int, *, at: float) -> SeatMoved:
        """The host moves the person on ``seat`` to the open seat ``to``."""
        self._host_before_start(by)
        self._check_seat(seat)
        self._check_seat(to)
        if not self.seats[seat].is_person:
            raise TableError(f"no one sits on seat {seat + 1}", code="no-person")
        if not self.seats[to].is_open:
            raise TableError(f"seat {to + 1} is not free", code="seat-taken")
        return SeatMoved(at=at, seat=seat, to=to)

    def set_seat(self, by: int, seat: int, bot: str | None, *, at: float) -> SeatSet:
        """The host makes an open ``seat`` a bot's (or a bot's seat open, ``bot`` None)."""
        self._host_before_start(by)
        self._check_seat(seat)
        if self.seats[seat].is_person:
            raise TableError(f"a person sits on seat {seat + 1}", code="seat-taken")
        return SeatSet(at=at, seat=seat, bot=None if bot is None else check_bot(bot))

    def start(self, by: int, *, at: float, bots: str | None = None) -> Started:
        """The host starts the game; open seats become bots (default: the stand-in level)."""
        self._host_before_start(by)
        return Started(at=at, bots=check_bot(bots or self.created.standin))

    def next_deal(self, *, at: float, rng: random.Random | None = None) -> DealEntry:
        """The cards of the next deal: from the seed, or shuffled fairly and committed to."""
        if self.turn is not Turn.DEAL:
            raise TableError("the cards are not to be dealt now", code="wrong-phase")
        j = self.state.deal_index
        seed = self.created.seed
        if seed is not None:
            deal = self.state.random_deal(random.Random(f"{seed}/deal/{j}"))
            hands = tuple(tuple(card.code for card in hand) for hand in deal.hands)
            return DealEntry(at=at, deal=j, hands=hands)
        fair = fair_deal(
            players=self.rules.players,
            hand_size=self.state.hand_size,
            dealer=self.state.dealer,
            rng=rng,
        )
        return DealEntry(
            at=at,
            deal=j,
            hands=fair.hands,
            commitment=fair.commitment,
            salt=fair.salt,
            deck=fair.deck,
        )

    def move(
        self, seat: int, action: PlayerAction, *, at: float, cid: str | None, by: By
    ) -> BidEntry | PlayEntry:
        """``seat``'s bid, card or "my card" (H5); the core's IllegalAction says why it may not.

        In a blind one-card deal (H5) the seat does not see its card: it plays "my card", and
        a card it names is refused with one answer whatever the card (an answer that told a
        right guess from a wrong one would show the card). The log names the card played.
        """
        if not self.started:
            raise TableError("the game has not started", code="not-started")
        if self.state.is_terminal():
            raise TableError("the game is over", code="game-over")
        if self.state.current_seat != seat:
            raise TableError("it is not your turn", code="not-your-turn")
        state = self.state
        if isinstance(action, Play) and state.phase is Phase.PLAYING and state.is_blind_deal:
            raise IllegalAction(
                f"seat {seat} cannot name a card in deal {state.deal_index + 1}: it is played "
                'blind (house rule H5), so the seat plays "my card" without seeing it',
                code="blind-card",
                seat=seat,
                deal=state.deal_index,
                trick=state.trick_number,
            )
        if not state.is_legal(action):  # the core's reason, on a copy: nothing changes
            story.apply_action(state.clone(), action)
        if isinstance(action, Bid):
            return BidEntry(at=at, seat=seat, value=action.value, cid=cid, by=by)
        if isinstance(action, MyCard):
            (card,) = cards_of(state.hand_mask(seat))  # a blind deal: one card
            return PlayEntry(at=at, seat=seat, card=card.code, cid=cid, by=by)
        return PlayEntry(at=at, seat=seat, card=action.card.code, cid=cid, by=by)

    def stand_in(
        self, seat: int, *, at: float, permanent: bool = False, by: int | None = None
    ) -> StoodIn:
        """A bot plays for the person on ``seat`` (for good if ``permanent``); ``by``: the seat
        that asks, which must be the host's (None: the table's own clock, a person away)."""
        if by is not None and by != self.host:
            raise TableError("only the host may do that", code="not-host")
        self._check_seat(seat)
        row = self.seats[seat]
        if not row.is_person:
            raise TableError(f"no person sits on seat {seat + 1}", code="no-person")
        if row.standin is not None and not permanent:
            raise TableError(f"a bot already plays for seat {seat + 1}", code="stood-in")
        return StoodIn(
            at=at, seat=seat, bot=row.standin or self.created.standin, permanent=permanent
        )

    def come_back(self, seat: int, *, at: float) -> Returned:
        self._check_seat(seat)
        if self.seats[seat].standin is None:
            raise TableError(f"seat {seat + 1} is played by its person", code="not-stood-in")
        return Returned(at=at, seat=seat)

    def transfer(self, seat: int, *, at: float) -> Transferred:
        self._check_seat(seat)
        if not self.seats[seat].is_person:
            raise TableError(f"no person sits on seat {seat + 1}", code="no-person")
        return Transferred(at=at, seat=seat)

    def say(
        self, seat: int | None, name: str, text: str, *, at: float, reaction: str | None = None
    ) -> Chatted:
        """A chat line (or a quick reaction) from ``seat`` (None: spectator ``name``)."""
        if reaction is not None:
            if reaction not in REACTIONS:
                raise TableError(
                    f"there is no reaction {reaction!r}; there are {', '.join(REACTIONS)}",
                    code="bad-reaction",
                )
            return Chatted(at=at, seat=seat, name=name, reaction=reaction)
        return Chatted(
            at=at, seat=seat, name=name, text=clean_text(text, MAX_CHAT, "chat line", "bad-chat")
        )

    def restarted(self, downtime: float, *, at: float) -> Restarted:
        return Restarted(at=at, downtime=max(0.0, downtime))

    def bot_failed(self, seat: int, bot: str, reason: str, *, at: float) -> BotFailed:
        return BotFailed(at=at, seat=seat, bot=bot, reason=reason[:200])

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.rules.players:
            raise TableError(
                f"there is no seat {seat + 1}; this table has seats 1 to {self.rules.players}",
                code="bad-seat",
            )

    def _before_start(self) -> None:
        if self.started:
            raise TableError("the game has started: the seats are set", code="started")

    def _host_before_start(self, by: int) -> None:
        if by != self.host:
            raise TableError("only the host may change the seats or start", code="not-host")
        self._before_start()

    # -- folding ----------------------------------------------------------------------------

    def fold(self, event: Event) -> list[story.Event]:  # noqa: C901 (a case per event kind)
        """Apply ``event`` (already committed); the public story it adds (game moves only)."""
        version = self.version
        told: list[story.Event] = []
        seats = self.seats
        match event:
            case SeatTaken(seat=seat, name=name):
                seats[seat] = Seat(name=name, epoch=version)
            case SeatFreed(seat=seat):
                seats[seat] = Seat(epoch=version)
            case SeatMoved(seat=seat, to=to):
                seats[to] = replace(seats[seat], epoch=version)
                seats[seat] = Seat(epoch=version)
            case SeatSet(seat=seat, bot=bot):
                seats[seat] = Seat(bot=bot, epoch=seats[seat].epoch)
            case Started(bots=bots):
                self.started = True
                self.turn_since = event.at
                for seat, row in enumerate(seats):
                    if row.is_open:
                        seats[seat] = Seat(bot=bots, epoch=row.epoch)
            case DealEntry(hands=hands):
                deal = Deal(tuple(tuple(Card.parse(code) for code in hand) for hand in hands))
                told = story.apply_action(self.state, deal)
                self.deals.append(event)
                self.turn_since = event.at
            case BidEntry(seat=seat, value=value, cid=cid):
                told = story.apply_action(self.state, Bid(value))
                self._moved(seat, cid, version, event.at)
            case PlayEntry(seat=seat, card=card, cid=cid):
                told = story.apply_action(self.state, Play(Card.parse(card)))
                self._moved(seat, cid, version, event.at)
            case StoodIn(seat=seat, bot=bot, permanent=permanent):
                row = seats[seat]
                if permanent:
                    seats[seat] = Seat(name=row.name, bot=bot, epoch=version)
                else:
                    seats[seat] = replace(row, standin=bot)
            case Returned(seat=seat):
                seats[seat] = replace(seats[seat], standin=None)
            case Transferred(seat=seat):
                seats[seat] = replace(seats[seat], epoch=version)
            case Chatted():
                self.chat.append((version, event))
            case Restarted(downtime=downtime):
                self.turn_since += downtime
            case BotFailed() | Created():
                pass
        self.events.append(event)
        return told

    def _moved(self, seat: int, cid: str | None, version: int, at: float) -> None:
        if cid is not None:
            self.cids[(seat, cid)] = version
        self.turn_since = at
