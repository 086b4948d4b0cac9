"""A table in memory: the committed table, who listens and who is here, and what a commit added.

The driver (:mod:`ascenseur.tables.driver`) keeps one :class:`LiveTable` per table it serves;
every interface hears of a commit as an :class:`Update` through the :class:`Listener` it
attached.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, cast

from ascenseur.tables import story
from ascenseur.tables.events import Event
from ascenseur.tables.storage import Notice, Presence, SeatToken, Summary
from ascenseur.tables.table import Table
from ascenseur.tables.tokens import digest

T = TypeVar("T")
#: Updates kept for clients that come back (past them, a client gets a fresh view).
RECENT_UPDATES = 128


@dataclass(frozen=True, slots=True)
class Update:
    """What a commit added: the log events from version ``first`` on, and the public story."""

    first: int
    events: tuple[Event, ...]
    story: tuple[story.Event, ...]


class Listener(Protocol):
    """Something that hears of a table's updates (a connection, a terminal): it must not block."""

    def tell(self, live: LiveTable, update: Update) -> None: ...


@dataclass(eq=False)
class LiveTable:
    """A table in memory: the committed table, who listens, who is here, its driver task."""

    table: Table
    tokens: dict[int, SeatToken]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    listeners: set[Listener] = field(default_factory=set)
    #: Connections per seat (people only), in every process; spectators are counted apart.
    present: Counter[int] = field(default_factory=Counter)
    away_since: dict[int, float] = field(default_factory=dict)
    spectators: int = 0
    ready: set[int] = field(default_factory=set)
    #: This process's part of ``present``, ``spectators`` and ``ready``; ``peers``: the
    #: other processes' parts, as they published them.
    mine: Counter[int] = field(default_factory=Counter)
    my_spectators: int = 0
    my_ready: set[int] = field(default_factory=set)
    peers: list[Presence] = field(default_factory=list)
    #: Until when this process may drive the table (its lease); when to ask again if another
    #: process holds it.
    lease_until: float = 0.0
    ask_lease_at: float = 0.0
    scored_at: float | None = None
    after_trick: bool = False
    task: asyncio.Task[None] | None = None
    failures: int = 0
    last_used: float = 0.0
    #: The last updates, for a client that comes back having missed a few.
    recent: deque[Update] = field(default_factory=lambda: deque(maxlen=RECENT_UPDATES))
    #: Work the listeners of one version of the table share (see :meth:`shared`).
    _shared: dict[Hashable, object] = field(default_factory=dict)
    _shared_for: tuple[Table, int] | None = None

    def shared(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, made once for ``key`` while the table stays as it is: what every
        listener of a commit builds alike (a view's public parts in one language) is built
        once, not once per listener."""
        table, version = self.table, self.table.version
        if self._shared_for is None or self._shared_for != (table, version):
            self._shared.clear()
            self._shared_for = (table, version)
        if key not in self._shared:
            self._shared[key] = make()
        return cast(T, self._shared[key])

    def since(self, version: int) -> list[Update] | None:
        """The updates after ``version`` (the client's last), or None if some are gone."""
        now = self.table.version
        if version >= now:
            return []
        updates = [u for u in self.recent if u.first + len(u.events) > version]
        if not updates or updates[0].first > version:
            return None
        return updates

    @property
    def id(self) -> str:
        return self.table.id

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds now (compared in constant time); None if none."""
        if not token:
            return None
        wanted = digest(token)
        found = None
        for seat, row in self.tokens.items():
            same = secrets.compare_digest(row.digest or b"", wanted)
            if same and row.epoch == self.table.seats[seat].epoch:
                found = seat
        return found


def summary_of(table: Table, created: float, now: float) -> Summary:
    state = table.state
    return Summary(
        id=table.id,
        created=created,
        updated=now,
        origin=table.created.origin,
        rules=table.rules,
        names=table.names,
        started=table.started,
        over=state.is_terminal(),
        version=table.version,
        deals=len(state.results),
        totals=state.totals,
    )


@dataclass(frozen=True, slots=True)
class Staged:
    """Events folded into a copy of a table, not yet committed: the table they make, the public
    story they add, and the summary to store with them. Both commit paths — the driver's
    (:meth:`ascenseur.tables.driver.Driver.commit`) and the terminal's
    (:class:`ascenseur.session.Session`) — stage, store at the table's version, and only then
    make the copy the table."""

    table: Table
    told: list[story.Event]
    summary: Summary


def stage(table: Table, events: Sequence[Event], now: float) -> Staged:
    """``events`` folded into a copy of ``table`` (``table`` itself is left as it is)."""
    twin = table.copy()
    told: list[story.Event] = []
    for event in events:
        told.extend(twin.fold(event))
    return Staged(twin, told, summary_of(twin, table.created.at, now))


def carried(notice: Notice | None, version: int) -> list[Event] | None:
    """The events of ``notice`` that come after ``version``; None when the notice carries
    none or starts after ``version`` (a notice was missed: the log has what is between)."""
    if notice is None or not notice.events:
        return None
    start = notice.version - len(notice.events)
    if start > version:
        return None
    return list(notice.events[max(0, version - start) :])


def voided(before: Table, after: Table) -> list[SeatToken]:
    """The tokens the events void: a seat whose epoch moved without a new token issued."""
    return [
        SeatToken(seat, row.epoch, None)
        for seat, row in enumerate(after.seats)
        if row.epoch != before.seats[seat].epoch
    ]
