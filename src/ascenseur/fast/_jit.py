"""Compiler glue for the compiled core: a typed ``jit`` decorator and two bit intrinsics.

Everything compiled in :mod:`ascenseur.fast` goes through :func:`jit`: nopython mode, cached
on disk beside the sources (``__pycache__``), so a machine compiles each function once and
later processes only load it. Numba ignores the Python annotations; mypy reads them, so the
compiled functions keep their signatures for type checking.

Numba notices that a cached function is stale only when *its own* file changes: a function
of ``search.py`` would keep running an old copy of the play-out after ``play.py`` is edited,
and every compiled function bakes in the globals it reads — the core's card tables
(``core/cards.py``), the trick-winner table (``core/tricks.py``), the search problem's
constants (``search/problem.py``) — as constants. So the first :func:`jit` of a process
compares a digest of every source of :data:`BAKED_PACKAGES` (the only packages this one may
import: ``pyproject.toml``'s import-linter contracts hold that) with the one stored beside the
cache and, when they differ, drops every cached function.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core import types
from numba.extending import intrinsic

from ascenseur.fast import cache
from ascenseur.fast.cache import BAKED_PACKAGES, CACHE, ROOT

__all__ = [
    "BAKED_PACKAGES",
    "CACHE",
    "ROOT",
    "cache_sources",
    "drop_stale_cache",
    "jit",
    "jit_kernel",
]

F = TypeVar("F", bound=Callable[..., Any])


_checked: list[bool] = []


def cache_sources(root: Path = ROOT) -> list[Path]:
    """Every source file whose content the compiled functions may depend on."""
    return cache.cache_sources(root)


def drop_stale_cache(cache_dir: Path = CACHE, root: Path = ROOT) -> bool:
    """Delete the cached functions in ``cache_dir`` if any of the :func:`cache_sources` below
    ``root`` changed since they were cached; True if it did (:func:`cache.drop_stale`)."""
    return cache.drop_stale(cache_dir, root)


def jit(fn: F) -> F:
    """Compile ``fn`` (nopython, cached on disk, releasing the GIL) and keep its type."""
    return _compile(fn)


def jit_kernel(fn: F) -> F:
    """:func:`jit` without numba's reference counting, for a function that only reads and
    writes the arrays it is given: it makes, slices and returns none (numba refuses to
    compile one that does). Each call of a counted function counts a reference on every
    array it is passed, a NamedTuple's included, at entry and again at exit, two atomic
    operations each; in the heuristic's card choice (a Scratch of 19 arrays passed down to
    every helper) that was more than half the time (``benchmarks/heuristic_twin.py``)."""
    # ``_nrt`` is numba's own switch for its runtime (the stubs do not list it).
    return _compile(fn, _nrt=False)


def _compile(fn: F, **options: bool) -> F:
    """``numba.njit`` of ``fn``, nopython, cached on disk, releasing the GIL; the first call
    of a process drops a cache left by other sources (:func:`drop_stale_cache`)."""
    if not _checked:
        _checked.append(drop_stale_cache())
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, **options)(fn))


def _bit_intrinsic(name: str) -> Any:
    """An intrinsic taking and returning an int64: LLVM's ``ctpop`` or ``cttz``."""

    def typer(typingctx: Any, x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None
        sig = types.int64(x)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            value = context.cast(builder, args[0], signature.args[0], types.int64)
            if name == "ctpop":
                return builder.ctpop(value)
            # cttz of 0 is 64, not poison: callers never pass 0, but stay defined anyway.
            return builder.cttz(value, context.get_constant(types.boolean, False))

        return sig, codegen

    typer.__name__ = name
    return intrinsic(typer)


#: The number of set bits of a non-negative int64 mask (compiled code only).
popcount: Callable[[int], int] = _bit_intrinsic("ctpop")
#: The index of the lowest set bit of a non-zero int64 mask (compiled code only).
lowest: Callable[[int], int] = _bit_intrinsic("cttz")
