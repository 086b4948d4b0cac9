"""The game over the websocket: whole games, views, resuming, hints and bots off the loop."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import msgspec
import pytest
from starlette.testclient import TestClient

from ascenseur.bots.base import REGISTRY, Budget, register
from ascenseur.bots.random_bot import RandomBot
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import check
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.tables.thinking import decide, process_pool
from ascenseur.web.protocol import ServerMessage
from web_helpers import Client, assert_nothing_hidden, make_app, service_of, states_of

pytestmark = pytest.mark.timeout(120)
RULES = Rules(players=4, max_cards=2)


def test_a_whole_game_through_the_protocol(tmp_path: Path) -> None:
    app = make_app(tmp_path / "games.sqlite3")
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        welcome = me.new_game()
        assert welcome["seat"] == 0 and welcome["protocol"] == "ascenseur-web/2"
        acks = 0
        while (view := me.my_turn())["phase"] != "over":
            answer = me.play_first_legal(view)
            assert answer["type"] == "ack", answer
            acks += 1
        assert acks == 3 + 4  # a bid per deal, and a card per trick: 1 + 2 + 1
        assert view["ranking"][-1] == "Shared win: Ada and Bot 2."
        assert view["winners"] == [0, 2] and len(view["results"]) == 3
        record = http.post(
            f"/api/tables/{welcome['table']}/record", json={"token": welcome["token"]}
        )
        assert record.headers["content-disposition"].startswith("attachment")
        verdict = check(record.text)
        assert verdict["valid"] and verdict["complete"] and verdict["totals"] == view["totals"]
        for message in me.seen:  # every message is one of the protocol's, as published
            msgspec.json.decode(json.dumps(message), type=ServerMessage)
        events = [e["kind"] for m in me.seen if m["type"] == "state" for e in m["events"]]
        assert events.count("dealt") == 3 and events.count("trick") == 4
        assert events.count("scored") == 3 and events[-1] == "over"


def test_the_view_never_holds_another_seats_card(tmp_path: Path) -> None:
    app = make_app(tmp_path / "games.sqlite3", seed=11)
    with TestClient(app) as http:
        with http.websocket_connect("/ws") as ws, http.websocket_connect("/ws") as ws2:
            me, watcher = Client(ws), Client(ws2)
            welcome = me.new_game(max_cards=3)
            assert watcher.watch(welcome["invite"])["seat"] is None
            while (view := me.my_turn())["phase"] != "over":
                me.play_first_legal(view)
            watcher.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "over")
            table = service_of(app).driver.live[welcome["table"]].table
        states = states_of(table.rules, table.created.first_dealer, table.state.history)
        assert assert_nothing_hidden(me.seen, states) > 20
        assert assert_nothing_hidden(watcher.seen, states) > 20
        assert all(m["view"]["hand"] == [] for m in watcher.seen if m["type"] == "state")


def test_a_new_app_on_the_same_database_resumes_a_game_mid_trick(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(make_app(db, seed=5)) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        welcome = me.new_game(max_cards=3)
        while not ((view := me.my_turn())["phase"] == "playing" and view["trick"]):
            me.play_first_legal(view)
    with TestClient(make_app(db, seed=5)) as http, http.websocket_connect("/ws") as ws:
        again = Client(ws)
        assert again.join(welcome["table"], welcome["token"])["seat"] == 0
        assert again.view is not None
        same = ("state", "hand", "trick", "bids", "legal_cards", "totals")
        assert {k: again.view[k] for k in same} == {k: view[k] for k in same}
        while (last := again.my_turn())["phase"] != "over":
            again.play_first_legal(last)
        record = http.post(
            f"/api/tables/{welcome['table']}/record", json={"token": welcome["token"]}
        ).text
        assert check(record)["complete"]


def test_a_restart_while_a_bot_is_to_play_lets_it_play_on(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(make_app(db, seed=4, pace=30.0)) as http, http.websocket_connect("/ws") as ws:
        welcome = Client(ws).new_game()  # the app stops while the first bot thinks
    with TestClient(make_app(db)) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.join(welcome["table"], welcome["token"])
        assert me.my_turn()["state"] > 1  # dealt, and the bots before seat 0 have bid


def test_hints_give_each_legal_choice_its_expected_points(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "g.sqlite3")) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game()
        view = me.my_turn()
        hints = me.answer(me.send(type="hint", state=view["state"]))
        assert hints["type"] == "hints" and hints["state"] == view["state"]
        assert [o["bid"] for o in hints["options"]] == view["legal_bids"]
        assert all(-1 <= o["points"] <= 5 for o in hints["options"])
        # With each choice, how often it made the bid exactly among the deals tried.
        assert all(0 <= o["exact"] <= 1 and o["worlds"] > 0 for o in hints["options"])
        # Only an exact bid scores above zero (rule S1).
        assert all(o["exact"] > 0 for o in hints["options"] if o["points"] > 0)


def test_the_server_answers_while_a_bot_thinks(tmp_path: Path) -> None:
    thinking = threading.Event()
    release = threading.Event()

    class GatedBot(RandomBot):
        def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
            thinking.set()
            release.wait(30)
            return super().choose(view, rng)

    register("gated")(lambda budget: GatedBot())
    try:
        with (
            TestClient(make_app(tmp_path / "g.sqlite3")) as http,
            http.websocket_connect("/ws") as ws,
            http.websocket_connect("/ws") as ws2,
        ):
            me, other = Client(ws), Client(ws2)
            me.new_game(seats=["gated"] * 3)
            assert thinking.wait(30)
            assert other.answer(other.send(type="ping"))["type"] == "pong"
            assert http.get("/api/bots").status_code == 200
            assert not release.is_set()  # all this while the bot was still thinking
            release.set()
            assert me.my_turn()["current"] == 0
    finally:
        release.set()
        REGISTRY.pop("gated", None)


def test_bots_think_in_worker_processes() -> None:
    state = GameState.new(RULES, first_dealer=0)
    state.deal(random.Random(1))
    view = observe(state, state.current_seat)
    pool = process_pool(1)
    try:
        action = pool.submit(decide, "heuristic", view, random.Random(2)).result(timeout=60)
    finally:
        pool.shutdown()
    assert action in view.legal_actions
    assert action == REGISTRY["heuristic"](Budget()).choose(view, random.Random(2))


def test_a_view_names_the_seat_winning_the_trick_so_far() -> None:
    """Rule P9: the highest trump, else the highest card of the led suit; the Excuse alone
    wins nothing yet."""
    from ascenseur.core.cards import Card
    from ascenseur.web.wire import winning_seat

    def trick(*cards: tuple[int, str]) -> list[tuple[int, Card]]:
        return [(seat, Card.parse(code)) for seat, code in cards]

    assert winning_seat([]) is None
    assert winning_seat(trick((2, "EX"))) is None
    assert winning_seat(trick((2, "EX"), (3, "H5"))) == 3
    assert winning_seat(trick((0, "H5"), (1, "HK"), (2, "S10"))) == 1
    assert winning_seat(trick((0, "H5"), (1, "HK"), (2, "T1"))) == 2
