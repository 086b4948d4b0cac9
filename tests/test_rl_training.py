"""A short self-play run teaches the bidding policy to score more than it did untrained."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra: rl)")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra: rl)")

import numpy as np

from ascenseur.core.rules import Rules
from ascenseur.rl.bidding import LinearBidder, evaluate, train

RULES = Rules(players=3, max_cards=3)


def test_untrained_bidder_bids_uniformly() -> None:
    bidder = LinearBidder.untrained(RULES)
    arrays: dict[str, np.ndarray] = {
        "observation": np.zeros(bidder.encoding.size, np.float32),
        "action_mask": np.zeros(156, np.int8),
    }
    pieces = bidder.encoding.pieces(arrays["observation"])
    pieces["hand"][[0, 5, 60]] = 1  # three cards: the bids 0…3
    arrays["action_mask"][[0, 1, 3]] = 1  # the hook forbids 2
    bids, probs = bidder.probabilities(arrays)
    assert bids.tolist() == [0, 1, 3]
    assert np.allclose(probs, 1 / 3)


def test_a_short_self_play_run_scores_more_than_the_untrained_start() -> None:
    untrained = LinearBidder.untrained(RULES)
    # 400 games: over training seeds 1-8 the gain below was 2.3 to 3.5 points per game.
    trained, history = train(RULES, games=400, seed=1)
    # The same 120 games (same deals, same random opponents) for both policies.
    before = evaluate(untrained, games=120, seed=5)
    after = evaluate(trained, games=120, seed=5)
    assert after > before + 1.5, (before, after)
    assert np.mean(history[-100:]) > np.mean(history[:100])  # self-play points rose too


def test_weights_survive_a_round_trip_through_json() -> None:
    trained, _ = train(RULES, games=16, seed=2)
    again = LinearBidder.from_json(json.loads(trained.dumps()))
    assert again.rules == RULES
    assert np.array_equal(again.weights, trained.weights)
    assert np.array_equal(again.curvature, trained.curvature)
    with pytest.raises(ValueError, match="format ascenseur-rl-bidder/1"):
        LinearBidder.from_json({"format": "something else"})
