"""The OpenSpiel game ``python_tarot_ascenseur``: its type, its size, its registration.

Importing this module registers the game with ``pyspiel`` (as OpenSpiel's own Python games
do). The rules come from the parameters through :class:`~ascenseur.core.rules.Rules`, which
rejects impossible settings with a sentence saying what is allowed.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.rules import Rules
from ascenseur.openspiel import GAME_NAME
from ascenseur.openspiel.encoding import NUM_DISTINCT_ACTIONS
from ascenseur.openspiel.observer import TarotObserver
from ascenseur.openspiel.state import TarotState

WHOLE_GAME = -1
_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "max_cards": 0,  # 0: ⌊78 / players⌋ (rule D5)
    "hook": False,
    "deal": WHOLE_GAME,
    "first_dealer": 0,
}


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Python Tarot ascenseur",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


def _game_info(rules: Rules, deals: tuple[int, ...]) -> Any:
    n = rules.players
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_DISTINCT_ACTIONS,
        max_chance_outcomes=DECK_SIZE,
        num_players=n,
        min_utility=float(-sum(deals)),  # every bid missed by k (rule S2)
        max_utility=float(sum(3 + 2 * k for k in deals)),  # every bid k made with k tricks
        max_game_length=sum(n + n * k for k in deals),  # bids and cards; the deal is chance
    )


class TarotGame(pyspiel.Game):  # type: ignore[misc]
    """Tarot ascenseur: a whole game, or one deal of it (``deal`` ≥ 0)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = Rules(
            players=int(values["players"]),
            max_cards=int(values["max_cards"]) or None,
            hook=bool(values["hook"]),
        )
        schedule = self.rules.schedule
        self.deal = int(values["deal"])
        if not WHOLE_GAME <= self.deal < len(schedule):
            raise ValueError(
                f"deal must be -1 (the whole game) or 0…{len(schedule) - 1}, not {self.deal}"
            )
        self.first_dealer = int(values["first_dealer"]) % self.rules.players
        deals = schedule if self.deal == WHOLE_GAME else (schedule[self.deal],)
        super().__init__(_game_type(), _game_info(self.rules, deals), values)

    def new_initial_state(self) -> TarotState:
        """The game before its first card is dealt."""
        return TarotState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TarotObserver:
        """An observer of information states (perfect recall) or observations."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return TarotObserver(self.rules, iig_obs_type, params)


pyspiel.register_game(_game_type(), TarotGame)

__all__ = ["WHOLE_GAME", "TarotGame"]
