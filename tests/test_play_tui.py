"""``ascenseur play`` full screen, driven by key presses through Textual's pilot.

Bots play at pace 0, so nothing waits on the clock; a finished trick waits for the space bar.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from ascenseur.cli import main
from ascenseur.core.actions import PLAYS, Bid, Play
from ascenseur.core.errors import IllegalAction
from ascenseur.core.record import Record, check, dumps, record_of
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.tables.table import Table
from ascenseur.text.refusals import refusal_text
from ascenseur.text.words import bids_against_cards, ranking_lines, sort_hand
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.screens import RankingScreen, ScoreScreen
from ascenseur.tui.widgets import BidView, HandView
from ascenseur.userdata import latest_unfinished, open_db
from play_helpers import SEED, SHORT, person_choice, screen_text, session_from_cli, settle, step


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path))
    return tmp_path


def status(app: PlayApp) -> str:
    return str(app.query_one("#status", Static).content)


async def move_cursor(pilot: Pilot[None], app: PlayApp, target: int) -> None:
    """Walk the hand's cursor to ``target`` with the arrow keys."""
    while app.cursor != target:
        await pilot.press("right" if app.cursor < target else "left")


def test_a_whole_short_game_by_keys(capsys: pytest.CaptureFixture[str]) -> None:
    session = session_from_cli(*SHORT, "--seed", SEED)
    app = PlayApp(session, PlayOptions(pace=0, hint_playouts=40))
    seen: dict[str, str] = {}

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while not isinstance(app.screen, RankingScreen):
                if app.waiting:
                    assert "Press space to go on" in status(app)
                    await pilot.press("space")
                    await settle(app, pilot)
                    continue
                assert session.turn is Turn.PERSON
                view = session.view
                if "hint" not in seen:
                    await pilot.press("h")
                    await settle(app, pilot)
                    seen["hint"] = status(app)
                if view.results and "sheet" not in seen:
                    await pilot.press("s")
                    await pilot.pause()
                    assert isinstance(app.screen, ScoreScreen)
                    seen["sheet"] = screen_text(app)
                    await pilot.press("escape")
                    await pilot.pause()
                legal = set(view.legal_actions)
                ordered = sort_hand(view.hand)
                illegal = [i for i, c in enumerate(ordered) if PLAYS[c.index] not in legal]
                if view.phase is Phase.PLAYING and illegal and "refused" not in seen:
                    moves = session.moves
                    await move_cursor(pilot, app, illegal[0])
                    await pilot.press("enter")
                    await settle(app, pilot)
                    assert session.moves == moves, "an illegal card must not be played"
                    card = PLAYS[ordered[illegal[0]].index]
                    said = status(app).splitlines()
                    balance = bids_against_cards(view, "en", session.seats)
                    with pytest.raises(IllegalAction) as refused:  # the engine's own refusal
                        session.state.clone().apply(card)
                    why = refusal_text(refused.value, "en")
                    assert said == ["Your turn: play a card.", balance, why]
                    seen["refused"] = status(app)
                    choice = person_choice(view)
                    assert isinstance(choice, Play)
                    await move_cursor(pilot, app, ordered.index(choice.card))
                moves = session.moves
                await pilot.press("enter")
                await settle(app, pilot)
                assert session.moves > moves
            seen["ranking"] = screen_text(app)
            await pilot.press("q")

    asyncio.run(play())
    assert "of the deals I tried" in seen["hint"] and "Other choices: bid " in seen["hint"]
    assert seen["refused"].splitlines()[-1].startswith("You cannot play ")
    assert " must " in seen["refused"] or "may not lead" in seen["refused"]
    assert "Score sheet" in seen["sheet"]
    assert "Each cell: bid/taken, points of the deal (running total)." in seen["sheet"]
    view = session.view
    assert view.phase is Phase.OVER
    for line in ranking_lines(view.totals, session.seats, "en"):
        assert line in seen["ranking"]
    assert "Shared win: Ada and Bot 2." in seen["ranking"]
    verdict = check(dumps(stored_record(session)))
    assert verdict["valid"] and verdict["complete"]
    assert verdict["totals"] == list(view.totals)


def test_refusal_in_french_gives_the_rule() -> None:
    session = session_from_cli(*SHORT, "--seed", SEED, "--lang", "fr")
    app = PlayApp(session, PlayOptions(lang="fr", pace=0, pause=0))

    async def play() -> str:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while True:
                view = session.view
                legal = set(view.legal_actions)
                ordered = sort_hand(view.hand)
                illegal = [c for c in ordered if PLAYS[c.index] not in legal]
                if view.phase is Phase.PLAYING and illegal:
                    app.cursor = ordered.index(illegal[0])
                    await pilot.press("enter")
                    await pilot.pause()
                    return status(app)
                await step(pilot, app)
                await settle(app, pilot)
        raise AssertionError("unreachable")

    said = asyncio.run(play()).splitlines()[-1]
    assert said.startswith("Vous ne pouvez pas jouer ")
    assert "vous devez" in said or "vous ne pouvez entamer" in said


def test_the_hook_shows_and_refuses_the_dealers_forbidden_bid() -> None:
    session = session_from_cli(*SHORT, "--seed", "16", "--hook")
    app = PlayApp(session, PlayOptions(pace=0, pause=0))

    async def play() -> tuple[str, str]:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while True:
                view = session.view
                allowed = {a.value for a in view.legal_actions if isinstance(a, Bid)}
                forbidden = set(range(view.hand_size + 1)) - allowed
                if view.phase is Phase.BIDDING and forbidden:
                    value = forbidden.pop()
                    shown = screen_text(app)
                    await pilot.press(str(value))
                    await pilot.press("enter")
                    await pilot.pause()
                    assert session.view.bids[session.person] is None
                    return shown, status(app)
                await step(pilot, app)
                await settle(app, pilot)

    shown, said = asyncio.run(play())
    assert "(hook)" in shown
    turn, balance, said = said.splitlines()
    assert turn == "Your turn: bid 0 or 1."  # the bids allowed, not "0 to 2"
    assert balance.startswith("Bids add up to ")
    assert said.startswith("With the hook, the dealer may not bid ")


def test_bid_keys_digits_and_arrows_choose_the_value() -> None:
    session = session_from_cli(*SHORT, "--seed", "1")
    app = PlayApp(session, PlayOptions(pace=0))

    async def play() -> int | None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while session.view.hand_size < 2 or session.view.phase is not Phase.BIDDING:
                await step(pilot, app)
                await settle(app, pilot)
                if app.waiting:
                    await pilot.press("space")
                    await settle(app, pilot)
            await pilot.press("2", "left", "right", "left")
            await pilot.press("enter")
            await settle(app, pilot)
            return session.view.bids[session.person]

    assert asyncio.run(play()) == 1


def test_last_trick_and_pace_keys() -> None:
    session = session_from_cli(*SHORT, "--seed", SEED)
    app = PlayApp(session, PlayOptions(pace=0, pause=0))

    async def play() -> tuple[str, str, str]:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            await pilot.press("minus", "minus")
            slower = status(app)
            await pilot.press("plus", "plus", "plus")
            assert app.pace == 0.0
            faster = status(app)
            while session.last_trick is None or session.turn is not Turn.PERSON:
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("l")
            await pilot.pause()
            shown = str(app.query_one("#trick", Static).border_title)
            return slower, faster, shown

    slower, faster, shown = asyncio.run(play())
    # The turn stays said whatever key was pressed (issue 12: it used to vanish).
    balance = "Bids add up to 0 for 1 card: 1 fewer than the tricks there are."
    assert slower == f"Your turn: bid 0 or 1.\n{balance}\nPace: 0.4 s per card."
    assert faster == f"Your turn: bid 0 or 1.\n{balance}\nPace: 0.0 s per card."
    assert shown == "Last trick of deal 1"  # at deal 2's start: the trick is deal 1's


def unfinished() -> str | None:
    db = open_db()
    try:
        return latest_unfinished(db)
    finally:
        db.close()


def stored_record(session: Session) -> Record:
    """The record of the game as the database holds it."""
    db = open_db()
    try:
        events = db.load(session.table.id)
    finally:
        db.close()
    assert events is not None
    table = Table(session.table.id, events)
    return record_of(table.state, table.names)


def test_ctrl_c_mid_deal_then_resume_goes_on_at_the_same_point(data_dir: Path) -> None:
    session = session_from_cli(*SHORT, "--seed", SEED)
    app = PlayApp(session, PlayOptions(pace=0, pause=0))

    async def quit_mid_deal() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while session.view.hand_size < 2 or len(session.view.tricks) < 1:
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(quit_mid_deal())
    history = session.state.history
    assert session.path is not None
    assert unfinished() == session.table.id
    path = data_dir / "exported.json"
    path.write_text(dumps(stored_record(session)), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    resumed = session_from_cli("--resume")
    assert resumed.path == session.path
    assert resumed.state.history == history
    assert resumed.view == session.view
    assert resumed.last_trick == session.last_trick

    app2 = PlayApp(resumed, PlayOptions(pace=0, pause=0))

    async def finish() -> None:
        async with app2.run_test(size=(100, 30)) as pilot:
            await settle(app2, pilot)
            while resumed.turn is not Turn.OVER:
                await step(pilot, app2)
                await settle(app2, pilot)
            assert app2.waiting and "The game is over." not in screen_text(app2)
            assert "Deal 3 is over." in screen_text(app2)  # the last deal's result first
            await pilot.press("space")
            await settle(app2, pilot)
            assert isinstance(app2.screen, RankingScreen)
            await pilot.press("q")

    asyncio.run(finish())
    # The same seed and the same choices: the game an interruption never touched.
    whole = session_from_cli(*SHORT, "--seed", SEED)
    while whole.turn is not Turn.OVER:
        whole.act(person_choice(whole.view)) if whole.turn is Turn.PERSON else whole.advance()
    assert resumed.state.history == whole.state.history
    assert resumed.path is not None
    saved = json.loads(dumps(stored_record(resumed)))
    assert saved["seats"] == ["Ada", "bot:random", "bot:random", "bot:random"]
    assert check(json.dumps(saved))["complete"]
    assert unfinished() is None


def test_clicks_choose_a_bid_and_a_card() -> None:
    session = session_from_cli(*SHORT, "--seed", SEED)
    app = PlayApp(session, PlayOptions(pace=0, pause=0))

    async def play() -> tuple[int | None, int]:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            await pilot.click(BidView, offset=(5, 0))  # " 0 " then " 1 "
            await settle(app, pilot)
            bid = session.view.bids[session.person]
            await pilot.click(HandView, offset=(9, 0))  # the one card, after the suit label
            await settle(app, pilot)
            return bid, len(session.view.results)

    bid, finished = asyncio.run(play())
    assert bid == 1
    assert finished == 1  # the card was played and the one-card deal is over


def test_the_play_command_runs_the_app_and_says_where_the_game_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[PlayApp] = []

    def run(self: PlayApp) -> None:
        ran.append(self)

    monkeypatch.setattr(PlayApp, "run", run)
    assert main(["play", *SHORT, "--seed", SEED, "--pace", "0", "--pause", "1.5"]) == 0
    (app,) = ran
    assert app.options.pace == 0 and app.options.pause == 1.5
    out = capsys.readouterr().out
    assert f"The game is saved in {app.session.path}." in out
    assert f" play --resume {app.session.table.id}\n" in out
    assert main(["play", "--resume", "--lang", "fr"]) == 0
    assert ran[-1].options.notice.startswith("Reprise de la partie de ")


def test_closed_fists_and_a_blind_deal_full_screen_by_keys() -> None:
    """H4, H5 in the full screen: under closed fists the screen names who has bid and no
    other bid's value until all are in; in the blind one-card deal it shows the others' cards
    and not the person's own, and ``m`` plays "my card". The game's record scores every deal
    by its table (tricks and ten, H2)."""
    session = session_from_cli(
        *SHORT, "--seed", SEED, "--rules", "tricks-and-ten", "--blind-one-card", "--simultaneous"
    )
    app = PlayApp(session, PlayOptions(pace=0, hint_playouts=40))
    seen = {"blind": 0, "hidden": 0}

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while not isinstance(app.screen, RankingScreen):
                if app.waiting:
                    await pilot.press("space")
                    await settle(app, pilot)
                    continue
                view = session.view
                text = screen_text(app)
                if view.phase is Phase.BIDDING and any(
                    b is not None for s, b in enumerate(view.bids) if s != view.seat
                ):
                    raise AssertionError("a bid shown before the last one is in")
                made = session.table.state.bids  # the test may look; the app may not
                if view.phase is Phase.BIDDING and any(
                    b is not None for s, b in enumerate(made) if s != view.seat
                ):
                    assert "✓/0" in text and "shown together once the last is in" in text
                    seen["hidden"] += 1
                if view.is_blind and view.phase is Phase.PLAYING:
                    assert view.seat is not None
                    mine = session.table.state.hand(view.seat)  # the test may look; the app not
                    assert "Your card is on your forehead" in text
                    assert "play your card without seeing it" in status(app)
                    others = [c for s, h in enumerate(view.seen_hands) if s != view.seat for c in h]
                    assert all(c.display("en") in text for c in others)
                    assert all(c.display("en") not in text for c in mine)
                    moves = session.moves
                    await pilot.press("m")
                    await settle(app, pilot)
                    assert session.moves > moves
                    seen["blind"] += 1
                    continue
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("q")

    asyncio.run(play())
    assert seen["blind"] == 2 and seen["hidden"] >= 1  # the two one-card deals, played blind
    record = stored_record(session)
    assert record.rules.scoring.table_name() == "tricks-and-ten"
    verdict = check(dumps(record))
    assert verdict["valid"] and verdict["complete"]
    for deal, result in zip(record.deals, verdict["deals"], strict=True):
        assert result["scores"] == [
            record.rules.scoring.points(b, t)
            for b, t in zip(deal.bids, result["tricks"], strict=True)
            if b is not None
        ]
