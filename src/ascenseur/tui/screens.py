"""Screens over the game: the score sheet, the final ranking, the help, the deal's log, and
the line where a card is typed."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ascenseur.core.cards import Language
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealResult
from ascenseur.text.help import help_sections
from ascenseur.text.messages import tr
from ascenseur.text.notation import card_examples, card_names
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
    ScoreScreen ScrollableContainer { height: 1fr; overflow: auto auto; }
    ScoreScreen #sheet { width: auto; }
    ScoreScreen .keys { height: 1; color: $text-muted; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,s,q,enter,space", "close", show=False),
        Binding("left", "page(-1, 0)", show=False, priority=True),
        Binding("right", "page(1, 0)", show=False, priority=True),
        Binding("up", "scroll(0, -1)", show=False, priority=True),
        Binding("down", "scroll(0, 1)", show=False, priority=True),
        Binding("pageup", "page(0, -1)", show=False, priority=True),
        Binding("pagedown", "page(0, 1)", show=False, priority=True),
        Binding("home", "edge(0)", show=False, priority=True),
        Binding("end", "edge(1)", show=False, priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = tr(self.lang, "scores_title")
            with ScrollableContainer():
                if self.results:
                    sheet = score_sheet(self.results, self.totals, self.seats, self.lang)
                    # The sheet keeps its natural width: wider than the screen, it scrolls
                    # (arrows) rather than squeezing columns to nothing.
                    width = Console(width=1000).measure(sheet).maximum
                    static = Static(sheet, id="sheet")
                    static.styles.width = width
                    yield static
                else:
                    yield Static(tr(self.lang, "scores_empty"))
            yield Static(tr(self.lang, "keys_close"), classes="keys")

    def action_scroll(self, x: int, y: int) -> None:
        container = self.query_one(ScrollableContainer)
        container.scroll_relative(x=x, y=y, animate=False)

    def action_page(self, x: int, y: int) -> None:
        """A screenful at a time, less a little kept in view: ten players' columns in about
        three presses of → at 80 columns."""
        container = self.query_one(ScrollableContainer)
        width, height = container.scrollable_content_region.size
        self.action_scroll(x * max(width - 8, 8), y * max(height - 2, 1))

    def action_edge(self, end: int) -> None:
        """Home: the first deals and the first seats; End: the last deals and the last seats
        (the totals' row and the right-hand columns)."""
        container = self.query_one(ScrollableContainer)
        if end:
            container.scroll_to(container.max_scroll_x, container.max_scroll_y, animate=False)
        else:
            container.scroll_to(0, 0, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class RankingScreen(_GameScreen):
    """The end of the game: the ranking, and who wins (a shared win said as such)."""

    DEFAULT_CSS = """
    RankingScreen { align: center middle; }
    RankingScreen > Vertical {
        width: auto; min-width: 72; height: auto;
        border: double $accent; padding: 1 2; background: $surface;
    }
    RankingScreen .keys { color: $text-muted; margin-top: 1; }
    RankingScreen #offer { height: auto; max-width: 76; margin-top: 1; }
    RankingScreen #told { height: auto; max-width: 76; margin-top: 1; display: none; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("s", "scores", show=False),
        Binding("r", "app.review", show=False),
        Binding("n", "app.rematch", show=False),
        Binding("e", "app.export", show=False),
        Binding("q,escape,enter,space", "app.quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = tr(self.lang, "game_over")
            yield Static(ranking(self.totals, self.seats, self.lang), id="ranking")
            yield Static(tr(self.lang, "review_offer"), id="offer")
            yield Static(id="told")
            yield Static(tr(self.lang, "keys_over"), classes="keys")

    def tell(self, text: str, *, error: bool = False) -> None:
        """Show what the app says of an action taken here (where the record was written)."""
        told = self.query_one("#told", Static)
        told.update(Text(text, style="bold red" if error else "green"))
        told.display = True

    def action_scores(self) -> None:
        self.app.push_screen(ScoreScreen(self.results, self.totals, self.seats, self.lang))


class HelpScreen(ModalScreen[None]):
    """How to play, from the rules as the engine applies them; the keys; typing a card."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 96%; max-width: 110; height: 92%; border: round $accent; padding: 0 1;
        background: $surface;
    }
    HelpScreen VerticalScroll { height: 1fr; }
    HelpScreen .keys { height: 1; color: $text-muted; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,q,question_mark,f1,enter,space", "close", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
    ]

    def __init__(self, rules: Rules, lang: Language) -> None:
        super().__init__()
        self.rules = rules
        self.lang: Language = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        text = Text()
        sections = help_sections(self.rules, lang)
        sections.append((tr(lang, "help_cards"), [card_names(lang) + "."]))
        keys = [tr(lang, key) for key in ("keys_bid", "keys_play", "keys_wait", "keys_over")]
        sections.append((tr(lang, "help_keys"), keys))
        for title, paragraphs in sections:
            text.append(title + "\n", style="bold")
            for paragraph in paragraphs:
                text.append("• " + paragraph + "\n")
            text.append("\n")
        with Vertical() as box:
            box.border_title = tr(lang, "help_title")
            with VerticalScroll():
                yield Static(text)
            yield Static(tr(lang, "help_close"), classes="keys")

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The deal so far: its bids and tricks, in order."""

    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > Vertical {
        width: 90%; height: 90%; border: round $accent; padding: 0 1; background: $surface;
    }
    LogScreen VerticalScroll { height: 1fr; }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape,q,g,enter,space", "close", show=False),
    ]

    def __init__(self, lines: Sequence[str], lang: Language) -> None:
        super().__init__()
        self.lines = tuple(lines)
        self.lang: Language = lang

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = tr(self.lang, "log_title")
            with VerticalScroll():
                yield Static("\n".join(self.lines) or tr(self.lang, "log_empty"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class CardEntry(ModalScreen[str | None]):
    """A line to type a card in any notation the game shows; Enter gives it, Escape cancels."""

    DEFAULT_CSS = """
    CardEntry { align: center bottom; }
    CardEntry > Vertical {
        width: 100%; height: auto; border: round $warning; padding: 0 1; background: $surface;
    }
    """

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang: Language = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(tr(self.lang, "type_card", cards=card_examples(self.lang)))
            yield Input(id="card-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
