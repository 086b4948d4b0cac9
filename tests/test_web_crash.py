"""``kill -9`` of the server while people play: nothing acknowledged is lost, a resend is
applied once, logs stay contiguous, clients come back to the server's own views, and no bot
worker outlives its server (the harness is ``tests/kill_harness.py``, which runs it 50 times)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kill_harness

pytestmark = pytest.mark.timeout(600)


def test_five_kills_lose_nothing(tmp_path: Path) -> None:
    counts = kill_harness.run_single(kills=5, seed=7, tables=3, workdir=tmp_path)
    assert counts["kills"] == 5
    assert counts["acknowledged"] > 20  # the tables really played between the kills
    assert counts["in flight"] > 0  # some actions were on their way when the server died
    assert counts["resent and applied once"] == counts["in flight"]
