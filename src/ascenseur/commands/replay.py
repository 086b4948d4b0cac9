"""``ascenseur replay FILE``: step through a game record, or list it with ``--plain``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ascenseur.commands.play import language


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay",
        help="step through a recorded game, every hand shown",
        description="Step through an ascenseur-record/1 file deal by deal and trick by trick, "
        "forwards and backwards, with every hand shown; --plain lists it as text.",
    )
    parser.add_argument("file", metavar="FILE", help="a game record")
    parser.add_argument("--plain", action="store_true", help="list the game as text and exit")
    parser.add_argument("--lang", choices=("en", "fr"), default=None, help="language (from $LANG)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ascenseur.timeline import Timeline, listing

    lang = language(args.lang)
    timeline, seats = Timeline.load(Path(args.file))
    if args.plain:
        for line in listing(timeline, seats, lang):
            print(line)
        return 0
    from ascenseur.tui.replay_app import ReplayApp

    ReplayApp(timeline, seats, lang).run()
    return 0
