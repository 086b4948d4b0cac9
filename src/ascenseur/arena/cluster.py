"""The arena's games as Ray tasks: ``--cluster auto`` (a local Ray) or ``--cluster ADDRESS``.

Each piece of work (a game of a match, of a ladder) is one task of one CPU. A task whose worker
dies — the process killed, its machine gone — is played again by Ray (up to
:data:`RETRIES` times) and its result arrives once: a game is counted once however often it
was started, and since a game depends on nothing but its arguments, the second play is the
first one's twin. Results arrive in this process, which alone writes the match's files.

The workers need ascenseur installed, at the same version as here (the head and every worker
of a cluster: ``pip install 'ascenseur[fast,cluster]'``). Bots named ``module:factory`` whose
module is not installed (a file of the current directory, say) travel with the tasks: their
module, or its top-level package, goes in the job's runtime environment (``py_modules``), and
the ``ASCENSEUR_*`` variables of this process go with them (``env_vars``: a bot's weights file,
e.g. ``ASCENSEUR_BIDDER``). Ray is the optional extra ``cluster``: imported only here.
"""

from __future__ import annotations

import importlib.util
import itertools
import logging
import os
import re
import sys
import sysconfig
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ascenseur.arena.backends import Work
from ascenseur.core.errors import AscenseurError

R = TypeVar("R")

#: How many times a task whose worker died is started again before the match gives up.
RETRIES = 3
#: The shared-memory object store of a local cluster: results are a few kilobytes each.
LOCAL_OBJECT_STORE = 128 * 1024 * 1024
#: ``ray://HOST:PORT`` or ``HOST:PORT``.
ADDRESS = re.compile(r"(ray://)?[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}")
#: Pieces in flight per CPU of the cluster: enough that no CPU waits for the driver.
WINDOW_PER_CPU = 2


class ClusterError(AscenseurError):
    """The cluster cannot be reached or used: Ray missing, a bad address, a dead cluster."""

    code = "cluster"


class Ray:
    """A connected Ray cluster, as a backend (:class:`~ascenseur.arena.backends.Backend`).

    Made by :func:`connect`, which also shuts down what it started.
    """

    def __init__(self, address: str, cpus: int) -> None:
        self.address = address
        self._cpus = cpus

    @property
    def cpus(self) -> int:
        return self._cpus

    def describe(self) -> str:
        where = "a local Ray" if self.address == "auto" else f"Ray at {self.address}"
        return f"{where}, {self._cpus} CPU{'s' if self._cpus != 1 else ''}"

    def run(
        self, function: Callable[..., R], work: Iterable[Work], sink: Callable[[R], None]
    ) -> None:
        import ray
        from ray.exceptions import RayTaskError, WorkerCrashedError

        task = ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=False)(function)
        queue = iter(work)
        pending: dict[Any, Work] = {}

        def submit(pieces: Iterable[Work]) -> None:
            for piece in pieces:
                pending[task.remote(*piece)] = piece

        submit(itertools.islice(queue, max(2, WINDOW_PER_CPU * self._cpus)))
        try:
            while pending:
                finished, _ = ray.wait(list(pending), num_returns=1)
                for ref in finished:
                    piece = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except RayTaskError as err:
                        raise _cause(err, function) from None
                    except WorkerCrashedError:
                        raise ClusterError(
                            f"{_name(function, piece)}: its worker died {RETRIES + 1} times "
                            "(out of memory? see the workers' logs in /tmp/ray on their "
                            "machines)"
                        ) from None
                    sink(result)
                    submit(itertools.islice(queue, 1))
        except BaseException:
            # Interrupted, or a piece failed: stop the tasks in flight (a game can take
            # minutes) rather than leave them to a cluster that others share.
            for ref in pending:
                ray.cancel(ref, force=True)
            raise


def _cause(err: Exception, function: Callable[..., object]) -> Exception:
    """The exception a task raised, as this process would have raised it."""
    cause = getattr(err, "cause", None)
    if isinstance(cause, AscenseurError):
        return cause
    said = f"{type(cause).__name__}: {cause}" if cause is not None else str(err).splitlines()[0]
    return ClusterError(f"{function.__name__} failed on a worker: {said}")


def _name(function: Callable[..., object], piece: Work) -> str:
    """A task for people: its function and its whole-number arguments (game, seat…)."""
    numbers = [str(value) for value in piece if isinstance(value, int) or value is None]
    return f"{function.__name__}({', '.join(numbers)})"


@contextmanager
def connect(address: str, cpus: int, bots: Sequence[str] = ()) -> Iterator[Ray]:
    """A Ray backend: ``auto`` starts a local cluster of ``cpus`` CPUs (stopped at the end);
    ``ray://HOST:PORT`` connects through Ray's client, ``HOST:PORT`` as a driver on a node of
    the cluster (both left running at the end). ``bots`` are the names the games will load:
    those named ``module:factory`` from modules not installed travel with the tasks."""
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "--cluster needs Ray: install the extra with pip install 'ascenseur[cluster]' "
            "(make installs it)"
        ) from None
    if address != "auto" and ADDRESS.fullmatch(address) is None:
        raise ClusterError(
            f"--cluster {address}: give auto (a local Ray), ray://HOST:PORT (Ray's client, port "
            "10001 on the head by default) or HOST:PORT (from a node of the cluster)"
        )
    if ray.is_initialized():
        raise ClusterError("this process is already connected to a Ray cluster")
    runtime_env = runtime_environment(bots)
    options: dict[str, Any] = {
        "runtime_env": runtime_env or None,
        "logging_level": logging.WARNING,
        "log_to_driver": False,
    }
    if address == "auto":
        options.update(
            num_cpus=cpus, include_dashboard=False, object_store_memory=LOCAL_OBJECT_STORE
        )
        # "local": a new cluster, even where a `ray start` of this machine left one to find.
        target = "local"
        # The workers play the games at this command's priority, as --jobs's processes do:
        # Ray's default (nice 15) makes them yield to anything else the machine runs.
        os.environ.setdefault("RAY_worker_niceness", "0")
    else:
        target = address
    try:
        with warnings.catch_warnings():
            # Ray's client warns before it gives up on an address; the error says it all.
            warnings.simplefilter("ignore", UserWarning)
            ray.init(target, **options)
    except Exception as err:  # Ray raises bare Exceptions too (a raylet slow to start)
        ray.shutdown()  # what it started before it failed
        if address == "auto":
            raise ClusterError(f"cannot start a local Ray: {err}") from None
        hint = ""
        if os.environ.get("RAY_AUTH_MODE") != "token":
            hint = (
                " (a cluster with token authentication, Ray's default, also needs "
                "RAY_AUTH_MODE=token and its token here: RAY_AUTH_TOKEN, or ~/.ray/auth_token "
                "copied from the head)"
            )
        raise ClusterError(f"cannot connect to the Ray cluster at {address}: {err}{hint}") from None
    try:
        found = int(ray.cluster_resources().get("CPU", 0))
        if found < 1:
            raise ClusterError(f"the Ray cluster at {address} has no CPU to play on")
        yield Ray(address, found)
    finally:
        ray.shutdown()


def runtime_environment(bots: Sequence[str]) -> dict[str, Any]:
    """What the tasks need beyond an installed ascenseur: the modules of outside bots that are
    not installed packages, and this process's ``ASCENSEUR_*`` variables."""
    env: dict[str, Any] = {}
    modules = sorted({path for name in bots if (path := _module_to_ship(name)) is not None})
    if modules:
        env["py_modules"] = modules
    variables = {k: v for k, v in os.environ.items() if k.startswith("ASCENSEUR_")}
    if variables:
        env["env_vars"] = variables
    return env


def _module_to_ship(name: str) -> str | None:
    """The file or package directory of the module of a ``module:factory`` bot, when it is not
    installed on this machine (so not on the workers either): None for a registered bot,
    ascenseur's own modules and installed packages."""
    if ":" not in name:
        return None
    top = name.partition(":")[0].split(".")[0]
    if top == "ascenseur":
        return None
    spec = importlib.util.find_spec(top)
    if spec is None or spec.origin is None or not spec.has_location:
        return None  # the arena's check of the bots says what is missing, in one sentence
    origin = Path(spec.origin).resolve()
    installed = {sysconfig.get_paths()[key] for key in ("purelib", "platlib", "stdlib")}
    installed |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    if any(origin.is_relative_to(Path(place).resolve()) for place in installed):
        return None
    return str(origin.parent if spec.submodule_search_locations is not None else origin)
