"""Where the compiled core's machine code is kept, and whether it is there: no numba needed.

Numba caches each compiled function beside the sources (``__pycache__``): an index
(``.nbi``) and the code (``.nbc``). The cache is keyed here on a digest of every source the
compiled code may read (:data:`BAKED_PACKAGES`, see :mod:`ascenseur.fast._jit`), stored
beside it. :func:`is_warm` tells, without importing numba, whether the search's code is
there for the sources as they are: what an interface asks before the first expert decision
to tell the player that it will take a while (numba compiling, about a minute) or not.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

_PACKAGE = Path(__file__).parent
ROOT = _PACKAGE.parent  # the ascenseur package
#: The packages whose values compiled code may capture: this one and all it may import.
BAKED_PACKAGES = ("core", "search", "fast")
CACHE = _PACKAGE / "__pycache__"  # numba's default cache, beside the sources
DIGEST_FILE = "ascenseur-fast-sources.sha256"
#: Compiled functions every expert decision runs: warm means their code is cached.
SEARCH_ENTRIES = ("search.evaluate_worlds", "worlds.sample_into", "play.playout", "chain.run")


def cache_sources(root: Path = ROOT) -> list[Path]:
    """Every source file whose content the compiled functions may depend on."""
    return sorted(path for package in BAKED_PACKAGES for path in (root / package).rglob("*.py"))


def sources_digest(root: Path = ROOT) -> str:
    """The SHA-256 of every :func:`cache_sources` file, names and contents."""
    digest = hashlib.sha256()
    for source in cache_sources(root):
        name = source.relative_to(root).as_posix()
        digest.update(name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def is_warm(cache: Path = CACHE, root: Path = ROOT) -> bool:
    """Whether the search's compiled code is cached for the sources as they are now."""
    try:
        if (cache / DIGEST_FILE).read_text() != sources_digest(root):
            return False
    except OSError:
        return False
    return all(
        any(cache.glob(f"{entry}-*.nbi")) and any(cache.glob(f"{entry}-*.nbc"))
        for entry in SEARCH_ENTRIES
    )


def drop_stale(cache: Path = CACHE, root: Path = ROOT) -> bool:
    """Delete the cached functions in ``cache`` if any of the :func:`cache_sources` below
    ``root`` changed since they were cached; True if it did."""
    current = sources_digest(root)
    stamp = cache / DIGEST_FILE
    try:
        if stamp.read_text() == current:
            return False
    except OSError:
        pass
    try:
        for cached in cache.glob("*.nb[ic]"):
            cached.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(current)
    except OSError:
        return False  # a read-only install: nothing there can be stale
    return True
