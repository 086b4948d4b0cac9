"""The server's collector policy: no full collection of its own accord, one on its timer."""

from __future__ import annotations

import gc
import time

from ascenseur.web.collector import NEVER, QuietCollector


def full_collections() -> int:
    return int(gc.get_stats()[2]["collections"])


def test_no_full_collection_comes_by_itself_while_the_policy_runs() -> None:
    before = gc.get_threshold()
    collector = QuietCollector(every=3600.0).start()
    try:
        assert gc.get_threshold()[2] == NEVER
        start = full_collections()
        # Long-lived objects growing by far more than a quarter: by default, full collections.
        kept = [[n] for n in range(300_000)]
        assert full_collections() == start
        del kept
    finally:
        collector.stop()
    assert gc.get_threshold() == before


def test_the_full_collection_runs_on_its_timer() -> None:
    collector = QuietCollector(every=0.05).start()
    try:
        start = full_collections()
        deadline = time.monotonic() + 10
        while full_collections() < start + 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert full_collections() >= start + 2
    finally:
        collector.stop()


def test_by_default_the_same_growth_does_bring_full_collections() -> None:
    """The first test can fail: without the policy, this growth collects in full."""
    start = full_collections()
    kept = [[n] for n in range(300_000)]
    assert full_collections() > start
    del kept
