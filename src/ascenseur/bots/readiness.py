"""Whether the expert (and the hints) will answer at once, or first compile its search.

The interfaces never import the compiled core (``pyproject.toml``'s contracts): they ask
here. :func:`search_is_ready` is cheap (no numba imported); :func:`prepare` loads or
compiles the search, and may run in a worker thread while the game goes on.
"""

from __future__ import annotations

import importlib.util
import os

from ascenseur import fast
from ascenseur.fast.cache import is_warm


def search_is_ready() -> bool:
    """False when the first expert decision of this process would compile the search (numba
    with a cold cache: about a minute); True when it loads it, or runs in pure Python."""
    if os.environ.get(fast.PURE_VARIABLE, "") == "1" or importlib.util.find_spec("numba") is None:
        return True
    return is_warm()


def prepare() -> None:
    """Compile (cold cache) or load the expert's search now, so no decision waits for it."""
    if fast.enabled():
        fast.warm_up()
