"""Rules C1–C4 and the card notation table (RULES.md §1)."""

from __future__ import annotations

import pytest

from ascenseur.core import DECK, EXCUSE, Card, CardError, Suit, trick_winner
from ascenseur.core.cards import format_cards
from helpers import cards, deal_position, play

SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
# The notation table, low to high inside a suit (C2): 1…10, valet, cavalier, dame, roi.
RANK_CODES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]
SUIT_CODES = [letter + rank for letter in SUIT_LETTERS for rank in RANK_CODES]
TRUMP_CODES = [f"T{rank}" for rank in range(1, 22)]
ALL_CODES = [*SUIT_CODES, *TRUMP_CODES, "EX"]

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FACES_EN = {"J": "J", "Q": "Q", "K": "K"}
FACES_FR = {"J": "V", "N": "C", "Q": "D", "K": "R"}  # valet, cavalier, dame, roi


# -- C1: the deck --------------------------------------------------------------------------


def test_deck_has_78_distinct_cards() -> None:
    """C1: 78 cards, each once."""
    assert len(DECK) == 78
    assert len({card.code for card in DECK}) == 78
    assert sorted(card.code for card in DECK) == sorted(ALL_CODES)


def test_deck_has_four_suits_of_14_cards() -> None:
    """C1: spades, hearts, diamonds, clubs, 14 cards each."""
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        members = [card for card in DECK if card.suit is suit]
        assert len(members) == 14
        assert sorted(card.rank for card in members) == list(range(1, 15))


def test_deck_has_21_trumps_and_one_excuse() -> None:
    """C1: 21 trumps numbered 1–21 and one Excuse."""
    trumps = [card for card in DECK if card.is_trump]
    assert sorted(card.rank for card in trumps) == list(range(1, 22))
    assert all(card.suit is Suit.TRUMPS for card in trumps)
    excuses = [card for card in DECK if card.is_excuse]
    assert excuses == [EXCUSE]
    assert EXCUSE.suit is Suit.EXCUSE
    assert not EXCUSE.is_trump


# -- C2: order -------------------------------------------------------------------------------


@pytest.mark.parametrize("letter", list(SUIT_LETTERS))
def test_suit_ranks_run_from_ace_to_king(letter: str) -> None:
    """C2: inside a suit, 1 < 2 < … < 10 < J < N < Q < K, as the code table lists them."""
    ranks = [Card.parse(letter + rank).rank for rank in RANK_CODES]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == 14


@pytest.mark.parametrize("letter", list(SUIT_LETTERS))
def test_higher_card_of_the_led_suit_wins(letter: str) -> None:
    """C2: of two cards of the led suit, the higher one wins, whichever is played first."""
    for low_i, low in enumerate(RANK_CODES):
        for high in RANK_CODES[low_i + 1 :]:
            low_card, high_card = Card.parse(letter + low), Card.parse(letter + high)
            assert trick_winner([low_card, high_card]) == 1
            assert trick_winner([high_card, low_card]) == 0


def test_higher_trump_wins() -> None:
    """C2: trumps run 1 low … 21 high."""
    for low in range(1, 22):
        for high in range(low + 1, 22):
            assert trick_winner([Card.parse(f"T{low}"), Card.parse(f"T{high}")]) == 1
            assert trick_winner([Card.parse(f"T{high}"), Card.parse(f"T{low}")]) == 0


def test_any_trump_beats_any_suit_card() -> None:
    """C2: the petit (T1) beats even a king of the led suit."""
    for trump in TRUMP_CODES:
        for suit_card in SUIT_CODES:
            trick = [Card.parse(suit_card), Card.parse(trump)]
            assert trick_winner(trick) == 1, trick


# -- C3: the Excuse --------------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c in ALL_CODES if c != "EX"])
def test_excuse_never_wins_a_trick(code: str) -> None:
    """C3: the Excuse loses to every card, led or played after."""
    other = Card.parse(code)
    assert trick_winner([EXCUSE, other]) == 1
    assert trick_winner([other, EXCUSE]) == 0


def test_excuse_has_no_rank() -> None:
    """C3: the Excuse is neither a suit card nor a trump."""
    assert EXCUSE.rank == 0
    assert EXCUSE.suit not in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.TRUMPS)


# -- C4: only tricks count ---------------------------------------------------------------------


def test_card_points_play_no_part_in_scoring() -> None:
    """C4: a trick full of oudlers and kings scores like a trick of small cards."""
    rich = deal_position(["T21 EX", "T1 SK", "HK DK"], bids=[1, 1, 0])
    play(rich, "T21 T1 HK")  # T21 and the petit both in one trick, with a king
    play(rich, "EX SK DK")  # P2: T21's winner holds only the Excuse; SK then leads ♠
    poor = deal_position(["H3 D2", "H1 T2", "H2 S2"], bids=[1, 1, 0])
    play(poor, "H3 H1 H2")  # seat 0 wins with 3♥
    play(poor, "D2 T2 S2")  # seat 1 trumps the ♦ lead with the smallest trump
    # Same tricks by seat in both deals: seat 0 one, seat 1 one, seat 2 none.
    assert rich.results[0].tricks == poor.results[0].tricks == (1, 1, 0)
    assert rich.results[0].scores == poor.results[0].scores
    assert rich.results[0].scores == (5, 5, 3)


# -- card notation ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_parses_and_formats_back(code: str) -> None:
    """Notation: every code of the table names one card, whose code and repr give it back."""
    card = Card.parse(code)
    assert card.code == code
    assert repr(card) == f"Card.parse({code!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_codes_name_the_expected_kind_and_rank() -> None:
    """Notation: S/H/D/C then 1…10, J, N, Q, K; T1…T21; EX."""
    for letter, suit in SUIT_LETTERS.items():
        for position, rank_code in enumerate(RANK_CODES, start=1):
            card = Card.parse(letter + rank_code)
            assert card.suit is suit
            assert card.rank == position
    for trump_rank in range(1, 22):
        assert Card.parse(f"T{trump_rank}").rank == trump_rank
        assert Card.parse(f"T{trump_rank}").is_trump
    assert Card.parse("EX") is EXCUSE


@pytest.mark.parametrize("letter", list(SUIT_LETTERS))
def test_suit_cards_display_with_their_symbol_in_english(letter: str) -> None:
    """Notation: people see ``10♥``, ``J♥``, ``Q♥``, ``K♥`` in English."""
    symbol = SYMBOLS[letter]
    for rank in range(1, 11):
        card = Card.parse(f"{letter}{rank}")
        assert card.display("en") == f"{rank}{symbol}"
        assert str(card) == f"{rank}{symbol}"
    for code, face in FACES_EN.items():
        assert Card.parse(letter + code).display("en") == face + symbol


@pytest.mark.parametrize("letter", list(SUIT_LETTERS))
def test_knight_displays_as_a_knight_in_english(letter: str) -> None:
    """Notation: the cavalier shows as the knight (``N♦``, or the usual ``Kn♦``), never as K."""
    symbol = SYMBOLS[letter]
    shown = Card.parse(letter + "N").display("en")
    assert shown in (f"N{symbol}", f"Kn{symbol}")
    assert shown != Card.parse(letter + "K").display("en")


@pytest.mark.parametrize("letter", list(SUIT_LETTERS))
def test_suit_cards_display_with_their_symbol_in_french(letter: str) -> None:
    """Notation: in French, ``10♥``, ``V♥`` (valet), ``C♦`` (cavalier), ``D♥``, ``R♥``."""
    symbol = SYMBOLS[letter]
    for rank in range(1, 11):
        assert Card.parse(f"{letter}{rank}").display("fr") == f"{rank}{symbol}"
    for code, face in FACES_FR.items():
        assert Card.parse(letter + code).display("fr") == face + symbol


def test_trumps_and_excuse_display_in_both_languages() -> None:
    """Notation: ``atout 21`` in French, ``trump 21`` in English; the Excuse is ``Excuse``."""
    for rank in range(1, 22):
        trump = Card.parse(f"T{rank}")
        assert trump.display("fr") == f"atout {rank}"
        assert trump.display("en") == f"trump {rank}"
    assert EXCUSE.display("en") == "Excuse"
    assert EXCUSE.display("fr") == "Excuse"
    assert str(EXCUSE) == "Excuse"


def test_suits_display_with_symbol_and_name_in_both_languages() -> None:
    """Notation: suit names carry their symbols, in English and French."""
    assert [s.display("en") for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [
        "♠ spades",
        "♥ hearts",
        "♦ diamonds",
        "♣ clubs",
    ]
    assert [s.display("fr") for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [
        "♠ pique",
        "♥ cœur",
        "♦ carreau",
        "♣ trèfle",
    ]
    assert Suit.TRUMPS.display("fr") == "atout"


def test_card_lists_display_comma_separated() -> None:
    """Notation: several cards read ``7♥, K♥``."""
    assert format_cards(cards("H7 HK")) == "7♥, K♥"
    assert format_cards(cards("DN T21 EX"), "fr") == "C♦, atout 21, Excuse"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "h10",
        "ex",
        "t21",
        "T0",
        "T22",
        "S0",
        "S11",
        "S14",
        "SKN",
        "X1",
        "E",
        " H10",
        "H10 ",
        "10H",
    ],
)
def test_bad_code_raises_card_error_with_a_helpful_sentence(bad: str) -> None:
    """Notation: codes are upper case; an unknown one is refused with the allowed codes."""
    with pytest.raises(CardError) as info:
        Card.parse(bad)
    message = str(info.value)
    assert repr(bad) in message
    # The sentence says what a code looks like: suit letters, trumps, the Excuse.
    assert "T1" in message and "T21" in message and "EX" in message
    assert "J" in message and "N" in message and "Q" in message and "K" in message
    assert info.value.code == "unknown-card"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("index", [-1, 78, 1000])
def test_card_index_out_of_range_raises_card_error(index: int) -> None:
    """C1: card indices are 0…77."""
    with pytest.raises(CardError, match="0…77"):
        Card.from_index(index)
    with pytest.raises(CardError, match="0…77"):
        Card(index)


def test_cards_are_frozen_values() -> None:
    """Notation: a card is an immutable value; parsing twice gives equal cards."""
    card = Card.parse("H10")
    assert card == Card.parse("H10")
    assert hash(card) == hash(Card.parse("H10"))
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]
