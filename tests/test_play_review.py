"""The game review on the terminal (issue 59): ``r`` at the end of a game, ``replay FILE
--review``, and their plain forms.

Games are tiny (3 players, hands of 1 and 2) and reviews quick (a few dozen play-outs, one
process); layouts are checked on reviews whose figures are made up (``review_helpers``), so
that they do not move with the search.
"""

from __future__ import annotations

import asyncio
import io
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from ascenseur.cli import main
from ascenseur.core.cards import Language
from ascenseur.core.record import dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.review import Review, budget_of
from ascenseur.session import Session
from ascenseur.text.review import review_lines
from ascenseur.tui import review_app
from ascenseur.tui.app import PlayApp, PlayOptions
from ascenseur.tui.plain import PlainGame
from ascenseur.tui.review_app import (
    ReviewApp,
    ReviewProgressScreen,
    ReviewRequest,
    ReviewScreen,
    ReviewStopped,
)
from ascenseur.tui.review_panels import decision_steps
from ascenseur.tui.screens import RankingScreen
from ascenseur.userdata import open_db as open_database
from play_helpers import check_snapshot, screen_text, settle, step
from review_helpers import finished, made_up_review

#: A tiny game: 3 players, hands of 1, 2, 1; in this one the person's play loses points.
TINY = Rules(3, 2)
SEED = 2
#: Play-outs a card decision: enough for labels, quick enough for a test.
BUDGET = budget_of("40")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Reviews (and games) are kept under a temporary data directory."""
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path))
    return tmp_path


def options() -> PlayOptions:
    return PlayOptions(pace=0, pause=0, review_budget=BUDGET, review_jobs=1)


async def finish(pilot: Pilot[None], app: PlayApp) -> None:
    """Play the game to its ranking, as the tests' person."""
    await settle(app, pilot)
    while not isinstance(app.screen, RankingScreen):
        await step(pilot, app)
        await settle(app, pilot)


async def until_reviewed(pilot: Pilot[None], app: App[None], seconds: int = 30) -> ReviewScreen:
    """Wait (responsively) for the review to be computed and shown."""
    for _ in range(20 * seconds):
        if isinstance(app.screen, ReviewScreen):
            await pilot.pause()
            return app.screen
        await pilot.pause(0.05)
    raise AssertionError(f"no review after {seconds} s: {type(app.screen).__name__}")


def test_r_at_the_end_reviews_the_persons_game_and_1_jumps_to_the_costliest() -> None:
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, options())

    async def run() -> tuple[str, str, ReviewScreen, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, app)
            ranking = screen_text(app)
            await pilot.press("r")
            screen = await until_reviewed(pilot, app)
            summary = screen_text(app)
            await pilot.press("1")
            await pilot.pause()
            return ranking, summary, screen, screen_text(app)

    ranking, summary, screen, costly = asyncio.run(run())
    assert "Press r: the expert goes over your bids and cards" in " ".join(ranking.split())
    assert "r review" in ranking and "n play again" in ranking
    # The summary: who, what the numbers mean, the whole game, the costliest, the keys.
    assert "Review of Ada — 3 players, 3 deals." in summary
    assert "Points: each choice's expected score this deal" in summary
    assert "Expected points lost:" in summary and "luck" in summary
    assert "Costliest decisions — press 1, 2 or 3 to see one" in summary
    assert "1-3 a costly decision" in summary and "q back" in summary
    review = screen.review
    assert review.seats[0].seat == session.person and review.budget.playouts == 40
    worst = review.seats[0].summary.costliest[0]
    assert worst.lost > 0, "the tests' person always bids 0: some bid must cost points"
    # 1: the replay at the costliest decision, its options with their figures and labels.
    decision = screen.at[screen.timeline.index]
    assert (decision.deal, decision.number) == (worst.deal, worst.number)
    assert not screen.on_summary
    assert f"{decision.label}: " in costly and " points lost" in costly
    assert "★" in costly and "◀ chosen" in costly
    for option in decision.options:
        points = f"{option.points:+.1f}"
        assert points in costly, (points, costly)
    assert "of the deals I tried" in costly  # the explanation, shared with the hints
    assert "←→ step" in costly and "Tab summary" in costly


def test_the_review_shows_its_progress_and_escape_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, options())
    going = threading.Event()
    stopped = threading.Event()

    def slow(*args: Any, progress: Any, **kwargs: Any) -> Review:
        progress(0, 8)
        progress(3, 8)
        going.wait(20)
        try:
            progress(4, 8)
        except ReviewStopped:
            stopped.set()
            raise
        raise AssertionError("the review was not stopped")

    monkeypatch.setattr(review_app, "review_record", slow)

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, app)
            await pilot.press("r")
            await pilot.pause(0.5)
            assert isinstance(app.screen, ReviewProgressScreen)
            shown = screen_text(app)
            await pilot.press("r", "n")  # the game's keys wait while its review is computed
            await pilot.pause()
            assert len(app.screen_stack) == 3 and app.session is session
            await pilot.press("escape")  # answered at once: the screen is not waiting
            await pilot.pause()
            assert isinstance(app.screen, RankingScreen)
            going.set()
            await asyncio.to_thread(stopped.wait, 20)
            return shown

    shown = asyncio.run(run())
    assert stopped.is_set()
    assert "Review of Ada" in shown and "The expert goes over each bid and card of Ada" in shown
    assert "3 of 8 decisions weighed" in shown and "38%" in shown
    assert "so far" in shown and "Esc stop" in shown


def test_the_review_weighs_in_two_processes_under_the_full_screen() -> None:
    """Textual's stand-in for sys.stderr has no file descriptor, which multiprocessing hands
    to its resource tracker: the pool must start all the same."""
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, PlayOptions(pace=0, pause=0, review_budget=BUDGET, review_jobs=2))

    async def run() -> Review:
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, app)
            await pilot.press("r")
            return (await until_reviewed(pilot, app, seconds=300)).review  # a loaded machine

    review = asyncio.run(run())
    assert review.seats[0].summary.weighed > 0


def test_a_review_that_fails_says_why_and_escape_goes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Review:
        raise ValueError("bad value(s) in fds_to_keep")

    monkeypatch.setattr(review_app, "review_record", broken)
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, options())

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, app)
            await pilot.press("r")
            for _ in range(100):
                await pilot.pause(0.05)
                if "could not be made" in screen_text(app):
                    break
            said = screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, RankingScreen)
            return said

    said = " ".join(asyncio.run(run()).split())
    assert "The review could not be made: ValueError: bad value(s) in fds_to_keep" in said
    assert "Esc back" in said


def test_a_review_opens_again_at_once_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, options())

    def never(*args: Any, **kwargs: Any) -> Review:
        raise AssertionError("a kept review is computed again")

    async def run() -> tuple[Review, Review]:
        async with app.run_test(size=(80, 24)) as pilot:
            await finish(pilot, app)
            await pilot.press("r")
            first = (await until_reviewed(pilot, app)).review
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, RankingScreen)
            monkeypatch.setattr("ascenseur.review.analysis.review_state", never)
            await pilot.press("r")
            again = (await until_reviewed(pilot, app)).review
            return first, again

    first, again = asyncio.run(run())
    assert again == first


def test_n_plays_again_with_the_same_settings_and_r_waits_for_the_end() -> None:
    session = Session.start(TINY, "Ada", ["random"], seed=SEED, db=None)
    app = PlayApp(session, options())

    async def run() -> tuple[bool, Session]:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("r")  # in the middle of the game: nothing to review yet
            await pilot.pause()
            early = isinstance(app.screen, ReviewProgressScreen)
            await finish(pilot, app)
            await pilot.press("n")
            await settle(app, pilot)
            return early, app.session

    early, again = asyncio.run(run())
    assert not early
    assert again is not session and again.rules == session.rules and again.moves > 0


def test_the_review_screen_steps_through_the_game() -> None:
    session = finished(Rules(4, 4), seed=7)
    review = made_up_review(session)
    screen = ReviewScreen(review, session.state, session.person, session.seats, "en")
    host = _Host(screen)

    async def run() -> list[tuple[int, bool, str]]:
        seen = []
        async with host.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen.append((screen.timeline.index, screen.on_summary, screen_text(host)))
            for key in ("enter", "n", "n", "p", "right", "tab", "tab", "a", "end"):
                await pilot.press(key)
                await pilot.pause()
                seen.append((screen.timeline.index, screen.on_summary, screen_text(host)))
        return seen

    seen = asyncio.run(run())
    steps = decision_steps(screen.timeline, session.person)
    weighed = [s for s in steps if screen.at[s].label != "forced"]
    indices = [index for index, _, _ in seen]
    assert seen[0][1] and not seen[1][1]  # the summary first; Enter: the replay
    assert indices[1:5] == [weighed[0], weighed[1], weighed[2], weighed[1]]
    assert indices[5] == weighed[1] + 1 and "No decision of Ada at this step" in seen[5][2]
    assert seen[6][1] and not seen[7][1]  # Tab: the summary and back
    assert "hidden" in seen[7][2] and "hidden" not in seen[8][2]  # a: every hand
    assert indices[9] == screen.timeline.last


@pytest.mark.parametrize(
    ("name", "size", "lang", "keys"),
    [
        ("review_summary_80x24", (80, 24), "en", ()),
        ("review_decision_80x24_fr", (80, 24), "fr", ("1",)),
        ("review_decision_120x40", (120, 40), "en", ("1",)),
        ("review_summary_120x40_fr", (120, 40), "fr", ()),
    ],
)
def test_snapshot_the_review_screen(
    name: str, size: tuple[int, int], lang: str, keys: tuple[str, ...]
) -> None:
    session = finished(Rules(4, 8), seed=7)
    review = made_up_review(session)
    tongue: Language = "fr" if lang == "fr" else "en"
    screen = ReviewScreen(review, session.state, session.person, session.seats, tongue)
    host = _Host(screen)

    async def run() -> str:
        async with host.run_test(size=size) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            return screen_text(host)

    text = asyncio.run(run())
    assert all(len(line) <= size[0] for line in text.splitlines())
    check_snapshot(name, text)


class _Host(App[None]):
    """An app that shows one screen, as the game's end or ``replay --review`` would."""

    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


# -- replay FILE --review ----------------------------------------------------------------------


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A finished tiny game, the person on seat 0 ("Ada"), saved as a record."""
    session = finished(TINY, SEED)
    path = tmp_path / "game.json"
    path.write_text(dumps(record_of(session.state, session.seats)), encoding="utf-8")
    return path


def test_replay_review_opens_the_review_of_the_first_person(record: Path) -> None:
    from ascenseur.files import read_record

    state, names = read_record(record)
    request = ReviewRequest(state=state, seat=0, names=names, budget=BUDGET)
    app = ReviewApp(request, "en")

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_reviewed(pilot, app)
            summary = screen_text(app)
            await pilot.press("1")
            await pilot.pause()
            decision = screen_text(app)
            await pilot.press("q")
            await pilot.pause()
            return summary, decision

    summary, decision = asyncio.run(run())
    assert "Review of Ada — 3 players, 3 deals." in summary and "q quit" in summary
    assert "◀ chosen" in decision
    assert app.return_code == 0 and not app.is_running


def test_the_replay_command_reviews_the_seat_and_budget_asked(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[ReviewRequest] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self, **_: asked.append(self.request))
    assert main(["replay", str(record), "--review"]) == 0
    assert main(["replay", str(record), "--review", "--seat", "2", "--budget", "quick"]) == 0
    first, second = asked
    assert (first.seat, first.budget.name, first.budget.playouts) == (0, "default", 5000)
    assert (second.seat, second.budget.name, second.budget.playouts) == (2, "quick", 500)


def test_replay_plain_review_prints_the_text_form(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(record), "--plain", "--review", "--budget", "40"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Review of seat 0 (Ada) — 3 players, 3 deals.")
    assert "Budget: 40 play-outs a card, 160 a bid." in text
    assert (
        main(["replay", str(record), "--plain", "--review", "--budget", "40", "--lang", "fr"]) == 0
    )
    assert capsys.readouterr().out.startswith("Revue de la place 0 (Ada)")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--review", "--seat", "3"],
            "--seat '3' is not a seat of this 3-player game: give 0 to 2",
        ),
        (["--review", "--seat", "x"], "--seat 'x' is not a seat of this 3-player game"),
        (["--review", "--budget", "0"], "the budget '0' is neither a level"),
        (["--review", "--budget", "lots", "--plain"], "the budget 'lots' is neither a level"),
        (["--seat", "1"], "--seat says how to review a seat: it goes with --review"),
        (["--budget", "quick", "--plain"], "--budget says how to review a seat"),
    ],
)
def test_replay_review_refuses_in_one_sentence(
    record: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    assert main(["replay", str(record), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascenseur replay: ") and said in err
    assert err.count("\n") == 1


# -- plain mode -------------------------------------------------------------------------------


def test_r_at_the_end_of_a_plain_game_prints_the_review() -> None:
    kept = finished(TINY, SEED, db=open_database())
    out = io.StringIO()
    game = PlainGame(kept, "en", io.StringIO("r\nn\n"), out, review_budget=BUDGET)
    assert game.run() == 0
    text = out.getvalue()
    prompt = "Play again with the same settings (y/n; r: review your game; e: write"
    assert text.count(prompt) == 2  # asked again after the review
    assert "Reviewing your game: " in text and " decisions to weigh…" in text
    expected = review_lines(made_review(kept), "en")
    for line in expected[:3]:
        assert line in text


def made_review(session: Session) -> Review:
    """The review the plain game printed: the same (record, seat, budget), kept."""
    from ascenseur.review import ReviewCache, review_record
    from ascenseur.userdata import data_dir

    cache = ReviewCache(data_dir() / "reviews")
    return review_record(session.state, [0], BUDGET, names=session.seats, cache=cache)
