"""A rule set in words, in English and French: what the table shows and the help explains.

Every number comes from the rule set itself (the schedule, the scoring table's five numbers,
and the scoring function for examples), so the words cannot drift from what the engine counts.

>>> from ascenseur.core.rules import SCORING_TABLES, Rules
>>> rules = Rules(4, 3, schedule="down-up", scoring=SCORING_TABLES["tens"], bidding="simultaneous")
>>> rules_summary(rules, "en")
'tens · 3 down to 1 and back up · closed fists'
>>> for line in rules_lines(rules, "en"):
...     print(line)
4 players; hands of 3 down to 1 and back up: 3, 2, 1, 2, 3 (5 deals).
Scoring: tens. Exact: 20 + 10 × the bid. Missed: −(10 × the gap).
Lead: while you hold a suit card, you must lead one (P2).
Bidding: closed fists — nobody sees another bid until the last one is in (H4).
>>> print(scoring_formula(SCORING_TABLES["tricks-and-ten"], "en"))
Exact: 10. Missed: 0. Plus 1 a trick taken.
>>> scoring_examples(SCORING_TABLES["tricks-and-ten"], "en")
'Bid 2 and take 2: +12. Bid 0 and take 0: +10. Bid 2 and take 3: +3. Bid 1 and take 4: +4.'
"""

from __future__ import annotations

from ascenseur.core.cards import Language
from ascenseur.core.rules import SCORING_TABLES, SHAPES, Rules, Scoring
from ascenseur.text.catalogue import load
from ascenseur.text.messages import MESSAGES, count, french_typography

#: The scoring tables people play (H2), as they are called: name → (English, French), the
#: ``scoring_name_…`` words of the catalogue, which the page's create form uses too.
TABLE_NAMES: dict[str, tuple[str, str]] = {
    name: MESSAGES[f"scoring_name_{name}"] for name in SCORING_TABLES
}

#: (English, French) of each sentence (``catalogue/rules.toml``); ``{…}`` filled from the
#: rule set.
_WORDS = load("rules")

#: The deals the help and the table's words use as examples: (bid, tricks).
EXAMPLES = ((2, 2), (0, 0), (2, 3), (1, 4))


def sentence(lang: Language, key: str, **fields: object) -> str:
    """One of this module's sentences (``simultaneous``, ``lead_off``, ``blind``, …)."""
    return _w(lang, key, **fields)


def _w(lang: Language, key: str, **fields: object) -> str:
    text = _WORDS[key][1 if lang == "fr" else 0].format(**fields)
    return french_typography(text) if lang == "fr" else text


def sizes_text(sizes: tuple[int, ...]) -> str:
    """``1, 2, 3, 2, 1``; a long one by its ends and its middle: ``1, 2, 3 … 19 … 3, 2, 1``."""
    if len(sizes) <= 9:
        return ", ".join(map(str, sizes))
    head, tail = ", ".join(map(str, sizes[:3])), ", ".join(map(str, sizes[-3:]))
    return f"{head} … {sizes[len(sizes) // 2]} … {tail}"


def schedule_words(rules: Rules, lang: Language) -> str:
    """How the hands go: ``3 down to 1 and back up``, or the list itself."""
    if rules.shape is None:
        return _w(lang, "list", sizes=sizes_text(rules.schedule))
    return _w(lang, rules.shape, peak=rules.max_cards)


def table_name(scoring: Scoring, lang: Language) -> str:
    """The scoring table's name as people say it, or "the table's own"."""
    name = scoring.table_name()
    if name is None:
        return _w(lang, "custom") + " (" + ", ".join(map(str, scoring.as_tuple())) + ")"
    return TABLE_NAMES[name][1 if lang == "fr" else 0]


def scoring_formula(scoring: Scoring, lang: Language) -> str:
    """The five numbers of a scoring table in words (H2): exact, missed, per trick."""
    bid, gap = _w(lang, "the_bid"), _w(lang, "the_gap")
    exact = [str(scoring.exact_base)] if scoring.exact_base else []
    if scoring.exact_per_bid:
        exact.append(bid if scoring.exact_per_bid == 1 else f"{scoring.exact_per_bid} × {bid}")
    per = ""
    if scoring.miss_per_trick:
        per = gap if scoring.miss_per_trick == 1 else f"{scoring.miss_per_trick} × {gap}"
    if scoring.miss_base and per:
        missed = f"−({scoring.miss_base} + {per})"
    elif per:
        missed = f"−({per})"
    elif scoring.miss_base:
        missed = f"−{scoring.miss_base}"
    else:
        missed = "0"
    parts = [
        _w(lang, "exact", points=" + ".join(exact) or "0"),
        _w(lang, "missed", points=missed),
    ]
    if scoring.per_trick:
        parts.append(_w(lang, "per_trick", points=scoring.per_trick))
    return " ".join(parts)


def example(lang: Language, bid: int, tricks: int, points: int) -> str:
    """One deal scored: ``Bid 1 and take 4: -3.`` / ``Annonce 0, 1 pli fait : -1.``"""
    made = count(lang, tricks, "trick_made")
    return _w(lang, "example", bid=bid, tricks=tricks, made=made, points=points)


def scoring_examples(scoring: Scoring, lang: Language) -> str:
    """A few deals scored by the table itself (:meth:`Scoring.points`)."""
    return " ".join(
        example(lang, bid, tricks, scoring.points(bid, tricks)) for bid, tricks in EXAMPLES
    )


def rules_lines(rules: Rules, lang: Language) -> list[str]:
    """The rule set in sentences: table and schedule, scoring, lead, bidding, then the hook
    and blind one-card deals when the table plays them."""
    deals = count(lang, rules.deal_count, "deal")
    if rules.shape is None:
        first = _w(
            lang,
            "table_list",
            players=rules.players,
            sizes=sizes_text(rules.schedule),
            deals=deals,
        )
    else:
        first = _w(
            lang,
            "table",
            players=rules.players,
            schedule=schedule_words(rules, lang),
            sizes=sizes_text(rules.schedule),
            deals=deals,
        )
    lines = [
        first,
        _w(
            lang,
            "scoring",
            name=table_name(rules.scoring, lang),
            formula=scoring_formula(rules.scoring, lang),
        ),
        _w(lang, "lead_on" if rules.lead_restriction else "lead_off"),
        _w(lang, "simultaneous" if rules.simultaneous else "in_turn"),
    ]
    if rules.hook:
        lines.append(_w(lang, "hook"))
    if rules.blind_one_card:
        lines.append(_w(lang, "blind"))
    return lines


def rules_summary(rules: Rules, lang: Language) -> str:
    """The table's rules in a few words for a header: the scoring table, and what differs
    from the seed's game (schedule, lead, bidding, hook, blind deals)."""
    tags = [table_name(rules.scoring, lang)]
    if rules.shape != SHAPES[0]:
        tags.append(schedule_words(rules, lang))
    if not rules.lead_restriction:
        tags.append(_w(lang, "tag_lead_off"))
    if rules.simultaneous:
        tags.append(_w(lang, "tag_simultaneous"))
    if rules.hook:
        tags.append(_w(lang, "tag_hook"))
    if rules.blind_one_card:
        tags.append(_w(lang, "tag_blind"))
    return " · ".join(tags)


__all__ = [
    "TABLE_NAMES",
    "rules_lines",
    "rules_summary",
    "schedule_words",
    "scoring_examples",
    "scoring_formula",
    "sentence",
    "sizes_text",
    "table_name",
]
