"""What a bid says about the hand behind it: the bid a hand is expected to get.

The expert weighs each sampled world by how well the others' bids fit the hands it deals them
(:func:`ascenseur.search.reference.guess_bids`), and guesses the bids not yet made from them. The
expected bid of a hand is linear in its cards, by table size:

* one weight per suit-card rank (1 … K, the four suits alike), per trump rank and for the
  Excuse, each once as it is and once times k / 20 (a king weighs differently in a 2-card
  deal and in a 19-card one);
* trumps times the hand's void suits, and times its single-card suits, over k;
* a constant and k / 20.

The weights are fitted (least squares) by ``tools/fit_bid_model.py`` on the bids of heuristic
bots — a club player's bids, calibrated to the tricks its hands take — over every hand size,
and stored in ``bid_model.json`` with each table size's residual standard deviation. The
strength share it replaces (a fixed score per card, k × strength / the deal's total) strayed
from those bids by 0.55 tricks at 4 players; the fitted model, on bids it was not fitted on,
by 0.35 (2 to 19 cards).

>>> from ascenseur.core.cards import mask_of, Card
>>> strong = mask_of(Card.parse(c) for c in "T21 T20 T19 T18".split())
>>> weak = mask_of(Card.parse(c) for c in "S2 H3 D4 C5".split())
>>> expected_bid(strong, 4, 4) > 2.5 > 0.5 > expected_bid(weak, 4, 4)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ascenseur.core.cards import (
    CARD_RANK,
    CARD_SUIT,
    DECK_SIZE,
    EXCUSE_INDEX,
    TRUMP_KIND,
    indices_of,
)

MODEL = "bid_model.json"
MODEL_FORMAT = "ascenseur-bid-model/1"
SUIT_RANKS = 14
TRUMP_RANKS = 21
#: Per-card features: suit ranks, trump ranks, the Excuse; then the same times k / 20.
CARD_FEATURES = SUIT_RANKS + TRUMP_RANKS + 1
#: All features: the cards twice, trumps × voids / k, trumps × singletons / k, 1, k / 20.
FEATURES = 2 * CARD_FEATURES + 4
K_SCALE = 20.0


def card_feature(index: int) -> int:
    """The feature of a card (its rank among suit cards or trumps, or the Excuse)."""
    if index == EXCUSE_INDEX:
        return SUIT_RANKS + TRUMP_RANKS
    if CARD_SUIT[index] == TRUMP_KIND:
        return SUIT_RANKS + CARD_RANK[index] - 1
    return CARD_RANK[index] - 1


def features(hand: int, k: int) -> list[float]:
    """The model's features of a hand of k cards (as dealt)."""
    out = [0.0] * FEATURES
    lengths = [0, 0, 0, 0]
    trumps = 0
    for index in indices_of(hand):
        feature = card_feature(index)
        out[feature] += 1.0
        out[CARD_FEATURES + feature] += k / K_SCALE
        kind = CARD_SUIT[index]
        if kind < TRUMP_KIND:
            lengths[kind] += 1
        elif kind == TRUMP_KIND:
            trumps += 1
    out[2 * CARD_FEATURES] = trumps * lengths.count(0) / k
    out[2 * CARD_FEATURES + 1] = trumps * lengths.count(1) / k
    out[2 * CARD_FEATURES + 2] = 1.0
    out[2 * CARD_FEATURES + 3] = k / K_SCALE
    return out


@dataclass(frozen=True, slots=True)
class BidModel:
    """The fitted weights and residual standard deviation (tricks) of one table size."""

    weights: tuple[float, ...]
    sigma: float
    #: ``per_card[k]``: :meth:`card_weights` for k, computed once (the search's hot path).
    per_card: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "per_card", tuple(_card_weights(self.weights, k) for k in range(DECK_SIZE + 1))
        )

    def card_weights(self, k: int) -> tuple[float, ...]:
        """What each card (by deck index) adds to a k-card hand's expected bid."""
        return self.per_card[k]

    def hand_weights(self) -> tuple[float, ...]:
        """The weights of the features that are not per card (voids, singletons, 1, k)."""
        return self.weights[2 * CARD_FEATURES :]

    def expected(self, hand: int, k: int) -> float:
        """The bid this model expects for ``hand`` (as dealt) in a deal of k cards: the
        weights times :func:`features`, summed card by card in deck order, then the rest
        (:func:`ascenseur.fast.search.expected_bid` adds the same numbers in the same order)."""
        per_card = self.card_weights(k)
        total = 0.0
        lengths = [0, 0, 0, 0]
        trumps = 0
        for index in indices_of(hand):
            total += per_card[index]
            kind = CARD_SUIT[index]
            if kind < TRUMP_KIND:
                lengths[kind] += 1
            elif kind == TRUMP_KIND:
                trumps += 1
        voids, singles, constant, per_k = self.hand_weights()
        total += voids * (trumps * lengths.count(0) / k)
        total += singles * (trumps * lengths.count(1) / k)
        total += constant
        total += per_k * (k / K_SCALE)
        return total


def _card_weights(weights: tuple[float, ...], k: int) -> tuple[float, ...]:
    scaled = k / K_SCALE
    return tuple(
        weights[card_feature(index)] + weights[CARD_FEATURES + card_feature(index)] * scaled
        for index in range(DECK_SIZE)
    )


@cache
def models() -> dict[int, BidModel]:
    """Every table size's model, read once from :data:`MODEL`."""
    data = json.loads(resources.files("ascenseur.search").joinpath(MODEL).read_text("utf-8"))
    if data.get("format") != MODEL_FORMAT:
        raise ValueError(f"{MODEL} is not in the {MODEL_FORMAT} format")
    return {
        int(players): BidModel(tuple(float(w) for w in entry["weights"]), float(entry["sigma"]))
        for players, entry in data["by_players"].items()
    }


def model(players: int) -> BidModel:
    """The model of a table of ``players``."""
    return models()[players]


def expected_bid(hand: int, k: int, players: int) -> float:
    """The bid a hand (as dealt) of k cards is expected to get at a table of ``players``."""
    return model(players).expected(hand, k)
