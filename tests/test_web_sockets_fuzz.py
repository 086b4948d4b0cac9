"""Hypothesis drives real websocket clients against a real server on 127.0.0.1: valid, stale,
duplicate, out-of-turn and wrong-seat actions, garbage, binary and oversized frames. The
server never fails on any of them, answers each readable one, and after every step the cards
are conserved at every table it holds."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ascenseur.core.cards import FULL_DECK_MASK
from ascenseur.web.protocol import MAX_MESSAGE_BYTES
from test_web_properties import payloads, resolve
from web_helpers import make_app, running_server, service_of

pytestmark = pytest.mark.timeout(600)
Message = dict[str, Any]


class Socket:
    """A real websocket client, reconnecting (and resuming its seat) when the server closed it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.view: Message = {}
        self.welcome: Message = {}
        self.closes: list[int] = []

    def open(self) -> None:
        self.ws = connect(self.url, open_timeout=30, max_size=2**22, legacy=True)
        if self.welcome:
            self.exchange(json.dumps({"type": "resume", "version": 2, **self.seat()}))

    def seat(self) -> Message:
        return {"table": self.welcome["table"], "token": self.welcome["token"]}

    def exchange(self, data: str | bytes) -> list[Message]:
        """Send ``data`` and read everything until the answer to a ping after it."""
        if self.ws is None:
            self.open()
        assert self.ws is not None
        got: list[Message] = []
        try:
            self.ws.send(data)
            self.ws.send(json.dumps({"type": "ping", "ref": 999_999}))
            while True:
                message: Message = json.loads(self.ws.recv(timeout=30))
                got.append(message)
                if message["type"] == "state":
                    self.view = message["view"]
                if message["type"] == "pong" and message.get("ref") == 999_999:
                    return got
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd else 1006)
            self.ws = None
            return got


def conserved(driver: Any) -> int:
    """Every table in memory holds each dealt card in one place exactly; how many tables."""
    for live in driver.live.values():
        state = live.table.state
        if state.deal_index == 0 and not state.history:
            continue
        held = [state.hand_mask(seat) for seat in range(state.players)]
        played = 0
        for card in state.played:
            assert not played & (1 << card.index), "a card played twice"
            played |= 1 << card.index
        together = played
        for mask in held:
            assert not together & mask, "a card in two places"
            together |= mask
        assert together & ~FULL_DECK_MASK == 0
    return len(driver.live)


extra = st.one_of(
    st.just(b"\x00\xff" * 10),  # binary
    st.just("x" * (MAX_MESSAGE_BYTES + 10)),  # past the size read at all
    st.just('{"type": "bid", "state": 0, "value": 0, "cid": "dup"}'),  # a duplicate
)


def test_real_sockets_never_break_the_server(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(tmp_path / "fuzz.sqlite3", seed=12)
    with running_server(app) as address, caplog.at_level(logging.ERROR):
        url = address.replace("http://", "ws://") + "ws"
        me = Socket(url)
        other = Socket(url)  # another seat's connection, acting out of turn and for others

        @settings(
            max_examples=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(st.lists(st.one_of(payloads, extra), min_size=1, max_size=20))
        def throw(sent: list[object]) -> None:
            me.welcome = {}
            me.ws = None
            create = {"type": "create", "version": 2, "name": "Ada", "rules": {"players": 3,
                      "max_cards": 2}, "seats": [None, "random"], "start": False}  # fmt: skip
            answers = me.exchange(json.dumps(create))
            me.welcome = next(m for m in answers if m["type"] == "welcome")
            joined = other.exchange(json.dumps({"type": "join", "version": 2, "name": "Bo",
                                                "invite": me.welcome["invite"]}))  # fmt: skip
            other.welcome = next((m for m in joined if m["type"] == "welcome"), {})
            me.exchange(json.dumps({"type": "host", "action": "start"}))
            for i, payload in enumerate(sent):
                who = other if i % 3 == 2 and other.welcome else me
                data = resolve(payload, who.view, me.welcome)
                for message in who.exchange(data):
                    if message["type"] == "error":
                        assert message["code"] != "internal", message
                conserved(service_of(app).driver)

        throw()
        me.closes.clear()
        me.exchange("x" * (MAX_MESSAGE_BYTES + 10))  # refused unread: the socket is closed
        assert me.closes == [1009]
        assert any(m["type"] == "pong" for m in me.exchange('{"type": "ping"}'))  # and back
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
