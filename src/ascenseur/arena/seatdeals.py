"""Where a candidate's points come from in a match: by hand size, and by its bid against the
reference's.

In a duplicate match the candidate plays each seat of a game's deals once, and the reference
plays the same seat of the same deals in the reference run. A *seat-deal* sets the two side by
side (:class:`SeatDeal`). :func:`by_hand_size` groups them by hand size: the mean difference
per deal (its 95% interval over games, the unit the arena draws), the share of the match's
whole difference, and both sides' share of exact bids and of bids that took fewer tricks than
bid (under) or more (over). :func:`groups` groups them by the third of the hand sizes and the
sign of the candidate's bid minus the reference's (below, the same, above): where the bids
are the same, the difference is the play's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol, TypeVar

from ascenseur.arena.duplicate import ArenaError, Match
from ascenseur.arena.saved import saved_match
from ascenseur.arena.stats import mean_interval
from ascenseur.core.rules import SEED_SCORING, Scoring
from ascenseur.core.scoring import deal_score

#: The candidate's bid against the reference's, by the sign of the difference.
RELATIONS = {-1: "below", 0: "same", 1: "above"}
BANDS = ("small", "middle", "big")


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
    by game."""
    matches = []
    found = []
    for place, directory in enumerate(directories):
        match, _, results = saved_match(directory)
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


class _Figures(Protocol):
    """What both tables show of a group of seat-deals."""

    @property
    def per_game(self) -> list[float]: ...
    @property
    def difference(self) -> int: ...


F = TypeVar("F", bound=_Figures)


def _table(
    rows: Sequence[F], empty: str, header: str, line: Callable[[F, str, str], str]
) -> list[str]:
    """``empty`` without rows; else ``header`` and a line a row, which ``line`` writes from
    the row, its difference per deal (the mean and its interval over games, as shown) and its
    share of the whole difference."""
    if not rows:
        return [empty]
    whole = sum(row.difference for row in rows)
    out = [header]
    for row in rows:
        interval = mean_interval(row.per_game)
        spread = "" if interval.low is None else f"[{interval.low:+.2f}, {interval.high:+.2f}]"
        share = f"{row.difference / whole:.0%}" if whole else "-"
        out.append(line(row, f"{interval.mean:+.3f} {spread:<19}", share))
    return out


def hand_size_lines(rows: list[HandSize], players: int) -> list[str]:
    """The table, one line per hand size, then the whole match: shares of exact, under and over
    bids are the candidate's, then the reference's."""
    out = _table(
        rows,
        "no finished game in the match",
        f"{'cards':>5}{'deals':>7}  {'difference per deal':<26}{'share':>7}{'exact':>14}"
        f"{'under':>14}{'over':>13}",
        lambda row, difference, share: (
            f"{row.cards:>5}{row.deals:>7}  {difference}{share:>7}"
            f"{row.candidate_exact / row.deals:>8.3f} {row.reference_exact / row.deals:.3f}"
            f"{row.candidate_under / row.deals:>8.3f} {row.reference_under / row.deals:.3f}"
            f"{row.candidate_over / row.deals:>7.3f} {row.reference_over / row.deals:.3f}"
        ),
    )
    if rows:
        total = sum(row.difference for row in rows)
        games = len(rows[0].per_game)
        runs = games * players
        out.append(
            f"all: {total:+d} points over {games} games of {players} seats, {total / runs:+.2f} "
            "per seat and game (the arena's points per game)"
        )
    return out


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
            raise ArenaError(f"{directory}: a table other than the matches before it")
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


def bid_lines(found: list[Group]) -> list[str]:
    """The table, one line per group, then the shares of the whole difference by relation."""
    out = _table(
        found,
        "no finished game in the matches",
        f"{'cards':<12}{'bid':<7}{'deals':>6}  {'difference per deal':<26}{'share':>6}"
        f"{'exact':>14}{'tricks':>8}{'under':>7}{'over':>6}",
        lambda g, difference, share: (
            f"{f'{g.band} {g.cards[0]}-{g.cards[1]}':<12}{g.relation:<7}{g.deals:>6}  "
            f"{difference}{share:>6}"
            f"{g.candidate_exact / g.deals:>8.3f} {g.reference_exact / g.deals:.3f}"
            f"{g.tricks / g.deals:>+8.3f}{g.under / g.deals:>7.3f}{g.over / g.deals:>6.3f}"
        ),
    )
    if whole := sum(g.difference for g in found):
        shares = ", ".join(
            f"{relation} {sum(g.difference for g in found if g.relation == relation) / whole:.0%}"
            for relation in RELATIONS.values()
        )
        out.append(f"all: {whole:+d} points; by the candidate's bid: {shares}")
    return out
