"""What the review screen shows, as Rich renderables: pure functions of a review.

The review screen (:mod:`ascenseur.tui.review_app`) steps through a game like ``ascenseur
replay``; at each decision of the reviewed seat it shows :func:`decision_panel` — what was
chosen, its label and loss, the options the expert weighed with their figures, and the one
explanation (:func:`ascenseur.text.review.reasons`, shared with the hints and ``ascenseur
review``); between two decisions :func:`deal_panel`, and on its summary page
:func:`summary_text`. :func:`decision_steps` says where in the replay each decision is.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ascenseur.core.actions import Deal
from ascenseur.core.cards import Language
from ascenseur.review.format import DealReview, Decision, Label, Option, Review, SeatReview
from ascenseur.text.messages import count, decimal, percent, tr
from ascenseur.text.review import (
    action_name,
    budget_line,
    costliest,
    deal_head,
    deal_table,
    game_sentences,
    moment_line,
    reasons,
    thresholds_line,
)
from ascenseur.timeline import Timeline

#: How each label is drawn: the worse, the louder.
LABEL_STYLES: dict[Label, str] = {
    "forced": "dim",
    "best": "bold green",
    "good": "green",
    "inaccuracy": "bold yellow",
    "mistake": "bold #ff8700",
    "blunder": "bold red",
}
#: At most this many numbers of tricks in an option's row (the likeliest); the rest are rare.
SPREAD = 3
#: Below this share, a number of tricks is not worth a place in an option's row.
SPREAD_FLOOR = 0.05


def of_seat(who: str, lang: Language) -> str:
    """``of Ada``; in French ``d'Ada`` before a vowel, else ``de Bob``.

    >>> of_seat("Ada", "en"), of_seat("Ada", "fr"), of_seat("Élise", "fr"), of_seat("Robot 2", "fr")
    ('of Ada', "d'Ada", "d'Élise", 'de Robot 2')
    """
    if lang != "fr":
        return f"of {who}"
    return f"d'{who}" if who[:1].casefold() in _VOWELS else f"de {who}"


_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûü")


def decision_steps(timeline: Timeline, seat: int) -> list[int]:
    """The positions of ``timeline`` (its indices) at which ``seat`` is to decide, in game
    order: the position before its bid or card, where the replay shows what it saw then.

    The same decisions, in the same order, as the review's (one per action of the seat:
    :func:`ascenseur.review.analysis.moments`)."""
    return [
        index
        for index, action in enumerate(timeline.actions)
        if not isinstance(action, Deal) and timeline.states[index].current_seat == seat
    ]


def seat_decisions(seat: SeatReview) -> list[Decision]:
    """Every decision of a reviewed seat, in game order."""
    return [decision for deal in seat.deals for decision in deal.decisions]


def label_text(decision: Decision, lang: Language) -> Text:
    """``inaccuracy: 0.4 points lost`` in the label's colour; ``best``, ``forced`` alone."""
    name = tr(lang, f"label_{decision.label}")
    if decision.lost > 0:
        name = tr(lang, "review_lost_label", label=name, lost=decimal(lang, decision.lost))
    return Text(name, style=LABEL_STYLES[decision.label])


def decision_title(decision: Decision, lang: Language) -> str:
    """``Deal 2 · bid`` or ``Deal 2 · trick 3``."""
    if decision.trick is None:
        return tr(lang, "review_panel_bid", deal=decision.deal + 1)
    return tr(lang, "review_panel_card", deal=decision.deal + 1, trick=decision.trick)


def decision_panel(decision: Decision, who: str, lang: Language, rows: int) -> RenderableType:
    """A decision: what was chosen against the best, the options weighed with their expected
    points, their chance (of an exact bid, or of making the bid) and of each number of tricks
    (at most ``rows`` in the table, the others in a line after it), and why."""
    chosen = action_name(decision.chosen, lang)
    if decision.label == "forced":
        return Text(tr(lang, "review_forced", who=who, chosen=chosen))
    if decision.chosen == decision.best:
        head = Text(tr(lang, "review_chose_best", who=who, chosen=chosen))
    else:
        best = action_name(decision.best, lang)
        head = Text(tr(lang, "review_chose", who=who, chosen=chosen, best=best))
    shown, rest = _split(decision.options, decision.chosen, rows)
    parts: list[RenderableType] = [head, _options_table(decision, shown, lang)]
    if rest:
        others = ", ".join(
            f"{action_name(o.action, lang)} {decimal(lang, o.points, sign=True)}" for o in rest
        )
        parts.append(Text(tr(lang, "review_also", options=others), style="dim"))
    parts.extend(Text(sentence, style="italic") for sentence in reasons(decision, lang))
    return Group(*parts)


def _split(options: Sequence[Option], chosen: str, rows: int) -> tuple[list[Option], list[Option]]:
    """The options a table shows (the best ``rows``, the one chosen always among them) and
    the others, each list best first."""
    shown = list(options[: max(rows, 1)])
    if all(o.action != chosen for o in shown):
        shown = [*shown[:-1], *(o for o in options if o.action == chosen)]
    rest = [o for o in options if o not in shown]
    return shown, rest


def _options_table(decision: Decision, options: Sequence[Option], lang: Language) -> Table:
    key = "review_option_heads" if decision.kind == "bid" else "review_option_heads_card"
    heads = tr(lang, key).split("|")
    grid = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    names = [action_name(o.action, lang) for o in options]
    mark = tr(lang, "review_chosen_mark")
    # Every column keeps its width but the chances of each number of tricks, which are cut
    # short (…) on a narrow screen rather than squeeze the figures.
    grid.add_column("", width=1)
    grid.add_column(heads[0], no_wrap=True, min_width=max(map(cell_len, [heads[0], *names])))
    grid.add_column(heads[1], justify="right", no_wrap=True, min_width=cell_len(heads[1]))
    grid.add_column(heads[2], justify="right", no_wrap=True, min_width=cell_len(heads[2]))
    grid.add_column("", no_wrap=True, min_width=cell_len(mark))
    grid.add_column(heads[3], no_wrap=True, overflow="ellipsis", ratio=1)
    for option in options:
        mine = option.action == decision.chosen
        best = option.action == decision.best
        style = "bold" if mine else ""
        grid.add_row(
            Text("★" if best else "", style="bold green"),
            Text(action_name(option.action, lang), style=style),
            Text(decimal(lang, option.points, sign=True), style=style),
            Text(percent(lang, option.exact), style=style),
            Text(tr(lang, "review_chosen_mark") if mine else "", style="bold"),
            Text(_spread(option, lang), style="dim"),
        )
    return grid


def _spread(option: Option, lang: Language) -> str:
    """``0: 23% · 1: 64% · 2: 13%``: the likeliest numbers of tricks, in order."""
    likely = sorted(
        t
        for share, t in sorted(((s, t) for t, s in enumerate(option.tricks)), reverse=True)[:SPREAD]
        if share >= SPREAD_FLOOR
    )
    separator = "\u202f: " if lang == "fr" else ": "
    return " · ".join(f"{t}{separator}{percent(lang, option.tricks[t])}" for t in likely)


def deal_panel(deal: DealReview, who: str, lang: Language) -> RenderableType:
    """Between two decisions: the deal's review in two lines, and how to reach a decision."""
    head = deal_head(deal, lang)
    more = tr(
        lang,
        "review_deal_more",
        expected="—" if deal.expected is None else decimal(lang, deal.expected, sign=True),
        luck="—" if deal.luck is None else decimal(lang, deal.luck, sign=True),
        lost=decimal(lang, deal.lost),
    )
    hint = Text(tr(lang, "review_no_decision", of=of_seat(who, lang)), style="dim")
    return Group(Text(head), Text(more), hint)


def summary_title(review: Review, who: str, lang: Language) -> str:
    """``Review of Ada — 4 players, 5 deals.``: the summary page's header."""
    deals = count(lang, review.record.deals, "deal")
    players = review.record.players
    return tr(lang, "review_of_game", of=of_seat(who, lang), players=players, deals=deals)


def summary_text(review: Review, seat: SeatReview, lang: Language) -> Text:
    """The summary page: what the figures mean and how hard the expert searched, the whole
    game, the costliest decisions with the key that shows each, the deals in a table, and
    what the labels mean."""
    text = Text()
    text.append(tr(lang, "review_meaning") + "\n", style="italic")
    text.append(budget_line(review, lang) + "\n\n", style="dim")
    for sentence in game_sentences(seat, lang):
        text.append(sentence + "\n")
    text.append("\n" + tr(lang, "review_costly_keys") + "\n", style="bold")
    costly = costliest(seat)
    if not costly:
        text.append("   " + tr(lang, "review_none_lost") + "\n")
    for key, decision in enumerate(costly, start=1):
        text.append(f" {key} ", style="bold reverse")
        text.append(" " + moment_line(decision, lang) + "\n", style=LABEL_STYLES[decision.label])
    text.append("\n" + tr(lang, "review_deals") + "\n", style="bold")
    for line in deal_table(seat.deals, lang):
        text.append(line + "\n")
    text.append("\n" + thresholds_line(review, lang), style="dim")
    return text


__all__ = [
    "LABEL_STYLES",
    "deal_panel",
    "decision_panel",
    "decision_steps",
    "decision_title",
    "label_text",
    "of_seat",
    "seat_decisions",
    "summary_text",
    "summary_title",
]
