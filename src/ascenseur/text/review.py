"""A game review in words, for people: English or French, aligned, within 80 columns.

:func:`review_lines` is the text form of an :class:`~ascenseur.review.format.Review` (what
``ascenseur review`` prints and the terminal's plain mode shows): for each reviewed seat, the
budget and the thresholds, the whole game (points lost, best choices, score against what the
decisions made were worth, luck), the three costliest decisions with why the best option was
better (:func:`ascenseur.text.advice.explanation`, shared with the in-game hint), a table of
the deals, and every decision that lost points with its options.
"""

from __future__ import annotations

import re
import textwrap

from ascenseur.core.cards import Language
from ascenseur.review.format import DealReview, Decision, Review, SeatReview, parse_action
from ascenseur.search.problem import Estimate
from ascenseur.text.advice import reason
from ascenseur.text.messages import count, decimal, percent, tr

WIDTH = 80


def review_lines(review: Review, lang: Language) -> list[str]:
    """The review as lines of text (each at most :data:`WIDTH` columns)."""
    lines: list[str] = []
    for number, seat in enumerate(review.seats):
        if number:
            lines.append("")
        lines.extend(seat_lines(review, seat, lang))
    return lines


def seat_lines(review: Review, seat: SeatReview, lang: Language) -> list[str]:
    """One seat's review."""
    who = (
        tr(lang, "review_seat_named", seat=seat.seat, name=seat.name)
        if seat.name
        else tr(lang, "review_seat", seat=seat.seat)
    )
    lines = [
        tr(
            lang,
            "review_title",
            who=who,
            players=review.record.players,
            deals=count(lang, review.record.deals, "deal"),
        ),
        tr(lang, "review_record", digest=review.record.digest[:23] + "…", seed=review.seed),
        budget_line(review, lang),
    ]
    lines += _wrap(thresholds_line(review, lang), "")
    lines.append("")
    for sentence in game_sentences(seat, lang):
        lines += _wrap(sentence, "")
    lines += ["", tr(lang, "review_costliest")]
    if not seat.summary.costliest:
        lines.append("  " + tr(lang, "review_none_lost"))
    for decision in costliest(seat):
        lines += _wrap(moment_line(decision, lang), "  ", "    ")
        for sentence in reasons(decision, lang):
            lines += _wrap(sentence, "    ", "      ")
    lines += ["", tr(lang, "review_deals"), *deal_table(seat.deals, lang)]
    lossy = [deal for deal in seat.deals if any(worth_listing(d) for d in deal.decisions)]
    if lossy:
        lines += ["", tr(lang, "review_lossy")]
    for deal in lossy:
        lines.append("  " + deal_head(deal, lang))
        for decision in deal.decisions:
            if worth_listing(decision):
                lines += _wrap(moment_line(decision, lang), "    ", "      ")
                lines += _wrap(_options(decision, lang), "      ", "      ")
    return lines


def worth_listing(decision: Decision) -> bool:
    """Whether a decision is worth listing: it lost more than a best one may."""
    return decision.label not in ("forced", "best")


def budget_line(review: Review, lang: Language) -> str:
    budget = review.budget
    if budget.name is None:
        return tr(lang, "review_budget_number", cards=budget.playouts, bids=budget.bid_playouts)
    return tr(
        lang, "review_budget", name=budget.name, cards=budget.playouts, bids=budget.bid_playouts
    )


def thresholds_line(review: Review, lang: Language) -> str:
    t = review.thresholds
    return tr(
        lang,
        "review_labels",
        best=_number(t.best, lang),
        good=_number(t.good, lang),
        inaccuracy=_number(t.inaccuracy, lang),
        mistake=_number(t.mistake, lang),
    )


def _number(value: float, lang: Language) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def action_name(code: str, lang: Language) -> str:
    action = parse_action(code)
    if code.startswith("bid "):
        return tr(lang, "why_bid_name", value=code[4:])
    return action.display(lang)


def _where(decision: Decision, lang: Language) -> str:
    deal = decision.deal + 1
    if decision.trick is None:
        return tr(lang, "review_where_bid", deal=deal)
    return tr(lang, "review_where_card", deal=deal, trick=decision.trick)


def moment_line(decision: Decision, lang: Language) -> str:
    return tr(
        lang,
        "review_moment",
        where=_where(decision, lang),
        chosen=action_name(decision.chosen, lang),
        best=action_name(decision.best, lang),
        label=tr(lang, f"label_{decision.label}"),
        lost=decimal(lang, decision.lost),
    )


def _estimate(decision: Decision, code: str) -> Estimate | None:
    option = decision.option(code)
    return option.estimate() if option is not None else None


def reasons(decision: Decision, lang: Language) -> list[str]:
    """Why the best option was better (:func:`~ascenseur.text.advice.reason`), as sentences:
    a card against the one played (or, when it was the one played, against the next best); a
    bid with its chances, then the bid chosen with its own. None for a forced decision."""
    best = _estimate(decision, decision.best)
    if best is None:
        return []
    chosen = _estimate(decision, decision.chosen)
    if chosen is None or chosen.action == best.action:
        runner = next((o for o in decision.options if o.action != decision.best), None)
        chosen = None if runner is None else runner.estimate()
        if decision.kind == "bid" or chosen is None:
            return [reason(best, lang, decision.bid)]
    if decision.kind == "card":
        return [reason(best, lang, decision.bid, chosen)]
    return [reason(best, lang), reason(chosen, lang)]


def game_sentences(seat: SeatReview, lang: Language) -> list[str]:
    """A seat's whole game in two sentences: the points lost and the share of best choices,
    then the score against what the decisions made were worth, and the luck."""
    s = seat.summary
    if s.weighed:
        lost = tr(
            lang,
            "review_lost",
            lost=decimal(lang, s.lost),
            best=s.best,
            weighed=s.weighed,
            share=percent(lang, s.best_share or 0.0),
        )
    else:
        lost = tr(lang, "review_no_choice")
    luck = tr(
        lang,
        "review_luck",
        score=s.score,
        expected=decimal(lang, s.expected),
        luck=decimal(lang, s.luck, sign=True),
    )
    return [lost, luck]


def costliest(seat: SeatReview) -> list[Decision]:
    """The decisions the summary names as the costliest, costliest first."""
    decisions = {(d.deal, d.number): d for deal in seat.deals for d in deal.decisions}
    return [decisions[(c.deal, c.number)] for c in seat.summary.costliest]


def _options(decision: Decision, lang: Language) -> str:
    parts = []
    for option in decision.options:
        parts.append(
            f"{action_name(option.action, lang)} {decimal(lang, option.points, sign=True)}"
        )
    return tr(lang, "review_options", options=", ".join(parts))


def deal_head(deal: DealReview, lang: Language) -> str:
    """A deal's review in one line: its number, cards, bid, tricks and score."""
    return tr(
        lang,
        "review_deal_head",
        deal=deal.deal + 1,
        cards=count(lang, deal.hand_size, "card"),
        bid="—" if deal.bid is None else deal.bid,
        tricks="—" if deal.tricks is None else deal.tricks,
        score="—" if deal.score is None else f"{deal.score:+d}",
    )


#: The deal table's column widths (right-aligned), in the order of ``review_columns``: each
#: a cell wider than its heading in either language, so that headings never touch.
COLUMNS = (6, 7, 5, 6, 6, 9, 7, 6, 7)


def deal_table(deals: list[DealReview], lang: Language) -> list[str]:
    heads = tr(lang, "review_columns").split("|")
    rows = [heads]
    for deal in deals:
        rows.append(
            [
                str(deal.deal + 1),
                str(deal.hand_size),
                _or_dash(deal.bid),
                _or_dash(deal.tricks),
                "—" if deal.score is None else f"{deal.score:+d}",
                "—" if deal.expected is None else decimal(lang, deal.expected, sign=True),
                "—" if deal.luck is None else decimal(lang, deal.luck, sign=True),
                decimal(lang, deal.lost),
                f"{deal.best}/{deal.weighed}",
            ]
        )
    return [
        "".join(cell.rjust(width) for cell, width in zip(row, COLUMNS, strict=True)) for row in rows
    ]


def time_left(seconds: float) -> str:
    """A wait in words a progress line shows: ``40 s``, ``2 min 05 s`` (either language).

    >>> time_left(0.2), time_left(40.4), time_left(125)
    ('1 s', '40 s', '2 min 05 s')
    """
    whole = max(1, round(seconds))
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60} min {whole % 60:02d} s"


def _or_dash(value: int | None) -> str:
    return "—" if value is None else str(value)


def _wrap(text: str, first: str, rest: str | None = None) -> list[str]:
    """``text`` in lines of :data:`WIDTH` columns; a number stays with the word after it."""
    kept = _NUMBER_AND_WORD.sub("\\1" + _GLUE, text)
    lines = textwrap.wrap(
        kept,
        WIDTH,
        initial_indent=first,
        subsequent_indent=first if rest is None else rest,
        break_on_hyphens=False,
    )
    return [line.replace(_GLUE, " ") for line in lines]


#: A space textwrap never breaks at (it breaks at ASCII spaces only), put back after.
_GLUE = "\u00a0"
_NUMBER_AND_WORD = re.compile(r"(\d) (?=[^\W\d])")


__all__ = [
    "action_name",
    "budget_line",
    "costliest",
    "deal_table",
    "game_sentences",
    "moment_line",
    "reasons",
    "review_lines",
    "seat_lines",
    "thresholds_line",
    "time_left",
    "worth_listing",
]
