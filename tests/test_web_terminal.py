"""One machine, one set of games: a game started in the terminal goes on in the browser, and a
browser's table goes on in the terminal — the same tables in the same database."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ascenseur.core.rules import Rules
from ascenseur.session import Session, Turn
from ascenseur.tables.driver import Settings
from ascenseur.tables.thinking import thread_pool
from ascenseur.userdata import local_seats, local_seats_path, open_db
from ascenseur.web.app import create_app
from ascenseur.web.service import Limits
from play_helpers import person_choice
from web_helpers import SEED, Client

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path))
    return tmp_path


def app_for(data_dir: Path, code: str | None = None) -> TestClient:
    adopt = (code, local_seats_path()) if code is not None else None
    app = create_app(
        data_dir / "ascenseur.sqlite3",
        settings=Settings(pace=0.0, trick_pause=0.0, seeds=lambda: SEED),
        limits=Limits(message_rate=1000.0, message_burst=1000.0),
        executor=lambda: thread_pool(2),
        durable=False,
        adopt=adopt,
    )
    return TestClient(app)


def test_a_terminal_game_goes_on_in_the_browser(data_dir: Path) -> None:
    session = Session.start(Rules(4, 2), "Ada", ["random"], seed=SEED, db=open_db())
    for _ in range(6):
        session.act(person_choice(session.view)) if session.turn is Turn.PERSON else (
            session.advance()
        )
    moves = session.moves
    assert session.table.id in local_seats()
    assert oct(local_seats_path().stat().st_mode & 0o777) == "0o600"
    code = "c" * 43
    with app_for(data_dir, code) as http:
        assert http.post("/api/adopt", json={"code": "x" * 43}).status_code == 403
        tables = http.post("/api/adopt", json={"code": code}).json()["tables"]
        assert http.post("/api/adopt", json={"code": code}).status_code == 403  # once
        assert list(tables) == [session.table.id]
        held = [{"table": t, "token": token} for t, token in tables.items()]
        (line,) = http.post("/api/tables/mine", json={"tables": held}).json()["games"]
        assert line["id"] == session.table.id and line["your_seat"] == 0
        with http.websocket_connect("/ws") as ws:
            me = Client(ws)
            assert me.join(session.table.id, tables[session.table.id])["seat"] == 0
            assert me.view is not None and me.view["state"] == moves
            while (view := me.my_turn())["phase"] != "over":
                me.play_first_legal(view)


def test_a_browser_table_goes_on_in_the_terminal(data_dir: Path) -> None:
    with app_for(data_dir) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        welcome = me.new_game()
        view = me.my_turn()
        me.play_first_legal(view)
        me.sync()
    session = Session.resume(open_db(), welcome["table"])
    assert session.person == 0 and session.moves >= view["state"] + 1
    while session.turn is not Turn.OVER:
        session.act(person_choice(session.view)) if session.turn is Turn.PERSON else (
            session.advance()
        )
    with app_for(data_dir) as http:
        held = [{"table": welcome["table"], "token": welcome["token"]}]
        (line,) = http.post("/api/tables/mine", json={"tables": held}).json()["games"]
        assert line["over"]  # the browser sees the game the terminal finished
