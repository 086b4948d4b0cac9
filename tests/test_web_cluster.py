"""Three server processes on one PostgreSQL database, the one driving the tables killed with
``kill -9`` while people play through all three: nothing acknowledged is lost, a resend is
applied once, no table forks, the tables go on from another process, every client saw the
moves in the log's order (the harness is ``tests/kill_harness.py --cluster``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kill_harness
from pg_cluster import Cluster

pytestmark = pytest.mark.timeout(600)


def test_killing_the_driving_process_twice_loses_nothing(postgres: Cluster, tmp_path: Path) -> None:
    counts = kill_harness.run_cluster(postgres.new_database(), kills=2, seed=3, workdir=tmp_path)
    assert counts["kills"] == 2
    assert counts["went on"] == 2  # after each kill another process moved the bots
    assert counts["acknowledged"] > 20
    assert counts["resent and applied once"] == counts["in flight"]
