"""Duplicate matches: the reference field, then the candidate in each seat, on the same deals.

For each game of a deal set, the reference bot plays every seat (the *reference run*); then,
for each seat in turn, the candidate takes that seat while reference bots keep the others (a
*substitution run*). Each seat's bot draws from its own random stream, derived from
(seed, game, seat) and the same whoever sits there, so a candidate equal to the reference plays
every game exactly as the reference run did: luck cancels, and only the play differs.

A match may give the reference bots more time than the candidate (``reference_budget``: e.g.
ten times the seconds, to be fair to a slower method), and may play only one deal of each game
(``single_deal``: the first deal of that many cards in the schedule), when whole games of a
slow bot would cost too much.

Games run in parallel processes or on a Ray cluster (:mod:`~ascenseur.arena.backends`); each
game's runs stay in one process and depend on nothing but the match and the game, so the
results do not depend on where they run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ascenseur.arena.backends import Backend, Processes
from ascenseur.arena.dealsets import DealSet, DealSetGame, deal_next
from ascenseur.arena.stats import GameResult, SeatRun
from ascenseur.bots.base import Bot, Budget
from ascenseur.bots.outside import load_bot
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import observe
from ascenseur.core.record import dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState


class ArenaError(AscenseurError):
    """A match that cannot be played: a bad setting, or a bot that broke the rules."""

    code = "arena"


@dataclass(frozen=True, slots=True)
class Match:
    """Who plays whom, under which rules and budget; ``seed`` derives the bots' streams.

    ``budget`` is the candidate's, and the reference bots' too unless ``reference_budget``
    gives them their own. ``single_deal`` k: each game is only its first deal of k cards
    (a one-deal game, which has no record); None: whole games.
    """

    rules: Rules
    candidate: str
    reference: str
    budget: Budget
    seed: int
    reference_budget: Budget | None = None
    single_deal: int | None = None

    def __post_init__(self) -> None:
        k = self.single_deal
        if k is not None and k not in self.rules.schedule:
            sizes = sorted(set(self.rules.schedule))
            raise ArenaError(
                f"a single deal must have one of the schedule's hand sizes "
                f"({', '.join(map(str, sizes))}), not {k}"
            )

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand size of each deal a game of this match plays, in order."""
        return self.rules.schedule if self.single_deal is None else (self.single_deal,)

    def budget_of(self, for_candidate: bool) -> Budget:
        """The budget of the candidate (True) or of a reference bot (False)."""
        if for_candidate or self.reference_budget is None:
            return self.budget
        return self.reference_budget


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game of the deal set played in full: its result and the records of its runs.

    ``records`` maps a file name to the record's text, the reference run first.
    """

    result: GameResult
    records: tuple[tuple[str, str], ...]


def bot_rng(seed: int, game: int, seat: int) -> random.Random:
    """The random stream of whichever bot sits in ``seat`` of ``game``."""
    return random.Random(f"ascenseur-arena/{seed}/{game}/{seat}")


def play_fixed(
    rules: Rules,
    deals: DealSetGame,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    single_deal: int | None = None,
) -> tuple[GameState, list[list[int]]]:
    """Play one game on fixed deals — the whole game, or only its first deal of
    ``single_deal`` cards — and return the final state and each seat's decision times (ns)."""
    if single_deal is None:
        state = GameState.new(rules, first_dealer=deals.first_dealer)
    else:
        index = rules.schedule.index(single_deal)  # the first deal of that many cards
        dealer = (deals.first_dealer + index) % rules.players
        state = GameState.single_deal(rules, index, dealer)
    times: list[list[int]] = [[] for _ in bots]
    clock = time.perf_counter_ns
    while not state.is_terminal():
        seat = state.current_seat
        if seat is None:
            deal_next(state, deals)
            continue
        view = observe(state, seat)
        start = clock()
        action = bots[seat].choose(view, rngs[seat])
        times[seat].append(clock() - start)
        state.apply(action)
    return state, times


def play_game(match: Match, game: int, deals: DealSetGame) -> GameOutcome:
    """The reference run and the n substitution runs of one game of the deal set.

    Bots are made afresh for every run, so that no bot carries anything from game to game.
    A single-deal match leaves no records (a record starts at a game's first deal).
    """
    runs = [play_run(match, game, deals, seat) for seat in (None, *range(match.rules.players))]
    return _assembled(game, runs)


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """One run of a game: the reference field (``seat`` None) or the candidate in ``seat``."""

    game: int
    seat: int | None
    runs: tuple[SeatRun, ...]
    record: tuple[str, str] | None


def play_run(match: Match, game: int, deals: DealSetGame, seat: int | None) -> RunOutcome:
    """One run of a game (the unit of work the backends hand out): it depends on nothing but
    its arguments, so runs of a game may be played anywhere, in any order."""
    runs, record = _run(match, game, deals, seat)
    return RunOutcome(game, seat, tuple(runs), record)


def _assembled(game: int, runs: Sequence[RunOutcome]) -> GameOutcome:
    """A game's outcome from its n + 1 runs (in any order)."""
    by_seat = {run.seat: run for run in runs}
    reference = by_seat.pop(None)
    seats = sorted(s for s in by_seat if s is not None)
    candidate = tuple(by_seat[s].runs[s] for s in seats)
    records = [reference.record, *(by_seat[s].record for s in seats)]
    kept = tuple(record for record in records if record is not None)
    return GameOutcome(GameResult(game, reference.runs, candidate), kept)


def _run(
    match: Match, game: int, deals: DealSetGame, seat: int | None
) -> tuple[list[SeatRun], tuple[str, str] | None]:
    n = match.rules.players
    names = [match.candidate if s == seat else match.reference for s in range(n)]
    bots = [load_bot(name, match.budget_of(s == seat)) for s, name in enumerate(names)]
    rngs = [bot_rng(match.seed, game, s) for s in range(n)]
    try:
        state, times = play_fixed(match.rules, deals, bots, rngs, match.single_deal)
    except AscenseurError as err:
        # Re-raised as a plain ArenaError: it must cross the process boundary intact.
        where = (
            "the reference run" if seat is None else f"the run with the candidate in seat {seat}"
        )
        raise ArenaError(f"game {game}, {where}: {err}") from None
    best = state.winners()
    runs = [
        SeatRun(
            total=state.totals[s],
            bids=tuple(r.bids[s] for r in state.results),
            tricks=tuple(r.tricks[s] for r in state.results),
            win=Fraction(1, len(best)) if s in best else Fraction(0),
            times_ns=tuple(times[s]),
        )
        for s in range(n)
    ]
    if match.single_deal is not None:
        return runs, None
    label = "reference" if seat is None else f"seat{seat}"
    text = dumps(record_of(state, [f"bot:{name}" for name in names]))
    return runs, (f"game-{game:05d}-{label}.json", text)


def run_match(
    match: Match,
    deals: DealSet,
    jobs: int | Backend,
    sink: Callable[[GameOutcome], None],
    done: Collection[int] = (),
) -> None:
    """Play every game of ``deals`` but those ``done`` (numbers of games already played, when
    a match resumes), handing each outcome to ``sink`` as it is done.

    ``jobs`` is where the games run: a number of processes (1: this one), or a backend
    (:mod:`~ascenseur.arena.backends`; a Ray cluster). Each run of a game is a piece of work
    of its own (n + 1 a game: a cluster of many CPUs has as many more to share out); a game
    reaches ``sink`` when its last run is in. Outcomes may arrive out of game order;
    :class:`~ascenseur.arena.stats.Tally` does not mind.
    """
    deals.fit(match.rules)
    backend = Processes(jobs) if isinstance(jobs, int) else jobs
    seats = (None, *range(match.rules.players))
    work = [
        (match, game, shuffles, seat)
        for game, shuffles in enumerate(deals.games)
        if game not in done
        for seat in seats
    ]
    partial: dict[int, list[RunOutcome]] = {}

    def collect(run: RunOutcome) -> None:
        runs = partial.setdefault(run.game, [])
        runs.append(run)
        if len(runs) == len(seats):
            sink(_assembled(run.game, partial.pop(run.game)))

    backend.run(play_run, work, collect)
