"""The pure core: cards, rules, game state, observations, records and scoring.

Standard library only, no I/O. Everything else in the project depends on this package and
never the reverse.
"""

from ascenseur.core.actions import Action, Bid, Deal, Play
from ascenseur.core.cards import DECK, EXCUSE, Card, Suit
from ascenseur.core.errors import (
    AscenseurError,
    CardError,
    IllegalAction,
    RecordError,
    RulesError,
)
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import deal_score, winners
from ascenseur.core.state import DealResult, GameState, Phase
from ascenseur.core.tricks import legal_cards, trick_winner

__all__ = [
    "DECK",
    "EXCUSE",
    "Action",
    "AscenseurError",
    "Bid",
    "Card",
    "CardError",
    "Deal",
    "DealResult",
    "GameState",
    "IllegalAction",
    "Phase",
    "Play",
    "RecordError",
    "Rules",
    "RulesError",
    "Suit",
    "deal_score",
    "legal_cards",
    "trick_winner",
    "winners",
]
