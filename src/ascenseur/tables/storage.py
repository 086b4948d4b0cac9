"""Where tables live: the storage interface every back end implements.

A table is stored as its log (one row per event, keyed by (table, version): the fence that
keeps two writers from forking it), a summary row for the history, and the hashes of its
seats' tokens. Each :meth:`TableStore.append` is one transaction: the events, the tokens they
issue or void, and the summary after them, all or nothing. Nothing is acknowledged to anyone
before it returns.

The interface is asynchronous so that a server never waits on a disk or a network in its
event loop; :class:`ascenseur.tables.sqlite.SqliteStore` is the embedded back end.

Several server processes may share one store (PostgreSQL): each tells the others what it
committed (:meth:`TableStore.listen`, a hint — a process that missed one catches up from the
log with :meth:`TableStore.load_since`), one of them at a time drives a table's bots and
clock (:meth:`TableStore.lease`), and each publishes who is connected to it
(:meth:`TableStore.put_presence`). The SQLite store serves one process: it holds every lease
and has no one to tell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from ascenseur.core.errors import AscenseurError
from ascenseur.core.rules import Rules
from ascenseur.tables.events import Event


class StoreError(AscenseurError):
    """The storage cannot do what is asked (a newer schema, an unreadable row)."""


class VersionConflict(StoreError):
    """Another writer committed an event at this version first: re-read the table."""


class StorageUnavailable(StoreError):
    """The storage does not answer now (the database is down or unreachable, the disk
    refuses a write): nothing was committed, and the same request may succeed later."""

    code = "storage-unavailable"


@dataclass(frozen=True, slots=True)
class SeatToken:
    """The hash of the token of ``seat``, valid while the seat's epoch is ``epoch``.

    ``digest`` None voids the seat's token (the person left or the seat was reassigned).
    """

    seat: int
    epoch: int
    digest: bytes | None


@dataclass(frozen=True, slots=True)
class Summary:
    """A table as the history lists it: public facts only (no seed, no token, no card)."""

    id: str
    created: float
    updated: float
    origin: str
    rules: Rules
    names: tuple[str, ...]
    started: bool
    over: bool
    version: int
    deals: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Presence:
    """Who one server process has at a table: people per seat, spectators, and the seats
    that have seen the last deal's result (``ready``)."""

    seats: dict[int, int] = field(default_factory=dict)
    spectators: int = 0
    ready: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Notice:
    """What another process did: committed ``table_id`` up to ``version`` (``commit``), or
    changed who it has there (``presence``); or ``resync``: notices may have been missed,
    look at every table again."""

    kind: Literal["commit", "presence", "resync"]
    table_id: str
    version: int = 0
    #: The events that took the table to ``version``, when the notice could carry them
    #: (never a secret one: see :func:`~ascenseur.tables.events.secret`); else empty, and
    #: the log has them.
    events: tuple[Event, ...] = ()


class TableStore(Protocol):
    """The storage of every table of a server."""

    async def create(
        self,
        table_id: str,
        invite: str,
        events: Sequence[Event],
        tokens: Sequence[SeatToken],
        summary: Summary,
    ) -> None:
        """Store a new table with its first events (versions 0, 1, …)."""

    async def append(
        self,
        table_id: str,
        version: int,
        events: Sequence[Event],
        *,
        tokens: Sequence[SeatToken] = (),
        summary: Summary,
    ) -> None:
        """Commit ``events`` at versions ``version``, ``version + 1``, …; raises
        :class:`VersionConflict` if any of them is taken (nothing is written then)."""

    async def load(self, table_id: str) -> list[Event] | None:
        """The whole log of ``table_id`` in version order; None if there is no such table."""

    async def table_of_invite(self, invite: str) -> str | None:
        """The table an invite code opens, if any."""

    async def invite_of(self, table_id: str) -> str | None:
        """The invite code of ``table_id``."""

    async def token(self, table_id: str, seat: int) -> SeatToken | None:
        """The current token hash of ``seat``."""

    async def summaries(self, table_ids: Sequence[str]) -> list[Summary]:
        """The summaries of these tables (those that exist), most recently played first."""

    async def live(self) -> list[str]:
        """The tables not over, oldest first."""

    async def put_transfer(
        self, digest: bytes, table_id: str, seat: int, epoch: int, expires: float
    ) -> None:
        """Keep a one-time transfer code (its hash) for ``seat`` until ``expires``."""

    async def take_transfer(self, digest: bytes, now: float) -> tuple[str, int, int] | None:
        """Use up a transfer code: its (table, seat, epoch), or None if unknown or expired."""

    async def seats_held(self, held: Sequence[tuple[str, bytes]]) -> dict[str, int]:
        """For (table, token hash) pairs, the seat each hash holds now, by table (pairs that
        hold none are left out): one query, however many pairs."""

    async def admit(self, kind: str, key: str, now: float, seconds: float, most: int) -> bool:
        """Count one try of ``kind`` (``"table"``, ``"invite"``) from ``key`` (an address) at
        ``now`` if fewer than ``most`` were counted in the ``seconds`` before; whether it was.

        The count is the store's: every process sharing it sees the same, and it outlives a
        restart."""

    async def beat(self, now: float) -> float | None:
        """Record that the server is alive at ``now``; the previous beat, if any."""

    async def ping(self) -> None:
        """Return if the storage answers (a trivial query); raise otherwise."""

    async def load_since(self, table_id: str, version: int) -> list[Event]:
        """The events of ``table_id`` from ``version`` on, in version order."""

    async def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The version each of these tables has reached (those that exist)."""

    async def lease(self, table_id: str, holder: str, now: float, seconds: float) -> bool:
        """Take or renew, for ``holder``, the right to drive ``table_id`` until ``now +
        seconds``; whether ``holder`` has it (no one else's lease was running)."""

    async def put_presence(
        self, table_id: str, holder: str, presence: Presence, expires: float, *, changed: bool
    ) -> None:
        """Publish who ``holder`` has at ``table_id``, valid until ``expires``; ``changed``:
        tell the other processes (else it only lasts longer)."""

    async def presence(
        self, table_ids: Sequence[str], holder: str, now: float
    ) -> dict[str, list[Presence]]:
        """Who the other processes (not ``holder``) have at each of these tables, as
        published and not expired (a table no other process has is left out)."""

    async def renew_presence(self, table_ids: Sequence[str], holder: str, expires: float) -> None:
        """Keep what ``holder`` published for these tables valid until ``expires``."""

    async def listen(self, holder: str, notice: Callable[[Notice], None]) -> None:
        """From now on call ``notice`` for each commit and presence change of the other
        processes (a hint: some may be missed, never invented)."""

    async def close(self) -> None:
        """Release the storage."""
