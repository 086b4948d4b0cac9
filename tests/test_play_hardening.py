"""What newcomers tripped on in the terminal (issue 60): a resume command that works as typed,
the log of a deal just over, hostile files, refusals that say what is wrong, a broken pipe,
--pace in plain mode, the plain mode's numbers, the screen at 80×24 and 120×40, French."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from pathlib import Path

import pytest
from textual.containers import ScrollableContainer

from ascenseur.cli import main
from ascenseur.commands.launch import command_line
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.text.messages import MESSAGES, tr
from ascenseur.text.notation import card_names
from ascenseur.text.refusals import refusal_text
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.plain import PlainGame
from ascenseur.tui.screens import CardEntry, LogScreen, ScoreScreen
from play_helpers import SHORT, person_choice, screen_text, settle, step


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def until(session: Session, done: object) -> Session:
    """Play the tests' person and the bots until ``done(session)``."""
    assert callable(done)
    while not done(session):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    return session


def game(players: int, seed: int = 3, max_cards: int | None = None) -> Session:
    return Session.start(Rules(players, max_cards), "Ada", ["random"], seed=seed, db=None)


def play_plain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["play", "--plain", *argv])
    out, err = capsys.readouterr()
    return status, out, err


# -- going on with a game -------------------------------------------------------------------


def test_after_make_play_the_resume_command_goes_through_make(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MAKELEVEL", "1")
    monkeypatch.setattr("sys.argv", [str(tmp_path / ".venv" / "bin" / "ascenseur")])
    monkeypatch.setattr("shutil.which", lambda name: None)
    status, out, _ = play_plain(monkeypatch, capsys, "q\n", *SHORT)
    assert status == 3
    (line,) = [line for line in out.splitlines() if line.startswith("Go on with it: ")]
    assert line.startswith('Go on with it: make play ARGS="--resume ')
    assert line.endswith('"') and "ascenseur play" not in line


def test_off_the_path_the_resume_command_is_the_scripts_own_path(tmp_path: Path) -> None:
    script = str(tmp_path / ".venv" / "bin" / "ascenseur")
    args = ["play", "--resume", "x7"]
    typed = command_line(args, argv0=script, environ={}, cwd=tmp_path, which=lambda n: None)
    assert typed == ".venv/bin/ascenseur play --resume x7"
    elsewhere = command_line(
        args, argv0=script, environ={}, cwd=tmp_path / "elsewhere", which=lambda n: None
    )
    assert elsewhere == f"{script} play --resume x7"
    on_path = command_line(args, argv0=script, environ={}, cwd=tmp_path, which=lambda n: script)
    assert on_path == "ascenseur play --resume x7"


def test_resuming_a_game_that_is_not_there_says_so_and_names_the_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    play_plain(monkeypatch, capsys, "q\n", *SHORT)
    status, _, err = play_plain(monkeypatch, capsys, "", "--resume", "nosuchgame")
    assert status == 2
    assert "there is no game 'nosuchgame'" in err and "no unfinished game" not in err
    assert "terminal  4 players  0 of 3 deals played  unfinished" in err


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_deeply_nested_file_is_refused_in_a_sentence(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    argv = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{path} is not a game record: the record cannot be read as JSON text" in err


# -- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("players", ["0", "1", "2", "11"])
def test_one_players_range_and_one_sentence_for_play_and_simulate(
    players: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sentence = "--players: a table has 3…10 players (2 are allowed for analysis in simulate "
    status, _, err = play_plain(monkeypatch, capsys, "", "--players", players)
    assert status == 2 and sentence in err and "at least 1" not in err
    if players != "2":
        assert main(["simulate", "--games", "1", "--players", players]) == 2
        assert sentence in capsys.readouterr().err
    else:
        assert main(["simulate", "--games", "1", "--players", players, "--max-cards", "1"]) == 0


def test_a_reader_that_goes_away_ends_the_game_quietly(tmp_path: Path) -> None:
    env = {"ASCENSEUR_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    argv = [sys.executable, "-m", "ascenseur", "play", "--plain", *SHORT, "--seed", "1"]
    with subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as process:
        assert process.stdout is not None and process.stdin is not None
        process.stdout.readline()
        process.stdout.close()  # like `| head -1`
        process.stdin.write(b"0\n" * 2000)
        process.stdin.close()
        status = process.wait(timeout=60)
        err = process.stderr.read() if process.stderr is not None else b""
    assert status == 141  # a shell's 128 + SIGPIPE, not 2 (a bad option)
    assert err == b""


def test_pace_and_pause_work_in_plain_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    slept: list[float] = []
    monkeypatch.setattr("ascenseur.tui.plain.time.sleep", slept.append)
    text = "0\n1\n2\n" * 40  # a bid of 0, then the first or the second card: a whole game
    argv = (*SHORT, "--seed", "1", "--pace", "0.5", "--pause", "2")
    status, _, _ = play_plain(monkeypatch, capsys, text, *argv)
    assert status == 0
    assert slept.count(0.5) >= 9  # three bots, three deals at least: one wait per bot move
    assert slept.count(2.0) >= 4  # one per trick
    play_plain(monkeypatch, capsys, text, *SHORT, "--seed", "1")
    assert len(slept) == slept.count(0.5) + slept.count(2.0)  # without them: no wait


def test_plain_help_and_plain_numbers_agree(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = until(
        game(3, seed=5),
        lambda s: s.turn is Turn.PERSON and s.view.hand_size >= 3 and s.view.phase is Phase.PLAYING,
    )
    out = io.StringIO()
    PlainGame(session, "en", io.StringIO("?\n"), out).run()
    said = out.getvalue()
    assert "a bare number is a trump" not in said  # here 1 is the first card of the hand
    assert "a trump as t17" in said
    assert "bare number is a trump" in card_names("en")  # the full screen's `:` line


# -- the deal's log ---------------------------------------------------------------------------


def test_g_shows_the_deal_just_over_while_its_result_waits() -> None:
    session = game(4)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while app.result is None:
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            return " ".join(app.screen.lines)

    said = asyncio.run(run())
    assert tr("en", "log_empty") not in said
    assert "Deal 1 of " in said and "takes trick 1: " in said and "Deal 1 is over." in said


# -- the screen -------------------------------------------------------------------------------


def rows(text: str, *words: str) -> list[str]:
    return [line for line in text.splitlines() if all(word in line for word in words)]


def test_ten_players_results_keep_every_seat_and_the_tricks_winner_at_80x24() -> None:
    session = until(game(10), lambda s: s.view.hand_size >= 2 and s.turn is Turn.PERSON)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while app.result is None:
                await step(pilot, app)
                await settle(app, pilot)
            return screen_text(app)

    text = asyncio.run(run())
    for seat in range(1, 10):
        assert len(rows(text, f"Bot {seat} · ")) == 1, f"Bot {seat} missing:\n{text}"
    assert rows(text, "★")  # who took the last trick
    assert "Deal 2 is over." in text and "Press space to go on." in text


@pytest.mark.parametrize(("players", "max_cards"), [(10, None), (3, 26)])
def test_with_a_hint_the_bids_line_and_every_choice_stay_at_80x24(
    players: int, max_cards: int | None
) -> None:
    peak = (max_cards or 78 // players) - 1
    session = until(
        game(players, seed=players, max_cards=max_cards),
        lambda s: (
            s.turn is Turn.PERSON
            and s.view.deal_index == peak - (1 if players == 3 else 0)
            and s.view.phase is Phase.BIDDING
        ),
    )
    app = PlayApp(session, PlayOptions(pace=0, hint_playouts=20))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("h")
            await settle(app, pilot)
            return screen_text(app)

    text = asyncio.run(run())
    k = session.view.hand_size
    assert players == 10 or k == 25
    assert rows(text, "Bids add up to ") and rows(text, "Other choices: ")
    choices = " ".join(
        line
        for line in text.splitlines()
        if line.startswith("  0 ") or line.startswith("  1") or line.startswith("  2")
    )
    for value in range(k + 1):
        assert f" {value} " in choices + " ", f"bid {value} missing:\n{text}"
    for seat in range(1, players):
        assert rows(text, f"Bot {seat} · "), f"Bot {seat} missing:\n{text}"


def test_a_large_terminal_names_the_bots_in_full_and_fills_its_rows() -> None:
    session = until(
        game(10),
        lambda s: s.turn is Turn.PERSON and s.view.hand_size >= 5 and s.view.phase is Phase.PLAYING,
    )
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            return screen_text(app)

    text = asyncio.run(run())
    assert len(rows(text, " · beginner ")) == 9 and not rows(text, "· be…")
    assert rows(text, "This deal so far")  # the log, in rows that stood empty
    assert text.count("\n\n\n\n\n\n\n\n\n\n") == 0, text  # not ten empty rows in a row


def test_the_ten_player_score_sheet_pages_and_end_reaches_the_last_seat() -> None:
    session = until(game(10), lambda s: len(s.view.results) == 2 and s.turn is Turn.PERSON)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> tuple[str, str, float]:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
            sheet = app.screen.query_one(ScrollableContainer)
            await pilot.press("end")
            await pilot.pause()
            at_end = screen_text(app)
            await pilot.press("home")
            await pilot.pause()
            for _ in range(4):
                await pilot.press("right")
            await pilot.pause()
            return at_end, screen_text(app), sheet.scroll_x / max(sheet.max_scroll_x, 1)

    at_end, paged, share = asyncio.run(run())
    assert "Bot 9" in at_end and "Ada" not in at_end  # End: the last seats' columns
    assert "Bot 9" in paged and share == 1.0  # four presses of → cross the ten columns


# -- French -----------------------------------------------------------------------------------


def test_french_keys_fit_80_columns_and_name_every_key() -> None:
    session = until(game(4), lambda s: s.turn is Turn.PERSON and s.view.phase is Phase.BIDDING)
    app = PlayApp(session, PlayOptions(pace=0, lang="fr"))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            return screen_text(app)

    text = asyncio.run(run())
    (keys,) = rows(text, "annoncer")
    assert keys.rstrip().endswith("q fin") and "+/- rythme" in keys
    for key in ("keys_play", "keys_bid", "keys_wait", "keys_over"):
        for words in MESSAGES[key]:
            assert " · +/- · " not in words  # every key says what it does


def test_french_words_agree_and_never_break_before_a_colon() -> None:
    from ascenseur.core.errors import IllegalAction
    from ascenseur.text.help import help_lines

    helped = " ".join(help_lines(Rules(4), "fr"))
    assert "1 faits" not in helped and "1 pli fait" in helped and "2 plis faits" in helped
    names = card_names("fr") + card_names("fr", bare_trumps=False)
    assert " :" not in names and " ;" not in names  # a no-break space there instead
    refused = refusal_text(IllegalAction("", code="not-in-hand", card="EX"), "fr")
    assert refused == "Vous n'avez pas l'Excuse."
    assert tr("fr", "bad_bid", text="zz", choices="0").startswith("«\u202fzz\u202f»")


def test_the_typed_card_line_teaches_the_languages_own_letters() -> None:
    session = until(game(4), lambda s: s.turn is Turn.PERSON and s.view.phase is Phase.PLAYING)
    app = PlayApp(session, PlayOptions(pace=0, lang="fr"))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("colon")
            await pilot.pause()
            assert isinstance(app.screen, CardEntry)
            return screen_text(app)

    text = asyncio.run(run())
    assert "10c" in text and "10h" not in text
