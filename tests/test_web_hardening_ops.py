"""Hardening for operators (issue 60): ``ascenseur serve`` as a process — a wrong ``--db`` told
in one sentence before anything is served, JSON logs that are only JSON, forwarded addresses
believed from the proxies named and no one else — and the nginx configuration of
``docs/deploy.md`` run for real in front of it."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from pg_cluster import USER, Cluster
from web_helpers import create_message

pytestmark = pytest.mark.timeout(120)
DEPLOY = Path(__file__).parent.parent / "docs" / "deploy.md"


def serve_command(*options: str) -> list[str]:
    return [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0", *options]


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[str, list[str]]]:
    """``ascenseur serve`` on a free port with ``options``: its address, and a list that
    holds, once it has stopped (on exit), every line it wrote on either output."""
    env = {**os.environ, "ASCENSEUR_DATA_DIR": str(tmp_path)}
    server = subprocess.Popen(
        serve_command(*options),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    written: list[str] = []
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        written.append(first)
        line = json.loads(first)["message"] if first.startswith("{") else first
        url = line.split("playing at ")[1].split()[0]
        wait_until_up(url)
        yield url, written
    finally:
        server.terminate()
        try:
            out, err = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate(timeout=10)
        written.extend((out + err).splitlines())


def wait_until_up(url: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "readyz", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError as err:  # not listening yet, or 503 (HTTPError) while it starts
            if isinstance(err, urllib.error.HTTPError):
                err.close()
            if time.monotonic() > deadline:
                raise
        time.sleep(0.1)


def status_of(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        err.close()
        return int(err.code)


# -- a wrong --db ----------------------------------------------------------------------------


def refused(tmp_path: Path, db: str, *options: str) -> tuple[str, str]:
    """What ``serve --db db`` prints (standard output, standard error) as it refuses to start;
    it must end by itself, in a few seconds, with status 1."""
    env = {**os.environ, "ASCENSEUR_DATA_DIR": str(tmp_path)}
    started = time.monotonic()
    done = subprocess.run(
        serve_command("--db", db, *options),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done
    assert time.monotonic() - started < 20  # not a pool waiting 30 s for a connection
    return done.stdout, done.stderr


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("postgresql://club:SeCrEt99@127.0.0.1:1/games", "Connection refused"),
        ("postgresql://club:SeCrEt99@nosuchhost.invalid/games", "nosuchhost.invalid"),
        ("missing database", 'database "nosuchdb" does not exist'),
        ("wrong password", 'password authentication failed for user "club"'),
    ],
)
def test_a_wrong_db_is_one_sentence_before_anything_is_served(
    tmp_path: Path, where: str, reason: str, request: pytest.FixtureRequest
) -> None:
    if where == "missing database":
        cluster: Cluster = request.getfixturevalue("postgres")
        where = cluster.url("nosuchdb").replace("ascenseur@", "ascenseur:SeCrEt99@")
    elif where == "wrong password":
        cluster = request.getfixturevalue("postgres")
        where = password_role(cluster).replace("club:right@", "club:SeCrEt99@")
    out, err = refused(tmp_path, where)
    assert "playing at" not in out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ascenseur: cannot serve: cannot open the PostgreSQL database")
    assert reason in lines[0] and lines[0].endswith((".", "?"))
    assert "SeCrEt99" not in out + err and "Traceback" not in err


def password_role(cluster: Cluster) -> str:
    """The URL of a role ``club`` of ``cluster`` that must give its password (``right``):
    the cluster trusts its other roles on its socket."""
    import psycopg

    hba = cluster.data / "pg_hba.conf"
    if "club" not in hba.read_text():
        with psycopg.connect(cluster.url(), autocommit=True) as admin:
            admin.execute("CREATE ROLE club LOGIN PASSWORD 'right'")
        hba.write_text("local all club scram-sha-256\n" + hba.read_text())
        with psycopg.connect(cluster.url(), autocommit=True) as admin:
            admin.execute("SELECT pg_reload_conf()")
    url = cluster.url().replace(f"{USER}@", "club:right@")
    for _ in range(100):  # the server reads its pg_hba.conf again in its own time
        try:
            psycopg.connect(url.replace(":right@", ":wrong@")).close()
        except psycopg.OperationalError:
            break
        time.sleep(0.05)
    return url


def test_a_database_of_a_newer_ascenseur_is_one_sentence_without_a_traceback(
    tmp_path: Path,
) -> None:
    db = tmp_path / "newer.sqlite3"
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    out, err = refused(tmp_path, str(db))
    assert "playing at" not in out
    assert err.strip() == (
        f"ascenseur: cannot serve: {db} was written by a newer ascenseur (schema 99; "
        "this one reads 4)."
    )
    _, err = refused(tmp_path, str(db), "--log-format", "json")
    (line,) = err.strip().splitlines()
    assert json.loads(line)["level"] == "error" and "newer ascenseur" in line


# -- JSON logs -------------------------------------------------------------------------------


def test_json_logs_are_only_json_lines(tmp_path: Path) -> None:
    import socket

    with serving(tmp_path, "--log-format", "json") as (url, written):
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")  # uvicorn's own warning
            sock.recv(1024)
        assert status_of(url + "no/such/page") == 404
    lines = [line for line in written if line.strip()]
    for line in lines:
        entry = json.loads(line)
        assert {"time", "level", "logger", "message"} <= set(entry), line
    assert any(json.loads(line)["logger"].startswith("uvicorn") for line in lines), lines


def test_a_websocket_message_past_the_limit_closes_the_socket_unread(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed

    with serving(tmp_path) as (url, _):
        with connect(url.replace("http", "ws") + "ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "ping", "ref": 1}))
            assert json.loads(ws.recv(timeout=10))["type"] == "pong"
            ws.send("[" * 50_000)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big


# -- forwarded addresses ---------------------------------------------------------------------


def invite_statuses(url: str, forwarded: list[str]) -> list[int]:
    """The statuses of invite codes tried as if from each forwarded address."""
    return [
        status_of(f"{url}api/invite/nosuch{n}", {"X-Forwarded-For": address})
        for n, address in enumerate(forwarded)
    ]


def test_forwarded_addresses_are_believed_only_from_the_proxies_named(tmp_path: Path) -> None:
    forged = [f"10.0.0.{n}" for n in range(4)]
    with serving(tmp_path / "a", "--invites-per-minute", "2") as (url, _):
        assert invite_statuses(url, forged) == [404, 404, 429, 429]  # all from 127.0.0.1
    proxied = ("--invites-per-minute", "2", "--trust-proxy", "127.0.0.1")
    with serving(tmp_path / "b", *proxied) as (url, _):
        assert invite_statuses(url, forged) == [404] * 4  # four clients behind the proxy
        assert invite_statuses(url, ["10.0.0.9"] * 3) == [404, 404, 429]


# -- the documented nginx in front -----------------------------------------------------------


def documented_nginx() -> str:
    """The nginx configuration of docs/deploy.md, as it is written there."""
    blocks = re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1
    return str(blocks[0])


def nginx_config(root: Path, documented: str, upstream: str, port: int) -> Path:
    """The documented server block with this machine's names in it: the upstream the test's
    server, the TLS port a free one of 127.0.0.1, a certificate made for the test."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", str(root / "key.pem"),
         "-out", str(root / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+.*$", documented, re.MULTILINE)
    assert len(servers) >= 2, documented
    text = documented.replace(servers[0], f"    server {upstream};")
    for extra in servers[1:]:
        text = text.replace(extra + "\n", "")
    text = re.sub(r"listen 443 ssl[^;]*;", f"listen 127.0.0.1:{port} ssl;", text)
    text = re.sub(r"ssl_certificate .*;", f"ssl_certificate {root / 'cert.pem'};", text)
    text = re.sub(r"ssl_certificate_key .*;", f"ssl_certificate_key {root / 'key.pem'};", text)
    assert str(port) in text and upstream in text
    user = "user root;\n" if os.geteuid() == 0 else ""
    config = root / "nginx.conf"
    config.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {root / 'nginx.pid'};\n"
        f"error_log {root / 'error.log'} warn;\nevents {{}}\nhttp {{\n"
        f"access_log off;\nclient_body_temp_path {root / 'body'};\n"
        f"proxy_temp_path {root / 'proxy'};\n{text}\n}}\n"
    )
    return config


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_documented_nginx_passes_the_page_and_its_socket(tmp_path: Path) -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.skip("nginx is not installed (`make nginx` installs Debian's nginx-light)")
    proxy = ("--trust-proxy", "127.0.0.1")
    with serving(tmp_path / "data", *proxy) as (url, _):
        port = free_port()
        root = tmp_path / "nginx"
        root.mkdir()
        upstream = url.removeprefix("http://").rstrip("/")
        config = nginx_config(root, documented_nginx(), upstream, port)
        process = subprocess.Popen(
            [nginx, "-p", str(root), "-c", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,  # it writes to its error.log
        )
        try:
            site = f"https://127.0.0.1:{port}"
            context = ssl.create_default_context(cafile=root / "cert.pem")
            context.check_hostname = False
            deadline = time.monotonic() + 20
            while True:
                try:
                    with urllib.request.urlopen(site + "/", timeout=5, context=context) as page:
                        assert "<script" in page.read().decode()
                        assert page.headers["x-content-type-options"] == "nosniff"
                    break
                except OSError as err:  # nginx not listening yet
                    if isinstance(err, urllib.error.HTTPError):
                        err.close()
                    assert process.poll() is None, (root / "error.log").read_text()
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            # The page's own socket, as a browser opens it: wss, its https origin with the
            # port (the server sees the host with its port, and https from X-Forwarded-Proto).
            with connect(
                f"wss://127.0.0.1:{port}/ws", origin=Origin(site), ssl=context, open_timeout=10
            ) as ws:
                create = create_message(players=3, seats=["random", "random"])
                ws.send(json.dumps({"type": "create", "version": 2, "ref": 1, **create}))
                answer = json.loads(ws.recv(timeout=10))
                assert answer["type"] == "welcome", answer
            metrics = urllib.request.Request(site + "/metrics")
            with pytest.raises(urllib.error.HTTPError) as denied:
                urllib.request.urlopen(metrics, timeout=5, context=context)
            denied.value.close()
            assert denied.value.code == 403  # for Prometheus on the inside only
        finally:
            process.terminate()
            process.wait(10)


# -- the load benchmark ----------------------------------------------------------------------

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "server_load.py"


def test_the_load_benchmark_explains_every_option_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("server_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "server_load", module)  # its structs' annotations
    spec.loader.exec_module(module)
    actions = [a for a in module.options()._actions if a.option_strings != ["-h", "--help"]]
    assert {a.option_strings[0] for a in actions} >= {"--tables", "--seconds", "--burst", "--db"}
    assert all(a.help and len(a.help) > 20 for a in actions), [a.option_strings for a in actions]
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--tables", "2", "--seconds", "1", "--burst", "1"],
        env={**os.environ, "TMPDIR": str(scratch)},
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "action -> ack" in done.stdout
    assert list(scratch.iterdir()) == []  # its database, its data folder, the bots' fork server
