"""From the core's values to the protocol's messages.

:func:`table_view` turns an :class:`~ascenseur.core.observation.Observation` — the one view
the core builds for a seat — into a :class:`~ascenseur.web.protocol.TableView`: it adds
public names and words, and takes nothing else from anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.cards import Language
from ascenseur.core.observation import Observation, TrickView
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import winners
from ascenseur.core.state import DealResult, Phase
from ascenseur.session import (
    BOT_PREFIX,
    BidMade,
    CardPlayed,
    DealScored,
    Dealt,
    Event,
    GameOver,
    TrickTaken,
)
from ascenseur.text.words import event_lines, ranking_lines, seat_name, sort_hand
from ascenseur.web.protocol import (
    BidEvent,
    CardEvent,
    DealScore,
    DealtEvent,
    GameEvent,
    HintOption,
    OverEvent,
    PlayedCard,
    RulesInfo,
    ScoredEvent,
    SeatInfo,
    TableView,
    TrickEvent,
    TrickInfo,
)


def rules_info(rules: Rules) -> RulesInfo:
    return RulesInfo(
        players=rules.players,
        max_cards=rules.max_cards,
        hook=rules.hook,
        deal_count=rules.deal_count,
    )


def seat_infos(names: Sequence[str], lang: Language) -> list[SeatInfo]:
    """Each seat's public name (``Bot 2`` for a bot) and bot level."""
    return [
        SeatInfo(
            name=seat_name(names, seat, lang),
            bot=name.removeprefix(BOT_PREFIX) if name.startswith(BOT_PREFIX) else None,
        )
        for seat, name in enumerate(names)
    ]


def trick_info(trick: TrickView) -> TrickInfo:
    return TrickInfo(leader=trick.leader, cards=[c.code for c in trick.cards], winner=trick.winner)


def deal_score(result: DealResult) -> DealScore:
    return DealScore(
        dealer=result.dealer,
        hand_size=result.hand_size,
        bids=list(result.bids),
        tricks=list(result.tricks),
        scores=list(result.scores),
    )


def table_view(
    game: str, state: int, view: Observation, names: Sequence[str], lang: Language
) -> TableView:
    """The view of ``view.seat`` of game ``game`` at state id ``state``, for the wire."""
    legal_bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
    legal_cards = {a.card for a in view.legal_actions if isinstance(a, Play)}
    forbidden = None
    if legal_bids:
        left_out = set(range(view.hand_size + 1)) - set(legal_bids)
        forbidden = min(left_out) if left_out else None
    over = view.phase is Phase.OVER
    return TableView(
        game=game,
        state=state,
        seat=view.seat,
        phase=view.phase.value,
        rules=rules_info(view.rules),
        seats=seat_infos(names, lang),
        deal=view.deal_index,
        hand_size=view.hand_size,
        dealer=view.dealer,
        current=view.current_seat,
        hand=[card.code for card in sort_hand(view.hand)],
        hand_counts=list(view.hand_counts),
        bids=list(view.bids),
        tricks_won=list(view.tricks_won),
        leader=view.leader,
        trick=[PlayedCard(seat=seat, card=card.code) for seat, card in view.trick],
        tricks=[trick_info(trick) for trick in view.tricks],
        legal_bids=legal_bids,
        legal_cards=[card.code for card in sort_hand(list(legal_cards))],
        forbidden_bid=forbidden,
        totals=list(view.totals),
        results=[deal_score(result) for result in view.results],
        winners=list(winners(view.totals)) if over else [],
        ranking=ranking_lines(view.totals, names, lang) if over else [],
    )


def game_event(event: Event, names: Sequence[str], deal_count: int, lang: Language) -> GameEvent:
    """A session event for the wire, with its sentences in ``lang``."""
    text = event_lines(event, names, deal_count, lang)
    if isinstance(event, Dealt):
        return DealtEvent(
            text=text, deal=event.deal_index, dealer=event.dealer, hand_size=event.hand_size
        )
    if isinstance(event, BidMade):
        return BidEvent(text=text, seat=event.seat, value=event.value)
    if isinstance(event, CardPlayed):
        return CardEvent(text=text, seat=event.seat, card=event.card.code)
    if isinstance(event, TrickTaken):
        return TrickEvent(text=text, number=event.number, trick=trick_info(event.trick))
    if isinstance(event, DealScored):
        return ScoredEvent(
            text=text,
            deal=event.deal_index,
            result=deal_score(event.result),
            totals=list(event.totals),
        )
    assert isinstance(event, GameOver)
    return OverEvent(text=text, totals=list(event.totals), winners=list(event.winners))


def hint_options(hints: Sequence[tuple[PlayerAction, float]]) -> list[HintOption]:
    return [
        HintOption(bid=action.value, points=round(points, 2))
        if isinstance(action, Bid)
        else HintOption(card=action.card.code, points=round(points, 2))
        for action, points in hints
    ]
