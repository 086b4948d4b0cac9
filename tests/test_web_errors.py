"""Every kind of bad message gets a typed error: a stable code and a sentence."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ascenseur.web.protocol import MAX_MESSAGE_BYTES
from web_helpers import Client, Message, make_app

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "games.sqlite3")) as client:
        yield client


def error_of(client: Client, data: str | bytes) -> Message:
    """The error the server answers ``data`` with (before the pong that follows it)."""
    client.send_raw(data)
    answers = [m for m in client.sync() if m["type"] == "error"]
    assert len(answers) == 1, answers
    assert answers[0]["message"].endswith("."), answers[0]
    return answers[0]


@pytest.mark.parametrize(
    ("data", "code", "words"),
    [
        ("hello", "bad-json", "not JSON"),
        (b"\xff\xfe", "bad-json", "not JSON"),
        ("[1, 2]", "bad-message", "Expected `object`"),
        ('{"type": "shout"}', "bad-message", "Invalid value 'shout'"),
        ('{"type": "bid", "value": 1}', "bad-message", "missing required field `state`"),
        ('{"type": "bid", "state": "7", "value": 1}', "bad-message", "`$.state`"),
        ('{"type": "bid", "state": -1, "value": 1}', "bad-message", "`$.state`"),
        ('{"type": "ping", "extra": 1}', "bad-message", "unknown field `extra`"),
        (
            '{"type": "resume", "version": 2, "table": "../etc", "token": "x"}',
            "bad-message",
            "`$.table`",
        ),
        (
            '{"type": "resume", "version": 2, "table": "t", "token": "' + "a" * 80 + '"}',
            "bad-message",
            "`$.token`",
        ),
        ("x" * (MAX_MESSAGE_BYTES + 1), "too-large", "too long"),
        ('{"type": "bid", "state": 0, "value": 0}', "not-joined", "Sit at a table first"),
        ('{"type": "say", "text": "hi"}', "not-joined", "Sit at a table first"),
        ('{"type": "host", "action": "start"}', "not-joined", "Sit at a table first"),
        ('{"type": "host", "action": "explode"}', "bad-message", "`$.action`"),
        (
            '{"type": "resume", "version": 2, "table": "nosuchtable", "token": "' + "a" * 43 + '"}',
            "bad-token",
            "holds no seat",
        ),
        (
            '{"type": "join", "version": 2, "invite": "nosuchcode", "name": "Bo"}',
            "no-table",
            "does not open any table",
        ),
        (
            '{"type": "watch", "version": 2, "invite": "nosuchcode"}',
            "no-table",
            "does not open any table",
        ),
        (
            '{"type": "claim", "version": 2, "code": "' + "b" * 43 + '"}',
            "bad-transfer",
            "used up or out of date",
        ),
        (
            '{"type": "join", "version": 1, "invite": "abcdefgh", "name": "Bo"}',
            "bad-version",
            "version 2",
        ),
    ],
)
def test_unreadable_or_misplaced_messages(
    http: TestClient, data: str | bytes, code: str, words: str
) -> None:
    with http.websocket_connect("/ws") as ws:
        error = error_of(Client(ws), data)
    assert error["code"] == code
    assert words in error["message"]


def test_a_readable_ref_is_echoed_even_in_a_bad_message(http: TestClient) -> None:
    with http.websocket_connect("/ws") as ws:
        error = error_of(Client(ws), '{"type": "bid", "state": "x", "ref": 41}')
    assert error["ref"] == 41


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"rules": {"players": 4, "max_cards": 30}}, "bad-rules"),
        ({"rules": {"players": 11}}, "bad-rules"),
        ({"rules": {"players": 4, "hook": True, "bidding": "simultaneous"}}, "bad-rules"),
        ({"rules": {"players": 4, "peak": 3}}, "bad-rules"),
        ({"rules": [4]}, "bad-message"),
        ({"seats": ["random"]}, "bad-seats"),
        ({"seats": ["random", "random", "genius"]}, "bad-bot"),
        ({"standin": "genius"}, "bad-bot"),
        ({"name": "bot:me"}, "bad-name"),
        ({"name": "   "}, "bad-name"),
        ({"players": 4}, "bad-message"),  # the rule set travels whole, in "rules"
        ({"profile": "slow"}, "bad-message"),
        ({"grace": -1}, "bad-message"),
        ({"token": "mine"}, "bad-message"),  # a client never chooses its token
    ],
)
def test_a_table_that_cannot_be_set(http: TestClient, settings: Message, code: str) -> None:
    base = {"type": "create", "version": 2, "rules": {"players": 4}, "seats": ["random"] * 3,
            "name": "A"}  # fmt: skip
    with http.websocket_connect("/ws") as ws:
        assert error_of(Client(ws), json.dumps({**base, **settings}))["code"] == code


def test_stale_early_and_spectator_actions(http: TestClient) -> None:
    with http.websocket_connect("/ws") as ws, http.websocket_connect("/ws") as ws2:
        me, watcher = Client(ws), Client(ws2)
        invite = me.new_game()["invite"]
        view = me.my_turn()
        stale = me.act({**view, "state": view["state"] - 1}, type="bid", value=0)
        assert stale["code"] == "stale-state" and stale["state"] is None
        assert "has moved on" in stale["message"]
        assert me.view is not None and me.view["state"] == view["state"]  # shown as it is
        watcher.watch(invite)
        assert watcher.act(view, type="bid", value=0)["code"] == "no-seat"
        me.play_first_legal(view)  # my bid; bots are to play or the cards are dealt
        early = me.act({**view, "state": view["state"] + 1}, type="bid", value=0)
        assert early["code"] in ("not-your-turn", "stale-state")


def test_illegal_bids_and_cards_carry_the_cores_reason(http: TestClient) -> None:
    with http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game()
        view = me.my_turn()
        assert me.act(view, type="bid", value=5)["code"] == "bid-out-of-range"
        assert me.act(view, type="bid", value=-1)["code"] == "bid-out-of-range"
        played = me.act(view, type="play", card=view["hand"][0])
        assert played["code"] == "wrong-phase"
        assert me.act(view, type="play", card="Z9")["code"] == "unknown-card"
        hint = me.answer(me.send(type="hint", state=view["state"] + 3))
        assert hint["code"] == "stale-state"
        reasons: dict[str, str] = {}
        while (view := me.my_turn())["phase"] != "over":
            if view["phase"] == "playing":
                absent = next(c for c in ("S1", "H1", "D1", "C1") if c not in view["hand"])
                reasons["not-in-hand"] = me.act(view, type="play", card=absent)["message"]
                assert me.act(view, type="bid", value=0)["code"] == "wrong-phase"
                for card in set(view["hand"]) - set(view["legal_cards"]):
                    error = me.act(view, type="play", card=card)
                    reasons[error["code"]] = error["message"]
            me.play_first_legal(view)
        assert me.act(view, type="bid", value=0)["code"] == "game-over"
    assert reasons["must-lead-suit"] == (
        "You cannot play trump 2: you may not lead a trump or the Excuse while you hold a suit "
        "card (you hold 10♦)."
    )
    assert reasons["not-in-hand"].startswith("You do not hold")


def test_the_hook_forbids_the_dealer_one_bid_in_french(tmp_path: Path) -> None:
    app = make_app(tmp_path / "games.sqlite3", seed=3)  # the person deals twice, hooked
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game(players=3, max_cards=3, hook=True, seats=["random"] * 2, lang="fr")
        refused = []
        while (view := me.my_turn())["phase"] != "over":
            if view["forbidden_bid"] is not None:
                assert view["forbidden_bid"] not in view["legal_bids"]
                refused.append(me.act(view, type="bid", value=view["forbidden_bid"]))
            me.play_first_legal(view)
    assert len(refused) == 2 and all(error["code"] == "hook" for error in refused)
    assert refused[0]["message"].startswith("Avec le crochet, le donneur ne peut annoncer")


def test_http_errors_are_typed_too(http: TestClient) -> None:
    with http.websocket_connect("/ws") as ws:
        welcome = Client(ws).new_game()
    table, token = welcome["table"], welcome["token"]
    for what in ("record", "replay"):
        response = http.post(f"/api/tables/{table}/{what}", json={"token": token})
        assert response.status_code == 403 and response.json()["code"] == "game-not-over"
        for proof in ({"token": "x" * 43}, {}, None):  # no other token, no token at all
            refused = http.post(f"/api/tables/{table}/{what}", json=proof)
            assert refused.status_code == 403 and refused.json()["code"] == "bad-token"
    assert http.post("/api/tables/nosuchtable/replay", json={"token": token}).status_code == 403
    assert http.get(f"/api/tables/{table}/record").status_code == 405  # never by a link
    assert http.get("/api/invite/nosuchcode").json()["code"] == "no-table"
    assert http.post("/api/tables/mine", content=b"{").json()["code"] == "bad-request"
    assert http.get("/api/words/de").status_code == 404


def test_a_page_from_another_site_may_not_open_the_socket(http: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect),
        http.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.receive_text()
