"""What runs off the event loop: bots deciding and hints computing, in a worker pool.

The functions here take only a seat's view and a random source, and may run in a thread or in
another process (everything they take and give back pickles). Each worker keeps one bot of
each kind it has been asked for.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from ascenseur.bots import Bot, make_bot
from ascenseur.bots.hints import hint
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation

_local = threading.local()


def decide(bot: str, view: Observation, rng: random.Random) -> PlayerAction:
    """The bid or card bot ``bot`` chooses from ``view``."""
    bots: dict[str, Bot] = _local.__dict__.setdefault("bots", {})
    player = bots.get(bot)
    if player is None:
        player = bots[bot] = make_bot(bot)
    return player.choose(view, rng)


def advise(
    view: Observation, rng: random.Random, playouts: int
) -> list[tuple[PlayerAction, float]]:
    """The hints of :func:`ascenseur.bots.hints.hint` for ``view``'s seat."""
    return hint(view, rng, playouts)


def process_pool(workers: int) -> Executor:
    """Worker processes (started clean by a fork server): bots never slow the event loop."""
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def thread_pool(workers: int) -> Executor:
    """Worker threads: cheaper to start (tests), sharing the interpreter with the server."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ascenseur-bot")
