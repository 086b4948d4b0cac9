"""The main screens of ``ascenseur play`` as text, against ``tests/snapshots/``.

The snapshot plugin for Textual needs a pytest older than the project's, so screens are kept as
plain text (see ``play_helpers.check_snapshot``). Games are seeded; bots play at pace 0.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from ascenseur.core.actions import PLAYS
from ascenseur.core.cards import Language
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.session import Session, Turn
from ascenseur.text.words import sort_hand
from ascenseur.tui.app import PlayApp, PlayOptions
from play_helpers import check_snapshot, person_choice, screen_text, settle

Until = Callable[[Session, PlayApp], bool]


def first_card_turn_of_deal_2(session: Session, app: PlayApp) -> bool:
    view = session.view
    return session.turn is Turn.PERSON and view.deal_index == 1 and view.phase is Phase.PLAYING


async def play_until(pilot: Pilot[None], app: PlayApp, until: Until) -> None:
    session = app.session
    await settle(app, pilot)
    while not until(session, app):
        if app.waiting:
            await pilot.press("space")
        else:
            assert session.turn is Turn.PERSON
            app.act(person_choice(session.view))
        await settle(app, pilot)


def snapshot_of(
    name: str,
    until: Until,
    *,
    lang: Language = "en",
    hook: bool = False,
    seed: int = 3,
    keys: tuple[str, ...] = (),
    pause: float | None = 0,
) -> None:
    session = Session.start(Rules(4, 2, hook), "Ada", ["random"], seed=seed, db=None)
    app = PlayApp(session, PlayOptions(lang=lang, pace=0, pause=pause))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await play_until(pilot, app, until)
            for key in keys:
                await pilot.press(key)
                await settle(app, pilot)
            return screen_text(app)

    check_snapshot(name, asyncio.run(run()))


def test_snapshot_bidding() -> None:
    snapshot_of("play_bidding", lambda s, a: s.turn is Turn.PERSON)


def test_snapshot_playing_a_card() -> None:
    snapshot_of("play_card", first_card_turn_of_deal_2)


def test_snapshot_playing_a_card_in_french() -> None:
    snapshot_of("play_card_fr", first_card_turn_of_deal_2, lang="fr")


def test_snapshot_an_illegal_card_refused() -> None:
    def on_illegal(session: Session, app: PlayApp) -> bool:
        if not first_card_turn_of_deal_2(session, app):
            return False
        view = session.view
        ordered = sort_hand(view.hand)
        app.cursor = next(
            i for i, c in enumerate(ordered) if PLAYS[c.index] not in view.legal_actions
        )
        return True

    snapshot_of("play_refused", on_illegal, keys=("enter",))


def test_snapshot_a_finished_trick_waits() -> None:
    snapshot_of("play_trick_done", lambda s, a: a.waiting, pause=None)


def test_snapshot_the_score_sheet() -> None:
    snapshot_of("play_score_sheet", first_card_turn_of_deal_2, keys=("s",))


def test_snapshot_the_final_ranking() -> None:
    snapshot_of("play_ranking", lambda s, a: s.turn is Turn.OVER)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_snapshot_the_hook_bid(lang: Language) -> None:
    def hooked(session: Session, app: PlayApp) -> bool:
        view = session.view
        return (
            session.turn is Turn.PERSON
            and view.phase is Phase.BIDDING
            and len(view.legal_actions) <= view.hand_size
        )

    snapshot_of(f"play_hook_bid_{lang}", hooked, lang=lang, hook=True, seed=16)
