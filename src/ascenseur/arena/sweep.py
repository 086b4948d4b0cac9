"""Several matches in one table: one Markdown line per match, from the games each has finished.

A table-size sweep (whole games at 3, 5, 6, 7 and 10 players) is several long matches, each
resumed until enough games are played. :func:`line` reads a match's games as ``--resume``
does (finished games only, so a match still running can be read) and gives the players and
hand sizes, the games finished of those planned, candidate minus reference points per game
with its 95% interval, the win shares, the exact bids and the candidate's decision time p50
and p95. :func:`pooled` is one more line, of every game of matches of one design played on
different seeds (the same bots, rules, hand sizes and budgets).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError, Match
from ascenseur.arena.saved import saved_match
from ascenseur.arena.stats import GameResult, Tally

HEAD = (
    "| Match | Players, max cards | Games | Candidate minus reference, per game | Win share "
    "| Exact bids | Decision p50 / p95 |",
    "|---|---|---|---|---|---|---|",
)


def _read(directory: Path) -> tuple[Match, int, list[GameResult]]:
    match, deals, results = saved_match(directory)
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
            raise ArenaError(
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


def table(directories: list[Path], with_pooled: bool = False) -> list[str]:
    """The head, a line per match, and with ``with_pooled`` the line of all their games (a
    refusal comes before any line)."""
    last = [pooled(directories)] if with_pooled else []
    return [*HEAD, *(line(directory) for directory in directories), *last]
