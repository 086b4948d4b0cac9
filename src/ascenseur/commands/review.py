"""the expert reviews every bid and card of a seat in a recorded game

Review a game record: for each bid and card of the seat, from what that seat could see then
and nothing else, the options the expert weighed with their expected points, the option
chosen, the points it gave up against the best and a label (best, good, inaccuracy, mistake,
blunder); per deal and for the game, the points lost, the share of best choices and the luck.
Reviews are kept (in the data directory's reviews/): a game reviewed once opens again at once.
Exit status 0, or 2 with one sentence when the input is refused.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from ascenseur.commands.options import add_lang_option, language, positive
from ascenseur.core.errors import AscenseurError
from ascenseur.review import DEFAULT_BUDGET, DEFAULT_JOBS

NAME = "review"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help="an ascenseur-record/1 file")
    which = parser.add_mutually_exclusive_group()
    add_seat_option(which, default="the seats the record does not name as bots, else seat 0")
    which.add_argument("--all", action="store_true", help="review every seat")
    add_budget_option(parser)
    parser.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the review's seed (0): same seed, "
        "same review",
    )  # fmt: skip
    parser.add_argument(
        "--jobs",
        type=positive,
        default=DEFAULT_JOBS,
        metavar="J",
        help="processes that weigh decisions (2, or 1 on a one-core machine)",
    )
    parser.add_argument("--json", action="store_true", help="print the ascenseur-review/1 JSON")
    add_lang_option(parser)
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument(
        "--no-cache", action="store_true", help="compute the review again and keep nothing"
    )


def add_seat_option(
    to: argparse._ActionsContainer, *, default: str, needs: str | None = None
) -> None:
    """``--seat``, the seat a review looks at (None when not given: ``default`` says which);
    ``needs`` names the option it goes with in a command that does more than review."""
    to.add_argument(
        "--seat",
        metavar="S",
        help=f"{f'with {needs}: ' if needs else ''}the seat reviewed, 0 to players-1 "
        f"(default: {default})",
    )


def add_budget_option(to: argparse._ActionsContainer, *, needs: str | None = None) -> None:
    """``--budget``, how hard the review's expert searches (None when not given: the default
    level); ``needs`` as for :func:`add_seat_option`."""
    to.add_argument(
        "--budget",
        metavar="LEVEL|N",
        help=f"{f'with {needs}: ' if needs else ''}how hard the expert searches each decision: "
        f"quick, {DEFAULT_BUDGET} or deep, or a number of play-outs per card decision (bids get "
        f"four times as many; default: {DEFAULT_BUDGET})",
    )


def run(args: argparse.Namespace) -> int:
    from ascenseur.files import read_record, write_text_atomic
    from ascenseur.review import ReviewCache, budget_of, dumps, review_record
    from ascenseur.text.review import review_lines

    lang = language(args.lang)
    budget = budget_of(args.budget or DEFAULT_BUDGET)
    state, names = read_record(Path(args.record))
    seats = seats_of(args.seat, state.players, names, every=args.all)
    cache = None
    if not args.no_cache:
        from ascenseur.userdata import data_dir

        cache = ReviewCache(data_dir() / "reviews")
    progress = Progress(sys.stderr)
    try:
        review = review_record(
            state,
            seats,
            budget,
            args.seed,
            names=names,
            jobs=args.jobs,
            progress=progress,
            cache=cache,
        )
    finally:
        progress.finish()
    text = dumps(review) if args.json else "\n".join(review_lines(review, lang)) + "\n"
    if args.output:
        write_text_atomic(Path(args.output), text)
    else:
        sys.stdout.write(text)
    return 0


def seats_of(
    seat: str | None, players: int, names: tuple[str, ...] | None, *, every: bool = False
) -> list[int]:
    """The seats to review in a game of ``players`` whose record names its seats ``names``:
    ``every`` one (``--all``), the ``seat`` given (``--seat``; one sentence when it is none),
    else those the record does not name as bots (``bot:NAME``), else seat 0."""
    if every:
        return list(range(players))
    if seat is not None:
        return [seat_of(seat, players)]
    return [s for s, name in enumerate(names or ()) if not name.startswith("bot:")] or [0]


def seat_of(text: str, players: int) -> int:
    """The seat ``--seat`` names in a game of ``players``; one sentence when it is none."""
    try:
        seat = int(text)
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise AscenseurError(
            f"--seat {text!r} is not a seat of this {players}-player game: give 0 to {players - 1}",
            code="bad-seat",
        )
    return seat


class Progress:
    """A progress bar with the time left, on ``stream`` when it is a terminal (else silent)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.live or total == 0:
            return
        elapsed = time.monotonic() - self.start
        width = 24
        filled = width * done // total
        bar = "█" * filled + "·" * (width - filled)
        left = f", ~{elapsed / done * (total - done):.0f} s left" if done else ""
        self.stream.write(f"\rreview {bar} {done}/{total} decisions, {elapsed:.0f} s{left}  ")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
