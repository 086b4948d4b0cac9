"""step through a recorded game, every hand shown

Step through an ascenseur-record/1 file deal by deal and trick by trick, forwards and backwards,
with every hand shown; --plain lists it as text. --review opens the expert's review of a seat
beside the replay: at each of its bids and cards, the options it had with their expected
points, and what its choice cost (--plain: the review as text, as ascenseur review prints it).
Reviews are kept: a game reviewed once opens again at once.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ascenseur.commands.options import add_lang_option, language
from ascenseur.commands.review import add_budget_option, add_seat_option
from ascenseur.core.cards import Language
from ascenseur.core.errors import AscenseurError

NAME = "replay"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record")
    parser.add_argument("--plain", action="store_true", help="list the game as text and exit")
    add_lang_option(parser)
    parser.add_argument(
        "--review", action="store_true", help="the expert's review of a seat beside the replay"
    )
    add_seat_option(
        parser, default="the first seat the record does not name as a bot, else 0", needs="--review"
    )
    add_budget_option(parser, needs="--review")


def run(args: argparse.Namespace) -> int:
    from ascenseur.timeline import Timeline, listing

    lang = language(args.lang)
    if not args.review:
        given = [option for option in ("seat", "budget") if getattr(args, option) is not None]
        if given:
            raise AscenseurError(
                f"--{given[0]} says how to review a seat: it goes with --review",
                code="needs-review",
            )
        timeline, seats = Timeline.load(Path(args.file))
        if args.plain:
            for line in listing(timeline, seats, lang):
                print(line)
            return 0
        from ascenseur.tui.replay_app import ReplayApp

        ReplayApp(timeline, seats, lang).run()
        return 0
    return review(args, lang)


def review(args: argparse.Namespace, lang: Language) -> int:
    """``--review``: the review of one seat, full screen or (``--plain``) as text."""
    from ascenseur.commands.review import Progress, seats_of
    from ascenseur.files import read_record
    from ascenseur.review import DEFAULT_BUDGET, DEFAULT_JOBS, ReviewCache, budget_of
    from ascenseur.text.review import review_lines
    from ascenseur.tui.review_app import ReviewApp, ReviewRequest
    from ascenseur.userdata import data_dir

    budget = budget_of(args.budget or DEFAULT_BUDGET)
    state, names = read_record(Path(args.file))
    request = ReviewRequest(
        state=state,
        seat=seats_of(args.seat, state.players, names)[0],
        names=names,
        budget=budget,
        jobs=DEFAULT_JOBS,
        cache=ReviewCache(data_dir() / "reviews"),
    )
    if args.plain:
        progress = Progress(sys.stderr)
        try:
            done = request.run(progress)
        finally:
            progress.finish()
        for line in review_lines(done, lang):
            print(line)
        return 0
    ReviewApp(request, lang).run()
    return 0
