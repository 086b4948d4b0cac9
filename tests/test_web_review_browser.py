"""The game review in a real browser (issue 59): three people finish a table; one opens the
review of their seat from the game's end, waits on its progress bar, reads the chart and the
costly moments, and steps to the costliest to see the options the expert weighed beside the
hand; the history offers it too; a spectator gets none; axe-core finds nothing to fix on the
review page, waiting or done."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from starlette.applications import Starlette

from ascenseur.review import budget_of
from ascenseur.tables.driver import Settings
from ascenseur.tables.thinking import thread_pool
from ascenseur.web.app import create_app
from ascenseur.web.reviews import ReviewSettings
from ascenseur.web.service import Limits
from browser_helpers import axe_violations, browser, play_first_legal, shot, watch_problems
from test_web_review import Gated
from web_helpers import SEED, running_server

pytestmark = pytest.mark.timeout(300)
__all__ = ["browser"]
NAMES = ("Ada", "Bea", "Cy")


def review_app(db: Path, gate: threading.Event) -> Starlette:
    """Bots and people at full speed; reviews of a few play-outs, held until ``gate``."""
    return create_app(
        db,
        settings=Settings(pace=0.0, trick_pause=0.0, seeds=lambda: SEED),
        limits=Limits(hint_playouts=40),
        executor=lambda: thread_pool(2),
        durable=False,
        reviews=ReviewSettings(budgets=(budget_of("30"),), executor=lambda: Gated(gate)),
    )


def three_people_finish(url: str) -> list[dict[str, Any]]:
    """Ada opens a table of three (1, 2, 1 cards) with two seats for friends; Bea and Cy
    join by its invitation; all play to the end. Their welcomes (table, seat, token)."""
    welcomes: list[dict[str, Any]] = [{} for _ in NAMES]
    create = {"type": "create", "version": 2, "name": "Ada", "lang": "en",
              "rules": {"players": 3, "max_cards": 2}, "seats": [None, None]}  # fmt: skip
    host = threading.Thread(
        target=play_first_legal, args=(url, create), kwargs={"welcome": welcomes[0]}
    )
    host.start()
    for _ in range(200):
        if "invite" in welcomes[0]:
            break
        host.join(0.05)
    friends = []
    for i, name in enumerate(NAMES[1:], 1):
        join = {"type": "join", "version": 2, "invite": welcomes[0]["invite"], "name": name}
        friend = threading.Thread(
            target=play_first_legal, args=(url, join), kwargs={"welcome": welcomes[i]}
        )
        friend.start()
        friends.append(friend)
    for thread in (host, *friends):
        thread.join(120)
        assert not thread.is_alive(), "the game did not end"
    return welcomes


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    held = threading.Event()
    yield held
    held.set()


def test_a_player_reviews_their_seat_and_a_spectator_cannot(
    browser: Browser, tmp_path: Path, gate: threading.Event
) -> None:
    with running_server(review_app(tmp_path / "review.sqlite3", gate)) as url:
        ada, *_ = three_people_finish(url)
        table = ada["table"]
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        problems = watch_problems(page)
        page.goto(url)
        page.evaluate(
            "([table, token]) => localStorage.setItem('ascenseur.tables', "
            "JSON.stringify({[table]: token}))",
            [table, ada["token"]],
        )
        # The history offers the review of a finished game.
        page.goto(url)
        page.wait_for_selector(f"#history .game[data-game='{table}'] a.review-link")
        # So does the game's end.
        page.goto(f"{url.rstrip('/')}/#/game/{table}")
        page.wait_for_selector("section.end:not([hidden]) a.review-link")
        page.click("section.end a.review-link")
        # Held by the gate: the progress bar, read out, and nothing wrong with it.
        page.wait_for_selector("#review-progress")
        page.wait_for_function("() => document.querySelector('#review-detail').textContent")
        assert "decisions weighed" in page.inner_text("#review-detail")
        shot(page, "review-waiting")
        waiting = axe_violations(page, "review, waiting")
        gate.set()
        page.wait_for_selector(
            ".review-chart svg polyline", timeout=240_000
        )  # a first search compiles
        page.wait_for_selector(".replay-seat.reviewed")
        assert page.inner_text("h1") == "Review of Ada's game"
        assert page.locator(".review-chart").count() == 2
        assert page.locator(".review-chart [data-series]").count() == 3  # lost; score, expected
        moments = page.locator(".review-moments-list li")
        assert moments.count() >= 1, "this seeded game has no costly moment: choose another"
        # The costliest moment: the replay steps there; its options are beside Ada's hand.
        costliest = page.locator(".review-moments-list li.costliest-1")
        line = costliest.inner_text()
        costliest.locator("button").click()
        panel = page.locator(".replay-seat[data-seat='0'] .review-panel")
        panel.locator(".review-options").wait_for()
        assert panel.locator(".review-line").inner_text() in line
        rows = panel.locator(".review-options tbody tr")
        assert rows.count() >= 2
        assert panel.locator("tr.chosen .badge.yours").count() == 1
        assert panel.locator("tr.best").count() == 1
        assert page.evaluate("() => document.activeElement.classList.contains('review-panel')")
        assert costliest.get_attribute("aria-current") == "step"
        shot(page, "review")
        done = axe_violations(page, "review, a costly moment")
        # The replay's keys step on; ] comes back to a costly moment.
        page.keyboard.press("Home")
        assert "Not your decision here" in panel.inner_text()
        page.keyboard.press("]")
        page.wait_for_selector(".review-moments-list li.current")
        # The French page says it in French.
        page.evaluate("() => localStorage.setItem('ascenseur.lang', 'fr')")
        page.reload()
        page.wait_for_selector(".review-chart svg polyline")
        assert page.inner_text("h1") == "Revue de la partie de Ada"
        french = axe_violations(page, "review, in French")
        context.close()

        # A spectator: the game's end offers no review, and the page gets none.
        watcher = browser.new_context(viewport={"width": 1100, "height": 860}).new_page()
        problems += watch_problems(watcher)
        watcher.goto(f"{url.rstrip('/')}/#/watch/{ada['invite']}")
        watcher.wait_for_selector("section.end:not([hidden])")
        assert watcher.locator("a.review-link").count() == 0
        watcher.goto(f"{url.rstrip('/')}/#/review/{table}")
        watcher.wait_for_selector(".notice.error")
        assert "holds no seat" in watcher.inner_text(".notice.error")
        assert watcher.locator(".review-chart").count() == 0
        refused = axe_violations(watcher, "review, refused")
        watcher.context.close()
    assert not [*waiting, *done, *french, *refused]
    # The spectator's refused request is the one console error expected.
    assert all("403" in problem for problem in problems), problems
