"""write a game of this machine as a record (for check, replay, play --resume)

Write a game of the local database ({db}; set {data_dir_env} for another) as an
ascenseur-record/1 file, the one ascenseur check, ascenseur replay and ascenseur play --resume
FILE read: the same as the browser's download, with the commitment of every finished fair
deal. Any game there may be exported, the terminal's and the browser's, finished or not (an
unfinished game's record shows the hands of the deal in play: it is for its owner). Without
TABLE or --last, lists the games there are.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ascenseur.core.errors import AscenseurError
from ascenseur.files import write_text_atomic
from ascenseur.tables.sqlite import SqliteDatabase
from ascenseur.tables.table import Table
from ascenseur.userdata import (
    db_path,
    load_table,
    open_db,
    record_name,
    record_text,
    tables_listing,
)

NAME = "export"


def add_options(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument("table", nargs="?", metavar="TABLE", help="the game's id")
    which.add_argument("--last", action="store_true", help="the game played most recently")
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default=None,
        help="where to write it (default: ascenseur-TABLE.json here; - for standard output)",
    )


def run(args: argparse.Namespace) -> int:
    path = db_path()
    if not path.exists():  # reading must not create an empty database
        raise AscenseurError(f"there is no game on this machine yet ({path} does not exist)")
    db = open_db(path)
    try:
        table = _chosen(db, args)
        text = record_text(table)
    finally:
        db.close()
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    out = Path(args.output) if args.output else Path(record_name(table.id))
    if out.is_dir():
        out /= record_name(table.id)
    write_text_atomic(out, text)
    print(f"the record of {table.id} ({_progress(table)}) is in {out}")
    return 0


def _chosen(db: SqliteDatabase, args: argparse.Namespace) -> Table:
    """The table ``TABLE`` or ``--last`` names; without either, a refusal listing them."""
    if args.table is not None:
        return load_table(db, args.table)
    latest = db.latest()
    if args.last and latest:
        return load_table(db, latest[0].id)
    if args.last:
        raise AscenseurError(tables_listing(db), code="no-table")
    raise AscenseurError(
        f"name the game to export, or give --last; {tables_listing(db)}", code="no-table"
    )


def _progress(table: Table) -> str:
    state = table.state
    played = f"{len(state.results)} of {table.rules.deal_count} deals played"
    return played + (", over" if state.is_terminal() else ", unfinished")
