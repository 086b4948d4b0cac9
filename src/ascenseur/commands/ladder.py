"""rate a population of bots in mixed tables of several sizes

Each game seats a draw from the population (every bot as often as the table allows, the rest
drawn without repeats) and, in duplicate, plays the same deals once per rotation of that
lineup round the table; every rotation ranks its seats by points. Ratings: openskill's
Plackett-Luce model per table size and over all, with 95% bootstrap intervals (seeded). Writes
summary.json (ascenseur-ladder/1), ratings.svg and games.jsonl into --out; docs/research.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ascenseur.arena import ladder_report, report
from ascenseur.arena.backends import Backend
from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.ladder import Entrant, Ladder, LadderGame, games_left, run_ladder
from ascenseur.arena.ladder_files import (
    append_game,
    saved_ladder,
    summary_json,
    write_design,
)
from ascenseur.arena.ratings import REPLICATES
from ascenseur.bots import REGISTRY
from ascenseur.commands import runs
from ascenseur.commands.options import given_options, positive, random_seed
from ascenseur.files import write_text_atomic

DEFAULT_SIZES = (3, 4, 6, 10)
DEFAULT_GAMES = 20
#: The options that define a ladder: --resume takes them from the directory.
DESIGN_OPTIONS = (
    "bots",
    "players",
    "games",
    "seed",
    "max_cards",
    *runs.BUDGET_OPTIONS,
    "no_duplicate",
)


NAME = "ladder"


def add_options(parser: argparse.ArgumentParser) -> None:
    bots = ", ".join(sorted(REGISTRY))
    parser.add_argument(
        "--bots",
        nargs="+",
        metavar="BOT",
        help=f"the population: names ({bots}) or module:factory, each maybe with a budget of "
        "its own after @: expert@2000 (play-outs), openspiel-ismcts@0.5s (seconds), "
        "expert@2000,1s; required but with --resume",
    )
    parser.add_argument(
        "--players",
        nargs="+",
        type=positive,
        default=None,
        metavar="N",
        help=f"table sizes ({' '.join(map(str, DEFAULT_SIZES))})",
    )
    parser.add_argument(
        "--games",
        type=positive,
        default=None,
        metavar="G",
        help=f"games at each size ({DEFAULT_GAMES}); each is played once per rotation",
    )
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seed (random)")
    parser.add_argument(
        "--max-cards",
        type=positive,
        default=None,
        metavar="M",
        help="peak hand at every size (capped at each size's ⌊78/n⌋; default: that)",
    )
    runs.add_budget_options(
        parser,
        iterations="search iterations a decision of the bots without a budget of their own",
        seconds="seconds a decision of the bots without a budget of their own",
    )
    parser.add_argument(
        "--no-duplicate",
        action="store_true",
        default=None,
        help="one seating a game instead of every rotation (n times fewer plays, more luck)",
    )
    parser.add_argument(
        "--bootstrap",
        type=positive,
        default=REPLICATES,
        metavar="B",
        help=f"bootstrap replicates for the intervals ({REPLICATES})",
    )
    runs.add_backend_options(
        parser,
        jobs="processes",
        cluster="play on a Ray cluster: auto (a local one of --jobs CPUs), ray://HOST:PORT or "
        "HOST:PORT, as 'ascenseur arena --cluster'",
    )
    parser.add_argument("--out", metavar="DIR", help="write the ladder's files into DIR")
    parser.add_argument(
        "--resume",
        metavar="DIR",
        help="go on with the ladder whose --out was DIR (only --jobs, --cluster and "
        "--bootstrap may be given)",
    )


def run(args: argparse.Namespace) -> int:
    ladder, out, played = _open(args)
    games: list[LadderGame] = list(played)
    if played:
        print(f"resuming: {len(played)} games already played", file=sys.stderr)
    with runs.backend_of(args, [Entrant.parse(e).bot for e in ladder.population]) as backend:
        done = {(g.players, g.game) for g in played}
        progress = report.Progress(games_left(ladder, done), sys.stderr, label="ladder")
        interrupted = _play(ladder, backend, done, games, out, progress)
    timing = {"where": backend.describe(), **progress.timing()}
    summary = summary_json(ladder, games, args.bootstrap, timing)
    if played:
        summary["resumed_after_games"] = len(played)
    if interrupted:
        summary["interrupted"] = True
        print(f"interrupted after {len(games)} games: the ratings are theirs")
    for line in ladder_report.lines(summary):
        print(line)
    if out is not None:
        write_text_atomic(out / "summary.json", json.dumps(summary, indent=1) + "\n")
        write_text_atomic(out / "ratings.svg", ladder_report.svg(summary))
        print(f"summary.json, ratings.svg and games.jsonl in {out}/")
    return 130 if interrupted else 0


def _play(
    ladder: Ladder,
    backend: Backend,
    done: set[tuple[int, int]],
    games: list[LadderGame],
    out: Path | None,
    progress: report.Progress,
) -> bool:
    """Plays the games not ``done`` into ``games`` (and ``out``); whether it was interrupted
    after a game had ended."""

    def sink(game: LadderGame) -> None:
        games.append(game)
        if out is not None:
            append_game(out, game)
        progress.advance()

    before = len(games)
    return runs.play_until_stopped(
        lambda: run_ladder(ladder, backend, sink, done),
        progress,
        has_games=lambda: len(games) > before,  # a game of this run, not one resumed
    )


def _open(args: argparse.Namespace) -> tuple[Ladder, Path | None, list[LadderGame]]:
    """The ladder to play (new, or resumed), its directory and the games already played."""
    if args.resume is not None:
        given = given_options(args, DESIGN_OPTIONS)
        if given or args.out is not None:
            raise ArenaError(
                f"--resume plays the ladder saved in {args.resume}: give no "
                f"{', '.join(given) or '--out'} (only --jobs, --cluster and --bootstrap)"
            )
        ladder, played = saved_ladder(Path(args.resume), repair=True)
        _check_bots(ladder)
        return ladder, Path(args.resume), played
    if not args.bots:
        raise ArenaError("--bots is required (or --resume DIR to go on with a ladder)")
    ladder = Ladder(
        population=tuple(args.bots),
        sizes=tuple(args.players or DEFAULT_SIZES),
        games=args.games or DEFAULT_GAMES,
        seed=random_seed(args.seed),
        budget=runs.budget_of(args),
        max_cards=args.max_cards,
        duplicate=not args.no_duplicate,
    )
    _check_bots(ladder)
    out: Path | None = None
    if args.out is not None:
        out = runs.new_out(Path(args.out))
        write_design(out, ladder)
    return ladder, out, []


def _check_bots(ladder: Ladder) -> None:
    """Every bot of the population loads here first: an unknown name fails in one sentence."""
    entrants = [Entrant.parse(entry) for entry in ladder.population]
    runs.load_bots((e.bot, e.budget or ladder.budget) for e in entrants)
