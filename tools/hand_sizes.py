"""Where a candidate's points come from in an arena match: by hand size.

In a duplicate match the candidate plays each seat of a game's deals once, and the reference
plays the same seat of the same deals in the reference run. For each hand size this sets the
candidate's deal score beside the reference's, seat by seat and deal by deal: the mean
difference per deal (its 95% interval taken over games, the unit the arena draws), the share
of the match's whole difference that hand size makes, and both sides' share of exact bids and
of bids that took fewer tricks than bid (under) and more (over).

Run: ``python tools/hand_sizes.py DIR`` (the ``--out`` directory of ``ascenseur arena``).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

from ascenseur.arena.duplicate import ArenaError, Match
from ascenseur.arena.stats import mean_interval
from ascenseur.commands.arena import saved_match
from ascenseur.core.rules import SEED_SCORING, Scoring
from ascenseur.core.scoring import deal_score


class SeatDeal(NamedTuple):
    """One seat's deal of one game, as the candidate and the reference each played it."""

    game: tuple[int, int]  # the match's place in the list read, and the game's number
    cards: int  # the hand size
    ours: tuple[int, int]  # the candidate's bid and tricks
    theirs: tuple[int, int]  # the reference's bid and tricks
    scoring: Scoring = SEED_SCORING  # the match's scoring table (S1, S2, H2)

    @property
    def difference(self) -> int:
        """The candidate's deal score minus the reference's, by the match's table."""
        return deal_score(self.scoring, *self.ours) - deal_score(self.scoring, *self.theirs)


def seat_deals(directories: list[Path]) -> tuple[list[Match], list[SeatDeal]]:
    """The matches saved in ``directories`` and every seat-deal of their finished games, game
    by game; a directory that holds no match stops the tool with the arena's sentence."""
    matches = []
    found = []
    for place, directory in enumerate(directories):
        try:
            match, _, results = saved_match(directory)
        except ArenaError as err:
            raise SystemExit(str(err)) from None
        matches.append(match)
        for result in results:
            for seat, run in enumerate(result.candidate):
                reference = result.reference[seat]
                for deal, cards in enumerate(match.hand_sizes):
                    found.append(
                        SeatDeal(
                            (place, result.game),
                            cards,
                            (run.bids[deal], run.tricks[deal]),
                            (reference.bids[deal], reference.tricks[deal]),
                            match.rules.scoring,
                        )
                    )
    return matches, found


def per_game(deals: list[SeatDeal]) -> list[float]:
    """The mean difference per seat-deal in each game that has one of ``deals``, in the order
    the games come: the unit the arena's intervals are drawn over."""
    games: dict[tuple[int, int], list[int]] = defaultdict(list)
    for deal in deals:
        games[deal.game].append(deal.difference)
    return [sum(changes) / len(changes) for changes in games.values()]


class HandSize(NamedTuple):
    """One hand size's figures over a match."""

    cards: int
    deals: int  # seat-deals: a seat's deal, played by both sides
    per_game: list[float]  # each game's mean difference per seat-deal
    difference: int  # candidate minus reference, in all
    candidate_exact: int
    reference_exact: int
    candidate_under: int  # seat-deals that took fewer tricks than the bid
    candidate_over: int  # more tricks than the bid
    reference_under: int
    reference_over: int


def by_hand_size(directory: Path) -> tuple[list[HandSize], int]:
    """The figures of each hand size of the match saved in ``directory``, smallest first, and
    its number of players."""
    (match,), found = seat_deals([directory])
    sizes: dict[int, list[SeatDeal]] = defaultdict(list)
    for deal in found:
        sizes[deal.cards].append(deal)
    rows = [
        HandSize(
            k,
            len(deals),
            per_game(deals),
            sum(deal.difference for deal in deals),
            sum(deal.ours[0] == deal.ours[1] for deal in deals),
            sum(deal.theirs[0] == deal.theirs[1] for deal in deals),
            sum(deal.ours[1] < deal.ours[0] for deal in deals),
            sum(deal.ours[1] > deal.ours[0] for deal in deals),
            sum(deal.theirs[1] < deal.theirs[0] for deal in deals),
            sum(deal.theirs[1] > deal.theirs[0] for deal in deals),
        )
        for k, deals in sorted(sizes.items())
    ]
    return rows, match.rules.players


def report(rows: list[HandSize], players: int) -> list[str]:
    """The table, one line per hand size, then the whole match: shares of exact, under and over
    bids are the candidate's, then the reference's."""
    if not rows:
        return ["no finished game in the match"]
    total = sum(row.difference for row in rows)
    out = [
        f"{'cards':>5}{'deals':>7}  {'difference per deal':<26}{'share':>7}{'exact':>14}"
        f"{'under':>14}{'over':>13}"
    ]
    for row in rows:
        interval = mean_interval(row.per_game)
        spread = "" if interval.low is None else f"[{interval.low:+.2f}, {interval.high:+.2f}]"
        share = f"{row.difference / total:.0%}" if total else "-"
        out.append(
            f"{row.cards:>5}{row.deals:>7}  {interval.mean:+.3f} {spread:<19}{share:>7}"
            f"{row.candidate_exact / row.deals:>8.3f} {row.reference_exact / row.deals:.3f}"
            f"{row.candidate_under / row.deals:>8.3f} {row.reference_under / row.deals:.3f}"
            f"{row.candidate_over / row.deals:>7.3f} {row.reference_over / row.deals:.3f}"
        )
    games = len(rows[0].per_game)
    runs = games * players
    out.append(
        f"all: {total:+d} points over {games} games of {players} seats, {total / runs:+.2f} "
        "per seat and game (the arena's points per game)"
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("match", type=Path, help="the --out directory of an arena match")
    args = parser.parse_args()
    rows, players = by_hand_size(args.match)
    for line in report(rows, players):
        print(line)


if __name__ == "__main__":
    main()
