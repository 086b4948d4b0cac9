"""The routes an operator and a load balancer use: health, readiness, metrics.

``GET /healthz``: the process is up (200, with its id among the processes sharing the
store, and its tables); ``GET /readyz``: it can serve — started, and its storage answers
(200, else 503: a load balancer sends no one there); ``GET /metrics``: Prometheus's text.
"""

from __future__ import annotations

import asyncio
from typing import cast

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ascenseur.web.metrics import Metrics
from ascenseur.web.service import GameService

#: How long the storage may take to answer a readiness probe.
READY_SECONDS = 2.0


def _service(request: Request) -> GameService | None:
    return cast(GameService | None, getattr(request.app.state, "service", None))


async def healthz(request: Request) -> Response:
    service = _service(request)
    driver = service.driver if service is not None else None
    return JSONResponse(
        {
            "status": "ok",
            "process": driver.holder if driver is not None else None,
            "tables": len(driver.live) if driver is not None else 0,
        }
    )


async def readyz(request: Request) -> Response:
    service = _service(request)
    if service is None or not service.driver.started:
        return JSONResponse({"status": "starting"}, status_code=503)
    try:
        await asyncio.wait_for(service.driver.store.ping(), READY_SECONDS)
    except Exception as err:
        return JSONResponse(
            {"status": "storage unavailable", "error": type(err).__name__}, status_code=503
        )
    return JSONResponse({"status": "ready", "process": service.driver.holder})


async def metrics(request: Request) -> Response:
    service = _service(request)
    if service is None:
        return Response(status_code=503)
    return Response(service.metrics.text(), media_type="text/plain; version=0.0.4")


def ops_routes() -> list[Route]:
    return [Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", metrics)]


__all__ = ["Metrics", "ops_routes"]
