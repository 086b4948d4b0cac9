"""Hardening of the server (issue 60, security): no secret in any log line, the headers on
every response, limits kept by the store, hostile input answered in a sentence, and an
outage of the storage told to the tables rather than hidden."""

from __future__ import annotations

import asyncio
import json
import logging
import select
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ascenseur.tables.storage import TableStore
from ascenseur.web import service as service_module
from ascenseur.web.logs import JsonFormatter, configure
from ascenseur.web.service import Limits
from pg_cluster import PORT, Cluster
from web_helpers import Client, Message, make_app, running_server, service_of

pytestmark = pytest.mark.timeout(120)
TOKEN = "rXeuSECRETtoken0123456789abcdefghijklmno"
INVITE = "65g3SECRET"
CODE = "TRANSFERsecret0123456789abcdefghijklmnop"
SECRETS = (TOKEN, INVITE, CODE)


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "games.sqlite3")) as client:
        yield client


# -- secrets out of the log ------------------------------------------------------------------


#: Every message that carries a secret, with it.
SECRET_MESSAGES: list[Message] = [
    {"type": "resume", "version": 2, "table": "t1", "token": TOKEN},
    {"type": "join", "version": 2, "invite": INVITE, "name": "Bo"},
    {"type": "watch", "version": 2, "invite": INVITE},
    {"type": "claim", "version": 2, "code": CODE},
]


def break_the_store(store: TableStore, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    """Every read a seating message makes fails with ``error``."""

    async def fail(*args: object, **kwargs: object) -> Any:
        raise error

    for name in ("load", "table_of_invite", "take_transfer", "admit", "token", "invite_of"):
        monkeypatch.setattr(store, name, fail)


def scanned(records: list[logging.LogRecord]) -> str:
    """Every record as the text and the JSON formats write it, traceback included, after the
    filter a server puts on its handler — and before it, as a test's handler sees it."""
    lines = []
    for record in records:
        lines.append(logging.Formatter("%(levelname)s %(name)s %(message)s").format(record))
        lines.append(JsonFormatter().format(record))
        if record.exc_info:
            lines.append(logging.Formatter().formatException(record.exc_info))
    return "\n".join(lines)


@pytest.mark.parametrize(
    "error", [RuntimeError("a bug"), sqlite3.OperationalError("disk I/O error")], ids=str
)
def test_a_message_that_fails_logs_no_token_invite_or_code(
    http: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error: Exception,
) -> None:
    service = service_of(http.app)  # type: ignore[arg-type]
    break_the_store(service.driver.store, monkeypatch, error)
    caplog.set_level(logging.DEBUG)
    answers = []
    for message in SECRET_MESSAGES:
        with http.websocket_connect("/ws") as ws:
            client = Client(ws)
            answers.append(client.answer(client.send(**message)))
    assert {a["code"] for a in answers} == (
        {"internal"} if isinstance(error, RuntimeError) else {"storage-unavailable"}
    )
    logged = scanned(caplog.records)
    if isinstance(error, RuntimeError):  # a bug: each message by its type, with a traceback
        assert "a resume message" in logged and "a join message" in logged
    else:  # an outage: one line
        assert "the storage does not answer" in logged
    said = json.dumps(answers) + http.get("/metrics").text
    for secret in SECRETS:
        assert secret not in logged
        assert secret not in said


def test_an_http_request_during_an_outage_is_told_in_a_sentence(
    http: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    service = service_of(http.app)  # type: ignore[arg-type]
    break_the_store(service.driver.store, monkeypatch, sqlite3.OperationalError("disk I/O"))
    caplog.set_level(logging.DEBUG)
    for lang, words in (("en", "waiting for its storage"), ("fr", "attend son stockage")):
        answer = http.get(f"/api/invite/{INVITE}?lang={lang}")
        assert answer.status_code == 503 and answer.json()["code"] == "storage-unavailable"
        assert words in answer.json()["message"]
    assert service.storage_down
    served = [r for r in caplog.records if not r.name.startswith("httpx")]  # the test's client
    assert len(served) == 1 and not served[0].exc_info
    assert INVITE not in scanned(served)


def test_an_http_request_that_fails_logs_no_token_or_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import urllib.error
    import urllib.request

    app = make_app(tmp_path / "t.sqlite3")
    caplog.set_level(logging.DEBUG)
    with running_server(app) as url:
        # As ``serve`` has them: uvicorn's records reach the root's handlers (and the test's).
        monkeypatch.setattr(logging.getLogger("uvicorn"), "propagate", True)
        store = service_of(app).driver.store
        break_the_store(store, monkeypatch, RuntimeError("a bug"))
        monkeypatch.setattr(store, "seats_held", store.load)  # the bug, for the list too
        proof = json.dumps({"token": TOKEN}).encode()
        asked = [
            urllib.request.Request(f"{url}api/invite/{INVITE}"),
            urllib.request.Request(f"{url}api/tables/t1/record", data=proof, method="POST"),
            urllib.request.Request(
                f"{url}api/tables/mine",
                data=json.dumps({"tables": [{"table": "t1", "token": TOKEN}]}).encode(),
                method="POST",
            ),
        ]
        statuses = []
        for request in asked:
            with pytest.raises(urllib.error.HTTPError) as failed:
                urllib.request.urlopen(request, timeout=10)
            statuses.append(failed.value.code)
            failed.value.close()
    assert statuses == [500, 500, 500]
    logged = scanned([r for r in caplog.records if r.name.startswith(("uvicorn", "ascenseur"))])
    assert "RuntimeError: a bug" in logged  # the failures were logged, with their traceback
    for secret in SECRETS:
        assert secret not in logged


def test_a_messages_repr_hides_its_secrets() -> None:
    from ascenseur.web.protocol import decode

    for message in SECRET_MESSAGES:
        shown = repr(decode(json.dumps(message)))
        assert "<hidden>" in shown
        assert not any(secret in shown for secret in SECRETS), shown


def test_the_servers_log_handler_takes_secrets_out_of_any_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = logging.getLogger()
    kept = root.handlers[:], root.level
    try:
        for fmt in ("text", "json"):
            configure(fmt)
            log = logging.getLogger("ascenseur.anything")
            log.error("old line: Resume(table='t1', token='%s')", TOKEN)
            log.warning('{"type": "join", "invite": "%s"} from /api/invite/%s', INVITE, INVITE)
            try:
                raise KeyError(f"code={CODE}")
            except KeyError:
                log.exception("failed")
            logging.getLogger("uvicorn.error").error("postgresql://u:pw1234@db/x is down")
            written = capsys.readouterr().err
            assert written.count("<hidden>") >= 5, written
            for secret in (*SECRETS, "pw1234"):
                assert secret not in written
            if fmt == "json":
                assert all(json.loads(line) for line in written.splitlines())
    finally:
        root.handlers[:] = kept[0]
        root.setLevel(kept[1])


# -- the headers on every response -----------------------------------------------------------


def test_every_response_carries_the_security_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path / "games.sqlite3")
    with TestClient(app, raise_server_exceptions=False) as http:

        async def broken(*args: object) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(service_of(app).driver.store, "summaries", broken)
        responses = {
            "page": http.get("/"),
            "script": http.get("/static/js/main.js"),
            "style": http.get("/static/style.css"),
            "api": http.get("/api/bots"),
            "post": http.post("/api/scoresheet", content=b"{"),
            "404": http.get("/no/such/thing"),
            "static 404": http.get("/static/nosuch.js"),
            "405": http.get("/api/tables/t1/record"),
            "500": http.post("/api/tables/mine", json={"tables": []}),
            "ops": http.get("/healthz"),
            "the page again": http.get("/static/index.html"),
        }
    assert responses["500"].status_code == 500
    for name, response in responses.items():
        headers = response.headers
        assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), name
        assert headers.get("x-content-type-options") == "nosniff", name
        assert headers.get("referrer-policy") == "no-referrer", name


def test_the_app_is_served_at_one_address(http: TestClient) -> None:
    assert "<script" in http.get("/").text
    for second in ("/static/index.html", "/static/", "/static//index.html", "/static/./index.html"):
        response = http.get(second)
        assert response.status_code == 404, second
        assert "<script" not in response.text, second


# -- limits that hold ------------------------------------------------------------------------


def test_invitation_tries_are_shared_by_processes_and_outlive_a_restart(
    postgres: Cluster, tmp_path: Path
) -> None:
    db = postgres.new_database()
    limits = Limits(invites_per_minute=3, message_rate=1000.0, message_burst=1000.0)

    def app() -> Any:
        from ascenseur.tables.driver import Settings
        from ascenseur.tables.thinking import thread_pool
        from ascenseur.web.app import create_app

        return create_app(
            db, settings=Settings(pace=0.0), limits=limits, executor=lambda: thread_pool(1)
        )

    with TestClient(app()) as one, TestClient(app()) as two:
        assert [one.get(f"/api/invite/nosuch{n}").status_code for n in range(2)] == [404, 404]
        assert two.get("/api/invite/nosuch2").status_code == 404
        assert two.get("/api/invite/nosuch3").status_code == 429  # the fourth, on either
        assert one.get("/api/invite/nosuch4").status_code == 429
    with TestClient(app()) as restarted:
        assert restarted.get("/api/invite/nosuch5").status_code == 429


def test_tables_opened_are_counted_across_a_restart_on_sqlite(tmp_path: Path) -> None:
    limits = Limits(tables_per_hour=2, message_rate=1000.0, message_burst=1000.0)
    answers = []
    for _ in range(2):  # the second app is the server restarted on the same file
        with (
            TestClient(make_app(tmp_path / "t.sqlite3", limits=limits)) as http,
            http.websocket_connect("/ws") as ws,
        ):
            me = Client(ws)
            for _ in range(2):
                message = {"type": "create", "version": 2, "name": "A", "rules": {"players": 3}}
                answers.append(me.answer(me.send(**message, seats=["random", "random"]))["type"])
    assert answers == ["welcome", "welcome", "error", "error"]


def test_the_list_of_ones_games_is_one_query_and_rate_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits = Limits(lists_per_minute=3, message_rate=1000.0, message_burst=1000.0)
    app = make_app(tmp_path / "t.sqlite3", limits=limits)
    with TestClient(app) as http:
        with http.websocket_connect("/ws") as ws:
            welcome = Client(ws).new_game()
        store = service_of(app).driver.store
        loads: list[str] = []
        real_load = store.load

        async def counted(table_id: str) -> Any:
            loads.append(table_id)
            return await real_load(table_id)

        monkeypatch.setattr(store, "load", counted)
        held = [{"table": f"t{n}", "token": "x" * 43} for n in range(499)]
        held.append({"table": welcome["table"], "token": welcome["token"]})
        games = http.post("/api/tables/mine", json={"tables": held}).json()["games"]
        assert [g["id"] for g in games] == [welcome["table"]] and games[0]["your_seat"] == 0
        assert loads == []  # no table loaded to answer it
        too_many = [*held, {"table": "t500", "token": "x" * 43}]
        assert http.post("/api/tables/mine", json={"tables": too_many}).status_code == 400
        assert http.post("/api/tables/mine", json={"tables": []}).status_code == 200
        limited = http.post("/api/tables/mine", json={"tables": []})
        assert limited.status_code == 429 and limited.json()["code"] == "rate-limited"


# -- hostile input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("[" * 2048, "bad-message"),
        ('{"ref": 7, "x": ' + "[" * 2048, "too-deep"),
        (
            '{"type": "create", "version": 2, "name": "A", "seats": [], "rules": {"a": '
            + "[" * 4000
            + "]" * 4000
            + "}}",
            "too-deep",
        ),
    ],
    ids=["array", "object", "rules"],
)
def test_deeply_nested_json_is_answered_and_logged_in_no_traceback(
    http: TestClient, caplog: pytest.LogCaptureFixture, data: str, code: str
) -> None:
    caplog.set_level(logging.DEBUG)
    with http.websocket_connect("/ws") as ws:
        client = Client(ws)
        client.send_raw(data)
        errors = [m for m in client.sync() if m["type"] == "error"]  # and the socket still works
    assert [e["code"] for e in errors] == [code]
    assert errors[0]["message"].endswith(".")
    assert not [r for r in caplog.records if r.exc_info], "no traceback"


def test_deeply_nested_json_over_http_is_a_bad_request(http: TestClient) -> None:
    deep = "[" * 3000 + "]" * 3000
    assert http.post("/api/scoresheet", content=deep).status_code == 400
    assert http.post("/api/tables/mine", content=deep).status_code == 400
    assert http.get("/api/rules/en", params={"rules": "[" * 4000}).status_code == 400


def post_streaming(
    url: str, path: str, chunks: int, *, declared: int | None = None
) -> tuple[int, int]:
    """POST ``chunks`` chunks of 1 MiB (chunked encoding, or a ``Content-Length`` of
    ``declared``) and stop sending once the server answers: its status, the MiB sent."""
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    chunk = b"[" + b" " * (1024 * 1024 - 2) + b"]"
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        length = f"Content-Length: {declared}" if declared else "Transfer-Encoding: chunked"
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"{length}\r\n\r\n".encode()
        )
        sent = 0
        for _ in range(chunks):
            if select.select([sock], [], [], 0)[0]:
                break  # answered already
            try:
                if declared:
                    sock.sendall(chunk)
                else:
                    sock.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            except OSError:
                break  # the server closed the connection on its answer
            sent += 1
        else:
            if not declared:
                sock.sendall(b"0\r\n\r\n")  # the whole body was sent
        answer = b""
        while b"\r\n" not in answer:
            answer += sock.recv(4096)
    return int(answer.split()[1]), sent


def test_a_long_body_is_refused_as_it_arrives(tmp_path: Path) -> None:
    with running_server(make_app(tmp_path / "t.sqlite3")) as url:
        status, sent = post_streaming(url, "/api/scoresheet", 50)
        assert status == 413 and sent < 20  # not 50 MiB read first
        status, sent = post_streaming(url, "/api/tables/mine", 50, declared=50 * 1024 * 1024)
        assert status == 413 and sent < 20


def test_a_page_of_another_scheme_may_not_open_the_socket(http: TestClient) -> None:
    with http.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        Client(ws).sync()  # the page's own origin
    for origin in ("https://testserver", "ftp://testserver", "null"):
        with (
            pytest.raises(WebSocketDisconnect),
            http.websocket_connect("/ws", headers={"origin": origin}) as ws,
        ):
            ws.receive_text()


def test_one_action_id_for_two_different_actions_is_refused(http: TestClient) -> None:
    with http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game()
        view = me.my_turn()
        assert len(view["legal_bids"]) > 1
        first, other = view["legal_bids"][:2]
        move = {"type": "bid", "state": view["state"], "cid": "mine-1"}
        assert me.answer(me.send(**move, value=first))["type"] == "ack"
        assert me.answer(me.send(**move, value=first))["type"] == "ack"  # a resend: harmless
        refused = me.answer(me.send(**move, value=other))
        assert refused["type"] == "error" and refused["code"] == "cid-reused"
        assert "mine-1" in refused["message"]


# -- an outage of the storage ----------------------------------------------------------------


class Outage:
    """A store that stops answering on demand (every call fails as a lost disk does)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.down = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.store, name)
        if not asyncio.iscoroutinefunction(real):
            return real

        async def call(*args: object, **kwargs: object) -> Any:
            if self.down:
                raise sqlite3.OperationalError("disk I/O error")
            return await real(*args, **kwargs)

        return call


def until(client: Client, wanted: Callable[[Message], bool], seconds: float = 20.0) -> Message:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = client.receive()
        if wanted(message):
            return message
    raise AssertionError(f"nothing wanted within {seconds} s: {client.seen[-3:]}")


def test_players_are_told_the_table_waits_for_its_storage_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(service_module, "STORAGE_CHECK_SECONDS", 0.2)
    monkeypatch.setattr(service_module, "STORAGE_RETRY_SECONDS", 0.2)
    app = make_app(tmp_path / "t.sqlite3")
    caplog.set_level(logging.WARNING, logger="ascenseur.web")
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        host = Client(ws)
        welcome = host.create(players=3, seats=[None, "random"], lang="fr")
        driver = service_of(app).driver
        outage = Outage(driver.store)
        driver.store = outage
        outage.down = True
        told = until(host, lambda m: m["type"] == "error")
        assert told["code"] == "storage-unavailable" and "stockage" in told["message"]
        assert "ascenseur_storage_up 0.0" in http.get("/metrics").text
        with http.websocket_connect("/ws") as ws2:
            friend = Client(ws2)
            answer = friend.answer(friend.send(type="join", version=2, invite=welcome["invite"],
                                               name="Bea"))  # fmt: skip
            assert answer["code"] == "storage-unavailable"
            assert "goes on by itself" in answer["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                friend.receive()
            assert closed.value.code == 1013  # try again later: the page reconnects
        outage.down = False
        back = until(host, lambda m: m["type"] == "state" and bool(m["events"]))
        assert [e["code"] for e in back["events"]] == ["storage_back"]
        assert "ascenseur_storage_up 1.0" in http.get("/metrics").text
        with http.websocket_connect("/ws") as ws3:
            assert Client(ws3).take_seat(welcome["invite"], "Bea")["type"] == "welcome"
    lines = [r for r in caplog.records if r.name == "ascenseur.web"]
    assert [r.levelname for r in lines] == ["WARNING"] * len(lines) and len(lines) <= 3
    assert not any(r.exc_info for r in lines)


def test_a_postgresql_outage_is_told_and_the_tables_go_on_when_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ascenseur.tables.driver import Settings
    from ascenseur.tables.thinking import thread_pool
    from ascenseur.web.app import create_app

    monkeypatch.setattr(service_module, "STORAGE_CHECK_SECONDS", 0.2)
    monkeypatch.setattr(service_module, "STORAGE_RETRY_SECONDS", 0.2)
    cluster = Cluster()  # its own: this test stops it
    cluster.start()
    try:
        db = cluster.new_database()
        limits = Limits(message_rate=1000.0, message_burst=1000.0)
        app = create_app(
            db, settings=Settings(pace=0.0), limits=limits, executor=lambda: thread_pool(1)
        )
        with TestClient(app) as http, http.websocket_connect("/ws") as ws:
            host = Client(ws)
            welcome = host.create(players=3, seats=[None, "random"])
            # The server goes away as a database does (tests/pg_cluster.py's own programs).
            cluster._run("pg_ctl", "stop", "-D", str(cluster.data), "-m", "fast", "-w")
            told = until(host, lambda m: m["type"] == "error")
            assert told["code"] == "storage-unavailable"
            options = (  # as Cluster.start gave them
                f"-c listen_addresses='' -c unix_socket_directories='{cluster.root}' "
                f"-p {PORT} -c fsync=off -c max_connections=200"
            )
            cluster._run("pg_ctl", "start", "-w", "-D", str(cluster.data), "-l",
                         str(cluster.root / "server.log"), "-o", options)  # fmt: skip
            back = until(host, lambda m: m["type"] == "state" and bool(m["events"]), 30)
            assert [e["code"] for e in back["events"]] == ["storage_back"]
            with http.websocket_connect("/ws") as ws2:
                friend = Client(ws2)
                assert friend.take_seat(welcome["invite"], "Bea")["type"] == "welcome"
            said = host.answer(host.send(type="say", text="back"))
            assert said["type"] == "ack"
    finally:
        cluster.stop()
