"""Hints in words: which choice the expert thinks best, and why, in numbers a player reads.

>>> from ascenseur.core.actions import Bid
>>> from ascenseur.search.problem import Estimate
>>> found = [Estimate(Bid(1), 1.2, 0.3, 500), Estimate(Bid(2), 4.84, 0.61, 500)]
>>> advice_lines(found, None, "en")[0]
'Bid 2 — expected +4.8 points; you take exactly 2 in 61% of the deals I tried.'
>>> advice_lines(found, None, "fr")[0].replace("\\u202f", "_")
'Annoncez 2 — +4,8 points espérés_; vous faites exactement 2 dans 61_% des donnes essayées.'
>>> advice_lines(found, None, "en")[1]
'Other choices: bid 1: +1.2 (30% exact).'
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.bots.hints import best
from ascenseur.core.actions import Bid, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.search.problem import Estimate
from ascenseur.text.messages import decimal, percent, tr


def advice_lines(estimates: Sequence[Estimate], bid: int | None, lang: Language) -> list[str]:
    """The best choice in a sentence, then the others with their numbers, best first.

    ``bid`` is the seat's bid when it plays a card (what "making the bid" means).
    """
    top = best(estimates)
    lines = [_best_line(top, bid, lang)]
    others = sorted((e for e in estimates if e is not top), key=lambda e: -e.points)
    if others:
        choices = "; ".join(_other(e, lang) for e in others)
        lines.append(tr(lang, "hint_others", choices=choices))
    return lines


def _best_line(e: Estimate, bid: int | None, lang: Language) -> str:
    points = decimal(lang, e.points, sign=True)
    chance = percent(lang, e.exact)
    if isinstance(e.action, Bid):
        return tr(lang, "hint_best_bid", value=e.action.value, points=points, chance=chance)
    card = e.action.display(lang)
    return tr(lang, "hint_best_card", card=card, bid=bid, points=points, chance=chance)


def _other(e: Estimate, lang: Language) -> str:
    points = decimal(lang, e.points, sign=True)
    chance = percent(lang, e.exact)
    action: PlayerAction = e.action
    if isinstance(action, Bid):
        return tr(lang, "hint_other_bid", value=action.value, points=points, chance=chance)
    return tr(lang, "hint_other_card", card=action.display(lang), points=points, chance=chance)
