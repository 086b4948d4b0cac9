"""measure a bot against a reference bot on fixed deals

Duplicate match on a fixed deal set: the reference bot plays every seat of each game, then the
candidate replaces each seat in turn on the same deals. Prints points per game of candidate
minus reference with a 95% confidence interval over games, bidding accuracy and decision
times. A BOT is a registered name or module:factory, a callable in an importable module (the
current directory included) that returns a bot — an object with a name and choose(view, rng),
see ascenseur.bots.base.Bot; the factory is called afresh for each seat of each run, with the
budget if it takes an argument. 'ascenseur arena report DIR…' reads saved matches.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ascenseur.arena import report
from ascenseur.arena.backends import Backend
from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import ArenaError, GameOutcome, Match, run_match
from ascenseur.arena.saved import game_line, match_json, saved_match, summary_json
from ascenseur.arena.stats import GameResult, Tally
from ascenseur.bots import REGISTRY, Budget
from ascenseur.commands import arena_report, runs
from ascenseur.commands.options import (
    add_command,
    given_options,
    positive,
    positive_float,
    random_seed,
)
from ascenseur.commands.rules import RULE_OPTIONS, add_rule_options, rules_of
from ascenseur.core.rules import Rules
from ascenseur.files import write_text_atomic

DEFAULT_GAMES = 100
#: The options that define a match: --resume takes them from the directory, not the command.
MATCH_OPTIONS = (
    "candidate",
    "reference",
    *RULE_OPTIONS,
    "games",
    "seed",
    *runs.BUDGET_OPTIONS,
    "reference_time_factor",
    "single_deal",
    "out",
    "deals",
)


NAME = "arena"


def add_options(parser: argparse.ArgumentParser) -> None:
    bots = ", ".join(sorted(REGISTRY))
    parser.add_argument(
        "--candidate",
        metavar="BOT",
        help=f"bot measured ({bots}, or module:factory, e.g. my_agent:make); required but "
        "with --resume",
    )
    add_rule_options(parser, analysis=True)
    parser.add_argument(
        "--reference",
        default=None,
        metavar="BOT",
        help="bot it is measured against (random; also a name or module:factory)",
    )
    parser.add_argument(
        "--games",
        type=positive,
        default=None,
        metavar="G",
        help=f"games of the deal set ({DEFAULT_GAMES}, or all of --deals)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="seed of the deals and the bots' streams (random; with --deals, the set's seed)",
    )
    runs.add_budget_options(
        parser,
        iterations="search iterations per decision (each bot's own default: expert 10,000 "
        "play-outs, openspiel-ismcts 1000 simulations)",
        seconds="seconds per decision (no limit); alone, searching bots think until the time "
        "is up (equal-time comparisons)",
    )
    parser.add_argument(
        "--reference-time-factor",
        type=positive_float,
        default=None,
        metavar="F",
        help="the reference bots get F times --budget-seconds per decision (1), e.g. 10 to "
        "give a slower method ten times the candidate's time",
    )
    parser.add_argument(
        "--single-deal",
        type=positive,
        default=None,
        metavar="K",
        help="play only each game's first deal of K cards, not the whole game (for slow bots "
        "at big hands); --max-cards defaults to K; no records are written",
    )
    runs.add_backend_options(
        parser,
        jobs="processes (number of CPUs)",
        cluster="play the games as tasks of a Ray cluster (the extra 'cluster'): auto starts a "
        "local one of --jobs CPUs; ray://HOST:PORT connects through Ray's client, HOST:PORT "
        "as a driver on one of its nodes (docs/research.md); the table is the same as with "
        "--jobs",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        help="write summary.json, deals.json, games.jsonl (a line per game as it ends) and "
        "every game's record into DIR (new or empty)",
    )
    parser.add_argument(
        "--deals", metavar="FILE", help="play this deal set (e.g. a deals.json of an earlier run)"
    )
    parser.add_argument(
        "--resume",
        metavar="DIR",
        help="go on with the match whose --out was DIR (stopped, or cut short): play the games "
        "it has not finished, then print and save the table of them all; the match is DIR's, "
        "so give no other option but --jobs and --cluster",
    )
    reports = parser.add_subparsers(dest="arena_command", metavar="report", required=False)
    add_command(reports, arena_report)


def run(args: argparse.Namespace) -> int:
    match, deals, out, played = _open_match(args)
    tally = Tally(match.rules.players)
    for result in played:
        tally.add(result)
    if played:
        print(
            f"resuming: {len(played)} of {len(deals.games)} games already played", file=sys.stderr
        )
    start = time.monotonic()
    with runs.backend_of(args, (match.candidate, match.reference)) as backend:
        # Timed from here: a cluster's start (seconds for a local Ray) is not the games' pace.
        progress = report.Progress(len(deals.games) - len(played), sys.stderr)
        interrupted = _play(match, deals, backend, out, tally, {r.game for r in played}, progress)
    timing = {"where": backend.describe(), **progress.timing()}
    summary = summary_json(match, deals, tally, backend.cpus, time.monotonic() - start, timing)
    if played:
        summary["resumed_after_games"] = len(played)
    if interrupted:
        summary["interrupted"] = True
    if out is not None:
        write_text_atomic(out / "summary.json", json.dumps(summary, indent=2) + "\n")
    if interrupted:
        print(f"interrupted after {tally.games} of {len(deals.games)} games: the table is theirs")
    for line in report.lines(summary):
        print(line)
    if out is not None and match.single_deal is not None:
        print(f"summary and deal set in {out}/ (a single-deal match has no records)")
    elif out is not None:
        records = tally.games * (match.rules.players + 1)
        print(f"summary, deal set and {records} records in {out}/")
    return 130 if interrupted else 0


def _open_match(args: argparse.Namespace) -> tuple[Match, DealSet, Path | None, list[GameResult]]:
    """The match to play (new, or resumed from its directory), its deal set, the directory
    it is kept in (if any) and the games already played; its bots are loaded once here, so
    that an unknown name fails first, and a new match's files are written."""
    out: Path | None
    if args.resume is not None:
        match, deals, out, played = _resume(args)
    else:
        match, deals = _new_match(args)
        played = []
    runs.load_bots(
        [(match.candidate, match.budget_of(True)), (match.reference, match.budget_of(False))]
    )
    if args.resume is None:
        out = runs.new_out(Path(args.out)) if args.out else None
        if out is not None:
            write_text_atomic(out / "deals.json", deals.dumps())
            write_text_atomic(out / "match.json", json.dumps(match_json(match, deals)) + "\n")
    return match, deals, out, played


def _play(
    match: Match,
    deals: DealSet,
    backend: Backend,
    out: Path | None,
    tally: Tally,
    played: set[int],
    progress: report.Progress,
) -> bool:
    """Plays the games not in ``played`` into ``tally`` (and ``out``, each as it ends);
    whether it was interrupted after a game had ended (before, the interruption goes on)."""

    def sink(outcome: GameOutcome) -> None:
        tally.add(outcome.result)
        if out is not None:
            for name, text in outcome.records:
                write_text_atomic(out / "records" / name, text)
            # One line per game as it ends: an interrupted long match keeps what it played.
            with (out / "games.jsonl").open("a", encoding="utf-8") as lines:
                lines.write(json.dumps(game_line(outcome.result)) + "\n")
        progress.advance()

    return runs.play_until_stopped(
        lambda: run_match(match, deals, backend, sink, played),
        progress,
        has_games=lambda: tally.games > 0,  # a resumed match's table is there from the start
    )


def _new_match(args: argparse.Namespace) -> tuple[Match, DealSet]:
    """The match and deal set the options describe."""
    if args.candidate is None:
        raise ArenaError("--candidate is required (or --resume DIR to go on with a match)")
    deals, rules, seed = _setup(args)
    budget = runs.budget_of(args)
    match = Match(
        rules,
        args.candidate,
        args.reference or "random",
        budget,
        seed,
        reference_budget=_reference_budget(args, budget),
        single_deal=args.single_deal,
    )
    return match, deals


def _resume(args: argparse.Namespace) -> tuple[Match, DealSet, Path, list[GameResult]]:
    """The match of ``--resume DIR``, its deal set, DIR, and the games already played there.

    A last line of ``games.jsonl`` cut short (the match was killed while writing it) is
    dropped: that game is played again.
    """
    given = given_options(args, MATCH_OPTIONS)
    if given:
        raise ArenaError(
            f"--resume plays the match saved in {args.resume}: give no {', '.join(given)} "
            "(only --jobs and --cluster may change)"
        )
    out = Path(args.resume)
    try:
        match, deals, played = saved_match(out, repair=True)
    except ArenaError as err:
        raise ArenaError(f"--resume {err}") from None
    return match, deals, out, played


def _setup(args: argparse.Namespace) -> tuple[DealSet, Rules, int]:
    """The deal set, the rules and the bots' seed, from the options and ``--deals``."""
    if args.deals is None:
        if args.single_deal is not None and args.max_cards is None and args.schedule is None:
            args.max_cards = args.single_deal
        rules = rules_of(args, table=False)
        seed = random_seed(args.seed)
        return DealSet.generate(rules, seed, args.games or DEFAULT_GAMES), rules, seed
    try:
        text = Path(args.deals).read_bytes()
    except OSError as err:
        raise ArenaError(f"cannot read the deal set {args.deals}: {err.strerror or err}") from None
    deals = DealSet.loads(text)
    rules = rules_of(args, table=False, base=deals.rules)
    deals.fit(rules)
    deals = deals.take(args.games or len(deals.games))
    return deals, rules, args.seed if args.seed is not None else deals.seed


def _reference_budget(args: argparse.Namespace, budget: Budget) -> Budget | None:
    """The reference bots' budget when --reference-time-factor gives them their own."""
    factor = args.reference_time_factor
    if factor is None:
        return None
    if budget.seconds is None:
        raise ArenaError("--reference-time-factor multiplies --budget-seconds: give both")
    return Budget(iterations=budget.iterations, seconds=budget.seconds * factor)
