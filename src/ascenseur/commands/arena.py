"""``ascenseur arena``: measure a candidate bot against a reference bot on fixed deals."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

from ascenseur.arena import report
from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import ArenaError, GameOutcome, Match, run_match
from ascenseur.arena.stats import GameResult, Tally
from ascenseur.bots import DEFAULT_BUDGET, REGISTRY, Budget
from ascenseur.bots.outside import importable_from_here, load_bot
from ascenseur.commands.options import positive, positive_float
from ascenseur.core.rules import Rules
from ascenseur.files import write_text_atomic

SUMMARY_FORMAT = "ascenseur-arena/1"
DEFAULT_GAMES = 100


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "arena",
        help="measure a bot against a reference bot on fixed deals",
        description="Duplicate match on a fixed deal set: the reference bot plays every seat of "
        "each game, then the candidate replaces each seat in turn on the same deals. Prints "
        "points per game of candidate minus reference with a 95% confidence interval over "
        "games, bidding accuracy and decision times. A BOT is a registered name or "
        "module:factory, a callable in an importable module (the current directory included) "
        "that returns a bot — an object with a name and choose(view, rng), see "
        "ascenseur.bots.base.Bot; the factory is called afresh for each seat of each run, "
        "with the budget if it takes an argument.",
    )
    bots = ", ".join(sorted(REGISTRY))
    parser.add_argument(
        "--candidate",
        required=True,
        metavar="BOT",
        help=f"bot measured ({bots}, or module:factory, e.g. my_agent:make)",
    )
    parser.add_argument(
        "--reference",
        default="random",
        metavar="BOT",
        help="bot it is measured against (random; also a name or module:factory)",
    )
    parser.add_argument(
        "--players", type=int, default=None, metavar="N", help="number of players, 2-10 (4)"
    )
    parser.add_argument(
        "--max-cards", type=positive, default=None, metavar="M", help="peak hand (⌊78/n⌋)"
    )
    parser.add_argument(
        "--hook",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the dealer may not make bids sum to k (off)",
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
    parser.add_argument(
        "--budget-iterations",
        type=positive,
        default=None,
        metavar="N",
        help="search iterations per decision (each bot's own default: expert 10,000 play-outs, "
        "openspiel-ismcts 1000 simulations)",
    )
    parser.add_argument(
        "--budget-seconds",
        type=positive_float,
        default=None,
        metavar="T",
        help="seconds per decision (no limit); alone, searching bots think until the time "
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
    parser.add_argument(
        "--jobs",
        type=positive,
        default=os.cpu_count() or 1,
        metavar="J",
        help="processes (number of CPUs)",
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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    deals, rules, seed = _setup(args)
    budget = _budget(args)
    if ":" in args.candidate or ":" in args.reference:
        importable_from_here()
    match = Match(
        rules,
        args.candidate,
        args.reference,
        budget,
        seed,
        reference_budget=_reference_budget(args, budget),
        single_deal=args.single_deal,
    )
    for name, for_candidate in ((args.candidate, True), (args.reference, False)):
        load_bot(name, match.budget_of(for_candidate))  # an unknown name fails here, first
    out = _prepare_out(Path(args.out)) if args.out else None
    if out is not None:
        write_text_atomic(out / "deals.json", deals.dumps())
    tally = Tally(rules.players)
    progress = report.Progress(len(deals.games), sys.stderr)

    def sink(outcome: GameOutcome) -> None:
        tally.add(outcome.result)
        if out is not None:
            for name, text in outcome.records:
                write_text_atomic(out / "records" / name, text)
            # One line per game as it ends: an interrupted long match keeps what it played.
            with (out / "games.jsonl").open("a", encoding="utf-8") as lines:
                lines.write(json.dumps(_game_line(outcome.result)) + "\n")
        progress.advance()

    start = time.monotonic()
    interrupted = False
    # SIGTERM too (a match in the background ignores Ctrl-C's SIGINT): a long match stopped
    # by hand still says what its finished games show.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        run_match(match, deals, args.jobs, sink)
    except KeyboardInterrupt:
        if tally.games == 0:
            raise
        interrupted = True
    finally:
        signal.signal(signal.SIGTERM, previous)
        progress.finish()
    summary = _summary(match, deals, tally, args.jobs, time.monotonic() - start)
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
        print(f"summary, deal set and {tally.games * (rules.players + 1)} records in {out}/")
    return 130 if interrupted else 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _setup(args: argparse.Namespace) -> tuple[DealSet, Rules, int]:
    """The deal set, the rules and the bots' seed, from the options and ``--deals``."""
    if args.deals is None:
        max_cards = args.max_cards or args.single_deal
        rules = Rules(players=args.players or 4, max_cards=max_cards, hook=bool(args.hook))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        return DealSet.generate(rules, seed, args.games or DEFAULT_GAMES), rules, seed
    try:
        text = Path(args.deals).read_bytes()
    except OSError as err:
        raise ArenaError(f"cannot read the deal set {args.deals}: {err.strerror or err}") from None
    deals = DealSet.loads(text)
    given = deals.rules
    rules = Rules(
        players=args.players or given.players,
        max_cards=args.max_cards or given.max_cards,
        hook=given.hook if args.hook is None else args.hook,
    )
    deals.fit(rules)
    deals = deals.take(args.games or len(deals.games))
    return deals, rules, args.seed if args.seed is not None else deals.seed


def _budget(args: argparse.Namespace) -> Budget:
    if args.budget_iterations is None and args.budget_seconds is None:
        return DEFAULT_BUDGET
    return Budget(iterations=args.budget_iterations, seconds=args.budget_seconds)


def _reference_budget(args: argparse.Namespace, budget: Budget) -> Budget | None:
    """The reference bots' budget when --reference-time-factor gives them their own."""
    factor = args.reference_time_factor
    if factor is None:
        return None
    if budget.seconds is None:
        raise ArenaError("--reference-time-factor multiplies --budget-seconds: give both")
    return Budget(iterations=budget.iterations, seconds=budget.seconds * factor)


def _prepare_out(out: Path) -> Path:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ArenaError(f"--out {out} must be a new or empty directory")
    out.mkdir(parents=True, exist_ok=True)
    return out


def _summary(
    match: Match, deals: DealSet, tally: Tally, jobs: int, elapsed: float
) -> dict[str, Any]:
    return {
        "format": SUMMARY_FORMAT,
        "candidate": match.candidate,
        "reference": match.reference,
        "rules": match.rules.to_json(),
        "budget": _budget_json(match.budget),
        "reference_budget": _budget_json(match.budget_of(False)),
        "single_deal": match.single_deal,
        "seed": match.seed,
        "deal_set": {"digest": deals.digest, "seed": deals.seed, "games": len(deals.games)},
        "jobs": jobs,
        "elapsed_seconds": elapsed,
        **tally.to_json(),
    }


def _game_line(result: GameResult) -> dict[str, Any]:
    """What ``games.jsonl`` says of one game: each side's totals by seat and the difference."""
    cand = [run.total for run in result.candidate]
    ref = [run.total for run in result.reference]
    return {
        "game": result.game,
        "candidate_totals": cand,
        "reference_totals": ref,
        "points_difference": (sum(cand) - sum(ref)) / len(cand),
    }


def _budget_json(budget: Budget) -> dict[str, Any]:
    return {"iterations": budget.iterations, "seconds": budget.seconds}
