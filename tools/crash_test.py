"""Kill the server with SIGKILL at random moments while people play, and prove nothing is lost.

Several tables (a host and a friend each, bots in the other seats) are played by scripted
clients over real websockets against ``ascenseur serve`` on 127.0.0.1. At random moments the
server is killed with ``kill -9`` and started again on the same database. Then:

* every acknowledged action is in its table's log, once;
* an action sent but not acknowledged when the server died is sent again with its client id
  and is applied exactly once;
* every table's log is contiguous (versions 0, 1, 2, … with no gap);
* the clients come back (``resume`` with the last version they saw) and their views equal
  what the server's log gives for their seat;
* no bot worker of a killed server is left running.

``python tools/crash_test.py --kills 50`` runs it 50 times; the tests run it 5 times.
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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from ascenseur.core.observation import observe
from ascenseur.tables.events import BidEntry, Event, PlayEntry
from ascenseur.tables.sqlite import SqliteDatabase
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
        self.url = ""

    def start(self) -> None:
        command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0", "--pace", "0"]
        env = {**os.environ, "ASCENSEUR_DATA_DIR": str(self.db.parent)}
        with (self.db.parent / "server.log").open("a") as log:  # what a killed server says
            self.process = subprocess.Popen(
                [*command, "--db", str(self.db)],
                env=env,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
            )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        self.url = line.split("playing at ")[1].split()[0].replace("http://", "ws://") + "ws"

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
        if message["type"] == "state":
            self.view = message["view"]
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


def run(kills: int, seed: int, tables: int = 3, workdir: Path | None = None) -> dict[str, int]:
    """Play ``tables`` tables through ``kills`` SIGKILLs; check everything; return counts."""
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="ascenseur-crash-")) if workdir is None else workdir
    server = Server(base / "crash.sqlite3")
    server.start()
    players = open_tables(server.url, tables)
    for player in players:
        player.connect(server.url)
    orphans: list[int] = []
    killed = in_flight = 0
    try:
        while killed < kills:
            # Play until a few more actions are acknowledged (however slow the machine is),
            # then a random number of steps more.
            wanted = sum(len(p.acked) for p in players) + rng.randint(3, 8)
            deadline = time.monotonic() + 60
            while sum(len(p.acked) for p in players) < wanted and time.monotonic() < deadline:
                for player in players:
                    step(player, rng)
            for _ in range(rng.randint(0, 30)):
                for player in players:
                    step(player, rng)
            time.sleep(CLIENT_GAP)  # each client may send again
            for player in players:  # an action on its way when the server dies
                if player.open is None and rng.random() < 0.5:
                    step(player, rng)
            in_flight += sum(1 for player in players if player.open is not None)
            orphans += server.kill()
            killed += 1
            for player in players:
                player.close()
            server.start()
            for player in players:
                player.connect(server.url)
                if player.open is not None:  # its answer died with the server: send it again
                    cid, message = player.open
                    player.resent.append(cid)
                    player.send(message)  # exactly as it was sent
                    answer = player.read(30)
                    while answer is not None and answer["type"] not in ("ack", "error"):
                        answer = player.read(30)
                    if answer is not None and answer["type"] == "ack":
                        player.acked.append(cid)
                    player.open = None
            check_views(server.db, players)
        time.sleep(2.5)  # the workers of the killed servers notice and leave
        left = [pid for pid in orphans if alive(pid)]
        assert not left, f"processes of killed servers still running: {left}"
    finally:
        for player in players:
            player.close()
        server.stop()
    return check_logs(server.db, players) | {"kills": killed, "in flight": in_flight}


Load = Callable[[str], "list[Event] | None"]


def sqlite_log(db_path: Path) -> tuple[Load, Callable[[], None]]:
    """Read tables' logs from the SQLite file; and how to close it."""
    db = SqliteDatabase(db_path)
    return db.load, db.close


def check_views(db_path: Path, players: list[Player]) -> None:
    load, close = sqlite_log(db_path)
    try:
        views_match(load, players)
    finally:
        close()


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


def check_logs(db_path: Path, players: list[Player]) -> dict[str, int]:
    load, close = sqlite_log(db_path)
    try:
        return logs_hold(load, players)
    finally:
        close()


def logs_hold(load: Load, players: Sequence[Player]) -> dict[str, int]:
    """Every log contiguous and replaying; every acknowledged action in it, once."""
    acked = resent = 0
    for player in players:
        events = load(player.table)  # raises on a gap: the log is contiguous
        assert events is not None
        cids = [e.cid for e in events if isinstance(e, BidEntry | PlayEntry) and e.cid is not None]
        assert len(cids) == len(set(cids)), "an action was applied twice"
        for cid in player.acked:
            assert cid in cids, f"acknowledged action {cid} is lost"
        acked += len(player.acked)
        resent += sum(1 for cid in player.resent if cid in cids)
        Table(player.table, events)  # and it replays
    return {"acknowledged": acked, "resent and applied once": resent}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=int, default=3)
    args = parser.parse_args()
    started = time.monotonic()
    counts = run(args.kills, args.seed, args.tables)
    print(
        f"{counts['kills']} kills, {counts['acknowledged']} acknowledged actions all kept, "
        f"{counts['in flight']} actions in flight at a kill, "
        f"{counts['resent and applied once']} of them resent and applied once, logs contiguous, "
        f"no orphan worker; {time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
