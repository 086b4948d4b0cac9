"""A rating ladder: a population of bots drawn into mixed tables of several sizes.

Each game of a table size seats a *lineup* drawn from the population (every bot as often as
the table allows, the rest drawn without repeats, seats shuffled). In duplicate (the default)
the lineup plays the game's deals once per *rotation*: at rotation r, seat s holds the lineup's
bot (s + r) mod n, so every bot of the lineup meets the same cards from every seat, and the
seats' random streams stay with the seats — the luck of the cards cancels within a game. Each
rotation ranks its seats by their totals; :mod:`~ascenseur.arena.ratings` turns the rankings
into ratings.

A population entry is a bot name (registered, or ``module:factory``) with, after ``@``, a
budget of its own: ``expert@2000`` (play-outs), ``openspiel-ismcts@0.5s`` (seconds a
decision), ``expert@2000,1s``; without it, the ladder's budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from ascenseur.arena.backends import Backend
from ascenseur.arena.dealsets import DealSet, DealSetGame
from ascenseur.arena.duplicate import ArenaError, play_fixed
from ascenseur.bots.base import Budget
from ascenseur.bots.outside import load_bot
from ascenseur.core.errors import AscenseurError
from ascenseur.core.rules import Rules, max_cards_for

LADDER_FORMAT = "ascenseur-ladder-design/1"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A bot of the population: its name, and the budget after ``@`` if it has its own."""

    bot: str
    budget: Budget | None = None

    @staticmethod
    def parse(text: str) -> Entrant:
        """``NAME``, ``NAME@ITERATIONS``, ``NAME@SECONDSs`` or ``NAME@ITERATIONS,SECONDSs``.

        >>> Entrant.parse("openspiel-ismcts@0.5s")
        Entrant(bot='openspiel-ismcts', budget=Budget(iterations=None, seconds=0.5))
        """
        bot, at, spec = text.partition("@")
        if not at:
            return Entrant(bot)
        iterations: int | None = None
        seconds: float | None = None
        try:
            for part in spec.split(","):
                if part.endswith("s"):
                    seconds = float(part[:-1])
                    if not seconds > 0:
                        raise ValueError
                else:
                    iterations = int(part)
                    if iterations < 1:
                        raise ValueError
        except ValueError:
            raise ArenaError(
                f"{text!r}: a budget after @ is play-outs (expert@2000), seconds "
                "(openspiel-ismcts@0.5s) or both (expert@2000,1s)"
            ) from None
        return Entrant(bot, Budget(iterations=iterations, seconds=seconds))


@dataclass(frozen=True, slots=True)
class Ladder:
    """The design of a ladder: who, at which table sizes, how many games, which deals.

    ``max_cards`` caps every size's peak hand (None: each size's own, ⌊78/n⌋); ``budget`` is
    that of entrants without their own; ``seed`` makes the deals, the lineups and the bots'
    streams.
    """

    population: tuple[str, ...]
    sizes: tuple[int, ...]
    games: int
    seed: int
    budget: Budget
    max_cards: int | None = None
    duplicate: bool = True

    def __post_init__(self) -> None:
        if len(set(self.population)) != len(self.population) or len(self.population) < 2:
            raise ArenaError("a ladder needs at least two different bots in its population")
        for entry in self.population:
            Entrant.parse(entry)
        for n in self.sizes:
            self.rules(n)  # refuses a size the game does not have, in the core's words

    def rules(self, players: int) -> Rules:
        """The rules of the tables of ``players`` seats."""
        try:
            cap = max_cards_for(players)
            peak = None if self.max_cards is None else min(self.max_cards, cap)
            return Rules(players=players, max_cards=peak)
        except AscenseurError as err:
            raise ArenaError(f"a table of {players} players: {err}") from None

    def deals(self, players: int) -> DealSet:
        """The deal set of the tables of ``players`` seats (one game per ladder game)."""
        return DealSet.generate(self.rules(players), self.seed, self.games)

    def lineup(self, players: int, game: int) -> tuple[str, ...]:
        """The population entries seated at game ``game`` of ``players`` seats, by seat."""
        rng = random.Random(f"ascenseur-ladder/{self.seed}/{players}/{game}/lineup")
        every, rest = divmod(players, len(self.population))
        drawn = list(self.population) * every + rng.sample(self.population, rest)
        rng.shuffle(drawn)
        return tuple(drawn)

    def rotations(self, players: int) -> int:
        return players if self.duplicate else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LADDER_FORMAT,
            "population": list(self.population),
            "sizes": list(self.sizes),
            "games": self.games,
            "seed": self.seed,
            "budget": {"iterations": self.budget.iterations, "seconds": self.budget.seconds},
            "max_cards": self.max_cards,
            "duplicate": self.duplicate,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Ladder:
        """The design :meth:`to_json` wrote; raises KeyError, TypeError or ValueError if not."""
        if data.get("format") != LADDER_FORMAT:
            raise ValueError(f"its format is {data.get('format')!r}, not {LADDER_FORMAT!r}")
        budget = data["budget"]
        return Ladder(
            population=tuple(str(p) for p in data["population"]),
            sizes=tuple(int(n) for n in data["sizes"]),
            games=int(data["games"]),
            seed=int(data["seed"]),
            budget=Budget(
                iterations=None if budget["iterations"] is None else int(budget["iterations"]),
                seconds=None if budget["seconds"] is None else float(budget["seconds"]),
            ),
            max_cards=None if data["max_cards"] is None else int(data["max_cards"]),
            duplicate=bool(data["duplicate"]),
        )


@dataclass(frozen=True, slots=True)
class Rotation:
    """One play of a ladder game's deals: each seat's entry, total and thinking time (s)."""

    seats: tuple[str, ...]
    totals: tuple[int, ...]
    seconds: tuple[float, ...]

    def ranks(self) -> tuple[int, ...]:
        """Each seat's place by total, 1 the best; equal totals share a place."""
        return tuple(1 + sum(other > mine for other in self.totals) for mine in self.totals)


@dataclass(frozen=True, slots=True)
class LadderGame:
    """A game of a ladder played in all its rotations."""

    players: int
    game: int
    rotations: tuple[Rotation, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "game": self.game,
            "rotations": [
                {"seats": list(r.seats), "totals": list(r.totals), "seconds": list(r.seconds)}
                for r in self.rotations
            ],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> LadderGame:
        """The game :meth:`to_json` wrote; raises KeyError, TypeError or ValueError if not."""
        rotations = tuple(
            Rotation(
                seats=tuple(str(s) for s in r["seats"]),
                totals=tuple(int(t) for t in r["totals"]),
                seconds=tuple(float(s) for s in r["seconds"]),
            )
            for r in data["rotations"]
        )
        players = int(data["players"])
        if not rotations or any(len(r.seats) != players for r in rotations):
            raise ValueError(f"its rotations do not seat {players} players")
        return LadderGame(players, int(data["game"]), rotations)


def play_ladder_game(ladder: Ladder, players: int, game: int, deals: DealSetGame) -> LadderGame:
    """Game ``game`` of the tables of ``players`` seats, in every rotation of its lineup."""
    rotations = range(ladder.rotations(players))
    played = [play_rotation(ladder, players, game, deals, r).rotation for r in rotations]
    return LadderGame(players, game, tuple(played))


@dataclass(frozen=True, slots=True)
class RotationOutcome:
    """Rotation ``rotation`` of game ``game`` of the tables of ``players`` seats."""

    players: int
    game: int
    index: int
    rotation: Rotation


def play_rotation(
    ladder: Ladder, players: int, game: int, deals: DealSetGame, rotation: int
) -> RotationOutcome:
    """One rotation of a ladder game (the unit of work the backends hand out).

    Bots are made afresh for every rotation; seat s draws from the same stream in every
    rotation, whoever sits there.
    """
    lineup = ladder.lineup(players, game)
    seats = tuple(lineup[(s + rotation) % players] for s in range(players))
    bots = []
    for entry in seats:
        entrant = Entrant.parse(entry)
        bots.append(load_bot(entrant.bot, entrant.budget or ladder.budget))
    rngs = [
        random.Random(f"ascenseur-ladder/{ladder.seed}/{players}/{game}/seat{s}")
        for s in range(players)
    ]
    try:
        state, times = play_fixed(ladder.rules(players), deals, bots, rngs)
    except AscenseurError as err:
        raise ArenaError(
            f"{players} players, game {game}, rotation {rotation} ({', '.join(seats)}): {err}"
        ) from None
    spent = tuple(round(sum(t) / 1e9, 4) for t in times)
    return RotationOutcome(players, game, rotation, Rotation(seats, tuple(state.totals), spent))


def run_ladder(
    ladder: Ladder,
    backend: Backend,
    sink: Callable[[LadderGame], None],
    done: Collection[tuple[int, int]] = (),
) -> None:
    """Play every game of the ladder but those ``done`` (``(players, game)``), game by game
    with every size at each (a ladder stopped early has played every size about as much);
    each rotation is a piece of work of its own, and a game reaches ``sink`` when its last
    rotation is in."""
    deals = {n: ladder.deals(n) for n in ladder.sizes}
    work = [
        (ladder, n, g, deals[n].games[g], r)
        for g in range(ladder.games)
        for n in ladder.sizes
        if (n, g) not in done
        for r in range(ladder.rotations(n))
    ]
    partial: dict[tuple[int, int], dict[int, Rotation]] = {}

    def collect(outcome: RotationOutcome) -> None:
        key = (outcome.players, outcome.game)
        rotations = partial.setdefault(key, {})
        rotations[outcome.index] = outcome.rotation
        if len(rotations) == ladder.rotations(outcome.players):
            del partial[key]
            ordered = tuple(rotations[r] for r in sorted(rotations))
            sink(LadderGame(outcome.players, outcome.game, ordered))

    backend.run(play_rotation, work, collect)


def games_left(ladder: Ladder, done: Collection[tuple[int, int]]) -> int:
    """How many games of the ladder are not in ``done``."""
    return len(ladder.sizes) * ladder.games - len(set(done))
