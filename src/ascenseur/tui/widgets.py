"""Widgets of the game screen. They show what the app sets on them and post messages up.

:class:`HandView` shows the person's hand, one row per suit, trumps, then the Excuse apart;
:class:`BidView` the bids from 0 to k. Both highlight a cursor the app moves, and report a
click on a card or a bid as a message; neither talks to the game.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ascenseur.core.cards import Card, Language, Suit
from ascenseur.text.messages import tr
from ascenseur.text.words import hand_groups, sort_hand
from ascenseur.tui.render import card_colour, card_label

_LABEL_WIDTH = 8

Token = tuple[str, str, object]  # text, style, what a click on it chooses


def lay_out(
    rows: list[tuple[str, list[Token]]], label_width: int, width: int
) -> tuple[Text, list[tuple[int, int, int, object]]]:
    """Rows of tokens behind a label, wrapped at ``width``; also where each token lies."""
    text = Text()
    spans: list[tuple[int, int, int, object]] = []
    line = 0
    for number, (label, tokens) in enumerate(rows):
        if number:
            text.append("\n")
            line += 1
        text.append(label.ljust(label_width)[:label_width], style="dim")
        x = label_width
        for token, style, key in tokens:
            if x + len(token) > width and x > label_width:
                text.append("\n" + " " * label_width)
                line += 1
                x = label_width
            text.append(token, style=style)
            spans.append((line, x, x + len(token), key))
            text.append(" ")
            x += len(token) + 1
    return text, spans


class TokenRows(Widget):
    """Rows of tokens laid out by :func:`lay_out` to the widget's width, as high as they
    wrap; a subclass makes them (``_layout``) and asks which token a click hit
    (:meth:`clicked`)."""

    DEFAULT_CSS = """
    TokenRows { height: auto; min-height: 1; }
    """

    lang: reactive[str] = reactive("en", layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, int, object]] = []

    @property
    def language(self) -> Language:
        return "fr" if self.lang == "fr" else "en"

    def render(self) -> Text:
        text, self._spans = self._layout(self.content_size.width)
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._layout(width)[0].split())

    def _layout(self, width: int) -> tuple[Text, list[tuple[int, int, int, object]]]:
        raise NotImplementedError

    def clicked(self, event: events.Click) -> object:
        """What the token under a click chooses; None off every token."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        for line, start, end, key in self._spans:
            if offset.y == line and start <= offset.x < end:
                return key
        return None


class HandView(TokenRows):
    """The hand: legal cards bright, the others dim, the cursor reversed."""

    cards: reactive[tuple[Card, ...]] = reactive((), layout=True)
    legal: reactive[frozenset[Card]] = reactive(frozenset())
    cursor: reactive[int] = reactive(-1)
    #: What a blind one-card deal (H5) shows instead of the hand: the others' cards.
    blind: reactive[str] = reactive("", layout=True)

    class Chosen(Message):
        """The person clicked a card."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    @property
    def ordered(self) -> list[Card]:
        """The cards in display order (what :attr:`cursor` indexes)."""
        return sort_hand(self.cards)

    def _layout(self, width: int) -> tuple[Text, list[tuple[int, int, int, object]]]:
        if self.blind:
            return Text(self.blind, style="italic"), []
        lang = self.language
        rows: list[tuple[str, list[Token]]] = []
        position = 0
        for suit, cards in hand_groups(self.cards):
            if suit is Suit.TRUMPS:
                label = tr(lang, "trumps")
            else:
                label = "" if suit is Suit.EXCUSE else suit.symbol
            tokens: list[Token] = []
            for card in cards:
                style = card_colour(card) if card in self.legal else "dim"
                if position == self.cursor:
                    style += " reverse"
                tokens.append((f" {card_label(card, lang)} ", style, card))
                position += 1
            rows.append((label, tokens))
        one_line = sum(
            len(label) + 1 + sum(len(t[0]) + 1 for t in tokens) for label, tokens in rows
        )
        if len(rows) > 1 and one_line <= width:
            # A short hand fits on one line: each group behind its label, saving lines that a
            # table of many players needs on a small screen.
            inline: list[Token] = []
            for label, tokens in rows:
                if label:
                    inline.append((label, "dim", None))
                inline.extend(tokens)
            return lay_out([("", inline)], 0, max(width, 20))
        return lay_out(rows, _LABEL_WIDTH, max(width, 20))

    def on_click(self, event: events.Click) -> None:
        card = self.clicked(event)
        if isinstance(card, Card):
            self.post_message(self.Chosen(card))


class BidView(TokenRows):
    """The bids 0…k; a value the hook rules out is struck through and says so."""

    hand_size: reactive[int] = reactive(0, layout=True)
    allowed: reactive[frozenset[int]] = reactive(frozenset(), layout=True)
    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """The person clicked a bid."""

        def __init__(self, value: int) -> None:
            super().__init__()
            self.value = value

    def _layout(self, width: int) -> tuple[Text, list[tuple[int, int, int, object]]]:
        lang = self.language
        tokens: list[Token] = []
        for value in range(self.hand_size + 1):
            if value in self.allowed:
                token, style = f" {value} ", "bold"
            else:
                token, style = " " + tr(lang, "hook_forbidden", value=value) + " ", "dim strike"
            if value == self.cursor:
                style += " reverse"
            tokens.append((token, style, value))
        return lay_out([("", tokens)], 0, max(width, 20))

    def on_click(self, event: events.Click) -> None:
        value = self.clicked(event)
        if isinstance(value, int):
            self.post_message(self.Chosen(value))
