"""The page when the server cannot answer: its socket comes back by itself — after a close that
asks to try again later (1013, the server's storage away) it waits longer each time, up to 10 s,
and starts again from 1 s once it is back at its table; after any other loss it tries again after
1 s — and a refused list of one's games says why rather than "no games"."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from browser_helpers import browser, browser_app, open_page
from web_helpers import running_server

__all__ = ["browser"]

#: In the page: a socket whose server closes it as told, and the waits the page asks for.
PROBE = """async (codes) => {
  const waits = [];
  const closes = [...codes];
  class Closing extends EventTarget {
    static OPEN = 1;
    constructor() {
      super();
      this.readyState = 0;
      queueMicrotask(() => {
        const code = closes.shift();
        if (code === "state") {
          this.readyState = 1;
          this.dispatchEvent(new Event("open"));
          const view = {version: 3};
          this.dispatchEvent(new MessageEvent("message",
            {data: JSON.stringify({type: "state", view, events: []})}));
          closes.length && this.dispatchEvent(Object.assign(new Event("close"), {code: 1006}));
        } else if (code !== undefined) {
          this.dispatchEvent(Object.assign(new Event("close"), {code}));
        }
      });
    }
    send() {}
    close() {}
  }
  window.WebSocket = Closing;
  const realTimeout = window.setTimeout;
  window.setTimeout = (fn, ms) => { waits.push(ms); return realTimeout(fn, 0); };
  const { GameSocket } = await import("/static/js/net.js");
  new GameSocket({type: "watch", table: "t"}, () => {}, () => {});
  await new Promise((done) => realTimeout(done, 300));
  window.setTimeout = realTimeout;
  return waits;
}"""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("reconnect")) / "games.sqlite3"
    with running_server(browser_app(db, trick_pause=0.0)) as address:
        yield address


def test_a_storage_outage_backs_off_and_a_table_regained_starts_again(
    browser: Browser, url: str
) -> None:
    page, problems = open_page(browser, url, 1280, 800)
    codes = [1013, 1013, 1013, 1013, 1013, 1013, "state", 1013]
    waits = page.evaluate(PROBE, codes)
    # 1, 2, 4, 8 then 10 s at most while the storage is away; back at the table, then lost
    # again (1006, a plain loss) and told to wait: from 1 s again.
    assert waits[:6] == [1000, 2000, 4000, 8000, 10000, 10000]
    assert waits[6:] == [1000, 1000]
    assert problems == []
    page.close()


def test_a_plain_loss_tries_again_after_a_second(browser: Browser, url: str) -> None:
    page, problems = open_page(browser, url, 1280, 800)
    waits = page.evaluate(PROBE, [1006, 1006, 1001])
    assert waits == [1000, 1000, 1000]
    assert problems == []
    page.close()


def test_a_refused_list_of_ones_games_says_why(browser: Browser, url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    sentence = "The games are not available right now: the database is away. Try again soon."
    body = json.dumps({"type": "error", "code": "storage-unavailable", "message": sentence})
    page.route(
        "**/api/tables/mine*",
        lambda route: route.fulfill(status=503, content_type="application/json", body=body),
    )
    page.goto(url)
    page.wait_for_selector("#history")
    history = page.inner_text("#history")
    assert sentence in history
    assert "No game" not in history and "no game" not in history
    page.close()
