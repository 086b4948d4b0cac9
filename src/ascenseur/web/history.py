"""The past games: the history list and the step-by-step replay of a finished game.

A replay shows every hand, so it is given for finished games only; it steps through the
terminal's :class:`~ascenseur.timeline.Timeline` of the game's log.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.cards import Language
from ascenseur.core.scoring import winners
from ascenseur.tables.storage import Summary
from ascenseur.tables.table import Table
from ascenseur.text.words import ranking_lines
from ascenseur.timeline import Timeline, frame
from ascenseur.web.protocol import (
    GameLine,
    GameList,
    PlayedCard,
    Replay,
    ReplayStep,
)
from ascenseur.web.wire import result_info, rules_info, seat_infos


def table_list(summaries: Sequence[Summary], seats: dict[str, int], lang: Language) -> GameList:
    """The tables of this browser, most recent first, each with the seat it holds there."""
    return GameList(
        games=[
            GameLine(
                id=s.id,
                created=s.created,
                updated=s.updated,
                rules=rules_info(s.rules),
                seats=seat_infos(s.names, lang),
                started=s.started,
                over=s.over,
                version=s.version,
                deals=s.deals,
                totals=list(s.totals),
                winners=list(winners(s.totals)) if s.over else [],
                your_seat=seats.get(s.id),
            )
            for s in summaries
        ]
    )


def table_replay(table: Table, lang: Language) -> Replay:
    """Every position of a table's game, from before its first deal to its last card."""
    state = table.state
    timeline = Timeline(state.rules, table.created.first_dealer, state.history)
    names = table.names
    steps = []
    for index, state in enumerate(timeline.states):
        timeline.go(index)
        shown = frame(state)
        steps.append(
            ReplayStep(
                text=timeline.description(names, lang),
                deal=shown.deal,
                hand_size=shown.hand_size,
                dealer=shown.dealer,
                hands=[[card.code for card in hand] for hand in shown.hands],
                played=sorted(card.code for card in shown.played),
                bids=list(shown.bids),
                won=list(shown.won),
                trick_number=shown.trick_number,
                trick=[PlayedCard(seat=seat, card=card.code) for seat, card in shown.trick],
                winner=shown.winner,
                current=shown.current,
                totals=list(shown.totals),
                results=len(shown.results),
            )
        )
    final = timeline.states[-1]
    return Replay(
        game=table.id,
        rules=rules_info(state.rules),
        seats=seat_infos(names, lang),
        steps=steps,
        results=[result_info(result) for result in final.results],
        ranking=ranking_lines(final.totals, names, lang) if final.is_terminal() else [],
    )
