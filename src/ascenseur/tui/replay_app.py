"""``ascenseur replay FILE``: step through a recorded game, every hand shown (Textual)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from ascenseur.core.cards import Language
from ascenseur.text.messages import tr
from ascenseur.text.words import seat_name
from ascenseur.timeline import Frame, Timeline, frame
from ascenseur.tui import render
from ascenseur.tui.base_app import AscenseurApp
from ascenseur.tui.screens import ScoreScreen

#: The keys that move through a timeline, in the replay and in the review's replay: a step
#: (→ ←), a trick (↓ ↑), a deal (page down, page up), the start or the end.
TIMELINE_KEYS = (
    Binding("right,space", "step(1)", show=False),
    Binding("left,backspace", "step(-1)", show=False),
    Binding("down", "trick(1)", show=False),
    Binding("up", "trick(-1)", show=False),
    Binding("pagedown", "deal(1)", show=False),
    Binding("pageup", "deal(-1)", show=False),
    Binding("home", "go(0)", show=False),
    Binding("end", "go(-1)", show=False),
)


def step_header(
    timeline: Timeline, shown: Frame, seats: Sequence[str] | None, lang: Language
) -> str:
    """``Deal 3 of 5 · 3 cards each · dealer: Bot 2 — step 12 of 40``: where a replay stands."""
    step = tr(lang, "replay_step", step=timeline.index, steps=timeline.last)
    if shown.deal is None:
        return f"{tr(lang, 'replay_start')} — {step}"
    names = seats or tuple(f"bot:{s}" for s in range(timeline.rules.players))
    deal = render.deal_header(
        shown.deal + 1, timeline.rules, shown.hand_size, shown.dealer, names, lang
    )
    return f"{deal} — {step}"


def seats_table(
    shown: Frame,
    seats: Sequence[str] | None,
    lang: Language,
    *,
    hands: Collection[int] | None = None,
) -> Table:
    """Each seat: turn, name, dealer, bid/taken, total, and the hand as dealt (of the seats
    in ``hands`` only, when given: the others' say "hidden").

    Cards already played in the deal are dimmed and struck through.
    """
    grid = Table(box=None, expand=True, pad_edge=False)
    grid.add_column("", width=1)
    grid.add_column(tr(lang, "player"), no_wrap=True)
    grid.add_column("", width=1)
    grid.add_column(tr(lang, "bid_taken"), justify="right", no_wrap=True)
    grid.add_column(tr(lang, "total"), justify="right")
    grid.add_column(tr(lang, "hands_dealt"), ratio=1)
    for seat, dealt in enumerate(shown.hands):
        dealer = "D" if seat == shown.dealer and shown.deal is not None else ""
        cards = Text()
        hand = dealt if hands is None or seat in hands else ()
        if not hand and dealt:
            cards.append(tr(lang, "review_hidden"), style="dim")
        for card in hand:
            style = "dim strike" if card in shown.played else render.card_colour(card)
            # Trumps spelt out (``trump 17``): no "Trumps" label here says what a number is.
            cards.append(card.display(lang), style=style)
            cards.append(" ")
        bid = shown.bids[seat]
        won = shown.won[seat]
        grid.add_row(
            Text("▶" if seat == shown.current else "", style="bold yellow"),
            seat_name(seats, seat, lang),
            Text(dealer, style="bold cyan"),
            render.bid_taken(bid, won),
            str(shown.totals[seat]),
            cards,
        )
    return grid


class ReplayApp(AscenseurApp):
    """Forwards and backwards through a record: by action, by trick, by deal."""

    TITLE = "Tarot ascenseur — replay"
    CSS = """
    #trick { width: 30; }
    #keys { dock: bottom; }
    """
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("q", "quit", show=False, priority=True),
        *TIMELINE_KEYS,
        Binding("s", "scores", show=False),
    ]

    def __init__(
        self, timeline: Timeline, seats: Sequence[str] | None, lang: Language = "en"
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.seats = tuple(seats) if seats is not None else None
        self.lang: Language = lang

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with VerticalScroll():
            with Horizontal(id="top"):
                yield Static(id="seats")
                yield Static(id="trick")
            yield Static(id="status")
        yield Static(tr(self.lang, "replay_keys"), id="keys")

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        lang = self.lang
        timeline = self.timeline
        shown = frame(timeline.state)
        self.query_one("#header", Static).update(step_header(timeline, shown, self.seats, lang))
        self.query_one("#seats", Static).update(seats_table(shown, self.seats, lang))
        trick = self.query_one("#trick", Static)
        trick.border_title = tr(lang, "trick_title", number=shown.trick_number)
        leader = shown.trick[0][0] if shown.trick else None
        trick.update(
            render.trick_lines(
                timeline.rules.players, leader, shown.trick, shown.winner, self._names(), lang
            )
        )
        self.query_one("#status", Static).update(timeline.description(self.seats, lang))

    def _names(self) -> tuple[str, ...]:
        if self.seats is not None:
            return self.seats
        return tuple(tr(self.lang, "seat", seat=s) for s in range(self.timeline.rules.players))

    def action_step(self, count: int) -> None:
        self.timeline.step(count)
        self.refresh_view()

    def action_trick(self, direction: int) -> None:
        self.timeline.trick(direction)
        self.refresh_view()

    def action_deal(self, direction: int) -> None:
        self.timeline.deal(direction)
        self.refresh_view()

    def action_go(self, index: int) -> None:
        self.timeline.go(index if index >= 0 else self.timeline.last)
        self.refresh_view()

    def action_scores(self) -> None:
        state = self.timeline.state
        self.push_screen(ScoreScreen(state.results, state.totals, self._names(), self.lang))
