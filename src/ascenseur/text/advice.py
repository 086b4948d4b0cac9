"""Hints in words: which choice the expert thinks best, and why, in numbers a player reads.

:func:`explanation` is the one "why" of a choice, read by the in-game hint
(:func:`advice_lines`) and by the game review (:mod:`ascenseur.text.review`) alike: for a bid,
how often the seat takes exactly that many tricks in the deals the expert tried, and how often
it takes each other number; for a card, how often the bid is made with it, against another
card, and how that other card misses (too many tricks, or too few).

>>> from ascenseur.core.actions import Bid
>>> from ascenseur.search.problem import Estimate
>>> found = [Estimate(Bid(1), 1.2, 0.3, 500), Estimate(Bid(2), 4.84, 0.46, 500,
...          (0.05, 0.31, 0.46, 0.18))]
>>> print(*advice_lines(found, None, "en")[0].split("; "), sep="\\n")
Bid 2 — expected +4.8 points
you take exactly 2 tricks in 46% of the deals I tried (1 trick 31%, 3 tricks 18%).
>>> print(*advice_lines(found, None, "fr")[0].replace("\\u202f", "_").split("_; "), sep="\\n")
Annoncez 2 — +4,8 points espérés
vous faites exactement 2 plis dans 46_% des donnes essayées (1 pli 31_%, 3 plis 18_%).
>>> advice_lines(found, None, "en")[1]
'Other choices: bid 1: +1.2 (30% exact).'
>>> from ascenseur.core import Card, Play
>>> nine = Estimate(Play(Card.parse("C9")), 3.1, 0.62, 400, (0.3, 0.62, 0.08))
>>> king = Estimate(Play(Card.parse("CK")), 1.5, 0.41, 400, (0.07, 0.41, 0.52))
>>> print(*reason(nine, "en", bid=1, against=king).split(", "), sep="\\n")
9♣: keeps your bid of 1 alive in 62% of the deals I tried
against 41% for K♣ — with K♣ you take more than 1 trick in 52%
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.bots.hints import best
from ascenseur.core.actions import Bid, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.search.problem import Estimate
from ascenseur.text.messages import count, decimal, percent, tr

#: Other numbers of tricks a bid's "why" names: at most this many, each at least this likely.
SPREAD_COUNT = 2
SPREAD_FLOOR = 0.05


def advice_lines(estimates: Sequence[Estimate], bid: int | None, lang: Language) -> list[str]:
    """The best choice in a sentence with its :func:`explanation`, then the others with their
    numbers, best first.

    ``bid`` is the seat's bid when it plays a card (what "making the bid" means); a card is
    explained against the next best card.
    """
    top = best(estimates)
    others = sorted((e for e in estimates if e is not top), key=lambda e: -e.points)
    lines = [_best_line(top, bid, lang, others[0] if others else None)]
    if others:
        choices = "; ".join(_other(e, lang) for e in others)
        lines.append(tr(lang, "hint_others", choices=choices))
    return lines


def explanation(
    e: Estimate, lang: Language, bid: int | None = None, against: Estimate | None = None
) -> str:
    """Why ``e`` is worth what it is, as a clause: a bid's chance of exactly that many tricks
    and of the likeliest other numbers; a card's chance of making ``bid`` (the seat's bid),
    compared with ``against``'s (another card) and, when that one makes the bid less often,
    how it misses: too many tricks or too few, whichever is likelier."""
    action = e.action
    if isinstance(action, Bid):
        return tr(
            lang,
            "why_bid",
            tricks=count(lang, action.value, "trick"),
            chance=percent(lang, e.exact),
            spread=_spread(e, action.value, lang),
        )
    why = tr(lang, "why_card", bid=bid, chance=percent(lang, e.exact))
    if against is None:
        return why
    other = _name(against.action, lang)
    why += tr(lang, "why_against", chance=percent(lang, against.exact), card=other)
    if bid is None or not against.tricks or against.exact >= e.exact:
        return why
    over = sum(against.tricks[bid + 1 :])
    under = sum(against.tricks[:bid])
    if over >= under:
        return why + tr(
            lang,
            "why_over",
            card=other,
            tricks=count(lang, bid, "trick"),
            chance=percent(lang, over),
        )
    return why + tr(
        lang, "why_under", card=other, tricks=count(lang, bid, "trick"), chance=percent(lang, under)
    )


def reason(
    e: Estimate, lang: Language, bid: int | None = None, against: Estimate | None = None
) -> str:
    """The choice and its :func:`explanation`: ``bid 2: you take exactly 2 tricks in …``."""
    return tr(
        lang, "why_reason", action=_name(e.action, lang), why=explanation(e, lang, bid, against)
    )


def _spread(e: Estimate, value: int, lang: Language) -> str:
    """`` (1 trick 31%, 3 tricks 18%)``: the likeliest other numbers of tricks, in order."""
    others = [(share, t) for t, share in enumerate(e.tricks) if t != value]
    likely = sorted(
        t for share, t in sorted(others, reverse=True)[:SPREAD_COUNT] if share >= SPREAD_FLOOR
    )
    if not likely:
        return ""
    parts = ", ".join(f"{count(lang, t, 'trick')} {percent(lang, e.tricks[t])}" for t in likely)
    return f" ({parts})"


def _name(action: PlayerAction, lang: Language) -> str:
    """``bid 2``, ``annonce 2``, a card as people read it, or "my card"."""
    if isinstance(action, Bid):
        return tr(lang, "why_bid_name", value=action.value)
    return action.display(lang)


def _best_line(e: Estimate, bid: int | None, lang: Language, runner: Estimate | None) -> str:
    points = decimal(lang, e.points, sign=True)
    why = explanation(e, lang, bid, runner)
    if isinstance(e.action, Bid):
        return tr(lang, "hint_best_bid", value=e.action.value, points=points, why=why)
    card = e.action.display(lang)
    return tr(lang, "hint_best_card", card=card, points=points, why=why)


def _other(e: Estimate, lang: Language) -> str:
    points = decimal(lang, e.points, sign=True)
    chance = percent(lang, e.exact)
    action: PlayerAction = e.action
    if isinstance(action, Bid):
        return tr(lang, "hint_other_bid", value=action.value, points=points, chance=chance)
    return tr(lang, "hint_other_card", card=action.display(lang), points=points, chance=chance)
