"""Load on ``ascenseur serve``: many tables of people over real websockets, bots thinking.

200 tables of 5 seats (4 people, 1 heuristic bot) on 127.0.0.1; each person whose turn it is
acts after 0.5-1.5 s (so each table acts about once a second), for 60 s. Printed: the time
from an action to its acknowledgement (p50, p99), from an action to the moment the last seat
of the table has the new state (p99 fan-out), and then the saturation rate: actions per
second acknowledged when every person acts as soon as it is their turn.

    .venv/bin/python benchmarks/server_load.py [--tables 200] [--seconds 60] [--burst 15]
        [--bot heuristic] [--no-fsync] [--processes N --db postgres|postgresql://…]
        [--reviews N [--review-cards 10]]

With ``--reviews N`` the paced part is measured twice, on the same tables: without game
reviews, then while N finished games (4 players, one person and three heuristic bots, played
beforehand by a server at full speed on the same database) are reviewed through
``POST /api/tables/{id}/review`` at the default budget; printed: the acks' p50 and p99 in
both, their ratio, and how many decisions the reviews weighed meanwhile. The saturation rate
is then measured with the reviews still running.

With ``--processes N`` the tables' people are spread over N server processes sharing one
PostgreSQL database (``--db postgres`` starts a throwaway cluster for the run).

The load generator runs on the same machine as the server (2 cores here): both share them.
It also prints the server's CPU per action, a figure that other work on the machine hardly
moves (the latencies it does: an fsync waits behind every other process's writes).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import uvloop
from websockets.asyncio.client import ClientConnection, connect

Message = dict[str, Any]


class View(msgspec.Struct):
    """What a seat reads of a view (msgspec skips the rest unread)."""

    version: int
    state: int
    current: int | None
    legal_bids: list[int]
    legal_cards: list[str]
    summary: bool
    ready: list[int]


class Incoming(msgspec.Struct):
    type: str
    view: View | None = None
    ref: int | None = None
    version: int | None = None
    code: str | None = None


incoming = msgspec.json.Decoder(Incoming)
SEATS = 5
PEOPLE = 4
#: Between two messages of a game played to be reviewed: below the server's 20 a second.
MESSAGE_GAP = 0.07
#: At most this long to open one table (create, joins); the run stops with a sentence after.
SETUP_SECONDS = 30.0


@dataclass
class Table:
    """One table's people and its actions in flight: version → when sent, who has seen it
    when. With several server processes a seat on another process may have the new state
    before the actor has its ack, so each seat's states are kept a while, and counted when
    the ack comes."""

    seats: list[Seat] = field(default_factory=list)
    sent: dict[int, float] = field(default_factory=dict)  # ref → send time (acks)
    waiting: dict[int, tuple[float, dict[int, float]]] = field(default_factory=dict)
    #: Per seat, the last (version, arrival) of its states.
    arrivals: dict[int, deque[tuple[int, float]]] = field(default_factory=dict)

    def seen(self, seat: int, version: int, now: float, stats: Stats) -> None:
        self.arrivals.setdefault(seat, deque(maxlen=16)).append((version, now))
        for wanted, (_, seen) in list(self.waiting.items()):
            if version >= wanted:
                seen.setdefault(seat, now)
                self._done(wanted, stats)

    def acked(self, version: int, start: float, stats: Stats) -> None:
        seen: dict[int, float] = {}
        for seat, arrivals in self.arrivals.items():
            first = next((at for v, at in arrivals if v >= version), None)
            if first is not None:
                seen[seat] = first
        self.waiting[version] = (start, seen)
        self._done(version, stats)

    def _done(self, version: int, stats: Stats) -> None:
        start, seen = self.waiting[version]
        if len(seen) == PEOPLE:
            del self.waiting[version]
            if stats.measuring:
                stats.fanouts.append(max(seen.values()) - start)


@dataclass
class Stats:
    acks: list[float] = field(default_factory=list)
    fanouts: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    measuring: bool = False


async def lag(stats: Stats) -> None:
    """How late this process's own event loop wakes: the floor under every figure it takes."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        if stats.measuring:
            stats.lags.append(time.perf_counter() - start - 0.01)


class Seat:
    """One person's connection: reads every message; acts when it is its turn.

    Event-driven (it wakes when a message arrives), so that the generator's own work stays
    small beside the server's: a poll every 10 ms for each of 800 seats was most of it."""

    def __init__(self, table: Table, ws: ClientConnection, seat: int, stats: Stats) -> None:
        self.table, self.ws, self.seat, self.stats = table, ws, seat, stats
        self.view: View | None = None
        self.ref = 0
        self.busy = False
        self.settled = 0
        self.paced = True
        self.changed = asyncio.Event()

    async def send(self, message: Message) -> int:
        self.ref += 1
        await self.ws.send(json.dumps({**message, "ref": self.ref}))
        return self.ref

    async def read(self) -> None:
        async for data in self.ws:
            message = incoming.decode(data)
            now = time.perf_counter()
            kind = message.type
            view = message.view
            if kind == "state" and view is not None:
                self.view = view
                self.table.seen(self.seat, view.version, now, self.stats)
                if view.summary and self.seat not in view.ready:
                    await self.send({"type": "ready"})
            elif kind == "ack" and (message.ref or 0) + self.seat * 10**9 in self.table.sent:
                assert message.ref is not None and message.version is not None
                start = self.table.sent.pop(message.ref + self.seat * 10**9)
                self.busy = False
                self.settled = message.version
                if self.stats.measuring:
                    self.stats.acks.append(now - start)
                self.table.acked(message.version, start, self.stats)
            elif kind == "error":
                self.busy = False
                self.stats.errors[message.code or "?"] += 1
            self.changed.set()

    def _turn(self) -> View | None:
        view = self.view
        if view is None or view.current != self.seat or self.busy or view.version < self.settled:
            return None
        return view

    async def play(self, rng: random.Random) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            if self._turn() is None:
                continue
            if self.paced:
                await asyncio.sleep(rng.uniform(0.5, 1.5))
            view = self._turn()
            if view is None:
                continue
            moves = [{"type": "bid", "value": v} for v in view.legal_bids]
            moves += [{"type": "play", "card": c} for c in view.legal_cards]
            if not moves:
                continue
            self.busy = True
            cid = f"{self.seat}-{rng.getrandbits(40):x}"
            self.ref += 1
            self.table.sent[self.ref + self.seat * 10**9] = time.perf_counter()
            message = {**rng.choice(moves), "state": view.state, "cid": cid, "ref": self.ref}
            await self.ws.send(json.dumps(message))


async def open_table(urls: list[str], stats: Stats, bot: str) -> Table:
    """A table opened through ``urls[0]``; its people connect to the processes in turn."""
    table = Table()
    url = urls[0]
    ws = await connect(url, max_size=2**22)
    await ws.send(json.dumps({"type": "create", "version": 2, "name": "P0",
                              "rules": {"players": SEATS, "max_cards": 15},
                              "seats": [None, None, None, bot],
                              "summary_seconds": 1, "grace": 3600}))  # fmt: skip
    welcome = json.loads(await ws.recv())
    table.seats.append(Seat(table, ws, welcome["seat"], stats))
    for i in range(1, PEOPLE):
        other = await connect(urls[i % len(urls)], max_size=2**22)
        await other.send(json.dumps({"type": "join", "version": 2, "invite": welcome["invite"],
                                     "name": f"P{i}"}))  # fmt: skip
        joined = json.loads(await other.recv())
        if joined["type"] != "welcome":
            raise RuntimeError(f"could not take a seat: {joined}")
        table.seats.append(Seat(table, other, joined["seat"], stats))
    await ws.send(json.dumps({"type": "host", "action": "start"}))
    return table


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` and its waited-for children (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds(data: Path) -> float:
    """CPU time of a PostgreSQL cluster: its postmaster and the processes it started
    (backends, WAL writer, checkpointer…), read from /proc (Linux)."""
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    total = cpu_seconds(postmaster)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == postmaster:
            total += sum(int(f) for f in fields[11:13]) / os.sysconf("SC_CLK_TCK")
    return total


def median(values: list[float]) -> float:
    """The median, or NaN when nothing was measured (a run too short for any action)."""
    return statistics.median(values) if values else float("nan")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


@dataclass
class Phase:
    """One measured stretch of the paced load."""

    actions: int
    elapsed: float
    busy: float  # the server processes' share of one core
    database_busy: float | None
    acks: list[float]
    fanouts: list[float]
    lags: list[float]


async def measure(
    stats: Stats, servers: list[subprocess.Popen[str]], cluster: Any, seconds: float
) -> Phase:
    """The paced load for ``seconds``: every ack, fan-out and lag taken meanwhile."""
    for taken in (stats.acks, stats.fanouts, stats.lags):
        taken.clear()
    stats.measuring = True
    started = time.perf_counter()
    cpu = sum(cpu_seconds(server.pid) for server in servers)
    database_cpu = 0.0 if cluster is None else database_cpu_seconds(cluster.data)
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    busy = (sum(cpu_seconds(server.pid) for server in servers) - cpu) / elapsed
    database_busy = None
    if cluster is not None:
        database_busy = (database_cpu_seconds(cluster.data) - database_cpu) / elapsed
    return Phase(
        len(stats.acks), elapsed, busy, database_busy,
        list(stats.acks), list(stats.fanouts), list(stats.lags),
    )  # fmt: skip


def print_phase(phase: Phase, errors: Counter[str]) -> None:
    told = ", ".join(f"{n} {code}" for code, n in errors.most_common()) or "none"
    paced, elapsed, busy = phase.actions, phase.elapsed, phase.busy
    print(f"  people's actions: {paced} ({paced / elapsed:.0f}/s), errors: {told}")
    print(
        f"  server processes (without their bot workers): {100 * busy:.0f}% of one core, "
        f"{1000 * busy * elapsed / max(1, paced):.2f} ms of CPU per person's action"
    )
    if phase.database_busy is not None:
        print(
            f"  PostgreSQL's processes: {100 * phase.database_busy:.0f}% of one core, "
            f"{1000 * phase.database_busy * elapsed / max(1, paced):.2f} ms of CPU per action"
        )
    print(
        f"  action -> ack: p50 {1000 * median(phase.acks):.1f} ms, "
        f"p99 {1000 * percentile(phase.acks, 99):.1f} ms"
    )
    print(
        f"  action -> last seat's state: p50 {1000 * median(phase.fanouts):.1f} ms, "
        f"p99 {1000 * percentile(phase.fanouts, 99):.1f} ms"
    )


async def play_alone(url: str, max_cards: int) -> tuple[str, str]:
    """A game of 4 (a person playing its first legal choice, three heuristic bots) played to
    its end: its table and the person's token."""
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "create", "version": 2, "name": "Reviewed",
                                  "rules": {"players": 4, "max_cards": max_cards},
                                  "seats": ["heuristic"] * 3, "start": True,
                                  "summary_seconds": 0}))  # fmt: skip
        welcome: Message = {}
        acted = readied = -1
        async for data in ws:
            message = json.loads(data)
            if message["type"] == "welcome":
                welcome = message
            if message["type"] != "state":
                continue
            view = message["view"]
            if view["phase"] == "over":
                return welcome["table"], welcome["token"]
            waiting = view["summary"] and view["seat"] not in view["ready"]
            if waiting and view["state"] != readied:  # once a summary: more is flooding
                readied = view["state"]
                await asyncio.sleep(MESSAGE_GAP)
                await ws.send(json.dumps({"type": "ready"}))
            if view["current"] == view["seat"] and view["state"] != acted:
                acted = view["state"]
                move = (
                    {"type": "bid", "value": view["legal_bids"][0]}
                    if view["phase"] == "bidding"
                    else {"type": "play", "card": view["legal_cards"][0]}
                )
                await asyncio.sleep(MESSAGE_GAP)
                await ws.send(json.dumps({**move, "state": view["state"]}))
    raise RuntimeError("the game's connection closed before its end")


async def finished_games(
    command: list[str], env: dict[str, str], count: int, max_cards: int
) -> list[tuple[str, str]]:
    """``count`` finished games in the run's database, played by a server of its own at full
    speed (bots without pause), stopped before the measured servers start."""
    fast = [*command]
    fast[fast.index("--pace") + 1] = "0"
    server, url = start_server(fast, env)
    try:
        return list(await asyncio.gather(*(play_alone(url, max_cards) for _ in range(count))))
    finally:
        server.terminate()
        server.wait(30)
        if server.stdout is not None:
            server.stdout.close()


def ask_review(base: str, table: str, token: str) -> Message:
    """One review request; the answer's JSON (a review, its progress or a refusal)."""
    request = urllib.request.Request(
        f"{base}/api/tables/{table}/review",
        data=json.dumps({"token": token}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: Message = json.loads(response.read())
    except urllib.error.HTTPError as err:
        answer = json.loads(err.read())
    return answer


async def weighed(base: str, games: list[tuple[str, str]]) -> int:
    """Decisions weighed so far by the reviews of ``games`` (each asked again: a running
    review answers how far it has got)."""
    answers = [await asyncio.to_thread(ask_review, base, *game) for game in games]
    done = 0
    for answer in answers:
        if answer["type"] == "review-progress":
            done += answer["done"]
        elif answer["type"] == "review":
            done += sum(len(d["decisions"]) for d in answer["review"]["seats"][0]["deals"])
        else:
            raise RuntimeError(f"a review was refused: {answer.get('message')}")
    return done


def start_server(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    first = server.stdout.readline()
    if "playing at " not in first:
        server.kill()
        raise SystemExit(f"a server process did not start (status {server.wait()}): {first!r}")
    return server, first.split("playing at ")[1].split()[0].replace("http", "ws") + "ws"


async def main(
    tables: int,
    seconds: float,
    burst: float,
    bot: str,
    fsync: bool,
    processes: int,
    db: str,
    reviews: int = 0,
    review_cards: int = 10,
) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="ascenseur-load-"))
    cluster = None
    if db == "postgres":  # a throwaway PostgreSQL cluster of the benchmark's own
        sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
        from pg_cluster import Cluster

        cluster = Cluster(durable=True)  # fsync on, as a real server runs
        cluster.start()
        db = cluster.new_database()
    elif db == "sqlite":
        db = str(workdir / "load.sqlite3")
    command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0", "--pace", "1",
               "--db", db, "--tables-per-hour", "1000000",
               "--invites-per-minute", "1000000", *([] if fsync else ["--no-fsync"])]  # fmt: skip
    env = {**os.environ, "ASCENSEUR_DATA_DIR": str(workdir)}
    servers: list[subprocess.Popen[str]] = []
    urls: list[str] = []
    stats = Stats()
    rng = random.Random(1)
    finished: list[tuple[str, str]] = []
    try:
        if reviews:
            print(f"playing {reviews} games to review", file=sys.stderr)
            finished = await finished_games(command, env, reviews, review_cards)
        for _ in range(processes):
            server, url = start_server(command, env)
            servers.append(server)
            urls.append(url)
        print(f"{processes} server process(es) started; opening {tables} tables", file=sys.stderr)
        opened = []
        for t in range(tables):
            # Bounded: a table whose creation, join or start never answers stops the run with
            # a sentence instead of a generator waiting for ever.
            try:
                async with asyncio.timeout(SETUP_SECONDS):
                    rotated = urls[t % processes :] + urls[: t % processes]
                    opened.append(await open_table(rotated, stats, bot))
            except TimeoutError:
                raise SystemExit(
                    f"table {t + 1} of {tables} was not opened within {SETUP_SECONDS:.0f} s "
                    "(a create, a join or its welcome never came back)"
                ) from None
        seats = [seat for table in opened for seat in table.seats]
        tasks = [asyncio.create_task(seat.read()) for seat in seats]
        tasks += [asyncio.create_task(seat.play(random.Random(rng.random()))) for seat in seats]
        tasks.append(asyncio.create_task(lag(stats)))
        print("tables opened; measuring", file=sys.stderr)
        await asyncio.sleep(5)  # everyone seated and dealt
        quiet = await measure(stats, servers, cluster, seconds)
        loaded = None
        if finished:
            base = urls[0].replace("ws", "http", 1).removesuffix("/ws")
            before = await weighed(base, finished)  # asks for every review: they start
            print(f"{len(finished)} reviews asked; measuring again", file=sys.stderr)
            errors = stats.errors.copy()
            loaded = await measure(stats, servers, cluster, seconds)
            after = await weighed(base, finished)
            loaded_errors = stats.errors - errors
        for seat in seats:
            seat.paced = False  # everyone acts as soon as it is their turn
            seat.changed.set()
        stats.acks.clear()
        started = time.perf_counter()
        await asyncio.sleep(burst)
        saturated = len(stats.acks) / (time.perf_counter() - started)
        for task in tasks:
            task.cancel()
        acked = "on the disk (fsync)" if fsync else "written, no fsync"
        if db.startswith("postgresql"):
            acked = "PostgreSQL committed them"
        where = "PostgreSQL" if db.startswith("postgresql") else "SQLite"
        print(
            f"{tables} tables x {SEATS} seats ({PEOPLE} people, 1 {bot} bot), {seconds:.0f} s, "
            f"{processes} server process(es) on {where}, acks once {acked}:"
        )
        print_phase(quiet, stats.errors if loaded is None else errors)
        if loaded is not None:
            print(
                f"  the same tables while {len(finished)} finished games of 4 players "
                f"(hands up to {review_cards}) are reviewed at the default budget:"
            )
            print_phase(loaded, loaded_errors)
            ratio = percentile(loaded.acks, 99) / percentile(quiet.acks, 99)
            print(
                f"  p99 action -> ack with reviews / without: {ratio:.2f}; the reviews weighed "
                f"{after - before} decisions meanwhile ({(after - before) / loaded.elapsed:.1f}/s)"
            )
        more = " (the reviews still running)" if loaded is not None else ""
        print(
            f"  saturation (everyone acts at once, {burst:.0f} s){more}: {saturated:.0f} actions/s"
        )
        lags = quiet.lags
        print(
            "  the load generator's own loop wakes late by "
            f"p50 {1000 * median(lags):.1f} ms, p99 {1000 * percentile(lags, 99):.1f}"
            " ms (a floor under the figures above)"
        )
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                print(f"server process {server.pid} ignored SIGTERM for 30 s", file=sys.stderr)
                server.kill()
            if server.stdout is not None:
                server.stdout.close()
        if cluster is not None:
            cluster.stop()
        # The run's SQLite file and data folder go with it: nothing is left behind.
        shutil.rmtree(workdir, ignore_errors=True)


def options() -> argparse.ArgumentParser:
    """The command line, every option explained (``--help``)."""
    parser = argparse.ArgumentParser(
        description="Load on ascenseur serve over real websockets on 127.0.0.1: tables of 4 "
        "people and a bot, each person acting 0.5-1.5 s after their turn comes, then as fast "
        "as they can. Prints the time from an action to its acknowledgement and to the last "
        "seat's new state, the saturation rate and the server's CPU per action. Everything it "
        "makes (a SQLite file, a PostgreSQL cluster) is removed at the end.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--tables", type=int, default=200, help="tables played at once, 5 seats each"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="how long the paced part is measured (each table acts about once a second)",
    )
    parser.add_argument(
        "--burst",
        type=float,
        default=15.0,
        help="how long, after it, everyone acts as soon as it is their turn (the saturation rate)",
    )
    parser.add_argument("--bot", default="heuristic", help="the bot on each table's fifth seat")
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="serve --no-fsync: acknowledgements do not wait for the disk (SQLite only)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes sharing the database, each table's people spread over them "
        "(more than 1 needs PostgreSQL: --db postgres)",
    )
    parser.add_argument(
        "--reviews",
        type=int,
        default=0,
        help="finished games reviewed (the default budget) while the tables play: the paced "
        "part is measured without them, then again with them running",
    )
    parser.add_argument(
        "--review-cards",
        type=int,
        default=10,
        help="the most cards in a hand of the games reviewed (4 players; 10: 19 deals, about "
        "100 decisions of the reviewed seat)",
    )
    parser.add_argument(
        "--db",
        default="sqlite",
        help="sqlite (a new file, removed at the end), postgres (a throwaway cluster of the "
        "benchmark's own, from Debian's server programs, removed at the end) or a "
        "postgresql:// URL of a database to use",
    )
    return parser


if __name__ == "__main__":
    parser = options()
    args = parser.parse_args()
    # The generator on uvloop too (as the server): less of the shared CPU goes to it.
    if args.processes > 1 and args.db == "sqlite":
        parser.error("several processes share a PostgreSQL database: add --db postgres")
    fsync = not args.no_fsync
    uvloop.run(
        main(
            args.tables,
            args.seconds,
            args.burst,
            args.bot,
            fsync,
            args.processes,
            args.db,
            args.reviews,
            args.review_cards,
        )
    )
