"""A table's rule set is stored whole (RULES.md §7): every house rule comes back from both
stores as it went in, and a database written before — when a table's rule set was kept as
players, max_cards and hook one by one — opens migrated, and its tables play on."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascenseur.core.rules import (
    MAX_SCHEDULE_LENGTH,
    MAX_SCORING_NUMBER,
    SCORING_FIELDS,
    SHAPES,
    Rules,
    Scoring,
    max_cards_for,
)
from ascenseur.core.state import Phase
from ascenseur.tables import events as ev
from ascenseur.tables import postgres as pg
from ascenseur.tables import sqlite as lite
from ascenseur.tables.live import summary_of
from ascenseur.tables.storage import SeatToken, TableStore
from ascenseur.tables.stores import is_url
from ascenseur.tables.stores import open_store as open_db
from ascenseur.tables.table import Table
from pg_cluster import Cluster

pytestmark = pytest.mark.timeout(120)
T = TypeVar("T")
BACKENDS = ["sqlite", "postgres"]


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any rule set: a shape over any peak or a list of hand sizes (H1), any five scoring
    numbers 0…100 (H2), either lead rule (H3), either bidding mode (H4; never the hook with
    closed fists), blind one-card deals or not (H5)."""
    players = draw(st.integers(2, 10))
    limit = max_cards_for(players)
    simultaneous = draw(st.booleans())
    schedule: str | list[int]
    max_cards: int | None = None
    if draw(st.booleans()):
        schedule = draw(st.sampled_from(SHAPES))
        max_cards = draw(st.none() | st.integers(1, limit))
    else:
        size = st.integers(1, limit)
        schedule = draw(st.lists(size, min_size=1, max_size=MAX_SCHEDULE_LENGTH))
    number = st.integers(0, MAX_SCORING_NUMBER)
    return Rules(
        players,
        max_cards,
        False if simultaneous else draw(st.booleans()),
        schedule=schedule,
        scoring=Scoring(**{name: draw(number) for name in SCORING_FIELDS}),
        lead_restriction=draw(st.booleans()),
        bidding="simultaneous" if simultaneous else "in-turn",
        blind_one_card=draw(st.booleans()),
    )


def run(work: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(work())  # type: ignore[arg-type]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """ "sqlite", or a new empty PostgreSQL database's URL."""
    if request.param == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.new_database()
    return str(request.param)


async def open_store(backend: str, path: Path) -> TableStore:
    if is_url(backend):
        return await open_db(backend)
    return await open_db(path / "tables.sqlite3", durable=False)


def opened(table_id: str, rules: Rules) -> tuple[Table, list[ev.Event]]:
    """A table of ``rules`` with Ada seated and the game started (seeded deals)."""
    first = ev.Created.of(
        rules,
        at=100.0,
        seats=tuple(
            ev.SeatSpec() if s == 0 else ev.SeatSpec(bot="random") for s in range(rules.players)
        ),
        host=0,
        first_dealer=0,
        seed=11,
    )
    table = Table(table_id, [first])
    log: list[ev.Event] = [first]
    for event in (table.take_seat("Ada", at=101.0), table.start(0, at=102.0)):
        table.fold(event)
        log.append(event)
    return table, log


def test_any_rule_set_comes_back_whole_from_the_store(backend: str, tmp_path: Path) -> None:
    """H1–H5: a table's rule set, whatever it is, is the same value when its log and its
    summary are read back, and the table replays under it."""
    loop = asyncio.new_event_loop()
    store = loop.run_until_complete(open_store(backend, tmp_path))
    ids = itertools.count()

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(rule_sets())
    def check(rules: Rules) -> None:
        table_id = f"r{next(ids)}"
        table, log = opened(table_id, rules)
        deal = table.next_deal(at=103.0)
        table.fold(deal)
        log.append(deal)

        async def work() -> tuple[list[ev.Event] | None, Rules]:
            await store.create(
                table_id, f"code{table_id}", log, [], summary_of(table, 100.0, 103.0)
            )
            (line,) = await store.summaries([table_id])
            return await store.load(table_id), line.rules

        loaded, summary_rules = loop.run_until_complete(work())
        assert loaded is not None
        again = Table(table_id, loaded)
        assert again.rules == rules and summary_rules == rules
        assert again.rules.to_json() == rules.to_json()
        assert again.state.hand_size == rules.schedule[0]

    try:
        check()
    finally:
        loop.run_until_complete(store.close())
        loop.close()


# -- a database of schema 2 ---------------------------------------------------------------


def old_created(created: ev.Created) -> bytes:
    """``created`` as schema 2 stored it: players, max_cards and hook one by one."""
    raw: dict[str, Any] = json.loads(ev.encode(created))
    rules = raw.pop("rules")
    return json.dumps(
        {**raw, "players": rules["players"], "max_cards": rules["max_cards"], "hook": rules["hook"]}
    ).encode()


def old_table() -> tuple[list[bytes], Table, SeatToken]:
    """A seed table of 3 (peak 2, the hook) in the middle of its first deal's bidding, its log
    as schema 2 stored it, and its host's token."""
    table, log = opened("old", Rules(3, 2, True))
    for event in (table.next_deal(at=103.0),):
        table.fold(event)
        log.append(event)
    while table.state.phase is Phase.BIDDING and table.state.current_seat != 0:
        seat = table.state.current_seat
        assert seat is not None
        move = table.move(seat, table.view(seat).legal_actions[0], at=104.0, cid=None, by="bot")
        table.fold(move)
        log.append(move)
    stored = [old_created(log[0]) if i == 0 else ev.encode(e) for i, e in enumerate(log)]  # type: ignore[arg-type]
    return stored, table, SeatToken(0, table.seats[0].epoch, b"t" * 32)


OLD_ROW = (
    "INSERT INTO tables (id, invite, created, updated, origin, players, max_cards, hook, names,"
    " started, over, version, deals, totals) VALUES "
)


def write_old_sqlite(path: Path) -> Table:
    """A SQLite file of schema 2 holding :func:`old_table`."""
    stored, table, token = old_table()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for step in lite.MIGRATIONS[:2]:
        step(db)
    names = json.dumps(list(table.names))
    db.execute(
        OLD_ROW + "(?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        ("old", "OLDCODE1", 100.0, 104.0, "web", 3, 2, 1, names, 1, 0, len(stored), 0, "[0,0,0]"),
    )
    db.executemany(
        "INSERT INTO events (table_id, version, event) VALUES (?, ?, ?)",
        [("old", v, data) for v, data in enumerate(stored)],
    )
    db.execute("INSERT INTO seat_tokens VALUES (?, ?, ?, ?)", ("old", 0, token.epoch, token.digest))
    db.execute("PRAGMA user_version = 2")
    db.execute("COMMIT")
    db.close()
    return table


async def write_old_postgres(url: str) -> Table:
    """A PostgreSQL database of schema 2 holding :func:`old_table`."""
    import psycopg

    stored, table, token = old_table()
    connection = await psycopg.AsyncConnection.connect(url, autocommit=True)
    async with connection as db, db.transaction():
        await db.execute("CREATE TABLE schema_version (version integer NOT NULL)")
        for step in pg.MIGRATIONS[:2]:
            await step(db)
        await db.execute("INSERT INTO schema_version (version) VALUES (2)")
        names = json.dumps(list(table.names))
        await db.execute(
            OLD_ROW + "(%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            ("old", "OLDCODE1", 100.0, 104.0, "web", 3, 2, True, names, True, False,
             len(stored), 0, "[0,0,0]"),
        )  # fmt: skip
        async with db.cursor() as cursor:
            await cursor.executemany(
                "INSERT INTO events (table_id, version, event) VALUES (%s, %s, %s)",
                [("old", v, data) for v, data in enumerate(stored)],
            )
        await db.execute(
            "INSERT INTO seat_tokens VALUES (%s, %s, %s, %s)",
            ("old", 0, token.epoch, token.digest),
        )
    return table


def test_a_database_of_schema_2_opens_migrated_and_its_table_plays_on(
    backend: str, tmp_path: Path
) -> None:
    """Migration 3: the old Created event and the old row (players, max_cards, hook apart)
    become the one serialised rule set; the table reads as it was, with its hook (B3), its
    token and its invite, and plays to the end of its game."""

    async def work() -> None:
        if is_url(backend):
            before = await write_old_postgres(backend)
        else:
            before = write_old_sqlite(tmp_path / "tables.sqlite3")
        store = await open_store(backend, tmp_path)
        try:
            if is_url(backend):
                assert isinstance(store, pg.PostgresStore)
                assert await store.schema_version() == pg.SCHEMA_VERSION >= 3
            log = await store.load("old")
            assert log is not None
            first = log[0]
            assert isinstance(first, ev.Created)
            assert first.rules == {"players": 3, "max_cards": 2, "hook": True}
            table = Table("old", log)
            assert table.rules == Rules(3, 2, True)
            assert table.state.history == before.state.history
            assert table.names == before.names
            (line,) = await store.summaries(["old"])
            assert line.rules == Rules(3, 2, True)
            assert await store.table_of_invite("OLDCODE1") == "old"
            token = await store.token("old", 0)
            assert token is not None and token.epoch == table.seats[0].epoch
            # It plays on, to the end of its game, each move stored.
            while not table.is_over:
                seat = table.state.current_seat
                if seat is None:
                    event: ev.Event = table.next_deal(at=110.0)
                else:
                    action = table.view(seat).legal_actions[-1]
                    event = table.move(seat, action, at=110.0, cid=None, by="person")
                version = table.version
                table.fold(event)
                await store.append("old", version, [event], summary=summary_of(table, 100.0, 110.0))
            again = await store.load("old")
            assert again is not None
            assert Table("old", again).state.totals == table.state.totals
            assert len(table.state.results) == 3  # deals of 1, 2, 1 cards
            (line,) = await store.summaries(["old"])
            assert line.over and line.totals == table.state.totals
        finally:
            await store.close()

    run(work)


def test_a_sqlite_file_of_schema_2_keeps_no_column_of_the_rule_set_taken_apart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite3"
    write_old_sqlite(path)
    lite.SqliteDatabase(path).close()
    columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(tables)")]
    assert "rules" in columns
    assert not {"players", "max_cards", "hook"} & set(columns)


def test_a_stored_created_event_with_bad_rules_is_unreadable_not_played() -> None:
    """The one parser checks the rule set of a Created when it is read (H4: the hook with
    closed fists is refused)."""
    import msgspec

    created = ev.Created.of(Rules(3), at=0.0, seats=(ev.SeatSpec(),) * 3, host=0, first_dealer=0)
    raw = json.loads(ev.encode(created))
    raw["rules"] |= {"hook": True, "bidding": "simultaneous"}
    with pytest.raises(msgspec.ValidationError, match="hook needs bids made in turn"):
        ev.decode(json.dumps(raw))
