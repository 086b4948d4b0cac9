"""The score sheet of a game played with real cards (``#/scoresheet``), in a real browser at
phone size, and its stateless route ``POST /api/scoresheet``.

A whole 3-player game (hands 1, 2, 3, 2, 1; the hook) is entered by hand: the page says whose
deal it is and how many cards, refuses the bid the hook forbids (B3) and tricks that do not
add up to the deal's cards (P9) with a sentence, keeps the sheet through a reload, takes a
correction of an earlier deal, and exports a sheet that ``ascenseur check`` passes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from starlette.testclient import TestClient

from ascenseur.cli import main
from ascenseur.core.rules import SCORING_TABLES, SEED_SCORING
from ascenseur.core.scoresheet import FORMAT
from ascenseur.core.scoring import deal_score
from browser_helpers import browser, browser_app, open_page, shot
from web_helpers import make_app, running_server

pytestmark = pytest.mark.timeout(300)
__all__ = ["browser"]


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.1)) as address:
        yield address.rstrip("/")


def bid(page: Page, value: int) -> None:
    before = page.inner_text(".pad-step")
    page.click(f".pad-step .bid[data-bid='{value}']")
    page.wait_for_function(
        "before => document.querySelector('.pad-step')?.innerText !== before", arg=before
    )


def enter_tricks(page: Page, tricks: dict[str, int]) -> None:
    """Set each player's tricks with the + buttons (from 0), then record them."""
    for name, count in tricks.items():
        row = page.locator(".pad-trick-row", has_text=name)
        for _ in range(count):
            row.locator("button.plus").click()
    page.click("#pad-save-tricks")


def test_a_whole_game_with_real_cards_entered_by_hand_on_a_phone(
    browser: Browser, url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page, problems = open_page(browser, url, 390, 844)
    page.click("#scoresheet-link")
    page.wait_for_selector("#pad-setup")
    page.select_option("#pad-players", "3")
    page.fill("#pad-max-cards", "3")
    page.check("#pad-hook")
    for seat, name in enumerate(["Ada", "Bea", "Cy"]):
        page.fill(f".pad-name[data-seat='{seat}']", name)
    page.select_option("#pad-first-dealer", "0")
    page.click("#pad-setup button[type=submit]")
    page.wait_for_selector(".pad-step")
    # D2, D4: deal 1 of 5, one card each, Ada deals; B1: Bea bids first.
    assert page.inner_text(".deal-line") == "Deal 1 of 5 · 1\u00a0card each · dealer: Ada"
    assert page.inner_text(".pad-step h2") == "Bea bids"
    shot(page, "scoresheet-start")

    # (bids in bidding order, tricks by name) for each deal; the dealer bids last.
    names = ["Ada", "Bea", "Cy"]
    plan = [
        ([1, 0, 1], {"Ada": 1, "Bea": 0, "Cy": 0}),  # deal 1: dealer Ada, order Bea Cy Ada
        ([1, 0, 0], {"Ada": 0, "Bea": 1, "Cy": 1}),  # deal 2: dealer Bea, order Cy Ada Bea
        ([1, 1, 0], {"Ada": 1, "Bea": 2, "Cy": 0}),  # deal 3: dealer Cy, order Ada Bea Cy
        ([0, 0, 1], {"Ada": 0, "Bea": 1, "Cy": 1}),  # deal 4: dealer Ada, order Bea Cy Ada
        ([0, 0, 0], {"Ada": 0, "Bea": 0, "Cy": 1}),  # deal 5: dealer Bea, order Cy Ada Bea
    ]
    cards = [1, 2, 3, 2, 1]
    refused_hook = refused_sum = reloaded = False
    for j, (bids, tricks) in enumerate(plan):
        dealer = j % 3
        order = [(dealer + 1 + i) % 3 for i in range(3)]
        line = page.inner_text(".deal-line")
        assert line.startswith(f"Deal {j + 1} of 5 · ") and line.endswith(names[dealer]), line
        for i, (seat, value) in enumerate(zip(order, bids, strict=True)):
            assert page.inner_text(".pad-step h2") == f"{names[seat]} bids"
            if i == 2 and not refused_hook:
                # B3: the dealer may not make the bids add up to the cards.
                forbidden = cards[j] - sum(bids[:2])
                button = page.locator(f".pad-step .bid[data-bid='{forbidden}']")
                assert "forbidden" in (button.get_attribute("class") or "")
                button.click()
                page.wait_for_selector(".pad > .notice.error")
                assert page.inner_text(".pad > .notice.error").startswith(
                    f"With the hook, {names[dealer]} (the dealer) may not bid {forbidden}"
                )
                refused_hook = True
            if j == 2 and i == 1 and not reloaded:
                page.reload()  # the sheet lives in this browser: the same step comes back
                page.wait_for_selector(".pad-step")
                assert page.inner_text(".pad-step h2") == f"{names[seat]} bids"
                reloaded = True
            bid(page, value)
        assert page.inner_text(".pad-step h2") == "Tricks taken"
        if not refused_sum:
            enter_tricks(page, {name: count + (name == "Bea") for name, count in tricks.items()})
            page.wait_for_selector(".pad > .notice.error")
            assert "add up to" in page.inner_text(".pad > .notice.error")
            refused_sum = True
            page.reload()  # start the deal's tricks afresh
            page.wait_for_selector(".pad-trick-row")
        before = page.locator(".pad-sheet tbody tr").count()
        enter_tricks(page, tricks)
        page.wait_for_function(
            f"() => document.querySelectorAll('.pad-sheet tbody tr').length === {before + 1}"
        )
        if j == 1:
            # A correction of deal 1: Bea took the trick Ada was given.
            page.click(".pad-sheet tr[data-deal='0'] button.correct")
            page.fill(".pad-correct .fix-tricks[data-seat='0']", "0")
            page.fill(".pad-correct .fix-tricks[data-seat='1']", "1")
            page.click(".pad-correct button[type=submit]")
            page.wait_for_function(
                "() => !document.querySelector('.pad-correct') && [...document.querySelectorAll("
                "\".pad-sheet tr[data-deal='0'] td.cell\")].map(c => c.innerText.split(' (')[0])"
                ".join('|') === '1 / 0 -1|1 / 1 +5|0 / 0 +3'"
            )
    assert refused_hook and refused_sum and reloaded
    page.wait_for_selector(".pad-step .verdict")
    assert page.inner_text(".pad-step .verdict") == "Shared win: Ada and Cy."
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "scoresheet-end")

    # S1, S2, S3 by hand: the page's totals are the rules' totals.
    expected = [0, 0, 0]
    for j, (bids, tricks) in enumerate(plan):
        dealer = j % 3
        order = [(dealer + 1 + i) % 3 for i in range(3)]
        by_seat = {seat: value for seat, value in zip(order, bids, strict=True)}
        for seat in range(3):
            took = tricks[names[seat]]
            if j == 0:
                took = {0: 0, 1: 1, 2: 0}[seat]
            expected[seat] += deal_score(SEED_SCORING, by_seat[seat], took)
    footer = page.eval_on_selector_all(
        ".pad-sheet tfoot td.num", "cells => cells.map(c => Number(c.textContent))"
    )
    assert footer == expected
    assert page.locator(".pad-sheet .chart-svg polyline").count() == 3

    with page.expect_download() as download:
        page.click("#pad-export")
    exported = tmp_path / "sheet.json"
    exported.write_bytes(Path(download.value.path()).read_bytes())
    assert json.loads(exported.read_text(encoding="utf-8"))["format"] == FORMAT
    capsys.readouterr()
    assert main(["check", str(exported)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["valid"] and verdict["complete"] and verdict["totals"] == expected
    assert not problems, problems


def test_a_sheet_of_tens_dealt_down_up_scores_by_its_own_table(
    browser: Browser, url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H1, H2 on the sheet: chosen by name in the form, the sheet deals 2, 1, 2 and every
    point on it (and in its export, which ``ascenseur check`` passes) is the tens table's."""
    tens = SCORING_TABLES["tens"]
    page, problems = open_page(browser, url, 390, 844, wait="#scoresheet-link")
    page.click("#scoresheet-link")
    page.wait_for_selector("#pad-setup #pad-preset option[value='tens']", state="attached")
    page.select_option("#pad-players", "3")
    page.fill("#pad-max-cards", "2")
    page.select_option("#pad-preset", "tens")
    page.select_option("#pad-schedule", "down-up")
    assert page.inner_text("#pad-rules-summary").startswith("This table: Deals 2…1…2 · tens (")
    for seat, name in enumerate(["Ada", "Bea", "Cy"]):
        page.fill(f".pad-name[data-seat='{seat}']", name)
    page.select_option("#pad-first-dealer", "0")
    page.click("#pad-setup button[type=submit]")
    page.wait_for_selector(".pad-step")
    assert page.inner_text(".deal-line") == "Deal 1 of 3 · 2\u00a0cards each · dealer: Ada"
    assert page.inner_text("#pad-rules").startswith("Deals 2…1…2 · tens (")
    names = ["Ada", "Bea", "Cy"]
    plan = [  # (bids in bidding order, tricks by name)
        ([1, 0, 1], {"Ada": 1, "Bea": 1, "Cy": 0}),  # dealer Ada: Bea, Cy, Ada bid
        ([0, 1, 0], {"Ada": 1, "Bea": 0, "Cy": 0}),  # dealer Bea: Cy, Ada, Bea
        ([2, 0, 0], {"Ada": 2, "Bea": 0, "Cy": 0}),  # dealer Cy: Ada, Bea, Cy
    ]
    expected = [0, 0, 0]
    for j, (bids, tricks) in enumerate(plan):
        order = [(j + 1 + i) % 3 for i in range(3)]
        for value in bids:
            bid(page, value)
        before = page.locator(".pad-sheet tbody tr").count()
        enter_tricks(page, {name: n for name, n in tricks.items() if n})
        page.wait_for_function(
            f"() => document.querySelectorAll('.pad-sheet tbody tr').length === {before + 1}"
        )
        by_seat = dict(zip(order, bids, strict=True))
        for seat in range(3):
            expected[seat] += tens.points(by_seat[seat], tricks[names[seat]])
    page.wait_for_selector(".pad-step .verdict")
    footer = page.eval_on_selector_all(
        ".pad-sheet tfoot td.num", "cells => cells.map(c => Number(c.textContent))"
    )
    assert footer == expected
    shot(page, "scoresheet-tens")
    with page.expect_download() as download:
        page.click("#pad-export")
    exported = tmp_path / "tens.json"
    exported.write_bytes(Path(download.value.path()).read_bytes())
    sheet = json.loads(exported.read_text(encoding="utf-8"))
    assert sheet["rules"] == {
        "players": 3,
        "max_cards": 2,
        "hook": False,
        "schedule": "down-up",
        "scoring": tens.to_json(),
    }
    capsys.readouterr()
    assert main(["check", str(exported)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["valid"] and verdict["complete"] and verdict["totals"] == expected
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not problems, problems


def test_the_score_sheet_route_answers_in_the_page_language(tmp_path: Path) -> None:
    """POST /api/scoresheet: the rules' reading of a sheet, or its fault as a sentence."""
    sheet = {
        "format": FORMAT,
        "rules": {"players": 3, "max_cards": 2, "hook": True},
        "first_dealer": 0,
        "seats": ["Ada", "Bea", "Cy"],
        "deals": [{"bids": [0, 1, 0]}],
    }
    with TestClient(make_app(tmp_path / "t.sqlite3")) as client:
        refused = client.post("/api/scoresheet?lang=fr", json=sheet)
        assert refused.status_code == 200 and not refused.json()["valid"]
        assert refused.json()["error"]["code"] == "hook"
        assert refused.json()["error"]["message"] == (
            "Avec le crochet, Ada (le donneur) ne peut pas annoncer 0\u202f: les annonces feraient "
            "1, les cartes de la donne."
        )
        sheet["deals"] = [{"bids": [None, 1, 0]}]
        fine = client.post("/api/scoresheet", json=sheet).json()
        assert fine["next"]["seat"] == 0 and fine["next"]["legal_bids"] == [1]
        assert client.post("/api/scoresheet", content=b"{").status_code == 400
        assert client.post("/api/scoresheet", content=b" " * 70_000).status_code == 413


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        (
            "en",
            "The tricks add up to 2, not 1: with 1 card each, every card in hand makes one trick.",
            "The tricks add up to 4, not 3: with 3 cards each, every card in hand makes one trick.",
        ),
        (
            "fr",
            "Les plis font 2 et non 1\u202f: avec 1 carte chacun, chaque carte en main fait "
            "un pli.",
            "Les plis font 4 et non 3\u202f: avec 3 cartes chacun, chaque carte en main fait "
            "un pli.",
        ),
    ],
)
def test_the_tricks_that_do_not_add_up_are_told_in_agreeing_words(
    tmp_path: Path, lang: str, one: str, three: str
) -> None:
    """P9 on the sheet: the sentence counts "1 card" and "3 cards" as the language does, never
    "a deal of 1 cards each has 1 tricks"."""
    sheet = {
        "format": FORMAT,
        "rules": {"players": 3, "max_cards": 3, "hook": False},
        "first_dealer": 0,
        "seats": ["Ada", "Bea", "Cy"],
        "deals": [{"bids": [0, 0, 0], "tricks": [1, 1, 0]}],
    }
    with TestClient(make_app(tmp_path / "t.sqlite3")) as client:
        said = client.post(f"/api/scoresheet?lang={lang}", json=sheet).json()["error"]
        assert said["code"] == "tricks-sum" and said["message"].startswith(one)
        sheet["deals"] = [
            {"bids": [0, 0, 0], "tricks": [1, 0, 0]},
            {"bids": [0, 0, 0], "tricks": [1, 1, 0]},
            {"bids": [0, 0, 0], "tricks": [1, 1, 2]},
        ]
        said = client.post(f"/api/scoresheet?lang={lang}", json=sheet).json()["error"]
        assert said["code"] == "tricks-sum" and said["message"].startswith(three)
