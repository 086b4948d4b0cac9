"""``ascenseur check FILE…``: validate and score game records."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ascenseur.core.record import check


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "check",
        help="validate and score game records",
        description="Validate ascenseur-record/1 files and score them: one JSON line per file. "
        "Exit status 0 when all are valid, 1 when any is invalid, 2 when a file cannot be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="record file, or - for stdin")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as err:
            print(f"ascenseur check: cannot read {name}: {err.strerror or err}", file=sys.stderr)
            return 2
        result = check(data)
        if not result["valid"]:
            status = 1
        print(json.dumps(result))  # ASCII: safe on any terminal encoding
    return status
