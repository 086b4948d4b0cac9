"""What every HTTP response and request of the app goes through, as plain ASGI middleware (it
leaves websockets alone, and sees the responses Starlette makes of an error too).

* :class:`SecureHeaders` — every response carries the page's Content Security Policy (no
  other site may frame any of it: ``frame-ancestors 'none'``), ``X-Content-Type-Options:
  nosniff`` and a ``Referrer-Policy``: the page, its files, the API, a 404 and a 500 alike.
* :class:`BodyLimit` — a request body longer than :data:`MAX_BODY_BYTES` is refused with 413
  as soon as that is known: from its ``Content-Length`` before a byte is read, or while it
  arrives, counted chunk by chunk (nothing more is read past the limit).
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The page loads nothing from anywhere but this server, and no other site may frame it.
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),  # for browsers older than frame-ancestors
)
#: The longest request body read (the longest the app takes: a score sheet, 64 KiB).
MAX_BODY_BYTES = 65_536


class HttpMiddleware:
    """ASGI middleware of HTTP requests: a subclass handles each in :meth:`http`; the rest
    (websockets, the lifespan) goes to ``app`` untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class SecureHeaders(HttpMiddleware):
    """Adds :data:`HEADERS` to every HTTP response (replacing any of the same name)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in HEADERS}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": [*kept, *HEADERS]}
            await send(message)

        await self.app(scope, receive, secured)


class BodyLimit(HttpMiddleware):
    """Refuses, with 413 and a typed error, a request body longer than ``limit`` bytes.

    The body is read here, chunk by chunk, before the app sees it (at most ``limit`` bytes
    are held), then handed to the app whole: past the limit, nothing more is read."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        super().__init__(app)
        self.limit = limit

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        read = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its body was whole: no one to answer
            chunk = message.get("body", b"")
            read += len(chunk)
            if read > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks)}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()  # then only a disconnect comes

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "type": "error",
                "code": "too-large",
                "message": f"The request is longer than {self.limit} bytes.",
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
