"""What ``arena`` and ``ladder`` share: a run of many bot games on processes or a Ray cluster.

The bots' budget options, where the games run (``--jobs``, ``--cluster``), the bots loaded
once before any game, the ``--out`` directory, and a run that Ctrl-C or SIGTERM stops between
two games. Each command writes its own help for the options, in its own words.
"""

from __future__ import annotations

import argparse
import os
import signal
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from ascenseur.arena import cluster
from ascenseur.arena.backends import Backend, Processes
from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.report import Progress
from ascenseur.bots import DEFAULT_BUDGET, Budget
from ascenseur.bots.outside import importable_from_here, load_bot
from ascenseur.commands.options import positive, positive_float

#: The destinations of the options :func:`add_budget_options` adds.
BUDGET_OPTIONS = ("budget_iterations", "budget_seconds")


def add_budget_options(parser: argparse.ArgumentParser, *, iterations: str, seconds: str) -> None:
    """``--budget-iterations N`` and ``--budget-seconds T``, helped by ``iterations`` and
    ``seconds``; both default to None (read them with :func:`budget_of`)."""
    parser.add_argument(
        "--budget-iterations", type=positive, default=None, metavar="N", help=iterations
    )
    parser.add_argument(
        "--budget-seconds", type=positive_float, default=None, metavar="T", help=seconds
    )


def budget_of(args: argparse.Namespace) -> Budget:
    """The budget the options of :func:`add_budget_options` give, else the bots' default."""
    if args.budget_iterations is None and args.budget_seconds is None:
        return DEFAULT_BUDGET
    return Budget(iterations=args.budget_iterations, seconds=args.budget_seconds)


def add_backend_options(parser: argparse.ArgumentParser, *, jobs: str, cluster: str) -> None:
    """``--jobs J`` (the number of CPUs by default) and ``--cluster ADDRESS``, helped by
    ``jobs`` and ``cluster`` (read them with :func:`backend_of`)."""
    parser.add_argument(
        "--jobs", type=positive, default=os.cpu_count() or 1, metavar="J", help=jobs
    )
    parser.add_argument("--cluster", metavar="ADDRESS", help=cluster)


def backend_of(args: argparse.Namespace, bots: Sequence[str]) -> AbstractContextManager[Backend]:
    """Where ``--jobs`` and ``--cluster`` say the games run (a cluster this command started is
    stopped when the context ends)."""
    if args.cluster is None:
        return nullcontext(Processes(args.jobs))
    return cluster.connect(args.cluster, args.jobs, bots)


def load_bots(bots: Iterable[tuple[str, Budget]]) -> None:
    """Load every bot (name, budget) once, before any game: an unknown name fails here, in
    one sentence; a module:factory is looked for in the current directory too."""
    bots = list(bots)
    if any(":" in name for name, _ in bots):
        importable_from_here()
    for name, budget in bots:
        load_bot(name, budget)


def new_out(out: Path) -> Path:
    """``--out DIR``, made if need be: refused unless it is a new or empty directory."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ArenaError(f"--out {out} must be a new or empty directory")
    out.mkdir(parents=True, exist_ok=True)
    return out


def play_until_stopped(
    play: Callable[[], None], progress: Progress, *, has_games: Callable[[], bool]
) -> bool:
    """Call ``play`` (which tells ``progress`` of each game as it ends); whether Ctrl-C or
    SIGTERM stopped it once ``has_games()`` says there are games to show (before, the
    KeyboardInterrupt goes on)."""
    # SIGTERM too (a run in the background ignores Ctrl-C's SIGINT): a long run stopped by
    # hand still says what its finished games show.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        play()
    except KeyboardInterrupt:
        if not has_games():
            raise
        return True
    finally:
        signal.signal(signal.SIGTERM, previous)
        progress.finish()
    return False


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
