"""Several arena matches in one table: one line per match, from the games each has finished.

A table-size sweep (whole games at 3, 5, 6, 7 and 10 players) is several long matches, each
resumed until enough games are played. This reads every match's ``games.jsonl`` as the arena
does (finished games only, so a match still running can be read) and prints, per match, the
players and hand sizes, the games finished of those planned, candidate minus reference points
per game with its 95% interval, the win shares, the exact bids and the candidate's decision
time p50 and p95, as a Markdown table.

Run: ``python tools/sweep_table.py DIR [DIR …]`` (``ascenseur arena … --out DIR`` directories).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.stats import Tally
from ascenseur.commands.arena import saved_match

HEAD = (
    "| Match | Players, max cards | Games | Candidate minus reference, per game | Win share "
    "| Exact bids | Decision p50 / p95 |",
    "|---|---|---|---|---|---|---|",
)


def line(directory: Path) -> str:
    """The table's line for the match saved in ``directory``."""
    try:
        match, deals, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    rules = match.rules
    size = f"{rules.players}, {max(match.hand_sizes)}"
    if match.single_deal is not None:
        size += " (single deals)"
    planned = f"{len(results)} of {len(deals.games)}"
    if not results:
        return f"| {directory.name} | {size} | {planned} | | | | |"
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
    cells = [directory.name, size, planned, f"{points.mean:+.2f}{spread}", wins, exact, timing]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("matches", type=Path, nargs="+", help="--out directories of matches")
    args = parser.parse_args()
    print("\n".join(HEAD))
    for directory in args.matches:
        print(line(directory))


if __name__ == "__main__":
    main()
