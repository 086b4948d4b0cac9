"""What people type for a bid or a card, read back into the game's values.

Every way the program shows a card is accepted back, in either language, whatever the case or
the spaces: ``10♥``, ``1♠``, ``C♦``/``N♦`` (knight), ``D♠``/``Q♠`` (queen), ``R♣``/``K♣``
(king), ``V♥``/``J♥`` (jack), ``atout 17``/``trump 17``, ``17`` (a bare number is a trump),
``Excuse``; the record codes (``H10``, ``DN``, ``T17``, ``EX``); words (``roi de cœur``,
``king of hearts``); and, for keyboards without suit symbols, the rank then a suit letter —
in English ``S H D C`` (``10h``, ``Nd``), in French ``P C K T`` for pique, cœur, carreau,
trèfle (``10c``, ``Ck``: the French habit). The one spelling read differently by the two
languages is such a letter pair that is also a record code (``CK``: cavalier de carreau in
French, the king of clubs' code in English): each language reads it its own way.

>>> [read_card(text, "en").code for text in ("10♥", "n ♦", "C♦", "atout 17", "17", "kh", "ex")]
['H10', 'DN', 'DN', 'T17', 'T17', 'HK', 'EX']
>>> [read_card(text, "fr").code for text in ("roi de cœur", "Ck", "CK", "10t", "S1", "Excuse")]
['HK', 'DN', 'DN', 'C10', 'S1', 'EX']
>>> read_card("CK", "en").code, read_card("²", "en"), read_bid("12"), read_bid("²")
('CK', None, 12, None)
>>> [is_my_card(text) for text in ("my card", "Ma carte", "m", "mycard", "K♥")]
[True, True, True, True, False]
"""

from __future__ import annotations

import re
import unicodedata

from ascenseur.core.cards import (
    CODE_INDEX,
    DECK,
    EXCUSE,
    FIRST_TRUMP,
    SUIT_SIZE,
    TRUMP_COUNT,
    Card,
    Language,
)
from ascenseur.text.messages import french_typography

#: A bid or a position in the hand is at most this many digits (a deal has at most 78 cards).
MAX_DIGITS = 3
_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")

_SYMBOLS = {"♠": 0, "♤": 0, "♥": 1, "♡": 1, "♦": 2, "♢": 2, "♣": 3, "♧": 3}
_SUIT_WORDS = {
    **dict.fromkeys(("spade", "spades", "pique", "piques"), 0),
    **dict.fromkeys(("heart", "hearts", "coeur", "coeurs"), 1),
    **dict.fromkeys(("diamond", "diamonds", "carreau", "carreaux"), 2),
    **dict.fromkeys(("club", "clubs", "trefle", "trefles"), 3),
}
_SUIT_LETTERS: dict[Language, dict[str, int]] = {
    "en": {"s": 0, "h": 1, "d": 2, "c": 3},
    "fr": {"p": 0, "c": 1, "k": 2, "t": 3},
}
#: Rank letters as cards show them, in both languages (they never overlap: J N Q K, V C D R).
_RANK_LETTERS = {"j": 11, "n": 12, "q": 13, "k": 14, "v": 11, "c": 12, "d": 13, "r": 14}
_RANK_LETTERS_OF: dict[Language, str] = {"en": "jnqk", "fr": "vcdr"}
_RANK_WORDS = {
    **dict.fromkeys(("as", "ace"), 1),
    **dict.fromkeys(("valet", "jack"), 11),
    **dict.fromkeys(("cavalier", "knight", "chevalier"), 12),
    **dict.fromkeys(("dame", "queen"), 13),
    **dict.fromkeys(("roi", "king"), 14),
}
_FILLERS = {"de", "du", "of", "the", "l", "le", "la", "a", "an"}
_TRUMP = re.compile(r"(?:atout|trump|t)?([0-9]{1,2})")
_EXCUSE = {"ex", "excuse", "lexcuse", "theexcuse", "exc", "x"}


def read_bid(text: str) -> int | None:
    """The number ``text`` is (ASCII digits only, at most :data:`MAX_DIGITS`), else None."""
    stripped = text.strip()
    return int(stripped) if _NUMBER.fullmatch(stripped) else None


def read_card(text: str, lang: Language) -> Card | None:
    """The card ``text`` names in any notation the program shows (see the module), else None.

    A bare number is a trump here; the plain mode reads it as a place in the hand first.
    """
    words = _words(text)
    if not words:
        return None
    joined = "".join(words)
    if joined in _EXCUSE:
        return EXCUSE
    trump = _TRUMP.fullmatch(joined)
    if trump:
        rank = int(trump.group(1))
        return DECK[FIRST_TRUMP + rank - 1] if 1 <= rank <= TRUMP_COUNT else None
    return _suit_card(words, joined, lang)


def _words(text: str) -> list[str]:
    """``text`` folded (case, accents, œ), suit symbols spaced out, fillers dropped."""
    folded = unicodedata.normalize("NFD", text.casefold().replace("œ", "oe"))
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    for symbol in _SYMBOLS:
        folded = folded.replace(symbol, f" {symbol} ")
    folded = re.sub(r"[’'`.,;:!?()\[\]-]", " ", folded)
    return [word for word in folded.split() if word not in _FILLERS]


def _card(suit: int, rank: int) -> Card | None:
    return DECK[suit * SUIT_SIZE + rank - 1] if 0 <= suit < 4 and 1 <= rank <= 14 else None


def _rank(word: str, letters: str) -> int | None:
    if _NUMBER.fullmatch(word):
        value = int(word)
        return value if 1 <= value <= 10 else None
    if word in _RANK_WORDS:
        return _RANK_WORDS[word]
    if len(word) == 1 and word in letters:
        return _RANK_LETTERS[word]
    return None


def _suit_card(words: list[str], joined: str, lang: Language) -> Card | None:
    """A suit card: by symbol, by words, by the rank and a suit letter, or by its code."""
    symbols = [w for w in words if w in _SYMBOLS]
    if len(symbols) == 1:
        rest = [w for w in words if w not in _SYMBOLS]
        rank = _rank("".join(rest), "jnqkvcdr")
        return _card(_SYMBOLS[symbols[0]], rank) if rank is not None else None
    if symbols:
        return None
    if len(words) == 2 and words[1] in _SUIT_WORDS:
        rank = _rank(words[0], "jnqkvcdr")
        return _card(_SUIT_WORDS[words[1]], rank) if rank is not None else None
    letters = _SUIT_LETTERS[lang]
    match = re.fullmatch(r"([0-9]{1,2}|[a-z])([a-z])", joined)
    if match and match.group(2) in letters:
        rank = _rank(match.group(1), _RANK_LETTERS_OF[lang])
        if rank is not None:
            return _card(letters[match.group(2)], rank)
    index = CODE_INDEX.get(joined.upper())
    return DECK[index] if index is not None else None


def card_names(lang: Language, *, bare_trumps: bool = True) -> str:
    """How to type a card, for the help: the notations :func:`read_card` knows, in ``lang``.

    ``bare_trumps``: a bare number is a trump (the full screen's ``:``); otherwise (the plain
    mode, where ``3`` is the third card of the hand) a trump is typed ``t17`` or ``trump 17``.
    """
    if lang == "fr":
        trumps = "un nombre seul est un atout (17)" if bare_trumps else "un atout : t17"
        return french_typography(
            "la carte comme elle s'affiche (10♥, C♦, atout 17, Excuse), en mots (roi de cœur) "
            "ou le rang puis la couleur : 1-10, V (valet), C (cavalier), D (dame), R (roi), "
            "puis P (pique), C (cœur), K (carreau), T (trèfle) — 10c, Ck, Rt ; "
            f"{trumps}, ou EX pour l'Excuse"
        )
    trumps = "a bare number is a trump (17)" if bare_trumps else "a trump as t17"
    return (
        "the card as shown (10♥, N♦, trump 17, Excuse), in words (king of hearts) or the "
        "rank then the suit: 1-10, J (jack), N (knight, the tarot's extra face card between "
        "jack and queen), Q (queen), K (king), then S, H, D, C — 10h, Nd, Ks; "
        f"{trumps}, or EX for the Excuse"
    )


def card_examples(lang: Language) -> str:
    """A few cards as typed in ``lang``, for the line where a card is typed."""
    return "10♥, C♦, 17, Excuse, 10c…" if lang == "fr" else "10♥, N♦, 17, Excuse, 10h…"


def echo(text: str, limit: int = 40) -> str:
    r"""What a person typed, to be repeated back: at most ``limit`` characters (then ``…``),
    anything unprintable escaped, so that nothing typed can move the terminal's cursor.

    >>> print(echo("x\x1b[2J"), echo("9" * 50, 5))
    x\x1b[2J 99999…
    """
    shown = text if len(text) <= limit else text[:limit] + "…"
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in shown)


#: What people type for "my card", the play of a blind one-card deal (house rule H5).
MY_CARD_WORDS = frozenset(("m", "my card", "mycard", "ma carte", "macarte", "moi"))


def is_my_card(text: str) -> bool:
    """Whether ``text`` says "my card" (``ma carte``, ``m``), in either language."""
    return " ".join(text.casefold().split()) in MY_CARD_WORDS


__all__ = [
    "MAX_DIGITS",
    "MY_CARD_WORDS",
    "card_examples",
    "card_names",
    "echo",
    "is_my_card",
    "read_bid",
    "read_card",
]
