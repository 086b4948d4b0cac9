"""What a seat (or a spectator) sees: exact views of hand-made positions.

Every position is dealt by hand, so that each expectation can be worked out from RULES.md:
the own hand only, the bids, the current trick, the finished tricks, the hand counts, the
legal actions (only on the seat's turn), and the facts that the play has shown.
"""

from __future__ import annotations

import pytest

from ascenseur.core import Bid, Card, Deal, DealResult, GameState, Phase, Play, Rules, Suit
from ascenseur.core.cards import FULL_DECK_MASK, mask_of
from ascenseur.core.observation import NO_CEILING, Observation, SeatFacts, TrickView, observe

SUITS = frozenset({Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS})


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


def dealt(hands: list[str], dealer: int, hook: bool = False) -> GameState:
    """A single deal with these hands (seat by seat), dealt by ``dealer``, waiting for bids."""
    k = len(hands[0].split())
    state = GameState.single_deal(Rules(len(hands), max_cards=k, hook=hook), k - 1, dealer)
    state.apply(Deal(tuple(cards(hand) for hand in hands)))
    return state


def act(state: GameState, *moves: int | str) -> GameState:
    """Apply bids (numbers) and plays (card codes) in turn, through the checked path."""
    for move in moves:
        state.apply(Bid(move) if isinstance(move, int) else Play(Card.parse(move)))
    return state


def plays(codes: str) -> tuple[Play, ...]:
    return tuple(Play(card) for card in cards(codes))


def views(state: GameState) -> list[Observation]:
    """The spectator's view, then each seat's."""
    return [observe(state, None), *(observe(state, s) for s in range(state.players))]


def facts_of(state: GameState) -> tuple[SeatFacts, ...]:
    """The facts, after checking that every viewer is shown the same ones."""
    shown = {view.facts for view in views(state)}
    assert len(shown) == 1, "the facts are public: every viewer must see the same"
    return shown.pop()


# Three players, seat 0 deals, seat 1 bids and leads first. Tricks: H7 HK T5 (seat 0 trumps),
# D4 S2 T10 (seat 1 discards, seat 2 trumps), C3 EX H1 (seat 0 excuses, seat 1 discards).
TABLE = ["D4 T5 EX", "H1 H7 S2", "HK T10 C3"]


def table() -> GameState:
    return dealt(TABLE, dealer=0)


# -- the own hand, bids, turn and legal actions ---------------------------------------------


def test_a_seat_sees_its_own_hand_only_in_deck_order() -> None:
    state = table()
    for seat, hand in enumerate(["D4 T5 EX", "S2 H1 H7", "HK C3 T10"]):
        view = observe(state, seat)
        assert view.hand == cards(hand)
        assert view.hand_mask == mask_of(cards(hand))
        assert view.hand_counts == (3, 3, 3)
        assert view.unseen_mask == FULL_DECK_MASK & ~view.hand_mask


def test_a_spectator_sees_no_hand_and_has_no_legal_action() -> None:
    state = table()
    view = observe(state, None)
    assert view.seat is None and view.hand == () and view.legal_actions == ()
    assert not view.is_my_turn
    assert view.hand_counts == (3, 3, 3)
    assert view.unseen_mask == FULL_DECK_MASK


def test_bids_are_shown_as_they_are_made_in_turn_from_the_dealers_left() -> None:
    state = table()
    view = observe(state, 0)
    assert view.phase is Phase.BIDDING and view.current_seat == 1 and view.bids == (None,) * 3
    act(state, 2)
    assert [v.bids for v in views(state)] == [(None, 2, None)] * 4
    assert observe(state, 0).current_seat == 2
    act(state, 0)
    assert observe(state, 1).bids == (None, 2, 0) and observe(state, 1).current_seat == 0
    act(state, 1)
    view = observe(state, 2)
    assert view.bids == (1, 2, 0)
    assert view.phase is Phase.PLAYING and view.current_seat == 1 and view.leader == 1


def test_legal_actions_are_shown_to_the_seat_to_act_only() -> None:
    state = table()
    assert observe(state, 1).legal_actions == tuple(Bid(v) for v in range(4))
    assert observe(state, 1).is_my_turn
    for seat in (None, 0, 2):
        assert observe(state, seat).legal_actions == ()
        assert not observe(state, seat).is_my_turn
    act(state, 1, 1, 0, "H7", "HK")
    assert observe(state, 0).legal_actions == plays("T5 EX")  # no ♥: trump, or the Excuse
    assert observe(state, 1).legal_actions == observe(state, 2).legal_actions == ()


def test_the_hooked_dealer_is_not_offered_the_bid_that_makes_k() -> None:
    state = act(dealt(TABLE, dealer=0, hook=True), 2, 0)
    assert observe(state, 0).legal_actions == (Bid(0), Bid(2), Bid(3))  # not 1: 2 + 0 + 1 = 3


def test_the_leader_is_offered_suit_cards_only() -> None:
    state = act(dealt(["H5 T3 EX", "S1 S2 S3", "S4 S5 S6"], dealer=2), 0, 0, 0)
    assert observe(state, 0).legal_actions == plays("H5")  # P2


# -- the current trick, finished tricks and hand counts -------------------------------------


def test_the_current_trick_and_hand_counts_follow_the_play() -> None:
    state = act(table(), 1, 1, 0)
    view = observe(state, 2)
    assert view.trick == () and view.tricks == () and view.hand_counts == (3, 3, 3)
    act(state, "H7")
    view = observe(state, 2)
    assert view.trick == ((1, Card.parse("H7")),)
    assert view.hand_counts == (3, 2, 3) and view.current_seat == 2
    act(state, "HK")
    view = observe(state, 0)
    assert view.trick == ((1, Card.parse("H7")), (2, Card.parse("HK")))
    assert view.hand_counts == (3, 2, 2) and view.leader == 1
    assert view.played_mask == mask_of(cards("H7 HK"))
    assert view.unseen_mask == FULL_DECK_MASK & ~mask_of(cards("H7 HK D4 T5 EX"))


def test_finished_tricks_show_their_leader_cards_and_winner() -> None:
    state = act(table(), 1, 1, 0, "H7", "HK", "T5")
    view = observe(state, None)
    assert view.tricks == (TrickView(1, cards("H7 HK T5"), 0),)
    assert view.trick == () and view.leader == 0 and view.current_seat == 0
    assert view.tricks_won == (1, 0, 0) and view.hand_counts == (2, 2, 2)
    act(state, "D4", "S2")
    view = observe(state, 1)
    assert view.tricks == (TrickView(1, cards("H7 HK T5"), 0),)
    assert view.trick == ((0, Card.parse("D4")), (1, Card.parse("S2")))
    assert view.hand == cards("H1") and view.hand_counts == (1, 1, 2)
    act(state, "T10")
    view = observe(state, 2)
    assert view.tricks == (
        TrickView(1, cards("H7 HK T5"), 0),
        TrickView(0, cards("D4 S2 T10"), 2),
    )
    assert view.tricks_won == (1, 0, 1) and view.leader == 2 and view.hand == cards("C3")


def test_a_finished_deal_shows_its_result_and_no_card() -> None:
    state = act(table(), 1, 1, 0, "H7", "HK", "T5", "D4", "S2", "T10", "C3", "EX", "H1")
    result = DealResult(dealer=0, hand_size=3, bids=(0, 1, 1), tricks=(1, 0, 2), scores=(-1,) * 3)
    for view in views(state):
        assert view.phase is Phase.OVER and view.current_seat is None and view.leader is None
        assert view.results == (result,) and view.totals == (-1, -1, -1)
        assert view.hand == () and view.trick == () and view.tricks == ()
        assert view.hand_counts == (0, 0, 0) and view.legal_actions == ()
        assert view.facts == (SeatFacts(),) * 3


def test_between_deals_a_view_shows_the_results_so_far_and_the_next_deal() -> None:
    state = GameState.new(Rules(3, max_cards=2), first_dealer=0)
    state.apply(Deal((cards("S1"), cards("S2"), cards("S3"))))
    act(state, 0, 1, 0, "S2", "S3", "S1")  # seat 1 bids 0, seat 2 bids 1, seat 0 bids 0
    for view in views(state):
        assert view.phase is Phase.DEALING and view.current_seat is None
        assert (view.deal_index, view.hand_size, view.dealer) == (1, 2, 1)
        assert view.results == (DealResult(0, 1, (0, 0, 1), (0, 0, 1), (3, 3, 5)),)
        assert view.totals == (3, 3, 5)
        assert view.hand == () and view.hand_counts == (0, 0, 0) and view.bids == (None,) * 3
        assert view.trick == () and view.tricks == () and view.tricks_won == (0, 0, 0)
        assert view.legal_actions == () and view.facts == (SeatFacts(),) * 3
    state.apply(Deal((cards("H1 H2"), cards("H3 H4"), cards("H5 H6"))))
    view = observe(state, 1)
    assert view.phase is Phase.BIDDING and view.current_seat == 2 and view.hand == cards("H3 H4")
    assert view.results == (DealResult(0, 1, (0, 0, 1), (0, 0, 1), (3, 3, 5)),)


def test_a_new_game_waits_for_its_first_deal() -> None:
    state = GameState.new(Rules(4, max_cards=3), first_dealer=2)
    view = observe(state, 0)
    assert view.phase is Phase.DEALING and view.current_seat is None and view.dealer == 2
    assert view.hand == () and view.legal_actions == () and view.results == ()
    assert view.totals == (0, 0, 0, 0) and view.bids == (None,) * 4 and view.hand_size == 1
    assert view.rules == Rules(4, max_cards=3) and view.players == 4


@pytest.mark.parametrize("seat", [-1, 3, 4])
def test_there_is_no_view_for_a_seat_not_at_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match="seat"):
        observe(table(), seat)


# -- the facts the play shows -----------------------------------------------------------------


def test_nothing_is_known_before_the_play() -> None:
    assert facts_of(act(table(), 1, 1, 0)) == (SeatFacts(),) * 3


def test_trumping_shows_a_void_in_the_led_suit_only() -> None:
    state = act(table(), 1, 1, 0, "H7", "HK", "T5")
    assert facts_of(state) == (SeatFacts(frozenset({Suit.HEARTS})), SeatFacts(), SeatFacts())


def test_a_discard_shows_a_void_in_the_led_suit_and_in_trumps() -> None:
    state = act(table(), 1, 1, 0, "H7", "HK", "T5", "D4", "S2")
    seat1 = facts_of(state)[1]
    assert seat1 == SeatFacts(frozenset({Suit.DIAMONDS, Suit.TRUMPS}), 0)
    assert not seat1.may_hold(Card.parse("T1")) and not seat1.may_hold(Card.parse("D1"))
    assert seat1.may_hold(Card.parse("H1")) and seat1.may_hold(Card.parse("EX"))


def test_facts_accumulate_over_the_tricks_of_a_deal() -> None:
    state = act(table(), 1, 1, 0, "H7", "HK", "T5", "D4", "S2", "T10", "C3")
    assert facts_of(state) == (
        SeatFacts(frozenset({Suit.HEARTS})),
        SeatFacts(frozenset({Suit.DIAMONDS, Suit.TRUMPS}), 0),
        SeatFacts(frozenset({Suit.DIAMONDS})),
    )


def test_the_excuse_played_to_a_trick_shows_nothing() -> None:
    # Seat 1 still holds ♥3 when it excuses itself from a ♥ trick (P3)…
    state = act(dealt(["H2 S3", "EX H3", "H4 S2"], dealer=2), 0, 0, 0, "H2", "EX", "H4")
    assert facts_of(state) == (SeatFacts(),) * 3
    # …and still holds T9 when it excuses itself instead of overtrumping T3.
    state = act(dealt(["T3 T5", "EX T9", "T1 H1"], dealer=2), 0, 0, 0, "T3", "EX")
    assert facts_of(state) == (SeatFacts(SUITS), SeatFacts(), SeatFacts())


def test_a_trump_lead_shows_that_the_leader_holds_no_suit_card() -> None:
    state = act(dealt(["T3 T17", "T9 H4", "T2 D5"], dealer=2), 0, 0, 0, "T3")
    assert facts_of(state) == (SeatFacts(SUITS), SeatFacts(), SeatFacts())  # P2


def test_an_excuse_lead_shows_that_the_leader_holds_no_suit_card() -> None:
    state = act(dealt(["EX T17", "T9 H4", "T2 D5"], dealer=2), 0, 0, 0, "EX")
    assert facts_of(state)[0] == SeatFacts(SUITS)  # P2: the Excuse counts as a trump


def test_the_card_after_an_excuse_lead_shows_nothing_and_sets_the_led_suit() -> None:
    # Seat 1 holds T9 yet may play ♥4 (P4); seat 2 then has no ♥ and must trump.
    state = act(dealt(["EX T17", "T9 H4", "T2 D5"], dealer=2), 0, 0, 0, "EX", "H4")
    assert facts_of(state)[1] == SeatFacts()
    assert observe(state, 2).legal_actions == plays("T2")
    act(state, "T2")
    assert facts_of(state) == (SeatFacts(SUITS), SeatFacts(), SeatFacts(frozenset({Suit.HEARTS})))


def test_failing_to_overtrump_a_trump_lead_shows_a_trump_ceiling() -> None:
    state = act(dealt(["T3 T17", "T9 H4", "T2 D5"], dealer=2), 0, 0, 0, "T3", "T9")
    assert facts_of(state)[1] == SeatFacts()  # it overtrumped: nothing shown
    act(state, "T2")
    assert facts_of(state)[2] == SeatFacts(frozenset(), 9)  # P7: it holds no trump above 9
    assert not facts_of(state)[2].may_hold(Card.parse("T10"))
    assert facts_of(state)[2].may_hold(Card.parse("T8"))


def test_failing_to_overtrump_on_a_suit_trick_shows_a_void_and_a_ceiling() -> None:
    hands = ["H2 S1", "T8 C1", "T4 T6", "H9 S5"]
    state = act(dealt(hands, dealer=3), 0, 0, 0, 0, "H2", "T8", "T4")
    assert facts_of(state) == (
        SeatFacts(),
        SeatFacts(frozenset({Suit.HEARTS})),
        SeatFacts(frozenset({Suit.HEARTS}), 8),  # P6: no ♥, and no trump above 8
        SeatFacts(),
    )
    act(state, "H9", "C1")  # seat 1 won with T8 and leads ♣
    act(state, "T6")  # seat 2 trumps: void in ♣ too; its ceiling stays 8
    assert facts_of(state)[2] == SeatFacts(frozenset({Suit.HEARTS, Suit.CLUBS}), 8)
    act(state, "S5")  # seat 3 discards: no ♣ and no trump
    assert facts_of(state)[3] == SeatFacts(frozenset({Suit.CLUBS, Suit.TRUMPS}), 0)


def test_overtrumping_shows_no_ceiling() -> None:
    state = act(dealt(["H2 S1", "T8 C1", "T9 T6", "H9 S5"], dealer=3), 0, 0, 0, 0)
    act(state, "H2", "T8", "T9")
    assert facts_of(state)[2] == SeatFacts(frozenset({Suit.HEARTS}), NO_CEILING)


def test_a_new_deal_forgets_the_facts_of_the_last() -> None:
    state = GameState.new(Rules(3, max_cards=2), first_dealer=2)
    state.apply(Deal((cards("S1"), cards("S2"), cards("S3"))))
    act(state, 0, 0, 0, "S1", "S2", "S3")
    state.apply(Deal((cards("H1 T1"), cards("H2 H3"), cards("D1 D2"))))  # seat 1 leads
    act(state, 0, 0, 0, "H2", "D1")
    assert facts_of(state)[2] == SeatFacts(frozenset({Suit.HEARTS, Suit.TRUMPS}), 0)
    act(state, "H1", "H3", "D2", "T1")  # seat 1 won with ♥2 and leads ♥3; seat 0 trumps
    state.apply(Deal((cards("C1"), cards("C2"), cards("C3"))))
    assert facts_of(state) == (SeatFacts(),) * 3
