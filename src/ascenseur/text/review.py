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
        _budget(review, lang),
    ]
    lines += _wrap(_thresholds(review, lang), "")
    lines.append("")
    s = seat.summary
    if s.weighed:
        lines += _wrap(
            tr(
                lang,
                "review_lost",
                lost=decimal(lang, s.lost),
                best=s.best,
                weighed=s.weighed,
                share=percent(lang, s.best_share or 0.0),
            ),
            "",
        )
    else:
        lines.append(tr(lang, "review_no_choice"))
    lines += _wrap(
        tr(
            lang,
            "review_luck",
            score=s.score,
            expected=decimal(lang, s.expected),
            luck=decimal(lang, s.luck, sign=True),
        ),
        "",
    )
    lines += ["", tr(lang, "review_costliest")]
    decisions = {(d.deal, d.number): d for deal in seat.deals for d in deal.decisions}
    if not s.costliest:
        lines.append("  " + tr(lang, "review_none_lost"))
    for costly in s.costliest:
        decision = decisions[(costly.deal, costly.number)]
        lines += _wrap(_moment(decision, lang), "  ", "    ")
        lines += _why(decision, lang, "    ")
    lines += ["", tr(lang, "review_deals"), *_table(seat.deals, lang)]
    lossy = [deal for deal in seat.deals if any(_lost(d) for d in deal.decisions)]
    if lossy:
        lines += ["", tr(lang, "review_lossy")]
    for deal in lossy:
        lines.append("  " + _deal_head(deal, lang))
        for decision in deal.decisions:
            if _lost(decision):
                lines += _wrap(_moment(decision, lang), "    ", "      ")
                lines += _wrap(_options(decision, lang), "      ", "      ")
    return lines


def _lost(decision: Decision) -> bool:
    """Whether a decision is worth listing: it lost more than a best one may."""
    return decision.label not in ("forced", "best")


def _budget(review: Review, lang: Language) -> str:
    budget = review.budget
    if budget.name is None:
        return tr(lang, "review_budget_number", cards=budget.playouts, bids=budget.bid_playouts)
    return tr(
        lang, "review_budget", name=budget.name, cards=budget.playouts, bids=budget.bid_playouts
    )


def _thresholds(review: Review, lang: Language) -> str:
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


def _action(code: str, lang: Language) -> str:
    action = parse_action(code)
    if code.startswith("bid "):
        return tr(lang, "why_bid_name", value=code[4:])
    return action.display(lang)


def _where(decision: Decision, lang: Language) -> str:
    deal = decision.deal + 1
    if decision.trick is None:
        return tr(lang, "review_where_bid", deal=deal)
    return tr(lang, "review_where_card", deal=deal, trick=decision.trick)


def _moment(decision: Decision, lang: Language) -> str:
    return tr(
        lang,
        "review_moment",
        where=_where(decision, lang),
        chosen=_action(decision.chosen, lang),
        best=_action(decision.best, lang),
        label=tr(lang, f"label_{decision.label}"),
        lost=decimal(lang, decision.lost),
    )


def _estimate(decision: Decision, code: str) -> Estimate | None:
    option = decision.option(code)
    return option.estimate() if option is not None else None


def _why(decision: Decision, lang: Language, indent: str) -> list[str]:
    """Why the best option was better than the one chosen (:func:`reason`): a card against
    the one played; a bid, both bids with their chances."""
    best = _estimate(decision, decision.best)
    chosen = _estimate(decision, decision.chosen)
    if best is None or chosen is None:
        return []
    if decision.kind == "card":
        return _wrap(reason(best, lang, decision.bid, chosen), indent, indent + "  ")
    lines = _wrap(reason(best, lang), indent, indent + "  ")
    return lines + _wrap(reason(chosen, lang), indent, indent + "  ")


def _options(decision: Decision, lang: Language) -> str:
    parts = []
    for option in decision.options:
        parts.append(f"{_action(option.action, lang)} {decimal(lang, option.points, sign=True)}")
    return tr(lang, "review_options", options=", ".join(parts))


def _deal_head(deal: DealReview, lang: Language) -> str:
    return tr(
        lang,
        "review_deal_head",
        deal=deal.deal + 1,
        cards=count(lang, deal.hand_size, "card"),
        bid="—" if deal.bid is None else deal.bid,
        tricks="—" if deal.tricks is None else deal.tricks,
        score="—" if deal.score is None else f"{deal.score:+d}",
    )


#: The deal table's column widths (right-aligned), in the order of ``review_columns``.
COLUMNS = (5, 6, 5, 6, 6, 9, 7, 6, 7)


def _table(deals: list[DealReview], lang: Language) -> list[str]:
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


__all__ = ["review_lines", "seat_lines"]
