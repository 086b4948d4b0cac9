"""Hypothesis strategies for rule sets: every house rule of RULES.md §7 (H1–H5), mixed.

Shared by the tests of every layer that must take any rule set (the engine, records, storage,
the wire, the bots, OpenSpiel and the RL environments).
"""

from __future__ import annotations

from hypothesis import strategies as st

from ascenseur.core.rules import (
    MAX_SCORING_NUMBER,
    SCORING_FIELDS,
    SCORING_TABLES,
    SHAPES,
    Rules,
    Scoring,
    max_cards_for,
)


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    """A named scoring table, or five random numbers 0…100 (H2)."""
    if draw(st.booleans()):
        return SCORING_TABLES[draw(st.sampled_from(sorted(SCORING_TABLES)))]
    numbers = st.integers(0, MAX_SCORING_NUMBER)
    return Scoring(**{name: draw(numbers) for name in SCORING_FIELDS})


@st.composite
def rule_sets(
    draw: st.DrawFn, min_players: int = 2, max_players: int = 10, max_peak: int = 4
) -> Rules:
    """A rule set with short games (peaks of at most ``max_peak`` cards, lists of at most 6
    deals) and any mix of the house rules; never the hook with simultaneous bids (H4)."""
    players = draw(st.integers(min_players, max_players))
    limit = min(max_cards_for(players), max_peak)
    simultaneous = draw(st.booleans())
    hook = False if simultaneous else draw(st.booleans())
    schedule: str | list[int]
    max_cards: int | None
    if draw(st.integers(0, 3)) == 0:
        schedule = draw(st.lists(st.integers(1, limit), min_size=1, max_size=6))
        max_cards = None
    else:
        schedule = draw(st.sampled_from(SHAPES))
        max_cards = draw(st.integers(1, limit))
    return Rules(
        players,
        max_cards,
        hook,
        schedule=schedule,
        scoring=draw(scorings()),
        lead_restriction=draw(st.booleans()),
        bidding="simultaneous" if simultaneous else "in-turn",
        blind_one_card=draw(st.booleans()),
    )
