"""Invariants over random rule sets × random games (RULES.md §7, H1–H5), hypothesis-driven.

Every decision is taken from the seat's view (``observe``), as a player or a bot would take
it, so that "my card" (H5) and the closed fists (H4) are exercised on every game. Checked at
every step: cards conserved, the schedule followed (H1), trick counts summing to the hand
size, every deal scored by the rule set's table (H2), records round-tripping through
``check``, the lead free or restricted as the rules say (H3), and the views hiding exactly
what the house rules hide — with a no-peek check: a view is the same when what it must not
show is changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur.core import DECK, MY_CARD, Bid, Card, Deal, GameState, Phase, Play, Rules
from ascenseur.core.actions import Action
from ascenseur.core.cards import cards_of
from ascenseur.core.observation import observe
from ascenseur.core.record import check, dumps, loads, record_of
from rule_strategies import rule_sets


@dataclass(frozen=True)
class Plan:
    rules: Rules
    seed: int


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    return Plan(draw(rule_sets()), draw(st.integers(0, 2**32 - 1)))


def rebuilt(state: GameState, change: dict[Action, Action], from_index: int) -> GameState:
    """The game replayed from its history, with the actions at positions ``from_index`` and
    after replaced as ``change`` says (what a seat must not see, changed)."""
    other = GameState(state.rules, state.first_dealer)
    for position, action in enumerate(state.history):
        other.apply(change.get(action, action) if position >= from_index else action)
    return other


def check_views(state: GameState, rng: random.Random) -> None:
    """What each seat sees under the house rules, and that it sees no more (no-peek)."""
    rules = state.rules
    dealt = state.phase in (Phase.BIDDING, Phase.PLAYING)
    if not dealt:
        return
    n = state.players
    deal_start = max(i for i, a in enumerate(state.history) if isinstance(a, Deal))
    for seat in range(n):
        view = observe(state, seat)
        own = state.hand(seat)
        if rules.is_blind(state.hand_size):
            # H5: the seat never sees its own card before it plays it; it sees the others'.
            assert view.hand == ()
            assert view.seen_hands[seat] == ()
            for other in range(n):
                if other != seat:
                    assert view.seen_hands[other] == state.hand(other)
            if seat == state.current_seat and state.phase is Phase.PLAYING:
                assert view.legal_actions == (MY_CARD,)
            if own:
                # No-peek: the seat's card exchanged with a card nobody holds changes nothing.
                held = 0
                for s in range(n):
                    held |= state.hand_mask(s)
                played = {c.index for c in state.played}
                free = [c for c in DECK if not held >> c.index & 1 and c.index not in played]
                swap = rng.choice(free)
                (mine,) = own
                deal = state.history[deal_start]
                assert isinstance(deal, Deal)
                hands = tuple(tuple(swap if c == mine else c for c in hand) for hand in deal.hands)
                other_state = rebuilt(state, {deal: Deal(hands)}, deal_start)
                assert observe(other_state, seat) == view
        else:
            assert view.hand == own
            assert view.seen_hands == ()
        if rules.simultaneous and state.phase is Phase.BIDDING:
            # H4: closed fists — no other bid is visible before the last one is in.
            assert all(bid is None for s, bid in enumerate(view.bids) if s != seat)
            others = [s for s, bid in enumerate(state.bids) if bid is not None and s != seat]
            if others:
                # No-peek: other bids made so far, changed, change nothing this seat sees.
                target = rng.choice(others)
                k = state.hand_size
                position = _bid_position(state, deal_start, target)
                old = state.history[position]
                assert isinstance(old, Bid)
                new = Bid((old.value + 1) % (k + 1))
                other_state = _with_action(state, position, new)
                assert observe(other_state, seat) == view
        elif state.phase is Phase.BIDDING:
            assert view.bids == state.bids


def _bid_position(state: GameState, deal_start: int, seat: int) -> int:
    first = (state.dealer + 1) % state.players
    return deal_start + 1 + (seat - first) % state.players


def _with_action(state: GameState, position: int, action: Action) -> GameState:
    other = GameState(state.rules, state.first_dealer)
    for i, old in enumerate(state.history):
        other.apply(action if i == position else old)
    return other


def check_lead(state: GameState) -> None:
    """H3: without the lead restriction every card of the hand may lead; with it, P2."""
    if state.phase is not Phase.PLAYING or state.trick or state.is_blind_deal:
        return
    seat = state.current_seat
    assert seat is not None
    hand = set(state.hand(seat))
    legal = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    if not state.rules.lead_restriction:
        assert legal == hand
    else:
        suits = {c for c in hand if c.suit.value < 4}
        assert legal == (suits or hand)


def play_game(plan: Plan) -> GameState:
    rng = random.Random(plan.seed)
    state = GameState.new(plan.rules, rng=rng)
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
            hands = [state.hand(s) for s in range(state.players)]
            cards = [c for hand in hands for c in hand]
            assert len(cards) == len(set(cards)) == state.players * state.hand_size
            continue
        check_views(state, rng)
        check_lead(state)
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        state.apply(rng.choice(view.legal_actions))
    return state


def _index(card: Card) -> int:
    return card.index


def check_game(state: GameState) -> None:
    rules = state.rules
    # H1: the schedule, deal by deal, and nothing after its last deal.
    assert tuple(r.hand_size for r in state.results) == rules.schedule
    totals = [0] * state.players
    for j, (result, log) in enumerate(zip(state.results, state.deal_logs(), strict=True)):
        assert result.dealer == (state.first_dealer + j) % state.players  # D2
        assert sum(result.tricks) == result.hand_size
        dealt = [c for hand in log.hands for c in hand]
        assert sorted(dealt, key=_index) == sorted(log.cards, key=_index)
        for seat in range(state.players):
            points = rules.scoring.points(result.bids[seat], result.tricks[seat])  # H2
            assert result.scores[seat] == points
            totals[seat] += points
    assert list(state.totals) == totals
    text = dumps(record_of(state))
    verdict = check(text)
    assert verdict["valid"] and verdict["complete"], verdict
    assert verdict["totals"] == totals
    again = loads(text)
    assert again.rules == rules and dumps(again) == text


@settings(max_examples=200, deadline=None)
@given(st.lists(plans(), min_size=5, max_size=15))
def test_random_games_under_random_house_rules_keep_every_invariant(games: list[Plan]) -> None:
    for plan in games:
        check_game(play_game(plan))


@settings(max_examples=500, deadline=None)
@given(rule_sets(max_peak=26))
def test_rule_sets_round_trip_through_their_json(rules: Rules) -> None:
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_text(rules.to_text()) == rules
    assert len(rules.schedule) == rules.deal_count
    assert max(rules.schedule) == rules.max_cards
    if rules.is_seed:
        assert set(rules.to_json()) == {"players", "max_cards", "hook"}


def test_blind_card_is_played_by_my_card_and_logged() -> None:
    """H5: the seat plays "my card"; the state plays and logs the card it held."""
    rules = Rules(3, max_cards=1, blind_one_card=True)
    state = GameState.new(rules, first_dealer=0)
    state.deal(random.Random(5))
    for _ in range(3):
        state.apply(Bid(0))
    seat = state.current_seat
    assert seat is not None
    (card,) = cards_of(state.hand_mask(seat))
    state.apply(MY_CARD)
    assert state.history[-1] == Play(card)
    assert state.played == (card,)
