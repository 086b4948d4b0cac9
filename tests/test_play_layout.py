"""Every screen of ``ascenseur play`` at 80×24 and on a large terminal, 2 to 10 players.

At the peak deal (the largest hands): the bid choices and the turn line stay on screen, the
hint shows, the hand and the status stay in view while playing; the score sheet keeps its
columns readable (it scrolls rather than squeezing them); a large terminal gives the table
its room and shows the deal's log. Screens kept as text in ``tests/snapshots/``.
"""

from __future__ import annotations

import asyncio

import pytest
from textual.containers import ScrollableContainer
from textual.widget import Widget

from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.screens import HelpScreen, ScoreScreen
from ascenseur.tui.widgets import BidView, HandView
from play_helpers import check_snapshot, person_choice, screen_text, settle

SMALL = (80, 24)
LARGE = (160, 50)


def at_peak(players: int, phase: Phase) -> Session:
    """A game of ``players`` moved on to the person's first ``phase`` turn of the peak deal
    (2 players: a peak of 8 cards, so that the game there stays short)."""
    rules = Rules(players, 8 if players == 2 else None)
    session = Session.start(rules, "Ada", ["random"], seed=players, db=None)
    peak = rules.max_cards - 1
    while not (
        session.turn is Turn.PERSON
        and session.view.deal_index == peak
        and session.view.phase is phase
    ):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    return session


def inside(widget: Widget, size: tuple[int, int]) -> bool:
    region = widget.region
    return region.height > 0 and region.y >= 0 and region.bottom <= size[1]


CASES = [(p, size) for p in (2, 4, 10) for size in (SMALL, LARGE)]


@pytest.mark.parametrize(("players", "size"), CASES)
def test_the_bid_prompt_and_the_hint_stay_on_screen(players: int, size: tuple[int, int]) -> None:
    session = at_peak(players, Phase.BIDDING)
    app = PlayApp(session, PlayOptions(pace=0, hint_playouts=40))

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            assert inside(app.query_one(BidView), size)
            assert inside(app.query_one("#status"), size)
            await pilot.press("h")
            await settle(app, pilot)
            return screen_text(app)

    text = asyncio.run(run())
    assert "Your turn: bid " in text
    assert "of the deals I tried" in " ".join(text.split())  # wrapped at any word
    for value in range(session.view.hand_size + 1):
        assert f" {value} " in text  # every bid on screen, 10 and more too


@pytest.mark.parametrize(("players", "size"), CASES)
def test_the_hand_and_the_turn_stay_on_screen_while_playing(
    players: int, size: tuple[int, int]
) -> None:
    session = at_peak(players, Phase.PLAYING)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            assert inside(app.query_one(HandView), size)
            assert inside(app.query_one("#status"), size)
            text = screen_text(app)
            if size == LARGE:
                assert app.query_one("#log").display  # the room of a large terminal
                assert "Bids add up to" in text
            check_snapshot(f"layout_{players}p_{size[0]}x{size[1]}", text)
            return text

    text = asyncio.run(run())
    assert "Your turn: play a card." in text
    assert "Bid/taken" in text


@pytest.mark.parametrize("players", [4, 10])
def test_the_score_sheet_keeps_its_columns_readable_at_80x24(players: int) -> None:
    session = at_peak(players, Phase.PLAYING)
    app = PlayApp(session, PlayOptions(pace=0))

    async def run() -> tuple[str, str, bool]:
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await pilot.press("s")
            await settle(app, pilot)
            assert isinstance(app.screen, ScoreScreen)
            first = screen_text(app)
            wide = app.screen.query_one(ScrollableContainer).max_scroll_x > 0
            for _ in range(20):
                await pilot.press("right")
            await pilot.pause()
            return first, screen_text(app), wide

    first, scrolled, wide = asyncio.run(run())
    result = session.view.results[0]
    cell = f"{result.bids[0]}/{result.tricks[0]} {result.scores[0]:+d}"
    assert cell in first  # Ada's first deal in full: bid/taken and points
    if players == 10:
        assert wide and "Bot 9" in scrolled  # the last column, reached by scrolling


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_screen_opens_with_question_mark_and_f1(lang: str) -> None:
    session = at_peak(4, Phase.BIDDING)
    app = PlayApp(session, PlayOptions(pace=0, lang="fr" if lang == "fr" else "en"))

    async def run() -> list[str]:
        texts = []
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            for key in ("question_mark", "f1"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                pages = screen_text(app)
                for _ in range(4):  # at 80×24 the help scrolls
                    await pilot.press("pagedown")
                    await pilot.pause()
                    pages += screen_text(app)
                texts.append(pages)
                await pilot.press("escape")
                await pilot.pause()
        return texts

    for text in asyncio.run(run()):
        assert ("Lead rule (P2)" if lang == "en" else "Entame (P2)") in text
