"""The past games: the history list and the step-by-step replay of a finished game.

A replay shows every hand, so it is given for finished games only; it steps through the
terminal's :class:`~ascenseur.timeline.Timeline` of the game's log.
"""

from __future__ import annotations

from ascenseur.core.cards import Language
from ascenseur.core.scoring import winners
from ascenseur.text.words import ranking_lines
from ascenseur.timeline import Timeline, frame
from ascenseur.web.protocol import (
    GameLine,
    GameList,
    PlayedCard,
    Replay,
    ReplayStep,
)
from ascenseur.web.storage import Store, StoredGame
from ascenseur.web.wire import deal_score, rules_info, seat_infos


def game_list(store: Store, player: str | None, lang: Language) -> GameList:
    """The latest games, most recent first, each with the seat ``player`` holds there."""
    mine = store.seats_of(player) if player else {}
    return GameList(
        games=[
            GameLine(
                id=game.id,
                created=game.created,
                updated=game.updated,
                rules=rules_info(game.rules),
                seats=seat_infos(game.seats, lang),
                over=game.over,
                moves=game.moves,
                deals=game.deals,
                totals=list(game.totals),
                winners=list(winners(game.totals)) if game.over else [],
                your_seat=mine.get(game.id),
            )
            for game in store.summaries()
        ]
    )


def replay(game: StoredGame, lang: Language) -> Replay:
    """Every position of a game, from before its first deal to its last card."""
    timeline = Timeline(game.rules, game.first_dealer, game.actions)
    names = tuple(seat.name for seat in game.seats)
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
        game=game.id,
        rules=rules_info(game.rules),
        seats=seat_infos(names, lang),
        steps=steps,
        results=[deal_score(result) for result in final.results],
        ranking=ranking_lines(final.totals, names, lang) if final.is_terminal() else [],
    )
