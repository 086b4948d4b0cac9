"""The server's SQLite store, its tables, the published protocol schema and the command."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import ascenseur.web
from ascenseur.cli import build_parser
from ascenseur.core.actions import Bid, Deal, Play
from ascenseur.core.cards import Card
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.core.rules import Rules
from ascenseur.session import Turn
from ascenseur.web.schema import schema, schema_text
from ascenseur.web.storage import (
    SCHEMA_VERSION,
    SeatRow,
    Store,
    StoredGame,
    StoreError,
    decode_action,
    encode_action,
)
from ascenseur.web.table import Table
from ascenseur.web.words import catalogue
from web_helpers import Client, make_app

pytestmark = pytest.mark.timeout(120)
DOCS_SCHEMA = Path(__file__).parent.parent / "docs" / "web-protocol.schema.json"
RULES = Rules(players=3, max_cards=2)
PLAYER = "a" * 20


def test_the_store_is_one_sqlite_file_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "deep" / "games.sqlite3")
    assert store.journal_mode == "wal"
    store.close()
    db = sqlite3.connect(tmp_path / "deep" / "games.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer ascenseur"):
        Store(tmp_path / "games.sqlite3")


@pytest.mark.parametrize(
    "action",
    [Bid(0), Bid(7), Play(Card.parse("H10")), Play(Card.parse("EX")),
     Deal(((Card.parse("S1"), Card.parse("T21")), (Card.parse("EX"), Card.parse("DN"))))],
)  # fmt: skip
def test_actions_are_stored_as_they_are(action: Bid | Play | Deal) -> None:
    assert decode_action(encode_action(action)) == action


def test_a_table_commits_each_action_before_keeping_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    table = Table.create(store, RULES, " Ada ", ["random"] * 2, player=PLAYER, seed=9)
    assert table.seats[0] == SeatRow("Ada", None, PLAYER)
    table.commit(table.next_deal())
    while table.turn is not Turn.PERSON:
        table.commit(table.view(table.state.current_seat).legal_actions[0])
    with pytest.raises(IllegalAction) as refused:
        table.commit(Bid(9))
    assert refused.value.code == "bid-out-of-range"
    loaded = store.load(table.id)
    assert loaded is not None and loaded.actions == table.state.history
    with pytest.raises(StoreError):  # the same action number twice: the log cannot fork
        store.append(table.id, 0, Bid(0), over=False, deals=0, totals=(0, 0, 0))
    store.close()
    with pytest.raises(sqlite3.ProgrammingError):  # a store that fails: the table is unchanged
        table.commit(table.view(0).legal_actions[0])
    assert len(table.state.history) == len(loaded.actions)


def test_the_history_lists_games_and_the_seats_of_a_player(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    first = Table.create(store, RULES, "Ada", ["random"] * 2, player=PLAYER, seed=1)
    second = Table.create(store, RULES, "Bea", ["random"] * 2, player="b" * 20, seed=2)
    second.commit(second.next_deal())
    assert [game.id for game in store.summaries()] == [second.id, first.id]
    assert store.seats_of(PLAYER) == {first.id: 0}
    assert store.unfinished() == [first.id, second.id]
    assert store.summaries()[1].seats == ("Ada", "bot:random", "bot:random")
    store.close()


@pytest.mark.parametrize(
    ("bots", "name", "code"),
    [(["random"], "Ada", "bad-bots"), (["random", "nobody"], "Ada", "bad-bot"),
     (["random", "random"], "bot:x", "bad-name")],
)  # fmt: skip
def test_a_table_that_cannot_be_set_is_not_stored(
    tmp_path: Path, bots: list[str], name: str, code: str
) -> None:
    store = Store(tmp_path / "games.sqlite3")
    with pytest.raises(AscenseurError) as refused:
        Table.create(store, RULES, name, bots, player=PLAYER)
    assert refused.value.code == code
    assert store.summaries() == []
    store.close()


def test_a_game_whose_log_does_not_replay_is_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    broken = StoredGame("broken", RULES, 0, 1, (SeatRow("Ada", None, PLAYER),) * 3, ())
    store.create(broken)
    store.append("broken", 0, Bid(1), over=False, deals=0, totals=(0, 0, 0))  # before a deal
    good = Table.create(store, RULES, "Ada", ["random"] * 2, player=PLAYER, seed=3)
    store.close()
    with TestClient(make_app(db)) as http, http.websocket_connect("/ws") as ws:
        client = Client(ws)
        assert client.join(good.id, PLAYER)["seat"] == 0
        assert http.get("/api/games").status_code == 200
        assert http.get("/api/games/broken/record").json()["code"] == "no-game"
        refused = client.answer(client.send(type="join", version=1, game="broken"))
        assert refused["code"] == "no-game"


def test_the_published_schema_is_the_protocols(tmp_path: Path) -> None:
    assert DOCS_SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "docs/web-protocol.schema.json is out of date: "
        "python -m ascenseur.web.schema > docs/web-protocol.schema.json"
    )
    with TestClient(make_app(tmp_path / "games.sqlite3")) as http:
        assert http.get("/api/protocol.json").json() == schema()
        page = http.get("/")
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert 'src="/static/js/main.js"' in page.text
        assert http.get("/static/js/table.js").status_code == 200
        words = http.get("/api/words/fr").json()
        assert words["cards"]["T21"] == "atout 21" and words["messages"]["hint"] == "Conseil"
        assert "random" in http.get("/api/bots").json()["bots"]


def test_every_word_the_page_asks_for_is_in_both_languages() -> None:
    scripts = (Path(ascenseur.web.__file__).parent / "static" / "js").glob("*.js")
    asked = {key for script in scripts for key in re.findall(r'\bt\("(\w+)"', script.read_text())}
    assert len(asked) > 50
    for lang in ("en", "fr"):
        assert asked <= set(catalogue(lang)["messages"]), lang


def test_serve_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    args = build_parser().parse_args(["serve", "--port", "0", "--db", str(tmp_path / "g.db")])
    assert (args.host, args.port, args.open) == ("127.0.0.1", 0, False)
    env = {**os.environ, "ASCENSEUR_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert str(tmp_path / "ascenseur.sqlite3") in line
        url = line.split("playing at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "api/games", timeout=30) as response:
            assert json.load(response) == {"games": []}
    finally:
        server.terminate()
        server.wait(30)
        if server.stdout is not None:
            server.stdout.close()
