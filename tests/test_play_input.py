"""Whatever a person types in plain mode, the game answers in words and stays saved.

Card notations: every way the program shows a card is read back, in both languages (issue
12); bids and places in the hand are ASCII digits only (``²`` is a digit to ``str.isdigit``
but no number to ``int``).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascenseur.core.cards import DECK, Card, Language
from ascenseur.core.rules import Rules
from ascenseur.session import Session, Turn
from ascenseur.tables.table import Table
from ascenseur.text.notation import read_bid, read_card
from ascenseur.tui.plain import FINISHED, STOPPED, PlainGame
from ascenseur.tui.render import card_label
from ascenseur.userdata import open_db


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path))
    return tmp_path


def run_plain(
    text: str, *, seed: int = 1, lang: Language = "en", players: int = 3
) -> tuple[int, str, Session]:
    """Plain mode on ``text``; the exit status, what it printed, and its last game."""
    db = open_db()
    session = Session.start(Rules(players, 2), "Ada", ["random"], seed=seed, db=db)
    out = io.StringIO()
    game = PlainGame(session, lang, io.StringIO(text), out, hint_playouts=30)
    status = game.run()
    return status, out.getvalue(), game.session


#: Record codes that French reads as its own rank and suit letters (cavalier/dame de carreau).
FRENCH_FIRST = ("CK", "DK")


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_is_read_back_as_displayed_in_both_languages(card: Card, lang: Language) -> None:
    shown = {card.display("en"), card.display("fr"), card_label(card, lang), card.code}
    if lang == "fr" and card.code in FRENCH_FIRST:
        shown.remove(card.code)  # read as the French rank and suit letters, tested below
    for text in shown:
        for typed in (text, text.lower(), text.upper(), f"  {text} "):
            assert read_card(typed, lang) == card, (typed, lang)


@pytest.mark.parametrize(
    ("text", "lang", "code"),
    [
        ("1♠", "en", "S1"),
        ("atout 17", "en", "T17"),
        ("Trump 17", "fr", "T17"),
        ("17", "fr", "T17"),
        ("C♦", "en", "DN"),  # the French knight, typed by someone reading French cards
        ("N♦", "fr", "DN"),
        ("Nd", "en", "DN"),
        ("Ck", "fr", "DN"),  # cavalier de carreau: French suit letters P C K T
        ("CK", "en", "CK"),  # the record code: king of clubs
        ("CK", "fr", "DN"),
        ("DK", "fr", "DQ"),
        ("Rc", "fr", "HK"),
        ("roi de cœur", "fr", "HK"),
        ("Roi de coeur", "en", "HK"),
        ("king of hearts", "en", "HK"),
        ("queen of spades", "fr", "SQ"),
        ("10h", "en", "H10"),
        ("10t", "fr", "C10"),
        ("l'Excuse", "fr", "EX"),
        ("the Excuse", "en", "EX"),
    ],
)
def test_card_notations_of_both_languages(text: str, lang: Language, code: str) -> None:
    card = read_card(text, lang)
    assert card is not None and card.code == code


@pytest.mark.parametrize("text", ["²", "³", "٣", "1" * 5000, "-1", "1.0", "", "⁴2"])
def test_only_plain_ascii_numbers_are_bids(text: str) -> None:
    assert read_bid(text) is None


@pytest.mark.parametrize("text", ["²", "³", "9" * 5000, "\udcff", "\x00", "♠♠", "atout 99", "T0"])
def test_strange_answers_are_refused_in_words_and_the_game_goes_on(text: str) -> None:
    status, out, session = run_plain(f"{text}\n{text}\n")
    assert status == STOPPED
    assert "Traceback" not in out
    assert "is not a bid" in out or "is not a card of your hand" in out or "Bid with" in out
    assert "End of input" in out
    assert len(max(out.splitlines(), key=len)) < 400  # a huge answer is not echoed whole
    stored = Table(session.table.id, open_db().load(session.table.id) or [])
    assert stored.state.history == session.state.history  # saved as far as it went


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.text(max_size=30).filter(lambda t: "\n" not in t and "\r" not in t), max_size=25)
)
def test_any_unicode_lines_never_break_the_game(lines: list[str]) -> None:
    answers = [line for line in lines if line.strip().casefold() not in ("h", "hint", "conseil")]
    status, _, session = run_plain("\n".join(answers) + "\n", seed=len(answers))
    assert status in (FINISHED, STOPPED)
    assert (status == FINISHED) == (session.turn is Turn.OVER)
    stored = Table(session.table.id, open_db().load(session.table.id) or [])
    assert stored.state.history == session.state.history


def test_a_whole_game_exits_0_and_a_cut_input_exits_3() -> None:
    finished, out, session = run_plain("1\n" * 40)
    assert session.turn is Turn.OVER and finished == FINISHED
    prompt = "Play again with the same settings (y/n; r: review your game; e: write the game's "
    assert prompt + "record)? " in out
    stopped, out, session = run_plain("q\n")
    assert session.turn is not Turn.OVER and stopped == STOPPED
    assert "ascenseur play --resume" in out


def test_a_resumed_game_says_which_deal_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    db = open_db()
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=4, db=db)
    while session.view.deal_index < 1 or session.turn is not Turn.PERSON:
        if session.turn is Turn.PERSON:
            session.act(session.view.legal_actions[0])
        else:
            session.advance()
    again = Session.resume(db, session.table.id)
    out = io.StringIO()
    PlainGame(again, "en", io.StringIO(""), out).run()
    assert "Going on with deal 2 of 3 (2 cards each)." in out.getvalue()


def test_the_french_help_shows_french_letters_and_the_english_explains_the_knight() -> None:
    _, out, _ = run_plain("?\n", lang="fr")
    assert "C (cavalier)" in out and "N, Q, K" not in out
    _, out, _ = run_plain("?\n", lang="en")
    assert "N (knight" in out


def test_the_rules_help_is_there_in_both_languages() -> None:
    _, out, _ = run_plain("r\n", lang="en")
    assert "Lead rule (P2)" in out and "Bid 2 and take 2: +7." in out
    _, out, _ = run_plain("r\n", lang="fr")
    assert "Entame (P2)" in out


def test_play_again_with_the_same_settings() -> None:
    _, out, first = run_plain("1\n" * 40)
    answers = out.count("Your bid (") + out.count("Your card (")
    assert first.turn is Turn.OVER
    # The new game has new deals: answer 1 then 2, one of which is always legal (2 cards).
    status, out, again = run_plain("1\n" * answers + "y\n" + "1\n2\n" * 60)
    assert status == FINISHED and out.count("The game is over.") == 2
    assert again.table.id != first.table.id and again.turn is Turn.OVER
    assert again.rules == first.rules and again.seats == first.seats


def test_the_table_says_where_each_seat_stands_and_the_bids_against_the_cards() -> None:
    db = open_db()
    session = Session.start(Rules(3, 4), "Ada", ["random"], seed=8, db=db)
    while not (
        session.turn is Turn.PERSON
        and session.view.phase.value == "playing"
        and session.view.hand_size >= 3
        and session.view.tricks
    ):
        if session.turn is Turn.PERSON:
            session.act(session.view.legal_actions[0])
        else:
            session.advance()
    out = io.StringIO()
    PlainGame(session, "en", io.StringIO("t\n"), out).run()
    text = out.getvalue()
    view = session.view
    total = sum(b for b in view.bids if b is not None)
    assert f"Bids add up to {total} for {view.hand_size} cards: " in text
    for seat, bid in enumerate(view.bids):
        assert bid is not None
        won = view.tricks_won[seat]
        said = f"needs {bid - won} more" if won < bid else "on its bid" if won == bid else "over"
        assert said in text


@pytest.mark.parametrize(("lang", "note"), [("en", "N = knight"), ("fr", "C = cavalier")])
def test_the_knight_is_explained_once_when_the_hand_holds_one(lang: Language, note: str) -> None:
    db = open_db()
    session = Session.start(Rules(3, 12), "Ada", ["random"], seed=1, db=db)
    while not (
        session.turn is Turn.PERSON
        and any(c.rank == 12 and not c.is_trump for c in session.view.hand)
    ):
        if session.turn is Turn.PERSON:
            session.act(session.view.legal_actions[0])
        else:
            session.advance()
    out = io.StringIO()
    PlainGame(session, lang, io.StringIO("t\nt\n"), out).run()
    assert out.getvalue().count(note) == 1


def test_plain_mode_can_ring_and_play_a_forced_card() -> None:
    session = Session.start(Rules(3, 1), "Ada", ["random"], seed=3, db=open_db())
    out = io.StringIO()
    game = PlainGame(session, "en", io.StringIO("0\n1\n"), out, bell=True, auto_play=True)
    assert game.run() == FINISHED  # one-card deal: the bid typed, the card played for Ada
    assert "\a" in out.getvalue()
    assert "Only one card could be played: " in out.getvalue()
