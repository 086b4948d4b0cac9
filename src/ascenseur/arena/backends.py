"""Where the arena's games are played: this process, a pool of processes, or a Ray cluster.

A backend takes independent pieces of work — a function and its arguments, each piece depending
on nothing but its arguments — and hands each result to a sink in the calling thread as it is
done, in any order. :class:`Processes` is ``--jobs``; :class:`~ascenseur.arena.cluster.Ray`
(the optional extra ``cluster``) is ``--cluster``. A match or a ladder gives the same numbers
on any of them.
"""

from __future__ import annotations

import itertools
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

R = TypeVar("R")

#: A piece of work: the arguments of the backend's function.
Work = tuple[Any, ...]


class Backend(Protocol):
    """Plays pieces of work somewhere and hands their results back as they are done."""

    @property
    def cpus(self) -> int:
        """How many pieces run at once (the CPUs it uses)."""
        ...

    def describe(self) -> str:
        """Where the games run, for people: ``2 processes``, ``Ray at ray://…, 64 CPUs``."""
        ...

    def run(
        self, function: Callable[..., R], work: Iterable[Work], sink: Callable[[R], None]
    ) -> None:
        """Call ``function(*piece)`` for each piece of ``work`` and ``sink`` each result in
        this thread as it arrives. An exception in a piece, or in ``sink``, stops the rest."""
        ...


class Processes:
    """``jobs`` 1: this process, in order; more: a pool of that many spawned processes."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)

    @property
    def cpus(self) -> int:
        return self.jobs

    def describe(self) -> str:
        return "this process" if self.jobs == 1 else f"{self.jobs} processes"

    def run(
        self, function: Callable[..., R], work: Iterable[Work], sink: Callable[[R], None]
    ) -> None:
        pieces = list(work)
        if not pieces:
            return
        if self.jobs == 1:
            for piece in pieces:
                sink(function(*piece))
            return
        with _pool(min(self.jobs, len(pieces))) as pool:
            # A bounded window of pending pieces keeps memory flat however many there are.
            queue = iter(pieces)
            pending: set[Future[R]] = {
                pool.submit(function, *piece) for piece in itertools.islice(queue, 4 * self.jobs)
            }
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    sink(future.result())
                    following = next(queue, None)
                    if following is not None:
                        pending.add(pool.submit(function, *following))


@contextmanager
def _pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    # Spawned workers start clean: the same on every platform, and no fork of a threaded parent.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_ignore_interrupts
    )
    try:
        yield pool
    except BaseException:
        # Interrupted, or a piece failed: stop the pieces in flight rather than wait for them
        # (a game of a searching bot can take minutes). The executor has no public way to.
        for process in dict(getattr(pool, "_processes", None) or {}).values():
            process.terminate()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
