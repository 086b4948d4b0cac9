"""The web application: the page and its assets, a small JSON API, and the game websocket.

Routes:

* ``/`` — the page (``static/index.html``); ``/static/…`` its scripts, styles and icons.
* ``/api/protocol.json`` — the JSON Schema of the protocol.
* ``/api/words/{en|fr}`` — the page's words; ``/api/bots`` — the bot levels.
* ``/api/games`` — the history (the ``X-Ascenseur-Player`` header marks your seats).
* ``/api/games/{id}/record`` and ``/api/games/{id}/replay`` — a finished game's record and
  its step-by-step replay (every hand in them, so not before the game is over).
* ``/ws`` — the game itself, in the messages of :mod:`ascenseur.web.protocol`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ascenseur.bots import REGISTRY
from ascenseur.core.cards import Language
from ascenseur.core.record import dumps
from ascenseur.session import default_bot
from ascenseur.web.history import game_list, replay
from ascenseur.web.protocol import PlayerToken
from ascenseur.web.schema import schema
from ascenseur.web.service import Connection, GameService, Settings
from ascenseur.web.storage import Store
from ascenseur.web.thinking import process_pool
from ascenseur.web.words import catalogue, web_tr

STATIC = Path(__file__).parent / "static"
#: The page loads nothing from anywhere but this server.
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
PLAYER_HEADER = "x-ascenseur-player"
_token_check = msgspec.json.Decoder(PlayerToken)


def create_app(
    db: Path | str,
    *,
    settings: Settings | None = None,
    executor: Callable[[], Executor] | None = None,
) -> Starlette:
    """The app over the database ``db``; bots think in ``executor()`` (default: 2 processes)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db)
        pool = executor() if executor is not None else process_pool(2)
        service = GameService(store, pool, settings)
        try:
            await service.start()
            app.state.service = service
            yield
        finally:
            await service.stop()
            pool.shutdown(wait=True, cancel_futures=True)
            store.close()

    routes = [
        Route("/", page),
        Route("/api/protocol.json", protocol_schema),
        Route("/api/words/{lang}", words),
        Route("/api/bots", bots),
        Route("/api/games", games),
        Route("/api/games/{game}/record", record),
        Route("/api/games/{game}/replay", game_replay),
        WebSocketRoute("/ws", play_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes, lifespan=lifespan, middleware=[Middleware(GZipMiddleware, minimum_size=2048)]
    )


def _service(scope_owner: Request | WebSocket) -> GameService:
    return cast(GameService, scope_owner.app.state.service)


def _lang(request: Request) -> Language:
    return "fr" if request.query_params.get("lang") == "fr" else "en"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def _json(value: object) -> Response:
    return Response(msgspec.json.encode(value), media_type="application/json")


async def page(request: Request) -> Response:
    response = FileResponse(STATIC / "index.html")
    response.headers["content-security-policy"] = CSP
    response.headers["cache-control"] = "no-cache"
    return response


async def protocol_schema(request: Request) -> Response:
    return JSONResponse(schema())


async def words(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in ("en", "fr"):
        return _error(404, "no-language", f"the page speaks en and fr, not {lang!r}")
    return JSONResponse(catalogue(lang))


async def bots(request: Request) -> Response:
    return JSONResponse({"bots": sorted(REGISTRY), "default": default_bot()})


async def games(request: Request) -> Response:
    player = request.headers.get(PLAYER_HEADER)
    try:
        token = _token_check.decode(msgspec.json.encode(player)) if player else None
    except msgspec.ValidationError:
        token = None
    return _json(game_list(_service(request).store, token, _lang(request)))


async def record(request: Request) -> Response:
    table = _service(request).table(request.path_params["game"])
    lang = _lang(request)
    if table is None:
        game = request.path_params["game"]
        return _error(404, "no-game", web_tr(lang, "no_game", game=game))
    if not table.is_over:
        return _error(403, "game-not-over", web_tr(lang, "game_not_over"))
    name = f"ascenseur-{table.id}.json"
    return Response(
        dumps(table.record()),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def game_replay(request: Request) -> Response:
    service = _service(request)
    game = request.path_params["game"]
    lang = _lang(request)
    table = service.table(game)
    stored = service.store.load(game) if table is not None else None
    if table is None or stored is None:
        return _error(404, "no-game", web_tr(lang, "no_game", game=game))
    if not table.is_over:
        return _error(403, "game-not-over", web_tr(lang, "game_not_over"))
    return _json(await asyncio.to_thread(replay, stored, lang))


def _same_origin(websocket: WebSocket) -> bool:
    """Whether the page that opens the socket comes from this server (or from no page)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


async def play_socket(websocket: WebSocket) -> None:
    if not _same_origin(websocket):
        await websocket.close(code=1008)  # another site's page may not play for you
        return
    await websocket.accept()
    service = _service(websocket)
    conn = Connection()
    writer = asyncio.create_task(_write(websocket, conn))
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes")
            if data is not None:
                await service.handle(conn, data)
    except WebSocketDisconnect:
        pass
    finally:
        service.detach(conn)
        with contextlib.suppress(Exception):
            await writer


async def _write(websocket: WebSocket, conn: Connection) -> None:
    while True:
        data = await conn.outbox.get()
        if data is None:
            break
        try:
            await websocket.send_text(data.decode())
        except Exception:
            conn.close()
            break
    with contextlib.suppress(Exception):
        await websocket.close()
