"""``ascenseur play``: one person against bots, full screen (Textual).

The app is the only part of the interface that talks to the game, and only through its
:class:`~ascenseur.session.Session`: it reads the person's view and the session's public
events, sets what the widgets show, and hands the person's choices (keys, or clicks the
widgets report as messages) to :meth:`Session.act`. Bots think in a worker thread from their
own view; their moves appear one by one at the chosen pace, and a finished trick stays on the
table until the person goes on (or for a set pause).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ascenseur.bots.hints import DEFAULT_PLAYOUTS
from ascenseur.core.actions import BIDS, PLAYS, Bid, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.core.errors import IllegalAction
from ascenseur.core.state import Phase
from ascenseur.session import Event, Session, TrickTaken, Turn
from ascenseur.text.messages import tr
from ascenseur.text.refusals import refusal_text
from ascenseur.text.words import hand_groups, seat_name, sort_hand
from ascenseur.tui import render
from ascenseur.tui.screens import RankingScreen, ScoreScreen
from ascenseur.tui.widgets import BidView, HandView

PACE_STEP = 0.2
PACE_MAX = 3.0


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """How the game is shown: language, seconds per bot move, how long a trick stays."""

    lang: Language = "en"
    pace: float = 0.6
    #: Seconds a finished trick stays before play goes on; None: until the person continues.
    pause: float | None = None
    hint_playouts: int = DEFAULT_PLAYOUTS
    notice: str = ""


class PlayApp(App[None]):
    """The game screen: table, current trick, hand, bids, status, keys."""

    TITLE = "Tarot ascenseur"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #header { height: 1; padding: 0 1; text-style: bold; background: $primary-background; }
    #top { height: auto; }
    #table { width: 1fr; height: auto; border: round $primary; padding: 0 1; }
    #trick { width: 32; height: auto; border: round $primary; padding: 0 1; }
    #hand-box { height: auto; border: round $secondary; padding: 0 1; }
    #bid-box { height: auto; border: round $warning; padding: 0 1; }
    #status { height: auto; padding: 0 1; }
    #status.error { color: $error; text-style: bold; }
    #keys { dock: bottom; height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("ctrl+c", "quit", show=False, priority=True),
        Binding("q", "quit", show=False),
        Binding("h", "hint", show=False),
        Binding("s", "scores", show=False),
        Binding("l", "last_trick", show=False),
        Binding("plus", "pace(-1)", show=False),
        Binding("minus", "pace(1)", show=False),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("enter,space", "confirm", show=False),
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
    ]

    def __init__(self, session: Session, options: PlayOptions | None = None) -> None:
        super().__init__()
        self.session = session
        self.options = options or PlayOptions()
        self.lang: Language = self.options.lang
        self.pace = self.options.pace
        self.cursor = 0
        self.bid_choice = 0
        self.digits = ""
        #: The trick just finished, shown until the person goes on (or the pause ends).
        self.finished: TrickTaken | None = None
        self.waiting = False
        self.show_last = False
        self.notice: Text | None = Text(self.options.notice) if self.options.notice else None
        self.notice_error = False
        self._turn_seen = -1
        self._ranked = False

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with VerticalScroll(id="main"):
            with Horizontal(id="top"):
                yield Static(id="table")
                yield Static(id="trick")
            with Vertical(id="hand-box"):
                yield HandView(id="hand")
            with Vertical(id="bid-box"):
                yield BidView(id="bids")
            yield Static(id="status")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#hand-box").border_title = tr(self.lang, "your_hand")
        self.query_one("#bid-box").border_title = tr(self.lang, "bid")
        self.query_one("#table").border_title = tr(self.lang, "title")
        self.refresh_view()
        self.drive()

    # -- showing -------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Set every widget from the person's view and the app's own state."""
        session, lang = self.session, self.lang
        view = session.view
        seats = session.seats
        mine = session.turn is Turn.PERSON and not self.waiting
        if mine and self._turn_seen != session.moves:
            self._turn_seen = session.moves
            self._start_turn()
        bots = [session.bot_name(seat) for seat in range(len(seats))]
        # Between deals, while its last trick is still shown, the table shows that deal.
        between = view.phase is Phase.DEALING or view.phase is Phase.OVER
        scored = view.results[-1] if between and view.results else None
        if scored is not None and (self.finished is not None or view.phase is Phase.OVER):
            number = len(view.results)
            header = render.deal_header(
                number, view.rules, scored.hand_size, scored.dealer, seats, lang
            )
            shown = render.TableState.scored(view, scored)
        else:
            header = render.deal_header(
                view.deal_index + 1, view.rules, view.hand_size, view.dealer, seats, lang
            )
            shown = render.TableState.of(view)
        self.query_one("#header", Static).update(header)
        self.query_one("#table", Static).update(render.table(shown, seats, bots, lang))
        self._show_trick()
        hand = self.query_one(HandView)
        hand.lang = lang
        hand.cards = view.hand
        hand.legal = frozenset(a.card for a in view.legal_actions if not isinstance(a, Bid))
        hand.cursor = self.cursor if mine and view.phase is Phase.PLAYING else -1
        bidding = mine and view.phase is Phase.BIDDING
        self.query_one("#bid-box").display = bidding
        bids = self.query_one(BidView)
        bids.lang = lang
        bids.hand_size = view.hand_size
        bids.allowed = frozenset(a.value for a in view.legal_actions if isinstance(a, Bid))
        bids.cursor = self.bid_choice
        self._show_status(mine, bidding)

    def _show_trick(self) -> None:
        session, lang = self.session, self.lang
        view = session.view
        panel = self.query_one("#trick", Static)
        if self.finished is not None:
            panel.border_title = tr(lang, "trick_title", number=self.finished.number + 1)
            trick = self.finished.trick
            panel.update(render.finished_trick(trick, view.players, session.seats, lang))
        elif self.show_last:
            panel.border_title = tr(lang, "last_trick_title")
            last = session.last_trick
            if last is None:
                panel.update(tr(lang, "no_last_trick"))
            else:
                panel.update(render.finished_trick(last, view.players, session.seats, lang))
        else:
            panel.border_title = tr(lang, "trick_title", number=len(view.tricks) + 1)
            panel.update(render.current_trick(view, session.seats, lang))

    def _start_turn(self) -> None:
        view = self.session.view
        legal = set(view.legal_actions)
        ordered = sort_hand(view.hand)
        self.cursor = next((i for i, c in enumerate(ordered) if PLAYS[c.index] in legal), 0)
        bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
        self.bid_choice = 0 if 0 in bids else (bids[0] if bids else 0)
        self.digits = ""

    def _show_status(self, mine: bool, bidding: bool) -> None:
        lang = self.lang
        session = self.session
        view = session.view
        error = False
        text: Text | str = ""
        if self.waiting and self.finished is not None:
            name = seat_name(session.seats, self.finished.trick.winner, lang)
            text = tr(lang, "trick_done", name=name, number=self.finished.number + 1)
            if view.phase is not Phase.PLAYING and view.results:
                text += "\n" + self._deal_points()
            keys = "keys_wait"
        else:
            if self.notice is not None:
                text, error = self.notice, self.notice_error
            elif mine:
                text = tr(lang, "your_bid", k=view.hand_size) if bidding else tr(lang, "your_card")
            elif session.turn is Turn.BOT and view.current_seat is not None:
                text = tr(lang, "waiting", name=seat_name(session.seats, view.current_seat, lang))
            keys = "keys_bid" if bidding else "keys_play"
            if session.turn is Turn.OVER:
                keys = "keys_over"
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(error, "error")
        self.query_one("#keys", Static).update(tr(lang, keys))

    def _deal_points(self) -> str:
        view = self.session.view
        result = view.results[-1]
        names = [seat_name(self.session.seats, s, self.lang) for s in range(view.players)]
        cells = ", ".join(
            f"{name} {result.scores[s]:+d} ({view.totals[s]})" for s, name in enumerate(names)
        )
        return tr(self.lang, "deal_points", number=len(view.results), cells=cells)

    def say(self, message: str, *, error: bool = False) -> None:
        self.notice = Text(message)
        self.notice_error = error
        self.refresh_view()

    # -- the game moving on ---------------------------------------------------------------

    def note(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, TrickTaken):
                self.finished = event
                self.waiting = self.options.pause is None
        self.refresh_view()

    @work(exclusive=True, group="drive")
    async def drive(self) -> None:
        """Deal and let the bots play until the person is to act, a trick waits, or the end."""
        session = self.session
        while not self.waiting:
            if self.finished is not None:
                await asyncio.sleep(self.options.pause or 0)
                self.finished = None
                self.refresh_view()
            turn = session.turn
            if turn is Turn.PERSON:
                break
            if turn is Turn.OVER:
                self.show_ranking()
                break
            if turn is Turn.DEAL:
                events = session.deal()
            else:
                self.refresh_view()
                action = await asyncio.to_thread(session.bot_move())
                events = session.act(action)
            self.note(events)
            if turn is Turn.BOT and self.finished is None and self.pace > 0:
                await asyncio.sleep(self.pace)
        self.refresh_view()

    def show_ranking(self) -> None:
        if self._ranked:
            return
        self._ranked = True
        view = self.session.view
        self.push_screen(RankingScreen(view.results, view.totals, self.session.seats, self.lang))

    def act(self, action: PlayerAction) -> None:
        """The person's bid or card: applied, or refused with the rule's reason."""
        if self.session.turn is not Turn.PERSON or self.waiting:
            return
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self.bell()
            self.say(refusal_text(err, self.lang), error=True)
            return
        self.notice = None
        self.show_last = False
        self.note(events)
        self.drive()

    # -- keys and clicks -----------------------------------------------------------------

    def action_confirm(self) -> None:
        if self.waiting:
            self.waiting = False
            self.finished = None
            self.notice = None
            self.refresh_view()
            self.drive()
            return
        if self.session.turn is not Turn.PERSON:
            return
        view = self.session.view
        if view.phase is Phase.BIDDING:
            self.digits = ""
            self.act(BIDS[self.bid_choice])
        else:
            ordered = sort_hand(view.hand)
            if ordered:
                self.act(PLAYS[ordered[min(self.cursor, len(ordered) - 1)].index])

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        ordered = sort_hand(self.session.view.hand)
        if message.card in ordered:
            self.cursor = ordered.index(message.card)
        self.act(PLAYS[message.card.index])

    def on_bid_view_chosen(self, message: BidView.Chosen) -> None:
        self.bid_choice = message.value
        self.act(BIDS[message.value])

    def action_move(self, step: int) -> None:
        view = self.session.view
        if self.session.turn is not Turn.PERSON:
            return
        if view.phase is Phase.BIDDING:
            self.bid_choice = min(max(self.bid_choice + step, 0), view.hand_size)
            self.digits = ""
        elif view.hand:
            self.cursor = (self.cursor + step) % len(view.hand)
        self.refresh_view()

    def action_row(self, step: int) -> None:
        view = self.session.view
        if self.session.turn is not Turn.PERSON or view.phase is not Phase.PLAYING:
            return
        groups = [cards for _, cards in hand_groups(view.hand)]
        starts = [sum(len(g) for g in groups[:i]) for i in range(len(groups))]
        row = max(i for i, start in enumerate(starts) if start <= self.cursor)
        offset = self.cursor - starts[row]
        target = min(max(row + step, 0), len(groups) - 1)
        self.cursor = starts[target] + min(offset, len(groups[target]) - 1)
        self.refresh_view()

    def action_digit(self, digit: int) -> None:
        view = self.session.view
        if self.session.turn is not Turn.PERSON or view.phase is not Phase.BIDDING:
            return
        typed = self.digits + str(digit)
        self.digits = typed if int(typed) <= view.hand_size and len(typed) <= 2 else str(digit)
        self.bid_choice = min(int(self.digits), view.hand_size)
        self.refresh_view()

    def action_pace(self, step: int) -> None:
        self.pace = round(min(max(self.pace + step * PACE_STEP, 0.0), PACE_MAX), 1)
        self.say(tr(self.lang, "pace", seconds=self.pace))

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.refresh_view()

    def action_scores(self) -> None:
        view = self.session.view
        self.push_screen(ScoreScreen(view.results, view.totals, self.session.seats, self.lang))

    def action_hint(self) -> None:
        if self.session.turn is not Turn.PERSON or self.waiting:
            self.say(tr(self.lang, "no_hint"))
            return
        self.say(tr(self.lang, "thinking_hints"))
        self.compute_hints()

    @work(exclusive=True, group="hints")
    async def compute_hints(self) -> None:
        moves = self.session.moves
        hints = await asyncio.to_thread(self.session.hint_task(self.options.hint_playouts))
        if self.session.moves != moves:
            return  # the game has moved on: these hints are stale
        self.notice = render.hints(hints, self.session.view.bids[self.session.person], self.lang)
        self.refresh_view()
