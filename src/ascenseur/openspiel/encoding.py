"""OpenSpiel action ids for our actions: one fixed mapping, whatever the rules.

* chance outcomes: the card dealt next, by its deck index 0…77 (rule D3: one card at a time);
* bids: ``Bid(v)`` is action ``v`` (0…k);
* cards: ``Play(card)`` is action ``78 + card.index`` (78…155);
* "my card" (house rule H5, a blind one-card deal): action 156, which only games whose rule
  set plays blind one-card deals have (:func:`num_distinct_actions`).

Ids between the largest bid and 77 are never legal. A fixed offset keeps a card's id the same
for every table size, so logs and policies read alike across variants.

>>> from ascenseur.core.actions import Play
>>> from ascenseur.core.cards import Card
>>> action_id(Bid(2)), action_id(Play(Card.parse("H10"))), action_id(MY_CARD)
(2, 101, 156)
>>> player_action(101), action_text(101), action_text(2), action_text(156), chance_text(77)
(Play(Card.parse('H10')), '10♥', 'bid 2', 'my card', 'deal Excuse')
"""

from __future__ import annotations

from ascenseur.core.actions import BIDS, MY_CARD, PLAYS, Bid, MyCard, Play, PlayerAction
from ascenseur.core.cards import DECK, DECK_SIZE
from ascenseur.core.rules import Rules

CARD_OFFSET = DECK_SIZE
#: The ids of bids and cards (every rule set's).
NUM_DISTINCT_ACTIONS = CARD_OFFSET + DECK_SIZE
#: The id of "my card" (H5), after every card's.
MY_CARD_ID = NUM_DISTINCT_ACTIONS


def num_distinct_actions(rules: Rules) -> int:
    """The action ids a game under ``rules`` has: "my card" only with blind one-card deals."""
    return NUM_DISTINCT_ACTIONS + 1 if rules.blind_one_card else NUM_DISTINCT_ACTIONS


def action_id(action: PlayerAction) -> int:
    """The OpenSpiel id of a bid, a card played, or "my card"."""
    if isinstance(action, Bid):
        return action.value
    if isinstance(action, MyCard):
        return MY_CARD_ID
    return CARD_OFFSET + action.card.index


def player_action(action: int) -> PlayerAction:
    """The bid, card play or "my card" of an OpenSpiel id; ValueError if it is none."""
    if 0 <= action < CARD_OFFSET:
        return BIDS[action]
    if CARD_OFFSET <= action < NUM_DISTINCT_ACTIONS:
        return PLAYS[action - CARD_OFFSET]
    if action == MY_CARD_ID:
        return MY_CARD
    raise ValueError(
        f"action {action} is neither a bid (0…77), a card (78…155) nor my card ({MY_CARD_ID})"
    )


def action_text(action: int) -> str:
    """A player action for people: ``bid 2``, ``10♥``, ``atout 21``, ``Excuse``, ``my card``."""
    decoded = player_action(action)
    return str(decoded.card) if isinstance(decoded, Play) else decoded.display()


def chance_text(outcome: int) -> str:
    """A chance outcome for people: ``deal 10♥``."""
    if not 0 <= outcome < DECK_SIZE:
        raise ValueError(f"chance outcome {outcome} is not a card index (0…77)")
    return f"deal {DECK[outcome]}"


__all__ = [
    "CARD_OFFSET",
    "MY_CARD_ID",
    "NUM_DISTINCT_ACTIONS",
    "action_id",
    "action_text",
    "chance_text",
    "num_distinct_actions",
    "player_action",
]
