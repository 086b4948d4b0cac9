"""``ascenseur replay``: stepping through a record, every hand shown; and the --plain listing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.widgets import Static

from ascenseur.cli import main
from ascenseur.core.actions import Deal, Play
from ascenseur.core.record import dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.timeline import Timeline, frame
from ascenseur.tui.replay_app import ReplayApp
from ascenseur.tui.screens import ScoreScreen
from play_helpers import check_snapshot, person_choice, screen_text

CONFORMANCE = Path(__file__).parent / "conformance"


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A finished 4-player game of 3 deals (seed 3), saved as a record."""
    path = tmp_path / "game.json"
    session = Session.start(Rules(4, 2), "Ada", ["random"], seed=3, db=None)
    while session.turn is not Turn.OVER:
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    path.write_text(dumps(record_of(session.state, session.seats)), encoding="utf-8")
    return path


def test_the_timeline_holds_every_position(record: Path) -> None:
    timeline, seats = Timeline.load(record)
    assert seats == ("Ada", "bot:random", "bot:random", "bot:random")
    assert timeline.last == len(timeline.actions) == 3 + 12 + 4 * (1 + 2 + 1)
    assert frame(timeline.state).deal is None
    timeline.deal(1)
    shown = frame(timeline.state)
    assert shown.deal == 0 and shown.bids == (None,) * 4
    assert all(len(hand) == 1 for hand in shown.hands)
    timeline.deal(1)
    shown = frame(timeline.state)
    assert shown.deal == 1 and all(len(hand) == 2 for hand in shown.hands)
    assert shown.totals == timeline.states[-1].results[0].scores
    timeline.deal(-1)
    assert frame(timeline.state).deal == 0


def test_trick_steps_stop_at_every_finished_trick(record: Path) -> None:
    timeline, _ = Timeline.load(record)
    stops = []
    while timeline.index < timeline.last:
        timeline.trick(1)
        shown = frame(timeline.state)
        if isinstance(timeline.actions[timeline.index - 1], Play):
            assert len(shown.trick) == 4 and shown.winner is not None
            stops.append(timeline.index)
    assert len(stops) == 1 + 2 + 1
    timeline.trick(-1)
    assert timeline.index == stops[-2] or isinstance(timeline.actions[timeline.index - 1], Deal)
    timeline.go(0)
    timeline.trick(-1)
    assert timeline.index == 0


def test_stepping_back_undoes_a_step(record: Path) -> None:
    timeline, _ = Timeline.load(record)
    timeline.go(9)
    before = frame(timeline.state)
    timeline.step(1)
    assert frame(timeline.state) != before
    timeline.step(-1)
    assert frame(timeline.state) == before
    timeline.step(1000)
    assert timeline.index == timeline.last
    assert timeline.state.phase is Phase.OVER


def test_replay_app_moves_by_keys(record: Path) -> None:
    timeline, seats = Timeline.load(record)
    app = ReplayApp(timeline, seats)

    async def run() -> dict[str, str]:
        seen = {}
        async with app.run_test(size=(80, 24)) as pilot:
            seen["start"] = str(app.query_one("#header", Static).content)
            await pilot.press("pagedown", "pagedown", "right", "right", "right", "right")
            seen["deal2"] = str(app.query_one("#header", Static).content)
            seen["status"] = str(app.query_one("#status", Static).content)
            await pilot.press("down")
            seen["screen"] = screen_text(app)
            await pilot.press("end")
            seen["end"] = str(app.query_one("#header", Static).content)
            seen["end_status"] = str(app.query_one("#status", Static).content)
            await pilot.press("home", "pagedown", "pagedown")
            seen["dealt_status"] = str(app.query_one("#status", Static).content)
            await pilot.press("end")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
            seen["sheet"] = screen_text(app)
            await pilot.press("escape", "home")
            seen["home"] = str(app.query_one("#header", Static).content)
            await pilot.press("q")
        return seen

    seen = asyncio.run(run())
    assert seen["start"].startswith("Before the first deal.")
    assert seen["deal2"].startswith("Deal 2 of 3 · 2 cards each · dealer: Bot 3")
    assert seen["status"] == "Bot 3 bids 2."
    assert seen["end"].startswith("Deal 3 of 3") and seen["end"].endswith("Step 31 of 31")
    # The last step says how the game ended; the deal is said once (in the header).
    assert "Shared win: Ada and Bot 2." in seen["end_status"]
    assert "Deal 3 is over." in seen["end_status"]
    assert seen["dealt_status"] == "The cards are dealt: 2 cards each."
    assert "trump " in seen["screen"]  # trumps spelt out, not bare numbers
    assert "Shared win" not in seen["sheet"] and "Total" in seen["sheet"]
    assert seen["home"].startswith("Before the first deal.")
    check_snapshot("replay_trick", seen["screen"])


def test_replay_plain_lists_every_deal_and_the_ranking(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "--plain", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A game of 3 deals for 4 players.")
    assert "Deal 3 of 3: 1 card each, dealt by Ada." in out
    assert out.count("  Trick ") == 4
    assert "  Bids: Bot 3 0, Ada 0, Bot 1 1, Bot 2 0." in out
    assert out.rstrip().endswith("Shared win: Ada and Bot 2.")


def test_replay_plain_in_french(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--plain", "--lang", "fr", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Une partie de 3 donnes à 4 joueurs." in out
    assert "Victoire partagée\u202f: Ada et Robot 2." in out  # French typography


def test_replay_of_an_unfinished_record_without_seat_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = json.loads((CONFORMANCE / "valid-in-progress-cards.json").read_text(encoding="utf-8"))
    path = tmp_path / "partial.json"
    path.write_text(json.dumps({k: v for k, v in case["record"].items() if k != "seats"}))
    assert main(["replay", "--plain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Seat 0" in out
    assert out.rstrip().endswith("The game was not finished.")
    timeline, seats = Timeline.load(path)
    app = ReplayApp(timeline, seats)

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("end")
            return screen_text(app)

    assert "Seat 1" in asyncio.run(run())


def test_replay_of_a_bad_file_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "ascenseur-record/1", "rules": {"players": 4}', encoding="utf-8")
    assert main(["replay", "--plain", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is not a game record" in err and "Traceback" not in err
    # A file that is not there, or a folder, is refused in the sentence the review command
    # and play --resume use too, not in the system's words.
    missing = tmp_path / "missing.json"
    for command in (["replay", str(missing)], ["replay", "--review", "--plain", str(missing)]):
        assert main(command) == 2
        assert capsys.readouterr().err == f"ascenseur replay: there is no record file {missing}\n"
    assert main(["replay", "--plain", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ascenseur replay: cannot read {tmp_path}: ") and "Errno" not in err
