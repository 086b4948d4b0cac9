"""Bidding of the heuristic bot: the bid with the best expected score.

Each card of the hand gets a chance of winning a trick from a calibrated model (a logistic
correction of the card-counting odds, by card kind, fitted by ``tools/calibrate_heuristic.py``
on simulated deals and stored in ``heuristic_tables.json``). The trick count is then
Poisson-binomial; playing to one's bid pulls it towards the bid, which the model states as the
chance ``pull**d`` that a count ``d`` tricks away from the bid is brought back to it (one chance
for counts below the bid, one for counts above, by hand size). The bot bids the legal value with
the best expected score under that law, scored by the rule set's table (H2).

In a blind one-card deal (H5) the seat sees every other card and not its own: it bids on the
chance that a card drawn from those it has not seen wins the trick (:func:`blind_win_chance`),
which it counts exactly.

Under simultaneous bidding (H4) the bids of earlier seats are hidden (None in the view): they
count as unknown, as a first bidder's do.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ascenseur.core.actions import Bid
from ascenseur.core.cards import CARD_RANK, SUIT_MASKS, TRUMP_MASK, indices_of
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Scoring
from ascenseur.core.scoring import deal_score
from ascenseur.core.tricks import winning_position
from ascenseur.search.card_counting import Counting
from ascenseur.search.heuristic_odds import PlayParams, distribution, suit_odds, trump_odds

TABLES = "heuristic_tables.json"
#: Features every card's win-odds model uses, then the suit cards' and the trumps' own.
_SHARED_FEATURES = (
    "bias",
    "logit_odds",
    "log_k",
    "inv_k",
    "leader",
    "leader_inv_k",
    "position",
    "trump_share",
    "voids",
    "excess_bids",
    "log_n",
)
SUIT_FEATURES = (*_SHARED_FEATURES, "length", "higher_held")
TRUMP_FEATURES = (*_SHARED_FEATURES, "rank", "higher_held")


@dataclass(frozen=True, slots=True)
class BidModel:
    """Calibrated parameters: logistic weights by card kind, and the pull by hand size.

    ``pull_below[k]``/``pull_above[k]`` (index ``min(k, len - 1)``) are the chance per trick of
    distance that playing to the bid corrects a shortfall / an excess.
    """

    suit: tuple[float, ...]
    trump: tuple[float, ...]
    pull_below: tuple[float, ...] = (0.3,)
    pull_above: tuple[float, ...] = (0.3,)
    meta: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def identity() -> BidModel:
        """The uncalibrated model: the card-counting odds as they are."""
        unit = tuple(1.0 if name == "logit_odds" else 0.0 for name in SUIT_FEATURES)
        return BidModel(unit, unit)

    def to_json(self) -> dict[str, Any]:
        return {
            "suit": dict(zip(SUIT_FEATURES, self.suit, strict=True)),
            "trump": dict(zip(TRUMP_FEATURES, self.trump, strict=True)),
            "pull_below": list(self.pull_below),
            "pull_above": list(self.pull_above),
            "meta": self.meta,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> BidModel:
        return BidModel(
            suit=tuple(float(data["suit"][name]) for name in SUIT_FEATURES),
            trump=tuple(float(data["trump"][name]) for name in TRUMP_FEATURES),
            pull_below=tuple(float(x) for x in data["pull_below"]),
            pull_above=tuple(float(x) for x in data["pull_above"]),
            meta=dict(data.get("meta", {})),
        )


def load_model() -> BidModel:
    """The model shipped with the package (the identity model if the tables are missing)."""
    source = resources.files("ascenseur.search").joinpath(TABLES)
    if not source.is_file():
        return BidModel.identity()
    return BidModel.from_json(json.loads(source.read_text(encoding="utf-8")))


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1.0 - 1e-4)
    return math.log(p / (1.0 - p))


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def card_features(
    view: Observation, counting: Counting, params: PlayParams
) -> list[tuple[int, bool, list[float]]]:
    """``(card index, is_trump, features)`` for each card of the hand but the Excuse."""
    seat = counting.seat
    n, k = view.players, view.hand_size
    hand = counting.hand
    leader = (view.dealer + 1) % n
    position = (seat - leader) % n
    earlier = [b for b in view.bids if b is not None]
    excess = (sum(earlier) - len(earlier) * k / n) / k
    trumps = indices_of(hand & TRUMP_MASK)
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    common = [
        1.0,
        0.0,
        math.log(k),
        1.0 / k,
        1.0 if position == 0 else 0.0,
        (1.0 if position == 0 else 0.0) / k,
        position / (n - 1),
        len(trumps) / k,
        float(sum(1 for length in lengths if length == 0)),
        excess,
        math.log(n),
    ]
    rows: list[tuple[int, bool, list[float]]] = []
    for s in range(4):
        cards = indices_of(hand & SUIT_MASKS[s])[::-1]
        if not cards:
            continue
        take, _ = suit_odds(cards, counting, params)
        for held_above, (index, p) in enumerate(zip(cards, take, strict=True)):
            row = common.copy()
            row[1] = logit(p)
            rows.append((index, False, [*row, float(len(cards)), float(held_above)]))
    for i, index in enumerate(trumps):
        p, _ = trump_odds(index, counting, params)
        row = common.copy()
        row[1] = logit(p)
        rows.append((index, True, [*row, CARD_RANK[index] / 21.0, float(len(trumps) - 1 - i)]))
    return rows


def card_odds(rows: Sequence[tuple[int, bool, list[float]]], model: BidModel) -> list[float]:
    """The calibrated chance that each card wins a trick."""
    out = []
    for _, is_trump, x in rows:
        w = model.trump if is_trump else model.suit
        out.append(_sigmoid(sum(a * b for a, b in zip(w, x, strict=True))))
    return out


def pulled(dist: Sequence[float], bid: int, below: float, above: float) -> list[float]:
    """The trick-count law once playing to ``bid`` brings a count ``d`` away back (``pull**d``).

    >>> pulled([0.5, 0.5], bid=1, below=0.2, above=0.0)
    [0.4, 0.6]
    """
    out = list(dist)
    for t, mass in enumerate(dist):
        if t == bid or bid >= len(out):
            continue
        pull = below if t < bid else above
        moved = mass * pull ** abs(t - bid)
        out[t] -= moved
        out[bid] += moved
    return out


def bid_values(
    dist: Sequence[float], bids: Sequence[int], k: int, model: BidModel, scoring: Scoring
) -> dict[int, float]:
    """Expected score under ``scoring`` (H2) of each candidate bid given the natural
    trick-count law ``dist``."""
    below = model.pull_below[min(k, len(model.pull_below) - 1)]
    above = model.pull_above[min(k, len(model.pull_above) - 1)]
    values: dict[int, float] = {}
    for b in bids:
        law = pulled(dist, b, below, above)
        values[b] = sum(mass * deal_score(scoring, b, t) for t, mass in enumerate(law))
    return values


def choose_bid(view: Observation, counting: Counting, params: PlayParams, model: BidModel) -> Bid:
    """The legal bid with the best expected score."""
    bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
    odds = card_odds(card_features(view, counting, params), model)
    values = bid_values(distribution(odds), bids, view.hand_size, model, view.rules.scoring)
    return _best(bids, values)


def _best(bids: Sequence[int], values: dict[int, float]) -> Bid:
    """The bid of the best value, the lowest of equals."""
    return Bid(max(bids, key=lambda b: (values[b], -b)))


def blind_win_chance(view: Observation) -> float:
    """The chance that the seat's own card, which it cannot see (a blind one-card deal, H5),
    wins the deal's one trick: the share of the cards it has not seen that would win it
    against the cards it sees, played from the first leader (rule P9).

    Every card the seat has not seen is as likely to be its own, as far as it knows.
    """
    if view.seat is None or not view.is_blind:
        raise ValueError("the chance of an unseen own card is for a seat of a blind deal")
    n, me = view.players, view.seat
    leader = (view.dealer + 1) % n
    played = {seat: card.index for seat, card in view.trick}
    order = [(leader + i) % n for i in range(n)]
    # Each other seat's one card: played already, or seen on its forehead.
    others = {
        seat: played[seat] if seat in played else view.seen_hands[seat][0].index
        for seat in order
        if seat != me
    }
    unseen = indices_of(view.unseen_mask)
    mine = order.index(me)
    wins = 0
    for card in unseen:
        trick = [card if seat == me else others[seat] for seat in order]
        wins += winning_position(trick) == mine
    return wins / len(unseen)


def choose_blind_bid(view: Observation) -> Bid:
    """The legal bid with the best expected score in a blind one-card deal (H5): the trick
    is won with :func:`blind_win_chance`, whatever the bid (the card plays itself)."""
    win = blind_win_chance(view)
    scoring = view.rules.scoring
    bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
    values = {
        b: win * deal_score(scoring, b, 1) + (1.0 - win) * deal_score(scoring, b, 0) for b in bids
    }
    return _best(bids, values)


__all__ = [
    "SUIT_FEATURES",
    "TABLES",
    "TRUMP_FEATURES",
    "BidModel",
    "bid_values",
    "blind_win_chance",
    "card_features",
    "card_odds",
    "choose_bid",
    "choose_blind_bid",
    "load_model",
    "logit",
    "pulled",
]
