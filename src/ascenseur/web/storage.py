"""The server's store: one SQLite file (WAL) holding every game as its log of actions.

A game is its rules, its first dealer, its seed (which never leaves the server), its seats —
each a person bound to a player token, or a bot — and the actions applied, in order: the
deals (with every hand), the bids and the cards. Replaying the log through the core gives the
game back exactly, so a restarted server resumes every game where it stood. Each action is
committed in its own transaction before anyone is told of it.

>>> store = Store(":memory:")
>>> store.create(StoredGame("g1", Rules(players=3, max_cards=1), 0, 42,
...     (SeatRow("Ada", None, "p" * 16), SeatRow("bot:random", "random", None),
...      SeatRow("bot:random", "random", None)), ()), created=0.0)
>>> store.append("g1", 0, Bid(0), over=False, deals=0, totals=(0, 0, 0))
>>> store.load("g1").actions
(Bid(0),)
>>> store.close()
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ascenseur.core.actions import Action, Bid, Deal, Play
from ascenseur.core.cards import Card
from ascenseur.core.rules import Rules

#: The schema's version, kept in SQLite's ``user_version``.
SCHEMA_VERSION = 1
DB_NAME = "ascenseur.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    rules TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    moves INTEGER NOT NULL DEFAULT 0,
    deals INTEGER NOT NULL DEFAULT 0,
    totals TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    player TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player);
"""


class StoreError(RuntimeError):
    """The store cannot do what is asked (a newer schema, a conflicting write)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat: its record name (``bot:NAME`` for bots), its bot, or the player bound to it."""

    name: str
    bot: str | None
    player: str | None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """Everything needed to rebuild a game: the log is ``actions``, in order."""

    id: str
    rules: Rules
    first_dealer: int
    seed: int
    seats: tuple[SeatRow, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of the history: public facts only (no seed, no player token, no card)."""

    id: str
    created: float
    updated: float
    rules: Rules
    seats: tuple[str, ...]
    over: bool
    moves: int
    deals: int
    totals: tuple[int, ...]


def encode_action(action: Action) -> str:
    """An action as stored: ``{"deal": [[codes]…]}``, ``{"bid": 2}`` or ``{"play": "H10"}``."""
    if isinstance(action, Deal):
        return json.dumps({"deal": [[c.code for c in hand] for hand in action.hands]})
    if isinstance(action, Bid):
        return json.dumps({"bid": action.value})
    return json.dumps({"play": action.card.code})


def decode_action(text: str) -> Action:
    data = json.loads(text)
    if "deal" in data:
        return Deal(tuple(tuple(Card.parse(code) for code in hand) for hand in data["deal"]))
    if "bid" in data:
        return Bid(int(data["bid"]))
    return Play(Card.parse(data["play"]))


class Store:
    """The SQLite database at ``path`` (``":memory:"`` for tests), created on first use.

    One connection, shared under a lock: every write is a short transaction.
    """

    def __init__(self, path: Path | str, *, durable: bool = True) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: a committed action survives a power cut too, not only a crash.
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{path} was written by a newer ascenseur (schema {version}; "
                    f"this one reads {SCHEMA_VERSION})"
                )
            self._db.executescript(_SCHEMA)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @property
    def journal_mode(self) -> str:
        with self._lock:
            return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def create(self, game: StoredGame, *, created: float | None = None) -> None:
        """Store a new game (its log must be empty)."""
        now = time.time() if created is None else created
        rules = json.dumps(game.rules.to_json())
        totals = json.dumps([0] * game.rules.players)
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO games (id, created, updated, rules, first_dealer, seed, totals) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game.id, now, now, rules, game.first_dealer, game.seed, totals),
            )
            self._db.executemany(
                "INSERT INTO seats (game_id, seat, name, bot, player) VALUES (?, ?, ?, ?, ?)",
                [(game.id, i, s.name, s.bot, s.player) for i, s in enumerate(game.seats)],
            )

    def append(
        self,
        game_id: str,
        seq: int,
        action: Action,
        *,
        over: bool,
        deals: int,
        totals: Sequence[int],
    ) -> None:
        """Commit action number ``seq`` (0-based) of a game; a second one at ``seq`` fails.

        ``over``, ``deals`` (finished) and ``totals`` are what the history shows after it.
        """
        with self._lock, self._transaction():
            try:
                self._db.execute(
                    "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                    (game_id, seq, encode_action(action)),
                )
            except sqlite3.IntegrityError as err:
                raise StoreError(f"game {game_id} already has an action {seq}: {err}") from None
            self._db.execute(
                "UPDATE games SET updated = ?, over = ?, moves = ?, deals = ?, totals = ? "
                "WHERE id = ?",
                (time.time(), int(over), seq + 1, deals, json.dumps(list(totals)), game_id),
            )

    def load(self, game_id: str) -> StoredGame | None:
        """The game ``game_id`` with its whole log, or None if there is none."""
        with self._lock:
            row = self._db.execute(
                "SELECT rules, first_dealer, seed FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT name, bot, player FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            ).fetchall()
            actions = self._db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return StoredGame(
            id=game_id,
            rules=Rules.from_json(json.loads(row[0])),
            first_dealer=row[1],
            seed=row[2],
            seats=tuple(SeatRow(*seat) for seat in seats),
            actions=tuple(decode_action(a[0]) for a in actions),
        )

    def unfinished(self) -> list[str]:
        """The ids of the games not over, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created")
            return [row[0] for row in rows.fetchall()]

    def summaries(self, limit: int = 200) -> list[GameSummary]:
        """The latest games, most recently played first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, updated, rules, over, moves, deals, totals FROM games "
                "ORDER BY updated DESC LIMIT ?",
                (limit,),
            ).fetchall()
            names: dict[str, list[str]] = {row[0]: [] for row in rows}
            for game_id, name in self._db.execute(
                "SELECT game_id, name FROM seats ORDER BY game_id, seat"
            ).fetchall():
                if game_id in names:
                    names[game_id].append(name)
        return [
            GameSummary(
                id=row[0],
                created=row[1],
                updated=row[2],
                rules=Rules.from_json(json.loads(row[3])),
                seats=tuple(names[row[0]]),
                over=bool(row[4]),
                moves=row[5],
                deals=row[6],
                totals=tuple(json.loads(row[7])),
            )
            for row in rows
        ]

    def seats_of(self, player: str) -> dict[str, int]:
        """The games where ``player`` holds a seat, and that seat."""
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, seat FROM seats WHERE player = ?", (player,)
            ).fetchall()
        return {row[0]: row[1] for row in rows}

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
