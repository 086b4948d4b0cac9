"""play a game against bots in the terminal

Play a whole game of Tarot ascenseur against bots, full screen or line by line (--plain). The
game is saved after every move in {db}, with the browser's games (set {data_dir_env} to save
elsewhere); --resume goes on with the last unfinished one.
"""

from __future__ import annotations

import argparse
import getpass
import io
import sys
from pathlib import Path

from ascenseur.bots import REGISTRY
from ascenseur.commands.launch import CommandLine, command_line
from ascenseur.commands.options import add_lang_option, language, seconds
from ascenseur.commands.rules import add_rule_options, given_rule_options, rules_of
from ascenseur.core.cards import Language
from ascenseur.core.errors import RulesError
from ascenseur.review import DEFAULT_JOBS
from ascenseur.session import Session, default_bot
from ascenseur.userdata import open_db

LATEST = "latest"
#: Seconds between the bots' moves on the full screen, unless --pace says otherwise.
PACE = 0.6


NAME = "play"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bots",
        default=None,
        help="bot level for every other seat, or one per seat separated by commas "
        f"({', '.join(sorted(REGISTRY))}; default {default_bot()})",
    )
    parser.add_argument("--name", default=None, help="your name at the table")
    parser.add_argument("--seed", type=int, default=None, help="random seed (a reproducible game)")
    add_lang_option(parser)
    parser.add_argument(
        "--plain", action="store_true", help="line by line, without the full-screen interface"
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const=LATEST,
        default=None,
        metavar="GAME",
        help="go on with a saved game: the last unfinished one, the table GAME, or the game "
        "of a record FILE, with its own rules and bots",
    )
    parser.add_argument(
        "--pace",
        type=seconds,
        default=None,
        help=f"seconds between the bots' moves ({PACE}; with --plain: 0)",
    )
    parser.add_argument(
        "--pause",
        type=seconds,
        default=None,
        help="seconds a finished trick stays before play goes on (default: until a key; "
        "with --plain: 0)",
    )
    parser.add_argument(
        "--bell", action="store_true", help="ring the terminal's bell when it is your turn"
    )
    parser.add_argument(
        "--auto-play",
        action="store_true",
        help="play your card for you when only one card may be played",
    )
    add_rule_options(parser)


def default_name(lang: Language) -> str:
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        name = ""
    return name or ("Vous" if lang == "fr" else "You")


def open_session(args: argparse.Namespace, lang: Language) -> Session:
    """A new game from the options, or the saved game ``--resume`` names."""
    if args.resume is not None:
        given = given_rule_options(args)
        if given:
            raise RulesError(
                "--resume goes on with the saved game under its own rules: "
                f"give no {', '.join(given)}"
            )
        db = open_db()
        if args.resume == LATEST:
            return Session.resume(db)
        path = Path(args.resume)
        if path.suffix == ".json" or path.is_file():
            return Session.import_record(db, path)
        return Session.resume(db, args.resume)
    rules = rules_of(args, table=True)
    db = open_db()
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else [default_bot()]
    name = args.name if args.name is not None else default_name(lang)
    return Session.start(rules, name, bots, seed=args.seed, db=db)


def resume_command(session: Session, command: CommandLine = command_line) -> str:
    """The command that goes on with the session's game, as it can be typed here."""
    return command(["play", "--resume", session.table.id])


def run(args: argparse.Namespace) -> int:
    lang = language(args.lang)
    session = open_session(args, lang)
    if args.plain:
        from ascenseur.tui.plain import PlainGame

        if isinstance(sys.stdin, io.TextIOWrapper):
            # Bytes that are not text in the locale's encoding are read as U+FFFD, then
            # refused like any other bad answer, rather than ending the game.
            sys.stdin.reconfigure(errors="replace")
        game = PlainGame(
            session,
            lang,
            sys.stdin,
            sys.stdout,
            bell=args.bell,
            auto_play=args.auto_play,
            pace=args.pace or 0,
            pause=args.pause or 0,
            command=command_line,
            review_jobs=DEFAULT_JOBS,
        )
        return game.run()
    from ascenseur.text.messages import tr
    from ascenseur.tui.app import PlayApp, PlayOptions

    notices = [tr(lang, "resumed", path=session.path)] if args.resume is not None else []
    for seat, (wanted, used) in sorted(session.replaced.items()):
        notices.append(tr(lang, "bot_replaced", wanted=wanted, used=used, seat=seat))
    notice = "\n".join(notices)
    options = PlayOptions(
        lang=lang,
        pace=PACE if args.pace is None else args.pace,
        pause=args.pause,
        notice=notice,
        bell=args.bell,
        auto_play=args.auto_play,
    )
    app = PlayApp(session, options)
    app.run()
    session = app.session  # a rematch's, after one
    print(tr(lang, "saved_in", path=session.path))
    if not session.state.is_terminal():
        print(tr(lang, "resume_with", command=resume_command(session)))
    return 0
