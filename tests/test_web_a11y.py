"""Every page and state of the web app under axe-core's rules, in a real browser.

axe-core (vendored: ``tests/vendor/axe-core``) runs with every rule it has, the experimental ones
and the enhanced (7:1) contrast included, over: the home page (new and with a finished game), a
table mid-deal as a player at five on a laptop (bidding, playing, a refused card, a hint, the
score sheet and last trick dialogs, the deal's result, the options, the transfer dialog) and on
a phone (in English and French), the rules (general and a table's own), wrong links, a lobby,
an invitation, a spectator, the host with a friend away, the end of a game, its replay, and the
score sheet of a game with real cards. Not one violation, of any impact. The player at five
plays by keys alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import (
    HINT_MS,
    READY,
    axe_violations,
    browser,
    browser_app,
    open_page,
    shot,
    state_of,
    table_at_deal,
    table_until,
    take_seat,
    wait_past,
    watch_problems,
)
from web_helpers import running_server

pytestmark = pytest.mark.timeout(300)
__all__ = ["browser"]


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.05)) as address:
        yield address.rstrip("/")


def press_for_dialog(page: Page, key: str) -> bool:
    """Press ``key``; whether a dialog opened (the last trick has none before a trick ends)."""
    page.keyboard.press(key)
    try:
        page.wait_for_selector("dialog[open]", timeout=1500)
    except Exception:
        return False
    return True


def test_a_player_at_five_plays_a_deal_by_keys_and_every_state_meets_axe(
    browser: Browser, url: str
) -> None:
    page, problems = open_page(browser, url, 1280, 800)
    found = axe_violations(page, "home")
    table, token = table_at_deal(url, 5, 2)  # three cards each
    take_seat(page, url, table, token)
    seen: set[str] = set()
    while True:
        page.wait_for_function(READY)
        if page.is_visible("#next-deal"):
            found += axe_violations(page, "the deal's result")
            page.click("details.options summary")
            found += axe_violations(page, "the options")
            page.click("details.options summary")
            page.click("#transfer-button")
            page.wait_for_selector("dialog[open] .transfer-link")
            found += axe_violations(page, "a seat to another device")
            page.keyboard.press("Escape")
            break
        state = state_of(page)
        if page.is_visible(".bids"):
            if "bidding" not in seen:
                found += axe_violations(page, "bidding")
                seen.add("bidding")
            value = page.get_attribute(".bids .bid:not(.forbidden)", "data-bid")
            page.keyboard.press(str(value))  # one digit: sent at once with three cards
        else:
            if "refused" not in seen and page.locator(".hand .card.illegal").count():
                page.wait_for_function("() => document.activeElement?.matches('.hand .card.legal')")
                while not page.evaluate("document.activeElement.matches('.card.illegal')"):
                    page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
                page.wait_for_selector(".notice.error")
                found += axe_violations(page, "a card refused")
                seen.add("refused")
            if "playing" not in seen:
                found += axe_violations(page, "playing")
                page.keyboard.press("h")
                page.wait_for_selector(".hand .hint-value", timeout=HINT_MS)
                found += axe_violations(page, "a hint on the cards")
                assert press_for_dialog(page, "s")
                found += axe_violations(page, "the score sheet")
                page.keyboard.press("Escape")
                seen.add("playing")
            if "last trick" not in seen and press_for_dialog(page, "l"):
                found += axe_violations(page, "the last trick")
                page.keyboard.press("Escape")
                seen.add("last trick")
            page.wait_for_function("() => document.activeElement?.matches('.hand .card')")
            while not page.evaluate("document.activeElement.matches('.card.legal')"):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")  # the focused card: the keyboard alone plays
        wait_past(page, state)
    assert seen == {"bidding", "playing", "last trick", "refused"}

    rules = page.get_attribute("#table-rules", "href")
    assert rules and rules.startswith("/#/rules/")
    page.goto(url + rules)
    page.wait_for_selector("#rule-table")
    found += axe_violations(page, "a table's rules")
    page.goto(url + "/#/rules")
    page.wait_for_selector("#rule-goal")
    found += axe_violations(page, "how to play")
    wrong = browser.new_page()  # its 404 and 403 are the point: no console is watched
    for link in ("#/game/nosuch", "#/join/nosuch", "#/watch/nosuch", "#/replay/nosuch"):
        wrong.goto("about:blank")  # a page of its own: no .lost left from the link before
        wrong.goto(f"{url}/{link}")
        wrong.wait_for_selector(".lost")
        found += axe_violations(wrong, f"a wrong link ({link})")
    wrong.close()
    assert not found, "\n".join(found)
    assert not problems, problems


def test_the_host_a_friend_away_and_a_spectator_meet_axe(browser: Browser, url: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    host, bea, watcher = (context.new_page() for context in contexts)
    problems = [watch_problems(page) for page in (host, bea, watcher)]
    host.goto(url)
    host.wait_for_selector("#new-game")
    host.select_option("#lang", "en")
    host.select_option("#players", "3")
    host.fill("#max-cards", "2")
    host.select_option("select[data-seat='1']", "")  # a seat for a friend
    host.select_option("select[data-seat='2']", "random")
    host.select_option("#profile", "normal")  # a clock for each person's turn
    host.fill("#name", "Ada")
    host.click("#new-game button[type=submit]")
    host.wait_for_selector("#invite-link")
    found = axe_violations(host, "the host's lobby")
    link = host.input_value("#invite-link")
    bea.goto(link)
    bea.wait_for_selector("#join-name")
    found += axe_violations(bea, "an invitation")
    bea.fill("#join-name", "Bea")
    bea.click("#join button[type=submit]")
    bea.wait_for_selector(".lobby")
    found += axe_violations(bea, "a guest's lobby")
    watcher.goto(link)
    watcher.click("#watch")
    watcher.wait_for_selector(".lobby")
    host.wait_for_function("() => document.querySelectorAll('.lobby-seats li').length === 3")
    host.click("#start-game")

    # The spectator: no hint to ask for, keys only for what a spectator can do, and a clock
    # that says whose it is.
    watcher.wait_for_selector(".clock:not([hidden])")
    clock = watcher.inner_text(".clock")
    whose = re.fullmatch(r"(Ada|Bea)'s time: \d+ s left", clock)
    assert whose, clock
    assert whose[1] in watcher.inner_text(".seat.turn .seat-name")
    assert not watcher.is_visible("#hint-button")
    assert watcher.is_visible("#last-trick-button")  # the tricks are public: it works
    assert watcher.inner_text(".keys") == "Keys: l last trick · s score sheet · a animations"
    found += axe_violations(watcher, "a spectator")
    shot(watcher, "spectator")

    bea.close()  # away: the host may let a bot play for her at once
    host.wait_for_selector(".seat[data-seat='1'] .standin-now")
    assert host.inner_text(".seat[data-seat='1'] .standin-now") == "Let a bot play for Bea"
    if host.is_visible(".clock"):
        mine = host.is_visible(".status.your-turn")
        assert host.inner_text(".clock").startswith("Your time: " if mine else "Bea's time: ")
    found += axe_violations(host, "the host with a friend away")
    shot(host, "host-friend-away")
    host.click(".seat[data-seat='1'] .standin-now")
    host.wait_for_selector(".seat[data-seat='1'] .badge.standin")
    assert host.inner_text(".seat[data-seat='1'] .badge.standin") == "bot plays for now"
    found += axe_violations(host, "the host with a bot standing in")
    for context in contexts:
        context.close()
    assert not found, "\n".join(found)
    seen = [problem for page_problems in problems for problem in page_problems]
    assert not seen, seen


def test_a_finished_game_its_replay_and_the_home_page_meet_axe(browser: Browser, url: str) -> None:
    welcome = table_until(url, 3, lambda view: False, max_cards=2)
    page, problems = open_page(browser, url, 1280, 800)
    page.evaluate(
        "([table, token]) => localStorage.setItem('ascenseur.tables', "
        "JSON.stringify({[table]: token}))",
        [welcome["table"], welcome["token"]],
    )
    page.goto(f"{url}/#/game/{welcome['table']}")
    page.wait_for_selector("section.end:not([hidden]) .verdict")
    assert not page.is_visible("#transfer-button")  # the seat ends with its game
    found = axe_violations(page, "the end of a game")
    assert press_for_dialog(page, "s")
    found += axe_violations(page, "the final score sheet")
    page.keyboard.press("Escape")

    page.goto(f"{url}/#/replay/{welcome['table']}")
    page.wait_for_selector(".replay-seat")
    found += axe_violations(page, "a replay's first step")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    found += axe_violations(page, "a replay mid-deal")
    while not page.is_visible(".replay-screen .deal-summary"):
        page.keyboard.press("ArrowDown")
    found += axe_violations(page, "a replay at a deal's result")
    page.keyboard.press("End")
    page.wait_for_selector(".replay-screen .end:not([hidden])")
    found += axe_violations(page, "a replay's last step")

    page.goto(f"{url}/#/")
    page.wait_for_selector("#history .game[data-over='true']")
    found += axe_violations(page, "home with a finished game")
    assert not found, "\n".join(found)
    assert not problems, problems


def test_the_score_sheet_of_real_cards_and_a_table_on_a_phone_meet_axe(
    browser: Browser, url: str
) -> None:
    page, problems = open_page(browser, url, 390, 844)
    table, token = table_at_deal(url, 4, 2)
    take_seat(page, url, table, token)
    page.wait_for_function(READY)
    found = axe_violations(page, "a table on a phone")
    page.evaluate("localStorage.setItem('ascenseur.lang', 'fr')")
    page.reload()
    page.wait_for_selector(".hand .card")
    page.wait_for_function(READY)
    assert page.evaluate("document.documentElement.lang") == "fr"
    found += axe_violations(page, "a table in French on a phone")

    page.goto(f"{url}/#/scoresheet")
    page.wait_for_selector("#pad-setup")
    found += axe_violations(page, "the score sheet's setup")
    page.select_option("#pad-players", "3")
    page.fill("#pad-max-cards", "2")
    for seat, name in enumerate(["Ada", "Bea", "Cy"]):
        page.fill(f".pad-name[data-seat='{seat}']", name)
    page.click("#pad-setup button[type=submit]")
    page.wait_for_selector(".pad-step .bid")
    found += axe_violations(page, "a bid to enter")
    for _ in range(3):
        before = page.inner_text(".pad-step")
        page.click(".pad-step .bid[data-bid='0']")
        page.wait_for_function(
            "before => document.querySelector('.pad-step')?.innerText !== before", arg=before
        )
    page.wait_for_selector(".pad-trick-row")
    found += axe_violations(page, "tricks to enter")
    page.locator(".pad-trick-row").nth(0).locator("button.plus").click()
    page.locator(".pad-trick-row").nth(1).locator("button.plus").click()
    page.click("#pad-save-tricks")
    page.wait_for_selector(".pad > .notice.error")
    found += axe_violations(page, "tricks refused")
    page.reload()  # the deal's tricks afresh
    page.wait_for_selector(".pad-trick-row")
    page.locator(".pad-trick-row").nth(0).locator("button.plus").click()
    page.click("#pad-save-tricks")
    page.wait_for_selector(".pad-sheet tbody tr")
    found += axe_violations(page, "a sheet with a deal")
    assert not found, "\n".join(found)
    assert not problems, problems


def test_axe_runs_under_the_page_csp_and_its_experimental_rules_find_a_hidden_name(
    browser: Browser, url: str
) -> None:
    """The harness itself: axe loads and runs in a page that keeps its Content-Security-Policy,
    and a button whose label does not contain its visible words (as the card buttons had) is
    found — that rule is one of axe's experimental ones, off unless asked for."""
    page = browser.new_page()
    response = page.goto(url)
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("#new-game")
    page.evaluate(
        """() => {
            const button = document.createElement("button");
            button.textContent = "10";
            button.setAttribute("aria-label", "Play the ten of hearts");
            document.querySelector("#app").append(button);
        }"""
    )
    found = axe_violations(page, "a planted button")
    assert any("label-content-name-mismatch" in line for line in found), found
    page.close()
