"""Deal sets: dealt by rule D3, reproducible from their seed, round-trip through JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ascenseur.arena.dealsets import DealSet, DealSetError, deal_of
from ascenseur.arena.duplicate import play_fixed
from ascenseur.bots import make_bot
from ascenseur.core.record import record_of
from ascenseur.core.rules import Rules


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    # Dealer 1 of 4: card i of the shuffle goes to seat (2 + i) mod 4.
    deal = deal_of(tuple(range(78)), players=4, hand_size=2, dealer=1)
    hands = [[c.index for c in hand] for hand in deal.hands]
    assert hands == [[2, 6], [3, 7], [0, 4], [1, 5]]


def test_generation_is_reproducible_and_extends_by_prefix() -> None:
    rules = Rules(players=4, max_cards=3)
    small = DealSet.generate(rules, seed=11, games=2)
    assert DealSet.generate(rules, seed=11, games=2) == small
    assert DealSet.generate(rules, seed=11, games=5).games[:2] == small.games
    assert DealSet.generate(rules, seed=12, games=2) != small
    # A longer schedule begins with the same shuffles; the hook changes nothing.
    longer = DealSet.generate(Rules(players=4, max_cards=5, hook=True), seed=11, games=2)
    for short_game, long_game in zip(small.games, longer.games, strict=True):
        assert long_game.first_dealer == short_game.first_dealer
        assert long_game.shuffles[:5] == short_game.shuffles


def test_every_shuffle_is_a_whole_deck() -> None:
    deals = DealSet.generate(Rules(players=5, max_cards=2), seed=3, games=3)
    for game in deals.games:
        assert 0 <= game.first_dealer < 5
        assert len(game.shuffles) == 3
        for shuffle in game.shuffles:
            assert sorted(shuffle) == list(range(78))


def test_json_round_trip_through_a_file(tmp_path: Path) -> None:
    deals = DealSet.generate(Rules(players=4, max_cards=2, hook=True), seed=2026, games=3)
    path = tmp_path / "deals.json"
    path.write_text(deals.dumps(), encoding="utf-8")
    again = DealSet.loads(path.read_bytes())
    assert again == deals
    assert again.digest == deals.digest
    assert json.loads(path.read_text())["format"] == "ascenseur-dealset/1"


def test_a_loaded_set_deals_the_same_cards_whoever_plays() -> None:
    rules = Rules(players=4, max_cards=3)
    deals = DealSet.loads(DealSet.generate(rules, seed=5, games=1).dumps())
    game = deals.games[0]
    hands = []
    for bot_seed in (1, 2):
        bots = [make_bot("random") for _ in range(4)]
        rngs = [random.Random(f"{bot_seed}/{s}") for s in range(4)]
        state, _ = play_fixed(rules, game, bots, rngs)
        record = record_of(state)
        assert record.first_dealer == game.first_dealer
        hands.append([deal.hands for deal in record.deals])
    assert hands[0] == hands[1]
    for j, dealt in enumerate(hands[0]):
        dealer = (game.first_dealer + j) % 4
        expected = deal_of(game.shuffles[j], 4, rules.schedule[j], dealer)
        assert dealt == expected.hands


def test_fit_checks_players_and_deal_count() -> None:
    deals = DealSet.generate(Rules(players=4, max_cards=3), seed=1, games=1)
    deals.fit(Rules(players=4, max_cards=2, hook=True))
    with pytest.raises(DealSetError, match="for 4 players, not 5"):
        deals.fit(Rules(players=5, max_cards=3))
    with pytest.raises(DealSetError, match=r"5 deals per game .* too few for max_cards 4"):
        deals.fit(Rules(players=4, max_cards=4))
    with pytest.raises(DealSetError, match="holds 1 games: cannot take 2"):
        deals.take(2)


def _broken(change: str) -> str:
    data = DealSet.generate(Rules(players=3, max_cards=1), seed=1, games=1).to_json()
    if change == "format":
        data["format"] = "ascenseur-dealset/0"
    elif change == "dealer":
        data["games"][0]["first_dealer"] = 3
    elif change == "duplicate":
        codes = data["games"][0]["deals"][0].split(" ")
        codes[1] = codes[0]
        data["games"][0]["deals"][0] = " ".join(codes)
    elif change == "deals":
        data["games"][0]["deals"].append(data["games"][0]["deals"][0])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("format", "format is 'ascenseur-dealset/0'"),
        ("dealer", "game 0: first_dealer must be a seat 0…2, not 3"),
        ("duplicate", "game 0, deal 0: a shuffle must list each of the 78 card codes once"),
        ("deals", "game 0: deals must be a list of 1 shuffles"),
    ],
)
def test_a_broken_set_is_refused_with_the_reason(change: str, message: str) -> None:
    with pytest.raises(DealSetError, match=message):
        DealSet.loads(_broken(change))


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(DealSetError, match="not valid JSON"):
        DealSet.loads("{")
