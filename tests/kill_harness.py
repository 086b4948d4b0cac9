"""``kill -9`` of the server while people play, and proof that nothing is lost.

Tables (a host and a friend each, bots in the other seats) are played by scripted clients over
real websockets against ``ascenseur serve`` on 127.0.0.1, and a server process is killed with
SIGKILL at random moments:

* :func:`run_single` — one process on a SQLite file, killed and started again on it;
* :func:`run_cluster` — three processes on one PostgreSQL database, the people spread over
  them; the one driving the tables (holding their leases: it moves their bots) is killed, its
  clients come back through another process, and it is started again.

Then, for both: every acknowledged action is in its table's log, once; an action sent but not
acknowledged when its server died is sent again with its client id and is applied exactly
once; every log is contiguous (no gap, no fork) and replays; the clients come back to views
equal to the log's for their seats; no bot worker of a killed process is left running. On the
cluster, besides: the tables went on after each kill (another process took over their bots),
and every client saw the moves in the log's order.

``python tests/kill_harness.py --kills 50`` runs the first 50 times; ``python
tests/kill_harness.py --cluster --kills 10`` the second against a throwaway PostgreSQL
cluster of its own (Debian's server programs). The tests (``test_web_crash.py``,
``test_web_cluster.py``) run each a few times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from ascenseur.core.observation import observe
from ascenseur.tables import events as ev
from ascenseur.tables.sqlite import SqliteDatabase
from ascenseur.tables.storage import StoreError
from ascenseur.tables.table import Table
from ascenseur.web.connection import POLICY_VIOLATION

Message = dict[str, Any]

#: The least time between two messages of one client: ten a second, half the rate the
#: server allows. Without it, with bots that answer at once, a scripted person played past
#: the server's limit and the server rightly closed its connection.
CLIENT_GAP = 0.1


class Server:
    """``ascenseur serve`` in a subprocess on a free port of 127.0.0.1."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.process: subprocess.Popen[str] | None = None
        self.http = self.url = ""
        #: What ``--db`` names (a SQLite file; a PostgreSQL URL for a cluster's node), and
        #: where the server's standard error goes (what a killed server says).
        self.database = str(db)
        self.log = db.parent / "server.log"

    def start(self) -> None:
        command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0", "--pace", "0"]
        env = {**os.environ, "ASCENSEUR_DATA_DIR": str(self.db.parent)}
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [*command, "--db", self.database],
                env=env,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
            )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        self.http = line.split("playing at ")[1].split()[0]
        self.url = self.http.replace("http://", "ws://") + "ws"

    def kill(self) -> list[int]:
        """SIGKILL the server; the pids of its descendants at that moment."""
        assert self.process is not None
        family = descendants(self.process.pid)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return family

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
            if self.process.stdout is not None:
                self.process.stdout.close()


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, ppid in parents.items() if ppid == parent]
        found.extend(children)
        frontier.extend(children)
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purpose
        return " Z " not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1][:3]
    except OSError:
        return False


@dataclass
class Player:
    """One person's client: their seat, token, last view and the actions they sent."""

    table: str
    seat: int
    token: str
    ws: ClientConnection | None = None
    view: Message | None = None
    ref: int = 0
    acked: list[str] = field(default_factory=list)
    #: An action sent with no answer yet (lost if the server died): (cid, message).
    open: tuple[str, Message] | None = None
    resent: list[str] = field(default_factory=list)
    #: After an ack, the version the table reached: act again only from a view that new.
    settled: int = 0
    #: What this client said once on its connection, as a person's click is: the deal whose
    #: result it has seen (``ready``), and the host's ``start`` (said at every look, they
    #: went past the server's message rate and the server closed the connection).
    ready_for: int | None = None
    start_said: bool = False
    #: How many messages of each type it sent on its connection, and when it sent the last.
    sent: Counter[str] = field(default_factory=Counter)
    sent_at: float = 0.0
    #: The moves it was told of, in order, and the refusals it was sent (a stalled table's
    #: diagnosis prints the last ones).
    moves: list[tuple[str, int, Any]] = field(default_factory=list)
    errors: list[Message] = field(default_factory=list)

    def send(self, message: Message) -> int:
        assert self.ws is not None
        self.sent[message["type"]] += 1
        self.sent_at = time.monotonic()
        self.ref += 1
        self.ws.send(json.dumps({**message, "ref": self.ref}))
        return self.ref

    def read(self, timeout: float) -> Message | None:
        assert self.ws is not None
        try:
            data = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        message: Message = json.loads(data)
        if message["type"] == "error":
            self.errors.append(message)
        if message["type"] == "state":
            self.view = message["view"]
            for event in message["events"]:
                if event["kind"] in ("bid", "card"):
                    value = event.get("value", event.get("card"))
                    self.moves.append((event["kind"], event["seat"], value))
        return message

    def connect(self, url: str) -> None:
        self.ready_for, self.start_said = None, False  # said again to a new process
        self.sent = Counter()
        self.ws = connect(url, open_timeout=30, max_size=2**22, legacy=True)
        since = self.view["version"] if self.view is not None else None
        self.send({"type": "resume", "version": 2, "table": self.table, "token": self.token,
                   "since": since})  # fmt: skip
        while (message := self.read(30)) is not None and message["type"] != "state":
            assert message["type"] != "error", message

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def open_tables(url: str, count: int) -> list[Player]:
    players = []
    for _ in range(count):
        with connect(url, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "create", "version": 2, "name": "Host",
                                "rules": {"players": 4, "max_cards": 19},
                                "seats": [None, "random", "random"],
                                "summary_seconds": 0, "grace": 3600}))  # fmt: skip
            welcome = json.loads(ws.recv(timeout=30))
            ws.send(json.dumps({"type": "join", "version": 2, "invite": welcome["invite"],
                                "name": "Friend"}))  # fmt: skip
            joined = json.loads(ws.recv(timeout=30))
            while joined["type"] != "welcome":
                joined = json.loads(ws.recv(timeout=30))
        host = Player(welcome["table"], welcome["seat"], welcome["token"])
        friend = Player(welcome["table"], joined["seat"], joined["token"])
        players += [host, friend]
    return players


def step(player: Player, rng: random.Random) -> bool:
    """Read what came; act if it is this seat's turn. False if the connection is gone."""
    try:
        for _ in range(20):
            message = player.read(0.005)
            if message is None:
                break
            if message["type"] == "ack" and player.open is not None:
                player.acked.append(player.open[0])
                player.open = None
                player.settled = message["version"]
            elif message["type"] == "error" and player.open is not None:
                player.open = None  # refused (stale): nothing applied, nothing to resend
        view = player.view
        if time.monotonic() - player.sent_at < CLIENT_GAP:
            return True  # a person's pace, within the server's message rate
        if view is None or player.open is not None or view["phase"] in ("over", "lobby"):
            host = view is not None and view["phase"] == "lobby" and view["seat"] == view["host"]
            if host and not player.start_said:
                player.start_said = True
                player.send({"type": "host", "action": "start"})
            return True
        seen = view["seat"] in view["ready"] or player.ready_for == view["deal"]
        if view["summary"] and not seen:
            player.ready_for = view["deal"]
            player.send({"type": "ready"})
        if view["current"] == view["seat"] and view["version"] >= player.settled:
            moves = [{"type": "bid", "value": v} for v in view["legal_bids"]]
            moves += [{"type": "play", "card": c} for c in view["legal_cards"]]
            if moves:
                cid = f"{player.table}-{player.seat}-{rng.getrandbits(48):x}"
                message = {**rng.choice(moves), "state": view["state"], "cid": cid}
                player.open = (cid, message)
                player.send(message)
        return True
    except (WebSocketException, OSError):
        if player.ws is not None and player.ws.close_code == POLICY_VIOLATION:
            # Not a crash's doing: this client broke the server's rules (its message rate).
            raise AssertionError(
                f"the server closed the connection of table {player.table}'s seat"
                f" {player.seat} for a policy violation (it sent {dict(player.sent)})"
            ) from None
        return False


class Node(Server):
    """One server process on the shared database."""

    def __init__(self, url: str, workdir: Path, name: str) -> None:
        super().__init__(workdir / f"{name}.sqlite3")
        self.database = url
        self.name = name
        self.log = workdir / f"{name}.log"

    def holder(self) -> str:
        """This process's id among those sharing the database (its leases carry it)."""
        with urllib.request.urlopen(self.http + "healthz", timeout=10) as answer:
            return str(json.loads(answer.read())["process"])


Load = Callable[[str], "list[ev.Event] | None"]


def sqlite_load(db_path: Path) -> Load:
    """Read a table's log from the SQLite file (opened for each read, as another process)."""

    def load(table_id: str) -> list[ev.Event] | None:
        db = SqliteDatabase(db_path)
        try:
            return db.load(table_id)
        finally:
            db.close()

    return load


def load_log(url: str) -> Load:
    def load(table_id: str) -> list[ev.Event] | None:
        with psycopg.connect(url) as db:
            rows = db.execute(
                "SELECT version, event FROM events WHERE table_id = %s ORDER BY version",
                (table_id,),
            ).fetchall()
        if not rows:
            return None
        if [row[0] for row in rows] != list(range(len(rows))):
            raise StoreError(f"table {table_id}'s log has a gap", code="broken-log")
        return [ev.decode(bytes(row[1])) for row in rows]

    return load


def driver_of(url: str, tables: list[str]) -> str | None:
    """The process holding most of these tables' leases now."""
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT holder, count(*) FROM leases WHERE table_id = ANY(%s)"
            " AND expires > extract(epoch FROM now()) GROUP BY holder ORDER BY 2 DESC",
            (tables,),
        ).fetchall()
    return str(rows[0][0]) if rows else None


def stalled(
    url: str,
    load: Load,
    tables: list[str],
    before: dict[str, int],
    players: list[Player],
    nodes: list[Node],
    where: dict[int, int],
) -> None:
    """Say why a table did not go on after a kill (the harness's own diagnosis): the logs,
    the leases, each client's view and process, and what each process wrote last."""
    with psycopg.connect(url) as db:
        leases = db.execute(
            "SELECT table_id, holder, expires - extract(epoch FROM now()) FROM leases"
        ).fetchall()
    for table in tables:
        log = load(table) or []
        print(f"table {table}: {before[table]} -> {len(log)} events; last:",
              [type(e).__name__ for e in log[-4:]], file=sys.stderr)  # fmt: skip
    print("leases:", leases, file=sys.stderr)
    for p in players:
        view = p.view or {}
        state = f"phase {view.get('phase')}, current {view.get('current')}"
        closed = p.ws.close_code if p.ws is not None else "no socket"
        print(f"  {p.table} seat {p.seat}: open {p.open is not None}, {state},"
              f" version {view.get('version')}, on p{where[id(p)]} (closed: {closed}),"
              f" sent {dict(p.sent)}, {len(p.errors)} refusals, the last: {p.errors[-3:]}",
              file=sys.stderr)  # fmt: skip
    for n, node in enumerate(nodes):
        tail = node.log.read_text().splitlines()[-15:]
        try:
            holder = node.holder()
        except OSError as err:
            holder = f"no answer ({err})"
        print(f"p{n} (holder {holder}) said last:", *tail, sep="\n  ", file=sys.stderr)


def in_log_order(moves: list[tuple[str, int, Any]], log: list[ev.Event]) -> bool:
    """Whether ``moves`` are moves of ``log``, in its order, none twice."""
    logged = [
        ("bid", e.seat, e.value) if isinstance(e, ev.BidEntry) else ("card", e.seat, e.card)
        for e in log
        if isinstance(e, ev.BidEntry | ev.PlayEntry)
    ]
    at = 0
    for move in moves:
        while at < len(logged) and logged[at] != move:
            at += 1
        if at == len(logged):
            return False
        at += 1
    return True


def views_match(load: Load, players: Sequence[Player]) -> None:
    """Each client's view, just after it came back, is the server's for its seat."""
    for player in players:
        events = load(player.table)
        assert events is not None and player.view is not None
        table = Table(player.table, events)
        state = table.state
        if len(state.history) != player.view["state"]:
            continue  # a bot moved since: the view is older than the log, not different
        view = observe(state, player.seat)
        assert sorted(c.code for c in view.hand) == sorted(player.view["hand"])
        assert list(view.bids) == player.view["bids"]
        assert list(view.totals) == player.view["totals"]


def logs_hold(load: Load, players: Sequence[Player]) -> dict[str, int]:
    """Every log contiguous and replaying; every acknowledged action in it, once."""
    acked = resent = 0
    for player in players:
        events = load(player.table)  # raises on a gap: the log is contiguous
        assert events is not None
        cids = [
            e.cid for e in events if isinstance(e, ev.BidEntry | ev.PlayEntry) and e.cid is not None
        ]
        assert len(cids) == len(set(cids)), "an action was applied twice"
        for cid in player.acked:
            assert cid in cids, f"acknowledged action {cid} is lost"
        acked += len(player.acked)
        resent += sum(1 for cid in player.resent if cid in cids)
        Table(player.table, events)  # and it replays
    return {"acknowledged": acked, "resent and applied once": resent}


def play_until(players: Sequence[Player], rng: random.Random, more: int) -> None:
    """Play until ``more`` actions more are acknowledged (however slow the machine is; a
    minute at most)."""
    wanted = sum(len(p.acked) for p in players) + more
    deadline = time.monotonic() + 60
    while sum(len(p.acked) for p in players) < wanted and time.monotonic() < deadline:
        for player in players:
            step(player, rng)


def put_in_flight(players: Sequence[Player], rng: random.Random) -> None:
    """About half the clients send an action just before a kill: on its way when it lands."""
    time.sleep(CLIENT_GAP)  # each client may send again
    for player in players:
        if player.open is None and rng.random() < 0.5:
            step(player, rng)


def come_back(player: Player, url: str) -> None:
    """The client reconnects to ``url`` and sends again, exactly as it was sent, the action
    whose answer died with the server."""
    player.close()
    player.connect(url)
    if player.open is None:
        return
    cid, message = player.open
    player.resent.append(cid)
    player.send(message)
    answer = player.read(30)
    while answer is not None and answer["type"] not in ("ack", "error"):
        answer = player.read(30)
    if answer is not None and answer["type"] == "ack":
        player.acked.append(cid)
    player.open = None


def no_orphans(orphans: list[int]) -> None:
    time.sleep(2.5)  # the workers of the killed processes notice and leave
    left = [pid for pid in orphans if alive(pid)]
    assert not left, f"processes of killed servers still running: {left}"


def run_single(
    kills: int, seed: int, tables: int = 3, workdir: Path | None = None
) -> dict[str, int]:
    """One server on a SQLite file, killed ``kills`` times; everything checked; the counts."""
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="ascenseur-crash-")) if workdir is None else workdir
    server = Server(base / "crash.sqlite3")
    server.start()
    players = open_tables(server.url, tables)
    for player in players:
        player.connect(server.url)
    load = sqlite_load(server.db)
    orphans: list[int] = []
    killed = in_flight = 0
    try:
        while killed < kills:
            play_until(players, rng, rng.randint(3, 8))
            for _ in range(rng.randint(0, 30)):  # then a random number of steps more
                for player in players:
                    step(player, rng)
            put_in_flight(players, rng)
            in_flight += sum(1 for player in players if player.open is not None)
            orphans += server.kill()
            killed += 1
            for player in players:
                player.close()
            server.start()
            for player in players:
                come_back(player, server.url)
            views_match(load, players)
        no_orphans(orphans)
        return logs_hold(load, players) | {"kills": killed, "in flight": in_flight}
    finally:
        for player in players:
            player.close()
        server.stop()


def run_cluster(
    url: str, kills: int, seed: int, tables: int = 2, workdir: Path | None = None
) -> dict[str, int]:
    """Three processes on the PostgreSQL database ``url``, the driving one killed ``kills``
    times; everything checked; the counts."""
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="ascenseur-cluster-")) if workdir is None else workdir
    nodes = [Node(url, base, f"p{n}") for n in range(3)]
    for node in nodes:
        node.start()
    players = open_tables(nodes[0].url, tables)
    where = {id(p): n % len(nodes) for n, p in enumerate(players)}  # spread over the three
    for player in players:
        player.connect(nodes[where[id(player)]].url)
    load = load_log(url)
    table_ids = sorted({p.table for p in players})
    orphans: list[int] = []
    killed = in_flight = took_over = 0
    try:
        while killed < kills:
            play_until(players, rng, rng.randint(5, 12))
            holder = driver_of(url, table_ids)
            victim = next((n for n, node in enumerate(nodes) if node.holder() == holder), None)
            if victim is None:
                continue  # no lease running at this moment (every table waits for a person)
            put_in_flight(players, rng)
            in_flight += sum(1 for p in players if p.open is not None and where[id(p)] == victim)
            before = {t: len(load(t) or []) for t in table_ids}
            orphans += nodes[victim].kill()
            killed += 1
            other = (victim + 1) % len(nodes)
            for player in players:
                if where[id(player)] == victim:
                    where[id(player)] = other
                    come_back(player, nodes[other].url)
            nodes[victim].start()  # back, as a fresh process
            # The tables go on: the survivors take over their bots within a lease's time.
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                for player in players:
                    step(player, rng)
                if all(len(load(t) or []) > before[t] + 2 for t in table_ids):
                    took_over += 1
                    break
            else:
                stalled(url, load, table_ids, before, players, nodes, where)
            views_match(load, players)
        no_orphans(orphans)
        for player in players:
            log = load(player.table)
            assert log is not None and in_log_order(player.moves, log), "moves out of order"
    finally:
        for player in players:
            player.close()
        for node in nodes:
            node.stop()
    counts = logs_hold(load, players)
    return counts | {"kills": killed, "in flight": in_flight, "went on": took_over}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="three processes on a throwaway PostgreSQL cluster (else one on SQLite)",
    )
    parser.add_argument("--kills", type=int, default=None, help="kills (50; 10 with --cluster)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=int, default=None, help="tables (3; 2 with --cluster)")
    args = parser.parse_args()
    started = time.monotonic()
    if not args.cluster:
        counts = run_single(args.kills or 50, args.seed, args.tables or 3)
        print(
            f"{counts['kills']} kills, {counts['acknowledged']} acknowledged actions all kept, "
            f"{counts['in flight']} actions in flight at a kill, "
            f"{counts['resent and applied once']} of them resent and applied once, logs "
            f"contiguous, no orphan worker; {time.monotonic() - started:.0f} s"
        )
        return 0
    from pg_cluster import Cluster

    cluster = Cluster()
    cluster.start()
    try:
        counts = run_cluster(cluster.new_database(), args.kills or 10, args.seed, args.tables or 2)
    finally:
        cluster.stop()
    print(
        f"3 processes, {counts['kills']} kills of the driving one, tables went on after "
        f"{counts['went on']}; {counts['acknowledged']} acknowledged actions all kept, "
        f"{counts['in flight']} in flight at a kill, {counts['resent and applied once']} "
        f"resent and applied once; logs contiguous, moves seen in the log's order; "
        f"{time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
