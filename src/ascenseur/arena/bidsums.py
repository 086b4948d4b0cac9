"""Missed bids by the table they were made at: bids adding up to more tricks than the deal has,
fewer, or exactly as many.

When a deal's bids add up to more than its tricks, some seat must take fewer than it bid;
when they add up to fewer, some seat must take more. So a bot's misses lean one way or the
other with the tables it meets, whatever it does itself. :func:`tallies` sets the
candidate's bids beside the reference's at each kind of table: how many seat-deals, the shares
taken exactly, under (fewer tricks than bid) and over (more), and the mean deal score.

It reads the match's records (``records/`` of a whole-game match, kept on the machine that
played them): the candidate's seat of each candidate run, and every seat of the reference run
(where the reference plays all of them).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

from ascenseur.arena.duplicate import ArenaError
from ascenseur.core.errors import RecordError
from ascenseur.core.record import replay

#: The kinds of table, by the bids' sum against the deal's tricks.
TABLES = ("over", "even", "under")

RUN = re.compile(r"game-\d+-(seat(\d+)|reference)\.json")


class Tally(NamedTuple):
    """One side's seat-deals at one kind of table."""

    deals: int
    exact: int
    under: int
    over: int
    points: int


def table_kind(bids: tuple[int, ...], tricks: int) -> str:
    """``over`` when the bids add up to more than the deal's tricks, ``under`` when to fewer,
    else ``even``."""
    total = sum(bids)
    return "over" if total > tricks else "under" if total < tricks else "even"


def tallies(directory: Path, min_cards: int = 1) -> dict[tuple[str, str], Tally]:
    """``(side, table kind)`` → the tally of that side's seat-deals of ``min_cards`` cards or
    more, side ``candidate`` or ``reference``."""
    records = sorted((directory / "records").glob("game-*.json"))
    if not records:
        raise ArenaError(f"{directory}: no records (a whole-game arena match writes them)")
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0] * 5)
    for path in records:
        named = RUN.fullmatch(path.name)
        if named is None:
            continue
        try:
            state, _ = replay(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, RecordError, RecursionError) as err:
            raise ArenaError(
                f"{path}: not a record the arena wrote ({err}); put back the match's own "
                "records, or move this file out of records/"
            ) from None
        side = "reference" if named.group(2) is None else "candidate"
        seats = range(state.players) if side == "reference" else [int(named.group(2))]
        for result in state.results:
            if result.hand_size < min_cards:
                continue
            kind = table_kind(result.bids, result.hand_size)
            for seat in seats:
                bid, took = result.bids[seat], result.tricks[seat]
                tally = counts[side, kind]
                tally[0] += 1
                tally[1] += took == bid
                tally[2] += took < bid
                tally[3] += took > bid
                tally[4] += result.scores[seat]
    return {key: Tally(*values) for key, values in counts.items()}


def lines(found: dict[tuple[str, str], Tally]) -> list[str]:
    """The table: a line per side and kind of table that has deals."""
    out = [f"{'side':<10}{'table':<7}{'deals':>7}{'exact':>8}{'under':>8}{'over':>8}{'points':>8}"]
    for side in ("candidate", "reference"):
        for kind in TABLES:
            tally = found.get((side, kind))
            if tally is None or tally.deals == 0:
                continue
            n = tally.deals
            out.append(
                f"{side:<10}{kind:<7}{n:>7}{tally.exact / n:>8.3f}{tally.under / n:>8.3f}"
                f"{tally.over / n:>8.3f}{tally.points / n:>8.2f}"
            )
    return out
