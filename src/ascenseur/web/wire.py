"""From the core's values to the protocol's messages.

:func:`table_view` turns an :class:`~ascenseur.core.observation.Observation` — the one view
the core builds for a seat — into a :class:`~ascenseur.web.protocol.TableView`: it adds
public names and words, and takes nothing else from anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.actions import MY_CARD, Bid, MyCard, Play
from ascenseur.core.cards import Card, Language
from ascenseur.core.observation import TrickView
from ascenseur.core.rules import (
    BIDDING_MODES,
    MAX_SCHEDULE_LENGTH,
    MAX_SCORING_NUMBER,
    PRESETS,
    SCORING_TABLES,
    SHAPES,
    Rules,
    Scoring,
)
from ascenseur.core.scoring import winners
from ascenseur.core.state import DealResult, Phase
from ascenseur.core.tricks import trick_summary
from ascenseur.search.problem import Estimate
from ascenseur.tables import events as log
from ascenseur.tables import story
from ascenseur.tables.live import LiveTable, Update
from ascenseur.tables.table import BOT_PREFIX, Seat, Table
from ascenseur.text.messages import tr
from ascenseur.text.words import event_lines, ranking_lines, seat_name, sort_hand
from ascenseur.web.protocol import (
    BidEvent,
    BidsShownEvent,
    CardEvent,
    ChatEvent,
    ChatLine,
    DealScore,
    DealtEvent,
    GameEvent,
    HintOption,
    NoticeEvent,
    OverEvent,
    PlayedCard,
    RevealEvent,
    RulesCatalogue,
    RulesInfo,
    ScoredEvent,
    ScoringInfo,
    SeatInfo,
    TableView,
    TrickEvent,
    TrickInfo,
)


def scoring_info(scoring: Scoring) -> ScoringInfo:
    return ScoringInfo(**scoring.to_json())


def rules_info(rules: Rules) -> RulesInfo:
    """The rule set for the wire: every field as a value, and the record's object whole."""
    return RulesInfo(
        players=rules.players,
        max_cards=rules.max_cards,
        hook=rules.hook,
        deal_count=rules.deal_count,
        schedule=list(rules.schedule),
        shape=rules.shape,
        scoring=scoring_info(rules.scoring),
        scoring_name=rules.scoring.table_name(),
        lead_restriction=rules.lead_restriction,
        bidding=rules.bidding,
        blind_one_card=rules.blind_one_card,
        record=rules.to_json(),
    )


def rules_catalogue() -> RulesCatalogue:
    """What a rule set may be, from the core's own data (the page copies none of it)."""
    return RulesCatalogue(
        presets=PRESETS,
        scoring_tables={name: scoring_info(table) for name, table in SCORING_TABLES.items()},
        shapes=list(SHAPES),
        bidding=list(BIDDING_MODES),
        max_schedule_length=MAX_SCHEDULE_LENGTH,
        max_scoring_number=MAX_SCORING_NUMBER,
    )


def seat_infos(
    names: Sequence[str],
    lang: Language,
    seats: Sequence[Seat] | None = None,
    connected: Sequence[bool] | None = None,
) -> list[SeatInfo]:
    """Each seat's public name (``Bot 2`` for a bot), bot level, stand-in and presence."""
    infos = []
    for seat, name in enumerate(names):
        row = seats[seat] if seats is not None else None
        infos.append(
            SeatInfo(
                name=seat_name(names, seat, lang) if name else "",
                bot=name.removeprefix(BOT_PREFIX) if name.startswith(BOT_PREFIX) else None,
                standin=row.standin if row is not None else None,
                connected=bool(connected[seat]) if connected is not None else False,
                open=row.is_open if row is not None else False,
            )
        )
    return infos


def trick_info(trick: TrickView) -> TrickInfo:
    return TrickInfo(leader=trick.leader, cards=[c.code for c in trick.cards], winner=trick.winner)


def result_info(result: DealResult) -> DealScore:
    return DealScore(
        dealer=result.dealer,
        hand_size=result.hand_size,
        bids=list(result.bids),
        tricks=list(result.tricks),
        scores=list(result.scores),
    )


def table_view(live: LiveTable, seat: int | None, lang: Language, now: float) -> TableView:
    """What ``seat`` (None: a spectator) may see of ``live``'s table, for the wire.

    The game part comes from :meth:`Table.view` — :func:`observe`, the one view builder; the
    rest is public: names, presence, the clock, the commitment, the chat. The parts every
    seat sees alike are built once per version of the table (:meth:`LiveTable.shared`) and
    shared by every listener's view.
    """
    table = live.table
    view = table.view(seat)
    names = table.names
    legal_bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
    legal_cards = {a.card for a in view.legal_actions if isinstance(a, Play)}
    n = table.rules.players
    seen = view.seen_hands or ((),) * n
    bidders = view.bidders
    forbidden = None
    if legal_bids:
        left_out = set(range(view.hand_size + 1)) - set(legal_bids)
        forbidden = min(left_out) if left_out else None
    over = view.phase is Phase.OVER
    deadline = table.deadline
    deals = table.deals
    current = deals[-1] if deals and view.phase is not Phase.DEALING else None
    connected = tuple(live.present[s] > 0 for s in range(n))
    shared = live.shared
    return TableView(
        table=table.id,
        version=table.version,
        state=table.state_id,
        seat=view.seat,
        host=table.host,
        profile=table.created.profile,
        phase="lobby" if not table.started else view.phase.value,
        rules=shared("rules", lambda: rules_info(view.rules)),
        seats=shared(
            ("seats", lang, connected), lambda: seat_infos(names, lang, table.seats, connected)
        ),
        deal=view.deal_index,
        hand_size=view.hand_size,
        dealer=view.dealer,
        current=view.current_seat if table.started else None,
        hand=[card.code for card in sort_hand(view.hand)],
        hand_counts=list(view.hand_counts),
        bids=list(view.bids),
        has_bid=[seat in bidders for seat in range(n)],
        tricks_won=list(view.tricks_won),
        leader=view.leader,
        trick=shared("trick", lambda: [PlayedCard(seat=s, card=c.code) for s, c in view.trick]),
        tricks=shared("tricks", lambda: [trick_info(trick) for trick in view.tricks]),
        legal_bids=legal_bids,
        legal_cards=[card.code for card in sort_hand(list(legal_cards))],
        my_card=MY_CARD in view.legal_actions,
        seen_hands=[[card.code for card in sort_hand(hand)] for hand in seen],
        forbidden_bid=forbidden,
        totals=list(view.totals),
        results=shared("results", lambda: [result_info(result) for result in view.results]),
        winners=list(winners(view.totals)) if over else [],
        ranking=shared(("ranking", lang), lambda: ranking_lines(view.totals, names, lang))
        if over
        else [],
        clock=None if deadline is None else round(max(0.0, deadline - now), 1),
        commitment=current.commitment if current is not None else None,
        summary=live.scored_at is not None and view.phase is Phase.DEALING,
        ready=sorted(live.ready),
        spectators=live.spectators,
        chat=shared("chat", lambda: [chat_line(v, line) for v, line in table.chat[-CHAT_SHOWN:]]),
        winning=winning_seat(view.trick),
    )


def winning_seat(trick: Sequence[tuple[int, Card]]) -> int | None:
    """The seat whose card wins ``trick`` so far (rule P9); None while no card but the
    Excuse is down (the Excuse never wins a trick)."""
    _, _, _, best = trick_summary([card.index for _, card in trick])
    return trick[best][0] if best >= 0 else None


#: Chat lines a view carries (the older ones are in the log).
CHAT_SHOWN = 50


def chat_line(version: int, line: log.Chatted) -> ChatLine:
    return ChatLine(
        version=version, seat=line.seat, name=line.name, text=line.text, reaction=line.reaction
    )


def said(table: Table, update: Update, lang: Language) -> list[GameEvent]:
    """What ``update`` tells anyone at the table, in ``lang``: the game's public story, the
    chat, the seat changes, and the deck of a finished deal (public once it is over)."""
    names = table.names
    deal_count = table.rules.deal_count
    out: list[GameEvent] = [game_event(e, names, deal_count, lang) for e in update.story]
    scored = [e for e in update.story if isinstance(e, story.DealScored)]
    for version, event in enumerate(update.events, start=update.first):
        match event:
            case log.Chatted():
                out.append(ChatEvent(text=[], line=chat_line(version, event)))
            case log.PlayEntry() if scored:
                # The deal this play ended — not the table's latest: a client catching up may
                # hear of it after the next deal, whose deck is still a secret.
                entry = table.deals[scored[0].deal_index]
                if entry.commitment and entry.salt and entry.deck:
                    out.append(
                        RevealEvent(
                            text=[],
                            deal=entry.deal,
                            commitment=entry.commitment,
                            salt=entry.salt,
                            deck=list(entry.deck),
                        )
                    )
            case log.DealEntry() | log.BidEntry() | log.PlayEntry() | log.Created():
                pass
            case _:
                out.append(NoticeEvent(text=[], code=str(event.__struct_config__.tag)))
    return out


def game_event(
    event: story.Event, names: Sequence[str], deal_count: int, lang: Language
) -> GameEvent:
    """A session event for the wire, with its sentences in ``lang``."""
    text = _lines(event, names, deal_count, lang)
    if isinstance(event, story.Dealt):
        return DealtEvent(
            text=text, deal=event.deal_index, dealer=event.dealer, hand_size=event.hand_size
        )
    if isinstance(event, story.BidMade):
        return BidEvent(text=text, seat=event.seat, value=event.value)
    if isinstance(event, story.BidsShown):
        return BidsShownEvent(text=text, deal=event.deal_index, bids=list(event.bids))
    if isinstance(event, story.CardPlayed):
        return CardEvent(text=text, seat=event.seat, card=event.card.code)
    if isinstance(event, story.TrickTaken):
        return TrickEvent(text=text, number=event.number, trick=trick_info(event.trick))
    if isinstance(event, story.DealScored):
        return ScoredEvent(
            text=text,
            deal=event.deal_index,
            result=result_info(event.result),
            totals=list(event.totals),
        )
    assert isinstance(event, story.GameOver)
    return OverEvent(text=text, totals=list(event.totals), winners=list(event.winners))


def _lines(event: story.Event, names: Sequence[str], deal_count: int, lang: Language) -> list[str]:
    """The sentences of a story event. A bid with a closed fist (H4) has none until all are
    shown: then each seat's bid."""
    if isinstance(event, story.BidMade) and event.value is None:
        return []
    if isinstance(event, story.BidsShown):
        n = len(names)
        return [
            tr(lang, "bids", name=seat_name(names, seat, lang), value=event.bids[seat])
            for seat in range(n)
        ]
    return event_lines(event, names, deal_count, lang)


def hint_options(hints: Sequence[Estimate]) -> list[HintOption]:
    """The hints on the wire (``bots.hints.advice``): each choice's expected points, the
    chance of an exact bid and the deals tried."""
    return [
        HintOption(
            bid=hint.action.value if isinstance(hint.action, Bid) else None,
            card=hint.action.card.code if isinstance(hint.action, Play) else None,
            my_card=isinstance(hint.action, MyCard),
            points=round(hint.points, 2),
            exact=round(hint.exact, 3),
            worlds=hint.worlds,
        )
        for hint in hints
    ]
