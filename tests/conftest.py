"""Shared test settings: hypothesis profiles (CI runs more examples), and a PostgreSQL cluster
of the tests' own, started only by the tests that ask for it."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from pg_cluster import Cluster

settings.register_profile(
    "ci", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster (one per test process), stopped and removed at the end;
    ``postgres.new_database()`` gives each test an empty database of its own."""
    cluster = Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(autouse=True)
def not_under_make(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test sees the environment of a command typed at a shell, however the suite was
    started: under ``make test`` (CI), ``MAKELEVEL`` would make the advice the game prints
    read ``make play ARGS=…`` (:mod:`ascenseur.commands.launch`, tested apart)."""
    monkeypatch.delenv("MAKELEVEL", raising=False)
