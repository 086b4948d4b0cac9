"""Helpers for the browser tests (Playwright on Debian's headless Chromium): the browser, the
app it plays, pages that record every console error, screenshots under ``artifacts/``, a table
brought to a chosen deal over a real websocket (the browser then takes the seat), and axe-core's
accessibility rules run over a page as it stands."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from starlette.applications import Starlette
from websockets.sync.client import connect

from ascenseur.tables.driver import Settings
from ascenseur.tables.thinking import thread_pool
from ascenseur.web.app import create_app
from ascenseur.web.service import Limits
from web_helpers import SEED

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent.parent / "artifacts"
#: Deque's axe-core, vendored (tests/vendor/axe-core/README.md says from where and how to update).
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"
#: How long a page waits for the expert's hint, in ms: a search in the server's pool, which
#: a loaded machine slows past Playwright's default 30 s.
HINT_MS = 120_000
#: Until it is the person's turn, with every animation done — or a deal's result waits for
#: "next deal" — or the game is over.
READY = """() => document.querySelector('section.end:not([hidden])') ||
    document.querySelector('#next-deal') ||
    (document.querySelector('.status.your-turn') && !document.querySelector('#app.busy'))"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is not installed: `make test` installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def browser_app(db: Path, trick_pause: float, pace: float = 0.05) -> Starlette:
    """The app the browser plays: bots quick but visible, seeded deals, short hints."""
    return create_app(
        db,
        settings=Settings(pace=pace, trick_pause=trick_pause, seeds=lambda: SEED),
        limits=Limits(hint_playouts=60),
        executor=lambda: thread_pool(2),
        durable=False,
    )


def watch_problems(page: Page) -> list[str]:
    """Every page error and console error of ``page``, as they come: a test asserts none."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return problems


def open_page(
    browser: Browser, url: str, width: int, height: int, wait: str = "#new-game"
) -> tuple[Page, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": height}, accept_downloads=True)
    problems = watch_problems(page)
    page.goto(url)
    page.wait_for_selector(wait)
    return page, problems


def state_of(page: Page) -> int:
    return int(page.eval_on_selector("#app", "app => app.dataset.state"))


def wait_past(page: Page, state: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('#app').dataset.state) > {state}")


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def table_at_deal(url: str, players: int, deal: int, **rules: Any) -> tuple[str, str]:
    """A table of ``players`` (the person on seat 0, random bots elsewhere) under the rule set
    of ``rules`` (the record's §7 fields), played over a websocket by the first legal choice
    until deal ``deal`` (0-based) is dealt: its id and the person's token, for a browser to
    take the seat."""

    def dealt(view: dict[str, Any]) -> bool:
        return bool(view["deal"] >= deal and view["phase"] in ("bidding", "playing"))

    welcome = table_until(url, players, dealt, **rules)
    return welcome["table"], welcome["token"]


def table_until(
    url: str, players: int, done: Callable[[dict[str, Any]], bool], **rules: Any
) -> dict[str, Any]:
    """Like :func:`table_at_deal`, played until ``done(view)`` (the person's view, or the
    game's end): the person's welcome (its ``table``, ``token`` and ``invite``)."""
    create = {
        "type": "create",
        "version": 2,
        "name": "Ada",
        "rules": {"players": players, **rules},
        "seats": ["random"] * (players - 1),
        "start": True,
        "lang": "en",
    }
    return play_first_legal(url, create, done)


def play_first_legal(
    url: str,
    first: dict[str, Any],
    done: Callable[[dict[str, Any]], bool] = lambda view: False,
    welcome: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One person at a table over a websocket: sends ``first`` (a create or a join), then
    plays the first legal choice at each turn, says ready after each deal and, as the host,
    starts the table once every seat is taken, until ``done(view)`` or the game's end. The
    welcome goes into ``welcome`` as soon as it comes (another thread may wait for its
    ``invite``) and is returned. An error from the server fails the test."""
    welcome = {} if welcome is None else welcome
    ws_url = url.replace("http://", "ws://").rstrip("/") + "/ws"
    with connect(ws_url, open_timeout=30, max_size=2**22) as ws:
        ref = 0

        def send(**message: Any) -> None:
            nonlocal ref
            ref += 1
            ws.send(json.dumps({**message, "ref": ref}))

        send(**first)
        acted = -1
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "welcome":
                welcome.update(message)
            if message["type"] == "error":
                raise AssertionError(message)
            if message["type"] != "state":
                continue
            view = message["view"]
            if done(view) or view["phase"] == "over":
                return welcome
            if view["summary"] and view["seat"] not in view["ready"]:
                send(type="ready")
            if view["current"] == view["seat"] and view["state"] != acted:
                acted = view["state"]
                if view["phase"] == "bidding":
                    send(type="bid", state=view["state"], value=view["legal_bids"][0])
                elif view["my_card"]:  # a blind one-card deal (H5)
                    send(type="my_card", state=view["state"])
                else:
                    send(type="play", state=view["state"], card=view["legal_cards"][0])
            if (
                view["phase"] == "lobby"
                and view["seat"] == 0
                and all(seat["name"] for seat in view["seats"])
            ):
                send(type="host", action="start")


def take_seat(page: Page, url: str, table: str, token: str) -> None:
    """Give ``page``'s browser the seat's token and open the table."""
    page.evaluate(
        "([table, token]) => localStorage.setItem('ascenseur.tables', "
        "JSON.stringify({[table]: token}))",
        [table, token],
    )
    page.goto(f"{url.rstrip('/')}/#/game/{table}")
    page.wait_for_selector(".hand .card")


def axe_violations(page: Page, where: str) -> list[str]:
    """What axe-core finds wrong on ``page`` as it stands, by every rule it has (the experimental
    ones too, such as a label that does not contain the visible text): one line per rule and
    element, "where: rule (impact) at selector — what to fix". A test asserts there are none.

    axe runs in the page through the DevTools protocol (``page.evaluate``), which the page's
    Content-Security-Policy does not govern: the page keeps its CSP, no bypass is needed."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: dict[str, Any] = page.evaluate(
        """async () => {
            const every = axe.getRules().map((rule) => [rule.ruleId, { enabled: true }]);
            const rules = Object.fromEntries(every);
            const result = await axe.run(document, { rules, resultTypes: ["violations"] });
            return { version: axe.version, violations: result.violations.flatMap((v) =>
                v.nodes.map((node) => `${v.id} (${v.impact}) at ${node.target.join(" ")} — ` +
                    node.failureSummary.replace(/\\s+/g, " "))) };
        }"""
    )
    assert found["version"] == AXE_VERSION, found["version"]
    return [f"{where}: {line}" for line in found["violations"]]
