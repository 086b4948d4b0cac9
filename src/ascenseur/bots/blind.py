"""Bidding a blind one-card deal (house rule H5) from what the others' bids say of one's card.

In a blind one-card deal each seat sees every card but its own, so a bid made before one's turn was
made *looking at one's card*: a seat that bids 1 holding a low card to its forehead expects the
cards it sees — one's own among them — to be low. :func:`blind_bid_estimates` weighs each card the
seat may hold by how well the bids already made fit it, under a model of the others (the club
player's blind bid, :func:`~ascenseur.search.heuristic_bidding.choose_blind_bid`: the best expected
score for the chance its unseen card wins), kept soft by :data:`MODEL_ERROR` so that other players'
bids mislead it little; then each legal bid gets its expected score under the rule set's table (H2)
and its chance of being exact. Under closed fists (H4) no bid is seen and every card weighs the
same.

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> state = GameState.new(Rules(3, max_cards=1, blind_one_card=True), first_dealer=0)
>>> state.deal(random.Random(2))
>>> found = blind_bid_estimates(observe(state, 1))
>>> [e.action for e in found], round(sum(e.exact for e in found), 6)
([Bid(0), Bid(1)], 1.0)
"""

from __future__ import annotations

from ascenseur.core.actions import Bid
from ascenseur.core.cards import FULL_DECK_MASK, indices_of
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Scoring
from ascenseur.core.tricks import winning_position
from ascenseur.search.problem import Estimate

#: The chance the model gives a bid other than the club player's (another player's reasons,
#: or a near-tie it breaks the other way).
MODEL_ERROR = 0.1


def blind_bid_estimates(view: Observation) -> list[Estimate]:
    """Each legal bid of a blind one-card deal's seat with its expected score and its chance
    of being exact, its own card weighed by the bids already made (module docstring)."""
    if view.seat is None or not view.is_blind or not view.legal_actions:
        raise ValueError("blind bid estimates are for the seat to bid in a blind deal")
    me, n = view.seat, view.players
    leader = (view.dealer + 1) % n
    order = [(leader + i) % n for i in range(n)]
    cards = {s: view.seen_hands[s][0].index for s in range(n) if s != me}
    candidates = indices_of(view.unseen_mask)
    scoring = view.rules.scoring
    told = [(s, bid) for s, bid in enumerate(view.bids) if s != me and bid is not None]
    total = won = 0.0
    for mine in candidates:
        hands = cards | {me: mine}
        weight = 1.0
        for seat, bid in told:
            chance = _win_chance(seat, hands, order)
            weight *= 1.0 - MODEL_ERROR if bid == _club_bid(chance, scoring) else MODEL_ERROR
        total += weight
        if winning_position([hands[s] for s in order]) == order.index(me):
            won += weight
    win = won / total
    estimates = []
    for action in view.legal_actions:
        assert isinstance(action, Bid)
        b = action.value
        points = win * scoring.points(b, 1) + (1.0 - win) * scoring.points(b, 0)
        exact = win if b == 1 else 1.0 - win
        estimates.append(Estimate(action, points, exact, len(candidates), (1.0 - win, win)))
    return estimates


def _win_chance(seat: int, hands: dict[int, int], order: list[int]) -> float:
    """The chance ``seat`` gives its unseen card of winning, seeing the others' ``hands``."""
    seen = 0
    for other, card in hands.items():
        if other != seat:
            seen |= 1 << card
    unseen = indices_of(FULL_DECK_MASK & ~seen)
    position = order.index(seat)
    trick = [hands[s] for s in order]
    wins = 0
    for card in unseen:
        trick[position] = card
        wins += winning_position(trick) == position
    return wins / len(unseen)


def _club_bid(win: float, scoring: Scoring) -> int:
    """The club player's blind bid for a chance ``win`` of taking the trick (its rule, the
    lowest of equal values)."""
    values = [win * scoring.points(b, 1) + (1.0 - win) * scoring.points(b, 0) for b in (0, 1)]
    return 0 if values[0] >= values[1] else 1


__all__ = ["MODEL_ERROR", "blind_bid_estimates"]
