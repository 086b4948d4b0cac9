"""``python -m ascenseur.fast``: compile the search into the disk cache now (the install step).

Prints a line before and one after, so that the wait (about a minute on a first install) is
never silent; with the cache already warm it only loads it. Without numba it says that the
expert searches in pure Python. Exit status 0 either way.
"""

from __future__ import annotations

import sys

from ascenseur import fast
from ascenseur.fast.cache import is_warm


def main() -> int:
    if not fast.available():
        print("ascenseur: numba is not installed; the expert will search in pure Python.")
        return 0
    if is_warm():
        print("ascenseur: loading the expert's compiled search…", flush=True)
    else:
        print(
            "ascenseur: compiling the expert's search (numba, once per install; about a minute)…",
            flush=True,
        )
    seconds = fast.warm_up()
    print(f"ascenseur: the expert's compiled search is ready ({seconds:.1f} s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
