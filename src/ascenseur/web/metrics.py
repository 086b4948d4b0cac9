"""What ``GET /metrics`` tells an operator, in Prometheus's text format.

One registry per app (several apps live in one test process). The driver keeps plain
counts (:class:`~ascenseur.tables.driver.DriverStats`); they are read when Prometheus scrapes.
The service times each person's action from its arrival to its acknowledgement.
"""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from ascenseur.tables.driver import Driver

#: Seconds, from a person's action arriving to its acknowledgement leaving.
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """The metrics of one server process."""

    def __init__(self, driver: Driver) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.action_seconds = Histogram(
            "ascenseur_action_seconds",
            "From a person's action arriving to its acknowledgement (committed), in seconds.",
            ["kind"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.connections = Gauge(
            "ascenseur_connections",
            "Websocket connections open on this process.",
            registry=self.registry,
        )
        self.storage_up = Gauge(
            "ascenseur_storage_up",
            "1 while the storage answers this process, 0 while the tables wait for it.",
            registry=self.registry,
        )
        self.storage_up.set(1)
        self.registry.register(_DriverCollector(driver))

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _DriverCollector(Collector):
    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def collect(self) -> Iterator[Metric]:
        stats = self.driver.stats
        counters = (
            ("ascenseur_commits", "Commits of this process (moves, seats, chat).", stats.commits),
            ("ascenseur_commit_conflicts", "Commits that lost their version.", stats.conflicts),
            ("ascenseur_catch_ups", "Other processes' commits taken in.", stats.catch_ups),
            ("ascenseur_bot_moves", "Moves played by bots.", stats.bot_moves),
            ("ascenseur_bot_failures", "Bot decisions that failed.", stats.bot_failures),
        )
        for name, text, value in counters:
            counter = CounterMetricFamily(name, text)
            counter.add_metric([], value)
            yield counter
        live = self.driver.live.values()
        gauges = (
            ("ascenseur_bot_queue", "Bot decisions in the worker pool.", stats.thinking),
            ("ascenseur_live_tables", "Tables in this process's memory.", len(self.driver.live)),
            (
                "ascenseur_driven_tables",
                "Tables this process drives (holds the lease of).",
                sum(1 for t in live if t.lease_until > self.driver.clock()),
            ),
        )
        for name, text, value in gauges:
            gauge = GaugeMetricFamily(name, text)
            gauge.add_metric([], value)
            yield gauge
