"""The table in a real browser, as new players met it (issue 12): a 19-card hand that fits a
laptop window and a phone, bids of 10 and more typed with the keys, the trick's cards named on
a phone, "bid / taken / still needed" and the sum of the bids, hints that say which choice is
best and why, the "your turn" line gone as soon as one has played, a bad link, leaving in the
middle of an animation, words, notifications, a forced card played by itself, and a rematch.
Console errors fail every test; screenshots go to ``artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from ascenseur.core.cards import Card
from ascenseur.web.wire import winning_seat
from browser_helpers import (
    HINT_MS,
    READY,
    browser,
    browser_app,
    open_page,
    shot,
    state_of,
    table_at_deal,
    take_seat,
    wait_past,
)
from web_helpers import running_server

pytestmark = pytest.mark.timeout(300)
__all__ = ["browser"]

#: A card's box, and whether the card itself is what shows at its top-left corner.
CARDS_IN_VIEW = """() => [...document.querySelectorAll('.hand .card')].map(card => {
    const r = card.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + 4, r.top + 12);
    return {code: card.dataset.code, left: r.left, right: r.right, top: r.top,
            bottom: r.bottom, seen: Boolean(top && card.contains(top))};
})"""


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.1, pace=0.0)) as address:
        yield address


def start_short_game(page: Page, name: str = "Ada", lang: str = "en") -> None:
    page.select_option("#players", "4")
    page.fill("#max-cards", "2")
    for seat in (1, 2, 3):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.fill("#name", name)
    page.select_option("#lang", lang)
    page.click("#new-game button[type=submit]")


def assert_in_view(box: dict[str, float], width: int, height: int) -> None:
    assert box["left"] >= 0 and box["top"] >= 0, box
    assert box["right"] <= width and box["bottom"] <= height, box


@pytest.mark.parametrize(("players", "cards"), [(4, 19), (10, 7)])
def test_the_largest_hand_fits_a_laptop_window_with_trumps_and_the_excuse_in_sight(
    browser: Browser, url: str, players: int, cards: int
) -> None:
    """D5: the peak deal (19 cards for 4, 7 for 10) at 1280×800: every card's corner shows
    on screen, trumps and the Excuse included, with the bids; a bid of 10 or more is typed."""
    table, token = table_at_deal(url, players, cards - 1)
    page, problems = open_page(browser, url, 1280, 800)
    take_seat(page, url, table, token)
    page.wait_for_function(READY)
    assert page.locator(".hand .card").count() == cards
    for box in page.evaluate(CARDS_IN_VIEW):
        assert_in_view(box, 1280, 800)
        assert box["seen"], f"{box['code']} is hidden under another card"
    if page.is_visible(".bids"):
        for bid in page.eval_on_selector_all(
            ".bids .bid",
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); "
            "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })",
        ):
            assert_in_view(bid, 1280, 800)
    shot(page, f"hand-{players}p-{cards}-cards-1280x800")
    if players == 4 and page.is_visible(".bids"):
        state = state_of(page)
        page.keyboard.press("1")
        page.keyboard.press("2")  # B2: bids go up to 19 here; 1 then 2 is 12
        wait_past(page, state)
        assert page.inner_text(".seat.me .bid-taken strong") == "12 / 0"
    assert not problems, problems


@pytest.mark.parametrize(("players", "cards"), [(4, 19), (10, 7)])
def test_on_a_phone_the_trick_and_the_end_of_the_hand_show_together_with_names(
    browser: Browser, url: str, players: int, cards: int
) -> None:
    """At 390×844: the trick's cards carry their player's name and the first a mark for who
    led (P1), and the trick and the last card of the hand are on screen at once."""
    table, token = table_at_deal(url, players, cards - 1)
    page, problems = open_page(browser, url, 390, 844)
    take_seat(page, url, table, token)
    for _ in range(40):
        page.wait_for_function(READY)
        if page.locator(".trick .trick-card").count() and not page.is_visible(".bids"):
            break
        state = state_of(page)
        page.click(".bids .bid:not(.forbidden)" if page.is_visible(".bids") else ".card.legal")
        wait_past(page, state)
    page.wait_for_function(READY)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.eval_on_selector(".hand .card:last-child", "c => c.scrollIntoView({block: 'end'})")
    for box in page.evaluate(CARDS_IN_VIEW):  # every card's corner, the last one whole
        assert_in_view(box, 390, 844)
        assert box["seen"], f"{box['code']} is hidden under another card"
    trick = page.eval_on_selector(
        ".trick",
        "t => { const r = t.getBoundingClientRect(); "
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }",
    )
    assert_in_view(trick, 390, 844)
    names = page.eval_on_selector_all(".seat .seat-name", "ns => ns.map(n => n.textContent)")
    played = page.locator(".trick .trick-card")
    for i in range(played.count()):
        caption = played.nth(i).locator(".trick-name")
        assert caption.is_visible()
        assert any(caption.inner_text().replace("led", "").strip() in name for name in names)
    assert played.first.locator(".led-mark").is_visible()
    assert page.locator(".trick .led-mark").count() == 1
    # The card winning the trick so far is marked (P9); the Excuse alone wins nothing yet.
    down = played.evaluate_all("cs => cs.map(c => [Number(c.dataset.seat), c.dataset.code])")
    winner = winning_seat([(seat, Card.parse(code)) for seat, code in down])
    marked = page.eval_on_selector_all(
        ".trick .trick-card.winning", "cs => cs.map(c => Number(c.dataset.seat))"
    )
    assert marked == ([] if winner is None else [winner])
    shot(page, f"phone-{players}p-{cards}-cards")
    assert not problems, problems


def test_seats_show_bid_taken_and_still_needed_and_the_bids_against_the_cards(
    browser: Browser, url: str
) -> None:
    """One order everywhere, labelled "bid / taken"; the sum of the bids against the tricks."""
    page, problems = open_page(browser, url, 1200, 900)
    start_short_game(page)
    page.wait_for_function(READY)
    state = state_of(page)
    page.click(".bids .bid[data-bid='1']")
    wait_past(page, state)
    page.wait_for_function(READY)
    me = page.inner_text(".seat.me .bid-taken")
    assert me.startswith("bid / taken 1 / 0"), me
    if page.eval_on_selector("#app", "a => a.dataset.phase") == "playing":
        assert "needs 1" in me
    bids = page.eval_on_selector_all(".seat .bid-taken strong", "s => s.map(x => x.textContent)")
    made = sum(int(text.split(" / ")[0]) for text in bids if not text.startswith("—"))
    assert page.inner_text(".bid-sum").startswith(f"Bids: {made} for 1\u00a0trick")
    assert not problems, problems


def test_the_your_turn_line_goes_as_soon_as_one_has_played(browser: Browser, url: str) -> None:
    """The line "Your turn" goes with the click, not when the animations end."""
    page, problems = open_page(browser, url, 1200, 900)
    start_short_game(page)
    page.wait_for_function(READY)
    assert page.is_visible(".status.your-turn")
    page.click(".bids .bid:not(.forbidden)")
    assert not page.eval_on_selector(".status", "s => s.classList.contains('your-turn')")
    assert page.inner_text(".status") == ""
    assert not problems, problems


@pytest.mark.parametrize("link", ["#/watch/not a code!", "#/transfer/x", "#/game/../../x"])
def test_a_bad_game_link_shows_a_sentence_and_a_way_home(
    browser: Browser, url: str, link: str
) -> None:
    page, problems = open_page(browser, url, 1200, 900)
    page.goto(url.rstrip("/") + "/" + link)
    page.wait_for_selector(".lost")
    text = page.inner_text(".lost")
    assert "Expected" not in text and "regex" not in text
    assert page.locator(".lost a[href='#/']").is_visible()
    page.click(".lost a[href='#/']")
    page.wait_for_selector("#new-game")
    assert not problems, problems


def test_leaving_during_an_animation_leaves_nothing_running(browser: Browser, url: str) -> None:
    """Home in the middle of a card's flight: the old table stops (title, no console error)."""
    page, problems = open_page(browser, url, 1200, 900)
    page.evaluate("localStorage.setItem('ascenseur.animations', 'on')")
    start_short_game(page)
    page.wait_for_function(READY)
    page.click(".bids .bid:not(.forbidden)")
    page.wait_for_selector("#app.busy")
    page.click(".tools a[href='#/']")
    page.wait_for_selector("#new-game")
    page.wait_for_timeout(2500)  # longer than the animations that were under way
    assert page.title() == "Tarot ascenseur"
    assert page.locator(".game-screen").count() == 0
    assert not problems, problems


def test_words_people_read(browser: Browser, url: str) -> None:
    """No "You (you)"; bots by human names in the menus; French typography and plurals."""
    page, problems = open_page(browser, url, 1200, 900)
    options = page.eval_on_selector_all(
        "select[data-seat='1'] option", "os => os.map(o => o.textContent)"
    )
    assert all(" " in text or text[0].isupper() for text in options), options
    assert not any(text in ("expert-pure", "openspiel-ismcts", "heuristic") for text in options)
    start_short_game(page, name="You")
    page.wait_for_function(READY)
    assert "(you)" not in page.inner_text(".seat.me .seat-name")
    page.goto(url.rstrip("/") + "/#/")
    page.wait_for_selector("#new-game")
    page.select_option("#lang", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.wait_for_selector("#new-game")
    start_short_game(page, name="Zoé", lang="fr")
    page.wait_for_function(READY)
    line = page.inner_text(".deal-line")
    assert "donneur\u202f:" in line and " :" not in line, line
    assert "1\u00a0carte" in line
    page.keyboard.press("h")
    page.wait_for_selector(".bids .hint-value", timeout=HINT_MS)
    notice = page.inner_text(".notice")
    assert notice.startswith("Annoncez "), notice
    assert "," in page.inner_text(".bids .hint-value.best")  # a decimal comma
    shot(page, "french-hints")
    assert not problems, problems


def test_a_forced_card_plays_itself_when_asked_and_a_notification_says_your_turn(
    browser: Browser, url: str
) -> None:
    """Options, off by default: a one-card deal's card (forced) goes by itself; a hidden page
    is notified of its turn."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(
        "window.__notes = [];"
        "window.Notification = class { constructor(t, o) { window.__notes.push(o.body); }"
        "  static get permission() { return 'granted'; }"
        "  static requestPermission() { return Promise.resolve('granted'); } };"
        "Object.defineProperty(document, 'hidden', {get: () => true});"
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("#new-game")
    start_short_game(page)
    page.wait_for_function(READY)
    assert not page.is_checked("#auto-forced") and not page.is_checked("#notify")
    page.click(".options summary")
    page.check("#auto-forced")
    page.check("#notify")
    page.click(".bids .bid:not(.forbidden)")
    # Deal 1 has one card each: the card is forced, so the deal ends without a click on it.
    page.wait_for_selector("#next-deal")
    page.click("#next-deal")
    # The bots before the person bid first (at their pace): the notice comes with the turn.
    page.wait_for_function("() => window.__notes.includes('Your turn at Tarot ascenseur')")
    context.close()
    assert not problems, problems


def test_rematch_opens_a_new_table_with_the_same_settings(browser: Browser, url: str) -> None:
    page, problems = open_page(browser, url, 1200, 900)
    page.select_option("#players", "3")
    page.fill("#max-cards", "1")
    page.check("#hook")
    for seat in (1, 2):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.fill("#name", "Ada")
    page.click("#new-game button[type=submit]")
    while True:
        page.wait_for_function(READY)
        if page.is_visible("section.end"):
            break
        if page.is_visible("#next-deal"):
            page.click("#next-deal")
            continue
        state = state_of(page)
        page.click(".bids .bid:not(.forbidden)" if page.is_visible(".bids") else ".card.legal")
        wait_past(page, state)
    first = page.url
    page.click("#rematch")
    page.wait_for_function(
        f"() => location.href !== {first!r} && location.hash.startsWith('#/game/')"
    )
    page.wait_for_function(READY)
    assert page.inner_text(".deal-line").startswith("Deal 1 of 1")
    assert "hook" in page.inner_text(".deal-line")
    assert page.locator(".seat").count() == 3
    assert not problems, problems


def test_how_to_play_from_home_and_from_every_table_in_both_languages(
    browser: Browser, url: str
) -> None:
    """The rules page: its examples are the engine's (B3's hook, P2's lead, P9's Excuse, S1/S2
    points), linked from the home page and the table, in English and French."""
    page, problems = open_page(browser, url, 1200, 900)
    page.click("#rules-link")
    page.wait_for_selector(".rules-page #rule-scoring")
    assert page.title() == "Tarot ascenseur — How to play"
    hook = page.inner_text("#rule-hook")
    assert "the others bid 2, 0, 1: the dealer may bid 0, 1, 3, 4, 5, not 2." in hook
    assert "Holding 5♥, trump 3, Excuse on lead, you may lead only 5♥." in page.inner_text(
        "#rule-lead"
    )
    assert "Excuse, 3♥, K♥, trump 1 — trump 1 wins." in page.inner_text("#rule-excuse")
    assert "you hold trump 4, trump 9, K♠: you must play trump 9." in page.inner_text(
        "#rule-follow"
    )
    rows = page.eval_on_selector_all(
        ".rules-scoring tbody tr", "rs => rs.map(r => r.innerText.split('\\t').join(' '))"
    )
    assert rows[:2] == ["0 0 +3", "1 1 +5"] and "1 4 -3" in rows
    schedule = page.eval_on_selector_all(
        ".rules-schedule tbody tr", "rs => rs.map(r => r.innerText.split('\\t').join(' '))"
    )
    assert "4 19 37" in schedule and "10 7 13" in schedule
    shot(page, "how-to-play")
    page.goto(url.rstrip("/") + "/#/")
    page.wait_for_selector("#new-game")
    start_short_game(page)
    page.wait_for_function(READY)
    link = page.locator(".tools #rules-link")
    assert link.get_attribute("href") == "/#/rules" and link.get_attribute("target") == "_blank"
    page.evaluate("localStorage.setItem('ascenseur.lang', 'fr')")
    page.goto(url.rstrip("/") + "/#/rules")
    page.reload()  # the words are loaded with the page
    page.wait_for_selector(".rules-page #rule-hook")
    assert page.inner_text(".rules-page h1") == "Règles du Tarot ascenseur"
    assert "le donneur peut annoncer 0, 1, 3, 4, 5, pas 2." in page.inner_text("#rule-hook")
    assert "\u202f:" in page.inner_text("#rule-hook")  # French typography
    assert not problems, problems


HINT_ADVICE = """async ([lang, options]) => {
    const i18n = await import('/static/js/i18n.js');
    await i18n.loadWords(lang);
    const { hintAdvice } = await import('/static/js/tablewords.js');
    return hintAdvice(options).text;
}"""


def test_hint_advice_names_the_best_choice_and_its_chance(browser: Browser, url: str) -> None:
    """The advice as the page words it, with the share of deals tried the server sends."""
    page, problems = open_page(browser, url, 1200, 900)
    options = [
        {"bid": 1, "card": None, "points": 2.25, "exact": 0.4, "worlds": 60},
        {"bid": 2, "card": None, "points": 4.84, "exact": 0.61, "worlds": 60},
        {"bid": 0, "card": None, "points": -0.7, "exact": 0.1, "worlds": 60},
    ]
    assert page.evaluate(HINT_ADVICE, ["en", options]) == (
        "Bid 2 — expected +4.8 points; you take exactly 2 tricks in 61% of the deals I tried. "
        "Others: bid 1: +2.3 · bid 0: -0.7"
    )
    assert page.evaluate(HINT_ADVICE, ["fr", options]).startswith(
        "Annoncez 2 — espérance +4,8 points\u202f; vous faites exactement 2 plis dans "
        "61\u202f% des donnes essayées."
    )
    cards = [{"bid": None, "card": "T21", "points": 3.0, "exact": 0.75}]
    assert page.evaluate(HINT_ADVICE, ["en", cards]) == (
        "Play trump 21 — expected +3.0 points; you make your bid in 75% of the deals I tried."
    )
    assert not problems, problems


def test_last_trick_at_the_start_of_a_deal_says_it_was_the_previous_deals(
    browser: Browser, url: str
) -> None:
    """Before the first trick of deal 2, "last trick" shows deal 1's and says so."""
    page, problems = open_page(browser, url, 1200, 900)
    start_short_game(page)
    while True:
        page.wait_for_function(READY)
        if page.is_visible("#next-deal"):
            page.click("#next-deal")
            page.wait_for_function("() => !document.querySelector('#next-deal')")
            break
        state = state_of(page)
        page.click(".bids .bid:not(.forbidden)" if page.is_visible(".bids") else ".card.legal")
        wait_past(page, state)
    page.wait_for_function(READY)
    assert page.eval_on_selector("#app", "a => a.dataset.deal") == "1"
    page.keyboard.press("l")
    page.wait_for_selector("dialog[open] .last-trick")
    assert page.inner_text("#dialog-title") == "Last trick of deal 1"
    assert page.locator("dialog[open] .last-trick figure").count() == 4
    page.keyboard.press("Escape")
    assert not problems, problems


def test_with_the_hook_the_dealer_is_told_the_bids_allowed(browser: Browser, url: str) -> None:
    """B3: the dealer's prompt lists the bids allowed, not "from 0 to k" when one is ruled out."""
    page, problems = open_page(browser, url, 1200, 900)
    page.select_option("#players", "3")
    page.fill("#max-cards", "2")
    page.check("#hook")
    for seat in (1, 2):
        page.select_option(f"select[data-seat='{seat}']", "random")
    page.fill("#name", "Ada")
    page.click("#new-game button[type=submit]")
    hooked = 0
    while True:
        page.wait_for_function(READY)
        if page.is_visible("section.end"):
            break
        if page.is_visible("#next-deal"):
            page.click("#next-deal")
            page.wait_for_function("() => !document.querySelector('#next-deal')")
            continue
        state = state_of(page)
        if page.is_visible(".bids"):
            forbidden = page.locator(".bids .bid.forbidden")
            if forbidden.count():
                value = forbidden.get_attribute("data-bid")
                allowed = page.eval_on_selector_all(
                    ".bids .bid:not(.forbidden)", "bs => bs.map(b => b.dataset.bid).join(', ')"
                )
                assert page.inner_text(".status") == (
                    f"Your turn: bid {allowed} ({value} is ruled out by the hook)."
                )
                hooked += 1
            page.click(".bids .bid:not(.forbidden)")
        else:
            page.click(".card.legal")
        wait_past(page, state)
    assert hooked, "the seeded game never asked the dealer for a hooked bid"
    assert not problems, problems
