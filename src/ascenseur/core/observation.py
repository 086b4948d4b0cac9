"""What one seat (or a spectator) may see: the one function that builds every view.

:func:`observe` is the hidden-information boundary. Bots, the terminal, the browser and the
network receive an :class:`Observation` and nothing else: it holds the seat's own hand, every
public fact (bids, cards played, tricks, scores, whose turn) and what a careful player deduces
from the play (shown voids, no trumps left, a trump ceiling after a failure to overtrump) —
never another seat's cards, never the cards left undealt.

>>> import random
>>> from ascenseur.core.rules import Rules
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(1))
>>> view = observe(state, 1)
>>> len(view.hand), view.current_seat, view.hand_counts
(1, 1, (1, 1, 1))
>>> observe(state, None).hand
()
"""

from __future__ import annotations

from dataclasses import dataclass

from ascenseur.core.actions import MY_CARD, PlayerAction
from ascenseur.core.cards import (
    CARD_RANK,
    CARD_SUIT,
    DECK,
    EXCUSE_KIND,
    FULL_DECK_MASK,
    TRUMP_KIND,
    Card,
    Suit,
    cards_of,
    mask_of,
)
from ascenseur.core.rules import Rules
from ascenseur.core.state import DealResult, GameState, Phase
from ascenseur.core.tricks import NO_LED, trick_step

NO_CEILING = 21


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What the play of the current deal has shown about a seat's hand.

    ``voids``: kinds (suits, or :attr:`Suit.TRUMPS`) the seat is known not to hold.
    ``trump_ceiling``: the seat holds no trump higher than this rank (21: nothing known;
    0: no trumps at all).
    """

    voids: frozenset[Suit] = frozenset()
    trump_ceiling: int = NO_CEILING

    def may_hold(self, card: Card) -> bool:
        """Whether the seat may still hold ``card`` as far as the play shows."""
        suit = card.suit
        if suit is Suit.EXCUSE:
            return True
        if suit in self.voids:
            return False
        return suit is not Suit.TRUMPS or card.rank <= self.trump_ceiling


@dataclass(frozen=True, slots=True)
class TrickView:
    """A finished trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` may know now (``seat`` None: a spectator, who sees no hand).

    House rules shape it here and nowhere else: under simultaneous bidding (H4) ``bids``
    holds the seat's own bid only until the deal's last bid is made; in a blind one-card deal
    (H5) ``hand`` is empty until the seat's card is played, ``seen_hands`` names the others'
    cards, and the seat's one legal action is :data:`~ascenseur.core.actions.MY_CARD`.
    """

    rules: Rules
    seat: int | None
    phase: Phase
    deal_index: int
    hand_size: int
    dealer: int
    current_seat: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    bids: tuple[int | None, ...]
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    facts: tuple[SeatFacts, ...]
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_actions: tuple[PlayerAction, ...]
    #: By seat, the cards of that seat's hand this seat sees although they are not its own
    #: (a blind one-card deal, H5); empty otherwise.
    seen_hands: tuple[tuple[Card, ...], ...] = ()

    @property
    def bidders(self) -> tuple[int, ...]:
        """The seats that have bid so far in the deal, in bidding order (all of them once
        play has begun).

        Public even with closed fists (H4): bids are taken in turn from the dealer's left
        (B1), so the seats before the one to bid have bid, whatever their bids are.
        """
        n = self.players
        first = (self.dealer + 1) % n
        if self.phase is Phase.PLAYING:
            return tuple((first + i) % n for i in range(n))
        if self.phase is not Phase.BIDDING or self.current_seat is None:
            return ()
        return tuple((first + i) % n for i in range((self.current_seat - first) % n))

    @property
    def is_blind(self) -> bool:
        """Whether the seat plays this deal blind (H5): it does not see its own card."""
        return self.seat is not None and self.rules.is_blind(self.hand_size)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.current_seat

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def played_mask(self) -> int:
        """Cards played so far in this deal (finished tricks and the current one)."""
        done = mask_of(card for trick in self.tricks for card in trick.cards)
        return done | mask_of(card for _, card in self.trick)

    @property
    def seen_mask(self) -> int:
        """The cards of other hands this seat sees (a blind one-card deal, H5)."""
        return mask_of(card for hand in self.seen_hands for card in hand)

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: in other hands (its own, in a blind deal) or never
        dealt."""
        return FULL_DECK_MASK & ~self.hand_mask & ~self.played_mask & ~self.seen_mask


def observe(state: GameState, seat: int | None) -> Observation:
    """The view of ``seat`` (None: a spectator) of ``state``; the only view builder."""
    n = state.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat must be 0…{n - 1} or None for a spectator, not {seat}")
    phase = state.phase
    dealt = phase is Phase.BIDDING or phase is Phase.PLAYING
    current = state.current_seat
    first_leader = (state.dealer + 1) % n
    # Waiting for a deal, or over: no hand, no bid, no card of the coming deal yet.
    cards = state.played_indices if dealt else ()
    winners = state.trick_winners if dealt else ()
    tricks = tuple(
        TrickView(
            first_leader if t == 0 else winners[t - 1],
            tuple(DECK[i] for i in cards[t * n : (t + 1) * n]),
            winner,
        )
        for t, winner in enumerate(winners)
    )
    rules = state.rules
    hand_mask = state.hand_mask(seat) if seat is not None and dealt else 0
    # Only the seat to act gets its legal actions, from the state's one legality function.
    legal = tuple(state.legal_actions()) if seat is not None and seat == current else ()
    seen: tuple[tuple[Card, ...], ...] = ()
    if seat is not None and dealt and rules.is_blind(state.hand_size):
        # H5: the card on the forehead. The seat sees every other card still held, never its
        # own; it plays it as "my card".
        seen = tuple(() if s == seat else tuple(cards_of(state.hand_mask(s))) for s in range(n))
        hand_mask = 0
        if legal and phase is Phase.PLAYING:
            legal = (MY_CARD,)
    bids = state.bids if dealt else (None,) * n
    if rules.simultaneous and phase is Phase.BIDDING:
        # H4: closed fists. Until the last bid is in, a seat sees its own bid only.
        bids = tuple(bid if s == seat else None for s, bid in enumerate(bids))
    return Observation(
        rules=state.rules,
        seat=seat,
        phase=phase,
        deal_index=state.deal_index,
        hand_size=state.hand_size,
        dealer=state.dealer,
        current_seat=current,
        hand=tuple(cards_of(hand_mask)),
        # How many cards each seat holds is public (everyone counts the cards played).
        hand_counts=tuple(state.hand_mask(s).bit_count() for s in range(n)) if dealt else (0,) * n,
        bids=bids,
        leader=state.leader,
        trick=state.trick if dealt else (),
        tricks=tricks,
        tricks_won=state.tricks_won if dealt else (0,) * n,
        facts=deduce_facts(n, first_leader, cards, winners, rules.lead_restriction),
        totals=state.totals,
        results=state.results,
        legal_actions=legal,
        seen_hands=seen,
    )


def deduce_facts(
    players: int,
    first_leader: int,
    cards: tuple[int, ...],
    winners: tuple[int, ...],
    lead_restriction: bool = True,
) -> tuple[SeatFacts, ...]:
    """The public facts about each seat's hand from the cards played in a deal (indices).

    ``winners`` are the winners of the finished tricks; the cards after the last finished
    trick form the current trick. A trump or Excuse lead shows a hand without suit cards only
    under the lead restriction (P2; house rule H3 lifts it).
    """
    n = players
    voids = [0] * n  # bit s: known void in kind s (0–3 suits, 4 trumps)
    ceiling = [NO_CEILING] * n
    for t in range((len(cards) + n - 1) // n):
        leader = first_leader if t == 0 else winners[t - 1]
        led, high, value, winner = NO_LED, 0, -1, -1
        for pos, index in enumerate(cards[t * n : (t + 1) * n]):
            seat = (leader + pos) % n
            suit = CARD_SUIT[index]
            if pos == 0 and suit >= TRUMP_KIND and lead_restriction:
                voids[seat] |= 0b1111  # P2: a trump or Excuse lead shows no suit card
            elif led != NO_LED and suit != EXCUSE_KIND:
                if suit == TRUMP_KIND:
                    if led != TRUMP_KIND:
                        voids[seat] |= 1 << led
                    if CARD_RANK[index] < high:
                        ceiling[seat] = min(ceiling[seat], high)  # could not overtrump
                elif suit != led:
                    voids[seat] |= (1 << led) | (1 << TRUMP_KIND)  # a discard: neither
            led, high, value, winner = trick_step(index, seat, led, high, value, winner)
    facts = []
    for seat in range(n):
        kinds = frozenset(Suit(k) for k in range(5) if voids[seat] >> k & 1)
        cap = 0 if Suit.TRUMPS in kinds else ceiling[seat]
        facts.append(SeatFacts(kinds, cap))
    return tuple(facts)


__all__ = [
    "NO_CEILING",
    "Observation",
    "SeatFacts",
    "TrickView",
    "deduce_facts",
    "observe",
]
