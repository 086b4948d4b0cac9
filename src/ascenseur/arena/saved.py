"""The files of a saved match: what ``ascenseur arena … --out DIR`` writes and reads back.

A match directory holds ``match.json`` (:data:`MATCH_FORMAT`: the match's design, all that
``--resume`` needs), ``deals.json`` (the deal set; made again from its seed when missing,
:func:`restore_deals`), ``games.jsonl`` (a line per game as it
ends, :func:`game_line`), ``summary.json`` (:data:`SUMMARY_FORMAT`, the table at the end) and,
for whole games, every run's record under ``records/``. :func:`saved_match` reads a directory
back; every reader of matches (``--resume``, ``ascenseur arena report``, the evaluations'
tests) goes through it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import ArenaError, Match
from ascenseur.arena.stats import GameResult, Tally
from ascenseur.bots.base import Budget
from ascenseur.core.rules import Rules
from ascenseur.files import write_text_atomic

SUMMARY_FORMAT = "ascenseur-arena/1"
MATCH_FORMAT = "ascenseur-arena-match/1"

__all__ = [
    "MATCH_FORMAT",
    "SUMMARY_FORMAT",
    "budget_json",
    "game_line",
    "match_json",
    "restore_deals",
    "saved_match",
    "summary_json",
]


def match_json(match: Match, deals: DealSet) -> dict[str, Any]:
    """What ``match.json`` says: everything ``--resume`` needs to play the same match."""
    return {
        "format": MATCH_FORMAT,
        "candidate": match.candidate,
        "reference": match.reference,
        "rules": match.rules.to_json(),
        "budget": budget_json(match.budget),
        "reference_budget": None
        if match.reference_budget is None
        else budget_json(match.reference_budget),
        "single_deal": match.single_deal,
        "seed": match.seed,
        "deal_set": deals.digest,
    }


def summary_json(
    match: Match,
    deals: DealSet,
    tally: Tally,
    jobs: int,
    elapsed: float,
    timing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What ``summary.json`` says: the match, its deal set, and the table of its games.

    ``jobs`` is the CPUs the games ran on; ``timing`` what
    :meth:`~ascenseur.arena.report.Progress.timing` measured of this run, with ``where`` they
    ran (processes or a Ray cluster).
    """
    return {
        "format": SUMMARY_FORMAT,
        "candidate": match.candidate,
        "reference": match.reference,
        "rules": match.rules.to_json(),
        "budget": budget_json(match.budget),
        "reference_budget": budget_json(match.budget_of(False)),
        "single_deal": match.single_deal,
        "seed": match.seed,
        "deal_set": {"digest": deals.digest, "seed": deals.seed, "games": len(deals.games)},
        "jobs": jobs,
        "elapsed_seconds": elapsed,
        **({} if timing is None else {"timing": timing}),
        **tally.to_json(),
    }


def game_line(result: GameResult) -> dict[str, Any]:
    """What ``games.jsonl`` says of one game: each side's totals by seat and the difference."""
    cand = [run.total for run in result.candidate]
    ref = [run.total for run in result.reference]
    return {
        "game": result.game,
        "candidate_totals": cand,
        "reference_totals": ref,
        "points_difference": result.points_difference(),
        "result": result.to_json(),  # all --resume needs
    }


def budget_json(budget: Budget) -> dict[str, Any]:
    return {"iterations": budget.iterations, "seconds": budget.seconds}


def saved_match(out: Path, *, repair: bool = False) -> tuple[Match, DealSet, list[GameResult]]:
    """The match an ``ascenseur arena … --out DIR`` run saved in ``out``, its deal set and
    the results of the games played so far; an :class:`ArenaError` says what is wrong.

    A last line of ``games.jsonl`` cut short while being written is left out; ``repair``
    also drops it from the file (``--resume`` plays that game again), and writes a missing
    ``deals.json`` back.
    """
    try:
        saved = json.loads((out / "match.json").read_text(encoding="utf-8"))
        try:
            deals = DealSet.loads((out / "deals.json").read_bytes())
        except FileNotFoundError:
            deals = _regenerated(out, saved, repair)
        if saved.get("format") != MATCH_FORMAT:
            raise ValueError(f"its format is {saved.get('format')!r}, not {MATCH_FORMAT!r}")
        match = Match(
            Rules.from_json(saved["rules"]),
            saved["candidate"],
            saved["reference"],
            _budget_of(saved["budget"]),
            int(saved["seed"]),
            reference_budget=None
            if saved["reference_budget"] is None
            else _budget_of(saved["reference_budget"]),
            single_deal=saved["single_deal"],
        )
    except FileNotFoundError as err:
        raise not_a_run(out, err, "arena") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise ArenaError(
            f"{out}: match.json or deals.json is not readable ({err}): they must be the "
            "files the match wrote; otherwise start a new match with --out"
        ) from None
    if deals.digest != saved["deal_set"]:
        raise ArenaError(
            f"{out}: deals.json is not the deal set the match was played on: put back "
            "the deals.json it wrote, or start a new match with --out"
        )
    deals.fit(match.rules)
    return match, deals, _played(out / "games.jsonl", len(deals.games), repair)


def _regenerated(out: Path, saved: dict[str, Any], write: bool) -> DealSet:
    """The deal set of a match whose ``deals.json`` is not there, made again from the seed
    and the number of games its ``summary.json`` names (``evaluations/`` keeps no deal set:
    each is its seed's); ``write`` puts ``deals.json`` back. A FileNotFoundError (naming
    ``deals.json``) when there is no summary to make it from; the digest is checked by the
    caller, as for a deal set read."""
    try:
        summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(2, "no deal set", str(out / "deals.json")) from None
    made = summary["deal_set"]
    deals = DealSet.generate(Rules.from_json(saved["rules"]), int(made["seed"]), int(made["games"]))
    if write and deals.digest == saved["deal_set"]:
        write_text_atomic(out / "deals.json", deals.dumps())
    return deals


def restore_deals(out: Path) -> bool:
    """Writes ``out``'s ``deals.json`` again from its seed if it is missing (what code older
    than this needs to resume the match); whether it wrote it."""
    missing = not (out / "deals.json").exists()
    _, deals, _ = saved_match(out)  # made again and checked against the match's digest
    if missing:
        write_text_atomic(out / "deals.json", deals.dumps())
    return missing


def not_a_run(out: Path, err: FileNotFoundError, command: str) -> ArenaError:
    """What reading a run's directory ``out`` that lacks a file gets: the file, and that the
    directory of an ``ascenseur COMMAND … --out DIR`` run is needed."""
    return ArenaError(
        f"{out}: no {Path(err.filename).name} there (the directory of an "
        f"'ascenseur {command} … --out DIR' run is needed)"
    )


def written_lines(path: Path, repair: bool) -> list[str]:
    """The lines of the JSON-lines file ``path`` (none if it does not exist), each written
    whole: a last line cut short while being written is left out (``repair``: and dropped
    from the file, so that its game is played again)."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        return []
    tail = lines.pop()  # "" when the file ends with a newline, as every line is written
    if tail:
        try:  # whole but unterminated: keep it; cut short while being written: play it again
            json.loads(tail)
            lines.append(tail)
        except ValueError:
            pass
        if repair:
            write_text_atomic(path, "".join(line + "\n" for line in lines))
    return lines


def _played(path: Path, games: int, repair: bool) -> list[GameResult]:
    """The results of the games ``games.jsonl`` holds (none if it does not exist)."""
    results: dict[int, GameResult] = {}
    for number, line in enumerate(written_lines(path, repair), 1):
        try:
            data = json.loads(line)
            game = int(data["game"])
            if "result" not in data:
                raise ValueError("it has no result (written before matches could resume)")
            if not 0 <= game < games:
                raise ValueError(f"game {game} is not one of the deal set's {games}")
            results[game] = GameResult.from_json(game, data["result"])
        except (ValueError, KeyError, TypeError) as err:
            raise ArenaError(
                f"{path}, line {number}: cannot resume from it: {err}; start a new match with "
                "--out (the games kept stay readable as they are)"
            ) from None
    return [results[game] for game in sorted(results)]


def _budget_of(data: dict[str, Any]) -> Budget:
    iterations, seconds = data["iterations"], data["seconds"]
    return Budget(
        iterations=None if iterations is None else int(iterations),
        seconds=None if seconds is None else float(seconds),
    )
