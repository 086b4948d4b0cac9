"""validate and score game records and score sheets, and validate reviews

Validate ascenseur-record/1 files (whole games) and ascenseur-scoresheet/1 files (bids and
tricks of games played with real cards) and score them, and validate ascenseur-review/1 files
(game reviews; given with records, a review must name one of them by digest): one JSON line
per file, naming it in "file". Exit status 0 when all are valid, 1 when any is invalid, 2 when
a file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ascenseur.core import record, scoresheet
from ascenseur.review import format as review_format
from ascenseur.review.checks import check_review, digest_of_record

NAME = "check"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="record file, or - for stdin")


def verdict(data: bytes, records: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The verdict on one file's bytes: a score sheet or a review when it says so, else a
    record; ``records``: the digests of the records checked alongside, to their file names
    (a review must name one of them, when there are some)."""
    head = _format(data)
    if head == scoresheet.FORMAT:
        return scoresheet.check(data)
    if head == review_format.FORMAT:
        return check_review(data, records or {})
    return record.check(data)


def _format(data: bytes) -> object:
    try:
        head = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return head.get("format") if isinstance(head, dict) else None


def run(args: argparse.Namespace) -> int:
    status = 0
    contents = []
    unreadable = None
    # Every file is read first (a review is matched against the records given with it); the
    # verdicts of the files before one that cannot be read are still printed.
    for name in args.files:
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as err:
            unreadable = f"ascenseur check: cannot read {name}: {err.strerror or err}"
            break
        contents.append((name, data))
    records: dict[str, str] = {}
    if any(_format(data) == review_format.FORMAT for _, data in contents):
        for name, data in contents:
            if _format(data) == record.FORMAT:
                digest = digest_of_record(data)
                if digest is not None:
                    records.setdefault(digest, name)
    for name, data in contents:
        result = {"file": name} | verdict(data, records)
        if not result["valid"]:
            status = 1
        print(json.dumps(result))  # ASCII: safe on any terminal encoding
    if unreadable is not None:
        print(unreadable, file=sys.stderr)
        return 2
    return status
