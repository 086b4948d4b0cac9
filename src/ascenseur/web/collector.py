"""How ``ascenseur serve`` collects reference cycles: no full collection in the middle of play.

A full (generation 2) collection of CPython's cycle collector scans every tracked object of
the process, and by default it runs whenever the long-lived objects have grown by a quarter.
With a few hundred tables and their connections that was a pause of 40-210 ms every few
seconds (``benchmarks/server_load.py``, 200 tables), most of the slowest acknowledgements.
Here the young generations are collected as usual (their pauses are short); the full
collection runs on a timer instead, rarely; what the server built before serving is frozen
out of it (it lives as long as the process).
"""

from __future__ import annotations

import gc
import threading
from dataclasses import dataclass, field

#: Seconds between two full collections.
FULL_EVERY = 600.0
#: A generation-2 threshold that the collector never reaches by itself.
NEVER = 2**31 - 1


@dataclass
class QuietCollector:
    """The policy while it runs; :meth:`stop` puts the collector back as it was."""

    every: float = FULL_EVERY
    _before: tuple[int, int, int] = (0, 0, 0)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> QuietCollector:
        gc.collect()
        gc.freeze()
        self._before = gc.get_threshold()
        gen0, gen1, _ = self._before
        gc.set_threshold(gen0, gen1, NEVER)
        self._thread = threading.Thread(target=self._run, name="ascenseur-gc", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            gc.collect()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        gc.set_threshold(*self._before)
        gc.unfreeze()
