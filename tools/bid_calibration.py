"""How far the expert's bid estimates are from what its bids then took.

``tools/split_bots.py``'s ``logged_expert`` writes, for each bid it makes, every candidate
bid's estimated mean score and chance of an exact bid. Run it as an arena candidate with
``--jobs 1`` (its bids are then logged in the order of the match's runs), then set the log
beside the match: for the bids chosen, the estimated chance of an exact bid against the share
that were exact, by estimate and by bid, the estimated deal score against the score made, and
the shares of bids that took fewer tricks (under) and more (over).

Run::

    cd tools && ASCENSEUR_BIDLOG=LOG ascenseur arena --candidate split_bots:logged_expert \\
        --reference heuristic --jobs 1 --out DIR …
    python tools/bid_calibration.py LOG DIR
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.saved import saved_match
from ascenseur.core.scoring import deal_score

#: Bins of the estimated chance of an exact bid.
BINS = 5


class Outcome(NamedTuple):
    """One searched bid: what the search estimated for it, and what it then took."""

    bid: int
    estimated_exact: float
    estimated_score: float
    tricks: int
    score: int


def outcomes(log: Path, directory: Path) -> list[Outcome]:
    """Each bid of the log that was searched (forced bids are left out), matched with the
    match's runs."""
    try:
        match, _, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    out: list[Outcome] = []
    position = 0
    for result in results:
        for seat, run in enumerate(result.candidate):
            for deal, (bid, tricks) in enumerate(zip(run.bids, run.tricks, strict=True)):
                if position >= len(lines):
                    return out  # the log stops with the runs it covers
                line = lines[position]
                position += 1
                if line["seat"] != seat or line["bid"] != bid:
                    raise SystemExit(
                        f"{log}, line {position}: seat {line['seat']} bid {line['bid']}, where "
                        f"game {result.game}'s run in seat {seat} bid {bid} in deal {deal + 1}: "
                        "the log is not this match's (log a match played with --jobs 1)"
                    )
                if line["estimates"] is None:
                    continue
                estimate = {b: (points, exact) for b, points, exact, _ in line["estimates"]}
                points, exact = estimate[bid]
                out.append(
                    Outcome(
                        bid, exact, points, tricks, deal_score(match.rules.scoring, bid, tricks)
                    )
                )
    if position < len(lines):
        raise SystemExit(f"{log}: {len(lines) - position} more bids than {directory}'s runs")
    return out


def report(rows: Sequence[Outcome]) -> list[str]:
    """The table: by estimated exact chance, by bid, and in all."""
    if not rows:
        return ["no searched bid in the log"]

    def line(label: str, group: Sequence[Outcome]) -> str:
        n = len(group)
        return (
            f"{label:<14}{n:>5}{sum(r.estimated_exact for r in group) / n:>10.3f}"
            f"{sum(r.tricks == r.bid for r in group) / n:>10.3f}"
            f"{sum(r.estimated_score for r in group) / n:>10.2f}"
            f"{sum(r.score for r in group) / n:>10.2f}{sum(r.tricks for r in group) / n:>10.2f}"
            f"{sum(r.tricks < r.bid for r in group) / n:>10.3f}"
            f"{sum(r.tricks > r.bid for r in group) / n:>10.3f}"
        )

    head = f"{'':<14}{'bids':>5}{'est exact':>10}{'exact':>10}{'est score':>10}"
    head += f"{'score':>10}{'tricks':>10}{'under':>10}{'over':>10}"
    out = [head]
    bins: dict[int, list[Outcome]] = defaultdict(list)
    bids: dict[int, list[Outcome]] = defaultdict(list)
    for row in rows:
        bins[min(int(row.estimated_exact * BINS), BINS - 1)].append(row)
        bids[row.bid].append(row)
    for b in sorted(bins):
        out.append(line(f"est {b / BINS:.1f}–{(b + 1) / BINS:.1f}", bins[b]))
    for b in sorted(bids):
        out.append(line(f"bid {b}", bids[b]))
    out.append(line("all", rows))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, help="the file logged_expert wrote its bids to")
    parser.add_argument("match", type=Path, help="the --out directory of that arena match")
    args = parser.parse_args()
    if not args.log.is_file():
        raise SystemExit(f"{args.log}: no such file (the ASCENSEUR_BIDLOG of the match)")
    for text in report(outcomes(args.log, args.match)):
        print(text)


if __name__ == "__main__":
    main()
