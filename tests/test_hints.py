"""Hints say which choice is best and why: expected points and the chance of an exact bid."""

from __future__ import annotations

import random

import pytest

from ascenseur.bots.hints import advice, best
from ascenseur.core import Card, Deal, GameState, Rules
from ascenseur.core.actions import Bid
from ascenseur.core.observation import observe
from ascenseur.text.advice import advice_lines


def one_card_deal(mine: str) -> GameState:
    """3 players, one card each; seat 1 (first to bid) holds ``mine``."""
    state = GameState.single_deal(Rules(players=3, max_cards=1), deal_index=0, dealer=0)
    hands = ((Card.parse("S2"),), (Card.parse(mine),), (Card.parse("H3"),))
    state.apply(Deal(hands))
    return state


@pytest.mark.parametrize("pure", ["0", "1"])
def test_the_chance_of_an_exact_bid_is_that_of_the_deals_tried(
    pure: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASCENSEUR_PURE", pure)
    view = observe(one_card_deal("T21"), 1)  # trump 21 wins any one-card trick (rule P9)
    found = {e.action: e for e in advice(view, random.Random(1), playouts=40)}
    assert found[Bid(1)].exact == 1.0 and found[Bid(1)].points == 5.0  # rule S1: 3 + 2
    assert found[Bid(0)].exact == 0.0 and found[Bid(0)].points == -1.0  # rule S2
    assert best(list(found.values())).action == Bid(1)


def test_a_hint_says_the_best_choice_and_why_in_both_languages() -> None:
    view = observe(one_card_deal("T21"), 1)
    found = advice(view, random.Random(1), playouts=40)
    en = advice_lines(found, None, "en")
    assert en[0] == "Bid 1 — expected +5.0 points; you take exactly 1 in 100% of the deals I tried."
    assert en[1] == "Other choices: bid 0: -1.0 (0% exact)."
    fr = advice_lines(found, None, "fr")[0].replace("\u202f", " ")
    assert fr == (
        "Annoncez 1 — +5,0 points espérés ; vous faites exactement 1 dans 100 % des donnes "
        "essayées."
    )
