"""The page in a real browser: Debian's headless Chromium, driven by Playwright.

A whole short game is played by clicking (4 players, hands of 1, 2, 1): an illegal card is
refused with the rule's reason, the page is reloaded mid-deal and resumes, the last deal is
played with the keyboard alone, then the ranking, the chart, the record and the replay. The
screenshots land in ``artifacts/``: the table (a refused card, and a trick in play), the
score sheet, the end, the replay, and the table on a phone.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ascenseur.core.record import check
from browser_helpers import (
    ARTIFACTS,
    HINT_MS,
    READY,
    browser,
    browser_app,
    open_page,
    shot,
    state_of,
    wait_past,
    watch_problems,
)
from web_helpers import running_server

pytestmark = pytest.mark.timeout(300)
__all__ = ["browser"]  # the fixture, shared with the other browser tests


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.1)) as address:
        yield address


def start_short_game(page: Page, name: str = "Ada") -> None:
    page.select_option("#players", "4")
    page.fill("#max-cards", "2")
    for seat in (1, 2, 3):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.fill("#name", name)
    page.select_option("#lang", "en")
    page.click("#new-game button[type=submit]")


def test_a_whole_short_game_by_clicking(browser: Browser, url: str) -> None:
    (ARTIFACTS / "trick.png").unlink(missing_ok=True)
    page, problems = open_page(browser, url, 1200, 900)
    start_short_game(page)
    refused = reloaded = hinted = summed = False
    while True:
        page.wait_for_function(READY)
        if page.is_visible(".end"):
            break
        if page.is_visible("#next-deal"):  # the deal's result stays until we go on
            assert page.locator(".summary .deal-result tbody tr").count() == 4
            if not summed:
                shot(page, "deal-summary")
                summed = True
            page.click("#next-deal")
            page.wait_for_function("() => !document.querySelector('#next-deal')")
            continue
        deal = int(page.eval_on_selector("#app", "app => app.dataset.deal"))
        state = state_of(page)
        if deal == 2:  # the last deal, with the keyboard alone
            page.keyboard.press("0" if page.is_visible(".bids") else "Enter")
        elif page.is_visible(".bids"):
            if not hinted:
                page.keyboard.press("h")
                page.wait_for_selector(".bids .hint-value", timeout=HINT_MS)
                # The best choice plainly, first: "Bid 0 — expected +2.8 points. Others: …"
                best = page.inner_text(".bids .hint-value.best")
                value = page.eval_on_selector(
                    ".bids .hint-value.best", "v => v.closest('.bid').dataset.bid"
                )
                shown = [
                    float(v)
                    for v in page.eval_on_selector_all(
                        ".bids .hint-value", "vs => vs.map(v => v.textContent)"
                    )
                ]
                assert float(best) == max(shown)
                assert page.inner_text(".notice").startswith(
                    f"Bid {value} — expected {best} points"
                )
                hinted = True
            page.click(".bids .bid:not(.forbidden)")
        else:
            if (
                page.locator(".trick .trick-card").count()
                and not (ARTIFACTS / "trick.png").exists()
            ):
                shot(page, "trick")  # cards on the table, ours to play
            if page.locator(".hand .card.illegal").count() and not refused:
                page.click(".hand .card.illegal")
                page.wait_for_selector(".notice.error[data-code='must-lead-suit']")
                assert page.inner_text(".notice") == (
                    "You cannot play trump 2: you may not lead a trump or the Excuse while you "
                    "hold a suit card (you hold 10♦)."
                )
                assert state_of(page) == state  # refused: nothing moved
                shot(page, "table")
                refused = True
            page.click(".hand .card.legal")
        wait_past(page, state)
        if deal == 1 and not reloaded:  # mid-deal: the page comes back where the game stands
            hand = page.eval_on_selector_all(
                ".hand .card", "cards => cards.map(c => c.dataset.code)"
            )
            page.reload()
            page.wait_for_selector(".hand .card")
            page.wait_for_function(READY)
            assert (
                page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.dataset.code)")
                == hand
            )
            assert "Ada (you)" in page.inner_text(".seat.me")
            reloaded = True
    assert refused and reloaded and hinted and summed

    ranking = page.locator(".end .ranking li")
    assert ranking.count() == 4
    assert page.inner_text(".end .verdict") == "Shared win: Ada and Bot 2."
    assert page.locator(".end .chart-svg polyline").count() == 4
    shot(page, "end")
    page.keyboard.press("s")
    page.wait_for_selector("dialog[open] table.sheet")
    assert page.locator("dialog[open] table.sheet tbody tr").count() == 3
    shot(page, "score-sheet")
    page.keyboard.press("Escape")
    with page.expect_download() as download:
        page.click(".end button.download")
    verdict = check(Path(download.value.path()).read_text(encoding="utf-8"))
    assert verdict["valid"] and verdict["complete"] and verdict["winners"] == [0, 2]

    page.click(".end a[href='#/']")
    page.wait_for_selector("#history .game[data-over='true']")
    page.click("#history .game a[href^='#/replay/']")
    page.wait_for_selector(".replay-seat")
    for _ in range(5):  # the deal, then the four bids: every hand shown face up
        page.keyboard.press("ArrowRight")
    assert page.locator(".replay-seat").count() == 4
    assert page.locator(".replay-seat .mini").count() == 4
    assert "Step 5 of" in page.inner_text(".replay-controls")
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowDown")
    assert page.locator(".replay-seat .mini").count() == 8  # deal 2: two cards each
    assert page.locator(".replay-trick figure").count() == 4
    shot(page, "replay")
    caption = page.inner_text(".replay-screen .status")
    assert page.inner_text(".replay-screen .deal-line").startswith("Deal 2 of 3 · 2\u00a0cards")
    assert "Deal" not in caption  # the deal is said once, in the title
    with page.expect_download() as download:  # the record, from the replay too
        page.click(".replay-screen .tools button.download")
    assert check(Path(download.value.path()).read_text(encoding="utf-8"))["complete"]
    page.keyboard.press("End")
    assert page.inner_text(".replay-screen .verdict") == "Shared win: Ada and Bot 2."
    # The last step shows the last deal's result, not only the ranking.
    assert page.inner_text(".replay-screen .deal-summary h2") == "Deal 3: the result"
    assert page.locator(".replay-screen .deal-summary tbody tr").count() == 4
    assert not problems, problems


def test_the_table_fits_a_phone(browser: Browser, url: str) -> None:
    page, problems = open_page(browser, url, 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    start_short_game(page, "Zoé")
    page.wait_for_function(READY)
    assert page.is_visible(".bids .bid")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone")
    assert not problems, problems


def test_three_friends_play_one_table_through_an_invitation(
    browser: Browser, tmp_path: Path
) -> None:
    """Three browsers (separate contexts: separate storage) and a spectator: the host opens a
    table with two seats for friends, they join through the link, chat; one closes the page
    and a bot plays for her until she comes back; the deal's result waits for everyone."""
    with running_server(browser_app(tmp_path / "friends.sqlite3", 0.05)) as url:
        contexts = [browser.new_context(viewport={"width": 1100, "height": 860}) for _ in range(4)]
        watched: list[list[str]] = []
        pages = []
        for context in contexts:
            page = context.new_page()
            watched.append(watch_problems(page))
            pages.append(page)
        host, bea, cy, watcher = pages
        host.goto(url)
        host.wait_for_selector("#new-game")
        host.select_option("#players", "4")
        host.fill("#max-cards", "2")
        host.select_option("select[data-seat='1']", "")
        host.select_option("select[data-seat='2']", "")
        host.select_option("select[data-seat='3']", "random")
        host.fill("#name", "Ada")
        host.select_option("#lang", "en")
        host.click("#new-game button[type=submit]")
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        assert "#/join/" in link and "token" not in link
        for page, name in ((bea, "Bea"), (cy, "Cy")):
            page.goto(link)
            page.wait_for_selector("#join-name")
            page.fill("#join-name", name)
            page.click("#join button[type=submit]")
            page.wait_for_selector(".lobby")
        watcher.goto(link)
        watcher.click("#watch")
        watcher.wait_for_selector(".lobby")
        host.wait_for_function("() => document.querySelectorAll('.lobby-seats li').length === 4")
        assert "Cy" in host.inner_text(".lobby-seats")
        shot(host, "friends-lobby")
        bea.fill("#chat-text", "<b>salut</b> tout le monde")
        bea.click(".chat-form button")
        for page in (host, cy, watcher):
            page.wait_for_selector(".chat-log li:has-text('<b>salut</b> tout le monde')")
        assert watcher.locator(".chat-log b").count() == 0  # shown as text, never as HTML
        host.click("#start-game")
        # Cy leaves; a bot plays for her (the host calls it in without waiting the 30 s of
        # grace), and she comes back and takes her seat again.
        cy_url = cy.url
        cy.close()
        played = summed = back = False
        for _ in range(400):
            for page in (host, bea) + ((cy,) if back else ()):
                if page.is_visible("section.end"):
                    continue
                if page.is_visible("#next-deal"):
                    if not summed:
                        shot(page, "friends-summary")
                        summed = True
                    # The page may have sent its ``ready`` already and only not yet drawn the
                    # answer: its button then goes, and a plain click would wait for it (30 s)
                    # while no other page of this loop can act. A click that finds no button
                    # is simply tried again on the next pass.
                    with contextlib.suppress(PlaywrightTimeoutError):
                        page.click("#next-deal", timeout=1000)
                elif page.is_visible(".status.your-turn") and not page.is_visible("#app.busy"):
                    state = state_of(page)
                    target = (
                        ".bids .bid:not(.forbidden)"
                        if page.is_visible(".bids")
                        else ".hand .card.legal"
                    )
                    page.click(target)
                    with contextlib.suppress(Exception):
                        wait_past(page, state)
                    played = True
            if not back and host.locator(".seat[data-seat='2'] .standin-now").count():
                host.click(".seat[data-seat='2'] .standin-now")  # no need to wait 30 s
            if not back and played and host.locator(".badge.standin").count():
                cy = contexts[2].new_page()
                watched.append(watch_problems(cy))
                cy.goto(cy_url)
                cy.wait_for_selector(".seat.me")
                host.wait_for_function("() => !document.querySelector('.badge.standin')")
                back = True
            if all(p.is_visible("section.end") for p in (host, bea, cy)) and back:
                break
            host.wait_for_timeout(100)
        assert back and summed and played
        watcher.wait_for_selector("section.end:not([hidden])")
        assert watcher.locator(".hand .card").count() == 0
        shot(watcher, "friends-spectator-end")
        shot(host, "friends-end")
        for context in contexts:
            context.close()
    problems = [problem for seen in watched for problem in seen]
    assert not problems, problems
