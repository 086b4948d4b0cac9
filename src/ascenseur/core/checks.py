"""Why an action is refused: the checked entry point of :meth:`GameState.apply` (issue 13).

:func:`check` raises the :class:`~ascenseur.core.errors.IllegalAction` that says why the
state cannot take an action — a sentence for programs and logs, and a stable code with the
facts behind it (``ascenseur.text.refusals`` makes the sentence people read from those).
Legality itself is decided by :func:`~ascenseur.core.tricks.legal_mask` and
:meth:`GameState.legal_bids`; this module only explains a refusal, reading the state through
its public accessors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascenseur.core.actions import Action, Bid, Deal, MyCard, Play
from ascenseur.core.cards import Card, cards_of
from ascenseur.core.errors import IllegalAction
from ascenseur.core.phase import Phase
from ascenseur.core.tricks import trick_facts, why_illegal

if TYPE_CHECKING:
    from ascenseur.core.state import GameState


def check(state: GameState, action: Action) -> None:
    """Raise the :class:`IllegalAction` that refuses ``action`` in ``state``, if any."""
    if state.phase is Phase.OVER:
        raise IllegalAction(
            f"the game is over: no {type(action).__name__.lower()} can follow its last deal",
            code="game-over",
        )
    if isinstance(action, Play):
        _check_play(state, action)
    elif isinstance(action, Bid):
        _check_bid(state, action)
    elif isinstance(action, Deal):
        _check_deal(state, action)
    elif isinstance(action, MyCard):
        _check_my_card(state, action)
    else:
        raise IllegalAction(
            f"{action!r} is not an action: expected a Deal, a Bid, a Play or MyCard",
            code="bad-action",
        )


def _where(state: GameState, what: str, seat: int | None) -> str:
    who = "the dealer" if seat is None else f"seat {seat}"
    place = f"deal {state.deal_index + 1}"
    if state.phase is Phase.PLAYING:
        place = f"trick {state.trick_number + 1} of {place}"
    return f"{who} {what} in {place}"


def _wrong_phase(state: GameState, action: Action) -> IllegalAction:
    seat = state.current_seat
    expected = {
        Phase.DEALING: "the cards must be dealt first",
        Phase.BIDDING: f"seat {seat} must bid first",
        Phase.PLAYING: f"seat {seat} must play a card",
    }[state.phase]
    return IllegalAction(
        f"a {type(action).__name__.lower()} is not possible now in deal "
        f"{state.deal_index + 1}: {expected}",
        code="wrong-phase",
        seat=seat,
        deal=state.deal_index,
        phase=state.phase.value,
    )


def _check_play(state: GameState, action: Play) -> None:
    seat = state.current_seat
    if state.phase is not Phase.PLAYING or seat is None:
        raise _wrong_phase(state, action)
    card = action.card
    hand = state.hand_mask(seat)
    deal, trick = state.deal_index, state.trick_number
    if not hand >> card.index & 1:
        held = cards_of(hand)
        raise IllegalAction(
            _where(state, f"cannot play {card}", seat)
            + f": it is not in the hand ({', '.join(str(c) for c in held)})",
            code="not-in-hand",
            seat=seat,
            deal=deal,
            trick=trick,
            card=card.code,
            held=tuple(c.code for c in held),
        )
    if not state.legal_card_mask() >> card.index & 1:
        cards = [c.index for _, c in state.trick]
        led, high = trick_facts(cards)
        code, why, obliging = why_illegal(hand, len(cards), led, high, card.index)
        raise IllegalAction(
            _where(state, f"cannot play {card}", seat) + f": {why}",
            code=code,
            seat=seat,
            deal=deal,
            trick=trick,
            card=card.code,
            held=tuple(c.code for c in cards_of(obliging)),
            led=led,
            high_trump=high,
        )


def _check_my_card(state: GameState, action: MyCard) -> None:
    seat = state.current_seat
    if state.phase is not Phase.PLAYING or seat is None:
        raise _wrong_phase(state, action)
    if not state.is_blind_deal:
        raise IllegalAction(
            _where(state, 'cannot play "my card"', seat)
            + ": that is the play of a blind one-card deal (house rule H5); name the card",
            code="not-blind",
            seat=seat,
            deal=state.deal_index,
            trick=state.trick_number,
        )


def _check_bid(state: GameState, action: Bid) -> None:
    if state.phase is not Phase.BIDDING:
        raise _wrong_phase(state, action)
    seat = state.current_seat
    k = state.hand_size
    value = action.value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= k:
        raise IllegalAction(
            _where(state, f"cannot bid {value!r}", seat)
            + f": a bid is a whole number from 0 to {k}, the cards in hand",
            code="bid-out-of-range",
            seat=seat,
            deal=state.deal_index,
            hand_size=k,
        )
    if value not in state.legal_bids():
        others = sum(b for b in state.bids if b is not None)
        raise IllegalAction(
            _where(state, f"cannot bid {value}", seat)
            + f": with the hook, the dealer may not make the bids sum to {k} "
            f"(the others bid {others} in all)",
            code="hook",
            seat=seat,
            deal=state.deal_index,
            bid=value,
            hand_size=k,
        )


def _check_deal(state: GameState, action: Deal) -> None:
    if state.phase is not Phase.DEALING:
        raise _wrong_phase(state, action)
    n, k, deal = state.players, state.hand_size, state.deal_index
    where = f"deal {deal + 1}"
    hands = action.hands
    if len(hands) != n:
        raise IllegalAction(
            f"{where} must give hands to {n} seats, not {len(hands)}", code="hand-count", deal=deal
        )
    seen = 0
    for seat, hand in enumerate(hands):
        if len(hand) != k:
            raise IllegalAction(
                f"seat {seat} must be dealt {k} card{'s' if k > 1 else ''} in {where}, "
                f"not {len(hand)}",
                code="hand-size",
                seat=seat,
                deal=deal,
            )
        for card in hand:
            if not isinstance(card, Card):
                raise IllegalAction(
                    f"seat {seat}'s hand in {where} holds {card!r}, which is not a card",
                    code="unknown-card",
                    seat=seat,
                    deal=deal,
                )
            if seen >> card.index & 1:
                raise IllegalAction(
                    f"{card} is dealt twice in {where} (again to seat {seat})",
                    code="dealt-twice",
                    seat=seat,
                    deal=deal,
                    card=card.code,
                )
            seen |= 1 << card.index
