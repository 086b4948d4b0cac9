"""What runs off the event loop: bots deciding and hints computing, in a worker pool.

The functions here take only a seat's view and a random source, and may run in a thread or in
another process (everything they take and give back pickles). Each worker keeps one bot of
each kind it has been asked for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from ascenseur.bots import Bot, make_bot
from ascenseur.bots.hints import advice
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.search.problem import Estimate

_local = threading.local()


def decide(bot: str, view: Observation, rng: random.Random) -> PlayerAction:
    """The bid or card bot ``bot`` chooses from ``view``."""
    bots: dict[str, Bot] = _local.__dict__.setdefault("bots", {})
    player = bots.get(bot)
    if player is None:
        player = bots[bot] = make_bot(bot)
    return player.choose(view, rng)


def advise(view: Observation, rng: random.Random, playouts: int) -> list[Estimate]:
    """The hints of :func:`ascenseur.bots.hints.advice` for ``view``'s seat: each choice's
    expected points and its chance of an exact bid."""
    return advice(view, rng, playouts)


#: How often a worker looks whether its server is still there.
WATCH_SECONDS = 1.0


def _watch(server: int) -> None:
    """Exit this worker as soon as process ``server`` is gone (killed with -9, say)."""
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            os._exit(0)  # the pid now belongs to another user's process: the server is gone


#: How much lower than the server a worker runs (nice): bots are paced at human speed anyway,
#: and a person's move must not wait behind a bot's thinking for a core.
WORKER_NICENESS = 10


def _start_worker(server: int, niceness: int = WORKER_NICENESS, apart: bool = False) -> None:
    if apart:
        # A session of its own is a scheduling group of its own where the kernel groups by
        # session (autogroup): the group's own niceness then keeps what the worker burns from
        # being charged to the server's group, whose wake-ups would wait behind it.
        with contextlib.suppress(OSError):
            os.setsid()
            Path("/proc/self/autogroup").write_text(f"{niceness}\n")
    with contextlib.suppress(OSError):
        os.nice(niceness)
    threading.Thread(target=_watch, args=(server,), daemon=True, name="server-watch").start()


def bot_workers() -> int:
    """How many processes think for bots: one per core but the one the server needs."""
    return max(1, (os.cpu_count() or 2) - 1)


def process_pool(workers: int, niceness: int = WORKER_NICENESS, *, apart: bool = False) -> Executor:
    """Worker processes (started clean by a fork server): bots never slow the event loop.

    Each worker runs at a lower priority than the server (``niceness`` more; the pool of game
    reviews runs at the lowest, 19, ``apart``: each worker in a session of its own), and
    watches the server's process and exits when it is gone, so a server killed without
    warning leaves no bot running.
    """
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), niceness, apart),
    )


def thread_pool(workers: int) -> Executor:
    """Worker threads: cheaper to start (tests), sharing the interpreter with the server."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ascenseur-bot")
