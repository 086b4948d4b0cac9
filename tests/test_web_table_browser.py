"""What a player sees of the table on a laptop, in a real browser: where the cards of a trick
lie, what the status says while a move is drawn, and the chart's lines when totals are level.

At five on 1280×800 every card of a trick lies clear of every player's panel (one's own card
too) and of the other cards, through a whole deal with its animations; a whole trick fits so
for every number of players, 3 to 10 (and at 5 and 10 on 1024×768, where ten panels also stay
apart). The status never says "Bot 2 is thinking…" beside "Bot 2 plays 8♦". Seats level after
a deal draw lines apart in the chart.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from browser_helpers import (
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

#: Every frame, the cards of the trick at rest (not flying in or out) that meet a seat's panel
#: or another card, and each time the notice says who plays what, the status beside it.
WATCH = """() => {
    window.overlaps = [];
    window.saidBeside = [];
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom &&
        b.top < a.bottom;
    const frame = () => {
        const cards = [...document.querySelectorAll('.trick .trick-card')]
            .filter((card) => getComputedStyle(card).transform === 'none')
            .map((card) => [card.dataset.seat, card.querySelector('svg').getBoundingClientRect()]);
        const panels = [...document.querySelectorAll('.seat')]
            .map((seat) => [seat.dataset.seat, seat.getBoundingClientRect()]);
        cards.forEach(([seat, card], i) => {
            for (const [other, panel] of panels) {
                if (meets(card, panel)) window.overlaps.push(`card ${seat} on panel ${other}`);
            }
            for (const [other, box] of cards.slice(i + 1)) {
                if (meets(card, box)) window.overlaps.push(`card ${seat} on card ${other}`);
            }
        });
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const notice = document.querySelector('.notice');
    new MutationObserver(() => window.saidBeside.push(
        [notice.textContent, document.querySelector('.status').textContent]))
        .observe(notice, { childList: true, characterData: true, subtree: true });
}"""

#: A whole trick, one card for each seat, drawn as the page draws the cards of a trick, then
#: laid out (the page lays its trick out again on a resize); what meets what.
WHOLE_TRICK = """async () => {
    const { TableScreen } = await import('/static/js/table.js');
    const trick = document.querySelector('.trick');
    const panels = [...document.querySelectorAll('.seat')];
    const view = { rules: { players: panels.length }, seat: 0,
        seats: panels.map((_, seat) => ({ name: `P${seat}` })) };
    const codes = ['H10', 'S7', 'DK', 'T21', 'C1', 'H2', 'T5', 'EX', 'S3', 'C9'];
    trick.replaceChildren(...panels.map((_, seat) =>
        TableScreen.prototype.trickCard.call({ view }, seat, codes[seat], seat === 0)));
    window.dispatchEvent(new Event('resize'));
    const box = (e) => e.getBoundingClientRect();
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom &&
        b.top < a.bottom;
    const cards = [...trick.children].map((card) => box(card.querySelector('svg')));
    const found = [];
    cards.forEach((card, i) => {
        panels.forEach((panel, j) => meets(card, box(panel)) &&
            found.push(`card ${i} on panel ${j}`));
        cards.slice(i + 1).forEach((other, k) => meets(card, other) &&
            found.push(`card ${i} on card ${i + 1 + k}`));
    });
    panels.forEach((panel, i) => panels.slice(i + 1).forEach((other, k) =>
        meets(box(panel), box(other)) && found.push(`panel ${i} on panel ${i + 1 + k}`)));
    return { found, width: cards[0].width };
}"""


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with running_server(browser_app(tmp_path / "games.sqlite3", 0.1, pace=0.3)) as address:
        yield address.rstrip("/")


def test_at_five_on_a_laptop_a_trick_lies_clear_and_the_status_never_lags(
    browser: Browser, url: str
) -> None:
    page, problems = open_page(browser, url, 1280, 800)
    table, token = table_at_deal(url, 5, 3)  # four cards each: four tricks
    take_seat(page, url, table, token)
    page.evaluate(WATCH)
    played = 0
    while True:
        page.wait_for_function(READY)
        if page.is_visible("#next-deal"):
            break
        state = state_of(page)
        if page.is_visible(".bids"):
            page.click(".bids .bid:not(.forbidden)")
        else:
            page.click(".hand .card.legal")
            played += 1
            if played == 2:
                page.wait_for_selector(".trick .trick-card[data-seat='0']")
                shot(page, "five-trick")
        wait_past(page, state)
    assert played == 4
    assert page.evaluate("window.overlaps") == []
    said = page.evaluate("window.saidBeside")
    plays = [(notice, status) for notice, status in said if " plays " in notice]
    assert len(plays) >= 16  # the four others' cards of four tricks, at least
    for notice, status in plays:
        name = notice.split(" plays ")[0]
        assert f"{name} is thinking" not in status, (notice, status)
    assert not problems, problems


@pytest.mark.parametrize(
    ("width", "height", "players"),
    [(1280, 800, players) for players in range(3, 11)] + [(1024, 768, 5), (1024, 768, 10)],
)
def test_a_whole_trick_lies_clear_on_a_laptop_at_any_number_of_players(
    browser: Browser, url: str, width: int, height: int, players: int
) -> None:
    page, problems = open_page(browser, url, width, height)
    table, token = table_at_deal(url, players, 0)
    take_seat(page, url, table, token)
    page.wait_for_function(READY)
    laid = page.evaluate(WHOLE_TRICK)
    assert laid["found"] == [], laid  # the panels too: ten of them stay apart on a small felt
    assert laid["width"] >= 40  # smaller when many, but a card still reads (the hand's: 77)
    assert not problems, problems


def test_seats_level_after_a_deal_draw_lines_apart_in_the_chart(browser: Browser, url: str) -> None:
    page, problems = open_page(browser, url, 1280, 800)
    lines = page.evaluate(
        """async () => {
            const { totalsChart } = await import('/static/js/sheet.js');
            // Ada and Bea level after every deal; Cy level with them only at the start.
            const chart = totalsChart([{ scores: [3, 3, -1] }, { scores: [2, 2, 4] }],
                ['Ada', 'Bea', 'Cy']);
            document.body.append(chart);
            return [...chart.querySelectorAll('polyline')].map((line) => ({
                width: Number(line.getAttribute('stroke-width')),
                ys: line.getAttribute('points').split(' ').map((p) => Number(p.split(',')[1])),
            }));
        }"""
    )
    ada, bea, cy = lines
    width = max(line["width"] for line in lines)
    for deal in range(3):
        assert abs(ada["ys"][deal] - bea["ys"][deal]) >= width, (deal, lines)
    assert min(abs(cy["ys"][0] - other["ys"][0]) for other in (ada, bea)) >= width
    # Level lines are moved apart around their value: at the start, all three at 0, the
    # middle line is where 0 is and the two others are as far on either side.
    assert ada["ys"][0] - bea["ys"][0] == pytest.approx(bea["ys"][0] - cy["ys"][0], abs=0.11)
    assert not problems, problems
