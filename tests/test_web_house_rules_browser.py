"""House rules (RULES.md §7) in a real browser: the create form, the rules in words, closed
fists and blind one-card deals at the table, and the rules page of a table.

Three people (three browser contexts, storage apart) and a spectator play a whole table made
with "tricks and ten", the down-up schedule and closed fists (2, 1, 2 cards): no page ever
shows another seat's bid before the last one is in, and the points of every deal's summary and
of the record are the scoring table's. A table refuses a bad rule set with the server's
sentence beside the form; a blind one-card deal shows the others' card, not one's own.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ascenseur.core.record import check
from ascenseur.core.rules import SCORING_TABLES
from browser_helpers import (
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
__all__ = ["browser"]

TRICKS_AND_TEN = SCORING_TABLES["tricks-and-ten"]

#: What a page shows of the other seats' bids: the bid half of each "bid / taken".
OTHER_BIDS = """() => [...document.querySelectorAll('.seat:not(.me) .bid-taken strong')]
    .map(e => e.textContent.split(' / ')[0].trim())"""

#: The deal summary on show: its deal's number and its rows (name, bid / taken, points, total).
SUMMARY = """() => {
    const box = document.querySelector('.summary:not([hidden])');
    if (!box || !box.querySelector('.deal-result')) return null;
    return [Number(box.querySelector('h2').textContent.match(/\\d+/)[0]),
        [...box.querySelectorAll('.deal-result tbody tr')]
            .map(r => [...r.children].map(c => c.textContent))];
}"""


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.05)) as address:
        yield address.rstrip("/")


def assert_no_bid_seen(page: Page, who: str) -> int:
    """During a deal's bidding under closed fists, no other seat's bid is on ``page``: only
    a mark for those who have bid (their number is returned)."""
    if page.eval_on_selector("#app", "app => app.dataset.phase") != "bidding":
        return 0
    shown: list[str] = page.evaluate(OTHER_BIDS)
    assert all(text in ("—", "✓") for text in shown), (who, shown)
    said = page.inner_text(".notice") + page.inner_text(".bid-sum")
    assert not re.search(r"\bbids \d|Bids: \d", said), (who, said)  # "Bea bids 2" would tell
    return int(shown.count("✓"))


def test_three_friends_play_tricks_and_ten_down_up_with_closed_fists(
    browser: Browser, url: str
) -> None:
    contexts = [browser.new_context(viewport={"width": 1100, "height": 860}) for _ in range(4)]
    watched: list[list[str]] = []
    pages = []
    for context in contexts:
        page = context.new_page()
        watched.append(watch_problems(page))
        pages.append(page)
    host, bea, cy, watcher = pages
    host.goto(url)
    host.wait_for_selector("#preset option[value='tricks-and-ten']", state="attached")
    host.select_option("#lang", "en")
    host.select_option("#players", "3")
    host.fill("#max-cards", "2")
    host.select_option("#preset", "tricks-and-ten")
    host.select_option("#schedule", "down-up")
    host.check("#simultaneous")
    assert host.is_disabled("#hook")  # the hook needs bids in turn (H4)
    assert host.input_value("#preset") == ""  # no preset is all of that: the table's own
    assert host.input_value("#scoring") == "tricks-and-ten"
    words = "Deals 2…1…2 · tricks and ten (1\u00a0point a trick, 10 more when exact) · "
    words += "bids with closed fists"
    assert host.inner_text("#rules-summary") == f"This table: {words}"
    host.select_option("select[data-seat='1']", "")
    host.select_option("select[data-seat='2']", "")
    host.fill("#name", "Ada")
    shot(host, "house-rules-form")
    host.click("#new-game button[type=submit]")
    host.wait_for_selector("#invite-link")
    link = host.input_value("#invite-link")
    for page, name in ((bea, "Bea"), (cy, "Cy")):
        page.goto(link)
        page.wait_for_selector("#join-name")
        assert page.inner_text("#invite-rules") == words
        page.fill("#join-name", name)
        page.click("#join button[type=submit]")
        page.wait_for_selector(".lobby")
    watcher.goto(link)
    watcher.click("#watch")
    watcher.wait_for_selector(".lobby")
    host.wait_for_function("() => document.querySelectorAll('.lobby-seats li').length === 3")
    host.click("#start-game")
    for page in pages:  # every seat and the spectator read the rules in words
        page.wait_for_function(
            "words => document.querySelector('#table-rules')?.textContent === words", arg=words
        )

    players = {"Ada": host, "Bea": bea, "Cy": cy}
    bid_of: dict[str, Callable[[int], int]] = {
        "Ada": lambda k: k,
        "Bea": lambda k: 0,
        "Cy": lambda k: 1,
    }  # varied bids
    summaries: dict[int, list[tuple[str, int, int, int, int]]] = {}
    hidden_checks = marks = 0
    for _ in range(600):
        for name, page in players.items():
            if assert_no_bid_seen(page, name) and not marks:
                shot(page, "house-rules-closed-fists")
                marks += 1
            summary = page.evaluate(SUMMARY)
            if summary:
                number, rows = summary
                summaries[number - 1] = [
                    (who, *map(int, bid_taken.split(" / ")), int(points), int(total))
                    for who, bid_taken, points, total in rows
                ]
            if page.is_visible("section.end"):
                continue
            if page.is_visible("#next-deal"):
                with contextlib.suppress(PlaywrightTimeoutError):
                    page.click("#next-deal", timeout=1000)
            elif page.is_visible(".status.your-turn") and not page.is_visible("#app.busy"):
                state = state_of(page)
                if page.is_visible(".bids"):
                    hidden_checks += 1
                    assert_no_bid_seen(page, name)
                    size = page.locator(".bids .bid").count() - 1
                    page.click(f".bids .bid[data-bid='{min(bid_of[name](size), size)}']")
                else:
                    page.click(".hand .card.legal")
                with contextlib.suppress(Exception):
                    wait_past(page, state)
        assert_no_bid_seen(watcher, "watcher")
        if all(p.is_visible("section.end") for p in players.values()):
            break
        host.wait_for_timeout(100)
    assert all(p.is_visible("section.end") for p in players.values())
    assert hidden_checks >= 6 and marks  # someone was seen to have bid, never what
    shot(host, "house-rules-end")

    # The deal summaries' points are the table's: a point a trick, ten more when exact.
    names = ["Ada", "Bea", "Cy"]
    assert len(summaries) >= 2, summaries  # the last one may give way to the end at once
    for deal, rows in summaries.items():
        for seat, (who, bid, took, points, _total) in enumerate(rows):
            assert who == names[seat]
            assert points == TRICKS_AND_TEN.points(bid, took), (deal, who, bid, took, points)

    # The record says the same, and states the rules whole.
    with host.expect_download() as download:
        host.click(".end button.download")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    record = json.loads(text)
    assert record["rules"] == {
        "players": 3,
        "max_cards": 2,
        "hook": False,
        "schedule": "down-up",
        "scoring": TRICKS_AND_TEN.to_json(),
        "bidding": "simultaneous",
    }
    assert [len(deal["hands"][0]) for deal in record["deals"]] == [2, 1, 2]
    verdict = check(text)
    assert verdict["valid"] and verdict["complete"]
    totals = [0, 0, 0]
    for deal, (entry, result) in enumerate(zip(record["deals"], verdict["deals"], strict=True)):
        expected = [
            TRICKS_AND_TEN.points(bid, took)
            for bid, took in zip(entry["bids"], result["tricks"], strict=True)
        ]
        assert result["scores"] == expected
        totals = [total + points for total, points in zip(totals, expected, strict=True)]
        if deal in summaries:
            assert [row[1] for row in summaries[deal]] == entry["bids"]
            assert [row[3] for row in summaries[deal]] == expected
            assert [row[4] for row in summaries[deal]] == totals
    assert verdict["totals"] == totals
    legend = host.eval_on_selector_all(
        ".end .chart .legend li", "items => items.map(i => i.textContent)"
    )
    assert [int(line.split(": ")[1].split("\u00a0")[0]) for line in legend] == totals

    # The rules line leads to the rules page of this table: its options marked as played.
    href = watcher.get_attribute("#table-rules", "href")
    assert href and href.startswith("/#/rules/")
    rules_page = contexts[3].new_page()
    watched.append(watch_problems(rules_page))
    rules_page.goto(url + href)
    rules_page.wait_for_selector("#rule-table")
    assert words in rules_page.inner_text("#rule-table")
    deals = rules_page.inner_text("#rule-table .table-deals")
    assert deals in ("Its deals: 2, 1, 2.", "Its deals: 2…1…2."), deals
    for key in ("shapes", "tables", "closed_fists"):
        assert rules_page.locator(f"#rule-{key}.used").count() == 1, key
    assert rules_page.locator("#rule-hook.used, #rule-blind.used").count() == 0
    shot(rules_page, "house-rules-how-to-play")
    for context in contexts:
        context.close()
    problems = [problem for seen in watched for problem in seen]
    assert not problems, problems


def test_the_form_shows_the_servers_sentence_beside_the_rules(browser: Browser, url: str) -> None:
    page, problems = open_page(browser, url, 1200, 900)
    page.wait_for_selector("#preset option[value='closed-fists']", state="attached")
    page.select_option("#lang", "en")
    page.select_option("#players", "3")
    page.select_option("#schedule", "list")
    page.fill("#schedule-list", "5 5 40")
    assert page.is_disabled("#max-cards")  # a list sets its own largest hand
    for seat in (1, 2):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#rules-error:not([hidden])")
    error = page.inner_text("#rules-error")
    assert "schedule[2] is 40" in error.lower() and "1…26" in error, error
    assert page.input_value("#schedule-list") == "5 5 40"  # the form as it was sent
    shot(page, "house-rules-refused")
    # Fixed, the same form opens the table: four deals of five cards, its own points.
    page.fill("#schedule-list", "5 5 5 5")
    page.select_option("#scoring", "")
    page.fill("#scoring-per_trick", "2")
    assert "Deals 5, 5, 5, 5" in page.inner_text("#rules-summary")
    page.click("#new-game button[type=submit]")
    page.wait_for_function(READY)
    assert page.inner_text(".deal-line").startswith("Deal 1 of 4 · 5\u00a0cards")
    assert "2\u00a0points a trick" in page.inner_text("#table-rules")
    assert not problems, problems


def test_a_blind_one_card_deal_shows_the_others_card_and_plays_ones_own_unseen(
    browser: Browser, url: str
) -> None:
    page, problems = open_page(browser, url, 1200, 900)
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.wait_for_selector("#preset option[value='indian']", state="attached")
    page.select_option("#players", "3")
    page.fill("#max-cards", "1")
    page.select_option("#preset", "indian")
    for seat in (1, 2):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.fill("#name", "Zoé")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector(".seat .seen .seen-card")
    assert page.inner_text("#table-rules").endswith("donnes à une carte à l'indienne")
    assert "Donne à l'indienne" in page.inner_text(".blind-note")
    assert page.locator(".hand .card").count() == 1
    assert page.locator(".hand #my-card .card-back").count() == 1  # its back, never its face
    assert page.locator(".hand .card-face").count() == 0
    seen = page.eval_on_selector_all(".seat .seen-card", "cs => cs.map(c => c.dataset.code)")
    assert len(seen) == 2
    played = False
    while True:
        page.wait_for_function(READY)
        if page.is_visible("section.end") or page.is_visible("#next-deal"):
            break
        state = state_of(page)
        if page.is_visible(".bids"):
            page.click(".bids .bid:not(.forbidden)")
        else:
            assert page.inner_text("#my-card") == "Ma carte"
            assert page.inner_text(".status") == (
                "À vous\u202f: jouez votre carte sans la voir («\u202fMa carte\u202f»)."
            )
            page.keyboard.press("h")  # a hint names the card by no name: "your card"
            page.wait_for_selector("#my-card .hint-value", timeout=HINT_MS)
            assert page.inner_text(".notice").startswith("Jouez votre carte, sans la voir — ")
            shot(page, "house-rules-blind")
            page.keyboard.press("m")  # the keyboard's way; the button is another
            played = True
        wait_past(page, state)
    assert played
    assert not problems, problems
