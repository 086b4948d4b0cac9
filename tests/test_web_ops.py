"""What an operator and a load balancer see: /healthz, /readyz and Prometheus's /metrics."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from web_helpers import Client, make_app, service_of


def metric(text: str, name: str) -> float:
    """The value of the unlabelled sample ``name`` in Prometheus's text format."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"no sample {name}")


def test_health_and_readiness(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.sqlite3")
    with TestClient(app) as http:
        health = http.get("/healthz")
        assert health.status_code == 200 and health.json()["status"] == "ok"
        assert health.json()["process"] == service_of(app).driver.holder
        ready = http.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"

        async def broken() -> None:
            raise OSError("the database is gone")

        service_of(app).driver.store.ping = broken  # type: ignore[method-assign]
        gone = http.get("/readyz")
        assert gone.status_code == 503 and gone.json()["error"] == "OSError"
        assert http.get("/healthz").status_code == 200  # up, not ready


def test_metrics_count_actions_connections_and_bot_moves(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "t.sqlite3")) as http:
        before = http.get("/metrics").text
        assert metric(before, "ascenseur_connections") == 0
        with http.websocket_connect("/ws") as ws:
            client = Client(ws)
            client.new_game()
            view = client.until(lambda m: m["type"] == "state" and m["view"]["legal_bids"])
            client.answer(client.send(type="bid", value=view["view"]["legal_bids"][0],
                                      state=view["view"]["state"]))  # fmt: skip
            client.until(
                lambda m: m["type"] == "state" and None not in m["view"]["bids"]
            )  # every bot has bid too
            during = http.get("/metrics").text
            assert metric(during, "ascenseur_connections") == 1
            assert metric(during, "ascenseur_live_tables") == 1
            assert metric(during, "ascenseur_commits_total") >= 2
            assert 'ascenseur_action_seconds_count{kind="bid"} 1.0' in during
            assert metric(during, "ascenseur_bot_moves_total") >= 1
        after = http.get("/metrics").text
        assert metric(after, "ascenseur_connections") == 0


def test_json_logs_are_one_object_per_line_with_the_exception() -> None:
    import json
    import logging
    import sys

    from ascenseur.web.logs import JsonFormatter

    try:
        raise ValueError("bad table")
    except ValueError:
        record = logging.getLogger("ascenseur.tables").makeRecord(
            "ascenseur.tables", logging.ERROR, "f", 1, "table %s failed", ("t1",), sys.exc_info()
        )
    line = JsonFormatter().format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["level"] == "error" and parsed["logger"] == "ascenseur.tables"
    assert parsed["message"] == "table t1 failed"
    assert "ValueError: bad table" in parsed["exception"]
