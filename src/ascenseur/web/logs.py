"""How ``ascenseur serve`` logs: plain lines for a person, or one JSON object per line
(``--log-format json``) for a log collector: time, level, logger, message, and the
traceback of an exception, each in its own field."""

from __future__ import annotations

import json
import logging
import sys
import time

FORMATS = ("text", "json")


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
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(fmt: str, level: int = logging.WARNING) -> None:
    """Send every logger's records (the server's, uvicorn's) to standard error in ``fmt``."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
