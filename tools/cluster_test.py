"""Three ``ascenseur serve`` processes on one PostgreSQL database; ``kill -9`` the one that
drives the tables while people play through all three, and prove nothing is lost.

Each table has two people (a host and a friend) and two bots; the people's clients are spread
over the processes. Repeatedly: they play a while, then the process holding the tables'
leases (it moves their bots) is killed with SIGKILL; its clients come back through another
process and send again what was unanswered; the dead process is started again. Then:

* every acknowledged action is in its table's log, once; an action in flight at the kill is
  applied exactly once; each log is contiguous (no fork) and replays;
* the tables went on after each kill: another process took over their bots;
* every client saw the moves in the log's order, whatever process it was connected to (each
  one's moves are the log's, in order, with nothing invented or repeated);
* the clients' views equal the log's for their seats; no bot worker outlives its process.

``python tools/cluster_test.py --kills 10`` runs it against a throwaway cluster of its own
(Debian's PostgreSQL server programs); the tests run it twice.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

import crash_test
from ascenseur.tables import events as ev
from ascenseur.tables.storage import StoreError
from crash_test import CLIENT_GAP, Message, Player, alive, logs_hold, open_tables, step, views_match


class Node(crash_test.Server):
    """One server process on the shared database."""

    def __init__(self, url: str, workdir: Path, name: str) -> None:
        super().__init__(workdir / f"{name}.sqlite3")
        self.database = url
        self.name = name

    def start(self) -> None:
        command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0", "--pace", "0"]
        env = {**os.environ, "ASCENSEUR_DATA_DIR": str(self.db.parent)}
        with (self.db.parent / f"{self.name}.log").open("a") as log:
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

    def holder(self) -> str:
        """This process's id among those sharing the database (its leases carry it)."""
        with urllib.request.urlopen(self.http + "healthz", timeout=10) as answer:
            return str(json.loads(answer.read())["process"])


class Witness(Player):
    """A person's client that also keeps the moves it was told of, in order."""

    moves: list[tuple[str, int, Any]]
    #: The refusals it was sent (a stalled table's diagnosis prints the last ones).
    errors: list[Message]

    def read(self, timeout: float) -> Message | None:
        message = super().read(timeout)
        if message is not None and message["type"] == "error":
            self.errors.append(message)
        if message is not None and message["type"] == "state":
            for event in message["events"]:
                if event["kind"] in ("bid", "card"):
                    value = event.get("value", event.get("card"))
                    self.moves.append((event["kind"], event["seat"], value))
        return message


def witnesses(players: list[Player]) -> list[Witness]:
    out = []
    for p in players:
        w = Witness(p.table, p.seat, p.token)
        w.moves = []
        w.errors = []
        out.append(w)
    return out


def load_log(url: str) -> crash_test.Load:
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
    load: crash_test.Load,
    tables: list[str],
    before: dict[str, int],
    players: list[Witness],
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
        tail = (node.db.parent / f"{node.name}.log").read_text().splitlines()[-15:]
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


def run(
    url: str, kills: int, seed: int, tables: int = 2, workdir: Path | None = None
) -> dict[str, int]:
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="ascenseur-cluster-")) if workdir is None else workdir
    nodes = [Node(url, base, f"p{n}") for n in range(3)]
    for node in nodes:
        node.start()
    players = witnesses(open_tables(nodes[0].url, tables))
    where = {id(p): n % len(nodes) for n, p in enumerate(players)}  # spread over the three
    for player in players:
        player.connect(nodes[where[id(player)]].url)
    load = load_log(url)
    table_ids = sorted({p.table for p in players})
    orphans: list[int] = []
    killed = in_flight = took_over = 0
    try:
        while killed < kills:
            # Play until a few more actions are acknowledged (however slow the machine is).
            wanted = sum(len(p.acked) for p in players) + rng.randint(5, 12)
            deadline = time.monotonic() + 60
            while sum(len(p.acked) for p in players) < wanted and time.monotonic() < deadline:
                for player in players:
                    step(player, rng)
            holder = driver_of(url, table_ids)
            victim = next((n for n, node in enumerate(nodes) if node.holder() == holder), None)
            if victim is None:
                continue  # no lease running at this moment (every table waits for a person)
            time.sleep(CLIENT_GAP)  # each client may send again
            for player in players:  # an action on its way when the process dies
                if player.open is None and rng.random() < 0.5:
                    step(player, rng)
            in_flight += sum(1 for p in players if p.open is not None and where[id(p)] == victim)
            before = {t: len(load(t) or []) for t in table_ids}
            orphans += nodes[victim].kill()
            killed += 1
            other = (victim + 1) % len(nodes)
            for player in players:
                if where[id(player)] != victim:
                    continue
                player.close()
                where[id(player)] = other
                player.connect(nodes[other].url)
                if player.open is not None:  # its answer died with the process: again
                    cid, message = player.open
                    player.resent.append(cid)
                    player.send(message)
                    answer = player.read(30)
                    while answer is not None and answer["type"] not in ("ack", "error"):
                        answer = player.read(30)
                    if answer is not None and answer["type"] == "ack":
                        player.acked.append(cid)
                    player.open = None
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
        time.sleep(2.5)  # the workers of the killed processes notice and leave
        left = [pid for pid in orphans if alive(pid)]
        assert not left, f"processes of killed servers still running: {left}"
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
    from pg_cluster import Cluster

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=int, default=2)
    args = parser.parse_args()
    started = time.monotonic()
    cluster = Cluster()
    cluster.start()
    try:
        counts = run(cluster.new_database(), args.kills, args.seed, args.tables)
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
