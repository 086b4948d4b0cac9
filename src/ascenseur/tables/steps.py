"""What a live table does next, decided from the table, the people present and the time.

:func:`next_step` is pure: the driver's task for a table (:meth:`ascenseur.tables.driver.Driver`)
asks it, does the step — deals, lets a bot play, puts a stand-in on an away seat — or waits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from ascenseur.tables.events import By
from ascenseur.tables.story import Turn
from ascenseur.tables.table import Table


@dataclass(frozen=True, slots=True)
class Step:
    """What the driver does next: ``deal``, ``bot`` (``seat`` by ``level``, ``by``),
    ``standin`` (for ``seat``), ``wait`` until ``until`` (None: until something happens), or
    ``over``."""

    kind: Literal["deal", "bot", "standin", "wait", "over"]
    seat: int | None = None
    level: str | None = None
    by: By = "bot"
    until: float | None = None


def next_step(
    table: Table,
    *,
    present: Counter[int],
    away_since: dict[int, float],
    ready: set[int],
    scored_at: float | None,
    now: float,
    watched: bool = True,
) -> Step:
    """What moves ``table`` next, given who is connected and the time (pure).

    A table no one watches waits: its bots do not play on for nobody, and it goes on where it
    stood when someone comes back.

    A person away longer than the grace time gets a stand-in (step ``standin``); after a deal
    the next one waits until every person present is ready or the summary time is up (a
    person alone with bots: until they are ready); a person whose clock ran out has the
    stand-in bot play that one action (``timeout``).
    """
    turn = table.turn
    if turn is Turn.OVER:
        return Step("over")
    if turn is Turn.LOBBY or not watched:
        return Step("wait")
    grace = table.created.grace
    waits: list[float] = []
    for seat, since in away_since.items():
        row = table.seats[seat]
        if row.is_person and row.standin is None and not present[seat]:
            if now >= since + grace:
                return Step("standin", seat=seat)
            waits.append(since + grace)
    until = min(waits) if waits else None
    if turn is Turn.DEAL:
        if scored_at is not None:
            people = {s for s in present if present[s] and table.seats[s].is_person}
            if not people <= ready:
                if sum(1 for row in table.seats if row.is_person) == 1:
                    return Step("wait", until=until)  # alone with bots: until they move on
                end = scored_at + table.created.summary_seconds
                if now < end:
                    return Step("wait", until=min(end, until) if until else end)
        return Step("deal")
    to_act = table.state.current_seat
    assert to_act is not None
    level = table.actor(to_act)
    if level is not None:
        by: By = "bot" if table.seats[to_act].bot else "standin"
        return Step("bot", seat=to_act, level=level, by=by)
    deadline = table.deadline
    if deadline is not None:
        if now >= deadline:
            return Step("bot", seat=to_act, level=table.created.standin, by="timeout")
        until = min(until, deadline) if until else deadline
    return Step("wait", until=until)
