"""Where a game stands (its phase): the state machine's one vocabulary."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where the game stands: waiting for the deal (chance), bidding, playing, or over."""

    DEALING = "dealing"
    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"
