"""A game record as positions to step through, for ``ascenseur replay``; and its text listing.

A replay shows everything the record holds, every hand included: it is a look back at a game,
not a seat at the table. :class:`Timeline` keeps one snapshot per action; :func:`frame` tells
what a position shows; :func:`listing` writes the whole record as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ascenseur.core.actions import Action, Bid, Deal, Play
from ascenseur.core.cards import Card, Language
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealRecord, DealResult, GameState, Phase
from ascenseur.core.tricks import trick_winner
from ascenseur.files import read_record
from ascenseur.text.messages import count, tr
from ascenseur.text.words import dealt_line, ranking_lines, score_lines, seat_name, sort_hand


@dataclass(frozen=True, slots=True)
class Frame:
    """What one position of a replay shows (``deal`` None: before the first deal)."""

    deal: int | None  # 0-based
    hand_size: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # as dealt, sorted
    played: frozenset[Card]
    bids: tuple[int | None, ...]
    won: tuple[int, ...]
    trick_number: int  # 1-based
    trick: tuple[tuple[int, Card], ...]
    winner: int | None  # set when the trick shown is complete
    current: int | None
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]


class Timeline:
    """Every position of a recorded game, from before the first deal to the last action."""

    def __init__(self, rules: Rules, first_dealer: int, actions: Sequence[Action]) -> None:
        self.rules = rules
        self.states = [GameState(rules, first_dealer)]
        for action in actions:
            state = self.states[-1].clone()
            state.apply(action)
            self.states.append(state)
        self.actions = tuple(actions)
        self.index = 0
        n = rules.players
        self.deal_starts = [i + 1 for i, a in enumerate(actions) if isinstance(a, Deal)]
        self.trick_ends = [
            i + 1
            for i, a in enumerate(actions)
            if isinstance(a, Play) and len(self.states[i + 1].played) % n == 0
        ]

    @staticmethod
    def load(path: Path) -> tuple[Timeline, tuple[str, ...] | None]:
        """The timeline of a record file and its seat names; RecordError if it is not one."""
        state, seats = read_record(path)
        return Timeline(state.rules, state.first_dealer, state.history), seats

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> GameState:
        """The position shown (a snapshot: do not change it)."""
        return self.states[self.index]

    def go(self, index: int) -> None:
        self.index = min(max(index, 0), self.last)

    def step(self, count: int) -> None:
        """Move by ``count`` actions (negative: back)."""
        self.go(self.index + count)

    def trick(self, direction: int) -> None:
        """To the next (1) or previous (-1) end of a trick or start of a deal."""
        self._jump(sorted(set(self.trick_ends) | set(self.deal_starts)), direction)

    def deal(self, direction: int) -> None:
        """To the start of the next (1) or previous (-1) deal."""
        self._jump(self.deal_starts, direction)

    def _jump(self, stops: list[int], direction: int) -> None:
        if direction > 0:
            self.go(next((s for s in stops if s > self.index), self.last))
        else:
            self.go(next((s for s in reversed(stops) if s < self.index), 0))

    def description(self, seats: Sequence[str] | None, lang: Language) -> str:
        """The action that led to the position shown, in words; after a deal's last card,
        the deal's result too, and at the end of a finished game the ranking.

        A deal's cards being dealt is said without repeating the deal's number and dealer,
        which the replay's header already shows.
        """
        if self.index == 0:
            return tr(lang, "replay_start")
        before = self.states[self.index - 1]
        state = self.states[self.index]
        action = self.actions[self.index - 1]
        if isinstance(action, Deal):
            return tr(lang, "replay_dealt", cards=count(lang, before.hand_size, "card"))
        name = seat_name(seats, before.current_seat or 0, lang)
        if isinstance(action, Bid):
            return tr(lang, "bids", name=name, value=action.value)
        # The log names every card played, a blind one's too (H5): never MyCard here.
        card = action.card if isinstance(action, Play) else state.played[-1]
        lines = [tr(lang, "plays", name=name, card=card.display(lang))]
        if len(state.results) > len(before.results):  # this card ended the deal
            number = len(state.results)
            lines.append(tr(lang, "deal_scored", number=number))
            lines.extend(score_lines(state.results[-1], state.totals, seats, lang))
        if state.is_terminal():
            lines.append(tr(lang, "game_over"))
            lines.extend(ranking_lines(state.totals, seats, lang))
        return "\n".join(lines)


def deal_tricks(log: DealRecord, n: int) -> list[tuple[int, tuple[Card, ...], int | None]]:
    """``(leader, cards, winner)`` of each trick of a deal log; winner None while unfinished."""
    leader = (log.dealer + 1) % n
    out: list[tuple[int, tuple[Card, ...], int | None]] = []
    for start in range(0, len(log.cards), n):
        cards = log.cards[start : start + n]
        winner = (leader + trick_winner(cards)) % n if len(cards) == n else None
        out.append((leader, cards, winner))
        if winner is not None:
            leader = winner
    return out


def frame(state: GameState) -> Frame:
    """What a replay shows at ``state``: the deal in play, or the one just finished."""
    n = state.players
    logs = state.deal_logs()
    if not logs:
        return Frame(
            None, 0, state.dealer, ((),) * n, frozenset(), (None,) * n, (0,) * n, 1, (), None,
            None, state.totals, state.results,
        )  # fmt: skip
    log = logs[-1]
    live = state.phase is Phase.BIDDING or state.phase is Phase.PLAYING
    hands = tuple(tuple(sort_hand(list(hand))) for hand in log.hands)
    tricks = deal_tricks(log, n)
    won = state.tricks_won if live else state.results[-1].tricks
    trick: tuple[tuple[int, Card], ...] = ()
    winner = None
    if tricks:
        leader, cards, winner = tricks[-1]
        trick = tuple(((leader + i) % n, card) for i, card in enumerate(cards))
    return Frame(
        deal=len(logs) - 1,
        hand_size=len(log.hands[0]),
        dealer=log.dealer,
        hands=hands,
        played=frozenset(log.cards),
        bids=log.bids,
        won=won,
        trick_number=max(len(tricks), 1),
        trick=trick,
        winner=winner,
        current=state.current_seat,
        totals=state.totals,
        results=state.results,
    )


def listing(timeline: Timeline, seats: Sequence[str] | None, lang: Language) -> list[str]:
    """The whole record as text: each deal's hands, bids, tricks and scores; the ranking."""
    state = timeline.states[-1]
    rules = state.rules
    n = rules.players
    names = [seat_name(seats, s, lang) for s in range(n)]
    hook = tr(lang, "intro_hook") if rules.hook else ""
    deals = count(lang, len(state.deal_logs()), "deal")
    lines = [tr(lang, "record_title", deals=deals, players=n, hook=hook)]
    running = [0] * n
    for j, log in enumerate(state.deal_logs()):
        k = len(log.hands[0])
        lines.append("")
        lines.append(dealt_line(lang, j + 1, rules.deal_count, k, names[log.dealer]))
        for seat, hand in enumerate(log.hands):
            cards = ", ".join(c.display(lang) for c in sort_hand(list(hand)))
            lines.append("  " + tr(lang, "hand_of", name=names[seat], cards=cards))
        first = (log.dealer + 1) % n
        order = [(first + i) % n for i in range(n)]
        made = [f"{names[s]} {log.bids[s]}" for s in order if log.bids[s] is not None]
        lines.append("  " + tr(lang, "bids_line", bids=", ".join(made) or tr(lang, "no_bid")))
        for number, (leader, trick, winner) in enumerate(deal_tricks(log, n), 1):
            played = ", ".join(
                f"{names[(leader + i) % n]} {card.display(lang)}" for i, card in enumerate(trick)
            )
            taker = f" → {names[winner]}" if winner is not None else ""
            title = tr(lang, "trick_title", number=number)
            lines.append("  " + tr(lang, "trick_of", title=title, cards=played) + taker)
        if j < len(state.results):
            result = state.results[j]
            running = [running[s] + result.scores[s] for s in range(n)]
            lines.extend("  " + line for line in score_lines(result, running, seats, lang))
    lines.append("")
    if state.is_terminal():
        lines.extend(ranking_lines(state.totals, seats, lang))
    else:
        lines.append(tr(lang, "in_progress"))
    return lines
