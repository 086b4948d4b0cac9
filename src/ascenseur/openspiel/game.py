"""The OpenSpiel game ``python_tarot_ascenseur``: its type, its size, its registration.

Importing this module registers the game with ``pyspiel`` (as OpenSpiel's own Python games
do). The rule set comes whole from the ``rules`` parameter — a record's ``rules`` object as
JSON text (:meth:`Rules.to_text`), house rules included — read by the one parser,
:meth:`Rules.from_text`; without it, from ``players``, ``max_cards`` and ``hook`` as before.
Impossible settings are refused with a sentence saying what is allowed. The utilities come
from the rule set's scoring table.

>>> import pyspiel
>>> from ascenseur.core.rules import SCORING_TABLES
>>> rules = Rules(3, 2, schedule="down-up", scoring=SCORING_TABLES["tens"])
>>> game = pyspiel.load_game(GAME_NAME, {"rules": rules.to_text()})
>>> game.rules == rules, game.num_players(), game.min_utility(), game.max_utility()
(True, 3, -50.0, 110.0)
"""

from __future__ import annotations

from typing import Any

import pyspiel

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.errors import RulesError
from ascenseur.core.rules import Rules
from ascenseur.openspiel import GAME_NAME
from ascenseur.openspiel.encoding import num_distinct_actions
from ascenseur.openspiel.observer import TarotObserver
from ascenseur.openspiel.state import TarotState
from ascenseur.openspiel.utility import utility_bounds

WHOLE_GAME = -1
_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "max_cards": 0,  # 0: ⌊78 / players⌋ (rule D5)
    "hook": False,
    "deal": WHOLE_GAME,
    "first_dealer": 0,
    "rules": "",  # the rule set whole as JSON text (Rules.to_text()); "": from the three above
}
#: The parameters a ``rules`` text states itself.
_RULE_PARAMETERS = ("players", "max_cards", "hook")


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
    scoring = rules.scoring
    low, high = utility_bounds(scoring, deals)
    return pyspiel.GameInfo(
        num_distinct_actions=num_distinct_actions(rules),
        max_chance_outcomes=DECK_SIZE,
        num_players=n,
        min_utility=float(low),
        # OpenSpiel wants min < max: a table of zeros (H2 allows it) scores 0 whatever happens.
        max_utility=float(max(high, low + 1)),
        max_game_length=sum(n + n * k for k in deals),  # bids and cards; the deal is chance
    )


def rules_of(params: dict[str, Any]) -> Rules:
    """The rule set of a game's parameters: ``rules`` whole, else the three old ones; an old
    one given besides ``rules`` must agree with it."""
    text = str(params.get("rules") or "")
    if not text:
        return Rules(
            players=int(params.get("players", _DEFAULTS["players"])),
            max_cards=int(params.get("max_cards", 0)) or None,
            hook=bool(params.get("hook", False)),
        )
    rules = Rules.from_text(text)
    # OpenSpiel hands the defaults over with the parameters given: a default says nothing.
    given = {n: params[n] for n in _RULE_PARAMETERS if params.get(n, _DEFAULTS[n]) != _DEFAULTS[n]}
    stated = {"players": rules.players, "max_cards": rules.max_cards, "hook": rules.hook}
    for name, value in given.items():
        if value != stated[name]:
            raise RulesError(
                f"{name} is {value!r} but the rules parameter says {stated[name]!r}: "
                "give the rule set once, in rules"
            )
    return rules


class TarotGame(pyspiel.Game):  # type: ignore[misc]
    """Tarot ascenseur: a whole game, or one deal of it (``deal`` ≥ 0)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = rules_of(dict(params or {}))
        # The parameters say the rule set whole, and the old three agree with it.
        values |= {
            "players": self.rules.players,
            "max_cards": self.rules.max_cards,
            "hook": self.rules.hook,
            "rules": self.rules.to_text(),
        }
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

__all__ = ["WHOLE_GAME", "TarotGame", "rules_of"]
