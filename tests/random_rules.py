"""Random rule sets (RULES.md §7, H1–H5) for the bots' and the compiled core's tests.

A rule set is drawn option by option: a schedule shape or an explicit list of hand sizes
(H1), one of the named scoring tables or five random numbers (H2), the lead restriction on or
off (H3), bids in turn or with closed fists (H4; the hook only in turn), blind one-card deals
or not (H5). Seeded by the caller, so a failure names a reproducible rule set.
"""

from __future__ import annotations

import random

from ascenseur.core.rules import SCORING_TABLES, SHAPES, Rules, Scoring, max_cards_for


def random_scoring(rng: random.Random) -> Scoring:
    """A named scoring table, or one of five random numbers 0…12 (H2)."""
    if rng.random() < 0.5:
        return rng.choice(list(SCORING_TABLES.values()))
    return Scoring(*(rng.randrange(13) for _ in range(5)))


def random_rules(
    rng: random.Random, players: int, peak: int | None = None, *, one_card: bool = False
) -> Rules:
    """A rule set for ``players`` with hands of at most ``peak`` cards (⌊78/n⌋ if None), every
    §7 option drawn at random; ``one_card``: its schedule has a deal of one card (so a blind
    rule set plays one blind)."""
    top = max_cards_for(players) if peak is None else min(peak, max_cards_for(players))
    schedule: str | list[int]
    if rng.random() < 0.5:
        schedule = rng.choice(SHAPES)  # every shape has a deal of one card
    else:
        schedule = [rng.randint(1, top) for _ in range(rng.randint(1, 4))]
        if one_card:
            schedule.insert(rng.randrange(len(schedule) + 1), 1)
    simultaneous = rng.random() < 0.5
    return Rules(
        players,
        top if isinstance(schedule, str) else None,
        hook=not simultaneous and rng.random() < 0.3,
        schedule=schedule,
        scoring=random_scoring(rng),
        lead_restriction=rng.random() < 0.5,
        bidding="simultaneous" if simultaneous else "in-turn",
        blind_one_card=rng.random() < 0.5,
    )
