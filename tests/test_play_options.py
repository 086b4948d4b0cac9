"""The full screen's play aids (issue 12): typed bids of 10 and more, typed cards in any
notation, a deal's result that stays, the bell, a forced card played for the person, the
deal's log, a rematch with the same settings, and the person's name said once."""

from __future__ import annotations

import asyncio
import io
import threading
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from ascenseur.bots.hints import Estimate, advice
from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.plain import PlainGame
from ascenseur.tui.screens import CardEntry, LogScreen, RankingScreen
from play_helpers import person_choice, screen_text, settle, step


def until_person(session: Session, phase: Phase, hand_size: int = 1) -> None:
    while not (
        session.turn is Turn.PERSON
        and session.view.phase is phase
        and session.view.hand_size >= hand_size
    ):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()


def test_a_bid_of_ten_or_more_is_typed_with_two_digits() -> None:
    session = Session.start(Rules(4, 12), "Ada", ["random"], seed=5, db=None)
    until_person(session, Phase.BIDDING, hand_size=12)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> int | None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "1")
            assert app.bid_choice == 11
            await pilot.press("enter")
            await settle(app, pilot)
            return session.view.bids[session.person]

    assert asyncio.run(run()) == 11


def test_a_card_is_typed_as_it_is_shown() -> None:
    session = Session.start(Rules(4, 8), "Ada", ["random"], seed=6, db=None)
    until_person(session, Phase.PLAYING, hand_size=5)
    legal = next(a.card for a in session.view.legal_actions if isinstance(a, Play))
    typed = legal.display("fr")  # French cards typed in an English game: accepted too
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("colon")
            await pilot.pause()
            assert isinstance(app.screen, CardEntry)
            for char in typed:
                await pilot.press(char if char != " " else "space")
            await pilot.press("enter")
            await settle(app, pilot)

    asyncio.run(run())
    assert legal not in session.view.hand  # played


def test_the_deal_result_stays_until_the_person_goes_on_even_with_a_pause() -> None:
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=2, db=None)
    app = PlayApp(session, PlayOptions(pace=0, pause=0))

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while not app.waiting:
                await step(pilot, app)
                await settle(app, pilot)
            await asyncio.sleep(0.2)  # nothing moves on by itself
            await settle(app, pilot)
            return str(app.query_one("#status", Static).content), screen_text(app)

    shown, screen = asyncio.run(run())
    assert shown.startswith("Deal 1 is over.") and shown.endswith("Press space to go on.")
    result = session.view.results[0]
    assert ("Every bid made." in shown) == (result.bids == result.tricks)
    # The table shows what each seat scored in the deal, and its total.
    assert "Points" in screen and f"{result.scores[0]:+d}" in screen


def test_bell_and_forced_card_options() -> None:
    session = Session.start(Rules(3, 1), "You", ["random"], seed=2, db=None)
    app = PlayApp(session, PlayOptions(pace=0, bell=True, auto_play=True))
    rung: list[int] = []
    chosen: list[PlayerAction] = []
    app.bell = lambda: rung.append(session.moves)  # type: ignore[method-assign]
    act = app.act

    def record(action: PlayerAction) -> None:
        chosen.append(action)
        act(action)

    app.act = record  # type: ignore[method-assign]

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            text = screen_text(app)
            while session.turn is not Turn.OVER:
                await step(pilot, app)
                await settle(app, pilot)
            return text

    text = asyncio.run(run())
    assert rung  # the bell rang on the person's turn
    # A one-card deal: the card is forced, played for the person; they only bid.
    assert chosen and all(isinstance(action, Bid) for action in chosen)
    assert len(session.state.history) == 1 + 3 + 3
    assert "You (you)" not in text


def test_the_log_and_a_rematch_with_the_same_settings() -> None:
    session = Session.start(Rules(3, 1), "Ada", ["random"], seed=2, db=None)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> tuple[str, Session]:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            log = screen_text(app)
            await pilot.press("escape")
            while not isinstance(app.screen, RankingScreen):
                await step(pilot, app)
                await settle(app, pilot)
            await pilot.press("n")
            await settle(app, pilot)
            return log, app.session

    log, again = asyncio.run(run())
    assert "Deal 1 of 1: 1 card each, dealt by" in log and "bids" in log
    assert again is not session and again.rules == session.rules
    assert again.seats == session.seats and again.moves > 0


def test_a_hint_asked_while_the_search_compiles_says_why_it_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = threading.Event()
    monkeypatch.setattr("ascenseur.tui.app.search_is_ready", lambda: False)
    monkeypatch.setattr("ascenseur.tui.app.prepare", compiled.wait)  # a cold cache compiling
    real = advice

    def compiling_first(*args: Any) -> list[Estimate]:  # the hint waits for the compiler too
        compiled.wait()
        return real(*args)

    monkeypatch.setattr("ascenseur.session.advice", compiling_first)
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=2, db=None)
    app = PlayApp(session, PlayOptions(pace=0, hint_playouts=20))

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle_some(pilot)
            await pilot.press("h")
            await settle_some(pilot)
            during = str(app.query_one("#status", Static).content)
            compiled.set()
            await settle(app, pilot)
            return during, str(app.query_one("#status", Static).content)

    during, after = asyncio.run(run())
    assert "Your turn: bid" in during and "is being compiled" in during
    assert "is being compiled" not in after and "of the deals I tried" in after


async def settle_some(pilot: Pilot[None]) -> None:
    for _ in range(5):
        await pilot.pause(0.05)


def test_plain_mode_says_when_the_first_hint_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ascenseur.tui.plain.search_is_ready", lambda: False)
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=2, db=None)
    out = io.StringIO()
    PlainGame(session, "en", io.StringIO("h\n"), out, hint_playouts=20).run()
    text = out.getvalue()
    assert text.index("is being compiled") < text.index("of the deals I tried")


def test_a_resumed_game_still_says_whose_turn_it_is() -> None:
    session = Session.start(Rules(3, 2), "Ada", ["random"], seed=2, db=None)
    until_person(session, Phase.BIDDING)
    app = PlayApp(session, PlayOptions(pace=0, notice="Resumed the game saved in x."))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("l", "l", "plus")
            await settle(app, pilot)
            return str(app.query_one("#status", Static).content)

    shown = asyncio.run(run()).splitlines()
    assert shown[0].startswith("Your turn: bid ")
