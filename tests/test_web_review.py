"""Game reviews over HTTP (issue 59): only a seated person of a finished table gets one, of
their own seat; one runs per person; it is the core's review; it never holds up a live table.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from ascenseur.core.record import parse_json, replay
from ascenseur.review import budget_of, review_record
from ascenseur.tables.driver import Settings
from ascenseur.tables.thinking import process_pool, thread_pool
from ascenseur.web.app import create_app
from ascenseur.web.reviews import REVIEW_NICENESS, ReviewSettings
from ascenseur.web.service import Limits
from test_web_tables import play_to_the_end
from web_helpers import SEED, Client, Message

pytestmark = pytest.mark.timeout(180)

#: Tiny reviews: a few play-outs a decision (the figures are the core's all the same).
QUICK = ReviewSettings(budgets=(budget_of("20"), budget_of("40")), executor=lambda: thread_pool(1))
#: A game of 1, 2, 1 cards for three.
THREE = {"players": 3, "max_cards": 2, "seats": ["random", "random"]}


def review_app(db: Path, reviews: ReviewSettings = QUICK) -> Starlette:
    settings = Settings(pace=0.0, trick_pause=0.0, seeds=lambda: SEED)
    limits = Limits(
        hint_playouts=40,
        tables_per_hour=1000,
        invites_per_minute=1000,
        message_rate=1000.0,
        message_burst=1000.0,
    )
    return create_app(
        db,
        settings=settings,
        limits=limits,
        executor=lambda: thread_pool(2),
        durable=False,
        reviews=reviews,
    )


class Gated(ThreadPoolExecutor):
    """Review workers that start no decision until ``gate`` is set: a review that runs for as
    long as a test wants."""

    def __init__(self, gate: threading.Event) -> None:
        super().__init__(max_workers=2, thread_name_prefix="gated-review")
        self.gate = gate

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def held() -> Any:
            self.gate.wait(60)
            return fn(*args, **kwargs)

        return super().submit(held)


def finished(http: TestClient, stack: ExitStack, **settings: Any) -> tuple[Client, Message]:
    """A table played to its end by a person (seat 0) and bots: the person and its welcome."""
    me = Client(stack.enter_context(http.websocket_connect("/ws")))
    welcome = me.new_game(**{**THREE, **settings})
    while (view := me.my_turn())["phase"] != "over":
        me.play_first_legal(view)
    return me, welcome


def ask(http: TestClient, table: str, body: object, lang: str = "en") -> tuple[int, Message]:
    response = http.post(f"/api/tables/{table}/review?lang={lang}", json=body)
    answer: Message = response.json()
    return response.status_code, answer


def reviewed(http: TestClient, table: str, token: str, **more: Any) -> Message:
    """Ask until the review is there (a 202 says how far it has got meanwhile)."""
    for _ in range(2000):
        status, answer = ask(http, table, {"token": token, **more})
        if status == 200:
            return answer
        assert status == 202 and answer["type"] == "review-progress", answer
        time.sleep(0.05)
    raise AssertionError("the review never came")


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(review_app(tmp_path / "games.sqlite3")) as client:
        yield client


def test_the_seated_person_gets_the_review_of_their_seat_as_the_core_computes_it(
    http: TestClient, tmp_path: Path
) -> None:
    with ExitStack() as stack:
        _, welcome = finished(http, stack)
        table, token = welcome["table"], welcome["token"]
        answer = reviewed(http, table, token)
        assert answer["type"] == "review" and answer["seat"] == 0
        review = answer["review"]
        assert [s["seat"] for s in review["seats"]] == [0]
        assert review["budget"] == {"name": None, "playouts": 20, "bid_playouts": 80}
        record = http.post(f"/api/tables/{table}/record", json={"token": token}).text
    state, names = replay(parse_json(record))
    core = review_record(state, [0], budget_of("20"), 0, names=names)
    assert review == json.loads(core.dumps())
    # Its sentences: the game, and each weighed decision with the hint's "why".
    weighed = [d for deal in review["seats"][0]["deals"] for d in deal["decisions"]]
    weighed = [d for d in weighed if d["label"] != "forced"]
    assert [(m["deal"], m["number"]) for m in answer["moments"]] == [
        (d["deal"], d["number"]) for d in weighed
    ]
    assert answer["summary"] and all(m["line"].startswith("Deal ") for m in answer["moments"])
    assert any(m["why"] for m in answer["moments"])
    # Kept on disk, beside the database: asked again, it is there at once, in French too.
    assert list((tmp_path / "reviews").glob("*-seat0-p20-s0-*.json"))
    status, again = ask(http, table, {"token": token}, lang="fr")
    assert status == 200 and again["review"] == review
    assert again["moments"][0]["line"].startswith("Donne ")


def test_a_reviewed_game_opens_at_once_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(review_app(db)) as http, ExitStack() as stack:
        _, welcome = finished(http, stack)
        first = reviewed(http, welcome["table"], welcome["token"])
    with TestClient(review_app(db)) as http:
        status, again = ask(http, welcome["table"], {"token": welcome["token"]})
    assert status == 200 and again["review"] == first["review"]


def test_spectators_strangers_and_unknown_tables_are_refused(http: TestClient) -> None:
    with ExitStack() as stack:
        _, welcome = finished(http, stack)
        table = welcome["table"]
        watcher = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert watcher.watch(welcome["invite"])["seat"] is None
        _, other = finished(http, stack)
        refusals = {
            "spectator": ask(http, table, {}),
            "stranger": ask(http, table, {"token": "x" * 43}),
            "another table's token": ask(http, table, {"token": other["token"]}),
            "no such table": ask(http, "nosuchtable", {"token": welcome["token"]}),
        }
        broken = http.post(f"/api/tables/{table}/review", content=b"{[")
        refusals["not json"] = (broken.status_code, broken.json())
        for who, (status, answer) in refusals.items():
            assert (status, answer["type"], answer["code"]) == (403, "error", "bad-token"), who
            assert answer["message"].startswith("This device holds no seat"), who
        status, answer = ask(http, table, {"token": welcome["token"], "budget": "deep"})
        assert (status, answer["code"]) == (400, "bad-budget")
        assert "'deep'" in answer["message"] and "20, 40" in answer["message"]
        status, answer = ask(http, table, {"token": welcome["token"], "budget": 20})
        assert (status, answer["code"]) == (400, "bad-request")
        assert http.get(f"/api/tables/{table}/review").status_code == 405  # never by a link


def test_a_game_not_over_gets_no_review(http: TestClient) -> None:
    with ExitStack() as stack:
        me = Client(stack.enter_context(http.websocket_connect("/ws")))
        welcome = me.new_game(**THREE)
        status, answer = ask(http, welcome["table"], {"token": welcome["token"]}, lang="fr")
    assert (status, answer["code"]) == (403, "game-not-over")
    assert answer["message"].startswith("La partie n'est pas finie")


def test_one_review_runs_per_person_and_the_others_wait_their_turn(tmp_path: Path) -> None:
    gate = threading.Event()
    settings = ReviewSettings(
        budgets=(budget_of("20"), budget_of("40")), executor=lambda: Gated(gate)
    )
    with TestClient(review_app(tmp_path / "games.sqlite3", settings)) as http, ExitStack() as s:
        try:
            host = Client(s.enter_context(http.websocket_connect("/ws")))
            welcome = host.create(players=3, max_cards=2, seats=["random", None])
            friend = Client(s.enter_context(http.websocket_connect("/ws")))
            joined = friend.take_seat(welcome["invite"], "Bea")
            assert host.answer(host.send(type="host", action="start"))["type"] == "ack"
            play_to_the_end(host, friend)
            table, mine, hers = welcome["table"], welcome["token"], joined["token"]
            status, progress = ask(http, table, {"token": mine})
            assert (status, progress["type"], progress["ahead"]) == (202, "review-progress", 0)
            # Three bids, a card in two tricks, one the last card of its hand: weighed or not.
            assert progress["total"] >= 3 and progress["done"] < progress["total"]
            assert progress["seconds_left"] is None  # nothing searched yet
            # Asked again: the same review, still running; at another budget: refused.
            assert ask(http, table, {"token": mine})[1]["type"] == "review-progress"
            status, refused = ask(http, table, {"token": mine, "budget": "40"})
            assert (status, refused["code"]) == (409, "review-running")
            assert refused["message"].startswith("The review of your seat at another budget")
            # Another person's review waits its turn behind it.
            status, queued = ask(http, table, {"token": hers})
            assert (status, queued["ahead"]) == (202, 1)
        finally:
            gate.set()
        assert reviewed(http, table, mine)["seat"] == 0
        assert reviewed(http, table, hers)["seat"] == joined["seat"] == 2


def test_a_busy_server_refuses_more_reviews_with_a_typed_error(tmp_path: Path) -> None:
    gate = threading.Event()
    settings = ReviewSettings(budgets=(budget_of("20"),), executor=lambda: Gated(gate), waiting=1)
    with TestClient(review_app(tmp_path / "games.sqlite3", settings)) as http, ExitStack() as s:
        try:
            _, first = finished(http, s)
            _, second = finished(http, s)
            assert ask(http, first["table"], {"token": first["token"]})[0] == 202
            status, busy = ask(http, second["table"], {"token": second["token"]}, lang="fr")
            assert (status, busy["code"]) == (503, "review-busy")
            assert busy["message"].startswith("Le serveur passe en revue beaucoup de parties")
        finally:
            gate.set()


def test_a_live_tables_bots_play_on_while_a_review_runs(tmp_path: Path) -> None:
    """The review's decisions wait (a gate) in the review pool: were they in the bots' pool,
    the live table's bots would wait behind them and this game would never end."""
    gate = threading.Event()
    settings = ReviewSettings(budgets=(budget_of("20"),), executor=lambda: Gated(gate))
    with TestClient(review_app(tmp_path / "games.sqlite3", settings)) as http, ExitStack() as s:
        try:
            _, done = finished(http, s)
            assert ask(http, done["table"], {"token": done["token"]})[0] == 202
            # A new game against two bots, played to its end while the review is held.
            finished(http, s, max_cards=3)
            status, progress = ask(http, done["table"], {"token": done["token"]})
            assert status == 202 and progress["done"] < progress["total"]
        finally:
            gate.set()
        assert reviewed(http, done["table"], done["token"])["type"] == "review"


def priority() -> tuple[int, int, str]:
    """A worker's niceness, session and scheduling group (Linux)."""
    group = Path("/proc/self/autogroup")
    return os.nice(0), os.getsid(0), group.read_text() if group.exists() else ""


def test_review_workers_run_at_the_lowest_priority_in_a_group_of_their_own() -> None:
    pool = process_pool(1, REVIEW_NICENESS, apart=True)
    try:
        niceness, session, group = pool.submit(priority).result(timeout=60)
    finally:
        pool.shutdown()
    assert niceness == 19
    assert session != os.getsid(0)  # its CPU is not charged to the server's session
    assert group == "" or group.rstrip().endswith("nice 19")
