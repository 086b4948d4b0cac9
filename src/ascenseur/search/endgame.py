"""Exact play of the last few cards of a deal in a known world (max^n search).

When few cards remain, the search bots stop trusting the play-out policy and solve the world:
every seat, in turn, plays the card that gives it the best final score for the deal (under
the rule set's scoring table, H2), assuming the others do the same. Ties go to the lowest
card in deck order, so the result is a function of the world.
"""

from __future__ import annotations

from typing import NamedTuple

from ascenseur.core.cards import indices_of
from ascenseur.core.rules import Scoring
from ascenseur.core.scoring import best_score, deal_score
from ascenseur.core.tricks import legal_mask
from ascenseur.search.rollout import Position, advance, trick_state

#: Solve exactly when at most this many cards remain to be played in the deal.
EXACT_CARDS = 8


#: Who plays next and the trick so far: ``(seat, trick_len, led, high, win_value, win_seat)``,
#: as :func:`~ascenseur.search.rollout.advance` gives it.
_Turn = tuple[int, int, int, int, int, int]


def solve(position: Position, first: int = -1) -> list[int]:
    """Tricks by seat at the end of the deal under max^n play; ``first``: the card played now.

    ``position`` is not modified.
    """
    hands = position.hands.copy()
    trick = position.trick
    turn = (position.to_act, len(trick), *trick_state(trick, position.to_act, len(hands)))
    rules = _Rules(
        position.scoring,
        position.lead_restriction,
        [best_score(position.scoring, bid, position.hand_size) for bid in position.bids],
    )
    return _search(hands, turn, position.tricks_won.copy(), position.bids, first, rules)


class _Rules(NamedTuple):
    """What the search plays by: the scoring table, the lead restriction, and the most each
    seat can score in the deal (a node that reaches it tries no more cards)."""

    scoring: Scoring
    lead_restriction: bool
    tops: list[int]


def _search(
    hands: list[int], turn: _Turn, won: list[int], bids: list[int], first: int, rules: _Rules
) -> list[int]:
    seat, trick_len, led, high, win_value, win_seat = turn
    hand = hands[seat]
    if not hand and trick_len == 0:
        return won
    n = len(hands)
    legal = legal_mask(hand, trick_len, led, high, rules.lead_restriction)
    cards = [first] if first >= 0 else indices_of(legal)
    best: list[int] | None = None
    most = -(10**9)
    top = rules.tops[seat]  # the most the seat can score: no card can do better
    for card in cards:
        hands[seat] = hand ^ (1 << card)
        # A card that ends the trick credits it: to a copy, as the other cards share ``won``.
        after = won.copy() if trick_len + 1 == n else won
        then = advance(card, seat, n, trick_len, led, high, win_value, win_seat, after)
        result = _search(hands, then, after, bids, -1, rules)
        score = deal_score(rules.scoring, bids[seat], result[seat])
        if score > most:
            best, most = result, score
            if score == top:
                break
    hands[seat] = hand
    assert best is not None
    return best
