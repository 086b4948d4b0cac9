"""Helpers for the tests of ``ascenseur serve``: apps on a test database, a protocol client,
a server on a free port of 127.0.0.1, and the check that a view hides every other hand."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.testclient import WebSocketTestSession

from ascenseur.commands.serve import address, listen
from ascenseur.core.actions import Action
from ascenseur.core.cards import CODE_INDEX
from ascenseur.core.rules import RULES_FIELDS, Rules
from ascenseur.core.state import GameState
from ascenseur.tables.driver import Settings
from ascenseur.tables.thinking import thread_pool
from ascenseur.web.app import create_app
from ascenseur.web.protocol import MAX_MESSAGE_BYTES
from ascenseur.web.service import GameService, Limits

#: In this game (4 players, hands of 1, 2, 1, random bots, the person playing the first legal
#: card shown), the person holds D10 and T2 on deal 2 and may lead only D10, and the win is
#: shared between the person and Bot 2.
SEED = 3
SHORT = {"players": 4, "max_cards": 2, "hook": False, "seats": ["random"] * 3, "name": "Ada"}
Message = dict[str, Any]


def create_message(**settings: Any) -> Message:
    """The fields of a ``create`` over :data:`SHORT`: the rule set's fields gathered into its
    ``rules`` object (None leaves a field out). A ``rules`` given whole takes none of
    :data:`SHORT`'s."""
    short = (
        SHORT
        if "rules" not in settings
        else {k: v for k, v in SHORT.items() if k not in RULES_FIELDS}
    )
    merged = {**short, **settings}
    rules = dict(merged.pop("rules", {}))
    for key in RULES_FIELDS:
        if key in merged:
            value = merged.pop(key)
            if value is not None:
                rules[key] = value
            else:
                rules.pop(key, None)
    return {**merged, "rules": rules}


def make_app(
    db: Path,
    *,
    seed: int | None = SEED,
    pace: float = 0.0,
    playouts: int = 40,
    limits: Limits | None = None,
) -> Starlette:
    """The app on ``db`` with bots at full speed in threads and seeds fixed (None: fair)."""
    settings = Settings(pace=pace, trick_pause=0.0, seeds=None if seed is None else lambda: seed)
    limits = limits or Limits(
        hint_playouts=playouts,
        tables_per_hour=1000,
        invites_per_minute=1000,
        message_rate=1000.0,
        message_burst=1000.0,
    )
    return create_app(
        db, settings=settings, limits=limits, executor=lambda: thread_pool(2), durable=False
    )


def service_of(app: Starlette) -> GameService:
    service = app.state.service
    assert isinstance(service, GameService)
    return service


class Client:
    """One websocket speaking the protocol; it remembers every message and the last view."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.ref = 0
        self.view: Message | None = None
        self.seen: list[Message] = []

    def send(self, **message: Any) -> int:
        self.ref += 1
        self.ws.send_text(json.dumps({**message, "ref": self.ref}))
        return self.ref

    def send_raw(self, data: str | bytes) -> None:
        if isinstance(data, bytes):
            self.ws.send_bytes(data)
        else:
            self.ws.send_text(data)

    def receive(self) -> Message:
        message: Message = self.ws.receive_json()
        self.seen.append(message)
        if message["type"] == "state":
            self.view = message["view"]
        return message

    def until(self, wanted: Callable[[Message], bool], limit: int = 2000) -> Message:
        """Read until a message ``wanted`` accepts (failing after ``limit`` others)."""
        for _ in range(limit):
            message = self.receive()
            if wanted(message):
                return message
        raise AssertionError(f"no wanted message among {limit}: last {self.seen[-3:]}")

    def answer(self, ref: int) -> Message:
        """The answer to message ``ref`` (ack, error, hints, pong or welcome)."""
        return self.until(lambda m: m["type"] != "state" and m.get("ref") == ref)

    def sync(self) -> list[Message]:
        """Everything received until the server has read all we sent (a ping's pong)."""
        start = len(self.seen)
        self.answer(self.send(type="ping"))
        return self.seen[start:]

    def new_game(self, **settings: Any) -> Message:
        """A table against bots, started at once (its welcome holds the token)."""
        return self.create(**{"start": True, **settings})

    def create(self, **settings: Any) -> Message:
        """A table made by a ``create``; rule fields given one by one (``players=3``) go into
        its ``rules`` object, over those of a ``rules`` given whole."""
        welcome = self.answer(self.send(type="create", version=2, **create_message(**settings)))
        assert welcome["type"] == "welcome", welcome
        self.until(lambda m: m["type"] == "state")
        return welcome

    def join(self, table: str, token: str, lang: str = "en", since: int | None = None) -> Message:
        """Come back to one's seat (a ``resume``)."""
        message = {"table": table, "token": token, "lang": lang, "since": since}
        welcome = self.answer(self.send(type="resume", version=2, **message))
        if welcome["type"] == "welcome":
            self.until(lambda m: m["type"] == "state")
        return welcome

    def take_seat(self, invite: str, name: str, lang: str = "en") -> Message:
        ref = self.send(type="join", version=2, invite=invite, name=name, lang=lang)
        welcome = self.answer(ref)
        if welcome["type"] == "welcome":
            self.until(lambda m: m["type"] == "state")
        return welcome

    def watch(self, invite: str, lang: str = "en") -> Message:
        welcome = self.answer(self.send(type="watch", version=2, invite=invite, lang=lang))
        if welcome["type"] == "welcome":
            self.until(lambda m: m["type"] == "state")
        return welcome

    def my_turn(self) -> Message:
        """The view once it is this seat's turn (or the game is over); says it is ready for
        the next deal whenever a deal's summary is on show."""
        view = self.view
        if view is not None and (view["current"] == view["seat"] or view["phase"] == "over"):
            return view

        def wanted(m: Message) -> bool:
            if m["type"] != "state":
                return False
            v = m["view"]
            if v["summary"] and v["seat"] is not None and v["seat"] not in v["ready"]:
                self.send(type="ready")
            return bool(v["current"] == v["seat"] or v["phase"] == "over")

        result: Message = self.until(wanted)["view"]
        return result

    def my_turn_or_none(self) -> Message | None:
        """Like :meth:`my_turn`, but None when the server has nothing more to say for now
        (another person's turn): reads what arrived until a ping's answer."""
        view = self.view
        if view is not None and (view["current"] == view["seat"] or view["phase"] == "over"):
            return view
        for message in self.sync():
            if message["type"] != "state":
                continue
            v = message["view"]
            if v["summary"] and v["seat"] is not None and v["seat"] not in v["ready"]:
                self.send(type="ready")
        view = self.view
        if view is not None and (view["current"] == view["seat"] or view["phase"] == "over"):
            return view
        return None

    def act(self, view: Message, **action: Any) -> Message:
        """Send an action from ``view`` and return its answer (the new view follows an ack)."""
        cid = uuid.uuid4().hex  # unique across connections, as a page makes them
        answer = self.answer(self.send(state=view["state"], cid=cid, **action))
        if answer["type"] == "ack":
            self.view = None
        return answer

    def play_first_legal(self, view: Message) -> Message:
        if view["phase"] == "bidding":
            return self.act(view, type="bid", value=view["legal_bids"][0])
        return self.act(view, type="play", card=view["legal_cards"][0])


def states_of(rules: Rules, first_dealer: int, actions: tuple[Action, ...]) -> list[GameState]:
    """The game after each number of actions (index = state id)."""
    states = [GameState(rules, first_dealer)]
    for action in actions:
        state = states[-1].clone()
        state.apply(action)
        states.append(state)
    return states


def codes_in(value: object) -> set[str]:
    """Every card code anywhere in a decoded JSON value."""
    if isinstance(value, str):
        return {value} if value in CODE_INDEX else set()
    if isinstance(value, dict):
        return set().union(*(codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


def hidden_from(state: GameState, seat: int | None) -> set[str]:
    """The cards held now by the seats other than ``seat``."""
    return {
        card.code for other in range(state.players) if other != seat for card in state.hand(other)
    }


def assert_nothing_hidden(messages: list[Message], states: list[GameState]) -> int:
    """No state message shows a card another seat holds at its state; returns how many."""
    checked = 0
    for message in messages:
        if message["type"] != "state":
            continue
        view = message["view"]
        leaked = codes_in(message) & hidden_from(states[view["state"]], view["seat"])
        assert not leaked, f"state {view['state']} shows seat {view['seat']} {leaked}"
        checked += 1
    return checked


@contextmanager
def running_server(app: Starlette) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1 in a thread; its address; stop on exit."""
    sock = listen("127.0.0.1", 0)
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            thread.join(0.05)
        assert server.started, "the server did not start"
        yield address(sock)
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()
