"""Game files: records read with their faults located, written so that a crash never leaves
a half-written one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ascenseur.core.errors import RecordError
from ascenseur.core.record import parse_json, replay
from ascenseur.core.state import GameState


def read_record(path: Path) -> tuple[GameState, tuple[str, ...] | None]:
    """Read and replay the record in ``path``: the state it reaches and its seat names.

    Raises :class:`RecordError`, naming the file, if there is none, if it cannot be read or
    if it is not a valid record.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"there is no record file {path}", code="no-file") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}", code="unreadable") from None
    try:
        data = parse_json(raw)
    except RecordError as err:
        raise RecordError(f"{path} is not a game record: {err}", code=err.code) from None
    try:
        return replay(data)
    except RecordError as err:
        raise RecordError(f"{path}: {err}", code=err.code) from None


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once: a temporary file beside it, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
