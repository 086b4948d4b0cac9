"""``ascenseur check FILE…``: validate and score game records and score sheets."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ascenseur.core import record, scoresheet


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "check",
        help="validate and score game records and score sheets",
        description="Validate ascenseur-record/1 files (whole games) and "
        "ascenseur-scoresheet/1 files (bids and tricks of games played with real cards) and "
        'score them: one JSON line per file, naming it in "file". Exit status 0 when all '
        "are valid, 1 when any is invalid, 2 when a file cannot be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="record file, or - for stdin")
    parser.set_defaults(run=run)


def verdict(data: bytes) -> dict[str, Any]:
    """The verdict on one file's bytes: a score sheet when it says so, else a record."""
    try:
        head = json.loads(data)
    except (ValueError, RecursionError):
        head = None
    if isinstance(head, dict) and head.get("format") == scoresheet.FORMAT:
        return scoresheet.check(data)
    return record.check(data)


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as err:
            print(f"ascenseur check: cannot read {name}: {err.strerror or err}", file=sys.stderr)
            return 2
        result = {"file": name} | verdict(data)
        if not result["valid"]:
            status = 1
        print(json.dumps(result))  # ASCII: safe on any terminal encoding
    return status
