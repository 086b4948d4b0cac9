"""Helpers for the tests of ``ascenseur play`` and ``ascenseur replay``.

Screens are compared as plain text (the cells of the terminal, without colours) against files
in ``tests/snapshots/``; set ``ASCENSEUR_UPDATE_SNAPSHOTS=1`` to write them anew.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from ascenseur.cli import build_parser
from ascenseur.commands.options import language
from ascenseur.commands.play import open_session
from ascenseur.core.actions import BIDS, PLAYS, Bid, PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.state import Phase
from ascenseur.session import Session
from ascenseur.text.words import sort_hand
from ascenseur.tui.app import PlayApp

SNAPSHOTS = Path(__file__).parent / "snapshots"
#: A short game: 4 players, hands of 1, 2, 1; random bots; a fixed seed.
SHORT = ("--players", "4", "--max-cards", "2", "--bots", "random", "--name", "Ada")
#: In this game the person holds a card they may not play on deal 2, and the win is shared.
SEED = "3"


def session_from_cli(*argv: str) -> Session:
    """The session ``ascenseur play ARGS`` would open (saved under $ASCENSEUR_DATA_DIR)."""
    args = build_parser().parse_args(["play", *argv])
    return open_session(args, language(args.lang))


def person_choice(view: Observation) -> PlayerAction:
    """What the tests' person does: bid 0 when allowed, else the lowest bid; play the first
    legal card of the hand as shown (which is where the cursor starts)."""
    if view.phase is Phase.BIDDING:
        bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
        return BIDS[0 if 0 in bids else bids[0]]
    legal = set(view.legal_actions)
    first = next(c for c in sort_hand(view.hand) if PLAYS[c.index] in legal)
    return PLAYS[first.index]


async def step(pilot: Pilot[None], app: PlayApp) -> None:
    """One move of the tests' person, or a press of space on what waits for them (a finished
    trick, a deal's result)."""
    if app.waiting:
        await pilot.press("space")
    else:
        app.act(person_choice(app.session.view))


async def settle(app: App[None], pilot: Pilot[None]) -> None:
    """Let the bots finish (pace 0) and the screen catch up."""
    await app.workers.wait_for_complete()
    await pilot.pause()


def screen_text(app: App[None]) -> str:
    """The screen as text: what a person reads, without colours."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


def check_snapshot(name: str, text: str) -> None:
    """Compare ``text`` with ``tests/snapshots/NAME.txt`` (written when updating)."""
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("ASCENSEUR_UPDATE_SNAPSHOTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: run with ASCENSEUR_UPDATE_SNAPSHOTS=1 to make it")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"screen differs from {path.name}:\n{text}"


def lines_with(text: str, *words: str) -> Sequence[str]:
    return [line for line in text.splitlines() if all(w in line for w in words)]
