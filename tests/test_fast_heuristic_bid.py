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

from ascenseur.bots.expert import bid_tables
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
    tables = Tables.of(bid_tables())
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
    tables = Tables.of(bid_tables())
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


def test_a_bids_playouts_give_the_later_seats_the_heuristic_bots_bids() -> None:
    """With ``faithful_bids``, a bid's play-outs give each seat after the searching one the
    bid a heuristic bot holding the world's hand makes after the bids before it, the
    candidate's included (rule B1; with the hook, rule B3's dealer): checked against the bots
    bidding on, in the real deal, after each candidate."""
    from ascenseur.fast import search
    from ascenseur.search.problem import SearchProblem, SearchSettings

    bot = HeuristicBot()
    rng = random.Random(17)
    checked = 0
    for _ in range(60):
        players = rng.randint(2, 10)
        rules = Rules(players=players, hook=rng.random() < 0.5)
        k = rng.choice(sorted(set(rules.schedule)))
        state = GameState.single_deal(rules, rules.schedule.index(k), dealer=rng.randrange(players))
        state.deal(rng)
        for _ in range(rng.randrange(players)):
            seat = state.current_seat
            assert seat is not None
            state.apply(bot.choose(observe(state, seat), rng))
        me = state.current_seat
        assert me is not None
        view = observe(state, me)
        problem = SearchProblem.of(view)
        settings = SearchSettings(
            iterations=1, seconds=None, inverse_variance=1.0, exact_cards=0, nested=False,
            faithful_bids=bid_tables(),
        )  # fmt: skip
        compiled = search.Problem.of(problem, settings)
        scratch = search.Scratch.of(problem)
        for seat in range(players):
            scratch.world[seat] = split(0 if seat == me else state.hand_mask(seat))
        search._unbid_rows(compiled, scratch)
        for candidate in problem.candidates:
            scratch.bids[:] = [max(b, 0) for b in compiled.known_bids]
            scratch.bids[me] = candidate
            search._later_bids(compiled, scratch, candidate)
            after = state.clone()
            after.apply(Bid(candidate))
            while after.phase is Phase.BIDDING:
                seat = after.current_seat
                assert seat is not None
                made = bot.choose(observe(after, seat), rng)
                assert isinstance(made, Bid)
                assert scratch.bids[seat] == made.value
                after.apply(made)
                checked += 1
    assert checked > 300


def test_each_bid_is_read_with_the_bids_before_it() -> None:
    """``bid_context``: for each seat that has bid, the sum and the count of the bids made
    before it in bidding order (rule B1: the dealer's left first, the dealer last) and, with
    the hook, the dealer's forbidden bid (rule B3: k less the others' sum, when within 0…k)."""
    from ascenseur.fast.search import bid_context
    from ascenseur.search.problem import SearchProblem

    rules = Rules(players=4, hook=True)
    k = 5
    state = GameState.single_deal(rules, rules.schedule.index(k), dealer=2)
    state.deal(random.Random(1))
    for value in (2, 0, 1):  # seats 3, 0, 1
        state.apply(Bid(value))
    view = observe(state, 2)  # the dealer, to bid: 2 is forbidden
    assert Bid(2) not in view.legal_actions
    state.apply(Bid(4))
    seat = state.current_seat
    assert seat is not None
    context = bid_context(SearchProblem.of(observe(state, seat))).tolist()
    assert context[3] == [0, 0, -1]
    assert context[0] == [2, 1, -1]
    assert context[1] == [2, 2, -1]
    assert context[2] == [3, 3, 2]
