"""What the terminal's apps (the game, the replay, the review) declare alike: the stylesheet
of the rules their screens share, no command palette, ``ctrl+c`` quitting from anywhere."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

#: The rules the game's, the replay's and the review's screens share. The apps load it; the
#: review's screens name it too (their ``CSS_PATH``), to look the same on any app that shows
#: them. Absolute: Textual reads a relative ``CSS_PATH`` beside the file of the class that
#: sets it, which for a subclass written elsewhere is not this package.
STYLESHEET = Path(__file__).with_name("ascenseur.tcss")


class AscenseurApp(App[None]):
    """The base of the terminal's apps. Textual adds a subclass's ``BINDINGS`` to these and
    reads its ``CSS`` after the stylesheet, so that at the same selector the app's own wins."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = STYLESHEET
    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("ctrl+c", "quit", show=False, priority=True),
    ]


__all__ = ["STYLESHEET", "AscenseurApp"]
