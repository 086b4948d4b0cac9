"""What a move tells the table: the public story of a game, the same for every interface.

:func:`apply_action` moves a game on by one deal, bid or card through the core's checks and
says what happened as public :data:`Event` values — who bid what, which card fell, who took
the trick, how the deal scored. Nothing in them is hidden from anyone: the terminal, the
browser and the replay all tell their story from these. Under simultaneous bidding (house
rule H4) a bid is public only as the fact that the seat has bid (:class:`BidMade` without
its value) until the deal's last bid, when every bid is shown together (:class:`BidsShown`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ascenseur.core.actions import Action, Bid, Deal, MyCard, Play
from ascenseur.core.cards import Card, cards_of
from ascenseur.core.errors import IllegalAction
from ascenseur.core.observation import TrickView
from ascenseur.core.state import DealResult, GameState, Phase
from ascenseur.core.tricks import trick_winner


class Turn(enum.Enum):
    """Who the game waits for."""

    LOBBY = "lobby"
    DEAL = "deal"
    BOT = "bot"
    PERSON = "person"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards of deal ``deal_index`` (0-based) are dealt."""

    deal_index: int
    dealer: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bids ``value``; None: it has bid with a closed fist (H4), its value told only
    by the :class:`BidsShown` of its deal."""

    seat: int
    value: int | None


@dataclass(frozen=True, slots=True)
class BidsShown:
    """The last bid of deal ``deal_index`` with closed fists is in (H4): every bid, by seat."""

    deal_index: int
    bids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """Trick ``number`` (0-based in its deal) is complete: its cards and its winner."""

    number: int
    trick: TrickView


@dataclass(frozen=True, slots=True)
class DealScored:
    deal_index: int
    result: DealResult
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The last deal is scored; ``winners`` share the win when there are several."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = Dealt | BidMade | BidsShown | CardPlayed | TrickTaken | DealScored | GameOver


def apply_action(state: GameState, action: Action) -> list[Event]:
    """Apply a deal, bid, card or "my card" (H5) through the core's checks; what happened, as
    public events.

    Raises :class:`IllegalAction` saying why not (the state is then unchanged). Every
    interface that drives a game moves it on with this one function, so that they tell the
    same story.
    """
    seat = state.current_seat
    if isinstance(action, Deal):
        j = state.deal_index
        state.apply(action)
        return [Dealt(j, state.dealer, state.hand_size)]
    if seat is None:
        raise IllegalAction("no one is to bid or play now", code="wrong-phase")
    before = state.trick
    number = state.trick_number
    deal = state.deal_index
    # The card a "my card" plays (H5): the one its seat holds; the log names it.
    card = action.card if isinstance(action, Play) else None
    if isinstance(action, MyCard) and state.phase is Phase.PLAYING:
        card = cards_of(state.hand_mask(seat))[0]
    state.apply(action)
    events: list[Event] = []
    if isinstance(action, Bid):
        if state.rules.simultaneous:
            events.append(BidMade(seat, None))
            if state.phase is Phase.PLAYING:  # the last bid: all are shown together
                events.append(BidsShown(deal, tuple(b for b in state.bids if b is not None)))
        else:
            events.append(BidMade(seat, action.value))
    elif card is not None:
        events.append(CardPlayed(seat, card))
        n = state.players
        if len(before) == n - 1:
            cards = (*(c for _, c in before), card)
            leader = before[0][0] if before else seat
            trick = TrickView(leader, cards, (leader + trick_winner(cards)) % n)
            events.append(TrickTaken(number, trick))
    if state.deal_index != deal:
        events.append(DealScored(deal, state.results[-1], state.totals))
    if state.is_terminal():
        events.append(GameOver(state.totals, state.winners()))
    return events
