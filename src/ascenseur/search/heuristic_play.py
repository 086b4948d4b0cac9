"""Card play of the heuristic bot: play to one's bid.

For every legal card the bot weighs the chance that it wins the current trick
(:func:`~ascenseur.search.heuristic_odds.win_probability`) against what the cards kept can
still do (:func:`~ascenseur.search.heuristic_odds.future_odds`), and plays the card with the
best expected deal score (under the rule set's scoring table, H2). That one rule gives the
club player's habits: short of its bid it wins with the cheapest card likely to hold and keeps
its sure winners; with its bid made it plays the highest card that still loses, gets rid of
dangerous high cards, and keeps the
Excuse for the trick it could not otherwise lose.
"""

from __future__ import annotations

from ascenseur.core.actions import Play
from ascenseur.core.cards import CARD_SUIT, EXCUSE_BIT, SUIT_MASKS, TRUMP_MASK
from ascenseur.core.observation import Observation
from ascenseur.search.card_counting import Counting
from ascenseur.search.heuristic_odds import (
    PlayParams,
    expected_score,
    future_odds,
    win_probability,
)


def choose_play(view: Observation, counting: Counting, params: PlayParams) -> Play:
    """The card with the best expected deal score among ``view.legal_actions``."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if len(plays) == 1:
        return plays[0]
    seat = counting.seat
    n = view.players
    bid = view.bids[seat]
    if bid is None:
        raise ValueError(f"seat {seat} has no bid in deal {view.deal_index + 1}")
    need = bid - view.tricks_won[seat]
    cards = [card.index for _, card in view.trick]
    later = [(seat + p) % n for p in range(1, n - len(cards))]
    eager = [_eagerness(view, j, params) for j in range(n)]
    hand = counting.hand
    base = _odds_by_kind(hand, counting, params)
    scoring = view.rules.scoring
    best: Play | None = None
    best_value = -1e9
    for play in plays:
        index = play.card.index
        p = win_probability(index, cards, later, counting, eager)
        rest = hand & ~(1 << index)
        take, forced = _odds_without(index, rest, base, counting, params)
        excuse = bool(rest & EXCUSE_BIT)
        value = p * expected_score(scoring, bid, need - 1, take, forced, excuse)
        value += (1.0 - p) * expected_score(scoring, bid, need, take, forced, excuse)
        if value > best_value + 1e-9:
            best, best_value = play, value
    assert best is not None
    return best


def _eagerness(view: Observation, seat: int, params: PlayParams) -> float:
    bid = view.bids[seat]
    if bid is None or bid > view.tricks_won[seat]:
        return params.eager
    return params.reluctant


_Odds = dict[int, tuple[list[float], list[float]]]


def _odds_by_kind(hand: int, counting: Counting, params: PlayParams) -> _Odds:
    """``(take, forced)`` odds of the hand's cards, by kind (0–3 suits, 4 trumps)."""
    odds: _Odds = {}
    for kind in range(4):
        odds[kind] = future_odds(hand & SUIT_MASKS[kind], counting, params)
    odds[4] = future_odds(hand & TRUMP_MASK, counting, params)
    return odds


def _odds_without(
    index: int, rest: int, base: _Odds, counting: Counting, params: PlayParams
) -> tuple[list[float], list[float]]:
    """Odds of the cards kept after playing ``index``: a suit card changes its suit's odds."""
    kind = CARD_SUIT[index]
    take: list[float] = []
    forced: list[float] = []
    for k, (t, f) in base.items():
        if k != kind:
            take += t
            forced += f
        elif k < 4:
            kept = future_odds(rest & SUIT_MASKS[k], counting, params)
            take += kept[0]
            forced += kept[1]
        else:  # a trump's odds do not depend on the other trumps: drop its own
            at = (rest & TRUMP_MASK & ((1 << index) - 1)).bit_count()
            take += t[:at] + t[at + 1 :]
            forced += f[:at] + f[at + 1 :]
    return take, forced


__all__ = ["choose_play"]
