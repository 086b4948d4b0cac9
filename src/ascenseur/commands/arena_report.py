"""what saved matches show: a sweep table, paired comparisons, times, hand sizes

Read the directories of saved matches (ascenseur arena … --out DIR), finished games only (a
match still running can be read), and print one view of them; without a view option, the
sweep table: a Markdown line per match.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ascenseur.arena import bidsums, paired, seatdeals, sweep, timing
from ascenseur.arena.saved import restore_deals
from ascenseur.commands.options import positive

VIEWS = ("paired", "times", "hand_sizes", "bids", "tables")


NAME = "report"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("matches", type=Path, nargs="+", metavar="DIR", help="match directory")
    view = parser.add_mutually_exclusive_group()
    view.add_argument(
        "--paired",
        action="store_true",
        help="the DIRs in pairs A B (A2 B2 …), each pair played on the same deals with the "
        "same seed: A minus B game by game, and all pairs pooled",
    )
    view.add_argument(
        "--times",
        action="store_true",
        help="the candidate's decision times: p50, p95, p99, share above 1 s, by hand size",
    )
    view.add_argument(
        "--hand-sizes",
        action="store_true",
        help="each match's difference by hand size, with exact, under and over bids",
    )
    view.add_argument(
        "--bids",
        action="store_true",
        help="the matches' difference (pooled, one table) by the candidate's bid below, equal "
        "to or above the reference's, in each third of the hand sizes",
    )
    view.add_argument(
        "--tables",
        action="store_true",
        help="missed bids by the table: bids adding up to more tricks than the deal's, fewer, "
        "or as many (reads the records of whole-game matches)",
    )
    parser.add_argument(
        "--pooled", action="store_true", help="sweep table: a last line of every game of them all"
    )
    parser.add_argument(
        "--by-size", action="store_true", help="--paired: split each pair by hand size"
    )
    parser.add_argument(
        "--games", type=_games, metavar="FIRST:STOP", help="--times: only these games"
    )
    parser.add_argument(
        "--by-game",
        action="store_true",
        help="--times: each game's median bid at 10-16 cards instead (a gauge of the machine)",
    )
    parser.add_argument(
        "--min-cards", type=positive, default=1, metavar="K", help="--tables: deals of K cards up"
    )
    parser.add_argument(
        "--restore-deals",
        action="store_true",
        help="first write each match's deals.json again from its seed where it is missing "
        "(evaluations/ keeps none; code older than this needs it to resume a match)",
    )
    parser.set_defaults(report_parser=parser)


def run(args: argparse.Namespace) -> int:
    """Print the view the options ask for. Every view reads the match directories through
    :func:`ascenseur.arena.saved.saved_match`, finished games only: the sweep table
    (:mod:`ascenseur.arena.sweep`), ``--paired`` (:mod:`ascenseur.arena.paired`), ``--times``
    (:mod:`ascenseur.arena.timing`), ``--hand-sizes`` and ``--bids``
    (:mod:`ascenseur.arena.seatdeals`), ``--tables`` (:mod:`ascenseur.arena.bidsums`)."""
    _check_modifiers(args)
    if args.restore_deals:
        for directory in args.matches:
            if restore_deals(directory):
                print(f"{directory}/deals.json written again from its seed", file=sys.stderr)
    out: list[str] = []
    several = len(args.matches) > 1
    if args.paired:
        pairs = list(zip(args.matches[::2], args.matches[1::2], strict=True))
        out = paired.lines(pairs, args.by_size)
    elif args.bids:
        out = seatdeals.bid_lines(seatdeals.groups(args.matches))
    elif args.times or args.hand_sizes or args.tables:
        for directory in args.matches:
            if several:
                out.append(f"{directory}:")
            out += _one(args, directory)
    else:
        out = sweep.table(args.matches, args.pooled)
    print("\n".join(out), flush=True)
    return 0


def _one(args: argparse.Namespace, directory: Path) -> list[str]:
    if args.times:
        return timing.report(directory, args.games, args.by_game)
    if args.hand_sizes:
        return seatdeals.hand_size_lines(*seatdeals.by_hand_size(directory))
    return bidsums.lines(bidsums.tallies(directory, args.min_cards))


def _check_modifiers(args: argparse.Namespace) -> None:
    """Each option that shapes one view is refused with the others (argparse's own error)."""
    parser: argparse.ArgumentParser = args.report_parser
    belongs = {
        "pooled": ("sweep table", not any(getattr(args, v) for v in VIEWS)),
        "by_size": ("--paired", args.paired),
        "games": ("--times", args.times),
        "by_game": ("--times", args.times),
        "min_cards": ("--tables", args.tables),
    }
    defaults = {"pooled": False, "by_size": False, "games": None, "by_game": False, "min_cards": 1}
    for name, (view, chosen) in belongs.items():
        if getattr(args, name) != defaults[name] and not chosen:
            parser.error(f"--{name.replace('_', '-')} goes with the {view} only")
    if args.paired and len(args.matches) % 2:
        parser.error("--paired: give the matches in pairs: A_DIR B_DIR [A2_DIR B2_DIR …]")


def _games(text: str) -> range:
    first, _, stop = text.partition(":")
    try:
        return range(int(first), int(stop))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a range of games: write FIRST:STOP, e.g. 0:1 for the first game"
        ) from None
