"""The web protocol ``ascenseur-web/2``: every message between a page and the server.

Messages are JSON objects with a ``type``. A client sends :data:`ClientMessage`; the server
sends :data:`ServerMessage`. A connection first takes its place at a table with the protocol
:data:`VERSION`: ``create`` (a new table, as its host), ``join`` (a free seat, with an
invitation code), ``watch`` (a spectator), ``resume`` (its own seat again, with the seat's
token) or ``claim`` (its seat moved from another device). The server answers ``welcome`` then
a ``state``, and a new ``state`` after every change at the table, each built from the
connection's own seat's view, with the table's log ``version``. Actions carry the game
``state`` id the client saw — the number of actions the game has seen — and any other id is
*stale* and refused; their ``cid`` makes a resend after a lost answer harmless. ``ref`` is the
client's own number for a message; the answer to it (``ack``, ``error``, ``hints``, ``pong``,
``welcome``, ``transfer_code``) repeats it.

The JSON Schema of every message is :func:`ascenseur.web.schema.schema` (served at
``/api/protocol.json`` and kept in ``docs/web-protocol.schema.json``).

>>> decode('{"type": "bid", "state": 7, "value": 2, "cid": "a1", "ref": 1}')
BidAction(state=7, value=2, cid='a1', ref=1)
>>> decode('{"type": "bid", "state": "7", "value": 2}')
Traceback (most recent call last):
...
ascenseur.web.protocol.ProtocolError: Expected `int`, got `str` - at `$.state`
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from ascenseur.core.errors import AscenseurError

PROTOCOL = "ascenseur-web/2"
VERSION = 2
#: Longer messages are refused unread (the longest legal one is far shorter).
MAX_MESSAGE_BYTES = 16_384

GameId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
PlayerToken = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$")]
Ref = Annotated[int, Meta(ge=0, le=2**53)]
StateId = Annotated[int, Meta(ge=0)]
Lang = Literal["en", "fr"]
PersonName = Annotated[str, Meta(min_length=1, max_length=40)]
BotName = Annotated[str, Meta(min_length=1, max_length=40)]


#: The fields that hold a secret — a seat's token, an invite code, a transfer code: whoever
#: reads one takes the seat. A message's ``repr`` (what a log line or a traceback shows)
#: never prints them.
SECRET_FIELDS = frozenset({"token", "invite", "code"})
HIDDEN = "<hidden>"


class _Message(Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """A message; its ``type`` is the class's tag.

    Its ``repr`` hides :data:`SECRET_FIELDS`:

    >>> Resume(version=2, table="t1", token="rXeu" * 8)
    Resume(version=2, lang='en', table='t1', token='<hidden>', since=None, ref=None)
    """

    def __repr__(self) -> str:
        shown = (
            f"{name}={HIDDEN if name in SECRET_FIELDS else getattr(self, name)!r}"
            for name in self.__struct_fields__
        )
        return f"{type(self).__name__}({', '.join(shown)})"


# -- from the client ------------------------------------------------------------------------

Token = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$")]
Invite = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{6,16}$")]
ClientId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")]
Seat = Annotated[int, Meta(ge=0, le=9)]
Version = Annotated[int, Meta(ge=0)]
Profile = Literal["relaxed", "normal", "fast"]


class Greeting(_Message, kw_only=True):
    """A message that takes a place at a table (create, join, watch, resume, claim): it says
    which version of this protocol the page speaks (:data:`VERSION`) and in which
    language the server's sentences are wanted."""

    version: int
    lang: Lang = "en"


class Create(Greeting, tag="create", kw_only=True):
    """Open a table and sit on its first seat as its host.

    ``rules`` is the table's rule set as a record's ``rules`` object (RULES.md §6, §7): e.g.
    ``{"players": 3, "max_cards": 5, "schedule": "down-up", "bidding": "simultaneous"}``;
    the server checks it with the one parser of a rule set and refuses a bad one (code
    ``bad-rules``, a sentence naming the field). ``seats[i]`` is the bot level of seat
    ``i + 1``, or None to keep it open for a friend (one for each player but the host);
    ``start`` starts at once (a game against bots). The answer is ``welcome`` with the seat's
    token and the table's invite code.
    """

    name: PersonName
    rules: dict[str, Any]
    seats: list[BotName | None]
    profile: Profile = "relaxed"
    spectators: bool = True
    standin: BotName = "heuristic"
    grace: Annotated[float, Meta(ge=0, le=3600)] = 30.0
    summary_seconds: Annotated[float, Meta(ge=0, le=600)] = 8.0
    start: bool = False
    ref: Ref | None = None


class Join(Greeting, tag="join", kw_only=True):
    """Take a free seat at the table of invite code ``invite`` under ``name``."""

    invite: Invite
    name: PersonName
    ref: Ref | None = None


class Watch(Greeting, tag="watch", kw_only=True):
    """Watch the table of invite code ``invite`` (if its host allows): no hand is shown."""

    invite: Invite
    since: Version | None = None
    ref: Ref | None = None


class Resume(Greeting, tag="resume", kw_only=True):
    """Come back to one's seat at ``table`` with its ``token``; ``since`` is the last version
    seen: the events after it are sent, or a fresh view if they are too many."""

    table: GameId
    token: Token
    since: Version | None = None
    ref: Ref | None = None


class Claim(Greeting, tag="claim", kw_only=True):
    """Take one's seat to this device with a one-time transfer ``code``."""

    code: Token
    ref: Ref | None = None


class BidAction(_Message, tag="bid", kw_only=True):
    """Bid (annonce) ``value`` tricks, seen from game state ``state``; ``cid`` makes a resend
    after a lost answer harmless (it is applied once)."""

    state: StateId
    value: int
    cid: ClientId | None = None
    ref: Ref | None = None


class PlayAction(_Message, tag="play", kw_only=True):
    """Play the card of code ``card`` (``H10``, ``T21``, ``EX``), seen from state ``state``."""

    state: StateId
    card: Annotated[str, Meta(max_length=8)]
    cid: ClientId | None = None
    ref: Ref | None = None


class MyCardAction(_Message, tag="my_card", kw_only=True):
    """Play one's card without seeing it, seen from state ``state``: the play of a blind
    one-card deal (house rule H5), where the view's ``my_card`` is true."""

    state: StateId
    cid: ClientId | None = None
    ref: Ref | None = None


class HintRequest(_Message, tag="hint", kw_only=True):
    """The expected points of each legal choice of the seat, at state ``state``."""

    state: StateId
    ref: Ref | None = None


class Say(_Message, tag="say", kw_only=True):
    """A chat line (at most 300 characters, shown as text), or a quick ``reaction``."""

    text: Annotated[str, Meta(max_length=1200)] = ""
    reaction: Annotated[str, Meta(max_length=20)] | None = None
    ref: Ref | None = None


class Ready(_Message, tag="ready", kw_only=True):
    """This person has seen the deal's summary: the next deal may come."""

    ref: Ref | None = None


class HostAction(_Message, tag="host", kw_only=True):
    """The host sets the table before the start, or gives an absent person's seat to its bot:
    ``start``, ``free`` (remove the person on ``seat``), ``move`` (``seat`` to ``to``),
    ``bot`` (make ``seat`` a bot of level ``bot``, or open if None), ``stand_in`` (a bot
    plays now for the absent person on ``seat``, who takes the seat back on return),
    ``keep_bot`` (the stand-in keeps ``seat`` for good)."""

    action: Literal["start", "free", "move", "bot", "stand_in", "keep_bot"]
    seat: Seat | None = None
    to: Seat | None = None
    bot: BotName | None = None
    ref: Ref | None = None


class TransferRequest(_Message, tag="transfer", kw_only=True):
    """A one-time code to take this seat to another device (shown to its holder only)."""

    ref: Ref | None = None


class Ping(_Message, tag="ping", kw_only=True):
    ref: Ref | None = None


ClientMessage = (
    Create
    | Join
    | Watch
    | Resume
    | Claim
    | BidAction
    | PlayAction
    | MyCardAction
    | HintRequest
    | Say
    | Ready
    | HostAction
    | TransferRequest
    | Ping
)


# -- from the server ------------------------------------------------------------------------


class SeatInfo(Struct, kw_only=True):
    """Who sits on a seat: its name for people (``Bot 2`` for a bot), the bot's level, the
    bot standing in for an absent person, whether the person is connected, an open seat."""

    name: str
    bot: str | None
    standin: str | None = None
    connected: bool = False
    open: bool = False


class ScoringInfo(Struct, kw_only=True):
    """A scoring table (H2): a deal scores ``per_trick × tricks``, plus ``exact_base +
    exact_per_bid × bid`` when exact, otherwise minus ``miss_base + miss_per_trick × miss``."""

    exact_base: int
    exact_per_bid: int
    miss_base: int
    miss_per_trick: int
    per_trick: int


class RulesInfo(Struct, kw_only=True):
    """The table's rule set (RULES.md §2–§5, §7): ``schedule`` the hand size of each deal
    (H1), ``shape`` the shape it was made from (None: an explicit list), ``scoring`` its
    table (H2) and ``scoring_name`` the name of the table people play it is (None: its own
    numbers), ``lead_restriction`` (H3), ``bidding`` (H4: ``in-turn`` or ``simultaneous``),
    ``blind_one_card`` (H5); ``record``: the rule set as a record's ``rules`` object, the form
    a ``create`` sends."""

    players: int
    max_cards: int
    hook: bool
    deal_count: int
    schedule: list[int]
    shape: str | None
    scoring: ScoringInfo
    scoring_name: str | None
    lead_restriction: bool
    bidding: str
    blind_one_card: bool
    record: dict[str, Any]


class PlayedCard(Struct, kw_only=True):
    seat: int
    card: str


class TrickInfo(Struct, kw_only=True):
    """A finished trick (pli): who led, the cards in play order, who won."""

    leader: int
    cards: list[str]
    winner: int


class DealScore(Struct, kw_only=True):
    """A finished deal: its dealer, hand size, and bids, tricks and points by seat."""

    dealer: int
    hand_size: int
    bids: list[int]
    tricks: list[int]
    scores: list[int]


class ChatLine(Struct, kw_only=True):
    """A chat line: its seat (None: a spectator), the name, the text or a quick reaction."""

    version: int
    seat: int | None
    name: str
    text: str
    reaction: str | None = None


class TableView(Struct, kw_only=True):
    """All that seat ``seat`` may know (None: a spectator), from ``observe``.

    ``hand`` is sorted as people hold it; ``legal_bids``/``legal_cards`` are empty unless it
    is the seat's turn; ``forbidden_bid`` is the bid the hook forbids it now. ``has_bid``:
    who has bid in this deal; under simultaneous bidding (H4) ``bids`` holds the seat's own
    bid only (the others None) until the deal's last bid is in. In a blind one-card deal (H5)
    ``hand`` is empty until the seat's card is played, ``seen_hands`` names the cards of the
    others by seat (all empty otherwise), and ``my_card`` is true when the seat's one legal
    action is to play its card unseen (a ``my_card`` message; ``legal_cards`` is empty). ``ranking``
    (the final ranking in words) and ``winners`` are filled once the game is over. ``clock``:
    seconds left to the person to act (None: no clock); ``commitment``: the current deal's
    SHA-256 commitment; ``summary``: the last deal's result is on show until ``ready`` holds
    every person present; ``version``: the table's log version this view is at; ``winning``:
    the seat whose card wins the trick on the table so far (rule P9), if a card is down.
    """

    table: str
    version: int
    state: int
    seat: int | None
    host: int
    profile: str
    phase: Literal["lobby", "dealing", "bidding", "playing", "over"]
    rules: RulesInfo
    seats: list[SeatInfo]
    deal: int
    hand_size: int
    dealer: int
    current: int | None
    hand: list[str]
    hand_counts: list[int]
    bids: list[int | None]
    has_bid: list[bool]
    tricks_won: list[int]
    leader: int | None
    trick: list[PlayedCard]
    tricks: list[TrickInfo]
    legal_bids: list[int]
    legal_cards: list[str]
    my_card: bool
    seen_hands: list[list[str]]
    forbidden_bid: int | None
    totals: list[int]
    results: list[DealScore]
    winners: list[int]
    ranking: list[str]
    clock: float | None = None
    commitment: str | None = None
    summary: bool = False
    ready: list[int] = []
    spectators: int = 0
    chat: list[ChatLine] = []
    winning: int | None = None


class _Event(Struct, tag_field="kind", kw_only=True):
    """Something that happened, with ``text``: the same in words, in the connection's language."""

    text: list[str]


class DealtEvent(_Event, tag="dealt", kw_only=True):
    deal: int
    dealer: int
    hand_size: int


class BidEvent(_Event, tag="bid", kw_only=True):
    """``seat`` bids ``value``; None: it has bid with a closed fist (H4), and every bid is
    shown together by the deal's ``bids_shown``."""

    seat: int
    value: int | None


class BidsShownEvent(_Event, tag="bids_shown", kw_only=True):
    """The deal's last bid with closed fists is in (H4): every bid, by seat."""

    deal: int
    bids: list[int]


class CardEvent(_Event, tag="card", kw_only=True):
    seat: int
    card: str


class TrickEvent(_Event, tag="trick", kw_only=True):
    number: int
    trick: TrickInfo


class ScoredEvent(_Event, tag="scored", kw_only=True):
    deal: int
    result: DealScore
    totals: list[int]


class OverEvent(_Event, tag="over", kw_only=True):
    totals: list[int]
    winners: list[int]


class ChatEvent(_Event, tag="chat", kw_only=True):
    line: ChatLine


class NoticeEvent(_Event, tag="notice", kw_only=True):
    """Something about the table: a seat taken or changed, a stand-in bot, a restart."""

    code: str


class RevealEvent(_Event, tag="reveal", kw_only=True):
    """Deal ``deal`` is over: the salt and deck order its ``commitment`` promised."""

    deal: int
    commitment: str
    salt: str
    deck: list[str]


GameEvent = (
    DealtEvent
    | BidEvent
    | BidsShownEvent
    | CardEvent
    | TrickEvent
    | ScoredEvent
    | OverEvent
    | ChatEvent
    | NoticeEvent
    | RevealEvent
)


class Welcome(_Message, tag="welcome", kw_only=True):
    """At table ``table`` on seat ``seat`` (None: watching). ``token`` is sent once, when the
    server makes it: the client keeps it to come back; ``invite`` is the table's code."""

    protocol: str = PROTOCOL
    version: int = VERSION
    table: str
    seat: int | None
    host: bool = False
    token: str | None = None
    invite: str | None = None
    ref: int | None = None


class StateUpdate(_Message, tag="state", kw_only=True):
    """The table as the connection's seat sees it now, and the ``events`` that led there;
    ``resync``: events were missed and are not all sent (the view is whole)."""

    view: TableView
    events: list[GameEvent]
    resync: bool = False


class Ack(_Message, tag="ack", kw_only=True):
    """The action of message ``ref`` is committed: the game is at ``state``, the table's log
    at ``version``."""

    ref: int | None
    state: int
    version: int = 0


class Presence(_Message, tag="presence", kw_only=True):
    """Who is connected now, seat by seat, and how many watch."""

    connected: list[bool]
    spectators: int


class TransferCode(_Message, tag="transfer_code", kw_only=True):
    """A one-time code that takes this seat to another device within ``seconds``."""

    code: str
    seconds: int
    ref: int | None = None


class ErrorMessage(_Message, tag="error", kw_only=True):
    """Message ``ref`` is refused: ``code`` is stable (the core's reason codes among them),
    ``message`` a sentence in the connection's language; ``state`` the game's state id."""

    code: str
    message: str
    ref: int | None = None
    state: int | None = None


class HintOption(Struct, kw_only=True):
    """One legal choice — a ``bid``, a ``card``, or ``my_card`` (the unseen card of a blind
    one-card deal, H5) — and the points it may expect this deal.

    ``exact``: the share (0–1) of the deals tried in which the seat then takes exactly its
    bid — for a bid, the chance of taking exactly that many tricks; for a card, of making the
    bid; ``worlds``: how many deals were tried (both None when not known).
    """

    bid: int | None = None
    card: str | None = None
    my_card: bool = False
    points: float
    exact: float | None = None
    worlds: int | None = None


class Hints(_Message, tag="hints", kw_only=True):
    ref: int | None
    state: int
    options: list[HintOption]


class Pong(_Message, tag="pong", kw_only=True):
    ref: int | None = None


ServerMessage = Welcome | StateUpdate | Ack | ErrorMessage | Hints | Pong | Presence | TransferCode


# -- over HTTP -------------------------------------------------------------------------------


class GameLine(Struct, kw_only=True):
    """A table in this browser's list (``POST /api/tables/mine``); ``your_seat`` is its own."""

    id: str
    created: float
    updated: float
    rules: RulesInfo
    seats: list[SeatInfo]
    started: bool
    over: bool
    version: int
    deals: int
    totals: list[int]
    winners: list[int]
    your_seat: int | None


class GameList(Struct, kw_only=True):
    games: list[GameLine]


class RulesCatalogue(Struct, kw_only=True):
    """What a table's rule set may be (``GET /api/rules``), for the form that makes one:
    the presets by name (each the §7 fields it sets, as a record writes them), the scoring
    tables people play, the schedule shapes, the bidding modes, and the limits of an explicit
    schedule's length and of a scoring number."""

    presets: dict[str, dict[str, Any]]
    scoring_tables: dict[str, ScoringInfo]
    shapes: list[str]
    bidding: list[str]
    max_schedule_length: int
    max_scoring_number: int


class ReplayStep(Struct, kw_only=True):
    """One position of a replay, every hand shown: ``hands`` as dealt, ``played`` the cards
    gone from them; ``results`` counts the deals finished."""

    text: str
    deal: int | None
    hand_size: int
    dealer: int
    hands: list[list[str]]
    played: list[str]
    bids: list[int | None]
    won: list[int]
    trick_number: int
    trick: list[PlayedCard]
    winner: int | None
    current: int | None
    totals: list[int]
    results: int


class Replay(Struct, kw_only=True):
    """A finished game step by step (``POST /api/tables/{id}/replay`` with a seat's token)."""

    game: str
    rules: RulesInfo
    seats: list[SeatInfo]
    steps: list[ReplayStep]
    results: list[DealScore]
    ranking: list[str]


# -- reading and writing --------------------------------------------------------------------


class ProtocolError(AscenseurError):
    """A message that is not one of :data:`ClientMessage`: ``code`` says how.

    ``bad-json`` (not JSON text), ``bad-message`` (not a message of this protocol; the
    sentence names the field), ``too-large``, ``too-deep`` (JSON nested deeper than a reader
    follows: ``[[[[…``).
    """

    code = "bad-message"


_decoder: msgspec.json.Decoder[ClientMessage] = msgspec.json.Decoder(ClientMessage)
_encoder = msgspec.json.Encoder()


def decode(data: str | bytes) -> ClientMessage:
    """The message in ``data``; raises :class:`ProtocolError` saying what is wrong."""
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            f"the message is {len(data)} long; at most {MAX_MESSAGE_BYTES} is read",
            code="too-large",
        )
    try:
        return _decoder.decode(data)
    except msgspec.ValidationError as err:
        raise ProtocolError(str(err), code="bad-message") from None
    except msgspec.DecodeError as err:
        raise ProtocolError(str(err), code="bad-json") from None
    except RecursionError:  # a Create's free-form rules object nested thousands deep
        raise ProtocolError("the JSON is nested too deep", code="too-deep") from None


def ref_of(data: str | bytes) -> int | None:
    """The ``ref`` of a message that could not be read as a whole, when it has a usable one."""
    try:
        raw = msgspec.json.decode(data) if len(data) <= MAX_MESSAGE_BYTES else None
    except (msgspec.DecodeError, RecursionError):  # RecursionError: ``[[[[…`` 2 KB deep
        return None
    ref = raw.get("ref") if isinstance(raw, dict) else None
    if type(ref) is int and 0 <= ref <= 2**53:
        return ref
    return None


def encode(message: ServerMessage) -> bytes:
    return _encoder.encode(message)
