"""The candidate's decision times in a match: quantiles, and by hand size.

Each line of a match's ``games.jsonl`` keeps, for every seat the candidate played, the time of
each of its decisions in order: in each deal its bid, then its cards (forced ones too, as the
arena's own quantiles count them). :func:`lines` gives their p50, p95, p99 and the share above
1 s over the games asked — all, or a range such as the games played while nothing else ran on
the machine — then, by hand size, the p50 and p95 of the bids and of the cards.
:func:`gauge` gives each game's median bid at 10-16 cards instead: where two matches' experts
bid with the same code (a change to card play alone), it tells whether the machine ran as
fast for both.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.saved import saved_match

#: ``(hand size, is a bid, nanoseconds)``: one decision of the candidate.
Decision = tuple[int, bool, int]


def quantile(sorted_values: Sequence[int], q: float) -> int:
    """The nearest-rank ``q`` quantile of ``sorted_values`` (not empty)."""
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def decisions(directory: Path, games: range | None = None) -> list[Decision]:
    """Each decision of the candidate in the games asked (None: every game) of the match
    saved in ``directory``."""
    return [
        d for game, found in by_game(directory) if games is None or game in games for d in found
    ]


def by_game(directory: Path) -> list[tuple[int, list[Decision]]]:
    """Each finished game of the match saved in ``directory`` (in the order of its number)
    with the candidate's decisions in it, as :func:`decisions` gives them."""
    match, _, results = saved_match(directory)
    sizes = match.hand_sizes
    per_run = sum(1 + k for k in sizes)
    games = []
    for result in sorted(results, key=lambda r: r.game):
        out: list[Decision] = []
        for run in result.candidate:
            times = run.times_ns
            if len(times) != per_run:
                raise ArenaError(
                    f"{directory}, game {result.game}: {len(times)} decision times in a run, "
                    f"where the match's deals ({len(sizes)} deals) make {per_run}"
                )
            position = 0
            for k in sizes:
                out.append((k, True, times[position]))
                out.extend((k, False, t) for t in times[position + 1 : position + 1 + k])
                position += 1 + k
        games.append((result.game, out))
    return games


def gauge(games: list[tuple[int, list[Decision]]]) -> list[str]:
    """Each game's median bid at 10-16 cards: where two matches' experts bid with the same
    code, a gauge of how fast the machine ran while each game was played."""
    out = []
    for game, found in games:
        bids = sorted(t for k, bid, t in found if bid and 10 <= k <= 16)
        if bids:
            out.append(f"game {game}: bids at 10-16 cards p50 {_seconds(quantile(bids, 0.5))}")
    return out


def _seconds(ns: int) -> str:
    return f"{ns / 1e9:.3f} s"


def lines(found: list[Decision]) -> list[str]:
    """The quantiles of ``found`` (not empty), then a line per hand size."""
    every = sorted(t for _, _, t in found)
    over = sum(t > 1_000_000_000 for t in every)
    out = [
        f"{len(every)} decisions: p50 {_seconds(quantile(every, 0.5))}, "
        f"p95 {_seconds(quantile(every, 0.95))}, p99 {_seconds(quantile(every, 0.99))}, "
        f"max {_seconds(every[-1])}; above 1 s: {over} ({over / len(every):.1%})",
        "hand size   bids p50     bids p95    cards p50    cards p95",
    ]
    for k in sorted({k for k, _, _ in found}):
        bids = sorted(t for size, bid, t in found if size == k and bid)
        cards = sorted(t for size, bid, t in found if size == k and not bid)
        out.append(
            f"{k:9d}  {_seconds(quantile(bids, 0.5)):>9}  {_seconds(quantile(bids, 0.95)):>11}"
            f"  {_seconds(quantile(cards, 0.5)):>11}  {_seconds(quantile(cards, 0.95)):>11}"
        )
    return out


def report(directory: Path, games: range | None = None, per_game: bool = False) -> list[str]:
    """:func:`lines` (or with ``per_game`` :func:`gauge`) of the games asked of a match."""
    chosen = [(g, found) for g, found in by_game(directory) if games is None or g in games]
    found = [d for _, one in chosen for d in one]
    if not found:
        raise ArenaError(f"{directory}: no finished game in the range asked")
    return gauge(chosen) if per_game else lines(found)
