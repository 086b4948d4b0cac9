"""``ascenseur play``: one person against bots, full screen (Textual).

The app is the only part of the interface that talks to the game, and only through its
:class:`~ascenseur.session.Session`: it reads the person's view and the session's public
events, sets what the widgets show, and hands the person's choices (keys, or clicks the
widgets report as messages) to :meth:`Session.act`. Bots think in a worker thread from their
own view; their moves appear one by one at the chosen pace, a finished trick stays on the
table until the person goes on (or for a set pause), and a finished deal's result stays until
the person goes on.

The screen is a column: the header, the table and the trick (scrolling when there are more
seats than lines), then — always in view — the hand, the bid choices and the status lines
(whose turn, the bids against the cards, a hint), then the keys. A tall terminal also shows
the deal's log below the table and the trick.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from ascenseur.bots.hints import DEFAULT_PLAYOUTS
from ascenseur.bots.readiness import prepare, search_is_ready
from ascenseur.core.actions import BIDS, MY_CARD, PLAYS, Bid, MyCard, Play, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.core.errors import AscenseurError
from ascenseur.core.state import Phase
from ascenseur.review import (
    DEFAULT_BUDGET,
    DEFAULT_JOBS,
    Review,
    ReviewBudget,
    ReviewCache,
    budget_of,
)
from ascenseur.session import DealScored, Event, Session, TrickTaken, Turn
from ascenseur.text.messages import decimal, tr
from ascenseur.text.notation import echo, is_my_card, read_card
from ascenseur.text.refusals import refusal_text
from ascenseur.text.words import (
    allowed_bids,
    bids_against_cards,
    blind_text,
    deal_log,
    hand_groups,
    knight_note,
    last_trick_title,
    scored_deal_log,
    seat_name,
    sort_hand,
)
from ascenseur.tui import render
from ascenseur.tui.base_app import AscenseurApp
from ascenseur.tui.review_app import ReviewProgressScreen, ReviewRequest, ReviewScreen
from ascenseur.tui.screens import CardEntry, HelpScreen, LogScreen, RankingScreen, ScoreScreen
from ascenseur.tui.widgets import BidView, HandView
from ascenseur.userdata import data_dir

PACE_STEP = 0.2
PACE_MAX = 3.0
#: From this many columns, the table names the bots' levels in full.
WIDE = 110
#: From this many rows, the deal's log is shown below the table and the trick.
TALL = 34


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """How the game is shown: language, seconds per bot move, how long a trick stays, and the
    person's choices of a bell on their turn and of a forced card played for them."""

    lang: Language = "en"
    pace: float = 0.6
    #: Seconds a finished trick stays before play goes on; None: until the person continues.
    pause: float | None = None
    hint_playouts: int = DEFAULT_PLAYOUTS
    notice: str = ""
    #: Ring the terminal's bell when it is the person's turn.
    bell: bool = False
    #: Play the person's card for them when only one is legal.
    auto_play: bool = False
    #: How hard the expert searches each decision of the review (``r`` at the end), and in
    #: how many processes.
    review_budget: ReviewBudget = field(default_factory=lambda: budget_of(DEFAULT_BUDGET))
    review_jobs: int = DEFAULT_JOBS


class PlayApp(AscenseurApp):
    """The game screen: table, current trick, hand, bids, status, keys."""

    TITLE = "Tarot ascenseur"
    CSS = """
    #main { height: 1fr; }
    #table { width: 1fr; max-width: 76; height: auto; border: round $primary; padding: 0 1; }
    #log { height: auto; max-width: 104; border: round $primary; padding: 0 1; display: none; }
    #bottom { height: auto; max-height: 70%; }
    #hand-box { height: auto; border: round $secondary; padding: 0 1; }
    #bid-box { height: auto; padding: 0 1; }
    #status { max-height: 12; }
    """
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("q", "quit", show=False),
        Binding("h", "hint", show=False),
        Binding("s", "scores", show=False),
        Binding("l", "last_trick", show=False),
        Binding("g", "log", show=False),
        Binding("question_mark,f1", "help", show=False),
        Binding("colon", "type_card", show=False),
        Binding("m", "my_card", show=False),
        Binding("r", "review", show=False),
        Binding("n", "rematch", show=False),
        Binding("e", "export", show=False),
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
        #: The deal just scored, shown until the person goes on.
        self.result: DealScored | None = None
        self.waiting = False
        self.show_last = False
        self.notice: Text | None = Text(self.options.notice) if self.options.notice else None
        self.notice_error = False
        #: Whether the expert's search is still to be compiled (a cold cache: about a minute).
        self.cold = False
        self.hinting = False
        self._prepared = threading.Event()
        self._ready_check: Timer | None = None
        self._turn_seen = -1
        self._ranked = False

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with VerticalScroll(id="main"):
            with Horizontal(id="top"):
                yield Static(id="table")
                yield Static(id="trick")
            yield Static(id="log")
        with Vertical(id="bottom"):
            with Vertical(id="hand-box"):
                yield HandView(id="hand")
            with Vertical(id="bid-box"):
                yield BidView(id="bids")
            yield Static(id="status")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#hand-box").border_title = tr(self.lang, "your_hand")
        self.query_one("#table").border_title = tr(self.lang, "title")
        self.query_one("#log").border_title = tr(self.lang, "log_title")
        self._fit(self.size.height)
        self.get_ready()
        self.refresh_view()
        self.drive()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)
        self.refresh_view()  # the key bar fits the new width

    def _fit(self, height: int) -> None:
        self.query_one("#log").display = height >= TALL

    def get_ready(self) -> None:
        """Load the expert's compiled search in the background, so the first hint or expert
        move does not wait for it; while a cold cache compiles, a hint or an expert's move
        asked for meanwhile says why it takes long.

        A daemon thread of its own, not a worker: quitting mid-compilation must not wait for
        it (numba writes each cache file whole, so an interrupted compile leaves none half).
        """
        self.cold = not search_is_ready()
        threading.Thread(target=self._prepare, name="ascenseur-prepare", daemon=True).start()
        if self.cold:
            self._ready_check = self.set_interval(0.5, self._search_ready)

    def _prepare(self) -> None:
        prepare()
        self._prepared.set()  # the app looks (a thread never calls into a closing app)

    def _search_ready(self) -> None:
        if self._prepared.is_set() and self._ready_check is not None:
            self._ready_check.stop()
            self._ready_check = None
            self.cold = False
            self.refresh_view()

    def _expert_thinking(self) -> bool:
        seat = self.session.view.current_seat
        if self.session.turn is not Turn.BOT or seat is None:
            return False
        return (self.session.bot_name(seat) or "").startswith("expert")

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
        wide = self.size.width >= WIDE
        # Between deals, while its result is shown, the table shows that deal.
        between = view.phase is Phase.DEALING or view.phase is Phase.OVER
        scored = view.results[-1] if between and view.results else None
        if scored is not None and (self.waiting or view.phase is Phase.OVER):
            number = len(view.results)
            header = render.deal_header(
                number, view.rules, scored.hand_size, scored.dealer, seats, lang
            )
            shown = render.TableState.scored(view, scored)
            table = render.table(shown, seats, bots, lang, wide=wide)
            self.query_one("#table", Static).update(table)
        else:
            header = render.deal_header(
                view.deal_index + 1, view.rules, view.hand_size, view.dealer, seats, lang
            )
            shown = render.TableState.of(view)
            table = render.table(shown, seats, bots, lang, wide=wide)
            self.query_one("#table", Static).update(table)
        self.query_one("#header", Static).update(header)
        self._show_trick()
        log = self._log_lines()
        self.query_one("#log", Static).update("\n".join(log) or tr(lang, "log_empty"))
        self.query_one("#hand-box").border_subtitle = knight_note(view.hand, lang)
        # While a deal's result waits, there is no hand to show: its rows go to the table.
        self.query_one("#hand-box").display = not (self.waiting and self.result is not None)
        hand = self.query_one(HandView)
        hand.lang = lang
        hand.cards = view.hand
        hand.legal = frozenset(a.card for a in view.legal_actions if isinstance(a, Play))
        dealt = view.phase is Phase.BIDDING or view.phase is Phase.PLAYING
        blind = view.is_blind and dealt and not view.hand
        hand.blind = blind_text(view, seats, lang) if blind else ""
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
            last = session.last_trick
            panel.border_title = last_trick_title(lang, session.last_trick_deal, view.deal_index)
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
        if self.options.bell:
            self.bell()

    def _show_status(self, mine: bool, bidding: bool) -> None:
        """The status: the deal's result or the finished trick while they wait, else whose
        turn it is — always, whatever notice (hint, refusal, pace) shows below it."""
        lang = self.lang
        session = self.session
        view = session.view
        status = self.query_one("#status", Static)
        lines: list[Text] = []
        error = False
        if self.waiting and self.result is not None:
            result = self.result
            number = result.deal_index + 1
            lines.append(render.deal_result(number, result.result, session.seats, lang))
            keys = "keys_wait"
        elif self.waiting and self.finished is not None:
            name = seat_name(session.seats, self.finished.trick.winner, lang)
            lines.append(Text(tr(lang, "trick_done", name=name, number=self.finished.number + 1)))
            keys = "keys_wait"
        else:
            if mine and bidding:
                legal = [a.value for a in view.legal_actions if isinstance(a, Bid)]
                choices = allowed_bids(legal, lang)
                lines.append(Text(tr(lang, "your_bid_of", choices=choices), style="bold"))
            elif mine and MY_CARD in view.legal_actions:
                lines.append(Text(tr(lang, "blind_play"), style="bold"))
            elif mine:
                lines.append(Text(tr(lang, "your_card"), style="bold"))
            elif session.turn is Turn.BOT and view.current_seat is not None:
                name = seat_name(session.seats, view.current_seat, lang)
                lines.append(Text(tr(lang, "waiting", name=name)))
            if view.phase is Phase.BIDDING or view.phase is Phase.PLAYING:
                # What every player watches, kept in view below the table whatever its size.
                balance = bids_against_cards(view, lang, session.seats)
                lines.append(Text(balance, style="italic"))
            if self.notice is not None:
                notice = self.notice.copy()
                if self.notice_error:
                    notice.stylize("bold red")
                    error = True
                lines.append(notice)
            keys = "keys_bid" if bidding else "keys_play"
            if session.turn is Turn.OVER:
                keys = "keys_over"
        if self.cold and (self.hinting or self._expert_thinking()):
            lines.append(Text(tr(lang, "cold_cache"), style="italic"))
        status.update(Text("\n").join(lines))
        status.set_class(error, "error")
        self.query_one("#keys", Static).update(render.key_bar(tr(lang, keys), self.size.width - 2))

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
            elif isinstance(event, DealScored):
                self.result = event
                self.waiting = True  # a deal's result stays until the person goes on
        self.refresh_view()

    @work(exclusive=True, group="drive")
    async def drive(self) -> None:
        """Deal and let the bots play until the person is to act, a trick or a deal's result
        waits, or the end."""
        session = self.session
        while not self.waiting:
            if self.finished is not None:
                await asyncio.sleep(self.options.pause or 0)
                self.finished = None
                self.refresh_view()
            turn = session.turn
            if turn is Turn.PERSON:
                forced = self._forced()
                if forced is None:
                    break
                events = session.act(forced)
                self.notice = Text(tr(self.lang, "forced_played", card=forced.display(self.lang)))
                self.notice_error = False
                self.note(events)
                continue
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

    def _forced(self) -> Play | MyCard | None:
        """The person's only legal card, when the option plays it for them ("my card" in a
        blind deal, H5, is always the only one)."""
        view = self.session.view
        if not self.options.auto_play or view.phase is not Phase.PLAYING:
            return None
        legal = view.legal_actions
        only = legal[0] if len(legal) == 1 else None
        return only if isinstance(only, Play | MyCard) else None

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
        except AscenseurError as err:
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
            self.result = None
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
        elif MY_CARD in view.legal_actions:
            self.act(MY_CARD)
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
        if not view.hand:  # a blind deal (H5): nothing to move over
            return
        groups = [cards for _, cards in hand_groups(view.hand)]
        starts = [sum(len(g) for g in groups[:i]) for i in range(len(groups))]
        row = max(i for i, start in enumerate(starts) if start <= self.cursor)
        offset = self.cursor - starts[row]
        target = min(max(row + step, 0), len(groups) - 1)
        self.cursor = starts[target] + min(offset, len(groups[target]) - 1)
        self.refresh_view()

    def action_digit(self, digit: int) -> None:
        """Digits type a bid (10 and more too: ``1`` then ``2``); while playing, the number of
        a trump of the hand (as the hand shows trumps), which the cursor goes to."""
        view = self.session.view
        if self.session.turn is not Turn.PERSON or self.waiting:
            return
        typed = self.digits + str(digit)
        if view.phase is Phase.BIDDING:
            fits = len(typed) <= 2 and int(typed) <= view.hand_size
            self.digits = typed if fits else str(digit)
            self.bid_choice = min(int(self.digits), view.hand_size)
        elif view.phase is Phase.PLAYING:
            ordered = sort_hand(view.hand)
            ranks = {c.rank: i for i, c in enumerate(ordered) if c.is_trump}
            self.digits = typed if len(typed) <= 2 and int(typed) in ranks else str(digit)
            if int(self.digits) in ranks:
                self.cursor = ranks[int(self.digits)]
        self.refresh_view()

    def action_pace(self, step: int) -> None:
        self.pace = round(min(max(self.pace + step * PACE_STEP, 0.0), PACE_MAX), 1)
        self.say(tr(self.lang, "pace", seconds=decimal(self.lang, self.pace)))

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.refresh_view()

    def action_scores(self) -> None:
        view = self.session.view
        self.push_screen(ScoreScreen(view.results, view.totals, self.session.seats, self.lang))

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.session.rules, self.lang))

    def action_log(self) -> None:
        self.push_screen(LogScreen(self._log_lines(), self.lang))

    def _log_lines(self) -> list[str]:
        """The deal in play so far; between two deals and at the end, the deal just over."""
        session = self.session
        view = session.view
        seats, count = session.seats, view.rules.deal_count
        scored = session.scored_deal()
        if scored is not None and (view.phase is Phase.DEALING or view.phase is Phase.OVER):
            result, tricks = scored
            number = len(view.results)
            return scored_deal_log(number, result, tricks, view.totals, seats, count, self.lang)
        return deal_log(view, seats, count, self.lang)

    def action_my_card(self) -> None:
        """``m``: play "my card", the one play of a blind one-card deal (H5)."""
        view = self.session.view
        if self.session.turn is Turn.PERSON and view.phase is Phase.PLAYING:
            self.act(MY_CARD)

    def action_type_card(self) -> None:
        view = self.session.view
        if self.session.turn is not Turn.PERSON or view.phase is not Phase.PLAYING:
            return
        self.push_screen(CardEntry(self.lang), self._typed_card)

    def _typed_card(self, text: str | None) -> None:
        if not text:
            return
        if is_my_card(text):
            self.act(MY_CARD)
            return
        card = read_card(text, self.lang)
        if card is None:
            count = len(self.session.view.hand)
            self.say(tr(self.lang, "bad_card", text=echo(text), count=count), error=True)
            return
        ordered = sort_hand(self.session.view.hand)
        if card in ordered:
            self.cursor = ordered.index(card)
        self.act(PLAYS[card.index])

    def action_rematch(self) -> None:
        """At the end: a new game with the same settings (rules, name, bots)."""
        if self.session.turn is not Turn.OVER or self._reviewing():
            return
        self.session = self.session.rematch()
        self._ranked = False
        self._turn_seen = -1
        self.finished = None
        self.result = None
        self.waiting = False
        self.notice = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.refresh_view()
        self.drive()

    def action_review(self) -> None:
        """At the end: the expert's review of the person's game, computed in the background
        (kept: it opens at once the next time), then stepped through beside the replay."""
        session = self.session
        if session.turn is not Turn.OVER or self._reviewing():
            return
        request = ReviewRequest(
            state=session.state,
            seat=session.person,
            names=session.seats,
            budget=self.options.review_budget,
            jobs=self.options.review_jobs,
            cache=ReviewCache(data_dir() / "reviews"),
        )
        self.push_screen(ReviewProgressScreen(request, self.lang), self._show_review)

    def _reviewing(self) -> bool:
        """Whether a review is on screen (its keys are its own: the game's wait)."""
        return isinstance(self.screen, ReviewProgressScreen | ReviewScreen)

    def _show_review(self, review: Review | None) -> None:
        if review is None:  # stopped
            return
        session = self.session
        self.push_screen(
            ReviewScreen(review, session.state, session.person, session.seats, self.lang)
        )

    def action_export(self) -> None:
        """At the end: the game's record written beside us (``ascenseur export`` does it for
        any game), and where it is said on the ranking (or the status line)."""
        if self.session.turn is not Turn.OVER:
            return
        try:
            path = self.session.export()
        except (OSError, AscenseurError) as err:
            text, error = tr(self.lang, "export_failed", why=str(err)), True
        else:
            text, error = tr(self.lang, "exported", path=path), False
        if isinstance(self.screen, RankingScreen):
            self.screen.tell(text, error=error)
        else:
            self.say(text, error=error)

    def action_hint(self) -> None:
        if self.session.turn is not Turn.PERSON or self.waiting:
            self.say(tr(self.lang, "no_hint"))
            return
        self.say(tr(self.lang, "thinking_hints"))
        self.compute_hints()

    @work(exclusive=True, group="hints")
    async def compute_hints(self) -> None:
        moves = self.session.moves
        self.hinting = True
        self.refresh_view()
        try:
            hints = await asyncio.to_thread(self.session.hint_task(self.options.hint_playouts))
        finally:
            self.hinting = False
        if self.session.moves != moves:
            return  # the game has moved on: these hints are stale
        self.notice = render.hints(hints, self.session.view.bids[self.session.person], self.lang)
        self.notice_error = False
        self.refresh_view()
