"""Hints say which choice is best and why: expected points and the chance of an exact bid."""

from __future__ import annotations

import random

import pytest

from ascenseur.bots.hints import advice, best
from ascenseur.core import Card, Deal, GameState, Rules
from ascenseur.core.actions import Bid
from ascenseur.core.observation import observe
from ascenseur.text.advice import advice_lines
from review_positions import trick_the_bid_needs


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
    assert en[0] == (
        "Bid 1 — expected +5.0 points; you take exactly 1 trick in 100% of the deals I tried."
    )
    assert en[1] == "Other choices: bid 0: -1.0 (0% exact)."
    fr = advice_lines(found, None, "fr")[0].replace("\u202f", " ")
    assert fr == (
        "Annoncez 1 — +5,0 points espérés ; vous faites exactement 1 pli dans 100 % des donnes "
        "essayées."
    )


def test_a_hint_knows_the_chance_of_each_number_of_tricks() -> None:
    """A bid's estimate says how often the seat ends with each number of tricks: here
    the trump 21 takes its one trick in every deal tried, whatever the bid."""
    view = observe(one_card_deal("T21"), 1)
    found = {e.action: e for e in advice(view, random.Random(1), playouts=40)}
    assert found[Bid(0)].tricks == (0.0, 1.0) and found[Bid(1)].tricks == (0.0, 1.0)


def test_a_card_hint_says_why_the_other_card_misses() -> None:
    """1♥ surely wins the trick the bid of 2 needs; the Excuse surely loses it: the hint
    plays 1♥ and says the Excuse takes too few tricks."""
    view = observe(trick_the_bid_needs(), 1)
    found = advice(view, random.Random(2), playouts=60)
    en = advice_lines(found, 2, "en")[0]
    assert en == (
        "Play 1♥ — expected +7.0 points; keeps your bid of 2 alive in 100% of the deals I "
        "tried, against 0% for Excuse — with Excuse you take fewer than 2 tricks in 100%."
    )
    fr = advice_lines(found, 2, "fr")[0].replace("\u202f", " ")
    assert fr.startswith("Jouez 1♥ — +7,0 points espérés ; garde votre annonce de 2 en vie")
    assert fr.endswith(
        "contre 0 % pour Excuse — avec Excuse, vous faites moins de 2 plis dans 100 %."
    )
