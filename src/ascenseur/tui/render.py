"""Pure functions from views to Rich renderables: the table, a trick, the score sheet, ranks.

They hold no state and talk to no game: widgets show what these return.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from ascenseur.bots.hints import best as best_estimate
from ascenseur.core.cards import Card, Language, Suit
from ascenseur.core.observation import Observation, TrickView
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealResult, Phase
from ascenseur.search.problem import Estimate
from ascenseur.text.advice import advice_lines
from ascenseur.text.messages import count, tr
from ascenseur.text.rules import rules_summary
from ascenseur.text.words import (
    bot_label,
    bot_short,
    is_you,
    join_names,
    needed,
    ranking_lines,
    seat_name,
    trick_leader,
)

RED = "bold #e0505a"
BLACK = "bold #d8dee9"
TRUMP = "bold #e6b450"
EXCUSE = "bold #c792ea"


def card_colour(card: Card) -> str:
    """Hearts and diamonds red, spades and clubs light, trumps gold, the Excuse violet."""
    suit = card.suit
    if suit in (Suit.HEARTS, Suit.DIAMONDS):
        return RED
    if suit is Suit.TRUMPS:
        return TRUMP
    if suit is Suit.EXCUSE:
        return EXCUSE
    return BLACK


def card_label(card: Card, lang: Language) -> str:
    """A card in few cells: ``10♥``, ``C♦``, trumps by number (``21``), ``Excuse``."""
    if card.is_trump:
        return str(card.rank)
    return card.display(lang)


def card_text(card: Card, lang: Language, *, full: bool = True) -> Text:
    """A card in its colour; ``full`` spells trumps (``trump 21``) where space allows."""
    label = card.display(lang) if full else card_label(card, lang)
    return Text(label, style=card_colour(card))


def deal_header(
    number: int, rules: Rules, hand_size: int, dealer: int, seats: Sequence[str], lang: Language
) -> str:
    """``Deal 3 of 5 · 3 cards each · dealer: Bot 2`` (``number`` 1-based)."""
    header = tr(
        lang,
        "deal_header",
        number=number,
        count=rules.deal_count,
        cards=count(lang, hand_size, "card"),
        dealer=seat_name(seats, dealer, lang),
    )
    if not rules.is_seed:
        header += " · " + rules_summary(rules, lang)
    elif rules.hook:
        header += " · " + tr(lang, "hook_on")
    return header


@dataclass(frozen=True, slots=True)
class TableState:
    """What the table shows of each seat; from the view, or from a deal just scored."""

    me: int | None
    dealer: int
    current: int | None
    bids: tuple[int | None, ...]
    won: tuple[int, ...]
    totals: tuple[int, ...]
    #: Seats that have bid with a closed fist (H4): the table shows that they have, not what.
    sealed: frozenset[int] = frozenset()
    #: A deal just scored: each seat's points for it (shown instead of the tricks needed).
    scores: tuple[int, ...] | None = None

    @staticmethod
    def of(view: Observation) -> TableState:
        sealed = frozenset(s for s in view.bidders if view.bids[s] is None)
        return TableState(
            view.seat,
            view.dealer,
            view.current_seat,
            view.bids,
            view.tricks_won,
            view.totals,
            sealed,
        )

    @staticmethod
    def scored(view: Observation, result: DealResult) -> TableState:
        return TableState(
            view.seat,
            result.dealer,
            None,
            result.bids,
            result.tricks,
            view.totals,
            scores=result.scores,
        )


def bid_taken(bid: int | None, won: int) -> Text:
    """``bid/taken`` — the one order everywhere (table, score sheet); green when exact,
    red once over the bid."""
    if bid is None:
        return Text(f"—/{won}", style="dim")
    style = "green" if won == bid else ("red" if won > bid else "")
    return Text(f"{bid}/{won}", style=style)


def table(
    shown: TableState,
    seats: Sequence[str],
    bots: Sequence[str | None],
    lang: Language,
    *,
    wide: bool = False,
) -> Table:
    """One row per seat: whose turn, name (and bot), dealer, bid/taken, still needed (the
    deal's points once it is scored), total. ``wide``: room for the bots' levels in full
    (``club player``), else in a word (``club``)."""
    grid = Table(box=None, expand=True, pad_edge=False, show_edge=False)
    grid.add_column("", width=1)
    grid.add_column(tr(lang, "player"), ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column("", width=1)
    grid.add_column(tr(lang, "bid_taken"), justify="right", no_wrap=True)
    scored = shown.scores is not None
    grid.add_column(tr(lang, "points_col" if scored else "needed"), justify="right", no_wrap=True)
    grid.add_column(tr(lang, "total"), justify="right", no_wrap=True)
    for seat in range(len(seats)):
        turn = "▶" if seat == shown.current else ""
        label = seat_name(seats, seat, lang)
        name = Text(label, style="bold" if seat == shown.me else "")
        if seat == shown.me:
            if not is_you(label, lang):
                name.append(f" ({tr(lang, 'you')})", style="dim")
        elif bots[seat]:
            level = bots[seat] or ""
            label = bot_label(level, lang).split(",")[0] if wide else bot_short(level, lang)
            name.append(f" · {label}", style="dim")
        dealer = Text("D" if seat == shown.dealer else "", style="bold cyan")
        bid = shown.bids[seat]
        won = shown.won[seat]
        still: str | Text = "" if bid is None else str(needed(bid, won))
        if shown.scores is not None:
            points = shown.scores[seat]
            still = Text(f"{points:+d}", style="green" if bid == won else "red")
        taken = bid_taken(bid, won)
        if seat in shown.sealed:
            taken = Text(f"{tr(lang, 'has_bid_mark')}/{won}", style="bold cyan")
        grid.add_row(
            Text(turn, style="bold yellow"),
            name,
            dealer,
            taken,
            still,
            str(shown.totals[seat]),
        )
    return grid


def trick_lines(
    n: int,
    leader: int | None,
    cards: Sequence[tuple[int, Card]],
    winner: int | None,
    seats: Sequence[str],
    lang: Language,
    current: int | None = None,
) -> Table:
    """A trick in play order: each seat with its card, ``…`` for the seat to play, ★ the card
    winning it (so far, while it is played)."""
    grid = Table(box=None, show_header=False, expand=True, pad_edge=False)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(no_wrap=True)
    grid.add_column(width=1)
    played = dict(cards)
    if leader is None:
        return grid
    for position in range(n):
        seat = (leader + position) % n
        card = played.get(seat)
        if card is not None:
            shown = card_text(card, lang)
        elif seat == current:
            shown = Text("…", style="bold yellow")
        else:
            shown = Text("")
        star = Text("★", style="bold yellow") if seat == winner else Text("")
        grid.add_row(seat_name(seats, seat, lang), shown, star)
    return grid


def finished_trick(trick: TrickView, n: int, seats: Sequence[str], lang: Language) -> Table:
    cards = [((trick.leader + i) % n, card) for i, card in enumerate(trick.cards)]
    return trick_lines(n, trick.leader, cards, trick.winner, seats, lang)


def current_trick(view: Observation, seats: Sequence[str], lang: Language) -> Table:
    """The trick in play; while bidding, the seats in the order they will play."""
    if view.phase is Phase.DEALING or view.phase is Phase.OVER:
        return trick_lines(view.players, None, (), None, seats, lang)
    if view.trick:
        leader: int | None = view.trick[0][0]
    elif view.leader is not None:
        leader = view.leader
    else:
        leader = (view.dealer + 1) % view.players
    current = view.current_seat if view.phase is Phase.PLAYING else None
    winning = trick_leader(view)
    return trick_lines(view.players, leader, view.trick, winning, seats, lang, current)


def score_sheet(
    results: Sequence[DealResult], totals: Sequence[int], seats: Sequence[str], lang: Language
) -> Table:
    """Per deal: every seat's bid/taken and points; a last row of running totals.

    The table keeps its natural width (never squeezed): a narrow screen scrolls it.
    """
    grid = Table(caption=tr(lang, "sheet_legend"), expand=False, caption_justify="left")
    grid.add_column(tr(lang, "deal_col"), justify="right", no_wrap=True)
    grid.add_column(tr(lang, "cards_col"), justify="right", no_wrap=True)
    for seat in range(len(seats)):
        grid.add_column(seat_name(seats, seat, lang), justify="right", no_wrap=True)
    running = [0] * len(seats)
    for number, result in enumerate(results, 1):
        cells: list[Text] = []
        for seat in range(len(seats)):
            running[seat] += result.scores[seat]
            exact = result.bids[seat] == result.tricks[seat]
            cell = tr(
                lang,
                "cell",
                bid=result.bids[seat],
                tricks=result.tricks[seat],
                points=result.scores[seat],
            )
            cells.append(Text(f"{cell} ({running[seat]})", style="green" if exact else "red"))
        grid.add_row(str(number), str(result.hand_size), *cells)
    grid.add_section()
    grid.add_row(tr(lang, "total"), "", *(Text(str(t), style="bold") for t in totals))
    return grid


def deal_result(number: int, result: DealResult, seats: Sequence[str], lang: Language) -> Text:
    """A finished deal in two lines — the table beside shows every seat's points and total:
    who missed their bid (red), or that every bid was made (green); then how to go on."""
    missed = [
        seat_name(seats, seat, lang)
        for seat in range(len(seats))
        if result.bids[seat] != result.tricks[seat]
    ]
    text = Text(tr(lang, "deal_scored", number=number) + " ", style="bold")
    if missed:
        text.append(tr(lang, "bids_missed", names=join_names(missed, lang)), style="red")
    else:
        text.append(tr(lang, "bids_all_made"), style="green")
    text.append("\n" + tr(lang, "press_on"), style="italic")
    return text


#: What separates the keys of the key bar, and what takes its place when they do not fit.
KEY_SEPARATOR = " · "
NARROW_SEPARATOR = "  "


def key_bar(keys: str, width: int) -> Text:
    """The keys (``h hint · q quit``), each key in bold, its label muted, in ``width``
    cells: when they do not fit, the separators shrink to spaces rather than lose the last
    keys (``q quit``)."""
    items = keys.split(KEY_SEPARATOR)
    separator = KEY_SEPARATOR
    if cell_len(KEY_SEPARATOR.join(items)) > width:
        separator = NARROW_SEPARATOR
    text = Text(no_wrap=True, overflow="ellipsis")
    for position, item in enumerate(items):
        if position:
            text.append(separator, style="dim")
        key, _, label = item.partition(" ")
        text.append(key, style="bold")
        if label:
            text.append(" " + label)
    return text


def ranking(totals: Sequence[int], seats: Sequence[str], lang: Language) -> Text:
    lines = ranking_lines(totals, seats, lang)
    text = Text(tr(lang, "ranking_title") + "\n\n", style="bold")
    for line in lines[:-1]:
        text.append(line + "\n")
    text.append("\n" + lines[-1], style="bold yellow")
    return text


#: The other choices a hint shows besides the best, the most promising first: all of them, at
#: 26 bids, would push the table off a small screen.
HINT_OTHERS = 3


def hints(estimates: Sequence[Estimate], bid: int | None, lang: Language) -> Text:
    """The best choice and why, in bold green; then the next best few with their numbers."""
    ranked = sorted(estimates, key=lambda e: -e.points)
    top = best_estimate(estimates)
    kept = [top, *[e for e in ranked if e is not top][:HINT_OTHERS]]
    best, *others = advice_lines(kept, bid, lang)
    if len(estimates) > len(kept) and others:
        others[-1] = others[-1].removesuffix(".") + ("\u202f; …" if lang == "fr" else "; …")
    text = Text(best, style="bold green")
    for line in others:
        text.append("\n" + line, style="dim")
    return text
