"""OpenSpiel action ids for our actions: one fixed mapping, whatever the rules.

* chance outcomes: the card dealt next, by its deck index 0…77 (rule D3: one card at a time);
* bids: ``Bid(v)`` is action ``v`` (0…k);
* cards: ``Play(card)`` is action ``78 + card.index`` (78…155).

Ids between the largest bid and 77 are never legal. A fixed offset keeps a card's id the same
for every table size, so logs and policies read alike across variants.

>>> from ascenseur.core.actions import Play
>>> from ascenseur.core.cards import Card
>>> action_id(Bid(2)), action_id(Play(Card.parse("H10")))
(2, 101)
>>> player_action(101), action_text(101), action_text(2), chance_text(77)
(Play(Card.parse('H10')), '10♥', 'bid 2', 'deal Excuse')
"""

from __future__ import annotations

from ascenseur.core.actions import BIDS, PLAYS, Bid, PlayerAction
from ascenseur.core.cards import DECK, DECK_SIZE

CARD_OFFSET = DECK_SIZE
NUM_DISTINCT_ACTIONS = CARD_OFFSET + DECK_SIZE


def action_id(action: PlayerAction) -> int:
    """The OpenSpiel id of a bid or a card played."""
    if isinstance(action, Bid):
        return action.value
    return CARD_OFFSET + action.card.index


def player_action(action: int) -> PlayerAction:
    """The bid or card play of an OpenSpiel id; ValueError if it is neither."""
    if 0 <= action < CARD_OFFSET:
        return BIDS[action]
    if CARD_OFFSET <= action < NUM_DISTINCT_ACTIONS:
        return PLAYS[action - CARD_OFFSET]
    raise ValueError(f"action {action} is neither a bid (0…77) nor a card (78…155)")


def action_text(action: int) -> str:
    """A player action for people: ``bid 2``, ``10♥``, ``atout 21``, ``Excuse``."""
    decoded = player_action(action)
    return decoded.display() if isinstance(decoded, Bid) else str(decoded.card)


def chance_text(outcome: int) -> str:
    """A chance outcome for people: ``deal 10♥``."""
    if not 0 <= outcome < DECK_SIZE:
        raise ValueError(f"chance outcome {outcome} is not a card index (0…77)")
    return f"deal {DECK[outcome]}"


__all__ = [
    "CARD_OFFSET",
    "NUM_DISTINCT_ACTIONS",
    "action_id",
    "action_text",
    "chance_text",
    "player_action",
]
