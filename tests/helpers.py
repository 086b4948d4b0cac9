"""Building game positions from card codes, for the rules tests.

Hands are written as space-separated codes (``"H5 T3 EX"``), seat by seat. A *deal position*
is a :meth:`GameState.single_deal` state whose deal has been applied as an explicit
:class:`Deal`, then bids and cards: the rules tests choose every card rather than shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ascenseur.core import Bid, Card, Deal, GameState, Phase, Play, Rules
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation, observe


def cards(codes: str) -> tuple[Card, ...]:
    """The cards of space-separated codes, in the order written: ``cards("H5 T3 EX")``."""
    return tuple(Card.parse(code) for code in codes.split())


def codes(played: Iterable[Card]) -> list[str]:
    """The codes of these cards, in the order given."""
    return [card.code for card in played]


def deal_of(*hands: str) -> Deal:
    """A :class:`Deal` giving ``hands[s]`` to seat s."""
    return Deal(tuple(cards(hand) for hand in hands))


def bidding_order(dealer: int, players: int) -> list[int]:
    """Seats in bidding order: from the dealer's left, clockwise, the dealer last (B1)."""
    return [(dealer + 1 + i) % players for i in range(players)]


def apply_deal(
    state: GameState, hands: Sequence[str], bids: Sequence[int | None] | None = None
) -> None:
    """Deal ``hands`` (by seat), then make ``bids`` (by seat) in bidding order.

    ``bids`` None: every seat bids 0. A None bid stops the bidding there.
    """
    state.apply(deal_of(*hands))
    by_seat: Sequence[int | None] = [0] * len(hands) if bids is None else bids
    for seat in bidding_order(state.dealer, state.players):
        bid = by_seat[seat]
        if bid is None:
            return
        state.apply(Bid(bid))


def play(state: GameState, played: str) -> None:
    """Play these cards (space-separated codes), each by the seat to act."""
    for card in cards(played):
        state.apply(Play(card))


def deal_position(
    hands: Sequence[str],
    *,
    dealer: int | None = None,
    bids: Sequence[int | None] | None = None,
    played: str = "",
    hook: bool = False,
) -> GameState:
    """A one-deal state with these hands (by seat), bids (by seat) and cards played.

    The hand size k is the length of the hands; the state is deal k of the ascending half of
    the schedule (the k-card deal), so every hand size 1…⌊78/n⌋ is reachable. The dealer
    defaults to the last seat, so that seat 0 leads: write the hands from the leader.
    """
    players = len(hands)
    k = len(hands[0].split())
    rules = Rules(players=players, hook=hook)
    chosen = players - 1 if dealer is None else dealer
    state = GameState.single_deal(rules, k - 1, dealer=chosen)
    apply_deal(state, hands, bids)
    play(state, played)
    return state


def legal_codes(state: GameState) -> list[str]:
    """The codes of the cards the seat to act may play, in deck order."""
    return [action.card.code for action in state.legal_actions() if isinstance(action, Play)]


def random_action(state: GameState, rng: random.Random) -> PlayerAction:
    """One of the legal actions of the seat to act, drawn from ``rng``."""
    return rng.choice(state.legal_actions())


def random_game(
    rules: Rules, rng: random.Random, first_dealer: int = 0, stop_after: int | None = None
) -> GameState:
    """A game played with random deals and random legal actions.

    ``stop_after``: stop once that many actions (deals included) have been applied.
    """
    state = GameState.new(rules, first_dealer=first_dealer)
    while not state.is_terminal():
        if stop_after is not None and len(state.history) >= stop_after:
            break
        if state.phase is Phase.DEALING:
            state.deal(rng)
        else:
            state.apply(random_action(state, rng))
    return state


@dataclass(frozen=True)
class Snapshot:
    """Everything a :class:`GameState` shows, hidden cards included, as comparable values."""

    phase: Phase
    first_dealer: int
    deal_index: int
    dealer: int
    hand_size: int
    current_seat: int | None
    leader: int | None
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int | None, ...]
    trick: tuple[tuple[int, Card], ...]
    played: tuple[Card, ...]
    trick_winners: tuple[int, ...]
    tricks_won: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[object, ...]
    history: tuple[object, ...]
    legal_actions: tuple[PlayerAction, ...]


def snapshot(state: GameState) -> Snapshot:
    """The state as one comparable value."""
    return Snapshot(
        phase=state.phase,
        first_dealer=state.first_dealer,
        deal_index=state.deal_index,
        dealer=state.dealer,
        hand_size=state.hand_size,
        current_seat=state.current_seat,
        leader=state.leader,
        hands=tuple(state.hand(seat) for seat in range(state.players)),
        bids=state.bids,
        trick=state.trick,
        played=state.played,
        trick_winners=state.trick_winners,
        tricks_won=state.tricks_won,
        totals=state.totals,
        results=state.results,
        history=state.history,
        legal_actions=tuple(state.legal_actions()),
    )


#: Three players, all 78 cards dealt, seat 0 to play the third trick: seat 1 has shown it holds
#: no heart and seat 2 no spade, so seat 1 holds all 11 unseen spades and seat 2 all 11 unseen
#: hearts, and the other 25 unseen cards are shared 13 / 12. Drawing seat 1's hand at random
#: from the 36 cards it may hold finds all the spades once in about 240 tries: the sampler's
#: 200 attempts fail for about 4 worlds in 10 (worlds must be built, ascenseur.search.worlds).
TIGHT_HANDS = (
    "SQ SK HQ HK DQ DK CK " + " ".join(f"T{r}" for r in range(4, 22)) + " EX",
    "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SN C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CN CQ T1",
    "H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HN D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DN T2 T3",
)


def tight_position() -> GameState:
    """The state of :data:`TIGHT_HANDS` after ``HK T1 H1``, ``S1 T2 SQ`` and ``D1``."""
    return deal_position(TIGHT_HANDS, played="HK T1 H1 S1 T2 SQ D1")


def heuristic_card_decisions(seed: int, deals: int) -> list[tuple[GameState, Observation]]:
    """Every card decision among two or more in heuristic single deals of 2–10 players and any
    hand size, with a copy of the state it was taken in and the seat's view."""
    from ascenseur.bots.heuristic import HeuristicBot

    rng = random.Random(seed)
    bot = HeuristicBot()
    found = []
    for _ in range(deals):
        players = rng.randint(2, 10)
        rules = Rules(players=players)
        k = rng.choice(sorted(set(rules.schedule)))
        state = GameState.single_deal(rules, rules.schedule.index(k), dealer=rng.randrange(players))
        state.deal(rng)
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            if state.phase is Phase.PLAYING and len(view.legal_actions) > 1:
                found.append((state.clone(), view))
            state.apply(bot.choose(view, rng))
    return found
