"""The web application: the page and its assets, a small JSON API, and the game websocket.

Routes:

* ``/`` — the page (``static/index.html``); ``/static/…`` its scripts, styles and icons
  (the page itself is served at ``/`` only).
* ``/api/protocol.json`` — the JSON Schema of the protocol.
* ``/api/words/{en|fr}`` — the page's words; ``/api/bots`` — the bot levels.
* ``POST /api/tables/mine`` — the tables of the seat tokens this browser holds (a body
  ``{"tables": [{"table": ID, "token": TOKEN}, …]}``): there is no list of everyone's games.
* ``GET /api/invite/{code}`` — who sits at the table an invite code opens.
* ``POST /api/tables/{id}/record`` and ``…/replay`` — a finished table's record and its
  step-by-step replay (every hand in them), for the people seated there (``{"token": …}``).
* ``POST /api/tables/{id}/review`` — the game review of the asker's own seat there, or how
  far it has got (:mod:`ascenseur.web.reviews`).
* ``POST /api/scoresheet`` — a score sheet of a game with real cards
  (``ascenseur-scoresheet/1``, :mod:`ascenseur.core.scoresheet`) as the rules read it: each
  deal's points and running totals, what comes next (whose bid, which bids the hook allows),
  or its first fault in a sentence. Stateless: the page keeps the sheet.
* ``/api/rules/{en|fr}`` — the rules page's text and examples, computed by the core
  (:mod:`ascenseur.web.howto`).
* ``GET /api/rules`` — what a table's rule set may be (presets, scoring tables, schedule
  shapes, bidding modes, limits: :class:`~ascenseur.web.protocol.RulesCatalogue`), from the
  core's own data.
* ``/ws`` — the game itself, in the messages of :mod:`ascenseur.web.protocol`.

Every HTTP response carries the page's security headers, and no request body is read past
64 KiB (:mod:`ascenseur.web.guard`).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
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
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ascenseur.bots import PLAYER_BOTS
from ascenseur.core import scoresheet
from ascenseur.core.cards import Language
from ascenseur.core.errors import RulesError
from ascenseur.core.record import dumps
from ascenseur.core.rules import Rules
from ascenseur.tables.driver import Driver, Settings
from ascenseur.tables.live import LiveTable
from ascenseur.tables.stores import open_store, unavailable
from ascenseur.tables.table import default_bot, table_record
from ascenseur.tables.thinking import bot_workers, process_pool
from ascenseur.tables.tokens import digest
from ascenseur.web.connection import Connection
from ascenseur.web.guard import BodyLimit, HttpMiddleware, SecureHeaders
from ascenseur.web.history import table_list, table_replay
from ascenseur.web.howto import rules_page
from ascenseur.web.ops import ops_routes
from ascenseur.web.protocol import GameId, Token
from ascenseur.web.reviews import Reviewer, ReviewSettings, review_directory, review_response
from ascenseur.web.schema import schema
from ascenseur.web.service import GameService, Limits
from ascenseur.web.wire import rules_catalogue
from ascenseur.web.words import catalogue, sheet_error, web_tr

STATIC = Path(__file__).parent / "static"
#: The page's one address is ``/``: its file is not served again under ``/static``.
PAGE_FILE = "index.html"
#: The most seat tokens one browser may ask about at once (the page sends its last 500); they
#: are looked up in one query of the store.
MAX_LISTED = 500


class _Held(msgspec.Struct):
    table: GameId
    token: Token


class _Mine(msgspec.Struct):
    tables: list[_Held]


class _Proof(msgspec.Struct):
    token: Token


def create_app(
    db: Path | str,
    *,
    settings: Settings | None = None,
    limits: Limits | None = None,
    executor: Callable[[], Executor] | None = None,
    durable: bool = True,
    adopt: tuple[str, Path] | None = None,
    reviews: ReviewSettings | None = None,
) -> Starlette:
    """The app over the database ``db``; bots think in ``executor()`` (default: worker
    processes, one per core but one); game reviews as ``reviews`` says (default: in a pool
    of their own at the lowest priority, kept beside the database).

    ``adopt``: a one-time code and the terminal's file of seat tokens — the browser that shows
    the code (``#/adopt/CODE``, printed by ``ascenseur serve``) takes up the terminal's games.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await open_store(db, durable=durable)
        pool = executor() if executor is not None else process_pool(bot_workers())
        driver = Driver(store, pool, settings)
        service: GameService | None = None
        reviewer = app.state.reviewer = Reviewer(reviews or ReviewSettings(), review_directory(db))
        try:
            await driver.start()
            service = app.state.service = GameService(driver, limits)
            service.start()
            app.state.adopt = list(adopt) if adopt is not None else None
            yield
        finally:
            if service is not None:
                await service.stop()
            await reviewer.close()
            await driver.stop()
            pool.shutdown(wait=True, cancel_futures=True)
            await store.close()

    routes = [
        Route("/", page),
        Route("/api/protocol.json", protocol_schema),
        Route("/api/words/{lang}", words),
        Route("/api/bots", bots),
        Route("/api/tables/mine", mine, methods=["POST"]),
        Route("/api/invite/{code}", invite),
        Route("/api/adopt", adopt_seats, methods=["POST"]),
        Route("/api/tables/{table}/record", record, methods=["POST"]),
        Route("/api/tables/{table}/replay", table_replay_route, methods=["POST"]),
        Route("/api/tables/{table}/review", table_review, methods=["POST"]),
        Route("/api/scoresheet", score_sheet, methods=["POST"]),
        Route("/api/rules", rules_catalogue_route),
        Route("/api/rules/{lang}", rules),
        WebSocketRoute("/ws", play_socket),
        *ops_routes(),
        Mount("/static", _Assets(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(GZipMiddleware, minimum_size=2048), Middleware(_Outages)]
    return _App(routes=routes, lifespan=lifespan, middleware=middleware)


class _Outages(HttpMiddleware):
    """An HTTP request that fails because the storage does not answer gets 503 and the
    sentence the tables get (``storage-unavailable``), and the log one line, not a
    traceback per request."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as err:
            if started or not unavailable(err):
                raise
            service = getattr(scope["app"].state, "service", None)
            if isinstance(service, GameService):
                service.storage_failed(err)
            lang: Language = "fr" if b"lang=fr" in scope.get("query_string", b"") else "en"
            text = web_tr(lang, "storage_down")
            await _error(503, "storage-unavailable", text)(scope, receive, send)


class _App(Starlette):
    """Starlette with :mod:`~ascenseur.web.guard` around everything — outside even the
    middleware that turns an exception into a 500, so that response has the headers too."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecureHeaders(BodyLimit(super().build_middleware_stack()))


class _Assets(StaticFiles):
    """The page's files, but not the page: served at ``/static/index.html`` it would be a
    second address of the app."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.get_path(scope).lstrip("/") == PAGE_FILE:
            response = _error(404, "not-found", "the page is at /")
            await response(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def _service(scope_owner: Request | WebSocket) -> GameService:
    return cast(GameService, scope_owner.app.state.service)


def _lang(request: Request) -> Language:
    return "fr" if request.query_params.get("lang") == "fr" else "en"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def _json(value: object) -> Response:
    return Response(msgspec.json.encode(value), media_type="application/json")


async def page(request: Request) -> Response:
    response = FileResponse(STATIC / PAGE_FILE)
    response.headers["cache-control"] = "no-cache"
    return response


async def protocol_schema(request: Request) -> Response:
    return JSONResponse(schema())


async def words(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in ("en", "fr"):
        return _error(404, "no-language", f"the page speaks en and fr, not {lang!r}")
    return JSONResponse(catalogue(lang))


#: The longest ``?rules=`` a rules page reads (a rule set's JSON is a few hundred bytes).
_RULES_QUERY_LIMIT = 4096


async def rules(request: Request) -> Response:
    """The rules page; with ``?rules=`` (a table's rule set, the record's ``rules`` JSON), the
    page for that table, its examples computed under its rules."""
    lang = request.path_params["lang"]
    if lang not in ("en", "fr"):
        return _error(404, "no-language", f"the page speaks en and fr, not {lang!r}")
    text = request.query_params.get("rules")
    if text is None:
        return JSONResponse(rules_page(lang))
    if len(text) > _RULES_QUERY_LIMIT:
        return _error(400, "bad-rules", f"the rules are longer than {_RULES_QUERY_LIMIT} bytes")
    try:
        table_rules = Rules.from_text(text)
    except RulesError as err:
        return _error(400, "bad-rules", err.message)
    except RecursionError:  # 4 KB of [[[[…
        return _error(400, "bad-rules", "the rules are nested too deep")
    return JSONResponse(rules_page(lang, table_rules))


async def rules_catalogue_route(request: Request) -> Response:
    return _json(rules_catalogue())


async def bots(request: Request) -> Response:
    # The levels people play against, weakest first (a declared property of each bot).
    return JSONResponse({"bots": list(PLAYER_BOTS), "default": default_bot()})


async def _body(request: Request, kind: type[msgspec.Struct]) -> object | None:
    """The body read as ``kind``, or None (the guard has refused one longer than 64 KiB)."""
    try:
        return msgspec.json.decode(await request.body(), type=kind)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


async def mine(request: Request) -> Response:
    """The tables of the seat tokens the body holds: limited per address, and looked up in one
    query of the store however many there are (no table is loaded)."""
    lang = _lang(request)
    service = _service(request)
    if not service.listings.allow(_address(request), time.monotonic()):
        return _error(429, "rate-limited", web_tr(lang, "too_many_lists"))
    body = await _body(request, _Mine)
    if not isinstance(body, _Mine) or len(body.tables) > MAX_LISTED:
        return _error(400, "bad-request", web_tr(lang, "bad_list", most=MAX_LISTED))
    store = service.driver.store
    seats = await store.seats_held([(held.table, digest(held.token)) for held in body.tables])
    summaries = await store.summaries(list(seats))
    return _json(table_list(summaries, seats, lang))


class _Code(msgspec.Struct):
    code: Token


async def adopt_seats(request: Request) -> Response:
    """The terminal's seat tokens, once, for the one-time code ``ascenseur serve`` printed."""
    from ascenseur.userdata import local_seats

    lang = _lang(request)
    body = await _body(request, _Code)
    held = request.app.state.adopt
    if not isinstance(body, _Code) or not held or not secrets.compare_digest(held[0], body.code):
        return _error(403, "bad-code", web_tr(lang, "bad_adopt"))
    request.app.state.adopt = None  # used up
    return JSONResponse({"tables": local_seats(held[1])})


async def invite(request: Request) -> Response:
    lang = _lang(request)
    service = _service(request)
    code = request.path_params["code"]
    if not await service.admit_invite(_address(request)):  # counted with the socket's tries
        return _error(429, "rate-limited", web_tr(lang, "too_many_invites"))
    table_id = await service.driver.store.table_of_invite(code) if len(code) <= 16 else None
    live = await service.driver.open(table_id) if table_id is not None else None
    if live is None:
        return _error(404, "no-table", web_tr(lang, "no_invite"))
    table = live.table
    return JSONResponse(
        {
            "table": table.id,
            "players": table.rules.players,
            "max_cards": table.rules.max_cards,
            "hook": table.rules.hook,
            "rules": table.rules.to_json(),
            "names": [seat.name if seat.is_person else None for seat in table.seats],
            "open": [seat.is_open for seat in table.seats],
            "started": table.started,
            "spectators": table.created.spectators,
        }
    )


async def _seated(request: Request) -> tuple[LiveTable, Language] | Response:
    """The finished table a seated person asks for, or the error response."""
    lang = _lang(request)
    body = await _body(request, _Proof)
    live = await _service(request).driver.open(request.path_params["table"])
    if live is None or not isinstance(body, _Proof) or live.seat_of(body.token) is None:
        return _error(403, "bad-token", web_tr(lang, "bad_token"))
    if not live.table.is_over:
        return _error(403, "game-not-over", web_tr(lang, "game_not_over"))
    return live, lang


async def record(request: Request) -> Response:
    found = await _seated(request)
    if isinstance(found, Response):
        return found
    table = found[0].table
    name = f"ascenseur-{table.id}.json"
    return Response(
        dumps(table_record(table)),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def table_replay_route(request: Request) -> Response:
    found = await _seated(request)
    if isinstance(found, Response):
        return found
    live, lang = found
    return _json(await asyncio.to_thread(table_replay, live.table, lang))


async def table_review(request: Request) -> Response:
    found = await _seated(request)
    if isinstance(found, Response):
        return found
    live, lang = found
    reviewer = cast(Reviewer, request.app.state.reviewer)
    body = await request.body()
    return await review_response(reviewer, live, body, _address(request), lang)


#: The longest score sheet read (a 10-player sheet of 13 deals is about 3 kB).
MAX_SHEET_BYTES = 65_536


async def score_sheet(request: Request) -> Response:
    """A score sheet as the rules read it (:func:`ascenseur.core.scoresheet.evaluate`); a
    fault's sentence in the page's language."""
    lang = _lang(request)
    data = await request.body()
    if len(data) > MAX_SHEET_BYTES:
        return _error(413, "too-large", web_tr(lang, "too_large", detail=len(data)))
    try:
        sheet = msgspec.json.decode(data)
    except msgspec.DecodeError as err:
        return _error(400, "bad-json", web_tr(lang, "bad_json", detail=err))
    except RecursionError:
        return _error(400, "too-deep", web_tr(lang, "too_deep", detail="[[[["))
    result = await asyncio.to_thread(scoresheet.evaluate, sheet)
    if not result["valid"]:  # a fault in the sheet is an answer, not a failed request
        result["error"]["message"] = sheet_error(lang, result["error"], sheet)
    return JSONResponse(result)


#: The scheme of the page that may open a socket of each scheme.
PAGE_SCHEME = {"ws": "http", "wss": "https"}


def _same_origin(websocket: WebSocket) -> bool:
    """Whether the page that opens the socket comes from this server (or from no page): the
    same host and port, and the same scheme (an ``https`` page for a ``wss`` socket — behind
    a proxy that ends TLS, the proxy says so in ``X-Forwarded-Proto``, trusted with
    ``serve --trust-proxy``)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    page = urlsplit(origin)
    scheme = PAGE_SCHEME.get(websocket.url.scheme)
    return page.scheme == scheme and page.netloc == websocket.headers.get("host")


async def play_socket(websocket: WebSocket) -> None:
    if not _same_origin(websocket):
        await websocket.close(code=1008)  # another site's page may not play for you
        return
    await websocket.accept()
    service = _service(websocket)
    conn = service.connection(websocket.client.host if websocket.client else "?")
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
        await websocket.close(code=conn.close_code)
