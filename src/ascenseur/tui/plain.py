"""``ascenseur play --plain``: the same game as lines of text, for screen readers and scripts.

Everything that happens is printed as a sentence; at the person's turn a prompt asks for a bid
or a card. Any input is read safely: what is not a bid, a card or a command is explained and
asked again. The end of input or ``q`` stops the game, which is saved after every action
anyway; the exit status tells a finished game (:data:`FINISHED`) from one that stopped before
its end (:data:`STOPPED`).
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from ascenseur.bots.hints import DEFAULT_PLAYOUTS
from ascenseur.bots.readiness import search_is_ready
from ascenseur.core.actions import BIDS, MY_CARD, PLAYS, Bid, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation
from ascenseur.core.state import Phase
from ascenseur.review import DEFAULT_BUDGET, ReviewBudget, ReviewCache, budget_of, review_record
from ascenseur.session import Dealt, Event, GameOver, Session, TrickTaken, Turn
from ascenseur.text.advice import advice_lines
from ascenseur.text.help import help_lines
from ascenseur.text.messages import count, percent, tr
from ascenseur.text.notation import card_names, echo, is_my_card, read_bid, read_card
from ascenseur.text.refusals import refusal_text
from ascenseur.text.review import review_lines, time_left
from ascenseur.text.rules import rules_lines, schedule_words
from ascenseur.text.words import (
    allowed_bids,
    bids_against_cards,
    blind_text,
    bot_label,
    event_lines,
    knight_note,
    last_trick_title,
    progress,
    ranking_lines,
    seat_name,
    sort_hand,
    trick_cards,
    trick_leader,
)
from ascenseur.userdata import data_dir

#: Exit status: the game is over.
FINISHED = 0
#: Exit status: the game stopped before its end (input ended, or ``q``); it is saved.
STOPPED = 3
#: Exit status: interrupted (Ctrl-C); the game is saved.
INTERRUPTED = 130
#: At most this much of a refused input is repeated back.
ECHO = 40

_QUIT = ("q", "quit", "quitter")
_HELP = ("?", "help", "aide")
_RULES = ("r", "rules", "regles", "règles")
_HINT = ("h", "hint", "conseil")
_SCORES = ("s", "scores", "score")
_LAST = ("l", "last", "dernier")
_TABLE = ("t", "table")
_EXPORT = ("e", "export", "exporter")
_REVIEW = ("r", "review", "revue")


class PlainGame:
    """The line-based game loop around a :class:`Session`."""

    def __init__(
        self,
        session: Session,
        lang: Language,
        stdin: TextIO,
        stdout: TextIO,
        *,
        hint_playouts: int = DEFAULT_PLAYOUTS,
        bell: bool = False,
        auto_play: bool = False,
        pace: float = 0,
        pause: float = 0,
        command: Callable[[Sequence[str]], str] = lambda args: shlex.join(["ascenseur", *args]),
        review_budget: ReviewBudget | None = None,
        review_jobs: int = 1,
    ) -> None:
        self.session = session
        self.lang = lang
        self.stdin = stdin
        self.stdout = stdout
        self.hint_playouts = hint_playouts
        #: Ring the bell (BEL) with the prompt; play a forced card without asking.
        self.bell = bell
        self.auto_play = auto_play
        #: Seconds after each bot's move, and after each finished trick (``--pace``,
        #: ``--pause``): time to follow the game as it is printed or read aloud.
        self.pace = pace
        self.pause = pause
        #: How ``ascenseur ARGS`` is typed here (``make play ARGS=…`` after ``make play``).
        self.command_line = command
        #: How hard the expert searches each decision of the review (``r`` at the end), and
        #: in how many processes.
        self.review_budget = review_budget or budget_of(DEFAULT_BUDGET)
        self.review_jobs = review_jobs
        self.ended = False
        self.warned_cold = False
        self.knight_told = False

    def say(self, *lines: str) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def run(self) -> int:
        """Play until the game is over (:data:`FINISHED`) or the input ends or the person
        quits (:data:`STOPPED`); the exit status."""
        self.intro()
        try:
            while True:
                turn = self.session.turn
                if turn is Turn.OVER:
                    if not self.ended:  # a finished game was resumed: say how it ended
                        view = self.session.view
                        self.say(tr(self.lang, "game_over"))
                        self.say(*ranking_lines(view.totals, self.session.seats, self.lang))
                    self.say(*self.saved())
                    if not self.rematch():
                        return FINISHED
                    continue
                if turn is Turn.PERSON:
                    if not self.person_turn():
                        return STOPPED
                else:
                    if self._expert_to_act():
                        self.warn_if_cold()
                    bot = turn is Turn.BOT
                    self.show(self.session.advance())
                    if bot and self.pace:
                        time.sleep(self.pace)
        except KeyboardInterrupt:
            self.say("", tr(self.lang, "interrupted"), *self.saved())
            return INTERRUPTED

    def rematch(self) -> bool:
        """Offer a new game with the same settings, or the finished game's record; True when
        the person takes a new game."""
        while True:
            self.stdout.write(tr(self.lang, "rematch_prompt"))
            self.stdout.flush()
            answer = self.stdin.readline().strip().casefold()
            if answer in _EXPORT:
                self.say(self.export())
            elif answer in _REVIEW:
                self.say(*self.review())
            else:
                break
        if answer not in ("y", "yes", "o", "oui"):
            self.say("")
            return False
        self.session = self.session.rematch()
        self.ended = False
        self.say("")
        self.intro()
        return True

    def _expert_to_act(self) -> bool:
        seat = self.session.state.current_seat
        name = self.session.bot_name(seat) if seat is not None else None
        return name is not None and name.startswith("expert")

    def warn_if_cold(self) -> None:
        """Say once that the expert's first decision will compile its search (cold cache)."""
        if not self.warned_cold and not search_is_ready():
            self.say(tr(self.lang, "cold_cache"))
        self.warned_cold = True

    def intro(self) -> None:
        rules = self.session.rules
        lang = self.lang
        hook = tr(lang, "intro_hook") if rules.hook else ""
        person = self.session.seats[self.session.person]
        self.say(
            tr(lang, "title"),
            tr(
                lang,
                "intro",
                players=rules.players,
                schedule=schedule_words(rules, lang),
                deals=count(lang, rules.deal_count, "deal"),
                hook=hook,
                name=person,
            ),
            tr(lang, "bots_line", bots=", ".join(self._bot_labels())),
        )
        if not rules.is_seed:  # the table's house rules (RULES.md §7), said once
            self.say(*rules_lines(rules, lang)[1:])
        for seat, (wanted, used) in sorted(self.session.replaced.items()):
            self.say(tr(lang, "bot_replaced", wanted=wanted, used=used, seat=seat))
        if self.session.path is not None:
            self.say(tr(lang, "saved_in", path=self.session.path))
        view = self.session.view
        if view.phase is Phase.BIDDING or view.phase is Phase.PLAYING:  # a game resumed
            cards = count(lang, view.hand_size, "card")
            number = view.deal_index + 1
            self.say(tr(lang, "resumed_at", number=number, count=rules.deal_count, cards=cards))
        self.say(tr(lang, "help_hint"))

    def _bot_labels(self) -> list[str]:
        session = self.session
        return [
            f"{seat_name(session.seats, seat, self.lang)} "
            f"({bot_label(session.bot_name(seat) or '', self.lang)})"
            for seat in range(len(session.seats))
            if seat != session.person
        ]

    def saved(self) -> list[str]:
        if self.session.path is None:
            return []
        lines = [tr(self.lang, "saved_in", path=self.session.path)]
        if self.session.turn is not Turn.OVER:
            resume = self.command_line(["play", "--resume", self.session.table.id])
            lines.append(tr(self.lang, "resume_with", command=resume))
        return lines

    def export(self) -> str:
        """Write the game's record beside us (``e`` at the end); where it is, or why not."""
        try:
            path = self.session.export()
        except (OSError, AscenseurError) as err:
            return tr(self.lang, "export_failed", why=str(err))
        return tr(self.lang, "exported", path=path)

    def review(self) -> list[str]:
        """The expert's review of the person's game (``r`` at the end), as text; its progress
        said as it goes, a sentence a quarter (kept: the same review is at once the next
        time)."""
        session = self.session
        progress = PlainProgress(self.say, self.lang)
        try:
            review = review_record(
                session.state,
                [session.person],
                self.review_budget,
                names=session.seats,
                jobs=self.review_jobs,
                progress=progress,
                cache=ReviewCache(data_dir() / "reviews"),
            )
        except (OSError, AscenseurError) as err:
            return [tr(self.lang, "review_failed", why=str(err))]
        return ["", *review_lines(review, self.lang), ""]

    def show(self, events: list[Event]) -> None:
        deals = self.session.rules.deal_count
        for event in events:
            if isinstance(event, Dealt):
                self.say("")
            self.ended = self.ended or isinstance(event, GameOver)
            self.say(*event_lines(event, self.session.seats, deals, self.lang))
            if isinstance(event, TrickTaken) and self.pause:
                time.sleep(self.pause)

    # -- the person's turn -------------------------------------------------------------------

    def person_turn(self) -> bool:
        """Ask until a legal action is taken (True) or the person stops (False)."""
        view = self.session.view
        self.describe(view)
        legal = view.legal_actions
        if self.auto_play and view.phase is Phase.PLAYING and len(legal) == 1:
            only = legal[0]
            self.say(tr(self.lang, "forced_played", card=only.display(self.lang)))
            self.show(self.session.act(only))
            return True
        if view.phase is Phase.BIDDING:
            ask = self._bid_prompt(view)
        elif MY_CARD in legal:
            ask = tr(self.lang, "blind_prompt")
        else:
            ask = self._card_prompt()
        if self.bell:
            ask = "\a" + ask
        if view.phase is Phase.BIDDING:
            self.say(tr(self.lang, "your_bid_of", choices=self._choices(view)))
        while True:
            self.stdout.write(ask)
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say("", tr(self.lang, "end_of_input"), *self.saved())
                return False
            text = line.strip()
            word = text.casefold()
            if not text:
                continue
            if word in _QUIT:
                self.say(*self.saved())
                return False
            if self.command(word, view):
                continue
            action = self.parse(text, view)
            if action is None:
                continue
            try:
                events = self.session.act(action)
            except AscenseurError as err:  # the rules' refusal, said with its reason
                self.say(refusal_text(err, self.lang))
                continue
            self.show(events)
            return True

    def command(self, word: str, view: Observation) -> bool:
        """Run a help/hint/table/scores/last-trick command; False if ``word`` is none."""
        lang = self.lang
        actions: dict[tuple[str, ...], Callable[[], list[str]]] = {
            _HELP: lambda: [tr(lang, "plain_help", cards=card_names(lang, bare_trumps=False))],
            _RULES: lambda: help_lines(self.session.rules, lang),
            _HINT: lambda: self.hint_lines(view),
            _SCORES: lambda: self.sheet_lines(view),
            _LAST: self.last_trick_lines,
            _TABLE: lambda: self.table_lines(view),
        }
        for words, run in actions.items():
            if word in words:
                self.say(*run())
                return True
        return False

    def describe(self, view: Observation) -> None:
        lang = self.lang
        if view.is_blind and not view.hand:  # H5: the others' cards, never the seat's own
            self.say(blind_text(view, self.session.seats, lang))
        else:
            hand = ", ".join(
                f"[{i}] {card.display(lang)}" for i, card in enumerate(sort_hand(view.hand), 1)
            )
            self.say(tr(lang, "hand_line", cards=hand))
        note = knight_note(view.hand, lang)
        if note and not self.knight_told:
            self.knight_told = True
            self.say(f"({note})")
        if view.phase is Phase.BIDDING and view.rules.simultaneous:
            self.say(bids_against_cards(view, lang, self.session.seats))
            return
        if view.phase is Phase.BIDDING:
            self.say(tr(lang, "bids_line", bids=self._bids(view)))
            return
        number = len(view.tricks) + 1
        if view.trick:
            winning = trick_leader(view)
            cards = ", ".join(
                f"{seat_name(self.session.seats, s, lang)} {c.display(lang)}"
                + (f" ({tr(lang, 'winning')})" if s == winning else "")
                for s, c in view.trick
            )
            self.say(tr(lang, "trick_line", number=number, cards=cards))
        else:
            self.say(tr(lang, "trick_empty", number=number))
        legal = [a.display(lang) for a in view.legal_actions]
        self.say(tr(lang, "legal_line", cards=", ".join(legal)))

    def _bids(self, view: Observation) -> str:
        n = view.players
        first = (view.dealer + 1) % n
        made = [(first + i) % n for i in range(n) if view.bids[(first + i) % n] is not None]
        if not made:
            return tr(self.lang, "no_bid")
        return ", ".join(
            f"{seat_name(self.session.seats, s, self.lang)} {view.bids[s]}" for s in made
        )

    def _bid_prompt(self, view: Observation) -> str:
        choices = self._choices(view)
        return tr(self.lang, "prompt_bid", choices=choices)

    def _choices(self, view: Observation) -> str:
        legal = [a.value for a in view.legal_actions if isinstance(a, Bid)]
        text = allowed_bids(legal, self.lang)
        ruled_out = [v for v in range(view.hand_size + 1) if v not in legal]
        if ruled_out:
            text += "; " + tr(self.lang, "hook_note", value=ruled_out[0])
        return text

    def _card_prompt(self) -> str:
        return tr(self.lang, "prompt_card")

    def parse(self, text: str, view: Observation) -> PlayerAction | None:
        """The action ``text`` names, or None after saying why it names none.

        A bid is a number; a card is its place in the hand as listed (``[3]``), or any
        notation the program shows (:func:`ascenseur.text.notation.read_card`) — a bare
        number past the hand's length is a trump.
        """
        shown = echo(text, ECHO)
        if view.phase is Phase.BIDDING:
            value = read_bid(text)
            if value is not None and value < len(BIDS):
                return BIDS[value]
            self.say(tr(self.lang, "bad_bid", text=shown, choices=self._choices(view)))
            return None
        if is_my_card(text) or (MY_CARD in view.legal_actions and read_bid(text) == 1):
            return MY_CARD
        hand = sort_hand(view.hand)
        place = read_bid(text)
        if place is not None and 1 <= place <= len(hand):
            return PLAYS[hand[place - 1].index]
        card = read_card(text, self.lang)
        if card is None:
            self.say(tr(self.lang, "bad_card", text=shown, count=len(hand)))
            return None
        return PLAYS[card.index]

    # -- what the commands show ----------------------------------------------------------------

    def hint_lines(self, view: Observation) -> list[str]:
        self.warn_if_cold()
        bid = view.bids[self.session.person]
        return advice_lines(self.session.hint_task(self.hint_playouts)(), bid, self.lang)

    def table_lines(self, view: Observation) -> list[str]:
        lang = self.lang
        lines = []
        sealed = view.bidders  # with closed fists, who has bid shows, not what (H4)
        for seat in range(view.players):
            marks = ""
            if seat == view.dealer:
                marks += ", " + tr(lang, "dealer_mark")
            bid = view.bids[seat]
            if bid is not None and view.phase is Phase.PLAYING:
                marks += ", " + progress(bid, view.tricks_won[seat], lang)
            shown: object = tr(lang, "no_bid") if bid is None else bid
            if bid is None and seat in sealed:
                shown = tr(lang, "has_bid_mark")
            lines.append(
                tr(
                    lang,
                    "table_line",
                    name=seat_name(self.session.seats, seat, lang),
                    bid=shown,
                    tricks=view.tricks_won[seat],
                    total=view.totals[seat],
                    marks=marks,
                )
            )
        lines.append(bids_against_cards(view, lang, self.session.seats))
        return lines

    def sheet_lines(self, view: Observation) -> list[str]:
        lang = self.lang
        seats = self.session.seats
        if not view.results:
            return [tr(lang, "scores_empty")]
        lines = [tr(lang, "scores_title"), tr(lang, "sheet_legend")]
        for number, result in enumerate(view.results, 1):
            cells = ", ".join(
                f"{seat_name(seats, s, lang)} "
                + tr(
                    lang,
                    "cell",
                    bid=result.bids[s],
                    tricks=result.tricks[s],
                    points=result.scores[s],
                )
                for s in range(view.players)
            )
            cards = count(lang, result.hand_size, "card")
            lines.append(tr(lang, "sheet_line", number=number, cards=cards, cells=cells))
        totals = ", ".join(
            f"{seat_name(seats, s, lang)} {view.totals[s]}" for s in range(view.players)
        )
        lines.append(tr(lang, "totals_line", cells=totals))
        return lines

    def last_trick_lines(self) -> list[str]:
        trick = self.session.last_trick
        if trick is None:
            return [tr(self.lang, "no_last_trick")]
        seats = self.session.seats
        name = seat_name(seats, trick.winner, self.lang)
        cards = trick_cards(trick, seats, len(seats), self.lang)
        title = last_trick_title(
            self.lang, self.session.last_trick_deal, self.session.view.deal_index
        )
        return [tr(self.lang, "last_trick_line", title=title, cards=cards, name=name)]


class PlainProgress:
    """A review's progress in sentences, for a screen reader or a log: how many decisions
    there are to weigh, then a sentence at each quarter with the time left."""

    QUARTERS = 4

    def __init__(self, say: Callable[[str], None], lang: Language) -> None:
        self.say = say
        self.lang = lang
        self.told = -1
        self.started: tuple[float, int] | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.told < 0:
            self.say(tr(self.lang, "review_plain_start", total=total))
            self.told = 0
        now = time.monotonic()
        if self.started is None:
            self.started = (now, done)
        quarter = self.QUARTERS * done // total if total else self.QUARTERS
        if quarter <= self.told or quarter >= self.QUARTERS:
            return
        self.told = quarter
        at, first = self.started
        left = ""
        if done > first:
            seconds = (now - at) / (done - first) * (total - done)
            left = tr(self.lang, "review_left", time=time_left(seconds))
        share = percent(self.lang, quarter / self.QUARTERS)
        self.say(tr(self.lang, "review_plain_progress", share=share, left=left))
