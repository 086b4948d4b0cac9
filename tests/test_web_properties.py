"""Random and malformed messages thrown at the websocket: the server answers every one, never
fails, shows no hidden card, and the game it keeps is the game its store replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ascenseur.core.cards import CARD_CODE
from ascenseur.core.record import check, dumps, record_of
from ascenseur.tables.sqlite import SqliteStore
from ascenseur.tables.table import Table
from web_helpers import Client, Message, assert_nothing_hidden, make_app, service_of, states_of

pytestmark = pytest.mark.timeout(300)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


#: The fields of each message type (an unknown type gets a few of them).
FIELDS = {
    "resume": ("version", "table", "token", "lang", "since"),
    "create": ("version", "rules", "seats", "name", "lang", "start"),
    "join": ("version", "invite", "name"),
    "watch": ("version", "invite", "since"),
    "claim": ("version", "code"),
    "bid": ("state", "value", "cid"),
    "play": ("state", "card", "cid"),
    "hint": ("state",),
    "say": ("text", "reaction"),
    "ready": (),
    "host": ("action", "seat", "to", "bot"),
    "transfer": (),
    "ping": (),
    "shout": ("state", "value"),
}


class Here:
    """A value known only when the message is sent: the view's state id plus ``offset``,
    or its hand's card ``index``, or the game's id."""

    def __init__(self, what: str, number: int = 0) -> None:
        self.what, self.number = what, number

    def __repr__(self) -> str:
        return f"Here({self.what!r}, {self.number})"


VALUES: dict[str, st.SearchStrategy[Any]] = {
    "state": st.sampled_from([0, 0, -1, 1]).map(lambda d: Here("state", d))
    | st.sampled_from([0, -5, 2**70]),
    "value": st.integers(0, 3) | st.integers(-3, 30) | json_values,
    "card": st.integers(0, 5).map(lambda i: Here("card", i))
    | st.sampled_from(CARD_CODE)
    | st.text(max_size=5),
    "version": st.sampled_from([2, 2, 2, 1]),
    "table": st.just(Here("game")) | st.sampled_from(["nosuchgame", "../x"]),
    "token": st.just(Here("token")) | st.none() | st.text(max_size=50),
    "since": st.none() | st.integers(-1, 60),
    "invite": st.just(Here("invite")) | st.text(max_size=12),
    "code": st.text(max_size=50),
    "cid": st.none() | st.sampled_from(["a", "b", "c"]) | st.text(max_size=70),
    "text": st.text(max_size=400),
    "reaction": st.none() | st.sampled_from(["oops", "well_played", "nope"]),
    "action": st.sampled_from(["start", "free", "move", "bot", "keep_bot", "fly"]),
    "seat": st.none() | st.integers(-1, 11),
    "to": st.none() | st.integers(-1, 11),
    "bot": st.none() | st.sampled_from(["random", "nobody"]),
    "start": st.booleans(),
    "lang": st.sampled_from(["en", "fr", "fr", "de"]),
    "rules": st.fixed_dictionaries(
        {"players": st.integers(2, 11) | json_values},
        optional={
            "max_cards": st.none() | st.integers(0, 30),
            "hook": st.booleans(),
            "schedule": st.sampled_from(["up", "down-up", "sideways"]) | json_values,
            "scoring": json_values,
            "bidding": st.sampled_from(["in-turn", "simultaneous", "shouted"]),
            "blind_one_card": st.booleans() | json_values,
        },
    )
    | json_values,
    "seats": st.lists(st.sampled_from(["random", "random", "nobody"]) | st.none(), max_size=4),
    "name": st.text(max_size=8),
}


@st.composite
def near_messages(draw: st.DrawFn) -> Message:
    """Messages that look like the protocol's: real types and fields, values good and bad;
    now and then a field left out or one too many."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    names = list(FIELDS[kind])
    if names and draw(st.integers(0, 9)) == 0:
        names.remove(draw(st.sampled_from(names)))
    message: Message = {"type": kind, **{name: draw(VALUES[name]) for name in names}}
    if draw(st.booleans()):
        message["ref"] = draw(st.integers(0, 999) | st.integers(-1, 2**60) | json_values)
    if draw(st.integers(0, 9)) == 0:
        message[draw(st.text(max_size=6))] = draw(json_values)
    return message


#: What to send: raw bytes or text, any JSON, a message like the protocol's, or ("legal", i):
#: the i-th legal action of the view, so that the game goes on between the wrong ones.
payloads = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 30)),
    st.tuples(st.just("legal"), st.integers(0, 30)),
    st.binary(max_size=64),
    st.text(max_size=64),
    json_values.map(json.dumps),
    near_messages(),
    near_messages(),
)


def resolve(payload: object, view: Message, welcome: Message) -> str | bytes:
    """The payload as sent, its :class:`Here` values filled from ``view`` and ``welcome``."""
    if isinstance(payload, str | bytes):
        return payload
    if isinstance(payload, tuple):
        moves = [{"type": "bid", "value": v} for v in view.get("legal_bids", [])]
        moves += [{"type": "play", "card": c} for c in view.get("legal_cards", [])]
        move = moves[payload[1] % len(moves)] if moves else {"type": "ping"}
        return json.dumps({**move, "state": view.get("state", 0)})
    assert isinstance(payload, dict)
    hand = view.get("hand") or ["EX"]

    def fill(value: object) -> object:
        if not isinstance(value, Here):
            return value
        if value.what == "state":
            return view.get("state", 0) + value.number
        if value.what == "card":
            return hand[value.number % len(hand)]
        return welcome[{"game": "table", "token": "token", "invite": "invite"}[value.what]]

    return json.dumps({key: fill(value) for key, value in payload.items()})


def test_random_messages_never_break_the_server(tmp_path: Path) -> None:
    app = make_app(tmp_path / "games.sqlite3", seed=8)
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        games: set[str] = set()

        @settings(
            max_examples=60,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(st.lists(payloads, min_size=1, max_size=25))
        def throw(sent: list[object]) -> None:
            welcome = me.new_game(max_cards=2)
            game = welcome["table"]
            games.add(game)
            for payload in sent:
                answers = _answers(me, resolve(payload, me.view or {}, welcome))
                for message in answers:
                    assert message["type"] in KINDS, message
                    if message["type"] == "error":
                        assert message["code"] != "internal", message
                        assert isinstance(message["message"], str) and message["message"]
                    if message["type"] == "welcome" and message["token"]:
                        games.add(message["table"])  # a table the fuzz opened
                if me.view is None or me.view["table"] != game or me.view["seat"] != 0:
                    me.join(game, welcome["token"])  # sat elsewhere or watching: come back

        throw()
        driver = service_of(app).driver
        store = driver.store
        assert isinstance(store, SqliteStore)
        for game in games:
            live = driver.live.get(game)
            stored = store.db.load(game)
            assert stored is not None
            again = Table(game, stored)  # the storage holds the whole table, log and all
            if live is not None:
                assert again.events == live.table.events
            state = again.state
            assert check(dumps(record_of(state, again.names)))["valid"]
            in_play = [c for seat in range(state.players) for c in state.hand(seat)]
            assert len(in_play) + len(state.played) == state.players * state.hand_size or (
                not in_play
            )  # the cards are conserved: each dealt card is in one hand or played, once
            assert len(set(in_play) | set(state.played)) == len(in_play) + len(state.played)
            states = states_of(again.rules, again.created.first_dealer, state.history)
            assert_nothing_hidden([m for m in me.seen if _at(m, game)], states)


KINDS = ("welcome", "state", "ack", "error", "hints", "pong", "presence", "transfer_code")


def _answers(client: Client, payload: str | bytes) -> list[Message]:
    client.send_raw(payload)
    return client.sync()


def _at(message: Message, game: str) -> bool:
    return message["type"] == "state" and bool(message["view"]["table"] == game)
