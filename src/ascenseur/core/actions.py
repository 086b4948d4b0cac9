"""Actions: a deal (the chance step), a bid (annonce), a card played, and "my card" (H5).

Actions are frozen values. The game's event log is the list of actions applied, in order;
everything else (records, replay, views) derives from it.

>>> Bid(2), Play(Card.parse("EX")), MY_CARD
(Bid(2), Play(Card.parse('EX')), MyCard())
"""

from __future__ import annotations

from dataclasses import dataclass

from ascenseur.core.cards import DECK, Card, Language


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step before each deal (donne): ``hands[s]`` is what seat s is dealt.

    ``hands[s]`` lists the cards in the order seat s received them.
    """

    hands: tuple[tuple[Card, ...], ...]

    def __repr__(self) -> str:
        inner = ", ".join("(" + ", ".join(repr(c) for c in h) + ",)" for h in self.hands)
        return f"Deal(({inner},))"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid (annonce): the exact number of tricks the seat intends to take."""

    value: int

    def __repr__(self) -> str:
        return f"Bid({self.value})"

    def display(self, lang: Language = "en") -> str:
        return f"annonce {self.value}" if lang == "fr" else f"bid {self.value}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick (pli)."""

    card: Card

    def __repr__(self) -> str:
        return f"Play({self.card!r})"

    def display(self, lang: Language = "en") -> str:
        return self.card.display(lang)


@dataclass(frozen=True, slots=True)
class MyCard:
    """Play my card without seeing it: the one play of a blind one-card deal (house rule H5).

    The seat holds its one card to the forehead: everything it receives names the others'
    cards and never its own, so it plays "my card"; the game state plays the card it holds
    (and logs that card).
    """

    def __repr__(self) -> str:
        return "MyCard()"

    def display(self, lang: Language = "en") -> str:
        return "ma carte" if lang == "fr" else "my card"


Action = Deal | Bid | Play | MyCard
PlayerAction = Bid | Play | MyCard

#: The one "my card" action (H5).
MY_CARD = MyCard()

#: Interned actions, so that legal-action lists allocate nothing new.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in DECK)
BIDS: tuple[Bid, ...] = tuple(Bid(v) for v in range(79))
