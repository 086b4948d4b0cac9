"""How ``ascenseur serve`` logs: plain lines for a person, or one JSON object per line
(``--log-format json``) for a log collector: time, level, logger, message, and the
traceback of an exception, each in its own field.

Every line goes through :class:`Redact` first: a seat's token, an invite or a transfer code,
a one-time link's code or a database password never reaches the log, whatever wrote it (the
messages themselves never print them: this is the second line of defence).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from typing import TextIO

FORMATS = ("text", "json")
HIDDEN = "<hidden>"

#: ``token='…'``, ``"invite": "…"``, ``code=…`` as a repr, JSON or a query writes them (a
#: ``code`` as long as a transfer code: an error's code, ``bad-token``, stays).
_FIELD = re.compile(
    r"""(?P<name>\b(?:token|invite|password)['"]?\s*[=:]\s*)(?P<quote>['"]?)"""
    r"""(?P<value>[A-Za-z0-9_.~+/=-]{4,})(?P=quote)"""
    r"""|(?P<cname>\bcode['"]?\s*[=:]\s*)(?P<cquote>['"]?)(?P<cvalue>[A-Za-z0-9_-]{16,})"""
    r"""(?P=cquote)"""
)
#: The codes in a link's path: ``/api/invite/CODE``, ``#/adopt/CODE``, ``#/transfer/CODE``.
_LINK = re.compile(r"(?P<name>/(?:invite|join|watch|adopt|transfer)/)(?P<value>[A-Za-z0-9_-]+)")
#: A password in a database URL: ``postgresql://user:PASSWORD@host``.
_URL_PASSWORD = re.compile(r"(?P<name>://[^/:@\s]*:)(?P<value>[^@/\s]+)(?=@)")


def redact(text: str) -> str:
    """``text`` with every secret it names replaced by :data:`HIDDEN`.

    >>> redact("message Resume(version=2, table='t1', token='rXeuAbCd0123456789') failed")
    "message Resume(version=2, table='t1', token='<hidden>') failed"
    >>> redact('{"type": "join", "invite": "65g3xyzw"} at /api/invite/65g3xyzw')
    '{"type": "join", "invite": "<hidden>"} at /api/invite/<hidden>'
    >>> redact("Claim(version=2, code='" + "b" * 43 + "') refused: code='bad-transfer'")
    "Claim(version=2, code='<hidden>') refused: code='bad-transfer'"
    >>> redact("postgresql://club:s3cret@db.example/ascenseur")
    'postgresql://club:<hidden>@db.example/ascenseur'
    """
    text = _FIELD.sub(_hide_field, text)
    text = _LINK.sub(lambda m: f"{m['name']}{HIDDEN}", text)
    return _URL_PASSWORD.sub(lambda m: f"{m['name']}{HIDDEN}", text)


def _hide_field(found: re.Match[str]) -> str:
    if found["name"] is not None:
        return f"{found['name']}{found['quote']}{HIDDEN}{found['quote']}"
    return f"{found['cname']}{found['cquote']}{HIDDEN}{found['cquote']}"


class Redact(logging.Filter):
    """Takes every secret out of a record's message and traceback (see :func:`redact`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        if record.exc_text:  # as Redact left it
            line["exception"] = record.exc_text
        elif record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False)


def formatter(fmt: str) -> logging.Formatter:
    if fmt == "json":
        return JsonFormatter()
    return logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")


def configure(fmt: str, level: int = logging.WARNING) -> None:
    """Send every logger's records (the server's, uvicorn's, Python's warnings) to standard
    error in ``fmt``, secrets taken out."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter(fmt))
    handler.addFilter(Redact())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        # Their own handlers (if anything set them) would write lines of another format.
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.captureWarnings(True)


def announce(fmt: str, message: str, *, stream: TextIO | None = None) -> None:
    """A line of ``serve`` for the person or the collector that started it (where it plays,
    why it cannot), on standard output (or ``stream``): as is, or as one JSON object."""
    if fmt == "json":
        level = logging.INFO if stream is None else logging.ERROR
        record = logging.LogRecord("ascenseur.serve", level, "", 0, message, None, None)
        print(JsonFormatter().format(record), file=stream or sys.stdout, flush=True)
    else:
        print(f"ascenseur: {message}", file=stream or sys.stdout, flush=True)
