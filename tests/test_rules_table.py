"""Rules D1–D5: the table, the dealer, the deal and the schedule (RULES.md §2)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

import pytest

from ascenseur.core import (
    DECK,
    Bid,
    GameState,
    IllegalAction,
    Phase,
    Play,
    Rules,
    RulesError,
)
from ascenseur.core.observation import observe
from ascenseur.core.record import dumps, loads, record_of
from helpers import apply_deal, deal_of, random_action, random_game

T = TypeVar("T")

# D5: M = ⌊78 / n⌋, the table of RULES.md (2 players, for analysis: ⌊78/2⌋ = 39).
PEAKS = {2: 39, 3: 26, 4: 19, 5: 15, 6: 13, 7: 11, 8: 9, 9: 8, 10: 7}


class StackedDeck(random.Random):
    """A "shuffle" that leaves the deck in deck order (S1, S2, …, EX): the top card is S1."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None

    def sample(
        self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None
    ) -> list[T]:
        return list(population)[:k]


# -- D1: seats clockwise -----------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_every_table_size_from_2_to_10_is_allowed(players: int) -> None:
    """D1: 3 to 10 players, 2 for analysis."""
    assert Rules(players=players).players == players


@pytest.mark.parametrize("players", [-1, 0, 1, 11, 12, 100])
def test_table_size_outside_2_to_10_is_refused(players: int) -> None:
    """D1: no game for fewer than 2 or more than 10 players; the error says the range."""
    with pytest.raises(RulesError, match="2…10") as info:
        Rules(players=players)
    assert str(players) in str(info.value)
    assert info.value.code == "bad-rules"


@pytest.mark.parametrize("players", [True, 4.0, "4", None])
def test_table_size_must_be_a_whole_number(players: object) -> None:
    """D1: players is a whole number; booleans, floats and strings are refused."""
    with pytest.raises(RulesError, match="players"):
        Rules(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 2), (5, 4), (10, 9)])
def test_bidding_moves_clockwise_to_the_left(players: int, dealer: int) -> None:
    """D1: the seat on a seat's left is seat + 1 (mod n); bidding moves that way."""
    state = GameState.single_deal(Rules(players=players), 0, dealer=dealer)
    state.apply(deal_of(*[DECK[seat].code for seat in range(players)]))
    seen = []
    while state.phase is Phase.BIDDING:
        seen.append(state.current_seat)
        state.apply(Bid(0))
    assert seen == [(dealer + 1 + i) % players for i in range(players)]


def test_play_moves_clockwise_to_the_left() -> None:
    """D1: inside a trick, each card is played by the left neighbour of the previous player."""
    state = GameState.single_deal(Rules(players=5), 2, dealer=1)
    hands = ["S1 S2 S3", "H1 H2 H3", "D1 D2 D3", "C1 C2 C3", "T1 T2 T3"]
    apply_deal(state, hands)
    rng = random.Random(5)
    while state.phase is Phase.PLAYING:
        leader = state.leader
        assert leader is not None
        seats = [seat for seat, _ in state.trick]
        assert seats == [(leader + i) % 5 for i in range(len(seats))]
        assert state.current_seat == (leader + len(seats)) % 5
        state.apply(random_action(state, rng))
    assert state.results[0].hand_size == 3


# -- D2: the dealer ------------------------------------------------------------------------------


def test_first_dealer_is_drawn_from_the_injected_rng() -> None:
    """D2: the same seeded rng gives the same first dealer; different seeds reach every seat."""
    rules = Rules(players=5)
    same = {GameState.new(rules, rng=random.Random(42)).first_dealer for _ in range(5)}
    assert len(same) == 1
    drawn = {GameState.new(rules, rng=random.Random(seed)).first_dealer for seed in range(200)}
    assert drawn == set(range(5))


def test_first_dealer_without_rng_does_not_use_the_module_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """D2: a real game's dealer comes from the OS source, never the module-level generator."""

    def forbidden(*args: object, **kwargs: object) -> object:
        raise AssertionError("the module-level random generator was used")

    for name in ("random", "randrange", "randint", "choice", "shuffle", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
    dealers = {GameState.new(Rules(players=4)).first_dealer for _ in range(50)}
    assert dealers <= {0, 1, 2, 3}


def test_first_dealer_is_recorded() -> None:
    """D2: a record states the first dealer, and reading it back keeps it."""
    state = GameState.new(Rules(players=6, max_cards=2), rng=random.Random(7))
    record = record_of(state)
    assert record.first_dealer == state.first_dealer
    assert json.loads(dumps(record))["first_dealer"] == state.first_dealer
    assert loads(dumps(record)).first_dealer == state.first_dealer


@pytest.mark.parametrize("first_dealer", [-1, 4, 10])
def test_first_dealer_outside_the_table_is_refused(first_dealer: int) -> None:
    """D1/D2: the first dealer is a seat 0…n−1."""
    with pytest.raises(IllegalAction, match="0…3") as info:
        GameState.new(Rules(players=4), first_dealer=first_dealer)
    assert info.value.code == "bad-dealer"


@pytest.mark.parametrize(("players", "first_dealer"), [(3, 2), (4, 0), (4, 3), (7, 5)])
def test_deal_passes_to_the_left_after_each_deal(players: int, first_dealer: int) -> None:
    """D2: the dealer of deal j is first_dealer + j (mod n)."""
    rules = Rules(players=players, max_cards=4)
    state = GameState.new(rules, first_dealer=first_dealer)
    rng = random.Random(players * 10 + first_dealer)
    dealers = []
    while not state.is_terminal():
        if state.phase is Phase.DEALING:
            dealers.append(state.dealer)
            state.deal(rng)
        else:
            state.apply(random_action(state, rng))
    expected = [(first_dealer + j) % players for j in range(rules.deal_count)]
    assert dealers == expected
    assert [result.dealer for result in state.results] == expected
    assert [deal.dealer for deal in record_of(state).deals] == expected


# -- D3: the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 1), (4, 3), (6, 5)])
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(players: int, dealer: int) -> None:
    """D3: from an unshuffled deck, card i goes to seat dealer + 1 + i (mod n), in that order."""
    k = 3
    state = GameState.single_deal(Rules(players=players), k - 1, dealer=dealer)
    deal = state.random_deal(StackedDeck())
    first = (dealer + 1) % players
    for seat in range(players):
        turn = (seat - first) % players  # how many seats after the dealer's left
        assert [card.index for card in deal.hands[seat]] == [turn + players * r for r in range(k)]


@pytest.mark.parametrize("players", range(2, 11))
def test_peak_deal_gives_k_distinct_cards_to_each_seat_and_leaves_the_rest(players: int) -> None:
    """D3: n·k distinct cards are dealt, k to each seat; 78 − n·k stay unused."""
    rules = Rules(players=players)
    peak = rules.max_cards - 1
    state = GameState.single_deal(rules, peak, dealer=0)
    state.deal(random.Random(players))
    hands = [state.hand(seat) for seat in range(players)]
    assert all(len(hand) == rules.max_cards for hand in hands)
    dealt = {card for hand in hands for card in hand}
    assert len(dealt) == players * rules.max_cards
    assert 78 - len(dealt) == 78 % players


def test_undealt_cards_are_seen_by_nobody() -> None:
    """D3: the cards left face down appear in no seat's view; a spectator sees no hand."""
    state = GameState.single_deal(Rules(players=4), 2, dealer=0)
    state.deal(random.Random(11))
    dealt = {card for seat in range(4) for card in state.hand(seat)}
    for seat in range(4):
        view = observe(state, seat)
        assert set(view.hand) == set(state.hand(seat))
        assert not set(view.hand) - dealt
    assert observe(state, None).hand == ()


def test_a_seeded_deal_is_reproducible_and_the_fast_path_deals_the_same() -> None:
    """D3: the same rng deals the same cards; the unchecked deal equals the checked one."""
    rules = Rules(players=5, max_cards=6)
    for index in range(rules.deal_count):
        checked = GameState.single_deal(rules, index, dealer=index % 5)
        fast = GameState.single_deal(rules, index, dealer=index % 5)
        checked.deal(random.Random(index))
        fast.deal_random_unchecked(random.Random(index))
        again = GameState.single_deal(rules, index, dealer=index % 5).random_deal(
            random.Random(index)
        )
        assert checked.history == fast.history == (again,)


def test_deal_must_give_a_hand_to_every_seat() -> None:
    """D3: a deal gives exactly n hands."""
    state = GameState.new(Rules(players=4), first_dealer=0)
    with pytest.raises(IllegalAction, match="4 seats") as info:
        state.apply(deal_of("S1", "S2", "S3"))
    assert info.value.code == "hand-count"
    assert state.phase is Phase.DEALING


def test_deal_must_give_k_cards_to_every_seat() -> None:
    """D3: each seat holds k cards (deal 1: one card)."""
    state = GameState.new(Rules(players=3), first_dealer=0)
    with pytest.raises(IllegalAction, match="seat 1 must be dealt 1 card") as info:
        state.apply(deal_of("S1", "S2 S3", "S4"))
    assert info.value.code == "hand-size"
    assert info.value.seat == 1


def test_deal_may_not_give_a_card_twice() -> None:
    """D3: the deck holds each card once."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    with pytest.raises(IllegalAction, match="dealt twice") as info:
        state.apply(deal_of("H7", "S2", "H7"))
    assert info.value.code == "dealt-twice"
    assert info.value.seat == 2
    assert "7♥" in str(info.value)


def test_cards_are_dealt_only_between_deals() -> None:
    """D3: the cards are dealt once per deal, before bidding."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    state.apply(deal_of("S1", "S2", "S3"))
    with pytest.raises(IllegalAction) as info:
        state.apply(deal_of("S4", "S5", "S6"))
    assert info.value.code == "wrong-phase"
    assert "must bid" in str(info.value)


# -- D4: the schedule ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_schedule_climbs_to_the_peak_and_back_to_one(players: int) -> None:
    """D4: k = 1, 2, …, M, M−1, …, 1; the peak once; 2M−1 deals."""
    rules = Rules(players=players)
    m = PEAKS[players]
    expected = [*range(1, m + 1), *range(m - 1, 0, -1)]
    assert list(rules.schedule) == expected
    assert rules.deal_count == 2 * m - 1 == len(rules.schedule)
    assert rules.schedule.count(m) == 1


def test_game_follows_the_schedule_and_ends_after_the_last_one_card_deal() -> None:
    """D4: every deal has the scheduled hand size; after the last 1-card deal the game is over."""
    rules = Rules(players=4, max_cards=5)
    state = GameState.new(rules, first_dealer=1)
    rng = random.Random(3)
    sizes = []
    while not state.is_terminal():
        if state.phase is Phase.DEALING:
            sizes.append(state.hand_size)
            state.deal(rng)
            assert all(len(state.hand(seat)) == state.hand_size for seat in range(4))
        else:
            state.apply(random_action(state, rng))
    assert sizes == [1, 2, 3, 4, 5, 4, 3, 2, 1]
    assert [result.hand_size for result in state.results] == sizes
    assert state.phase is Phase.OVER
    assert state.current_seat is None
    assert state.legal_actions() == []


def test_nothing_can_follow_the_last_deal() -> None:
    """D4: the game ends after the last one-card deal: no deal, bid or card can follow."""
    state = random_game(Rules(players=3, max_cards=2), random.Random(1))
    assert state.is_terminal()
    for action in (deal_of("S1", "S2", "S3"), Bid(0), Play(DECK[0])):
        with pytest.raises(IllegalAction, match="over") as info:
            state.apply(action)
        assert info.value.code == "game-over"
        assert not state.is_legal(action)


def test_whole_game_with_the_largest_peak_runs_to_its_end() -> None:
    """D4/D5: 2 players play 39 deals up to 39 cards each and back (77 deals)."""
    state = random_game(Rules(players=2), random.Random(2))
    assert state.is_terminal()
    assert [r.hand_size for r in state.results] == [*range(1, 40), *range(38, 0, -1)]


# -- D5: the peak -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "peak"), sorted(PEAKS.items()))
def test_peak_is_the_floor_of_78_over_players(players: int, peak: int) -> None:
    """D5: M = ⌊78 / n⌋ — 3p 26, 4p 19, 5p 15, 6p 13, 7p 11, 8p 9, 9p 8, 10p 7."""
    assert peak == 78 // players
    assert Rules(players=players).max_cards == peak


def test_max_cards_shortens_the_game() -> None:
    """D5: 4 players with max_cards=5 play 1,2,3,4,5,4,3,2,1."""
    rules = Rules(players=4, max_cards=5)
    assert rules.schedule == (1, 2, 3, 4, 5, 4, 3, 2, 1)
    assert rules.deal_count == 9


@pytest.mark.parametrize("players", range(2, 11))
def test_every_max_cards_from_1_to_the_peak_is_allowed(players: int) -> None:
    """D5: max_cards may be 1…⌊78/n⌋."""
    for peak in range(1, PEAKS[players] + 1):
        rules = Rules(players=players, max_cards=peak)
        assert max(rules.schedule) == peak
        assert rules.deal_count == 2 * peak - 1


@pytest.mark.parametrize(("players", "max_cards"), [(4, 20), (4, -1), (3, 27), (10, 8), (2, 40)])
def test_max_cards_outside_its_range_is_refused(players: int, max_cards: int) -> None:
    """D5: the error names the allowed range for this table."""
    with pytest.raises(RulesError) as info:
        Rules(players=players, max_cards=max_cards)
    message = str(info.value)
    assert f"1…{PEAKS[players]}" in message
    assert str(max_cards) in message


def test_max_cards_zero_is_refused() -> None:
    """D5: max_cards is 1…⌊78/n⌋; 0 is outside the range."""
    with pytest.raises(RulesError):
        Rules(players=4, max_cards=0)


@pytest.mark.parametrize("max_cards", [True, 2.0, "5"])
def test_max_cards_must_be_a_whole_number(max_cards: object) -> None:
    """D5: max_cards is a whole number."""
    with pytest.raises(RulesError, match="max_cards"):
        Rules(players=4, max_cards=max_cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("hook", [1, 0, "yes", None])
def test_hook_must_be_true_or_false(hook: object) -> None:
    """B3: the hook option is a boolean."""
    with pytest.raises(RulesError, match="hook"):
        Rules(players=4, hook=hook)  # type: ignore[arg-type]


def test_rules_are_a_frozen_value() -> None:
    """D5: a rule set is validated once and cannot change afterwards."""
    rules = Rules(players=4, max_cards=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 11  # type: ignore[misc]
    assert rules == Rules(players=4, max_cards=5)


def test_rules_default_to_no_hook_and_the_full_peak() -> None:
    """B3/D5: by default no hook, and max_cards = ⌊78/n⌋."""
    rules = Rules(players=5)
    assert rules.hook is False
    assert rules.max_cards == 15


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"max_cards": 5}, "players"),
        ({"players": 4, "max_cards": 0}, "max_cards"),
        ({"players": 4, "jokers": True}, "jokers"),
        ({"players": 11}, "2…10"),
        ("four", "object"),
    ],
)
def test_rules_from_a_record_say_what_is_wrong(data: object, words: str) -> None:
    """D1/D5: a record's rules object is validated with a sentence naming the fault."""
    with pytest.raises(RulesError, match=words):
        Rules.from_json(data)


def test_rules_from_a_record_default_the_optional_fields() -> None:
    """§6: rules.max_cards defaults to ⌊78/n⌋ and rules.hook to false."""
    assert Rules.from_json({"players": 7}) == Rules(players=7, max_cards=11, hook=False)


def test_errors_survive_pickling_with_their_place() -> None:
    """Errors cross process boundaries (the arena) with their message, code and place."""
    import pickle

    from ascenseur.core.errors import IllegalAction, RecordError

    illegal = IllegalAction("seat 2 cannot play Q♠", code="must-follow", seat=2, deal=4, card="SQ")
    again = pickle.loads(pickle.dumps(illegal))
    assert type(again) is IllegalAction
    assert (str(again), again.code, again.seat, again.deal, again.card) == (
        "seat 2 cannot play Q♠",
        "must-follow",
        2,
        4,
        "SQ",
    )
    record = pickle.loads(pickle.dumps(RecordError("bad", code="bad-json", deal=1, index=3)))
    assert (record.code, record.deal, record.index, record.seat) == ("bad-json", 1, 3, None)
    rules = pickle.loads(pickle.dumps(RulesError("players must be 2…10")))
    assert rules.code == "bad-rules" and str(rules) == "players must be 2…10"
