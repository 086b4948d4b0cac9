"""The game review on the full screen: computed in the background, then stepped through.

:class:`ReviewProgressScreen` runs the review (:func:`ascenseur.review.review_record`) in a
worker thread and shows a progress bar with the time left; the screen stays responsive and
Escape stops the review (at the next decision weighed). A review kept in the review cache
opens at once. :class:`ReviewScreen` shows it: a summary page (the whole game, the costliest
decisions, the deals) and a replay page that steps through the game like ``ascenseur
replay`` with, at each decision of the reviewed seat, the options the expert weighed.

``r`` at the end of a game opens it (:meth:`ascenseur.tui.app.PlayApp.action_review`);
``ascenseur replay FILE --review`` runs :class:`ReviewApp`.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import resource_tracker
from typing import TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

from ascenseur.core.cards import Language
from ascenseur.core.errors import AscenseurError
from ascenseur.core.state import GameState
from ascenseur.review import Review, ReviewBudget, ReviewCache, review_record
from ascenseur.review.format import Decision, SeatReview
from ascenseur.text.messages import tr
from ascenseur.text.review import time_left
from ascenseur.text.words import seat_name
from ascenseur.timeline import Timeline, frame
from ascenseur.tui import render
from ascenseur.tui.base_app import STYLESHEET, AscenseurApp
from ascenseur.tui.replay_app import TIMELINE_KEYS, seats_table, step_header
from ascenseur.tui.review_panels import (
    LABEL_STYLES,
    deal_panel,
    decision_panel,
    decision_steps,
    decision_title,
    label_text,
    of_seat,
    seat_decisions,
    summary_text,
    summary_title,
)
from ascenseur.tui.screens import ScoreScreen

_T = TypeVar("_T")

#: From this many columns the key bar names every key, and every hand fits beside the names.
WIDE = 110
#: How many options a decision's table shows for the screen's rows (the others are listed
#: in a line after it): on 24 rows, 3, so that the whole panel fits under four seats.
ROWS_BY_HEIGHT = ((34, 10), (30, 4), (0, 3))


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A review to compute: the game, the seat reviewed, the record's seat names, the budget,
    the seed, the processes that weigh decisions, and where reviews are kept (None: nowhere).
    """

    state: GameState
    seat: int
    names: tuple[str, ...] | None
    budget: ReviewBudget
    seed: int = 0
    jobs: int = 1
    cache: ReviewCache | None = None

    def who(self, lang: Language) -> str:
        """The reviewed seat as people call it (``Ada``, ``Bot 2``, ``Seat 2``)."""
        return seat_name(self.names, self.seat, lang)

    def prepare(self) -> None:
        """Get ready to weigh decisions in other processes, from the app's own thread.

        A process pool needs multiprocessing's resource tracker, which is handed this
        process's standard error by its file descriptor; under Textual ``sys.stderr`` is a
        capture that has none (``fileno()`` is −1) and the pool could not start. The tracker
        is started here with the real standard error (once per process: later pools share it).
        """
        if self.jobs <= 1:
            return
        captured = sys.stderr
        sys.stderr = sys.__stderr__
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = captured

    def run(self, progress: Callable[[int, int], None]) -> Review:
        """The review (:func:`~ascenseur.review.review_record`), read from the cache when it
        is kept there; ``progress`` hears of each decision weighed, and may raise to stop."""
        return review_record(
            self.state,
            [self.seat],
            self.budget,
            self.seed,
            names=self.names,
            jobs=self.jobs,
            progress=progress,
            cache=self.cache,
        )


class ReviewStopped(Exception):
    """Raised in the review's thread, through its progress callback, to stop it."""


class ReviewProgressScreen(Screen[Review | None]):
    """The review being computed: what the expert does, a progress bar, the time left.

    Dismissed with the review when it is done, or None when the person stops it (Escape)."""

    CSS_PATH = STYLESHEET
    DEFAULT_CSS = """
    ReviewProgressScreen { align: center middle; }
    ReviewProgressScreen > Vertical {
        width: 96%; max-width: 90; height: auto; border: round $accent; padding: 1 2;
    }
    ReviewProgressScreen ProgressBar { margin: 1 0 0 0; }
    ReviewProgressScreen #count { height: 1; }
    ReviewProgressScreen #keys { dock: bottom; }
    """
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,q", "stop", show=False),
    ]

    def __init__(self, request: ReviewRequest, lang: Language) -> None:
        super().__init__()
        self.request = request
        self.lang: Language = lang
        self._cancel = threading.Event()
        #: (done, total) as the review's thread last said; read by the screen's timer.
        self._seen: tuple[int, int] = (0, 0)
        #: When the first decision that needed a search started, and how many were done.
        self._started: tuple[float, int] | None = None
        self.failed: str | None = None
        self._opened = time.monotonic()

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical() as box:
            of = of_seat(self.request.who(lang), lang)
            box.border_title = tr(lang, "review_of", of=of)
            yield Static(tr(lang, "review_wait", of=of), id="what")
            yield Static(budget_line_of(self.request.budget, lang), id="budget")
            yield ProgressBar(show_eta=False, id="bar")
            yield Static(id="count")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self._show_keys("review_keys_wait")
        self.set_interval(0.2, self._show_progress)
        self._opened = time.monotonic()
        self.request.prepare()
        # A daemon thread of its own, not a worker: quitting mid-review must not wait for the
        # decision being weighed (the thread stops at the next one: on_unmount).
        threading.Thread(target=self._compute, name="ascenseur-review", daemon=True).start()

    def on_unmount(self) -> None:
        self._cancel.set()  # the thread stops at its next decision

    def _show_keys(self, key: str) -> None:
        width = max(self.app.size.width - 2, 20)
        self.query_one("#keys", Static).update(render.key_bar(tr(self.lang, key), width))

    def _progress(self, done: int, total: int) -> None:
        """The review's thread: note how far it is (the screen reads it), or stop."""
        if self._cancel.is_set():
            raise ReviewStopped
        if self._started is None and done:
            # Forced decisions are counted at once: the time left is measured from here.
            self._started = (time.monotonic(), done)
        self._seen = (done, total)

    def _compute(self) -> None:
        try:
            review = self.request.run(self._progress)
        except ReviewStopped:
            return
        except (AscenseurError, OSError) as err:
            self._tell(self._failed, str(err))
            return
        except Exception as err:  # the thread's end: unsaid, the screen would wait on
            self._tell(self._failed, f"{type(err).__name__}: {err}")
            return
        if not self._cancel.is_set():
            self._tell(self._done, review)

    def _tell(self, call: Callable[[_T], None], value: _T) -> None:
        """Hand ``value`` to the screen from the review's thread, unless the app has gone."""
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile: nobody waits
            self.app.call_from_thread(call, value)

    def _show_progress(self) -> None:
        if self.failed is not None:
            return
        done, total = self._seen
        if not total:
            return
        self.query_one(ProgressBar).update(total=total, progress=done)
        line = tr(self.lang, "review_progress", done=done, total=total)
        now = time.monotonic()
        at, first = self._started if self._started is not None else (now, done)
        if done > first and done < total:
            rate = (now - at) / (done - first)
            line += tr(self.lang, "review_left", time=time_left(rate * (total - done)))
        elif done < total:
            line += tr(self.lang, "review_elapsed", time=time_left(now - self._opened))
        self.query_one("#count", Static).update(line)

    def _done(self, review: Review) -> None:
        if self.is_attached and not self._cancel.is_set():
            self.dismiss(review)

    def _failed(self, why: str) -> None:
        self.failed = why
        message = Text(tr(self.lang, "review_failed", why=why), style="bold red")
        self.query_one("#count", Static).update(message)
        self._show_keys("review_keys_failed")

    def action_stop(self) -> None:
        self._cancel.set()
        if self.failed is None:
            self.query_one("#count", Static).update(tr(self.lang, "review_stopping"))
        self.dismiss(None)


def budget_line_of(budget: ReviewBudget, lang: Language) -> str:
    """The budget a review will use, in the words the review states it with."""
    if budget.name is None:
        return tr(lang, "review_budget_number", cards=budget.playouts, bids=budget.bid_playouts)
    return tr(
        lang, "review_budget", name=budget.name, cards=budget.playouts, bids=budget.bid_playouts
    )


class ReviewScreen(Screen[None]):
    """A computed review: its summary page, and the game stepped through with each decision
    of the reviewed seat beside the replay. ``back`` names what ``q`` does (back to the game's
    end, or quit)."""

    CSS_PATH = STYLESHEET
    DEFAULT_CSS = """
    ReviewScreen #summary { height: 1fr; padding: 0 1; }
    ReviewScreen #replay { height: 1fr; display: none; }
    ReviewScreen #panel { height: auto; border: round $secondary; padding: 0 1; }
    ReviewScreen #legend { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,q", "back", show=False),
        Binding("tab", "page", show=False, priority=True),
        Binding("enter", "open", show=False),
        *TIMELINE_KEYS,  # on the summary page, ↓ ↑, page down, page up, home and end scroll it
        Binding("n", "decision(1)", show=False),
        Binding("p", "decision(-1)", show=False),
        Binding("a", "hands", show=False),
        Binding("s", "scores", show=False),
        *(Binding(str(k), f"costly({k})", show=False) for k in (1, 2, 3)),
    ]

    def __init__(
        self,
        review: Review,
        state: GameState,
        seat: int,
        names: Sequence[str] | None,
        lang: Language,
        *,
        back: str = "review_back",
    ) -> None:
        super().__init__()
        self.review = review
        self.reviewed: SeatReview = review.seat(seat)
        self.seat = seat
        self.names = tuple(names) if names is not None else None
        self.lang: Language = lang
        self.back = back
        self.timeline = Timeline(state.rules, state.first_dealer, state.history)
        decisions = seat_decisions(self.reviewed)
        steps = decision_steps(self.timeline, seat)
        if len(steps) != len(decisions):
            raise AscenseurError(
                f"the review has {len(decisions)} decisions of seat {seat}, the game "
                f"{len(steps)}: it is not this game's review",
                code="record-mismatch",
            )
        self.steps = steps
        self.at: dict[int, Decision] = dict(zip(steps, decisions, strict=True))
        self.places = {(d.deal, d.number): step for step, d in self.at.items()}
        self.on_summary = True
        self.all_hands = False

    @property
    def who(self) -> str:
        return seat_name(self.names, self.seat, self.lang)

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with VerticalScroll(id="summary"):
            yield Static(id="summary-text")
        with VerticalScroll(id="replay"):
            with Horizontal(id="top"):
                yield Static(id="seats")
                yield Static(id="trick")
            yield Static(id="panel")
            yield Static(id="status")
        yield Static(tr(self.lang, "review_meaning"), id="legend")
        yield Static(id="keys")

    def on_mount(self) -> None:
        text = summary_text(self.review, self.reviewed, self.lang)
        self.query_one("#summary-text", Static).update(text)
        of = of_seat(self.who, self.lang)
        self.query_one("#seats").border_title = tr(self.lang, "review_of", of=of)
        weighed = [s for s in self.steps if self.at[s].label != "forced"]
        if weighed or self.steps:
            self.timeline.go((weighed or self.steps)[0])
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        del event
        self.refresh_view()

    # -- showing -------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        lang = self.lang
        self.query_one("#summary").display = self.on_summary
        self.query_one("#replay").display = not self.on_summary
        self.query_one("#legend").display = not self.on_summary
        if self.on_summary:
            header = summary_title(self.review, self.who, lang)
            keys = "review_keys_summary"
        else:
            header = self._show_replay()
            keys = "review_keys_wide" if self.app.size.width >= WIDE else "review_keys"
        self.query_one("#header", Static).update(header)
        width = max(self.app.size.width - 2, 20)
        bar = tr(lang, keys) + render.KEY_SEPARATOR + tr(lang, self.back)
        self.query_one("#keys", Static).update(render.key_bar(bar, width))

    def _show_replay(self) -> str:
        """The position shown and what the review says of it; the header's text."""
        lang, timeline = self.lang, self.timeline
        shown = frame(timeline.state)
        header = step_header(timeline, shown, self.names, lang)
        hands = None if self.all_hands else frozenset({self.seat})
        table = seats_table(shown, self.names, lang, hands=hands)
        self.query_one("#seats", Static).update(table)
        trick = self.query_one("#trick", Static)
        trick.border_title = tr(lang, "trick_title", number=shown.trick_number)
        leader = shown.trick[0][0] if shown.trick else None
        players = timeline.rules.players
        seats = tuple(seat_name(self.names, s, lang) for s in range(players))
        trick.update(render.trick_lines(players, leader, shown.trick, shown.winner, seats, lang))
        self._show_panel(shown.deal)
        self.query_one("#status", Static).update(timeline.description(self.names, lang))
        return header

    def _show_panel(self, deal: int | None) -> None:
        panel = self.query_one("#panel", Static)
        decision = self.at.get(self.timeline.index)
        if decision is not None:
            height = self.app.size.height
            rows = next(rows for least, rows in ROWS_BY_HEIGHT if height >= least)
            panel.border_title = decision_title(decision, self.lang)
            panel.border_subtitle = label_text(decision, self.lang)
            panel.update(decision_panel(decision, self.who, self.lang, rows))
            panel.styles.border = ("round", _border_colour(decision))
            # On a small screen the panel is what matters: the seats' table scrolls up for it
            # (the arrows step through the game, they do not scroll).
            self.call_after_refresh(self._panel_in_view)
            return
        panel.styles.border = ("round", "gray")
        panel.border_subtitle = ""
        self.query_one("#replay", VerticalScroll).scroll_home(animate=False)
        if deal is None:
            panel.border_title = ""
            panel.update(tr(self.lang, "review_no_decision", of=of_seat(self.who, self.lang)))
            return
        panel.border_title = tr(self.lang, "review_panel_deal", deal=deal + 1)
        panel.update(deal_panel(self.reviewed.deals[deal], self.who, self.lang))

    def _panel_in_view(self) -> None:
        replay = self.query_one("#replay", VerticalScroll)
        replay.scroll_to_widget(self.query_one("#panel"), animate=False, top=False)

    # -- keys ----------------------------------------------------------------------------------

    def _to_replay(self) -> None:
        self.on_summary = False

    def action_page(self) -> None:
        self.on_summary = not self.on_summary
        self.refresh_view()

    def action_open(self) -> None:
        if self.on_summary:
            self._to_replay()
            self.refresh_view()

    def _move(self, scroll: Callable[[VerticalScroll], object], move: Callable[[], object]) -> None:
        """A key of :data:`TIMELINE_KEYS`: ``scroll`` the summary page when it is shown, else
        ``move`` along the timeline and show where it stands."""
        if self.on_summary:
            scroll(self.query_one("#summary", VerticalScroll))
            return
        move()
        self.refresh_view()

    def action_step(self, count: int) -> None:
        self._move(lambda _: None, lambda: self.timeline.step(count))

    def action_trick(self, direction: int) -> None:
        self._move(
            lambda summary: summary.scroll_relative(y=direction, animate=False),
            lambda: self.timeline.trick(direction),
        )

    def action_deal(self, direction: int) -> None:
        def page(summary: VerticalScroll) -> None:
            height = summary.scrollable_content_region.height
            summary.scroll_relative(y=direction * max(height - 2, 1), animate=False)

        self._move(page, lambda: self.timeline.deal(direction))

    def action_go(self, index: int) -> None:
        self._move(
            lambda summary: summary.scroll_to(
                y=0 if index == 0 else summary.max_scroll_y, animate=False
            ),
            lambda: self.timeline.go(index if index >= 0 else self.timeline.last),
        )

    def action_decision(self, direction: int) -> None:
        """To the reviewed seat's next (1) or previous (-1) weighed decision (a forced one
        has nothing to show but itself: ←→ still step onto it)."""
        here = self.timeline.index
        weighed = [s for s in self.steps if self.at[s].label != "forced"]
        if direction > 0:
            target = next((s for s in weighed if s > here), None)
        else:
            target = next((s for s in reversed(weighed) if s < here), None)
        if target is not None:
            self.timeline.go(target)
        self._to_replay()
        self.refresh_view()

    def action_costly(self, rank: int) -> None:
        """To the ``rank``-th costliest decision (1: the costliest)."""
        costly = self.reviewed.summary.costliest
        if rank > len(costly):
            self.app.bell()
            return
        wanted = costly[rank - 1]
        self.timeline.go(self.places[(wanted.deal, wanted.number)])
        self._to_replay()
        self.refresh_view()

    def action_hands(self) -> None:
        self.all_hands = not self.all_hands
        self.refresh_view()

    def action_scores(self) -> None:
        state = self.timeline.states[-1]
        players = self.timeline.rules.players
        names = tuple(seat_name(self.names, s, self.lang) for s in range(players))
        self.app.push_screen(ScoreScreen(state.results, state.totals, names, self.lang))

    def action_back(self) -> None:
        self.dismiss(None)


def _border_colour(decision: Decision) -> str:
    """The panel's border in the label's colour (its first word of style: a colour)."""
    style = LABEL_STYLES[decision.label].removeprefix("bold ")
    return "gray" if style == "dim" else style


class ReviewApp(AscenseurApp):
    """``ascenseur replay FILE --review``: the review computed (or read from the cache), then
    shown; ``q`` quits."""

    TITLE = "Tarot ascenseur — review"

    def __init__(self, request: ReviewRequest, lang: Language = "en") -> None:
        super().__init__()
        self.request = request
        self.lang: Language = lang

    def on_mount(self) -> None:
        self.push_screen(ReviewProgressScreen(self.request, self.lang), self._reviewed)

    def _reviewed(self, review: Review | None) -> None:
        if review is None:
            self.exit()
            return
        request = self.request
        screen = ReviewScreen(
            review, request.state, request.seat, request.names, self.lang, back="review_quit"
        )
        self.push_screen(screen, lambda _: self.exit())


__all__ = [
    "ReviewApp",
    "ReviewProgressScreen",
    "ReviewRequest",
    "ReviewScreen",
    "ReviewStopped",
]
