"""The rules page ("How to play", ``#/rules``): the rules as the engine applies them.

Every example on the page is computed here by the core — the schedules by
:class:`~ascenseur.core.rules.Rules`, the points by :func:`~ascenseur.core.scoring.deal_score`
under each scoring table, the hook by the core's bidding, the lead rule (with and without the
lead restriction) and the Excuse by :func:`~ascenseur.core.tricks.legal_cards` and
:func:`~ascenseur.core.tricks.trick_winner` — so the page cannot say one thing while the game
does another. The house rules (RULES.md §7) each have a section; given a table's rule set, the
page says which of them the table plays, its deals, and its points.

>>> page = rules_page("en")
>>> [row["points"] for row in page["scoring"]][:3]
[3, 5, 7]
>>> page["hook"]["allowed"]
[0, 1, 3, 4, 5]
>>> [s["text"] for s in page["sections"] if s["key"] == "follow"][0].split("Example: ")[1]
'5♥, trump 7 played, you hold trump 4, trump 9, K♠: you must play trump 9.'
>>> [(t["name"], t["examples"][1]["points"]) for t in page["scoring_tables"]][:2]
[('ascenseur', 5), ('tricks-and-ten', 11)]
>>> [row["deals"] for row in page["shapes"]][1]
[5, 4, 3, 2, 1, 2, 3, 4, 5]
>>> table = rules_page("en", Rules.from_json({"players": 3, "max_cards": 2,
...     "schedule": "down-up", "scoring": {"exact_base": 10, "exact_per_bid": 0,
...     "miss_per_trick": 0, "per_trick": 1}, "bidding": "simultaneous"}))["table"]
>>> table["schedule"], table["uses"], table["scoring"][1]["points"]
([2, 1, 2], ['shapes', 'tables', 'closed_fists'], 11)
"""

from __future__ import annotations

from typing import Any

from ascenseur.core.cards import Card, Language
from ascenseur.core.rules import MAX_PLAYERS, SCORING_TABLES, SEED_SCORING, SHAPES, Rules, Scoring
from ascenseur.core.scoresheet import legal_bids
from ascenseur.core.scoring import deal_score
from ascenseur.core.tricks import legal_cards, trick_winner
from ascenseur.text.catalogue import load
from ascenseur.text.messages import typeset
from ascenseur.text.rules import TABLE_NAMES

#: (English, French) paragraphs of each section, by key (``catalogue/howto.toml``); ``{…}``
#: fields filled from examples.
TEXT = typeset(load("howto"))

#: (English, French) of each section's title, by the same key, and of the page's column heads
#: and the schedule shapes (``catalogue/howto_titles.toml``).
TITLES = typeset(load("howto_titles"))

#: The peak the schedule shapes are shown over, and a list a table might play.
SHAPE_PEAK = 5
LISTED = (5, 5, 5, 5)

#: (bid, tricks) pairs shown in the scoring table: exact bids, then misses.
SCORING_EXAMPLES = ((0, 0), (1, 1), (2, 2), (5, 5), (0, 1), (1, 4), (3, 1))


def _cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def _capital(text: str) -> str:
    """A scoring table's name (the one the table and the create form use, H2) as a heading."""
    return text[:1].upper() + text[1:]


def _names(cards: list[Card], lang: Language) -> str:
    return ", ".join(card.display(lang) for card in cards)


def _uses(rules: Rules) -> list[str]:
    """The sections of the house rules (and the hook) that ``rules`` plays."""
    uses = []
    if rules.shape != SHAPES[0]:
        uses.append("shapes")
    if rules.scoring != SEED_SCORING:
        uses.append("tables")
    if not rules.lead_restriction:
        uses.append("lead_free")
    if rules.simultaneous:
        uses.append("closed_fists")
    if rules.blind_one_card:
        uses.append("blind")
    if rules.hook:
        uses.append("hook")
    return uses


def _examples(scoring: Scoring) -> list[dict[str, int]]:
    return [
        {"bid": bid, "tricks": took, "points": deal_score(scoring, bid, took)}
        for bid, took in SCORING_EXAMPLES
    ]


def rules_page(lang: Language, rules: Rules | None = None) -> dict[str, Any]:
    """The rules page in ``lang``: its sections (title, text) and the computed tables; with a
    table's ``rules``, also ``table``: its rule set, deals, points and the options it plays."""
    index = 1 if lang == "fr" else 0
    others = [2, 0, 1]
    hooked = Rules(players=4, max_cards=5, hook=True)
    allowed = legal_bids(hooked, 4, 3, others)  # deal 5: 5 cards each, seat 3 deals last
    forbidden = next(v for v in range(6) if v not in allowed)
    hand = _cards("H5 T3 EX")
    trumps = _cards("T3 T17 EX")
    trick = _cards("EX H3 HK T1")
    overtrump_trick = _cards("H5 T7")  # P6: void in hearts, a trump above the 7 is owed
    overtrump_hand = _cards("T4 T9 SK")
    seen = _cards("H3 T1")  # a blind one-card deal: what the leader sees of the others
    yours = Card.parse("HK")
    fields: dict[str, dict[str, object]] = {
        "hook": {
            "cards": 5,
            "others": ", ".join(map(str, others)),
            "allowed": ", ".join(map(str, allowed)),
            "forbidden": forbidden,
        },
        "lead": {
            "hand": _names(hand, lang),
            "legal": _names(legal_cards(hand, []), lang),
            "trumps": _names(trumps, lang),
        },
        "follow": {
            "trick": _names(overtrump_trick, lang),
            "hand": _names(overtrump_hand, lang),
            "legal": _names(legal_cards(overtrump_hand, overtrump_trick), lang),
        },
        "excuse": {
            "trick": _names(trick, lang),
            "winner": trick[trick_winner(trick)].display(lang),
        },
        "scoring": {**SEED_SCORING.to_json()},
        "shapes": {
            "peak": SHAPE_PEAK,
            "listed": ", ".join(map(str, Rules(players=4, schedule=LISTED).schedule)),
        },
        "lead_free": {
            "hand": _names(hand, lang),
            "legal": _names(legal_cards(hand, [], lead_restriction=False), lang),
        },
        "blind": {
            "seen": _names(seen, lang),
            "yours": yours.display(lang),
            "winner": [yours, *seen][trick_winner([yours, *seen])].display(lang),
        },
    }
    sections = [
        {
            "key": key,
            "title": TITLES[key][index],
            "text": TEXT[key][index].format(**fields.get(key, {})),
        }
        for key in TEXT
    ]
    page: dict[str, Any] = {
        "lang": lang,
        "sections": sections,
        "labels": {key: TITLES[key][index] for key in TITLES},
        "schedule": [
            {
                "players": n,
                "max_cards": Rules(players=n).max_cards,
                "deals": Rules(players=n).deal_count,
            }
            for n in range(3, MAX_PLAYERS + 1)
        ],
        "scoring": _examples(SEED_SCORING),
        "hook": {"cards": 5, "others": others, "allowed": allowed, "forbidden": forbidden},
        "shapes": [
            {
                "shape": shape,
                "label": TITLES[f"shape_{shape}"][index],
                "deals": list(Rules(players=4, max_cards=SHAPE_PEAK, schedule=shape).schedule),
            }
            for shape in SHAPES
        ],
        "scoring_tables": [
            {
                "name": name,
                "label": _capital(TABLE_NAMES[name][index]),
                "numbers": table.to_json(),
                "examples": _examples(table),
            }
            for name, table in SCORING_TABLES.items()
        ],
    }
    if rules is not None:
        page["table"] = {
            "rules": rules.to_json(),
            "schedule": list(rules.schedule),
            "scoring_name": rules.scoring.table_name(),
            "scoring": _examples(rules.scoring),
            "uses": _uses(rules),
        }
    return page
