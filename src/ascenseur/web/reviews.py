"""Game reviews for the people of a finished table (issue 59), computed where they never slow
a live one.

``POST /api/tables/{id}/review`` with ``{"token": TOKEN}`` (and, optionally, ``"budget"``: one
of the server's levels, :attr:`ReviewSettings.budgets`) asks for the review of the seat the
token holds — a seated person's own seat, of a finished table; a spectator, a stranger, a
token of another table or of a table not over get the record's refusals (``bad-token``,
``game-not-over``). The answer is either the review (200, :class:`ReviewAnswer`: the
``ascenseur-review/1`` value of :mod:`ascenseur.review` for that one seat, with its sentences
in the page's language), or how far it has got (202, :class:`ReviewProgress`: decisions done,
percent, seconds left, place in the queue): the page asks again until it has the review.

Who waits for whom:

* **Kept reviews open at once.** Reviews are kept on disk (:class:`~ascenseur.review.ReviewCache`,
  keyed by the record's digest, seat, budget, seed and engine): a game reviewed once is read
  back, never queued.
* **One review per person.** A person is a seat's token: while the review of a seat is
  queued or running, asking again answers how far it has got, and asking for it at another
  budget is refused (``review-running``); one address may have at most
  :attr:`ReviewSettings.per_address` reviews waiting (``rate-limited``), the server
  :attr:`ReviewSettings.waiting` (``review-busy``).
* **Below every live table.** Reviews run one at a time, each decision searched in a process
  pool of their own whose workers run at the lowest priority (nice 19), below the bots' pool
  (nice 10) and the server (0). The bots' pool is a FIFO queue with no notion of priority: a
  review's decision (seconds at the default budget) put in it would sit in front of a bot's
  move, and a queue that fed reviews only while no bot thinks could not take back a decision
  already running when a bot's turn came. An OS priority does: the kernel gives the core to
  the server or a bot the moment either wakes, and to the review only what they leave idle
  (``benchmarks/server_load.py --reviews`` measures the acks with and without reviews
  running). Workers start when the first review is asked for.

Only the seat's own views reach the search (:mod:`ascenseur.review.analysis` builds each from
:func:`~ascenseur.core.observation.observe`); a review is given only to the seated person of a
finished table, who may download its record, every hand in it, anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct
from starlette.responses import Response

from ascenseur.core.cards import Language
from ascenseur.core.digest import record_digest
from ascenseur.core.errors import AscenseurError
from ascenseur.core.record import record_of
from ascenseur.review import (
    DEFAULT_BUDGET,
    Review,
    ReviewBudget,
    ReviewCache,
    budget_of,
    review_record,
)
from ascenseur.review.analysis import engine_key, moments
from ascenseur.tables.live import LiveTable
from ascenseur.tables.table import Table
from ascenseur.tables.thinking import process_pool
from ascenseur.text.review import game_sentences, moment_line, reasons
from ascenseur.web.protocol import Token
from ascenseur.web.words import web_tr

log = logging.getLogger("ascenseur.web")

#: The review workers' niceness: the lowest priority there is.
REVIEW_NICENESS = 19
#: How long a request waits for a review that is ready at once (kept on disk) or nearly.
ANSWER_SECONDS = 0.3


def review_workers() -> int:
    """Processes searching a review's decisions: every core but one, as the bots' (a core
    left to the server and the bots whatever the kernel does with priorities: caches, memory
    and wake-ups are shared), at most 4 (each holds the compiled search in memory)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How a server reviews games.

    ``budgets``: the levels a person may ask for, the first the default (what the page asks);
    ``seed``: the review's seed (the command line's default, so a record reviewed by
    ``ascenseur review`` and by the server gives the same figures); ``directory``: where
    reviews are kept (None: the database's folder, or the data directory);
    ``executor``: makes the pool decisions are searched in (default: :func:`review_workers`
    processes at nice :data:`REVIEW_NICENESS`); ``waiting``: reviews queued or running in
    all; ``per_address``: of them, from one address."""

    budgets: tuple[ReviewBudget, ...] = (budget_of(DEFAULT_BUDGET), budget_of("quick"))
    seed: int = 0
    directory: Path | None = None
    executor: Callable[[], Executor] | None = None
    waiting: int = 16
    per_address: int = 3

    def budget(self, name: str | None) -> ReviewBudget:
        """The level ``name`` (None: the default); Refused ``bad-budget`` if the server has
        no such level."""
        if name is None:
            return self.budgets[0]
        for budget in self.budgets:
            if name == (budget.name or budget.key):
                return budget
        known = ", ".join(b.name or b.key for b in self.budgets)
        raise ReviewRefused("bad-budget", name=repr(name), known=known)


#: A refusal's code → the HTTP status it is sent with and the key of its sentence.
REFUSALS: dict[str, tuple[int, str]] = {
    "bad-budget": (400, "review_bad_budget"),
    "review-running": (409, "review_running"),
    "rate-limited": (429, "review_limit"),
    "review-busy": (503, "review_busy"),
}


class ReviewRefused(AscenseurError):
    """A review request the server refuses: its code (:data:`REFUSALS`), and the fields of
    its sentence in each language (:meth:`sentence`)."""

    def __init__(self, code: str, **fields: object) -> None:
        self.fields = fields
        super().__init__(self.sentence("en", code), code=code)

    def sentence(self, lang: Language, code: str | None = None) -> str:
        return web_tr(lang, REFUSALS[code or self.code][1], **self.fields)

    @property
    def status(self) -> int:
        return REFUSALS[self.code][0]


# -- the answers ----------------------------------------------------------------------------


class MomentWords(Struct, kw_only=True):
    """One decision in words: where, what was chosen against the best, its label and loss
    (``line``), and why the best was better (``why``: the in-game hint's explanation)."""

    deal: int
    number: int
    line: str
    why: list[str]


class ReviewAnswer(Struct, kw_only=True, tag_field="type", tag="review"):
    """A seat's review (``POST /api/tables/{id}/review``): the ``ascenseur-review/1`` value
    for that one seat, the game in sentences (``summary``) and every weighed decision in
    words (``moments``), in the language asked (``?lang=``)."""

    seat: int
    review: Review
    summary: list[str]
    moments: list[MomentWords]


class ReviewProgress(Struct, kw_only=True, tag_field="type", tag="review-progress"):
    """How far a review has got (202): decisions weighed of all, percent, an estimate of the
    seconds left (None until one decision has been searched), and the reviews ahead of it in
    the server's queue (0: running)."""

    done: int
    total: int
    percent: int
    seconds_left: float | None
    ahead: int


def answer(review: Review, seat: int, lang: Language) -> ReviewAnswer:
    """The answer carrying ``review`` (one seat's), with its sentences in ``lang``."""
    reviewed = review.seat(seat)
    moments = [
        MomentWords(
            deal=d.deal,
            number=d.number,
            line=moment_line(d, lang),
            why=reasons(d, lang),
        )
        for deal in reviewed.deals
        for d in deal.decisions
        if d.label != "forced"
    ]
    return ReviewAnswer(
        seat=seat, review=review, summary=game_sentences(reviewed, lang), moments=moments
    )


# -- the jobs -------------------------------------------------------------------------------


@dataclass
class Job:
    """One seat's review, queued or running; ``tell`` hears of its progress (in a thread)."""

    table: str
    seat: int
    budget: ReviewBudget
    address: str
    done: int = 0
    total: int = 0
    running: bool = False
    #: Decisions with one legal action: counted done at once, never searched.
    forced: int = 0
    #: When the first searched decision began, and how many were done then (the forced ones
    #: cost nothing: the time left is reckoned from the searched ones only).
    searching: tuple[float, int] | None = None
    task: asyncio.Task[Review] | None = field(default=None, repr=False)

    def tell(self, done: int, total: int) -> None:
        if self.searching is None and done >= self.forced:
            self.searching = (time.monotonic(), done)
        self.done, self.total = done, total

    def progress(self, ahead: int) -> ReviewProgress:
        total = max(self.total, 1)
        left = None
        if self.searching is not None and self.done > self.searching[1]:
            began, first = self.searching
            each = (time.monotonic() - began) / (self.done - first)
            left = round(each * (self.total - self.done), 1)
        return ReviewProgress(
            done=self.done,
            total=self.total,
            percent=min(100, 100 * self.done // total),
            seconds_left=left,
            ahead=ahead,
        )


class Reviewer:
    """The reviews of one server: a queue served one review at a time, a pool of lowest
    priority, reviews kept on disk."""

    def __init__(self, settings: ReviewSettings, directory: Path) -> None:
        self.settings = settings
        self.cache = ReviewCache(settings.directory or directory)
        self._pool: Executor | None = None
        self._engine: str | None = None
        self._jobs: dict[tuple[str, int], Job] = {}
        self._queue: list[Job] = []
        self._turn = asyncio.Lock()

    @property
    def pool(self) -> Executor:
        """The workers, started at the first review asked for."""
        if self._pool is None:
            make = self.settings.executor
            self._pool = (
                make()
                if make is not None
                else process_pool(review_workers(), REVIEW_NICENESS, apart=True)
            )
        return self._pool

    async def close(self) -> None:
        """Stop now: the reviews running end unfinished (nothing half done is kept), their
        workers with them rather than after their decision (seconds at the default budget)."""
        tasks = [job.task for job in self._jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)
        pool = self._pool
        if pool is not None:
            # Python 3.14 has ProcessPoolExecutor.terminate_workers(); until then, its
            # processes (a thread pool has none), taken before shutdown forgets them. A
            # decision cut off breaks the pool, which ends the thread that waited for it.
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()

    async def kept(self, table: Table, seat: int, budget: ReviewBudget) -> Review | None:
        """The review of ``seat`` at ``budget`` if it is kept on disk (read in a thread)."""

        def read() -> Review | None:
            if self._engine is None:
                self._engine = engine_key()
            digest = record_digest(record_of(table.state, table.names))
            found = self.cache.get(digest, seat, budget.playouts, self.settings.seed, self._engine)
            # A kept review names its budget as computed; this one was asked for by name.
            return None if found is None else msgspec.structs.replace(found, budget=budget.used())

        return await asyncio.to_thread(read)

    async def ask(
        self, table: Table, seat: int, budget: ReviewBudget, address: str
    ) -> Review | ReviewProgress:
        """The review of ``seat`` at ``table`` (finished; the caller has checked the seat is
        the asker's), or how far it has got: queued now if it is neither kept nor running."""
        job = self._jobs.get((table.id, seat))
        if job is not None and job.budget != budget:
            raise ReviewRefused("review-running")
        if job is None:
            found = await self.kept(table, seat, budget)
            if found is not None:
                return found
            job = self._jobs.get((table.id, seat))  # asked twice at once: one job
        if job is None:
            job = self._start(table, seat, budget, address)
        task = job.task
        assert task is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), ANSWER_SECONDS)
        if task.done():
            return task.result()  # a review that failed raises here, once for each asker
        return job.progress(self._ahead(job))

    def _ahead(self, job: Job) -> int:
        """The reviews before ``job``: those queued before it, and the one running."""
        if job not in self._queue:
            return 0
        running = any(other.running for other in self._jobs.values())
        return self._queue.index(job) + running

    def _start(self, table: Table, seat: int, budget: ReviewBudget, address: str) -> Job:
        settings = self.settings
        if len(self._jobs) >= settings.waiting:
            raise ReviewRefused("review-busy")
        mine = sum(1 for job in self._jobs.values() if job.address == address)
        if mine >= settings.per_address:
            raise ReviewRefused("rate-limited", count=mine)
        job = Job(table=table.id, seat=seat, budget=budget, address=address)
        self._jobs[(table.id, seat)] = job
        self._queue.append(job)
        # The state and names as they are now: the table may be unloaded meanwhile.
        job.task = asyncio.create_task(self._run(job, table), name=f"review {table.id}")
        job.task.add_done_callback(lambda _: self._jobs.pop((job.table, job.seat), None))
        return job

    async def _run(self, job: Job, table: Table) -> Review:
        try:
            async with self._turn:
                self._queue.remove(job)
                job.running = True
                state, names = table.state.clone(), table.names
                pool = self.pool

                def review() -> Review:
                    found = moments(state, [job.seat])
                    job.forced = sum(1 for m in found if len(m.view.legal_actions) == 1)
                    return review_record(
                        state,
                        [job.seat],
                        job.budget,
                        self.settings.seed,
                        names=names,
                        progress=job.tell,
                        executor=pool,
                        cache=self.cache,
                    )

                return await asyncio.to_thread(review)
        except asyncio.CancelledError:
            raise
        except Exception:
            # By its table, never its contents; the asker gets review-failed.
            log.exception("the review of a seat at table %s failed", job.table)
            raise
        finally:
            if job in self._queue:
                self._queue.remove(job)


# -- over HTTP ------------------------------------------------------------------------------


class ReviewAsk(Struct, forbid_unknown_fields=True):
    """The body of ``POST /api/tables/{id}/review``: the seat's token, and a budget's name
    (None: the server's default)."""

    token: Token
    budget: Annotated[str, Meta(max_length=16)] | None = None


def review_directory(db: Path | str) -> Path:
    """Where a server keeps reviews by default: beside its SQLite database (the command
    line's ``reviews/`` when it is the data directory's), or in the data directory."""
    if isinstance(db, Path):
        return db.parent / "reviews"
    from ascenseur.userdata import data_dir

    return data_dir() / "reviews"


def _refusal(status: int, code: str, message: str) -> Response:
    body = {"type": "error", "code": code, "message": message}
    return Response(msgspec.json.encode(body), status_code=status, media_type="application/json")


async def review_response(
    reviewer: Reviewer, live: LiveTable, body: bytes, address: str, lang: Language
) -> Response:
    """The answer to a review request at ``live`` (finished, its token checked by the
    caller, as for the record): the review (200), its progress (202) or a typed refusal."""
    try:
        asked = msgspec.json.decode(body, type=ReviewAsk)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return _refusal(400, "bad-request", web_tr(lang, "review_bad_request"))
    seat = live.seat_of(asked.token)
    if seat is None:
        return _refusal(403, "bad-token", web_tr(lang, "bad_token"))
    try:
        budget = reviewer.settings.budget(asked.budget)
        found = await reviewer.ask(live.table, seat, budget, address)
        if isinstance(found, ReviewProgress):
            return Response(_encoder.encode(found), 202, media_type="application/json")
        shown = await asyncio.to_thread(answer, found, seat, lang)
    except ReviewRefused as err:
        return _refusal(err.status, err.code, err.sentence(lang))
    except Exception as err:  # logged where it ran; the person may ask again
        return _refusal(
            500, "review-failed", web_tr(lang, "web_review_failed", detail=type(err).__name__)
        )
    return Response(_encoder.encode(shown), media_type="application/json")


_encoder = msgspec.json.Encoder()


__all__ = [
    "ANSWER_SECONDS",
    "REFUSALS",
    "REVIEW_NICENESS",
    "Job",
    "MomentWords",
    "ReviewAnswer",
    "ReviewAsk",
    "ReviewProgress",
    "ReviewRefused",
    "ReviewSettings",
    "Reviewer",
    "answer",
    "review_directory",
    "review_response",
    "review_workers",
]
