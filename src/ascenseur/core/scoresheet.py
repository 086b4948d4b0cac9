"""Score sheets of games played with real cards (``ascenseur-scoresheet/1``).

Most games of Tarot ascenseur are played around a table with a real deck: nobody types the
hands, only each deal's bids (annonces) and the tricks (plis) each player took. A score sheet
(feuille de marque) states that much; this module holds its rules, so that the browser's
score-sheet page, ``ascenseur check`` and anything else read one definition:

* the schedule and the dealer of every deal (rules D2, D4, D5), from :class:`Rules`;
* the bids, replayed through the core's own bidding (:meth:`GameState.legal_bids`, rule B3:
  the hook) — a bid the game would refuse, the sheet refuses with the same reason;
* the tricks: whole numbers that add up to the deal's cards (every trick has one winner, P9);
* the points, from :func:`~ascenseur.core.scoring.deal_score` under the sheet's scoring table
  (S1, S2, H2) and the winners (S3).

The document::

    {"format": "ascenseur-scoresheet/1",
     "rules": {"players": 3, "max_cards": 26, "hook": true},
     "first_dealer": 0,
     "seats": ["Ada", "Bea", "Cy"],
     "deals": [{"dealer": 0, "cards": 1, "bids": [0, 1, 0], "tricks": [0, 1, 0],
                "scores": [3, 5, 3]}]}

``bids[s]`` and ``tricks[s]`` are seat ``s``'s. ``dealer``, ``cards`` and ``scores`` may be
left out; when present they must be what the rules say. Only the last deal may be unfinished:
``tricks`` null (or absent), and ``bids`` null for the seats that have not bid yet — bids are
made in order, from the dealer's left. Fewer deals than the schedule: a game in progress.

>>> sheet = {"format": FORMAT, "rules": {"players": 3, "max_cards": 2, "hook": True},
...          "first_dealer": 0, "seats": ["Ada", "Bea", "Cy"],
...          "deals": [{"bids": [1, 0, 1], "tricks": [0, 0, 1]}, {"bids": [0, None, 1]}]}
>>> state = evaluate(sheet)
>>> state["totals"], state["next"]["seat"], state["next"]["legal_bids"]
([-1, 3, 5], 1, [0, 2])
>>> check('{"format": "ascenseur-scoresheet/1", "rules": {"players": 3}, "first_dealer": 3}')[
...     "error"]["message"]
'first_dealer must be a seat 0…2, not 3'
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ascenseur.core.actions import Bid
from ascenseur.core.documents import read_head
from ascenseur.core.errors import IllegalAction, RecordError
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import deal_score, winners
from ascenseur.core.state import GameState

FORMAT = "ascenseur-scoresheet/1"
_DEAL_FIELDS = ("dealer", "cards", "bids", "tricks", "scores")
#: The longest name a sheet keeps for a player.
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class SheetDeal:
    """One deal on the sheet: its bids (None: not bid yet) and tricks (None: not entered)."""

    bids: tuple[int | None, ...]
    tricks: tuple[int, ...] | None

    @property
    def is_finished(self) -> bool:
        return self.tricks is not None


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game with real cards as its sheet states it: rules, first dealer, names, deals."""

    rules: Rules
    first_dealer: int
    seats: tuple[str, ...]
    deals: tuple[SheetDeal, ...]

    def dealer(self, deal: int) -> int:
        """The dealer of deal ``deal`` (0-based): the deal passes to the left (D2)."""
        return (self.first_dealer + deal) % self.rules.players

    def hand_size(self, deal: int) -> int:
        """The cards each player holds in deal ``deal`` (D4)."""
        return self.rules.schedule[deal]

    def bidding_order(self, deal: int) -> tuple[int, ...]:
        """The seats in the order they bid: from the dealer's left, the dealer last (B1)."""
        n = self.rules.players
        return tuple((self.dealer(deal) + 1 + i) % n for i in range(n))

    def scores(self, deal: int) -> tuple[int, ...]:
        """Each seat's points for finished deal ``deal`` (S1, S2)."""
        entry = self.deals[deal]
        assert entry.tricks is not None, "an unfinished deal has no score"
        return tuple(
            deal_score(self.rules.scoring, bid, took)
            for bid, took in zip(entry.bids, entry.tricks, strict=True)
            if bid is not None
        )

    @property
    def finished(self) -> int:
        """How many deals are finished (bids and tricks entered)."""
        return sum(1 for entry in self.deals if entry.is_finished)

    @property
    def is_complete(self) -> bool:
        return self.finished == self.rules.deal_count

    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished deals (S3)."""
        sums = [0] * self.rules.players
        for j in range(self.finished):
            for seat, points in enumerate(self.scores(j)):
                sums[seat] += points
        return tuple(sums)

    def deal_json(self, deal: int) -> dict[str, Any]:
        """Deal ``deal`` (0-based) as the sheet's document writes it: dealer, cards, bids,
        tricks (None until played) and, when finished, scores."""
        entry = self.deals[deal]
        written: dict[str, Any] = {
            "dealer": self.dealer(deal),
            "cards": self.hand_size(deal),
            "bids": list(entry.bids),
            "tricks": list(entry.tricks) if entry.tricks is not None else None,
        }
        if entry.is_finished:
            written["scores"] = list(self.scores(deal))
        return written

    def to_json(self) -> dict[str, Any]:
        """The ``ascenseur-scoresheet/1`` document, every deal with its dealer, cards and
        (when finished) scores."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "first_dealer": self.first_dealer,
            "seats": list(self.seats),
            "deals": [self.deal_json(j) for j in range(len(self.deals))],
        }


def legal_bids(rules: Rules, deal: int, dealer: int, bids: Sequence[int]) -> list[int]:
    """The bids the next bidder may make in deal ``deal`` (0-based) after ``bids`` (made in
    order from the dealer's left): the core's own answer (B2, B3)."""
    state = _bidding_state(rules, deal, dealer)
    for value in bids:
        state.apply(Bid(value))
    return state.legal_bids()


def _bidding_state(rules: Rules, deal: int, dealer: int) -> GameState:
    # The core decides bids only once cards are dealt; which cards does not matter to a bid,
    # so any fixed deal stands in for the real cards nobody typed.
    state = GameState.single_deal(rules, deal, dealer)
    state.apply(state.random_deal(random.Random(0)))
    return state


def read(data: object) -> ScoreSheet:
    """The sheet a parsed ``ascenseur-scoresheet/1`` document states; raises
    :class:`RecordError` (with ``deal`` and ``seat`` when it has a place) at its first fault."""
    head = read_head(data, "score sheet", FORMAT)
    data, rules, first = head.fields, head.rules, head.first_dealer
    n = rules.players
    seats = _read_seats(data.get("seats"), n)
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("deals must be a list", code="bad-format")
    if len(deals) > rules.deal_count:
        raise RecordError(
            f"{len(deals)} deals, but these rules play {rules.deal_count}", code="too-many-deals"
        )
    sheet = ScoreSheet(rules, first, seats, ())
    entries: list[SheetDeal] = []
    for j, deal in enumerate(deals):
        sheet = ScoreSheet(rules, first, seats, tuple(entries))
        entries.append(_read_deal(sheet, j, deal, last=j == len(deals) - 1))
    return ScoreSheet(rules, first, seats, tuple(entries))


def _read_seats(seats: object, n: int) -> tuple[str, ...]:
    if seats is None:
        return tuple(f"Player {seat + 1}" for seat in range(n))
    if not isinstance(seats, list) or len(seats) != n:
        raise RecordError(f"seats must list {n} names", code="bad-seats")
    names = []
    for seat, name in enumerate(seats):
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise RecordError(
                f"seat {seat}'s name must be 1…{MAX_NAME} characters", code="bad-seats"
            )
        names.append(name.strip())
    return tuple(names)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_deal(sheet: ScoreSheet, j: int, deal: object, *, last: bool) -> SheetDeal:
    k = sheet.hand_size(j)
    dealer = sheet.dealer(j)
    if not isinstance(deal, dict):
        raise RecordError(f"deal {j + 1} must be an object", code="bad-format", deal=j)
    unknown = sorted(set(deal) - set(_DEAL_FIELDS))
    if unknown:
        raise RecordError(
            f"deal {j + 1} has unknown field(s) {', '.join(unknown)}", code="bad-format", deal=j
        )
    if "dealer" in deal and deal["dealer"] != dealer:
        raise RecordError(
            f"deal {j + 1} is dealt by seat {dealer} (the deal passes to the left), "
            f"not {deal['dealer']!r}",
            code="wrong-dealer",
            deal=j,
        )
    if "cards" in deal and deal["cards"] != k:
        raise RecordError(
            f"deal {j + 1} is a deal of {k} cards each, not {deal['cards']!r}",
            code="wrong-cards",
            deal=j,
        )
    bids = _read_bids(sheet, j, deal.get("bids"), last=last)
    tricks = _read_tricks(sheet, j, deal.get("tricks"), bids, last=last)
    entry = SheetDeal(bids, tricks)
    scores = deal.get("scores")
    if scores is not None:
        expected = [
            deal_score(sheet.rules.scoring, b, t)
            for b, t in zip(bids, tricks or (), strict=False)
            if b is not None
        ]
        if tricks is None or scores != expected:
            raise RecordError(
                f"deal {j + 1}'s scores are {scores!r}, but its bids and tricks make "
                f"{expected if tricks is not None else 'none yet'}",
                code="wrong-scores",
                deal=j,
            )
    return entry


def _read_bids(sheet: ScoreSheet, j: int, bids: object, *, last: bool) -> tuple[int | None, ...]:
    n = sheet.rules.players
    if not isinstance(bids, list) or len(bids) != n:
        raise RecordError(f"deal {j + 1}'s bids must list {n} bids", code="bad-format", deal=j)
    state = _bidding_state(sheet.rules, j, sheet.dealer(j))
    order = sheet.bidding_order(j)
    done = True
    for seat in order:
        value = bids[seat]
        if value is None:
            if not last:
                raise RecordError(
                    f"deal {j + 1} is not the last, so every bid is needed (seat {seat} has none)",
                    code="unfinished-deal",
                    deal=j,
                    seat=seat,
                )
            done = False
            continue
        if not done:
            raise RecordError(
                f"in deal {j + 1}, seat {seat} bids before an earlier player "
                "(bids go in order from the dealer's left)",
                code="bids-out-of-order",
                deal=j,
                seat=seat,
            )
        if not _whole(value):
            raise RecordError(
                f"in deal {j + 1}, seat {seat}'s bid must be a whole number, not {value!r}",
                code="bid-out-of-range",
                deal=j,
                seat=seat,
            )
        try:
            state.apply(Bid(value))
        except IllegalAction as err:
            raise RecordError(err.message, code=err.code, deal=j, seat=seat) from None
    return tuple(bids)


def _read_tricks(
    sheet: ScoreSheet, j: int, tricks: object, bids: tuple[int | None, ...], *, last: bool
) -> tuple[int, ...] | None:
    n = sheet.rules.players
    k = sheet.hand_size(j)
    if tricks is None:
        if not last:
            raise RecordError(
                f"deal {j + 1} is not the last, so its tricks are needed",
                code="unfinished-deal",
                deal=j,
            )
        return None
    if any(bid is None for bid in bids):
        raise RecordError(
            f"deal {j + 1} has tricks before every player has bid", code="bids-missing", deal=j
        )
    if not isinstance(tricks, list) or len(tricks) != n:
        raise RecordError(f"deal {j + 1}'s tricks must list {n} numbers", code="bad-format", deal=j)
    for seat, took in enumerate(tricks):
        if not _whole(took) or not 0 <= took <= k:
            raise RecordError(
                f"in deal {j + 1}, seat {seat} took {took!r} tricks: a number from 0 to {k}",
                code="tricks-out-of-range",
                deal=j,
                seat=seat,
            )
    if sum(tricks) != k:
        raise RecordError(
            f"deal {j + 1}'s tricks add up to {sum(tricks)}, but a deal of {k} "
            f"{'card' if k == 1 else 'cards'} each has {k} {'trick' if k == 1 else 'tricks'}",
            code="tricks-sum",
            deal=j,
        )
    return tuple(tricks)


def _next(sheet: ScoreSheet) -> dict[str, Any] | None:
    """What the sheet waits for: the next bid (who, which values), or the deal's tricks."""
    if sheet.is_complete:
        return None
    last = sheet.deals[-1] if sheet.deals else None
    j = len(sheet.deals) - 1 if last is not None and not last.is_finished else len(sheet.deals)
    bids = (
        list(last.bids)
        if last is not None and not last.is_finished
        else [None] * sheet.rules.players
    )
    order = sheet.bidding_order(j)
    made = [bids[seat] for seat in order if bids[seat] is not None]
    seat = order[len(made)] if len(made) < len(order) else None
    allowed = legal_bids(sheet.rules, j, sheet.dealer(j), [b for b in made if b is not None])
    k = sheet.hand_size(j)
    return {
        "deal": j,
        "dealer": sheet.dealer(j),
        "cards": k,
        "order": list(order),
        "step": "bid" if seat is not None else "tricks",
        "seat": seat,
        "bids": bids,
        "legal_bids": allowed if seat is not None else [],
        "forbidden_bid": next((v for v in range(k + 1) if v not in allowed), None)
        if seat is not None
        else None,
        "bid_sum": sum(b for b in made if b is not None),
    }


def evaluate(data: object) -> dict[str, Any]:
    """Everything a score-sheet page shows for a parsed sheet: each finished deal's points and
    running totals, the totals, the winners once complete, and what comes next — or the first
    fault (``valid`` false, ``error`` with its ``code``, ``deal``, ``seat`` and sentence)."""
    try:
        sheet = read(data)
    except RecordError as err:
        return {"valid": False, "error": _error(err)}
    running = [0] * sheet.rules.players
    deals = []
    for j in range(len(sheet.deals)):
        line = sheet.deal_json(j)
        if "scores" in line:  # a finished deal: the running totals after it
            running = [
                total + points for total, points in zip(running, line["scores"], strict=True)
            ]
            line["totals"] = list(running)
        deals.append(line)
    return {
        "valid": True,
        "complete": sheet.is_complete,
        "rules": sheet.rules.to_json() | {"deal_count": sheet.rules.deal_count},
        "schedule": list(sheet.rules.schedule),
        "first_dealer": sheet.first_dealer,
        "seats": list(sheet.seats),
        "deals": deals,
        "totals": list(sheet.totals()),
        "winners": list(winners(sheet.totals())) if sheet.is_complete else [],
        "next": _next(sheet),
        "sheet": sheet.to_json(),
    }


def _error(err: RecordError) -> dict[str, Any]:
    return {"code": err.code, "deal": err.deal, "seat": err.seat, "message": err.message}


def check(text: str | bytes) -> dict[str, Any]:
    """The verdict on a score sheet's text, as ``ascenseur check`` prints it: valid or the
    first fault; finished deals with their tricks and scores, totals, winners."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        return {
            "valid": False,
            "error": {
                "code": "bad-json",
                "deal": None,
                "seat": None,
                "message": f"not JSON: {err}",
            },
        }
    try:
        sheet = read(data)
    except RecordError as err:
        return {"valid": False, "format": FORMAT, "error": _error(err)}
    return {
        "valid": True,
        "format": FORMAT,
        "complete": sheet.is_complete,
        "deals": [
            {"tricks": list(entry.tricks), "scores": list(sheet.scores(j))}
            for j, entry in enumerate(sheet.deals)
            if entry.tricks is not None
        ],
        "totals": list(sheet.totals()),
        "winners": list(winners(sheet.totals())),
    }


def new_sheet(rules: Rules, first_dealer: int, seats: Sequence[str]) -> dict[str, Any]:
    """The document of a sheet with no deal yet (checked like any other)."""
    data = {
        "format": FORMAT,
        "rules": rules.to_json(),
        "first_dealer": first_dealer,
        "seats": list(seats),
        "deals": [],
    }
    read(data)
    return data


__all__ = [
    "FORMAT",
    "ScoreSheet",
    "SheetDeal",
    "check",
    "evaluate",
    "legal_bids",
    "new_sheet",
    "read",
]
