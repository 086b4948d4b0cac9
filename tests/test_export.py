"""``ascenseur export`` and the export key at the end of a game (issue 60): any game of the
local database written as the record ``ascenseur check`` reads, atomically, with refusals
that name the games there are."""

from __future__ import annotations

import asyncio
import io
import json
import os
from pathlib import Path

import pytest

from ascenseur.cli import main
from ascenseur.core.record import check
from ascenseur.core.rules import Rules
from ascenseur.files import read_record
from ascenseur.session import Session, Turn
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.plain import PlainGame
from ascenseur.tui.screens import RankingScreen
from ascenseur.userdata import open_db
from play_helpers import person_choice, screen_text, settle, step


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def played(moves: int | None = None, seed: int = 4) -> Session:
    """A terminal game kept in the data directory's database, played ``moves`` actions on
    (to its end when None)."""
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=seed, db=open_db())
    while session.turn is not Turn.OVER and (moves is None or session.moves < moves):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    return session


def test_a_finished_game_is_exported_as_the_record_check_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = played()
    assert main(["export", session.table.id, "-o", "game.json"]) == 0
    out = capsys.readouterr().out
    assert "game.json" in out and "3 of 3 deals played, over" in out
    verdict = check(Path("game.json").read_bytes())
    assert verdict["valid"] and verdict["complete"]
    assert verdict["totals"] == list(session.state.totals)
    state, seats = read_record(Path("game.json"))
    assert state.history == session.state.history and seats == session.seats


def test_last_exports_the_game_played_most_recently_and_it_resumes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    played(seed=1)
    unfinished = played(moves=6, seed=2)
    assert main(["export", "--last"]) == 0
    path = Path(f"ascenseur-{unfinished.table.id}.json")
    assert "unfinished" in capsys.readouterr().out
    assert check(path.read_bytes())["valid"]
    resumed = Session.import_record(open_db(), path)  # what play --resume FILE does
    assert resumed.state.history == unfinished.state.history


def test_the_record_goes_to_standard_output_with_dash(capsys: pytest.CaptureFixture[str]) -> None:
    session = played()
    assert main(["export", session.table.id, "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["format"] == "ascenseur-record/1"
    assert not list(Path().glob("*.json"))


def test_without_a_game_named_the_games_there_are_are_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = played(moves=4)
    assert main(["export"]) == 2
    err = capsys.readouterr().err
    assert "name the game to export, or give --last" in err
    assert session.table.id in err and "unfinished" in err
    assert main(["export", "nosuchgame"]) == 2
    err = capsys.readouterr().err
    assert "there is no game 'nosuchgame'" in err and session.table.id in err


def test_no_database_is_a_sentence_and_creates_nothing(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--last"]) == 2
    assert "there is no game on this machine yet" in capsys.readouterr().err
    assert not data_dir.exists()


def test_a_write_that_fails_leaves_the_file_there_as_it_was(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = played()
    Path("game.json").write_text("before", encoding="utf-8")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    assert main(["export", session.table.id, "-o", "game.json"]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert Path("game.json").read_text(encoding="utf-8") == "before"
    assert [p.name for p in Path().iterdir() if p.name.startswith(".game")] == []


def test_e_at_the_end_of_a_game_writes_the_record_and_says_where(tmp_path: Path) -> None:
    session = played(moves=None)
    session = Session.resume(open_db(), session.table.id)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while not isinstance(app.screen, RankingScreen):
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("e")
            await pilot.pause()
            return screen_text(app)

    text = " ".join(asyncio.run(run()).split())
    path = tmp_path / f"ascenseur-{session.table.id}.json"
    assert check(path.read_bytes())["complete"]
    assert "The game's record is in" in text and "e write the record" in text


def test_e_after_a_plain_game_writes_the_record(tmp_path: Path) -> None:
    session = played(moves=None)
    session = Session.resume(open_db(), session.table.id)
    out = io.StringIO()
    status = PlainGame(session, "fr", io.StringIO("e\nn\n"), out).run()
    assert status == 0
    path = tmp_path / f"ascenseur-{session.table.id}.json"
    assert check(path.read_bytes())["complete"]
    assert f"La partie est écrite dans {path}" in out.getvalue()
