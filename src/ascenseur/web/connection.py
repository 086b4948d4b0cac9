"""One client of the server: its outbox, its language, its table and seat, its limits."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field

from ascenseur.core.cards import Language
from ascenseur.tables.live import LiveTable, Update
from ascenseur.web.protocol import ServerMessage, StateUpdate, encode
from ascenseur.web.wire import said, table_view

#: Messages waiting for a connection that reads none: past this, it is closed.
OUTBOX_LIMIT = 1000
#: The close code of a connection that broke the rules (too many messages): policy violation.
POLICY_VIOLATION = 1008
#: The close code of a connection to try again later (the storage does not answer).
TRY_AGAIN_LATER = 1013

log = logging.getLogger("ascenseur.web")


@dataclass
class Bucket:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``."""

    rate: float
    burst: float
    level: float = -1.0
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        """Whether one more message may pass at ``now``."""
        if self.level < 0:
            self.level, self.stamp = self.burst, now
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


@dataclass
class Window:
    """At most ``count`` events per ``seconds`` for each key (an address)."""

    count: int
    seconds: float
    seen: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, key: str, now: float) -> bool:
        times = self.seen.setdefault(key, deque())
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        if len(self.seen) > 10_000:  # forget the quiet ones
            for old in [k for k, v in self.seen.items() if not v or v[-1] <= now - self.seconds]:
                del self.seen[old]
        return True


class Connection:
    """One websocket: what it is sent, who it is at which table."""

    def __init__(self, address: str = "local", *, rate: float = 20.0, burst: float = 40.0):
        self.address = address
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.lang: Language = "en"
        self.live: LiveTable | None = None
        self.seat: int | None = None
        self.hinting = False
        self.closed = False
        self.close_code = 1000
        self.tasks: set[asyncio.Task[None]] = set()
        self.bucket = Bucket(rate, burst)
        self.chat_bucket = Bucket(0.5, 5.0)

    def allow(self) -> bool:
        """Whether this message is within the connection's rate (else it is closed)."""
        if self.bucket.take(time.monotonic()):
            return True
        if not self.closed:
            log.warning("closing a connection from %s: more than %g messages a second",
                        self.address, self.bucket.rate)  # fmt: skip
        self.close(POLICY_VIOLATION)
        return False

    def send(self, message: ServerMessage) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:  # a client that reads nothing is not kept
            log.warning("closing a connection from %s: %d messages it has not read",
                        self.address, OUTBOX_LIMIT)  # fmt: skip
            self.close(POLICY_VIOLATION)
            return
        self.outbox.put_nowait(encode(message))

    def tell(self, live: LiveTable, update: Update) -> None:
        """A commit at the table: this seat's own view, and the public story of it."""
        view = table_view(live, self.seat, self.lang, time.time())
        lang = self.lang
        events = live.shared(("said", update.first, lang), lambda: said(live.table, update, lang))
        self.send(StateUpdate(view=view, events=events))

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)
        for task in self.tasks:
            task.cancel()
