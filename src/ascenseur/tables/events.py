"""A table's log: every change to a table is one event, appended with the next version.

A table (table de jeu) is ``(Created, event, event, …)``: who sits where, when the game
started, every deal, bid and card, who was replaced by a bot and who came back, the chat.
Folding the log gives the table back exactly (:class:`ascenseur.tables.table.Table`); the
storage keeps nothing else that matters. The version of an event is its index in the log, so
versions are contiguous and the pair (table, version) is the fence that keeps two writers from
forking a table.

Some events hold secrets: :class:`DealEntry` holds every hand, the deck and its salt. They never
leave the server as they are: what a seat is told of any event is built by
:mod:`ascenseur.tables.story` from the seat's own view.

>>> event = BidEntry(at=1.5, seat=2, value=3, cid="c-1", by="person")
>>> decode(encode(event)) == event
True
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import Struct

from ascenseur.core.rules import Rules

#: How a table is paced: ``relaxed`` has no clock; the others give each person so many seconds.
Profile = Literal["relaxed", "normal", "fast"]
#: Who made a move for a seat: its person, its bot, the bot on a person's timeout, or the bot
#: that stands in for a person who left.
By = Literal["person", "bot", "timeout", "standin"]
#: Where a table was opened.
Origin = Literal["web", "terminal"]


class _Event(Struct, frozen=True, tag_field="kind", kw_only=True):
    """Something that happened to a table at server time ``at`` (seconds since the epoch)."""

    at: float


class SeatSpec(Struct, frozen=True, kw_only=True):
    """A seat as the host set it: a bot of level ``bot``, or open for a person (``bot`` None)."""

    bot: str | None = None


class Created(_Event, frozen=True, tag="created", kw_only=True):
    """The table is set: its rules, pace and seats; ``host`` is the creator's seat.

    ``rules`` is the rule set whole, as a record's ``rules`` object (:meth:`Rules.to_json`);
    it is checked by the one parser, :meth:`Rules.from_json`, when the event is made or read
    (:meth:`rule_set` gives the value). Make one with :meth:`of`.

    ``seed`` set: the deals are drawn from it (solo games, practice, tests); None: each deal is
    shuffled with the OS's random source and committed to before play (:class:`DealEntry`).
    """

    rules: dict[str, Any]
    profile: Profile = "relaxed"
    spectators: bool = True
    seats: tuple[SeatSpec, ...]
    host: int
    first_dealer: int
    seed: int | None = None
    standin: str = "heuristic"
    grace: float = 30.0
    summary_seconds: float = 8.0
    origin: Origin = "web"

    def __post_init__(self) -> None:
        # A RulesError (a ValueError) here is a ValidationError when the event is decoded.
        self.rule_set()

    def rule_set(self) -> Rules:
        """The table's rule set (checked: :class:`RulesError` says what is wrong)."""
        return Rules.from_json(self.rules)

    @classmethod
    def of(cls, rules: Rules, **fields: Any) -> Created:
        """The Created event of a table playing ``rules`` (the other fields by name)."""
        return cls(rules=rules.to_json(), **fields)


class SeatTaken(_Event, frozen=True, tag="seat_taken", kw_only=True):
    """A person named ``name`` sits on ``seat`` (a new token for it is issued with this event)."""

    seat: int
    name: str


class SeatFreed(_Event, frozen=True, tag="seat_freed", kw_only=True):
    """The person on ``seat`` is removed by the host (before the start): the seat is open."""

    seat: int


class SeatMoved(_Event, frozen=True, tag="seat_moved", kw_only=True):
    """The host moves the person on ``seat`` to the open seat ``to`` (before the start)."""

    seat: int
    to: int


class SeatSet(_Event, frozen=True, tag="seat_set", kw_only=True):
    """The host makes an open ``seat`` a bot of level ``bot``, or a bot's seat open (None)."""

    seat: int
    bot: str | None


class Started(_Event, frozen=True, tag="started", kw_only=True):
    """The game starts; the seats still open become bots of level ``bots``."""

    bots: str


class DealEntry(_Event, frozen=True, tag="dealt", kw_only=True):
    """Deal ``deal`` (0-based): every hand (secret until the game is over).

    With a fair deal, ``commitment`` = SHA-256(salt ‖ deck) is public from this event on, and
    ``salt`` and ``deck`` (the shuffled order the hands were dealt from) are revealed when the
    deal ends.
    """

    deal: int
    hands: tuple[tuple[str, ...], ...]
    commitment: str | None = None
    salt: str | None = None
    deck: tuple[str, ...] | None = None


class BidEntry(_Event, frozen=True, tag="bid", kw_only=True):
    """``seat`` bids ``value``; ``cid`` is the client's id of the action (exactly once)."""

    seat: int
    value: int
    cid: str | None = None
    by: By = "person"


class PlayEntry(_Event, frozen=True, tag="card", kw_only=True):
    """``seat`` plays the card of code ``card``; ``cid`` as for :class:`BidEntry`."""

    seat: int
    card: str
    cid: str | None = None
    by: By = "person"


class StoodIn(_Event, frozen=True, tag="stood_in", kw_only=True):
    """A bot of level ``bot`` plays for the person on ``seat``, who has been away too long.

    ``permanent``: the host gave the seat to the bot for good; the person's token is void.
    """

    seat: int
    bot: str
    permanent: bool = False


class Returned(_Event, frozen=True, tag="returned", kw_only=True):
    """The person on ``seat`` is back and plays again."""

    seat: int


class Transferred(_Event, frozen=True, tag="transferred", kw_only=True):
    """The person on ``seat`` moved to another device: the old token is void."""

    seat: int


class Chatted(_Event, frozen=True, tag="chat", kw_only=True):
    """``seat`` (None: a spectator called ``name``) says ``text``, or a quick ``reaction``."""

    seat: int | None
    name: str
    text: str = ""
    reaction: str | None = None


class Restarted(_Event, frozen=True, tag="restarted", kw_only=True):
    """The server came back after ``downtime`` seconds: every clock is extended by it."""

    downtime: float


class BotFailed(_Event, frozen=True, tag="bot_failed", kw_only=True):
    """The bot on ``seat`` could not decide (``reason``); the table is told, nothing moved."""

    seat: int
    bot: str
    reason: str


Event = (
    Created
    | SeatTaken
    | SeatFreed
    | SeatMoved
    | SeatSet
    | Started
    | DealEntry
    | BidEntry
    | PlayEntry
    | StoodIn
    | Returned
    | Transferred
    | Chatted
    | Restarted
    | BotFailed
)
#: Events that move the game itself (the core's actions).
GameMove = DealEntry | BidEntry | PlayEntry

_encoder = msgspec.json.Encoder()
_decoder: msgspec.json.Decoder[Event] = msgspec.json.Decoder(Event)
_list_decoder: msgspec.json.Decoder[list[Event]] = msgspec.json.Decoder(list[Event])


def encode(event: Event) -> bytes:
    """The event as stored: a JSON object with its ``kind``."""
    return _encoder.encode(event)


def decode(data: bytes | str) -> Event:
    """An event from its stored form; ``msgspec.ValidationError`` if it is not one."""
    return _decoder.decode(data)


def decode_list(data: bytes | str) -> list[Event]:
    """Events from a JSON array of their stored forms; ``msgspec.ValidationError`` if not."""
    return _list_decoder.decode(data)


def secret(event: Event) -> bool:
    """Whether ``event`` holds what some seat may not see: a deal's hands and deck, the
    seed a table's deals come from."""
    return isinstance(event, DealEntry | Created)


def upgraded(data: bytes | str) -> bytes | None:
    """An event as stored before the rule set travelled whole — a Created holding
    ``players``, ``max_cards`` and ``hook`` one by one — in its stored form now (the rule set
    whole, checked by :meth:`Rules.from_json`); None if it needs no change. The storage's
    migrations rewrite old logs with it.

    >>> upgraded(b'{"kind":"bid","at":1.0,"seat":0,"value":1}') is None
    True
    >>> old = (b'{"kind":"created","at":0.0,"players":3,"max_cards":2,"hook":true,'
    ...        b'"seats":[{},{},{}],"host":0,"first_dealer":1}')
    >>> decode(upgraded(old)).rule_set()
    Rules.from_json({'players': 3, 'max_cards': 2, 'hook': True})
    """
    raw = msgspec.json.decode(data)
    if not isinstance(raw, dict) or raw.get("kind") != "created" or "rules" in raw:
        return None
    rules = Rules(raw.pop("players"), raw.pop("max_cards", None), bool(raw.pop("hook", False)))
    raw["rules"] = rules.to_json()
    return encode(decode(msgspec.json.encode(raw)))
