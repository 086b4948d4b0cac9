"""The OpenSpiel state: our :class:`~ascenseur.core.state.GameState` behind ``pyspiel.State``.

The engine decides everything — who acts, what is legal (``legal_actions``), what an action
does (the checked ``apply``), the scores. This class only translates: the deal becomes one
chance node per card (each outcome the next card, uniform over the cards not yet dealt, to
the next seat from the dealer's left, rule D3), and the collected hands are applied to the
engine as one :class:`~ascenseur.core.actions.Deal` once all n·k cards are out.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ascenseur.core.actions import Deal
from ascenseur.core.cards import DECK, DECK_SIZE
from ascenseur.core.observation import observe
from ascenseur.core.state import GameState, Phase
from ascenseur.openspiel.encoding import (
    action_id,
    action_text,
    chance_text,
    player_action,
)
from ascenseur.openspiel.rebuild import deal_of, sample_state


class TarotState(pyspiel.State):  # type: ignore[misc]
    """A game (or one deal) of Tarot ascenseur in OpenSpiel's vocabulary."""

    def __init__(
        self,
        game: Any,
        engine: GameState | None = None,
        start: GameState | None = None,
        drawn: list[int] | None = None,
    ) -> None:
        """A new state; with ``engine``, that engine state (``start``: before its deal)."""
        super().__init__(game)
        if engine is None:
            engine = new_engine(game)
        self._box = _Engines(engine, start if start is not None else engine.clone())
        self._drawn: list[int] = drawn if drawn is not None else []
        self._rewards = [0.0] * engine.players

    @property
    def engine(self) -> GameState:
        """Our game state: every hidden card. Only the observer's ``observe`` reads it for views."""
        return self._box.engine

    # -- whose turn, what is legal --------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.engine.phase
        if phase is Phase.DEALING:
            return int(pyspiel.PlayerId.CHANCE)
        if phase is Phase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.engine.current_seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal bids or cards, as ids (ascending: bids, then cards in deck order);
        in a blind one-card deal (H5), what the seat's view allows: "my card"."""
        engine = self.engine
        if engine.is_blind_deal and engine.phase is Phase.PLAYING:
            return [action_id(a) for a in observe(engine, player).legal_actions]
        return [action_id(action) for action in engine.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card dealt: any card not dealt yet, equally likely."""
        dealt = set(self._drawn)
        left = [i for i in range(DECK_SIZE) if i not in dealt]
        return [(i, 1.0 / len(left)) for i in left]

    # -- applying actions -------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        if engine.phase is Phase.DEALING:
            if action in self._drawn or not 0 <= action < DECK_SIZE:
                raise ValueError(f"{chance_text(action)} cannot be dealt: it is not in the deck")
            self._drawn.append(action)
            if len(self._drawn) == engine.players * engine.hand_size:
                self._box.start = engine.clone()
                engine.apply(deal_of(self._drawn, engine.dealer, engine.players))
                self._drawn = []
            return  # a deal scores nothing: the rewards of the last bid or card stand
        before = engine.totals
        engine.apply(player_action(action))
        self._rewards = [float(a - b) for a, b in zip(engine.totals, before, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return chance_text(action)
        return action_text(action)

    # -- outcomes ---------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.engine.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's total so far (rule S3); a one-deal game's is that deal's score."""
        return [float(t) for t in self.engine.totals]

    def rewards(self) -> list[float]:
        """The points scored by the last bid or card (non-zero when it ended a deal).

        Chance nodes keep them: OpenSpiel sums rewards at decision nodes, and the deal that
        follows a scored deal must not wipe its points out.
        """
        return list(self._rewards)

    # -- search support ---------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TarotState:
        """:meth:`resample` seeded by one call of ``probability_sampler`` (OpenSpiel's API)."""
        return self.resample(player_id, random.Random(float(probability_sampler())))

    def resample(self, seat: int, rng: random.Random) -> TarotState:
        """A state ``seat`` cannot tell from this one, the cards hidden from it redrawn.

        The redraw uses only ``observe(engine, seat)`` and the engine before the current deal
        (past deals hide nothing: their cards were all played face up). The new state's
        OpenSpiel ``history()`` is empty; its engine's history is complete.
        """
        game = self.get_game()
        if self.engine.phase is Phase.DEALING:
            # Nobody has picked up the cards being dealt: any cards will do.
            drawn = rng.sample(range(DECK_SIZE), len(self._drawn))
            return TarotState(game, self.engine.clone(), self._box.start, drawn)
        if self.engine.phase is Phase.OVER:
            return TarotState(game, self.engine.clone(), self._box.start, [])
        engine = sample_state(self._box.start, observe(self.engine, seat), rng)
        return TarotState(game, engine, self._box.start, [])

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging, as OpenSpiel's ToString)."""
        engine = self.engine
        lines = [f"deal {engine.deal_index + 1} · dealer {engine.dealer} · {engine.phase.value}"]
        if engine.phase is Phase.DEALING:
            lines.append("dealt: " + " ".join(str(DECK[i]) for i in self._drawn))
        else:
            for seat in range(engine.players):
                lines.append(f"{seat}: " + " ".join(str(c) for c in engine.hand(seat)))
        lines.append("history: " + " ".join(_short(a) for a in engine.history))
        lines.append("totals: " + " ".join(str(t) for t in engine.totals))
        return "\n".join(lines)


class _Engines:
    """The engine and the engine before the current deal; a clone copies the first only.

    ``start`` is never changed in place (it is replaced at each deal and cloned before use),
    so clones share it. OpenSpiel clones a Python state with ``copy.deepcopy``, which keeps
    the C++ side (the action history) and deep-copies attributes: this box makes that copy
    an engine :meth:`~ascenseur.core.state.GameState.clone`.
    """

    __slots__ = ("engine", "start")

    def __init__(self, engine: GameState, start: GameState) -> None:
        self.engine = engine
        self.start = start

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engines:
        return _Engines(self.engine.clone(), self.start)


def new_engine(game: Any) -> GameState:
    """The engine state a game starts from: the whole game, or its one deal."""
    if game.deal < 0:
        return GameState.new(game.rules, first_dealer=game.first_dealer)
    dealer = (game.first_dealer + game.deal) % game.rules.players
    return GameState.single_deal(game.rules, game.deal, dealer)


def state_of(game: Any, engine: GameState, start: GameState) -> TarotState:
    """An OpenSpiel state wrapping ``engine`` (``start``: the engine before its deal)."""
    return TarotState(game, engine, start, [])


def _short(action: object) -> str:
    if isinstance(action, Deal):
        return "deal"
    return repr(action)


__all__ = ["TarotState", "new_engine", "state_of"]
