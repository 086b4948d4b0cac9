"""The compiled twin of the heuristic bot's bid (``ascenseur.fast.heuristic_bid``).

Heuristic bots bid in random single deals of 2–10 players and every hand size, with and
without the hook (rule B3); at each bid (rules B1–B2: a whole number 0…k, the earlier bids
seen), the compiled bid must be the bot's, for the hand the seat holds and for hands drawn at
random in its place (the search asks the twin about hands a seat may hold).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("numba")

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Bid
from ascenseur.core.cards import DECK, FULL_DECK_MASK, indices_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.fast.heuristic_bid import Tables, Work, bid
from ascenseur.fast.masks import split


def _bid_views(seed: int, deals: int) -> list[Observation]:
    """Every bid decision of heuristic single deals of 2–10 players and any hand size, half
    of them with the hook."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    found = []
    for _ in range(deals):
        players = rng.randint(2, 10)
        rules = Rules(players=players, hook=rng.random() < 0.5)
        k = rng.choice(sorted(set(rules.schedule)))
        state = GameState.single_deal(rules, rules.schedule.index(k), dealer=rng.randrange(players))
        state.deal(rng)
        while state.phase is Phase.BIDDING:
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            found.append(view)
            state.apply(bot.choose(view, rng))
    return found


def _compiled(view: Observation, hand: int, tables: Tables, work: Work) -> int:
    n = view.players
    assert view.seat is not None
    earlier = [b for b in view.bids if b is not None]
    legal = {a.value for a in view.legal_actions if isinstance(a, Bid)}
    forbidden = next((b for b in range(view.hand_size + 1) if b not in legal), -1)
    low, high = split(hand)
    chosen = bid(
        low, high, view.seat, (view.dealer + 1) % n, view.hand_size, sum(earlier),
        len(earlier), forbidden, tables, work,
    )  # fmt: skip
    return int(chosen)


def test_the_twin_bids_the_heuristic_bots_bid() -> None:
    """Over some 1,500 bids of 2–10 players (half with the hook), the compiled bid is the
    bot's, for the seat's hand and for a random hand of as many cards in its place."""
    bot = HeuristicBot()
    rng = random.Random(11)
    tables = Tables.of()
    works = {n: Work.of(n) for n in range(2, 11)}
    views = _bid_views(seed=7, deals=300)
    assert len(views) > 1500
    differs = 0
    for view in views:
        work = works[view.players]
        chosen = bot.choose(view, rng)
        assert isinstance(chosen, Bid)
        assert _compiled(view, view.hand_mask, tables, work) == chosen.value, view
        other = rng.sample(indices_of(FULL_DECK_MASK), view.hand_size)
        drawn = replace(view, hand=tuple(DECK[i] for i in sorted(other)))
        hand = drawn.hand_mask
        expected = bot.choose(drawn, rng)
        assert isinstance(expected, Bid)
        assert _compiled(drawn, hand, tables, work) == expected.value, drawn
        differs += expected.value != chosen.value
    assert differs > len(views) // 4  # the hand matters: the test is not of a constant


def test_the_hook_forbidden_bid_is_never_bid() -> None:
    """Rule B3: the dealer never bids the value the hook forbids, whatever the hand."""
    tables = Tables.of()
    work = Work.of(4)
    rng = random.Random(3)
    for _ in range(300):
        k = rng.randint(1, 19)
        low, high = split(sum(1 << i for i in rng.sample(range(78), k)))
        earlier = [rng.randint(0, k) for _ in range(3)]
        forbidden = k - sum(earlier)
        got = bid(low, high, 3, 0, k, sum(earlier), 3, forbidden, tables, work)
        assert 0 <= got <= k
        assert got != forbidden
