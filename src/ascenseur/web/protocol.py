"""The web protocol ``ascenseur-web/1``: every message between a page and the server.

Messages are JSON objects with a ``type``. A client sends :data:`ClientMessage`; the server
sends :data:`ServerMessage`. A connection first says ``join`` (or ``new_game``) with the
protocol :data:`VERSION`; the server answers ``welcome`` then a ``state``, and a new ``state``
after every action of the game, each built from the connection's own seat's view. Actions
carry the ``state`` id the client saw — the number of actions the game has seen — and any
other id is *stale* and refused. ``ref`` is the client's own number for a message; the answer
to it (``ack``, ``error``, ``hints``, ``pong``, ``welcome``) repeats it.

The JSON Schema of every message is :func:`ascenseur.web.schema.schema` (served at
``/api/protocol.json`` and kept in ``docs/web-protocol.schema.json``).

>>> decode('{"type": "bid", "state": 7, "value": 2, "ref": 1}')
BidAction(state=7, value=2, ref=1)
>>> decode('{"type": "bid", "state": "7", "value": 2}')
Traceback (most recent call last):
...
ascenseur.web.protocol.ProtocolError: Expected `int`, got `str` - at `$.state`
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from ascenseur.core.errors import AscenseurError

PROTOCOL = "ascenseur-web/1"
VERSION = 1
#: Longer messages are refused unread (the longest legal one is far shorter).
MAX_MESSAGE_BYTES = 16_384

GameId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
PlayerToken = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$")]
Ref = Annotated[int, Meta(ge=0, le=2**53)]
StateId = Annotated[int, Meta(ge=0)]
Lang = Literal["en", "fr"]
PersonName = Annotated[str, Meta(min_length=1, max_length=40)]
BotName = Annotated[str, Meta(min_length=1, max_length=40)]


class _Message(Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """A message; its ``type`` is the class's tag."""


# -- from the client ------------------------------------------------------------------------


class Join(_Message, tag="join", kw_only=True):
    """Sit at game ``game`` as the seat bound to ``player`` — or watch it, seeing no hand."""

    version: int
    game: GameId
    player: PlayerToken | None = None
    lang: Lang = "en"
    ref: Ref | None = None


class NewGame(_Message, tag="new_game", kw_only=True):
    """Start a game and join it: ``name`` on seat 0, ``bots[i]`` on seat i + 1.

    Without ``player`` the server makes a player token and sends it in ``welcome``: the client
    keeps it to come back to its seat.
    """

    version: int
    players: Annotated[int, Meta(ge=3, le=10)]
    max_cards: int | None = None
    hook: bool = False
    bots: list[BotName]
    name: PersonName
    lang: Lang = "en"
    player: PlayerToken | None = None
    ref: Ref | None = None


class BidAction(_Message, tag="bid", kw_only=True):
    """Bid (annonce) ``value`` tricks, seen from state ``state``."""

    state: StateId
    value: int
    ref: Ref | None = None


class PlayAction(_Message, tag="play", kw_only=True):
    """Play the card of code ``card`` (``H10``, ``T21``, ``EX``), seen from state ``state``."""

    state: StateId
    card: Annotated[str, Meta(max_length=8)]
    ref: Ref | None = None


class HintRequest(_Message, tag="hint", kw_only=True):
    """The expected points of each legal choice of the seat, at state ``state``."""

    state: StateId
    ref: Ref | None = None


class Ping(_Message, tag="ping", kw_only=True):
    ref: Ref | None = None


ClientMessage = Join | NewGame | BidAction | PlayAction | HintRequest | Ping
PlayerMessage = BidAction | PlayAction | HintRequest


# -- from the server ------------------------------------------------------------------------


class SeatInfo(Struct, kw_only=True):
    """Who sits on a seat: its name for people (``Bot 2`` for a bot) and the bot's level."""

    name: str
    bot: str | None


class RulesInfo(Struct, kw_only=True):
    players: int
    max_cards: int
    hook: bool
    deal_count: int


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


class TableView(Struct, kw_only=True):
    """All that seat ``seat`` may know (None: a spectator), from ``observe``.

    ``hand`` is sorted as people hold it; ``legal_bids``/``legal_cards`` are empty unless it
    is the seat's turn; ``forbidden_bid`` is the bid the hook forbids it now. ``ranking``
    (the final ranking in words) and ``winners`` are filled once the game is over.
    """

    game: str
    state: int
    seat: int | None
    phase: Literal["dealing", "bidding", "playing", "over"]
    rules: RulesInfo
    seats: list[SeatInfo]
    deal: int
    hand_size: int
    dealer: int
    current: int | None
    hand: list[str]
    hand_counts: list[int]
    bids: list[int | None]
    tricks_won: list[int]
    leader: int | None
    trick: list[PlayedCard]
    tricks: list[TrickInfo]
    legal_bids: list[int]
    legal_cards: list[str]
    forbidden_bid: int | None
    totals: list[int]
    results: list[DealScore]
    winners: list[int]
    ranking: list[str]


class _Event(Struct, tag_field="kind", kw_only=True):
    """Something that happened, with ``text``: the same in words, in the connection's language."""

    text: list[str]


class DealtEvent(_Event, tag="dealt", kw_only=True):
    deal: int
    dealer: int
    hand_size: int


class BidEvent(_Event, tag="bid", kw_only=True):
    seat: int
    value: int


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


GameEvent = DealtEvent | BidEvent | CardEvent | TrickEvent | ScoredEvent | OverEvent


class Welcome(_Message, tag="welcome", kw_only=True):
    """Joined game ``game`` on seat ``seat`` (None: watching); ``player`` is the client's token."""

    protocol: str = PROTOCOL
    version: int = VERSION
    game: str
    seat: int | None
    player: str | None
    ref: int | None = None


class StateUpdate(_Message, tag="state", kw_only=True):
    """The table as the connection's seat sees it now, and the ``events`` that led there."""

    view: TableView
    events: list[GameEvent]


class Ack(_Message, tag="ack", kw_only=True):
    """The action of message ``ref`` is committed: the game is now at ``state``."""

    ref: int | None
    state: int


class ErrorMessage(_Message, tag="error", kw_only=True):
    """Message ``ref`` is refused: ``code`` is stable (the core's reason codes among them),
    ``message`` a sentence in the connection's language; ``state`` the game's state id."""

    code: str
    message: str
    ref: int | None = None
    state: int | None = None


class HintOption(Struct, kw_only=True):
    """One legal choice — a ``bid`` or a ``card`` — and the points it may expect this deal."""

    bid: int | None = None
    card: str | None = None
    points: float


class Hints(_Message, tag="hints", kw_only=True):
    ref: int | None
    state: int
    options: list[HintOption]


class Pong(_Message, tag="pong", kw_only=True):
    ref: int | None = None


ServerMessage = Welcome | StateUpdate | Ack | ErrorMessage | Hints | Pong


# -- over HTTP -------------------------------------------------------------------------------


class GameLine(Struct, kw_only=True):
    """A game in the history (``GET /api/games``); ``your_seat`` is the asking player's."""

    id: str
    created: float
    updated: float
    rules: RulesInfo
    seats: list[SeatInfo]
    over: bool
    moves: int
    deals: int
    totals: list[int]
    winners: list[int]
    your_seat: int | None


class GameList(Struct, kw_only=True):
    games: list[GameLine]


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
    """A finished game step by step (``GET /api/games/{id}/replay``)."""

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
    sentence names the field), ``too-large``.
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


def ref_of(data: str | bytes) -> int | None:
    """The ``ref`` of a message that could not be read as a whole, when it has a usable one."""
    try:
        raw = msgspec.json.decode(data) if len(data) <= MAX_MESSAGE_BYTES else None
    except msgspec.DecodeError:
        return None
    ref = raw.get("ref") if isinstance(raw, dict) else None
    if type(ref) is int and 0 <= ref <= 2**53:
        return ref
    return None


def encode(message: ServerMessage) -> bytes:
    return _encoder.encode(message)
