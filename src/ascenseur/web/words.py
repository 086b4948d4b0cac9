"""The page's words: the terminal's catalogue (:mod:`ascenseur.text.messages`) and the few
strings only the browser shows, in English and French.

>>> catalogue("fr")["messages"]["bids"], catalogue("fr")["cards"]["DN"]
('{name} annonce {value}.', 'C♦')
>>> web_tr("en", "stale_state", seen=3, now=5)
'The game has moved on (your view was of state 3, it is at 5): here it is as it stands.'
"""

from __future__ import annotations

from typing import Any

from ascenseur.core.cards import DECK, Language
from ascenseur.core.rules import Rules
from ascenseur.text.catalogue import load, merge
from ascenseur.text.messages import MESSAGES, NOUNS, count, typeset

#: key → (English, French), for the browser only (``catalogue/web.toml`` and
#: ``web_review.toml``), the French typography put in as in the terminal's catalogue;
#: ``{name}`` fields as there.
WEB_MESSAGES = typeset(load("web", "web_review"))

#: The page's catalogue: the terminal's words and the browser's, one key for each sentence (a
#: key in both is refused here, at import).
PAGE_MESSAGES = merge(
    {"table.toml or review.toml": MESSAGES, "web.toml or web_review.toml": WEB_MESSAGES}
)


def web_tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` from the page's catalogue, its ``{fields}`` filled."""
    text = PAGE_MESSAGES[key][1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text


#: The score sheet's faults the page words itself (``catalogue/sheet.toml``): code →
#: (English, French); others keep the core's sentence.
_SHEET_ERRORS = typeset(load("sheet"))


def sheet_error(lang: Language, error: dict[str, Any], sheet: object) -> str:
    """A score sheet's fault (:func:`ascenseur.core.scoresheet.evaluate`) as a sentence in
    ``lang``, with the names and numbers of the sheet it was found in."""
    template = _SHEET_ERRORS.get(error["code"])
    fields: dict[str, Any] = {}
    try:
        assert isinstance(sheet, dict)
        rules = Rules.from_json(sheet["rules"])
        deal = error["deal"]
        entry = sheet["deals"][deal] if deal is not None else {}
        seats = sheet.get("seats") or [f"{seat + 1}" for seat in range(rules.players)]
        dealer = (sheet["first_dealer"] + (deal or 0)) % rules.players
        tricks = entry.get("tricks") or []
        fields = {
            "cards": rules.schedule[deal or 0],
            "in_hand": count(lang, rules.schedule[deal or 0], "card"),
            "dealer": seats[dealer],
            "value": entry["bids"][error["seat"]] if error["seat"] is not None else None,
            "sum": sum(t for t in tricks if isinstance(t, int)),
        }
    except (AssertionError, KeyError, IndexError, TypeError, ValueError):
        template = None
    if template is None:
        return sentence(error["message"])
    return template[1 if lang == "fr" else 0].format(**fields)


def sentence(text: str) -> str:
    """A core error's message as the page shows it: capitalised, with its full stop.

    >>> sentence("players must be 2…10, not 11")
    'Players must be 2…10, not 11.'
    """
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def catalogue(lang: Language) -> dict[str, Any]:
    """Everything the page needs to speak ``lang``: messages, nouns and every card's name."""
    index = 1 if lang == "fr" else 0
    return {
        "lang": lang,
        "messages": {key: texts[index] for key, texts in PAGE_MESSAGES.items()},
        "nouns": {noun: forms[index] for noun, forms in NOUNS.items()},
        "cards": {card.code: card.display(lang) for card in DECK},
    }
