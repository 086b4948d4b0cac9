"""The review format ``ascenseur-review/1``: what a review holds, as values and as JSON.

The values are the JSON: frozen :mod:`msgspec` structs, so that one definition gives the
Python API, the encoder, the strict decoder (:func:`loads` refuses an unknown field, a wrong
type, a label that is not one) and the JSON Schema (:func:`schema`, kept in
``docs/review.schema.json``; ``python -m ascenseur.review`` prints it). ``docs/review.md``
describes every field.

An action is written as people read a record: ``bid 2`` for a bid, a card's code (``H10``,
``T21``, ``EX``) for a card, ``my-card`` for the card of a blind one-card deal (H5), which a
review never names.

>>> from ascenseur.core.actions import Bid, MY_CARD
>>> action_code(Bid(2)), action_code(MY_CARD), parse_action("H10")
('bid 2', 'my-card', Play(Card.parse('H10')))
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta, Struct

from ascenseur.core.actions import BIDS, MY_CARD, Bid, Play, PlayerAction
from ascenseur.core.cards import Card
from ascenseur.core.errors import AscenseurError
from ascenseur.search.problem import Estimate

FORMAT: Final = "ascenseur-review/1"

Label = Literal["forced", "best", "good", "inaccuracy", "mistake", "blunder"]
#: The labels, from no loss to the worst (``forced``: one legal action, nothing to weigh).
LABELS: tuple[Label, ...] = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")

ActionCode = Annotated[
    str,
    Meta(
        pattern=r"^(bid (0|[1-9][0-9]?)|[SHDC]([1-9]|10|[JNQK])|T([1-9]|1[0-9]|2[01])|EX|my-card)$",
        description="'bid N', a card's code, or 'my-card' (a blind one-card deal, H5)",
    ),
]
Digest = Annotated[str, Meta(pattern=r"^sha256:[0-9a-f]{64}$")]
Share = Annotated[float, Meta(ge=0.0, le=1.0)]
Count = Annotated[int, Meta(ge=0)]
Seat = Annotated[int, Meta(ge=0, le=9)]
Points = float


class ReviewError(AscenseurError):
    """A review file that is not one (code ``bad-review``), or not of the record given
    (``record-mismatch``)."""


class _Value(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A part of a review."""


class Option(_Value, frozen=True, kw_only=True):
    """One legal action the expert weighed: its expected points for the deal, its chance of
    an exact bid (a bid: of taking exactly that many tricks; a card: of making the bid), the
    chance of each number of tricks the seat ends the deal with (``tricks[t]``), and the
    worlds it was tried in."""

    action: ActionCode
    points: Points
    exact: Share
    tricks: list[Share]
    worlds: Count

    def estimate(self) -> Estimate:
        """The expert's estimate this option records (what the explanations read)."""
        return Estimate(
            parse_action(self.action), self.points, self.exact, self.worlds, tuple(self.tricks)
        )

    @staticmethod
    def of(estimate: Estimate) -> Option:
        return Option(
            action=action_code(estimate.action),
            points=estimate.points,
            exact=min(1.0, max(0.0, estimate.exact)),
            tricks=[min(1.0, max(0.0, t)) for t in estimate.tricks],
            worlds=estimate.worlds,
        )


class Decision(_Value, frozen=True, kw_only=True):
    """One decision of the seat: where (``deal``, 0-based; ``trick``, 1-based, None for the
    bid; ``number``: the seat's decisions of the deal counted from 0, the bid first), what it
    chose, the best option, what the choice gave up against it (``lost``, expected points,
    0 when forced) and its label. ``bid`` is the seat's bid when it plays a card (what "making
    the bid" means). ``options``: every legal action weighed, best first (empty when forced)."""

    deal: Count
    number: Count
    kind: Literal["bid", "card"]
    trick: Annotated[int, Meta(ge=1)] | None
    bid: Count | None
    chosen: ActionCode
    best: ActionCode
    lost: Annotated[float, Meta(ge=0.0)]
    label: Label
    options: list[Option]

    def option(self, action: str) -> Option | None:
        """The option of ``action`` (a code), if it was weighed."""
        return next((o for o in self.options if o.action == action), None)


class DealReview(_Value, frozen=True, kw_only=True):
    """One deal of a reviewed seat: its bid, tricks and points (None while unfinished), the
    points expected from the decisions it made (``expected``), its luck (``score`` −
    ``expected``; None when every decision was forced or the deal is unfinished), the expected
    points its decisions lost, and how many were weighed (``weighed``) and best."""

    deal: Count
    hand_size: Annotated[int, Meta(ge=1)]
    dealer: Seat
    bid: Count | None
    tricks: Count | None
    score: int | None
    expected: Points | None
    luck: Points | None
    lost: Annotated[float, Meta(ge=0.0)]
    weighed: Count
    best: Count
    decisions: list[Decision]


class Costly(_Value, frozen=True, kw_only=True):
    """A pointer to a costly decision: its deal and number, what it lost, its label."""

    deal: Count
    number: Count
    lost: Annotated[float, Meta(ge=0.0)]
    label: Label


class Summary(_Value, frozen=True, kw_only=True):
    """A reviewed seat's whole game: expected points lost, decisions weighed and best (with
    their share: None when none was weighed), points scored and expected from its decisions,
    luck (over the deals that have one), and its costliest decisions (at most three)."""

    lost: Annotated[float, Meta(ge=0.0)]
    weighed: Count
    best: Count
    best_share: Share | None
    score: int
    expected: Points
    luck: Points
    costliest: list[Costly]


class SeatReview(_Value, frozen=True, kw_only=True):
    """The review of one seat: its name in the record (if any), its deals, its summary."""

    seat: Seat
    name: str | None
    deals: list[DealReview]
    summary: Summary


class RecordRef(_Value, frozen=True, kw_only=True):
    """The record reviewed: its digest (:mod:`ascenseur.core.digest`), players, deals."""

    digest: Digest
    players: Annotated[int, Meta(ge=2, le=10)]
    deals: Count


class BudgetUsed(_Value, frozen=True, kw_only=True):
    """How hard the expert searched: the named level (None: a number given), the play-outs
    of a card decision and those of a bid."""

    name: str | None
    playouts: Annotated[int, Meta(ge=1)]
    bid_playouts: Annotated[int, Meta(ge=1)]


class Thresholds(_Value, frozen=True, kw_only=True):
    """The label thresholds used, in expected points of the record's scoring table: a loss up
    to ``best`` is best, up to ``good`` good, up to ``inaccuracy`` an inaccuracy, up to
    ``mistake`` a mistake, above it a blunder (``scale``: the table's points against the
    seed's, :mod:`ascenseur.review.labels`)."""

    scale: float
    best: float
    good: float
    inaccuracy: float
    mistake: float


class Review(_Value, frozen=True, kw_only=True, tag_field="format", tag=FORMAT):
    """A review: the record it reviews, its rules, how it was computed, and one
    :class:`SeatReview` per reviewed seat (in seat order). Its JSON starts with ``"format":
    "ascenseur-review/1"`` (the struct's tag)."""

    record: RecordRef
    rules: dict[str, Any]
    budget: BudgetUsed
    seed: int
    engine: str
    thresholds: Thresholds
    seats: list[SeatReview]

    def to_json(self) -> dict[str, Any]:
        """The review as a JSON object."""
        value: dict[str, Any] = msgspec.to_builtins(self)
        return value

    def dumps(self) -> str:
        """The review as JSON text, one line (:func:`dumps`)."""
        return dumps(self)

    @staticmethod
    def from_json(data: object) -> Review:
        """A review from its JSON object; raises :class:`ReviewError` saying what is wrong."""
        try:
            return msgspec.convert(data, Review, strict=True)
        except msgspec.ValidationError as err:
            raise ReviewError(f"not a valid {FORMAT} file: {err}", code="bad-review") from None

    def seat(self, seat: int) -> SeatReview:
        """The review of ``seat``; KeyError when it was not reviewed."""
        for reviewed in self.seats:
            if reviewed.seat == seat:
                return reviewed
        raise KeyError(seat)


def dumps(review: Review, indent: int | None = None) -> str:
    """The review as JSON text, ending with a newline: one line, or indented by ``indent``."""
    data = msgspec.json.encode(review)
    if indent is None:
        return data.decode("utf-8") + "\n"
    return json.dumps(json.loads(data), indent=indent, ensure_ascii=False) + "\n"


def loads(text: str | bytes) -> Review:
    """A review from its JSON text; raises :class:`ReviewError` (``bad-review``) with the
    first fault: not JSON, another format, an unknown field, a wrong type or value."""
    try:
        head = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ReviewError(f"a review must be JSON text: {err}", code="bad-review") from None
    if isinstance(head, dict) and head.get("format") != FORMAT:
        raise ReviewError(
            f"the file's format is {head.get('format')!r}: a review is {FORMAT!r}",
            code="bad-review",
        )
    return Review.from_json(head)


def action_code(action: PlayerAction) -> str:
    """How a review writes ``action``: ``bid N``, a card's code, or ``my-card``."""
    if isinstance(action, Bid):
        return f"bid {action.value}"
    if isinstance(action, Play):
        return action.card.code
    return "my-card"


def parse_action(code: str) -> PlayerAction:
    """The action a review's code names (:func:`action_code`'s inverse)."""
    if code == "my-card":
        return MY_CARD
    if code.startswith("bid "):
        return BIDS[int(code[4:])]
    return Play(Card.parse(code))


def schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of a review."""
    (review,), components = msgspec.json.schema_components((Review,), ref_template="#/$defs/{name}")
    del review
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": FORMAT,
        "description": (
            "A game review: for each decision of the reviewed seats, the options the expert "
            "weighed from that seat's view, the option chosen, the expected points it gave up "
            "and its label; per deal and per game, the points lost, the share of best "
            "choices and the luck. docs/review.md describes every field."
        ),
        "$ref": "#/$defs/Review",
        "$defs": dict(sorted(components.items())),
    }


def schema_text() -> str:
    """:func:`schema` as the text of ``docs/review.schema.json``."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


__all__ = [
    "FORMAT",
    "LABELS",
    "BudgetUsed",
    "Costly",
    "DealReview",
    "Decision",
    "Label",
    "Option",
    "RecordRef",
    "Review",
    "ReviewError",
    "SeatReview",
    "Summary",
    "Thresholds",
    "action_code",
    "dumps",
    "loads",
    "parse_action",
    "schema",
    "schema_text",
]
