"""The bid model: what a bid says about the hand behind it (``ascenseur.search.bid_model``)."""

from __future__ import annotations

import importlib.util
import random
import statistics
from pathlib import Path
from types import ModuleType

import pytest

from ascenseur.core.cards import Card, mask_of
from ascenseur.search.bid_model import FEATURES, expected_bid, features, models


def _refitter() -> ModuleType:
    """``tools/fit_bid_model.py``, the command that fits the model (not a package module)."""
    path = Path(__file__).resolve().parents[1] / "tools" / "fit_bid_model.py"
    spec = importlib.util.spec_from_file_location("fit_bid_model", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_table_size_has_a_model() -> None:
    assert sorted(models()) == list(range(2, 11))
    for entry in models().values():
        assert len(entry.weights) == FEATURES
        assert 0.0 < entry.sigma < 1.0


def test_the_expected_bid_is_the_weights_times_the_features() -> None:
    """Summed card by card (as the compiled search does), the expected bid is the model's
    linear function of :func:`features`."""
    rng = random.Random(3)
    for players in (2, 4, 10):
        entry = models()[players]
        for _ in range(200):
            k = rng.randint(1, 78 // players)
            hand = sum(1 << i for i in rng.sample(range(78), k))
            linear = sum(w * f for w, f in zip(entry.weights, features(hand, k), strict=True))
            assert expected_bid(hand, k, players) == pytest.approx(linear, abs=1e-9)


def test_features_count_the_cards_as_the_docs_say() -> None:
    hand = mask_of(Card.parse(code) for code in ["SK", "HK", "T21", "T1", "EX"])  # no ♦, no ♣
    values = features(hand, 5)
    assert values[13] == 2.0  # two kings
    assert values[14 + 20] == values[14] == 1.0  # T21, T1
    assert values[35] == 1.0  # the Excuse
    assert values[36 + 13] == pytest.approx(2 * 5 / 20)
    assert values[72] == pytest.approx(2 * 2 / 5)  # 2 trumps × 2 voids / k
    assert values[73] == pytest.approx(2 * 2 / 5)  # 2 trumps × 2 single-card suits / k
    assert values[74:] == [1.0, 5 / 20]


@pytest.mark.parametrize("players", [3, 4, 7, 10])
def test_the_model_expects_the_bids_a_club_player_makes(players: int) -> None:
    """On deals it was not fitted on, heuristic bots' bids stray from the model's expected bid
    by less than its stated spread (with room for noise), and by much less than a bid
    guessed from the hand size alone does."""
    made = _refitter().bids_of(players, 400 // players, random.Random(f"test/{players}"))
    misses = [bid - expected_bid(hand, k, players) for k, hand, bid in made]
    naive = [bid - k / players for k, _, bid in made]
    spread = statistics.pstdev(misses)
    assert spread < 1.3 * models()[players].sigma
    assert spread < 0.7 * statistics.pstdev(naive)
    assert abs(statistics.fmean(misses)) < 0.1
