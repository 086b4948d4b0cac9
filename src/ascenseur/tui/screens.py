"""Screens over the game: the score sheet and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ascenseur.core.cards import Language
from ascenseur.core.state import DealResult
from ascenseur.text.messages import tr
from ascenseur.tui.render import ranking, score_sheet


class _GameScreen(ModalScreen[None]):
    """A screen over the game's results: the deals, the totals, the seats' names."""

    def __init__(
        self,
        results: Sequence[DealResult],
        totals: Sequence[int],
        seats: Sequence[str],
        lang: Language,
    ) -> None:
        super().__init__()
        self.results = tuple(results)
        self.totals = tuple(totals)
        self.seats = tuple(seats)
        self.lang: Language = lang


class ScoreScreen(_GameScreen):
    """Every finished deal: bids, tricks and points of every seat, and running totals."""

    DEFAULT_CSS = """
    ScoreScreen { align: center middle; }
    ScoreScreen > Vertical {
        width: 96%; height: 90%; border: round $accent; padding: 0 1; background: $surface;
    }
    ScoreScreen VerticalScroll { height: 1fr; }
    ScoreScreen .keys { height: 1; color: $text-muted; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,s,q,enter,space", "close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = tr(self.lang, "scores_title")
            with VerticalScroll():
                if self.results:
                    yield Static(score_sheet(self.results, self.totals, self.seats, self.lang))
                else:
                    yield Static(tr(self.lang, "scores_empty"))
            yield Static(tr(self.lang, "keys_close"), classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


class RankingScreen(_GameScreen):
    """The end of the game: the ranking, and who wins (a shared win said as such)."""

    DEFAULT_CSS = """
    RankingScreen { align: center middle; }
    RankingScreen > Vertical {
        width: auto; min-width: 40; height: auto;
        border: double $accent; padding: 1 2; background: $surface;
    }
    RankingScreen .keys { color: $text-muted; margin-top: 1; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("s", "scores", show=False),
        Binding("q,escape,enter,space", "app.quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = tr(self.lang, "game_over")
            yield Static(ranking(self.totals, self.seats, self.lang), id="ranking")
            yield Static(tr(self.lang, "keys_over"), classes="keys")

    def action_scores(self) -> None:
        self.app.push_screen(ScoreScreen(self.results, self.totals, self.seats, self.lang))
