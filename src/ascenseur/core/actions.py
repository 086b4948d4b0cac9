"""Actions: a deal (the chance step), a bid (annonce) and a card played.

Actions are frozen values. The game's event log is the list of actions applied, in order;
everything else (records, replay, views) derives from it.

>>> Bid(2), Play(Card.parse("EX"))
(Bid(2), Play(Card.parse('EX')))
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


Action = Deal | Bid | Play
PlayerAction = Bid | Play

#: Interned actions, so that legal-action lists allocate nothing new.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in DECK)
BIDS: tuple[Bid, ...] = tuple(Bid(v) for v in range(79))
