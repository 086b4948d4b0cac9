"""The play-outs' "to the bid" policy, case by case, on the pure path and the compiled one.

The policy is what the expert expects of every seat in a sampled world (and of itself beyond
its look-ahead), so its choices are pinned here exactly. A seat short of its bid leads its
strongest card and wins with its highest winner, or its cheapest when last. A seat that has
its bid leads its lowest card and plays its highest loser; with no loser, the Excuse, else its
cheapest winner (its highest when last). It chooses among the rules' legal cards (P2–P8); a
trick's winner is rule P9's.
"""

from __future__ import annotations

from ascenseur.core.cards import Card, mask_of
from ascenseur.core.tricks import legal_mask
from ascenseur.fast import play
from ascenseur.fast.masks import split
from ascenseur.search import rollout


def policy(hand: str, trick: str, need: int, players: int = 4) -> set[str]:
    """The card each path plays from ``hand`` on ``trick`` (codes), as a set: one card when
    the paths agree."""
    cards = [Card.parse(c).index for c in trick.split()]
    to_act = len(cards)  # the leader is seat 0
    led, high, win_value, _ = rollout.trick_state(cards, to_act, players)
    legal = legal_mask(mask_of(Card.parse(c) for c in hand.split()), len(cards), led, high)
    last = len(cards) == players - 1
    pure = rollout.choose_card(legal, len(cards), led, win_value, need, last)
    compiled = play.choose_card(*split(legal), len(cards), led, win_value, need, last)
    return {Card.from_index(pure).code, Card.from_index(compiled).code}


def test_short_of_its_bid_a_seat_leads_its_strongest_card_else_its_lowest() -> None:
    # With a suit card in hand only suit cards may be led (P2).
    assert policy("T21 SK H2 EX", "", need=1) == {"SK"}
    assert policy("T21 SK H2 EX", "", need=0) == {"H2"}
    assert policy("T21 T3 EX", "", need=1) == {"T21"}  # trumps and the Excuse: any (P2)
    assert policy("T21 T3 EX", "", need=0) == {"T3"}
    assert policy("EX T5", "", need=0) == {"T5"}  # the Excuse is led only when alone


def test_short_of_its_bid_a_seat_wins_with_its_highest_winner_or_its_cheapest_when_last() -> None:
    assert policy("HK HQ H2", "H5", need=1) == {"HK"}
    assert policy("HK HQ H2", "H5 H7 H3", need=1) == {"HQ"}  # last: the cheapest winner
    assert policy("HQ H9 H2", "H5 HK", need=1) == {"H2"}  # no winner: its lowest card
    assert policy("T4 T2 S3", "H5 T3", need=1) == {"T4"}  # void in hearts: must overtrump (P6)


def test_with_its_bid_made_a_seat_plays_its_highest_loser_and_the_excuse_last() -> None:
    assert policy("HK H9 H2", "HQ", need=0) == {"H9"}
    assert policy("HK EX", "HQ", need=0) == {"EX"}  # no loser: the Excuse
    assert policy("HK HN", "HQ H2", need=0) == {"HN"}  # the knight is below the queen
    # No loser and no Excuse: the cheapest winner, or the highest when last (it wins anyway).
    assert policy("HK HN", "HJ", need=0) == {"HN"}
    assert policy("HK HN", "HJ H2 H3", need=0) == {"HK"}
