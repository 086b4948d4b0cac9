"""Rules P1–P9: playing a trick (RULES.md §4), with every worked example of the rules."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ascenseur.core import (
    EXCUSE,
    Card,
    GameState,
    IllegalAction,
    Phase,
    Play,
    Rules,
    Suit,
    legal_cards,
    trick_winner,
)
from ascenseur.core.observation import observe
from helpers import cards, deal_position, legal_codes, play, random_game, snapshot

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
PLAY_CODES = {"must-follow", "must-trump", "must-overtrump", "must-lead-suit", "not-in-hand"}


def rule_legal(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """P2–P7 as RULES.md words them: the cards of ``hand`` that may join ``trick``."""
    suit_cards = {c for c in hand if c.suit in SUITS}
    trumps = {c for c in hand if c.is_trump}
    excuse = {c for c in hand if c.is_excuse}
    if not trick:
        return suit_cards or set(hand)  # P2
    kinds = [c.suit for c in trick if not c.is_excuse]
    if not kinds:
        return set(hand)  # P4: the card after an Excuse lead is free
    led = kinds[0]
    highest = max((c.rank for c in trick if c.is_trump), default=0)
    if led is not Suit.TRUMPS:
        following = {c for c in hand if c.suit is led}
        if following:
            return following | excuse  # P5
    if not trumps:
        return set(hand)  # P6, P7: neither the led suit nor a trump
    higher = {c for c in trumps if c.rank > highest}
    return (higher or trumps) | excuse  # P6, P7: overtrump if able, else any trump


def legal_set(state: GameState) -> set[str]:
    return set(legal_codes(state))


def refuse(state: GameState, code: str) -> IllegalAction:
    """Try to play ``code`` and return the error; the state must not change."""
    before = snapshot(state)
    assert not state.is_legal(Play(Card.parse(code)))
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(Card.parse(code)))
    assert snapshot(state) == before
    return info.value


# -- the worked examples of RULES.md §4, exactly -------------------------------------------------


def test_example_hand_with_a_suit_card_may_lead_only_it() -> None:
    """P2 example: hand {♥5, T3, Excuse} on lead → only ♥5 is legal."""
    state = deal_position(["H5 T3 EX", "S1 S2 S3", "D1 D2 D3"])
    assert state.current_seat == 0
    assert legal_codes(state) == ["H5"]
    assert legal_cards(cards("H5 T3 EX"), []) == [Card.parse("H5")]


def test_example_hand_of_trumps_and_excuse_may_lead_any() -> None:
    """P2 example: hand {T3, T17, Excuse} on lead → any of the three."""
    state = deal_position(["T3 T17 EX", "S1 S2 S3", "D1 D2 D3"])
    assert legal_set(state) == {"T3", "T17", "EX"}
    assert set(legal_cards(cards("T3 T17 EX"), [])) == set(cards("T3 T17 EX"))


def test_example_void_player_must_overtrump() -> None:
    """P6 example: ♥ led, T7 played; next hand {T4, T9, ♠K} → only T9."""
    state = deal_position(["H5 C1 C2", "T7 D1 D2", "T4 T9 SK"], played="H5 T7")
    assert state.current_seat == 2
    assert legal_codes(state) == ["T9"]
    assert legal_cards(cards("T4 T9 SK"), cards("H5 T7")) == [Card.parse("T9")]


def test_example_void_player_must_undertrump_rather_than_discard() -> None:
    """P6 example: ♥ led, T7 played; next hand {T4, ♠K} → only T4 (may not discard ♠K)."""
    state = deal_position(["H5 C1", "T7 D1", "T4 SK"], played="H5 T7")
    assert legal_codes(state) == ["T4"]
    assert legal_cards(cards("T4 SK"), cards("H5 T7")) == [Card.parse("T4")]
    err = refuse(state, "SK")
    assert err.code == "must-trump"


def test_example_void_player_without_trumps_may_play_any_card() -> None:
    """P6 example: ♥ led, T7 played; next hand {♠K, ♦2} → any card."""
    state = deal_position(["H5 C1", "T7 D1", "SK D2"], played="H5 T7")
    assert legal_set(state) == {"SK", "D2"}
    assert set(legal_cards(cards("SK D2"), cards("H5 T7"))) == set(cards("SK D2"))


def test_example_after_an_excuse_lead_the_next_card_is_free_and_sets_the_suit() -> None:
    """P4 example: Excuse led; next hand {T6, ♠7} → either; if ♠7, the trick is a ♠ trick."""
    state = deal_position(["EX T1", "T6 S7", "S2 H3"], played="EX")
    assert legal_set(state) == {"T6", "S7"}
    play(state, "S7")
    assert legal_codes(state) == ["S2"]  # a ♠ trick: the third player follows ♠
    play(state, "S2")
    assert state.trick_winners == (1,)  # ♠7 is the highest card of the led suit


def test_example_one_card_deal_excuse_led_and_the_petit_wins() -> None:
    """P9 example: one-card deal, 4 players, EX / H3 / HK / T1 from the leader: T1 wins."""
    state = deal_position(["EX", "H3", "HK", "T1"])
    play(state, "EX H3")
    assert legal_codes(state) == ["HK"]  # led suit ♥
    play(state, "HK T1")
    assert state.trick_winners == (3,)
    assert state.results[0].tricks == (0, 0, 0, 1)
    assert trick_winner(cards("EX H3 HK T1")) == 3


# -- P1: the lead ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (3, 1), (4, 3), (5, 2)])
def test_player_on_the_dealers_left_leads_the_first_trick(players: int, dealer: int) -> None:
    """P1: after bidding, the seat on the dealer's left plays first."""
    hands = ["S1 S2", "H1 H2", "D1 D2", "C1 C2", "T1 T2"][:players]
    state = deal_position(hands, dealer=dealer)
    assert state.phase is Phase.PLAYING
    assert state.leader == state.current_seat == (dealer + 1) % players


def test_winner_of_a_trick_leads_the_next() -> None:
    """P1: the trick's winner leads, not the next seat round the table."""
    state = deal_position(["H2 S1", "HK S2", "H3 S3"], played="H2 HK H3")
    assert state.trick_winners == (1,)
    assert state.leader == state.current_seat == 1
    play(state, "S2 S3 S1")
    assert list(state.trick_winners) == [1, 2]


# -- P2: the lead restriction -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        ("H5 T3 EX", {"H5"}),
        ("S9 T21 T20", {"S9"}),
        ("S9 DK T1", {"S9", "DK"}),
        ("CK EX T5", {"CK"}),
        ("T3 T17 EX", {"T3", "T17", "EX"}),
        ("T1 T2 T3", {"T1", "T2", "T3"}),
    ],
)
def test_hand_with_a_suit_card_must_lead_a_suit_card(hand: str, legal: set[str]) -> None:
    """P2: no trump and no Excuse on lead while a suit card is held."""
    state = deal_position([hand, "H1 H2 H3", "D1 D2 D3"])
    assert legal_set(state) == legal


def test_only_the_excuse_may_be_led_from_a_hand_of_the_excuse() -> None:
    """P2: a hand holding only the Excuse leads it."""
    state = deal_position(["EX", "H1", "D1"])
    assert legal_codes(state) == ["EX"]


def test_leading_a_trump_while_holding_a_suit_card_is_refused() -> None:
    """P2: the error says a suit card must be led and lists the suit cards held."""
    state = deal_position(["H5 D4 T3 EX", "S1 S2 S3 S4", "C1 C2 C3 C4"])
    for code in ("T3", "EX"):
        err = refuse(state, code)
        assert err.code == "must-lead-suit"
        message = str(err)
        assert "seat 0" in message
        assert str(Card.parse(code)) in message
        assert "5♥" in message and "4♦" in message


def test_lead_restriction_holds_for_every_lead_not_only_the_first() -> None:
    """P2: the winner of a trick, holding a suit card, may not lead a trump next."""
    state = deal_position(["T21 S5 S6", "H2 T3 T4", "H3 C4 C5"], played="S5 T3 C4")
    assert state.trick_winners == (1,)
    assert legal_codes(state) == ["H2"]
    assert refuse(state, "T4").code == "must-lead-suit"


# -- P3: the Excuse instead of following ----------------------------------------------------------


def test_excuse_may_be_played_while_holding_the_led_suit() -> None:
    """P3/P5: holding the led suit, the Excuse is allowed as well."""
    state = deal_position(["H5 C1", "H7 EX", "D1 D2"], played="H5")
    assert legal_set(state) == {"H7", "EX"}


def test_excuse_may_be_played_instead_of_overtrumping() -> None:
    """P3/P6: void in the led suit with a higher trump, the Excuse is allowed as well."""
    state = deal_position(["H5 C1", "T7 D1", "T9 EX"], played="H5 T7")
    assert legal_set(state) == {"T9", "EX"}


def test_excuse_may_be_played_when_trumps_are_led() -> None:
    """P3/P7: holding trumps when trumps are led, the Excuse is allowed as well."""
    state = deal_position(["T10 T2", "T12 EX", "S1 S2"], played="T10")
    assert legal_set(state) == {"T12", "EX"}


def test_excuse_may_be_played_when_holding_neither_suit_nor_trump() -> None:
    """P3/P6: with neither the led suit nor a trump, any card, the Excuse included."""
    state = deal_position(["H5 C1", "S7 EX", "D1 D2"], played="H5")
    assert legal_set(state) == {"S7", "EX"}


def test_excuse_may_be_played_to_the_last_trick() -> None:
    """P3: keeping the Excuse to the last trick is allowed; it does not win it."""
    state = deal_position(["H5 H9", "H2 EX", "H3 H4"], bids=[2, 0, 0])
    play(state, "H5")
    assert legal_set(state) == {"H2", "EX"}
    play(state, "H2 H3")
    play(state, "H9")
    assert legal_codes(state) == ["EX"]
    play(state, "EX H4")
    assert state.results[0].tricks == (2, 0, 0)


def test_excuse_may_be_led_to_the_last_trick_by_a_hand_of_only_the_excuse() -> None:
    """P2/P3/P4: the winner holding only the Excuse leads it; the next card sets the suit."""
    state = deal_position(["T21 EX", "H2 H3", "S2 S3"], played="T21 H2 S2")
    assert state.leader == 0
    assert legal_codes(state) == ["EX"]
    play(state, "EX H3")
    assert legal_set(state) == {"S3"}  # ♥ led: no ♥, no trump → any card
    play(state, "S3")
    assert state.results[0].tricks == (1, 1, 0)


def test_excuse_may_be_played_by_a_follower_in_a_one_card_deal() -> None:
    """P3: in a one-card deal the Excuse may be played; it never wins."""
    state = deal_position(["H5", "EX", "H2"])
    play(state, "H5")
    assert legal_codes(state) == ["EX"]
    play(state, "EX H2")
    assert state.results[0].tricks == (1, 0, 0)


def test_excuse_led_between_two_players_loses_to_the_other_card() -> None:
    """P4/P9: two players, Excuse led: the other card, however low, wins."""
    state = deal_position(["EX", "S1"])
    play(state, "EX S1")
    assert state.results[0].tricks == (0, 1)


# -- P4: the Excuse led ------------------------------------------------------------------------


def test_card_after_an_excuse_lead_may_be_a_trump_even_with_suit_cards() -> None:
    """P4: P2 binds only the first card of the trick: the second player may play anything."""
    state = deal_position(["EX T1 T2", "T6 S7 H2", "T3 T9 S2"], played="EX")
    assert legal_set(state) == {"T6", "S7", "H2"}


def test_trump_after_an_excuse_lead_makes_a_trump_trick() -> None:
    """P4/P7: the second card sets the led kind; here trumps, so the third must overtrump."""
    state = deal_position(["EX T1 T2", "T6 S7 H2", "T3 T9 S2"], played="EX T6")
    assert legal_codes(state) == ["T9"]
    play(state, "T9")
    assert state.trick_winners == (2,)


# -- P5: following -----------------------------------------------------------------------------


def test_player_holding_the_led_suit_must_follow_at_any_rank() -> None:
    """P5: follow with any card of the suit; there is no duty to go higher."""
    state = deal_position(["H10 C1 C2", "H2 HK T5", "D1 D2 D3"], played="H10")
    assert legal_set(state) == {"H2", "HK"}


def test_follower_may_not_trump_or_discard_while_holding_the_led_suit() -> None:
    """P5: a trump or another suit is refused with must-follow."""
    state = deal_position(["H10 C1 C2", "H2 HK T5", "D1 D2 D3"], played="H10")
    assert refuse(state, "T5").code == "must-follow"
    state = deal_position(["H10 C1 C2", "H2 HK S5", "D1 D2 D3"], played="H10")
    assert refuse(state, "S5").code == "must-follow"


def test_illegal_play_error_names_seat_card_trick_deal_and_reason() -> None:
    """P5: the error is a sentence: who, which card, where, and why, with the cards held."""
    state = deal_position(["C5 H2 D1 D3", "C2 H7 HK SQ", "C3 S1 S2 S3"], played="C5 C2 C3 H2")
    err = refuse(state, "SQ")
    assert err.code == "must-follow"
    assert (err.seat, err.trick, err.deal) == (1, 1, 3)
    assert str(err) == (
        "seat 1 cannot play Q♠ in trick 2 of deal 4: must follow ♥ hearts (holds 7♥, K♥)"
    )
    assert isinstance(err, ValueError)


# -- P6: void in the led suit ------------------------------------------------------------------


def test_void_player_must_trump() -> None:
    """P6: void in the led suit and holding trumps: any trump (no trump in the trick yet)."""
    state = deal_position(["H5 C1 C2", "T3 T17 D1", "S1 S2 S3"], played="H5")
    assert legal_set(state) == {"T3", "T17"}
    err = refuse(state, "D1")
    assert err.code == "must-trump"
    assert "trump 3" in str(err) and "trump 17" in str(err)
    assert "1♦" in str(err)


def test_void_player_must_overtrump() -> None:
    """P6: with a trump in the trick, a higher trump must be played if held."""
    state = deal_position(["H5 C1 C2", "T7 D1 D2", "T4 T9 T12"], played="H5 T7")
    assert legal_set(state) == {"T9", "T12"}
    err = refuse(state, "T4")
    assert err.code == "must-overtrump"
    message = str(err)
    assert "seat 2" in message and "trump 4" in message
    assert "trump 7" in message  # the trump to beat
    assert "trump 9" in message and "trump 12" in message  # what may beat it


def test_overtrump_beats_the_highest_trump_in_the_trick() -> None:
    """P6: the trump to beat is the highest in the trick, not the last one played."""
    hands = ["H2 C1", "T12 C2", "T5 C3", "T8 T15"]
    state = deal_position(hands, played="H2 T12 T5")
    assert legal_codes(state) == ["T15"]
    state = deal_position(["H2 C1", "T12 C2", "T5 C3", "T8 T10"], played="H2 T12 T5")
    assert legal_set(state) == {"T8", "T10"}  # cannot beat 12: any trump


def test_void_player_without_a_higher_trump_may_undertrump_with_any_trump() -> None:
    """P6: no higher trump: any trump, but still a trump."""
    state = deal_position(["H5 C1 C2", "T17 D1 D2", "T4 T9 SK"], played="H5 T17")
    assert legal_set(state) == {"T4", "T9"}
    err = refuse(state, "SK")
    assert err.code == "must-trump"
    assert "trump 4" in str(err) and "trump 9" in str(err)


def test_void_player_without_trumps_may_discard_any_card() -> None:
    """P6: holding neither the suit nor a trump: any card."""
    state = deal_position(["H5 C1 C2", "T7 D1 D2", "SK D5 CQ"], played="H5 T7")
    assert legal_set(state) == {"SK", "D5", "CQ"}


# -- P7: trump led ------------------------------------------------------------------------------


def test_trump_led_must_be_overtrumped_when_possible() -> None:
    """P7: trump led; holding a higher trump, play one."""
    state = deal_position(["T10 T2 T1", "T3 T12 SK", "S1 S2 S3"], played="T10")
    assert legal_codes(state) == ["T12"]
    err = refuse(state, "T3")
    assert err.code == "must-overtrump"
    assert "trump 10" in str(err) and "trump 12" in str(err)


def test_trump_led_overtrump_counts_every_trump_in_the_trick() -> None:
    """P7: the trump to beat is the highest played so far."""
    state = deal_position(["T10 T2", "T15 S1", "T12 T16"], played="T10 T15")
    assert legal_codes(state) == ["T16"]
    state = deal_position(["T10 T2", "T15 S1", "T12 T11"], played="T10 T15")
    assert legal_set(state) == {"T11", "T12"}


def test_trump_led_with_only_lower_trumps_any_trump() -> None:
    """P7: no higher trump: any trump — not a suit card."""
    state = deal_position(["T10 T2", "T3 SK", "S1 S2"], played="T10")
    assert legal_codes(state) == ["T3"]
    err = refuse(state, "SK")
    assert err.code in ("must-follow", "must-trump")
    assert "trump 3" in str(err)
    assert "K♠" in str(err)


def test_trump_led_without_trumps_any_card() -> None:
    """P7: holding no trump: any card."""
    state = deal_position(["T10 T2", "SK D2", "S1 S2"], played="T10")
    assert legal_set(state) == {"SK", "D2"}


# -- P8: no partners ----------------------------------------------------------------------------


@pytest.mark.parametrize("trumper", [1, 2])
def test_duty_to_overtrump_holds_whoever_is_winning(trumper: int) -> None:
    """P8: seat 3 must overtrump whoever is winning, the seat across the table (1) included."""
    hands = {0: "H2 C1", 1: "H3 C2", 2: "H4 C3", 3: "T9 T4"}
    hands[trumper] = "T7 C4"
    state = deal_position([hands[s] for s in range(4)])
    play(state, "H2")
    play(state, "T7" if trumper == 1 else "H3")
    play(state, "T7" if trumper == 2 else "H4")
    assert [seat for seat, card in state.trick if card.is_trump] == [trumper]
    assert legal_codes(state) == ["T9"]


def test_duty_to_follow_holds_when_the_trick_is_already_won() -> None:
    """P8: with the trick already won by another seat's trump, holding the suit, follow."""
    state = deal_position(["H2 C1", "T7 C2", "HK D3"], played="H2 T7")
    assert legal_codes(state) == ["HK"]


# -- P9: the winner -----------------------------------------------------------------------------


def test_highest_trump_wins_wherever_it_is_played() -> None:
    """P9: the highest trump in the trick wins, not the first trump."""
    state = deal_position(["H3", "T2", "T15", "T9"])
    play(state, "H3 T2 T15 T9")
    assert state.trick_winners == (2,)
    assert trick_winner(cards("H3 T2 T15 T9")) == 2


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    """P9: no trump: the highest card of the led suit; a higher off-suit card never wins."""
    state = deal_position(["H3", "H10", "SK", "H4"])
    play(state, "H3 H10 SK H4")
    assert state.trick_winners == (1,)
    assert trick_winner(cards("H3 H10 SK H4")) == 1


def test_excuse_led_never_wins_the_trick() -> None:
    """P9: the Excuse led does not win; the first suit card sets the suit and wins here."""
    state = deal_position(["EX", "H2", "S5", "D9"])
    play(state, "EX H2 S5 D9")
    assert state.trick_winners == (1,)
    assert state.results[0].tricks == (0, 1, 0, 0)


def test_each_trick_is_one_trick_for_its_winner() -> None:
    """P9: whatever it holds, a trick counts one for its winner and none for the others."""
    state = deal_position(["T21 T20 EX", "HK H1 S1", "DK D1 C1"], bids=[3, 0, 0])
    for _ in range(3):
        before = state.tricks_won
        for _ in range(3):
            play(state, legal_codes(state)[0])
        winner = state.trick_winners[-1]
        gained = [after - was for was, after in zip(before, state.tricks_won, strict=True)]
        assert gained == [1 if seat == winner else 0 for seat in range(3)]
    assert state.results[0].tricks == state.tricks_won
    assert sum(state.results[0].tricks) == 3


# -- the other illegal plays ---------------------------------------------------------------------


def test_card_not_in_hand_is_refused_with_the_hand() -> None:
    """P1: a seat plays from its own hand; the error lists what it holds."""
    state = deal_position(["H5 C1", "T7 D1", "SK D2"])
    err = refuse(state, "SK")
    assert err.code == "not-in-hand"
    assert err.seat == 0
    message = str(err)
    assert "seat 0" in message and "K♠" in message
    assert "5♥" in message and "1♣" in message


def test_card_already_played_is_not_in_hand() -> None:
    """P1: a card played leaves the hand."""
    state = deal_position(["H5 H6", "H7 D1", "H8 D2"], played="H5 H7 H8")
    assert state.current_seat == 2
    assert refuse(state, "H8").code == "not-in-hand"


def test_no_card_can_be_played_while_dealing() -> None:
    """P1: the cards come after the deal."""
    state = GameState.new(Rules(players=3), first_dealer=0)
    err = refuse(state, "S1")
    assert err.code == "wrong-phase"
    assert "dealt" in str(err)


def test_no_card_can_be_played_once_the_game_is_over() -> None:
    """D4/P1: after the last deal, nothing."""
    state = random_game(Rules(players=3, max_cards=1), random.Random(0))
    err = refuse(state, "S1")
    assert err.code == "game-over"


# -- every rule at once, over many positions ------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (5, 3), (7, 4), (10, 5)])
def test_legal_plays_match_the_rules_in_random_games(players: int, seed: int) -> None:
    """P2–P7: in every position of random games the legal cards are those the rules allow;
    every other card of the hand is refused with a play reason code, and the state is kept."""
    rng = random.Random(seed)
    rules = Rules(players=players, max_cards=min(6, 78 // players))
    state = GameState.new(rules, first_dealer=seed % players)
    positions = 0
    while not state.is_terminal():
        if state.phase is Phase.DEALING:
            state.deal(rng)
            continue
        if state.phase is Phase.PLAYING:
            seat = state.current_seat
            assert seat is not None
            hand = state.hand(seat)
            trick = [card for _, card in state.trick]
            expected = rule_legal(hand, trick)
            assert set(legal_codes(state)) == {c.code for c in expected}
            assert set(legal_cards(hand, trick)) == expected
            assert observe(state, seat).legal_actions == tuple(state.legal_actions())
            for card in hand:
                assert state.is_legal(Play(card)) == (card in expected)
            for card in set(hand) - expected:
                err = refuse(state, card.code)
                assert err.code in PLAY_CODES - {"not-in-hand"}
                assert err.seat == seat
            positions += 1
        state.apply(rng.choice(state.legal_actions()))
    assert positions > 0


def rule_winner(trick: Sequence[Card]) -> int:
    """P9 as RULES.md words it: the position of the winning card of a complete trick."""
    trumps = [card for card in trick if card.is_trump]
    if trumps:
        return trick.index(max(trumps, key=lambda card: card.rank))
    led = next(card.suit for card in trick if not card.is_excuse)
    return trick.index(max((c for c in trick if c.suit is led), key=lambda card: card.rank))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_trick_winners_match_the_rules_in_random_games(players: int) -> None:
    """P9/C3: in random games each trick goes to the card the rules name; never the Excuse."""
    rng = random.Random(players)
    state = GameState.new(Rules(players=players, max_cards=min(8, 78 // players)), 0)
    current: list[tuple[int, Card]] = []
    tricks = 0
    while not state.is_terminal():
        if state.phase is not Phase.PLAYING:
            if state.phase is Phase.DEALING:
                state.deal(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
            continue
        seat = state.current_seat
        action = rng.choice(state.legal_actions())
        assert seat is not None and isinstance(action, Play)
        current.append((seat, action.card))
        state.apply(action)
        if len(current) == players:
            played = [card for _, card in current]
            winner_seat = current[rule_winner(played)][0]
            assert state.trick_winners[-1] == winner_seat
            assert played[trick_winner(played)] is not EXCUSE
            current = []
            tricks += 1
    assert tricks == sum(state.rules.schedule)
