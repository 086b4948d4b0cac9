"""Where a candidate's points come from in an arena match: the deals it bid as the reference
did, and those it bid above or below it.

In a duplicate match the candidate and the reference each play the same seat of the same
deals. Each seat-deal goes under the candidate's bid minus the reference's there (below, the
same, above) and the third of the hand sizes it falls in (small, middle, big): the number of
seat-deals, the mean difference of deal scores (its 95% interval over games, the unit the arena
draws; a game with no such seat-deal adds nothing), the share of the match's whole difference,
both sides' share of exact bids, the candidate's tricks minus the reference's, and the shares of
the candidate's bids that took fewer tricks (under) and more (over). Where the
bids are the same, the difference is the play's.

Run: ``python tools/bid_differences.py DIR …`` (``--out`` directories of ``ascenseur arena``;
several are pooled, each game of each match one unit).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

from ascenseur.arena.stats import mean_interval
from hand_sizes import SeatDeal, per_game, seat_deals

#: The candidate's bid against the reference's, by the sign of the difference.
RELATIONS = {-1: "below", 0: "same", 1: "above"}
BANDS = ("small", "middle", "big")


class Group(NamedTuple):
    """The seat-deals of one band of hand sizes where the candidate bid in one relation to the
    reference."""

    band: str
    cards: tuple[int, int]  # the band's smallest and largest hand size
    relation: str
    deals: int
    per_game: list[float]  # mean difference per seat-deal, in each game that has one
    difference: int  # candidate minus reference, in all
    candidate_exact: int
    reference_exact: int
    tricks: int  # candidate's tricks minus the reference's, in all
    under: int  # the candidate took fewer tricks than it bid
    over: int  # the candidate took more tricks than it bid


def band_of(cards: int, max_cards: int) -> int:
    """0, 1 or 2: the third of the hand sizes 1…``max_cards`` that ``cards`` falls in."""
    return min(2, (3 * (cards - 1)) // max_cards)


def groups(directories: list[Path]) -> list[Group]:
    """The figures of every (band, relation) with a seat-deal in the matches, bands smallest
    first and relations below, same, above; the matches must have the same players and most
    cards (their bands are then the same)."""
    matches, found = seat_deals(directories)
    tables = [(match.rules.players, match.rules.max_cards) for match in matches]
    for directory, table in zip(directories, tables, strict=True):
        if table != tables[0]:
            raise SystemExit(f"{directory}: a table other than the matches before it")
    if not tables:
        return []
    max_cards = tables[0][1]
    keyed: dict[tuple[int, int], list[SeatDeal]] = defaultdict(list)
    for deal in found:
        keyed[(band_of(deal.cards, max_cards), _sign(deal.ours[0] - deal.theirs[0]))].append(deal)
    return [
        Group(
            BANDS[band],
            _band_cards(band, max_cards),
            RELATIONS[sign],
            len(deals),
            per_game(deals),
            sum(deal.difference for deal in deals),
            sum(deal.ours[0] == deal.ours[1] for deal in deals),
            sum(deal.theirs[0] == deal.theirs[1] for deal in deals),
            sum(deal.ours[1] - deal.theirs[1] for deal in deals),
            sum(deal.ours[1] < deal.ours[0] for deal in deals),
            sum(deal.ours[1] > deal.ours[0] for deal in deals),
        )
        for (band, sign), deals in sorted(keyed.items())
    ]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _band_cards(band: int, max_cards: int) -> tuple[int, int]:
    sizes = [k for k in range(1, max_cards + 1) if band_of(k, max_cards) == band]
    return (sizes[0], sizes[-1]) if sizes else (0, 0)


def report(found: list[Group]) -> list[str]:
    """The table, one line per group, then the shares of the whole difference by relation."""
    if not found:
        return ["no finished game in the matches"]
    whole = sum(g.difference for g in found)
    out = [
        f"{'cards':<12}{'bid':<7}{'deals':>6}  {'difference per deal':<26}{'share':>6}"
        f"{'exact':>14}{'tricks':>8}{'under':>7}{'over':>6}"
    ]
    for g in found:
        interval = mean_interval(g.per_game)
        spread = "" if interval.low is None else f"[{interval.low:+.2f}, {interval.high:+.2f}]"
        share = f"{g.difference / whole:.0%}" if whole else "-"
        cards = f"{g.band} {g.cards[0]}-{g.cards[1]}"
        out.append(
            f"{cards:<12}{g.relation:<7}{g.deals:>6}  {interval.mean:+.3f} {spread:<19}"
            f"{share:>6}{g.candidate_exact / g.deals:>8.3f} {g.reference_exact / g.deals:.3f}"
            f"{g.tricks / g.deals:>+8.3f}{g.under / g.deals:>7.3f}{g.over / g.deals:>6.3f}"
        )
    if whole:
        shares = ", ".join(
            f"{relation} {sum(g.difference for g in found if g.relation == relation) / whole:.0%}"
            for relation in RELATIONS.values()
        )
        out.append(f"all: {whole:+d} points; by the candidate's bid: {shares}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("matches", type=Path, nargs="+", help="--out directories of the arena")
    args = parser.parse_args()
    for line in report(groups(args.matches)):
        print(line)


if __name__ == "__main__":
    main()
