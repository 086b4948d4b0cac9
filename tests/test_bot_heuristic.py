"""The ``heuristic`` bot: legal, deterministic and playing to its bid.

That it cannot see hidden cards is tested with every bot in ``test_bot_peeking.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ascenseur.bots import REGISTRY, make_bot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core import Bid, Card, Deal, GameState, Play, Rules
from ascenseur.core.actions import PlayerAction
from ascenseur.core.cards import cards_of, indices_of
from ascenseur.core.observation import observe
from ascenseur.core.rules import SCORING_TABLES, SEED_SCORING
from ascenseur.search.heuristic_bidding import BidModel, load_model
from ascenseur.search.heuristic_odds import distribution, expected_score

BOT = HeuristicBot()


def _position(
    players: int, hands: Sequence[str], bids: Sequence[int], played: str = "", dealer: int = 0
) -> GameState:
    """A one-deal state: ``hands[s]`` dealt to seat s, ``bids`` by seat, then ``played``."""
    k = len(hands[0].split())
    state = GameState.single_deal(Rules(players=players), k - 1, dealer=dealer)
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    for i in range(players):
        state.apply(Bid(bids[(dealer + 1 + i) % players]))
    for code in played.split():
        state.apply(Play(Card.parse(code)))
    return state


def _decide(state: GameState) -> PlayerAction:
    seat = state.current_seat
    assert seat is not None
    return BOT.choose(observe(state, seat), random.Random(0))


def _random_position(rng: random.Random) -> GameState:
    """A random position of a random deal (2–10 players, any hand size, sometimes the hook)."""
    players = rng.randint(2, 10)
    rules = Rules(players=players, hook=rng.random() < 0.3)
    state = GameState.single_deal(rules, rng.randrange(rules.deal_count), rng.randrange(players))
    state.deal(rng)
    steps = rng.randrange(players + players * state.hand_size)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_registered_as_heuristic_with_calibrated_tables() -> None:
    assert "heuristic" in REGISTRY
    assert make_bot("heuristic").name == "heuristic"
    assert load_model() != BidModel.identity(), "heuristic_tables.json should ship with the bot"


def test_always_legal_and_never_bids_above_the_hand() -> None:
    rng = random.Random(7)
    for _ in range(300):
        state = _random_position(rng)
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        action = BOT.choose(view, rng)
        assert action in view.legal_actions
        if isinstance(action, Bid):
            assert 0 <= action.value <= state.hand_size


def test_whole_deals_between_heuristic_bots_stay_legal() -> None:
    rng = random.Random(11)
    for players in range(2, 11):
        rules = Rules(players=players, hook=players % 2 == 0)
        deal_index = rng.randrange(rules.deal_count)
        state = GameState.single_deal(rules, deal_index, dealer=rng.randrange(players))
        state.deal(rng)
        while not state.is_terminal():
            state.apply(_decide(state))  # apply checks legality
        assert sum(state.results[-1].tricks) == state.results[-1].hand_size


def test_ducks_with_the_excuse_when_its_bid_is_made_and_all_else_wins() -> None:
    # Seat 0 (dealer) bid 0 and plays last: K♥ would take the trick, the Excuse loses it.
    state = _position(3, ["HK EX", "H3 S5", "H4 D6"], [0, 1, 1], "H3 H4")
    assert _decide(state) == Play(Card.parse("EX"))


def test_leads_the_excuse_once_its_bid_is_reached() -> None:
    # Seat 1 bid 1 and took trick 1 with K♠; on lead with T21 and the Excuse, T21 would win.
    state = _position(3, ["S2 S3 D4", "SK T21 EX", "S1 S4 D5"], [0, 1, 0], "S2 SK S1", dealer=2)
    assert state.current_seat == 1 and state.tricks_won[1] == 1
    assert _decide(state) == Play(Card.parse("EX"))


def test_takes_a_needed_trick_with_its_sure_winner() -> None:
    # Seat 0 bid 1, plays last to a ♥ trick: K♥ wins for sure, 2♥ would give it away.
    state = _position(3, ["HK H2", "H3 S5", "H4 D6"], [1, 0, 0], "H3 H4")
    assert _decide(state) == Play(Card.parse("HK"))


def test_plays_low_when_it_wants_no_trick() -> None:
    # Seat 2 bid 0; 10♥ was led: 2♥ stays under it, K♥ would win.
    state = _position(4, ["H7 S4", "H10 D2", "H2 HK", "C3 C5"], [1, 1, 0, 0], "H10")
    assert _decide(state) == Play(Card.parse("H2"))


def test_ducks_under_with_its_highest_losing_card() -> None:
    # Seat 2 bid 0; Q♥ was led: J♥ and 2♥ both lose, and 2♥ is the safer card to keep.
    state = _position(4, ["H7 S4", "HQ D2", "H2 HJ", "C3 C5"], [1, 1, 0, 0], "HQ")
    assert _decide(state) == Play(Card.parse("HJ"))


def test_a_decision_does_not_depend_on_what_the_bot_decided_before() -> None:
    """The bot keeps nothing between decisions: a bot that has already played many other
    positions decides each one as a fresh bot does, given the same seed."""
    rng = random.Random(3)
    positions = [_random_position(rng) for _ in range(60)]
    used = make_bot("heuristic")
    for state in positions:
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        fresh = make_bot("heuristic").choose(view, random.Random(99))
        assert used.choose(view, random.Random(99)) == fresh
        used.choose(observe(positions[0], positions[0].current_seat or 0), random.Random(1))


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_counting_never_places_a_seen_card(players: int) -> None:
    from ascenseur.search.card_counting import count_cards

    rng = random.Random(players)
    for _ in range(30):
        state = _random_position(rng)
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        counting = count_cards(view)
        seen = view.hand_mask | view.played_mask
        for j in range(state.players):
            for i in indices_of(seen):
                assert counting.holds[j][i] == 0.0
            expected = state.hand_mask(j).bit_count() if j != seat else 0
            assert sum(counting.holds[j]) == pytest.approx(expected, rel=0.05, abs=1e-6)
            assert not cards_of(counting.may_hold[j] & seen)


def _seed_formula(
    bid: int, need: int, take: Sequence[float], forced: Sequence[float], excuse: bool
) -> float:
    """The expected score as the heuristic computed it when S1-S2 were written into it."""
    most = distribution(take)
    fewest = distribution(forced)
    if excuse and len(fewest) > 1:
        fewest = [fewest[0] + fewest[1], *fewest[2:]]
    short = sum(most[t] * (need - t) for t in range(min(need, len(most))))
    p_short = sum(most[: max(0, min(need, len(most)))])
    over = sum(fewest[t] * (t - need) for t in range(max(0, need + 1), len(fewest)))
    p_over = sum(fewest[max(0, need + 1) :])
    exact = max(0.0, 1.0 - p_short - p_over)
    return exact * (3 + 2 * bid) - short - over


def test_the_seed_table_values_cards_to_the_last_bit_as_before_h2() -> None:
    """The heuristic reads the rule set's scoring table (H2); under the seed's it computes
    exactly what it did with S1-S2 written in, so its decisions under the seed's rules stay."""
    rng = random.Random(58)
    for _ in range(3000):
        cards = rng.randint(0, 8)
        take = [rng.random() for _ in range(cards)]
        forced = [p * rng.random() for p in take]
        bid = rng.randint(0, 10)
        need = bid - rng.randint(0, bid + 2)
        excuse = rng.random() < 0.3
        got = expected_score(SEED_SCORING, bid, need, take, forced, excuse)
        assert got == _seed_formula(bid, need, take, forced, excuse)


def test_a_table_that_pays_every_trick_values_a_big_miss_above_an_exact_nil_h2() -> None:
    """Under a point a trick and ten for the exact bid (*tricks and ten*), a seat that bid 0
    and holds sure winners for eight tricks expects more than a seat sure to take none; under
    the seed's table it is the other way round."""
    sure, none = [1.0] * 8, [0.0] * 8
    tricks_and_ten = SCORING_TABLES["tricks-and-ten"]
    assert expected_score(tricks_and_ten, 0, 0, sure, sure, False) == 8.0
    assert expected_score(tricks_and_ten, 0, 0, none, none, False) == 10.0
    assert expected_score(tricks_and_ten, 0, 0, sure, sure, False) > (
        expected_score(SCORING_TABLES["tens"], 0, 0, sure, sure, False)
    )
    assert expected_score(SEED_SCORING, 0, 0, sure, sure, False) == -8.0
