"""Rules B1–B3: bidding (annonces) (RULES.md §3)."""

from __future__ import annotations

import itertools
from typing import Any, cast

import pytest

from ascenseur.core import DECK, Bid, GameState, IllegalAction, Phase, Play, Rules
from ascenseur.core.observation import observe
from helpers import apply_deal, bidding_order, deal_of, deal_position, play

FIVE_CARD_HANDS = ["S1 S2 S3 S4 S5", "H1 H2 H3 H4 H5", "D1 D2 D3 D4 D5", "C1 C2 C3 C4 C5"]


def hands_of(players: int, k: int) -> list[str]:
    """k cards for each of ``players`` seats, all different (in deck order)."""
    deck = [card.code for card in DECK]
    return [" ".join(deck[seat * k : (seat + 1) * k]) for seat in range(players)]


def bidding_state(players: int, k: int, dealer: int, *, hook: bool = False) -> GameState:
    """A k-card deal, dealt and waiting for its first bid."""
    state = GameState.single_deal(Rules(players=players, hook=hook), k - 1, dealer=dealer)
    state.apply(deal_of(*hands_of(players, k)))
    return state


# -- B1: order ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (3, 2), (4, 1), (6, 5), (10, 4)])
def test_dealers_left_bids_first_and_the_dealer_last(players: int, dealer: int) -> None:
    """B1: the player on the dealer's left bids first; clockwise; the dealer last."""
    state = bidding_state(players, 2, dealer)
    order = []
    while state.phase is Phase.BIDDING:
        order.append(state.current_seat)
        state.apply(Bid(1))
    assert order[0] == (dealer + 1) % players
    assert order[-1] == dealer
    assert order == [(dealer + 1 + i) % players for i in range(players)]
    assert state.phase is Phase.PLAYING


def test_each_seat_bids_once_and_bids_are_seen_by_everyone() -> None:
    """B1: a bid is open: every seat (and a spectator) sees the earlier bids at once."""
    state = bidding_state(4, 3, dealer=1)
    made: dict[int, int] = {}
    for seat, value in zip(bidding_order(1, 4), (3, 0, 2, 1), strict=True):
        assert state.current_seat == seat
        state.apply(Bid(value))
        made[seat] = value
        expected = tuple(made.get(s) for s in range(4))
        assert state.bids == expected
        for viewer in (0, 1, 2, 3, None):
            assert observe(state, viewer).bids == expected
    assert state.phase is Phase.PLAYING


def test_a_bid_cannot_be_withdrawn_or_repeated() -> None:
    """B1: once all have bid, no further bid is accepted and the bids stay through play."""
    state = deal_position(["S1 S2", "H1 H2", "D1 D2"], bids=[2, 0, 1])
    assert state.bids == (2, 0, 1)
    with pytest.raises(IllegalAction, match="must play a card") as info:
        state.apply(Bid(0))
    assert info.value.code == "wrong-phase"
    state.apply(Play(state.hand(0)[0]))
    assert state.bids == (2, 0, 1)


def test_no_bid_before_the_cards_are_dealt() -> None:
    """B1: bidding follows the deal."""
    state = GameState.new(Rules(players=3), first_dealer=0)
    with pytest.raises(IllegalAction, match="dealt first") as info:
        state.apply(Bid(0))
    assert info.value.code == "wrong-phase"
    assert state.legal_bids() == []


def test_no_card_before_every_seat_has_bid() -> None:
    """B1: play starts once the dealer, last, has bid."""
    state = deal_position(["S1 S2", "H1 H2", "D1 D2"], bids=[0, 0, None])
    assert state.phase is Phase.BIDDING
    with pytest.raises(IllegalAction, match="seat 2 must bid") as info:
        state.apply(Play(state.hand(0)[0]))
    assert info.value.code == "wrong-phase"


# -- B2: range ---------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 5, 13])
def test_every_bid_from_zero_to_k_is_legal(k: int) -> None:
    """B2: a bid is a whole number 0…k, for every seat."""
    state = bidding_state(6, k, dealer=0)
    while state.phase is Phase.BIDDING:
        assert state.legal_bids() == list(range(k + 1))
        assert state.legal_actions() == [Bid(v) for v in range(k + 1)]
        assert all(state.is_legal(Bid(v)) for v in range(k + 1))
        state.apply(Bid(k))


@pytest.mark.parametrize("value", [-1, 4, 5, 78])
def test_bid_outside_zero_to_k_is_refused(value: int) -> None:
    """B2: the error names the seat, the bid and the range 0…k."""
    state = bidding_state(4, 3, dealer=0)
    assert not state.is_legal(Bid(value))
    with pytest.raises(IllegalAction) as info:
        state.apply(Bid(value))
    err = info.value
    assert err.code == "bid-out-of-range"
    assert err.seat == 1
    assert err.deal == 2
    message = str(err)
    assert "seat 1" in message
    assert str(value) in message
    assert "0 to 3" in message
    assert state.bids == (None,) * 4  # nothing was recorded


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_bid_must_be_a_whole_number(value: object) -> None:
    """B2: booleans, floats and strings are not bids."""
    state = bidding_state(3, 2, dealer=0)
    with pytest.raises(IllegalAction) as info:
        state.apply(Bid(cast(Any, value)))
    assert info.value.code == "bid-out-of-range"
    assert state.current_seat == 1


# -- B3: no constraint by default; the hook option ----------------------------------------------


def test_without_the_hook_the_dealer_may_make_the_bids_sum_to_k() -> None:
    """B3: by default the dealer's bid is free, even when the bids then add up to k."""
    state = deal_position(FIVE_CARD_HANDS, bids=[2, 0, 1, None])
    assert state.current_seat == 3
    assert state.legal_bids() == [0, 1, 2, 3, 4, 5]
    state.apply(Bid(2))
    assert sum(b for b in state.bids if b is not None) == 5


def test_hook_example_of_the_rules() -> None:
    """B3: k=5, others bid 2, 0, 1 → the dealer may bid 0, 1, 3, 4, 5 but not 2."""
    state = deal_position(FIVE_CARD_HANDS, bids=[2, 0, 1, None], hook=True)
    assert state.current_seat == state.dealer == 3
    assert state.legal_bids() == [0, 1, 3, 4, 5]
    assert state.legal_actions() == [Bid(v) for v in (0, 1, 3, 4, 5)]
    assert not state.is_legal(Bid(2))


def test_dealer_bid_against_the_hook_is_refused_with_the_reason() -> None:
    """B3: the error names the dealer's seat, the bid, and the total the hook forbids."""
    state = deal_position(FIVE_CARD_HANDS, bids=[2, 0, 1, None], hook=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(Bid(2))
    err = info.value
    assert err.code == "hook"
    assert err.seat == 3
    message = str(err)
    assert "seat 3" in message
    assert "bid 2" in message
    assert "dealer" in message
    assert "5" in message  # the sum the dealer may not reach
    assert state.bids == (2, 0, 1, None)
    state.apply(Bid(3))
    assert state.phase is Phase.PLAYING


def test_hook_binds_only_the_dealer() -> None:
    """B3: the seats before the dealer bid any of 0…k, whatever the bids so far."""
    state = bidding_state(4, 3, dealer=3, hook=True)
    for value in (3, 0, 0):
        assert state.current_seat != state.dealer
        assert state.legal_bids() == [0, 1, 2, 3]
        state.apply(Bid(value))
    assert state.current_seat == 3
    assert state.legal_bids() == [1, 2, 3]  # 0 would make 3 + 0 + 0 + 0 = k


def test_hook_forbids_nothing_when_the_others_already_bid_more_than_k() -> None:
    """B3: no dealer bid can bring the total down to k, so every bid is allowed."""
    state = deal_position(["S1 S2", "H1 H2", "D1 D2"], bids=[2, 2, None], hook=True)
    assert state.legal_bids() == [0, 1, 2]


@pytest.mark.parametrize(("players", "k"), [(2, 1), (2, 4), (3, 1), (3, 3), (4, 2), (5, 1)])
def test_dealer_always_keeps_a_legal_bid_under_the_hook(players: int, k: int) -> None:
    """B3: whatever the others bid, the dealer has at least one legal bid, and only the one
    value that makes the sum k is forbidden."""
    for others in itertools.product(range(k + 1), repeat=players - 1):
        state = bidding_state(players, k, dealer=players - 1, hook=True)
        for value in others:
            state.apply(Bid(value))
        assert state.current_seat == state.dealer
        allowed = [v for v in range(k + 1) if sum(others) + v != k]
        assert state.legal_bids() == allowed
        assert len(allowed) >= 1
        state.apply(Bid(allowed[-1]))
        assert state.phase is Phase.PLAYING


def test_hook_applies_in_every_deal_of_a_game() -> None:
    """B3: the hook binds whoever deals: the dealer of the second deal as of the first."""
    state = GameState.new(Rules(players=3, max_cards=2, hook=True), first_dealer=0)
    apply_deal(state, ["S1", "S2", "S3"], bids=[None, 0, 0])  # k=1, dealer 0 still to bid
    assert state.current_seat == 0
    assert state.legal_bids() == [0]  # 1 would make 0 + 0 + 1 = k
    state.apply(Bid(0))
    play(state, "S2 S3 S1")
    apply_deal(state, ["H1 H2", "D1 D2", "C1 C2"], bids=[0, None, 1])  # k=2, dealer 1
    assert state.current_seat == state.dealer == 1
    assert state.legal_bids() == [0, 2]  # 1 would make 1 + 0 + 1 = k
