"""One reason per refusal: the sentence people read is built from the core's own error.

``ascenseur.text.refusals.refusal_text`` reads the code and data of the
:class:`~ascenseur.core.errors.IllegalAction` the core raised; nothing re-derives the rule.
"""

from __future__ import annotations

import pytest

from ascenseur.core import AscenseurError, Bid, GameState, IllegalAction, Play
from ascenseur.core.actions import PlayerAction
from ascenseur.text.refusals import refusal_text
from helpers import cards, deal_position


def refused(state: GameState, action: PlayerAction) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    return caught.value


@pytest.mark.parametrize(
    ("hands", "played", "card", "code", "en", "fr"),
    [
        # P2: {♥5, T3, Excuse} on lead: only ♥5.
        (
            ["H5 T3 EX", "S1 S2 S3"],
            "",
            "T3",
            "must-lead-suit",
            "You cannot play trump 3: you may not lead a trump or the Excuse while you hold a "
            "suit card (you hold 5♥).",
            "Vous ne pouvez pas jouer atout 3 : vous ne pouvez entamer d'un atout ni de "
            "l'Excuse tant que vous avez une carte de couleur (vous avez 5♥).",
        ),
        # P6: ♥ led, T7 played; {T4, T9, ♠K} must overtrump with T9.
        (
            ["H2 S1 S2", "T7 S3 S4", "T4 T9 SK"],
            "H2 T7",
            "T4",
            "must-overtrump",
            "You cannot play trump 4: you must overtrump trump 7 (you hold trump 9).",
            "Vous ne pouvez pas jouer atout 4 : vous devez monter sur l'atout 7 (vous avez "
            "atout 9).",
        ),
        # P6: ♥ led, T7 played; {T4, ♠K} must undertrump, not discard ♠K.
        (
            ["H2 S1", "T7 S3", "T4 SK"],
            "H2 T7",
            "SK",
            "must-trump",
            "You cannot play K♠: you have no ♥ hearts and must trump (you hold trump 4).",
            "Vous ne pouvez pas jouer R♠ : vous n'avez pas de ♥ cœur et devez couper (vous "
            "avez atout 4).",
        ),
        # P5: holding the led suit.
        (
            ["H2 S1", "H9 T3"],
            "H2",
            "T3",
            "must-follow",
            "You cannot play trump 3: you must follow ♥ hearts (you hold 9♥).",
            "Vous ne pouvez pas jouer atout 3 : vous devez fournir ♥ cœur (vous avez 9♥).",
        ),
    ],
)
def test_the_worked_examples_are_refused_with_their_rule(
    hands: list[str], played: str, card: str, code: str, en: str, fr: str
) -> None:
    state = deal_position(hands, played=played)
    err = refused(state, Play(cards(card)[0]))
    assert err.code == code
    assert refusal_text(err, "en") == en
    assert refusal_text(err, "fr") == fr.replace(" :", "\u202f:")  # French typography


def test_a_card_not_in_the_hand_and_a_hooked_bid() -> None:
    state = deal_position(["H5 T3", "S1 S2", "D1 D2"], bids=[1, 0, 0])
    err = refused(state, Play(cards("SK")[0]))
    assert err.code == "not-in-hand" and err.held == ("H5", "T3")
    assert refusal_text(err, "en") == "You do not hold K♠."
    assert refusal_text(err, "fr") == "Vous n'avez pas R♠."
    hooked = deal_position(["H5 T3", "S1 S2", "D1 D2"], bids=[1, 0, None], hook=True)
    err = refused(hooked, Bid(1))
    assert err.code == "hook" and (err.bid, err.hand_size) == (1, 2)
    assert refusal_text(err, "en").startswith("With the hook, the dealer may not bid 1")
    err = refused(hooked, Bid(3))
    assert refusal_text(err, "fr") == "Une annonce est un nombre de 0 à 2."


def test_a_bid_while_cards_are_played_says_it_is_not_the_time() -> None:
    state = deal_position(["H5 T3", "S1 S2"], bids=[0, 0])
    err = refused(state, Bid(0))
    assert err.code == "wrong-phase"
    assert refusal_text(err, "en") == "It is not the time to bid."


def test_a_refusal_from_above_the_core_reads_by_its_code() -> None:
    """The table refuses a move out of turn before the core sees it: its code says enough."""
    assert refusal_text(AscenseurError("x", code="not-your-turn"), "fr") == (
        "Ce n'est pas à vous de jouer."
    )
    assert refusal_text(AscenseurError("the game is over", code="game-over"), "en") == (
        "The game is over."
    )
    assert refusal_text(AscenseurError("no such table", code="no-table"), "fr") == ("no such table")
