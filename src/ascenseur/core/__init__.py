"""The pure core: cards, rules, game state, observations, records and scoring.

Standard library only, no I/O. Everything else in the project depends on this package and
never the reverse.
"""

from ascenseur.core.actions import MY_CARD, Action, Bid, Deal, MyCard, Play
from ascenseur.core.cards import DECK, EXCUSE, Card, Suit
from ascenseur.core.errors import (
    AscenseurError,
    CardError,
    IllegalAction,
    RecordError,
    RulesError,
)
from ascenseur.core.rules import PRESETS, SCORING_TABLES, Rules, Scoring
from ascenseur.core.scoring import deal_score, winners
from ascenseur.core.state import DealResult, GameState, Phase
from ascenseur.core.tricks import legal_cards, trick_winner

__all__ = [
    "DECK",
    "EXCUSE",
    "MY_CARD",
    "PRESETS",
    "SCORING_TABLES",
    "Action",
    "AscenseurError",
    "Bid",
    "Card",
    "CardError",
    "Deal",
    "DealResult",
    "GameState",
    "IllegalAction",
    "MyCard",
    "Phase",
    "Play",
    "RecordError",
    "Rules",
    "RulesError",
    "Scoring",
    "Suit",
    "deal_score",
    "legal_cards",
    "trick_winner",
    "winners",
]
