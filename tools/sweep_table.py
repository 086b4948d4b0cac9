"""Several arena matches in one table: one line per match, from the games each has finished.

A table-size sweep (whole games at 3, 5, 6, 7 and 10 players) is several long matches, each
resumed until enough games are played. This reads every match's ``games.jsonl`` as the arena
does (finished games only, so a match still running can be read) and prints, per match, the
players and hand sizes, the games finished of those planned, candidate minus reference points
per game with its 95% interval, the win shares, the exact bids and the candidate's decision
time p50 and p95, as a Markdown table.

Run: ``python tools/sweep_table.py DIR [DIR …]`` (``ascenseur arena … --out DIR`` directories).
``--pooled`` adds a last line of every game of them all, for matches of one design played on
different seeds (the same bots, rules, hand sizes and budgets; else it says which differ).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError, Match
from ascenseur.arena.stats import GameResult, Tally
from ascenseur.commands.arena import saved_match

HEAD = (
    "| Match | Players, max cards | Games | Candidate minus reference, per game | Win share "
    "| Exact bids | Decision p50 / p95 |",
    "|---|---|---|---|---|---|---|",
)


def _read(directory: Path) -> tuple[Match, int, list[GameResult]]:
    try:
        match, deals, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    return match, len(deals.games), results


def line(directory: Path) -> str:
    """The table's line for the match saved in ``directory``."""
    match, planned, results = _read(directory)
    return _line(directory.name, match, planned, results)


def pooled(directories: list[Path]) -> str:
    """One line for every game of the matches in ``directories``, which must share their
    design: the seeds (deal sets) alone may differ."""
    read = [_read(directory) for directory in directories]
    first = read[0][0]
    for directory, (match, _, _) in zip(directories, read, strict=True):
        if replace(match, seed=first.seed) != first:
            raise SystemExit(
                f"{directory} is not a match of the same design as {directories[0]} (bots,"
                " rules, hand sizes and budgets must be the same to pool them; only the seed"
                " may differ)"
            )
    results, offset = [], 0
    for _, planned, found in read:  # each match numbers its games from 0: in turn, here
        results += [replace(result, game=offset + result.game) for result in found]
        offset += planned
    return _line("all", first, offset, results)


def _line(name: str, match: Match, games: int, results: list[GameResult]) -> str:
    rules = match.rules
    size = f"{rules.players}, {max(match.hand_sizes)}"
    if match.single_deal is not None:
        size += " (single deals)"
    planned = f"{len(results)} of {games}"
    if not results:
        return f"| {name} | {size} | {planned} | | | | |"
    tally = Tally(rules.players)
    for result in results:
        tally.add(result)
    points = tally.points()
    spread = "" if points.low is None else f" [{points.low:+.1f}, {points.high:+.1f}]"
    ours, theirs = tally.candidate.to_json(), tally.reference.to_json()
    wins = f"{ours['win_share']:.1%} vs {theirs['win_share']:.1%}"
    exact = f"{ours['exact_rate']:.1%} / {theirs['exact_rate']:.1%}"
    times = ours["time_ms"]
    timing = "" if times["p50"] is None else f"{times['p50']:.0f} ms / {times['p95'] / 1e3:.2f} s"
    cells = [name, size, planned, f"{points.mean:+.2f}{spread}", wins, exact, timing]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("matches", type=Path, nargs="+", help="--out directories of matches")
    parser.add_argument("--pooled", action="store_true", help="a last line of all their games")
    args = parser.parse_args()
    last = [pooled(args.matches)] if args.pooled else []  # refused before any line is printed
    print("\n".join([*HEAD, *(line(directory) for directory in args.matches), *last]))


if __name__ == "__main__":
    main()
