"""The terminal's words, in English and French: the message catalogue (its files are in
:mod:`ascenseur.text.catalogue`; the page's catalogue adds its own to these), the nouns it
counts, and numbers as each language writes them.

>>> tr("fr", "bids", name="Ada", value=2)
'Ada annonce 2.'
>>> tr("en", "bids", name="Ada", value=2)
'Ada bids 2.'
"""

from __future__ import annotations

import re

from ascenseur.core.cards import Language
from ascenseur.text.catalogue import load, load_nouns

#: French typography: a narrow no-break space before ``: ; ? !`` (and none breakable).
NARROW_NBSP = "\u202f"
_FRENCH_SPACED = re.compile(r"(?<=[\w)\]}…'])[ \u00a0]([:;?!»])")
_FRENCH_OPENING = re.compile(r"«[ \u00a0]")


def french_typography(text: str) -> str:
    """``text`` with a narrow no-break space before ``: ; ? ! »`` and after ``«`` as French
    print wants: a line is never broken between a word and its colon or its quotes.

    Only after a word (or a closing bracket): a key name such as ``· ? aide`` stays as is.

    >>> french_typography("Donne 2 : fini ?") == "Donne 2\u202f: fini\u202f?"
    True
    """
    return _FRENCH_OPENING.sub("«" + NARROW_NBSP, _FRENCH_SPACED.sub(NARROW_NBSP + r"\1", text))


def typeset(texts: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """A catalogue of key → (English, French) with the French typography put in."""
    return {key: (en, french_typography(fr)) for key, (en, fr) in texts.items()}


#: key → (English, French): the game's words and its review's (``catalogue/table.toml`` and
#: ``review.toml``), the French typography put in; ``{name}`` fields are filled by :func:`tr`.
MESSAGES = typeset(load("table", "review"))


#: noun → ((English singular, plural), (French singular, plural)) (``catalogue/nouns.toml``).
NOUNS = load_nouns()


def count(lang: Language, n: int, noun: str) -> str:
    """``n`` and the noun, singular or plural as the language wants.

    >>> count("en", 0, "point"), count("fr", 0, "point"), count("fr", -3, "point")
    ('0 points', '0 point', '-3 points')
    """
    singular, plural = NOUNS[noun][1 if lang == "fr" else 0]
    one = abs(n) <= 1 if lang == "fr" else abs(n) == 1
    return f"{n} {singular if one else plural}"


def decimal(lang: Language, value: float, places: int = 1, *, sign: bool = False) -> str:
    """A number for people: ``+4.8`` in English, ``+4,8`` in French (decimal comma).

    >>> decimal("en", 4.84, sign=True), decimal("fr", 0.6), decimal("fr", -1.25, 2)
    ('+4.8', '0,6', '-1,25')
    """
    text = f"{value:{'+' if sign else ''}.{places}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(lang: Language, share: float) -> str:
    """A share as a whole percentage: ``61%`` in English, ``61\u202f%`` in French."""
    value = round(100 * share)
    return f"{value}{NARROW_NBSP}%" if lang == "fr" else f"{value}%"


def tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang``, its ``{fields}`` filled."""
    text = MESSAGES[key][1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text
