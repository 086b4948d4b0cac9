"""Game records in the ``ascenseur-record/1`` format (RULES.md §6): write, read, replay, check.

A record states a whole game, finished or in progress. Reading one *replays* it through the
game state, in game order, so the first fault — whatever it is — is reported with its place:
the deal, the position in that deal's ``cards``, the seat and the card.

>>> import random
>>> from ascenseur.core.rules import Rules
>>> state = GameState.new(Rules(players=3, max_cards=1), first_dealer=2)
>>> state.deal(random.Random(3))
>>> text = dumps(record_of(state))
>>> check(text)["valid"], check(text)["complete"]
(True, False)
>>> print(check('{"format": "ascenseur-record/1"')["error"]["message"])
the record is not valid JSON: Expecting ',' delimiter at line 1 column 32
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ascenseur.core.actions import BIDS, PLAYS, Deal
from ascenseur.core.cards import CODE_INDEX, DECK, Card
from ascenseur.core.deals import DealRecord
from ascenseur.core.documents import read_head
from ascenseur.core.errors import IllegalAction, RecordError
from ascenseur.core.fairness import Fairness, hands_from_deck, verify
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase

FORMAT = "ascenseur-record/1"
_DEAL_FIELDS = ("dealer", "hands", "bids", "cards")
#: A deal may also carry its ``fairness``: the commitment published before play, the salt and
#: the deck order the hands were dealt from (:mod:`ascenseur.core.fairness`); it is verified.
_OPTIONAL_DEAL_FIELDS = ("fairness",)
_FAIRNESS_FIELDS = ("commitment", "salt", "deck")


@dataclass(frozen=True, slots=True)
class Record:
    """A game as a record states it: rules, first dealer, optional seat names, deals."""

    rules: Rules
    first_dealer: int
    seats: tuple[str, ...] | None
    deals: tuple[DealRecord, ...]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "first_dealer": self.first_dealer,
        }
        if self.seats is not None:
            data["seats"] = list(self.seats)
        data["deals"] = [deal.to_json() for deal in self.deals]
        return data


def record_of(
    state: GameState,
    seats: Sequence[str] | None = None,
    fairness: Sequence[Fairness | None] = (),
) -> Record:
    """The record of a game so far (finished or in progress); ``fairness[j]`` is deal j's
    commitment, salt and deck, when it had them (give them for finished deals only)."""
    if not state.is_whole_game:
        raise ValueError("a single-deal state has no record: records start at the first deal")
    if seats is not None and len(seats) != state.players:
        raise ValueError(f"seats must name {state.players} players, not {len(seats)}")
    deals = tuple(
        replace(deal, fairness=fairness[j]) if j < len(fairness) else deal
        for j, deal in enumerate(state.deal_logs())
    )
    names = tuple(seats) if seats is not None else None
    return Record(state.rules, state.first_dealer, names, deals)


def dumps(record: Record) -> str:
    """The record as JSON text: one line per deal, so that records read well and diff well."""
    data = record.to_json()
    lines = ["{"]
    for key in ("format", "rules", "first_dealer", "seats"):
        if key in data:
            lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    deals = [json.dumps(deal, ensure_ascii=False) for deal in data["deals"]]
    if deals:
        lines.append('  "deals": [')
        lines.append(",\n".join("    " + deal for deal in deals))
        lines.append("  ]")
    else:
        lines.append('  "deals": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


def loads(text: str) -> Record:
    """Read and replay a record; raises :class:`RecordError` at its first fault."""
    state, seats = replay(parse_json(text))
    return record_of(state, seats)


def parse_json(text: str | bytes) -> object:
    """The JSON value of a record's text; :class:`RecordError` (``bad-json``) for anything that
    is not JSON text, too deeply nested text included: the one reading path of every command."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"the record is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}",
            code="bad-json",
        ) from None
    except (ValueError, RecursionError) as err:
        # UnicodeDecodeError, and integers too long to convert, are ValueErrors too.
        raise RecordError(
            f"the record cannot be read as JSON text: {err}", code="bad-json"
        ) from None


def replay(data: object) -> tuple[GameState, tuple[str, ...] | None]:
    """Replay a parsed record in game order: the state it reaches, and the seat names.

    Raises :class:`RecordError` at the first fault, with its deal, index, seat and card.
    """
    head = read_head(data, "record", FORMAT)
    data, rules, first = head.fields, head.rules, head.first_dealer
    n = rules.players
    seats = _read_seats(data.get("seats"), n)
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise RecordError("the record's deals must be a list (it may be empty)")
    state = GameState(rules, first)
    for j, deal in enumerate(deals):
        if state.is_terminal():
            raise RecordError(
                f"the record has {len(deals)} deals but these rules play {rules.deal_count}",
                code="too-many-deals",
                deal=j,
            )
        if state.phase is not Phase.DEALING:
            raise RecordError(
                f"deals[{j - 1}] is unfinished, yet deals[{j}] follows it",
                code="unfinished-deal",
                deal=j - 1,
            )
        _replay_deal(state, j, deal)
    return state, seats


def _read_seats(seats: object, n: int) -> tuple[str, ...] | None:
    if seats is None:
        return None
    if (
        not isinstance(seats, list)
        or len(seats) != n
        or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError(f"seats must be a list of {n} names (strings)", code="bad-seats")
    return tuple(seats)


def _replay_deal(state: GameState, j: int, deal: object) -> None:
    n = state.players
    if not isinstance(deal, dict):
        raise RecordError(f"deals[{j}] must be an object with {', '.join(_DEAL_FIELDS)}", deal=j)
    unknown = sorted(str(k) for k in deal if k not in _DEAL_FIELDS + _OPTIONAL_DEAL_FIELDS)
    missing = [k for k in _DEAL_FIELDS if k not in deal]
    if unknown or missing:
        wrong = f"unknown field(s) {', '.join(unknown)}" if unknown else ""
        wrong += ("; " if unknown and missing else "") + (
            f"missing {', '.join(missing)}" if missing else ""
        )
        raise RecordError(f"deals[{j}] has {wrong}: a deal holds {', '.join(_DEAL_FIELDS)}", deal=j)
    dealer = deal["dealer"]
    if type(dealer) is not int or dealer != state.dealer:
        raise RecordError(
            f"deals[{j}].dealer is {json.dumps(dealer)}, but the deal passes to the left: "
            f"seat {state.dealer} deals it (rule D2)",
            code="wrong-dealer",
            deal=j,
        )
    parsed = _parse_hands(j, deal["hands"], n)
    try:
        state.apply(Deal(tuple(parsed)))
    except IllegalAction as err:
        raise RecordError(
            f"deals[{j}].hands: {err}",
            code=err.code,
            deal=j,
            seat=err.seat,
            card=err.card,
        ) from None
    if "fairness" in deal:
        _check_fairness(state, j, deal["fairness"], parsed)
    _replay_bids(state, j, deal["bids"])
    _replay_cards(state, j, deal["cards"])


def _check_fairness(
    state: GameState, j: int, fairness: object, hands: list[tuple[Card, ...]]
) -> None:
    """``deals[j].fairness`` commits to a deck that deals exactly these hands."""
    where = f"deals[{j}].fairness"
    if not isinstance(fairness, dict) or sorted(fairness) != sorted(_FAIRNESS_FIELDS):
        raise RecordError(
            f"{where} must be an object with {', '.join(_FAIRNESS_FIELDS)}",
            code="bad-fairness",
            deal=j,
        )
    promised, salt, deck = (fairness[k] for k in _FAIRNESS_FIELDS)
    codes = {card.code for card in DECK}
    if (
        not isinstance(promised, str)
        or not isinstance(salt, str)
        or not isinstance(deck, list)
        or sorted(map(str, deck)) != sorted(codes)
        or not all(isinstance(code, str) for code in deck)
    ):
        raise RecordError(
            f"{where}: commitment and salt are strings, deck the 78 card codes once each",
            code="bad-fairness",
            deal=j,
        )
    if not verify(promised, salt, deck):
        raise RecordError(
            f"{where}: SHA-256 of the salt and the deck is not the commitment published "
            "before play: the deal is not the one promised",
            code="bad-commitment",
            deal=j,
        )
    dealt = hands_from_deck(
        deck, players=state.players, hand_size=state.hand_size, dealer=state.dealer
    )
    for seat, hand in enumerate(hands):
        if sorted(c.code for c in hand) != sorted(dealt[seat]):
            raise RecordError(
                f"{where}: the deck deals seat {seat} {', '.join(dealt[seat])}, "
                f"not the hand recorded",
                code="bad-commitment",
                deal=j,
                seat=seat,
            )


def _parse_hands(j: int, hands: object, n: int) -> list[tuple[Card, ...]]:
    """The cards of ``deals[j].hands``, seat by seat; RecordError at the first that is not."""
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError(
            f"deals[{j}].hands must be a list of {n} hands", code="hand-count", deal=j
        )
    parsed: list[tuple[Card, ...]] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise RecordError(
                f"deals[{j}].hands[{seat}] must be a list of card codes",
                code="hand-size",
                deal=j,
                seat=seat,
            )
        cards: list[Card] = []
        for code in hand:
            index = CODE_INDEX.get(code) if isinstance(code, str) else None
            if index is None:
                raise RecordError(
                    f"deals[{j}].hands[{seat}]: seat {seat} is dealt {json.dumps(code)}, "
                    "which is not a card "
                    "(S/H/D/C then 1-10, J, N, Q, K; T1…T21; EX)",
                    code="unknown-card",
                    deal=j,
                    seat=seat,
                    card=code if isinstance(code, str) else None,
                )
            cards.append(DECK[index])
        parsed.append(tuple(cards))
    return parsed


def _replay_bids(state: GameState, j: int, bids: object) -> None:
    n = state.players
    if not isinstance(bids, list) or len(bids) != n:
        raise RecordError(
            f"deals[{j}].bids must be a list of {n} entries (a number, or null for no bid yet)",
            code="bad-bids",
            deal=j,
        )
    first = (state.dealer + 1) % n
    order = [(first + i) % n for i in range(n)]
    waiting = None
    for seat in order:
        bid = bids[seat]
        if bid is None:
            waiting = seat if waiting is None else waiting
            continue
        if waiting is not None:
            raise RecordError(
                f"deals[{j}].bids[{seat}]: seat {seat} has a bid but seat {waiting}, "
                "who bids before it, "
                "has none (bidding goes clockwise from the dealer's left, rule B1)",
                code="bid-order",
                deal=j,
                seat=seat,
            )
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise RecordError(
                f"deals[{j}].bids[{seat}]: seat {seat}'s bid {json.dumps(bid)} "
                f"is not a whole number "
                f"0…{state.hand_size}",
                code="bid-out-of-range",
                deal=j,
                seat=seat,
            )
        if not 0 <= bid <= state.hand_size:
            raise RecordError(
                f"deals[{j}].bids[{seat}]: seat {seat} bids {bid}, "
                f"but a bid is 0…{state.hand_size} (rule B2)",
                code="bid-out-of-range",
                deal=j,
                seat=seat,
            )
        try:
            state.apply(BIDS[bid])
        except IllegalAction as err:
            raise RecordError(
                f"deals[{j}].bids[{seat}]: {err}", code=err.code, deal=j, seat=seat
            ) from None


def _replay_cards(state: GameState, j: int, cards: object) -> None:
    if not isinstance(cards, list):
        raise RecordError(f"deals[{j}].cards must be a list of card codes", deal=j)
    for index, code in enumerate(cards):
        seat = state.current_seat
        if state.phase is Phase.BIDDING:
            raise RecordError(
                f"deals[{j}].cards[{index}]: a card is played before every seat has bid "
                f"(seat {seat} must bid)",
                code="wrong-phase",
                deal=j,
                index=index,
                seat=seat,
            )
        if state.phase is not Phase.PLAYING:
            raise RecordError(
                f"deals[{j}].cards[{index}]: the deal has more cards than its {state.players} × "
                f"{state.results[-1].hand_size} played",
                code="too-many-cards",
                deal=j,
                index=index,
            )
        card_index = CODE_INDEX.get(code) if isinstance(code, str) else None
        if card_index is None:
            raise RecordError(
                f"deals[{j}].cards[{index}]: {json.dumps(code)} is not a card code",
                code="unknown-card",
                deal=j,
                index=index,
                seat=seat,
                card=code if isinstance(code, str) else None,
            )
        try:
            state.apply(PLAYS[card_index])
        except IllegalAction as err:
            raise RecordError(
                f"deals[{j}].cards[{index}]: {err}",
                code=err.code,
                deal=j,
                index=index,
                seat=seat,
                card=code,
            ) from None


def check(text: str | bytes) -> dict[str, Any]:
    """The verdict on a record's text, as ``ascenseur check`` prints it; ``commitments``
    (when there are some) counts the deals whose fairness (commitment, salt, deck) was
    verified."""
    try:
        data = parse_json(text)
        state, _ = replay(data)
    except RecordError as err:
        return {
            "valid": False,
            "error": {
                "deal": err.deal,
                "index": err.index,
                "seat": err.seat,
                "card": err.card,
                "code": err.code,
                "message": err.message,
            },
        }
    deals = data.get("deals") if isinstance(data, dict) else None
    committed = sum(1 for d in deals or () if isinstance(d, dict) and "fairness" in d)
    return verdict(state) | ({"commitments": committed} if committed else {})


def verdict(state: GameState) -> dict[str, Any]:
    """The valid verdict for a replayed state: finished deals, totals, winners."""
    return {
        "valid": True,
        "complete": state.is_terminal(),
        "deals": [{"tricks": list(r.tricks), "scores": list(r.scores)} for r in state.results],
        "totals": list(state.totals),
        "winners": list(state.winners()),
    }
