"""``ascenseur play --plain``: the same game line by line, driven through standard input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ascenseur.cli import main
from ascenseur.core.actions import PLAYS, Bid, Play
from ascenseur.core.errors import IllegalAction
from ascenseur.core.record import check, dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.tables.table import Table
from ascenseur.text.refusals import refusal_text
from ascenseur.tui.plain import PlainGame
from ascenseur.userdata import db_path, latest_unfinished, open_db
from play_helpers import SEED, SHORT, person_choice, session_from_cli


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path))
    return tmp_path


def saved() -> Table | None:
    """The terminal's last unfinished table in the data directory's database, if any."""
    db = open_db()
    try:
        found = latest_unfinished(db)
        events = db.load(found) if found is not None else None
        return Table(found, events) if found is not None and events is not None else None
    finally:
        db.close()


def last_played() -> Table:
    db = open_db()
    try:
        (line, *_) = db.latest("terminal")
        events = db.load(line.id)
        assert events is not None
        return Table(line.id, events)
    finally:
        db.close()


def play_plain(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    *argv: str,
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["play", "--plain", *argv])
    out, err = capsys.readouterr()
    assert err == ""
    assert "Traceback" not in out
    return status, out


def scripted_answers(seed: str, lang: str = "en") -> tuple[str, list[str], Session]:
    """What to type for the tests' person over a whole game, an illegal card tried once first.

    Plays the same game without any interface to learn it; returns the input, the refusals
    expected, and that game.
    """
    game = Session.start(Rules(4, 2), "Ada", ["random"], seed=int(seed), db=None)
    lines: list[str] = []
    refusals: list[str] = []
    while game.turn is not Turn.OVER:
        if game.turn is not Turn.PERSON:
            game.advance()
            continue
        view = game.view
        action = person_choice(view)
        wrong = [c for c in view.hand if PLAYS[c.index] not in view.legal_actions]
        if wrong and view.phase is Phase.PLAYING and not refusals:
            lines.append(wrong[0].code.lower())
            with pytest.raises(IllegalAction) as refused:  # the engine's own refusal
                game.state.clone().apply(PLAYS[wrong[0].index])
            refusals.append(refusal_text(refused.value, "fr" if lang == "fr" else "en"))
        if isinstance(action, Bid):
            lines.append(str(action.value))
        else:
            lines.append(action.card.code if isinstance(action, Play) else "my card")
        game.act(action)
    return "\n".join(lines) + "\n", refusals, game


def test_a_whole_game_through_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, refusals, _ = scripted_answers(SEED)
    status, out = play_plain(monkeypatch, capsys, text, *SHORT, "--seed", SEED)
    assert status == 0
    assert refusals and refusals[0] in out
    assert "You cannot play" in refusals[0]
    assert "Deal 1 of 3: 1 card each, dealt by Bot 2." in out
    assert "Deal 2 of 3: 2 cards each" in out
    assert "The game is over." in out
    assert "Shared win: Ada and Bot 2." in out
    assert out.count("The game is over.") == 1
    for line in ("1. Ada: ", "1. Bot 2: ", "Bot 3 bids ", "Bot 1 plays "):
        assert line in out
    assert saved() is None  # the game is finished


def test_the_saved_game_is_the_game_played(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _, game = scripted_answers(SEED)
    play_plain(monkeypatch, capsys, text, *SHORT, "--seed", SEED)
    table = last_played()
    path = data_dir / "exported.json"
    path.write_text(dumps(record_of(table.state, table.names)), encoding="utf-8")
    verdict = check(path.read_text(encoding="utf-8"))
    assert verdict["valid"] and verdict["complete"]
    assert verdict["totals"] == list(game.state.totals)
    assert main(["check", str(path)]) == 0


def test_bad_input_is_explained_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["zz", "7", "?", "t", "s", "l", "h", "", "0", "T99", "9", "EX"]
    status, out = play_plain(monkeypatch, capsys, "\n".join(answers) + "\n", *SHORT, "--seed", "1")
    assert status == 3  # the input ended before the game did
    assert "'zz' is not a bid: type 0 or 1." in out
    assert "A bid is a number from 0 to 1." in out
    assert "Bid with a number. Play with the card's number in your hand" in out
    assert "Ada: bid —, took 0, total 0." in out
    assert "No deal is finished yet." in out
    assert "No trick finished yet in this deal." in out
    assert "of the deals I tried" in out and "Other choices: bid " in out
    assert "Ada bids 0." in out
    assert "'T99' is not a card of your hand: type its number (1 to 1)" in out
    assert "You do not hold trump 9." in out  # a bare number past the hand is a trump
    assert "You do not hold the Excuse." in out or "Ada plays Excuse." in out
    assert "End of input: the game stops here, unfinished." in out
    assert "Go on with it: " in out and " play --resume " in out


def test_end_of_input_at_once_saves_and_resume_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play_plain(monkeypatch, capsys, "", *SHORT, "--seed", SEED)
    assert status == 3
    assert "End of input: the game stops here, unfinished." in out
    before = saved()
    assert before is not None and str(db_path()) in out
    text, _, game = scripted_answers(SEED)
    status, out = play_plain(monkeypatch, capsys, text, "--resume")
    assert status == 0
    assert "The game is over." in out
    after = last_played()
    assert after.id == before.id
    assert after.state.history[: len(before.state.history)] == before.state.history
    assert after.state.history == game.state.history


def test_french_prompts_and_refusals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, refusals, _ = scripted_answers(SEED, "fr")
    status, out = play_plain(
        monkeypatch, capsys, "zz\n" + text, *SHORT, "--seed", SEED, "--lang", "fr"
    )
    assert status == 0
    assert "«\u202fzz\u202f» n'est pas une annonce" in out  # French quotes, never broken
    assert refusals[0].startswith("Vous ne pouvez pas jouer") and refusals[0] in out
    out = out.replace("\u202f", " ")  # French typography: narrow no-break spaces
    assert "Donne 2 sur 3 : 2 cartes chacun" in out
    assert "La partie est finie." in out and "Victoire partagée : Ada et Robot 2." in out


def test_ctrl_c_at_a_prompt_exits_cleanly_having_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupting())
    assert main(["play", "--plain", *SHORT, "--seed", SEED]) == 130
    out = capsys.readouterr().out
    assert "Interrupted." in out and "ascenseur play --resume" in out
    table = saved()
    assert table is not None
    assert check(dumps(record_of(table.state, table.names)))["valid"]


def test_resume_without_a_saved_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--resume"]) == 2
    assert "there is no unfinished game to resume" in capsys.readouterr().err


def test_hook_prompt_names_the_ruled_out_bid(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = session_from_cli(*SHORT, "--seed", "16", "--hook")
    while session.turn is not Turn.OVER:
        view = session.view
        if session.turn is Turn.PERSON:
            if len(view.legal_actions) < view.hand_size + 1 and isinstance(
                view.legal_actions[0], Bid
            ):
                break
            session.act(person_choice(view))
        else:
            session.advance()
    forbidden = (
        {*range(session.view.hand_size + 1)}
        - {a.value for a in session.view.legal_actions if isinstance(a, Bid)}
    ).pop()
    assert session.path is not None
    status, out = play_plain(monkeypatch, capsys, f"{forbidden}\n", "--resume", session.table.id)
    assert status == 3
    assert f"{forbidden} is ruled out by the hook" in out
    assert f"With the hook, the dealer may not bid {forbidden}" in out


def test_unknown_bots_and_bad_counts_are_refused_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--plain", "--bots", "nobody"]) == 2
    assert "there is no bot called 'nobody'" in capsys.readouterr().err
    assert main(["play", "--plain", "--players", "4", "--bots", "random,random"]) == 2
    assert "4 players need 3 bots" in capsys.readouterr().err
    # D1: a table has 3 to 10 players; the same sentence for play, simulate and arena.
    assert main(["play", "--players", "2"]) == 2
    assert "--players: a table has 3…10 players" in capsys.readouterr().err


# -- house rules (RULES.md §7) ------------------------------------------------------------------


def test_a_table_chosen_by_preset_and_options_plays_and_says_its_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`make play ARGS="--rules tens --schedule down-up"`: H1, H2 from the command line; the
    intro says the rules, the game is saved with them, its record scores by the table."""
    answers = "0\n1\n" * 20 + "n\n"
    status, out = play_plain(
        monkeypatch,
        capsys,
        answers,
        *("--rules", "tens", "--schedule", "down-up", "--max-cards", "2", "--players", "3"),
        *("--bots", "random", "--seed", str(SEED), "--auto-play"),
    )
    assert "3 players, hands of 2 down to 1 and back up (3 deals)" in out
    assert "Scoring: tens. Exact: 20 + 10 × the bid. Missed: −(10 × the gap)." in out
    table = last_played()
    rules = table.rules
    assert rules.shape == "down-up" and rules.scoring.table_name() == "tens"
    if status == 0:
        verdict = check(dumps(record_of(table.state)))
        assert verdict["valid"] and all(
            points % 10 == 0 for deal in verdict["deals"] for points in deal["scores"]
        )


def test_closed_fists_say_who_has_bid_then_all_bids_together(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """H4: before the last bid, a bot's bid is told as a fact only; then all bids at once."""
    _, out = play_plain(
        monkeypatch,
        capsys,
        "1\nq\n",
        *("--simultaneous", "--players", "4", "--max-cards", "2", "--bots", "random"),
        *("--seed", str(SEED)),
    )
    first_deal = out.split("All bids are in:")[0]
    assert "has bid." in first_deal
    assert " bids " not in first_deal.split("Deal 1 of 3")[1]  # no value before the last
    assert "Bids with closed fists: shown together once the last is in." in out
    assert "All bids are in:" in out


def test_a_blind_one_card_deal_shows_the_others_cards_and_plays_my_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """H5: the person sees the others' cards, never its own, is refused a named card with one
    answer, and plays "my card" (« ma carte »)."""
    session = Session.start(Rules(3, 1, blind_one_card=True), "Ada", ["random"], seed=4, db=None)
    until = session
    while until.turn is not Turn.PERSON or until.view.phase is not Phase.PLAYING:
        if until.turn is Turn.PERSON:
            until.act(Bid(0))
        else:
            until.advance()
    view = session.view
    own = session.state.hand(session.person)[0]
    assert view.hand == () and view.is_blind
    game = PlainGame(session, "fr", io.StringIO(f"{own.code}\nma carte\n"), io.StringIO())
    game.person_turn()
    out = game.stdout.getvalue()  # type: ignore[attr-defined]
    told = out.split("Cette donne")[0]
    assert "Votre carte est sur votre front" in told and own.display("fr") not in told
    for seat, hand in enumerate(view.seen_hands):
        assert all(card.display("fr") in told for card in hand) or seat == session.person
    assert "se joue à l'indienne" in out and "ma carte" in out  # the one refusal
    assert session.state.deal_logs()[0].cards[-1] == own or session.state.results
