"""The unchecked fast path agrees with the checked path; clones are independent; single deals end.

Search code plays through :meth:`GameState.legal_card_mask`, :meth:`GameState.play_unchecked`,
:meth:`GameState.bid_unchecked` and :meth:`GameState.deal_random_unchecked`, which trust their
caller. These differential tests play the same games both ways, in lockstep, and compare.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ascenseur.core import Bid, GameState, IllegalAction, Phase, Play, Rules
from ascenseur.core.actions import PlayerAction
from ascenseur.core.cards import indices_of
from ascenseur.core.record import record_of


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """2–10 players; mostly a short game, in one case in ten the whole default schedule."""
    players = draw(st.integers(2, 10))
    hook = draw(st.booleans())
    limit = 78 // players
    # Hypothesis favours the ends of a range; the remainder of a wide one is nearly uniform.
    if draw(st.integers(0, 2**32 - 1)) % 10 == 0:
        return Rules(players, hook=hook)
    return Rules(players, max_cards=draw(st.integers(1, min(6, limit))), hook=hook)


SEEDS = st.integers(0, 2**32 - 1)


def position(state: GameState) -> tuple[object, ...]:
    """The current position, hidden hands included (cheap: no past deals)."""
    n = state.players
    return (
        state.phase,
        state.current_seat,
        state.deal_index,
        state.dealer,
        state.hand_size,
        tuple(state.hand_mask(s) for s in range(n)),
        state.bids,
        state.leader,
        state.trick,
        state.trick_winners,
        state.tricks_won,
        state.totals,
        len(state.history),
    )


def public_and_hidden(state: GameState) -> tuple[object, ...]:
    """Everything a state shows, hidden hands and the whole log included."""
    return (
        *position(state),
        state.played,
        state.results,
        state.deal_logs(),
        state.history,
    )


def choose(state: GameState, rng: random.Random) -> PlayerAction:
    """A random legal action, through the checked path."""
    return rng.choice(state.legal_actions())


def play_out(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to its end with random legal actions through the checked path."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
        else:
            state.apply(choose(state, rng))
    return state


@given(rules(), SEEDS)
def test_fast_path_agrees_with_the_checked_path_move_by_move(rules: Rules, seed: int) -> None:
    first_dealer = seed % rules.players
    checked = GameState.new(rules, first_dealer)
    fast = GameState.new(rules, first_dealer)
    deck_checked, deck_fast = random.Random(seed), random.Random(seed)
    choices = random.Random(~seed)
    while not checked.is_terminal():
        assert not fast.is_terminal()
        if checked.is_chance_node():
            assert fast.is_chance_node() and fast.legal_card_mask() == 0
            checked.deal(deck_checked)
            fast.deal_random_unchecked(deck_fast)
        elif checked.phase is Phase.BIDDING:
            assert fast.legal_card_mask() == 0
            legal = checked.legal_actions()
            assert [Bid(v) for v in fast.legal_bids()] == legal
            action = choices.choice(legal)
            assert isinstance(action, Bid)
            checked.apply(action)
            fast.bid_unchecked(action.value)
        else:
            legal = checked.legal_actions()
            assert indices_of(fast.legal_card_mask()) == [
                a.card.index for a in legal if isinstance(a, Play)
            ]
            action = choices.choice(legal)
            assert isinstance(action, Play)
            checked.apply(action)
            fast.play_unchecked(action.card.index)
        assert position(fast) == position(checked)
        if fast.is_chance_node():
            assert public_and_hidden(fast) == public_and_hidden(checked)
    assert public_and_hidden(fast) == public_and_hidden(checked)
    assert fast.is_terminal() and fast.legal_card_mask() == 0 and fast.legal_actions() == []
    assert fast.returns() == checked.returns() and fast.winners() == checked.winners()
    assert len(fast.results) == rules.deal_count
    assert record_of(fast) == record_of(checked)
    assert deck_fast.random() == deck_checked.random(), "the two deals drew differently"


@given(rules(), SEEDS)
def test_a_game_played_on_the_fast_path_replays_through_apply(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    fast = GameState.new(rules, rng=rng)
    while not fast.is_terminal():
        if fast.is_chance_node():
            fast.deal_random_unchecked(rng)
        elif fast.phase is Phase.BIDDING:
            fast.bid_unchecked(rng.choice(fast.legal_bids()))
        else:
            fast.play_unchecked(rng.choice(indices_of(fast.legal_card_mask())))
    again = GameState.new(rules, fast.first_dealer)
    for action in fast.history:
        again.apply(action)  # raises if the fast path let anything illegal through
    assert public_and_hidden(again) == public_and_hidden(fast)


@given(rules(), SEEDS, st.integers(0, 10))
def test_deal_random_unchecked_deals_what_deal_deals(rules: Rules, seed: int, skip: int) -> None:
    state = GameState.new(rules, seed % rules.players)
    play_out_deals = random.Random(seed)
    for _ in range(min(skip, rules.deal_count - 1)):  # reach a later deal and dealer
        state.deal(play_out_deals)
        while state.phase is not Phase.DEALING:
            state.apply(choose(state, play_out_deals))
    fast = state.clone()
    a, b, c = random.Random(seed), random.Random(seed), random.Random(seed)
    drawn = state.clone().random_deal(c)
    state.deal(a)
    fast.deal_random_unchecked(b)
    assert state.history[-1] == fast.history[-1] == drawn
    assert public_and_hidden(state) == public_and_hidden(fast)
    assert a.random() == b.random() == c.random()


@given(rules(), SEEDS, st.floats(0, 1))
def test_a_clone_is_independent_of_its_original(rules: Rules, seed: int, where: float) -> None:
    rng = random.Random(seed)
    state = GameState.new(rules, rng=rng)
    steps = int(where * sum(rules.players * (k + 1) + 1 for k in rules.schedule))
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.deal(rng)
        else:
            state.apply(choose(state, rng))
    clone = state.clone()
    before = public_and_hidden(state)
    assert public_and_hidden(clone) == before
    # Same actions from the same point: the same game.
    twin = state.clone()
    play_out(twin, random.Random(seed + 1))
    play_out(clone, random.Random(seed + 1))
    assert public_and_hidden(clone) == public_and_hidden(twin)
    assert public_and_hidden(state) == before, "playing a clone changed the original"
    # The original played on does not touch a clone taken before.
    kept = state.clone()
    play_out(state, random.Random(seed + 2))
    assert public_and_hidden(kept) == before, "playing the original changed a clone"


def test_a_clone_of_a_dealt_state_has_its_own_hands() -> None:
    state = GameState.new(Rules(4, max_cards=5), first_dealer=0)
    state.deal(random.Random(1))
    clone = state.clone()
    for _ in range(4):
        clone.apply(clone.legal_actions()[0])
    clone.apply(clone.legal_actions()[0])  # seat 1 leads a card
    assert clone.hand_mask(1) != state.hand_mask(1)
    assert len(state.hand(1)) == 1 and state.bids == (None,) * 4 and state.played == ()
    assert len(clone.history) == len(state.history) + 5


@given(rules(), SEEDS, st.data())
def test_a_single_deal_state_ends_after_its_one_deal(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    deal_index = data.draw(st.integers(0, rules.deal_count - 1), label="deal_index")
    dealer = data.draw(st.integers(0, rules.players - 1), label="dealer")
    fast = data.draw(st.booleans(), label="fast")
    state = GameState.single_deal(rules, deal_index, dealer)
    # With max_cards=1 the schedule is one deal: that single deal is the whole game.
    whole = rules.deal_count == 1
    assert state.is_whole_game is whole
    assert state.is_chance_node() and state.deal_index == deal_index and state.dealer == dealer
    assert state.hand_size == rules.schedule[deal_index]
    rng = random.Random(seed)
    if fast:
        state.deal_random_unchecked(rng)
        while not state.is_terminal():
            if state.phase is Phase.BIDDING:
                state.bid_unchecked(rng.choice(state.legal_bids()))
            else:
                state.play_unchecked(rng.choice(indices_of(state.legal_card_mask())))
    else:
        play_out(state, rng)
    assert state.is_terminal() and state.phase is Phase.OVER and state.current_seat is None
    assert len(state.results) == 1
    result = state.results[0]
    assert result.dealer == dealer and result.hand_size == rules.schedule[deal_index]
    assert sum(result.tricks) == result.hand_size
    assert state.totals == result.scores == state.returns()
    with pytest.raises(IllegalAction) as caught:
        state.apply(Bid(0))
    assert caught.value.code == "game-over"
    with pytest.raises(IllegalAction):
        state.deal(rng)
    if whole:
        assert len(record_of(state).deals) == 1
    else:
        with pytest.raises(ValueError, match="single-deal"):
            record_of(state)


@pytest.mark.parametrize("deal_index", [-1, 5])
def test_a_single_deal_must_be_in_the_schedule(deal_index: int) -> None:
    with pytest.raises(IllegalAction) as caught:
        GameState.single_deal(Rules(4, max_cards=3), deal_index)
    assert caught.value.code == "bad-deal-index"


def test_a_whole_game_is_not_a_single_deal() -> None:
    assert GameState.new(Rules(4), first_dealer=0).is_whole_game
