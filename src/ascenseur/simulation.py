"""Games between bots, without a person: the engine of ``ascenseur simulate``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ascenseur.bots.base import Bot
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState


def play_game(
    rules: Rules, bots: Sequence[Bot], rng: random.Random, first_dealer: int | None = None
) -> GameState:
    """Play one whole game: deals drawn from ``rng``, each bot seeing only its own view."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    state = GameState.new(rules, first_dealer=first_dealer, rng=rng)
    while not state.is_terminal():
        seat = state.current_seat
        if seat is None:
            state.deal(rng)
            continue
        state.apply(bots[seat].choose(observe(state, seat), rng))
    return state


@dataclass
class Summary:
    """Totals over many games, by seat."""

    players: int
    games: int = 0
    points: list[int] | None = None
    wins: list[float] | None = None
    exact: list[int] | None = None
    deals: int = 0

    def add(self, state: GameState) -> None:
        n = self.players
        points = self.points or [0] * n
        wins = self.wins or [0.0] * n
        exact = self.exact or [0] * n
        for seat, total in enumerate(state.totals):
            points[seat] += total
        best = state.winners()
        for seat in best:
            wins[seat] += 1 / len(best)
        for result in state.results:
            for seat in range(n):
                exact[seat] += result.bids[seat] == result.tricks[seat]
        self.points, self.wins, self.exact = points, wins, exact
        self.games += 1
        self.deals += len(state.results)

    def lines(self, names: Sequence[str]) -> list[str]:
        """A table for people: points per game, wins and exact-bid rate by seat."""
        n = self.players
        points = self.points or [0] * n
        wins = self.wins or [0.0] * n
        exact = self.exact or [0] * n
        games = max(self.games, 1)
        deals = max(self.deals, 1)
        width = max(len(name) for name in names)
        out = [f"{self.games} game(s), {self.deals} deal(s)"]
        out.append(
            f"{'seat':>4}  {'bot':<{width}}  {'points/game':>11}  {'wins':>6}  {'exact bids':>10}"
        )
        for seat in range(n):
            out.append(
                f"{seat:>4}  {names[seat]:<{width}}  {points[seat] / games:>11.1f}  "
                f"{wins[seat]:>6.1f}  {100 * exact[seat] / deals:>9.1f}%"
            )
        return out
