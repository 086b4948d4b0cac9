"""The compiled core (``ascenseur.fast``) agrees exactly with the pure-Python reference.

The big differential test walks random deals for 2–10 players and every hand size through
the checked engine and, at every card, compares the compiled legal cards with the core's;
at every finished trick its winner; at every finished deal the scores; and at many positions
a whole "to the bid" play-out (and, near the end of a deal, the exact endgame search) from
the same world. Each deal draws its scoring table (H2) and its lead restriction (P2 or H3),
which the compiled core takes as data. Positions come from a seeded generator, so a failure
names a reproducible position. The whole module is skipped when numba is not installed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest

pytest.importorskip("numba")

from ascenseur import fast
from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot, ExpertSettings
from ascenseur.core.actions import BIDS, PLAYS, Deal
from ascenseur.core.cards import CARD_RANK, CARD_SUIT, DECK, KIND_MASKS, TRUMPS_ABOVE, Suit
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import SEED_SCORING, Rules, Scoring
from ascenseur.core.scoring import best_score, deal_score
from ascenseur.core.state import GameState, Phase
from ascenseur.core.tricks import TRICK_VALUES, trick_facts, winning_position
from ascenseur.fast import endgame, nested, play
from ascenseur.fast import search as fast_search
from ascenseur.fast import worlds as fast_worlds
from ascenseur.fast.deals import RandomDeals
from ascenseur.fast.masks import Words, join, split, split_all
from ascenseur.fast.play import scoring_array
from ascenseur.fast.rng import new_stream
from ascenseur.search import reference, rollout
from ascenseur.search.bid_model import expected_bid, model
from ascenseur.search.endgame import EXACT_CARDS
from ascenseur.search.endgame import solve as pure_solve
from ascenseur.search.problem import ATTEMPTS, Estimate, SearchProblem, SearchSettings
from ascenseur.search.worlds import NoConsistentWorld, WorldSpec
from ascenseur.search.worlds import sample_world as pure_sample_world
from helpers import tight_position
from random_rules import random_scoring

#: Positions of the big differential test: 100,000 in CI; ``benchmarks/fast_differential.py``
#: sets ASCENSEUR_DIFF_POSITIONS to run a million.
POSITIONS = int(os.environ.get("ASCENSEUR_DIFF_POSITIONS", "100000"))
NO_LOG = np.empty(0, np.int64)
CONFIGS = [(n, k) for n in range(2, 11) for k in range(1, 78 // n + 1)]


# -- thin wrappers: Python masks in, Python masks out --------------------------------------


def fast_legal(hand: int, trick_len: int, led: int, high: int, lead_restriction: bool) -> int:
    return join(*play.legal(*split(hand), trick_len, led, high, lead_restriction))


def compiled(position: rollout.Position) -> play.Position:
    """The compiled core's copy of ``position``."""
    return play.Position(
        split_all(position.hands),
        position.to_act,
        np.array(position.trick, np.int64),
        len(position.trick),
        np.array(position.tricks_won, np.int64),
        np.array(position.bids, np.int64),
        position.tricks_left,
        scoring_array(position.scoring),
        position.lead_restriction,
    )


def fast_playout(position: rollout.Position, first: int) -> tuple[list[int], list[int]]:
    """Tricks by seat and the cards played, from the compiled play-out."""
    at = compiled(position)
    log = np.empty(78, np.int64)
    played = play.playout(at, first, log)
    assert not at.hands.any(), "a play-out must empty every hand"
    return [int(w) for w in at.won], [int(c) for c in log[:played]]


def fast_playout_nested(
    position: rollout.Position, first: int, me: int, noise: float = 0.0, seed: int = 0
) -> list[int]:
    """Tricks by seat from the compiled nested play-out (the others' noise drawn from a
    stream seeded with ``seed``)."""
    n = len(position.hands)
    at = compiled(position)
    nested.playout_nested(
        at,
        first,
        me,
        np.empty((n, 2), np.int64),
        np.empty(n, np.int64),
        np.empty(n, np.int64),
        noise,
        np.array([seed], np.uint64),
    )
    assert not at.hands.any(), "a nested play-out must empty every hand"
    return [int(w) for w in at.won]


def fast_solve(position: rollout.Position, first: int) -> list[int]:
    at = compiled(position)
    wons, results, nodes, tops = endgame.scratch(len(position.hands))
    endgame.solve(at, first, wons, results, nodes, tops)
    assert [join(h[0], h[1]) for h in at.hands] == position.hands, "solve must restore the hands"
    return [int(w) for w in at.won]


def position_of(state: GameState) -> rollout.Position:
    """What a play-out starts from: the state's real world."""
    n = state.players
    return rollout.Position(
        [state.hand_mask(s) for s in range(n)],
        state.current_seat if state.current_seat is not None else -1,
        [card.index for _, card in state.trick],
        list(state.tricks_won),
        [b if b is not None else 0 for b in state.bids],
        state.hand_size - state.trick_number,
        state.rules.scoring,
        state.rules.lead_restriction,
    )


# -- the differential test ---------------------------------------------------------------


def _random_deal(rng: random.Random, players: int, hand_size: int) -> GameState:
    """A deal of ``hand_size`` cards with random bids, under a random scoring table (H2) and
    lead restriction (H3)."""
    rules = Rules(
        players=players,
        hook=rng.random() < 0.5,
        scoring=random_scoring(rng),
        lead_restriction=rng.random() < 0.5,
    )
    state = GameState.single_deal(rules, hand_size - 1, dealer=rng.randrange(players))
    state.deal_random_unchecked(rng)
    while state.phase is Phase.BIDDING:
        state.bid_unchecked(rng.choice(state.legal_bids()))
    return state


def _check_policy_replay(state: GameState, first: int, cards: list[int]) -> None:
    """The compiled play-out's cards, replayed through the checked engine, are legal and are
    what :func:`rollout.choose_card` picks at each step (after ``first``)."""
    replay = state.clone()
    n = replay.players
    for step, card in enumerate(cards):
        if step > 0 or first < 0:
            seat = replay.current_seat
            assert seat is not None
            trick = [c.index for _, c in replay.trick]
            led, _ = trick_facts(trick)
            win_value = max((TRICK_VALUES[led + 1][c] for c in trick), default=-1)
            bid = replay.bids[seat]
            assert bid is not None
            need = bid - replay.tricks_won[seat]
            expected = rollout.choose_card(
                replay.legal_card_mask(), len(trick), led, win_value, need, len(trick) == n - 1
            )
            assert card == expected, f"step {step}: policy plays {expected}, fast core {card}"
        replay.apply(PLAYS[card])
    assert replay.is_terminal()


def _walk(rng: random.Random, players: int, hand_size: int) -> Iterator[None]:
    """Play one random deal, checking the compiled core at every card; yields per position."""
    state = _random_deal(rng, players, hand_size)
    n = players
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        hand = state.hand_mask(seat)
        trick = [c.index for _, c in state.trick]
        led, high = trick_facts(trick)
        legal = state.legal_card_mask()
        assert fast_legal(hand, len(trick), led, high, state.rules.lead_restriction) == legal, (
            f"legal cards differ: {n} players, hand {hand:#x}, trick {trick}, {state.rules}"
        )
        cards_left = sum(state.hand_mask(s).bit_count() for s in range(n))
        if rng.random() < 0.4 or cards_left <= EXACT_CARDS + 2:
            position = position_of(state)
            first = rng.choice([-1, *_bits(legal)])
            expected = rollout.playout(position.copy(), first)
            won, cards = fast_playout(position, first)
            assert won == expected, f"play-outs differ from {position} playing {first}"
            if rng.random() < 0.05:
                _check_policy_replay(state, first, cards)
            if cards_left <= EXACT_CARDS + 2:
                assert fast_solve(position, first) == pure_solve(position, first), (
                    f"endgame search differs from {position} playing {first}"
                )
        winners, leader = len(state.trick_winners), state.leader
        assert leader is not None
        state.play_unchecked(rng.choice(_bits(legal)))
        if len(state.trick_winners) > winners:
            done = np.array([c.index for c in state.played[-n:]], np.int64)
            winner = play.winning_position(done, n)
            assert winner == winning_position(done.tolist())
            assert (leader + winner) % n == state.trick_winners[-1]
        yield
    result = state.results[-1]
    scoring = scoring_array(state.rules.scoring)
    for seat in range(n):
        assert (
            play.deal_score(scoring, result.bids[seat], result.tricks[seat])
            == (result.scores[seat])
        )


def _bits(mask: int) -> list[int]:
    return [i for i in range(78) if mask >> i & 1]


def test_fast_core_matches_the_reference_on_random_positions() -> None:
    """≥100,000 positions, every player count and hand size: legal cards, trick winners,
    scores, play-outs and endgame searches are those of the pure engine."""
    rng = random.Random(20260505)
    positions = 0
    while positions < POSITIONS:
        for players, hand_size in CONFIGS:
            for _ in _walk(rng, players, hand_size):
                positions += 1
    assert positions >= POSITIONS


def test_fast_nested_playout_matches_the_reference() -> None:
    """The nested play-out (one seat looking one card ahead) is the pure one, from random
    positions of every player count and a spread of hand sizes, whoever looks ahead."""
    rng = random.Random(20260506)
    checked = 0
    for players, hand_size in CONFIGS:
        if hand_size > 12 and rng.random() < 0.7:
            continue
        state = _random_deal(rng, players, hand_size)
        while not state.is_terminal():
            if rng.random() < 0.3:
                position = position_of(state)
                first = rng.choice([-1, *_bits(state.legal_card_mask())])
                me = rng.randrange(players)
                expected = rollout.playout(position.copy(), first, me)
                assert fast_playout_nested(position, first, me) == expected, (
                    f"nested play-outs differ from {position} playing {first}, seat {me} nested"
                )
                checked += 1
            state.play_unchecked(rng.choice(_bits(state.legal_card_mask())))
    assert checked > 500


def test_noisy_nested_playouts_have_the_pure_ones_distribution() -> None:
    """With noise 1 every other seat with a choice plays a legal card drawn uniformly
    (SearchSettings.noise): over 400 draws from each of twelve positions the compiled
    play-out's mean tricks per seat are the pure one's (within 5 standard errors), a stream
    replays exactly, and the noise does change the play-outs (the noiseless one is a single
    outcome)."""
    rng = random.Random(20261202)
    draws = 400
    varied = 0
    for _ in range(12):
        position = position_of(_random_deal(rng, 4, 4))
        me = (position.to_act + 1) % 4
        pure = [
            rollout.playout(position.copy(), -1, me, 1.0, random.Random(i)) for i in range(draws)
        ]
        compiled = [fast_playout_nested(position, -1, me, 1.0, i + 1) for i in range(draws)]
        assert fast_playout_nested(position, -1, me, 1.0, 7) == compiled[6]
        for seat in range(4):
            a = np.array([won[seat] for won in pure], np.float64)
            b = np.array([won[seat] for won in compiled], np.float64)
            error = np.sqrt((a.var() + b.var()) / draws)
            assert abs(a.mean() - b.mean()) <= 5 * error + 1e-9, f"seat {seat} of {position}"
        plain = rollout.playout(position.copy(), -1, me)
        assert fast_playout_nested(position, -1, me) == plain
        varied += any(won != plain for won in pure) and any(won != plain for won in compiled)
    assert varied >= 6


def test_a_noisy_playout_needs_its_generator() -> None:
    position = position_of(_random_deal(random.Random(3), 3, 2))
    with pytest.raises(ValueError, match="random generator"):
        rollout.playout(position, -1, 0, 0.2)


def _mask(text: str) -> int:
    return sum(1 << i for i in _codes(text))


def test_a_nested_seat_on_the_last_trick_does_at_least_as_well_as_the_policy() -> None:
    """Leading the last trick, the looking seat tries the policy's card among the others and
    the rest of the play is the same, so it scores at least what the plain play-out gives it;
    nested play-outs always finish the deal."""
    rng = random.Random(4)
    for _ in range(300):
        players = rng.randrange(3, 6)
        state = _random_deal(rng, players, rng.randrange(1, 4))
        position = position_of(state)
        me = position.to_act
        won = rollout.playout(position.copy(), -1, me)
        assert sum(won) == sum(position.tricks_won) + position.tricks_left
        if position.tricks_left == 1 and not position.trick:
            plain = rollout.playout(position.copy(), -1)
            bid = position.bids[me]
            scoring = position.scoring
            assert deal_score(scoring, bid, won[me]) >= deal_score(scoring, bid, plain[me])


def test_compiled_scores_are_the_scoring_tables_h2() -> None:
    """Under the seed's table, the named ones and random ones (H2), the compiled deal score
    and best score are the core's, for every bid and trick count."""
    rng = random.Random(58)
    tables = [SEED_SCORING, *(random_scoring(rng) for _ in range(40)), Scoring(0, 0, 0, 0, 0)]
    for scoring in tables:
        numbers = scoring_array(scoring)
        for hand_size in range(1, 20):
            for bid in range(hand_size + 1):
                assert play.best_score(numbers, bid, hand_size) == best_score(
                    scoring, bid, hand_size
                ), (scoring, bid, hand_size)
                for tricks in range(hand_size + 1):
                    assert play.deal_score(numbers, bid, tricks) == deal_score(scoring, bid, tricks)


def test_a_table_that_pays_tricks_makes_a_big_miss_the_best_score_h2() -> None:
    """With a point a trick and ten for the exact bid, a seat that bid 0 of 19 scores most by
    taking every trick: the searches may stop only at that bound, not at the exact bid."""
    numbers = scoring_array(Scoring(10, 0, 0, 0, 1))
    assert play.best_score(numbers, 0, 19) == 19 > play.deal_score(numbers, 0, 0) == 10


def test_policy_tables_are_the_reference_tables() -> None:
    from ascenseur.fast.masks import KIND, RANK, VALUE

    assert RANK.tolist() == list(CARD_RANK)
    assert KIND.tolist() == list(CARD_SUIT)
    assert VALUE.tolist() == [list(row) for row in TRICK_VALUES]


# -- random deals on the compiled core ---------------------------------------------------------


@pytest.mark.parametrize("hook", [False, True])
@pytest.mark.parametrize("lead_restriction", [True, False])
def test_fast_random_deals_replay_in_the_checked_engine(hook: bool, lead_restriction: bool) -> None:
    """Every deal the compiled core plays at random is legal card by card and scores the same
    in :class:`GameState`, for 2–10 players and every hand size, with and without the lead
    restriction (P2, H3) and under random scoring tables (H2)."""
    rng = random.Random(7 + hook + 2 * lead_restriction)
    for players, hand_size in CONFIGS:
        scoring = random_scoring(rng)
        deals = RandomDeals(
            players, hand_size, rng, hook=hook, scoring=scoring, lead_restriction=lead_restriction
        )
        rules = Rules(
            players=players, hook=hook, scoring=scoring, lead_restriction=lead_restriction
        )
        for _ in range(3):
            outcome = deals.play(rng.randrange(players))
            state = GameState.single_deal(rules, hand_size - 1, dealer=outcome.dealer)
            state.apply(Deal(tuple(tuple(DECK[i] for i in hand) for hand in outcome.hands)))
            first = (outcome.dealer + 1) % players
            for turn in range(players):
                state.apply(BIDS[outcome.bids[(first + turn) % players]])
            for card in outcome.cards:
                state.apply(PLAYS[card])
            result = state.results[-1]
            assert result.tricks == outcome.tricks
            assert result.scores == outcome.scores
            assert sum(outcome.tricks) == hand_size


def test_fast_random_deals_are_deterministic_given_the_seed() -> None:
    first = RandomDeals(4, 12, random.Random(5)).play_many(200)
    again = RandomDeals(4, 12, random.Random(5)).play_many(200)
    assert first == again


# -- worlds ----------------------------------------------------------------------------------


def _views(seed: int, players: int, max_cards: int) -> Iterator[Observation]:
    rng = random.Random(seed)
    state = GameState.new(Rules(players, max_cards, hook=bool(seed % 2)), rng=rng)
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
            continue
        if rng.random() < 0.3:
            for seat in range(players):
                yield observe(state, seat)
        state.apply(rng.choice(state.legal_actions()))


def _assert_consistent(view: Observation, hands: list[int]) -> None:
    """The world satisfies every public constraint of the view: own hand, counts, no card
    seen, shown voids, trump ceilings."""
    assert view.seat is not None
    assert hands[view.seat] == view.hand_mask
    taken = 0
    for seat, hand in enumerate(hands):
        assert hand.bit_count() == view.hand_counts[seat]
        assert hand & taken == 0
        taken |= hand
        if seat == view.seat:
            continue
        assert hand & (view.hand_mask | view.played_mask) == 0
        facts = view.facts[seat]
        for kind in facts.voids:
            assert hand & KIND_MASKS[kind] == 0, f"seat {seat} shown void in {kind!r}"
        if Suit.TRUMPS not in facts.voids:
            assert hand & TRUMPS_ABOVE[facts.trump_ceiling] == 0


def test_fast_worlds_satisfy_the_same_constraints() -> None:
    rng = random.Random(11)
    views = 0
    for players in range(2, 11):
        for seed in range(4):
            for view in _views(1000 * players + seed, players, min(4, 78 // players)):
                spec = WorldSpec.of(view)
                for _ in range(5):
                    _assert_consistent(view, fast_worlds.sample_world(spec, rng))
                    _assert_consistent(view, _fast_built(spec, rng))
                views += 1
    assert views > 200


def test_fast_worlds_have_the_pure_samplers_distribution() -> None:
    """Seat 2 undertrumped under T12, so it holds no heart and no trump above 12: both
    samplers respect it and give each (seat, card) the same frequency, within noise."""
    hands = ["H5 H9 S2 S5 C9", "T4 T12 C3 D4 D5", "T10 S3 S4 T2 EX", "HK C5 C6 D1 T20"]
    state = GameState.single_deal(Rules(players=4, max_cards=5), deal_index=4, dealer=3)
    state.apply(Deal(tuple(tuple(DECK[i] for i in _codes(h)) for h in hands)))
    for _ in range(4):
        state.apply(BIDS[1])
    for code in ("H5", "T12", "T10"):
        state.apply(PLAYS[_codes(code)[0]])
    view = observe(state, 3)
    spec = WorldSpec.of(view)
    samples = 4000
    frequencies = []
    for sampler in (pure_sample_world, fast_worlds.sample_world, _fast_built):
        rng = random.Random(3)
        counts = np.zeros((4, 78))
        for _ in range(samples):
            world = sampler(spec, rng)
            _assert_consistent(view, world)
            for seat, hand in enumerate(world):
                for card in _bits(hand):
                    counts[seat, card] += 1
        frequencies.append(counts / samples)
    assert np.abs(frequencies[0] - frequencies[1]).max() < 0.05
    assert np.abs(frequencies[0] - frequencies[2]).max() < 0.05


def _fast_built(spec: WorldSpec, rng: random.Random) -> list[int]:
    """A world the compiled sampler builds (no draw attempted)."""
    return fast_worlds.sample_world(spec, rng, attempts=0)


def test_fast_sampler_builds_the_worlds_it_cannot_draw() -> None:
    """On :func:`helpers.tight_position` the 200 draws fail for some worlds; the compiled
    sampler then builds them: seat 1 always gets the unseen spades, seat 2 the unseen hearts,
    and each of the 25 other unseen cards goes to seat 1 in 13 worlds of 25."""
    view = observe(tight_position(), 0)
    spec = WorldSpec.of(view)
    arrays = fast_worlds.SpecArrays.of(spec)
    pool = np.empty(78, np.int64)
    hands = np.zeros((3, 2), np.int64)
    drawn = [
        fast_worlds.sample_into(arrays, new_stream(random.Random(seed)), 200, pool, hands)
        for seed in range(30)
    ]
    assert not all(drawn)
    rng = random.Random(8)
    seat_one = np.zeros(78)
    samples = 3000
    for _ in range(samples):
        world = _fast_built(spec, rng)
        _assert_consistent(view, world)
        assert world[1] | world[2] == spec.unseen
        seat_one[list(_bits(world[1]))] += 1
    for card in _bits(spec.unseen):
        code = DECK[card].code
        expected = {"S": 1.0, "H": 0.0}.get(code[0], 13 / 25)
        assert abs(seat_one[card] / samples - expected) < 0.04, code


def _codes(text: str) -> list[int]:
    from ascenseur.core.cards import CODE_INDEX

    return [CODE_INDEX[code] for code in text.split()]


def test_fast_sampler_reports_an_impossible_observation() -> None:
    state = GameState.new(Rules(players=3, max_cards=1), first_dealer=0)
    state.deal(random.Random(3))
    spec = WorldSpec.of(observe(state, 0))
    bad = WorldSpec(spec.seat, spec.known, spec.unseen, spec.counts, (0, 0, 0), spec.order)
    with pytest.raises(NoConsistentWorld):
        fast_worlds.sample_world(bad, random.Random(0), attempts=3)


# -- the expert's loop ---------------------------------------------------------------------


def _decision_views(seed: int, house: bool = False) -> Iterator[Observation]:
    """Views at decisions with a choice, through whole deals of several sizes; ``house``:
    under random scoring tables (H2), lead restrictions (H3) and bidding modes (H4), and with
    blind one-card deals (H5) among them."""
    rng = random.Random(seed)
    sizes = [(4, 5), (3, 3), (5, 2), (2, 6), (4, 12)]
    for players, hand_size in [*sizes, (4, 1), (3, 1), (5, 3)] if house else sizes:
        rules = Rules(players=players)
        if house:
            rules = Rules(
                players,
                schedule=[hand_size],
                scoring=random_scoring(rng),
                lead_restriction=rng.random() < 0.5,
                bidding=rng.choice(["in-turn", "simultaneous"]),
                blind_one_card=rng.random() < 0.7,
            )
        index = rules.schedule.index(hand_size)
        state = GameState.single_deal(rules, index, rng.randrange(3))
        state.deal(rng)
        while not state.is_terminal():
            view = observe(state, state.current_seat)
            if len(view.legal_actions) > 1:
                yield view
            state.apply(rng.choice(view.legal_actions))


@pytest.mark.parametrize("house", [False, True])
@pytest.mark.parametrize("nested_search", [False, True])
def test_fast_search_scores_the_pure_loops_worlds_identically(
    monkeypatch: pytest.MonkeyPatch, nested_search: bool, house: bool
) -> None:
    """Given the same worlds, the compiled search returns exactly the pure loop's means and
    chances of an exact bid (bids and cards, plain and nested play-outs, endgame searches),
    under the seed's rules and under house rules (H2–H5: the scoring table and the lead
    restriction are data to both, a blind bid draws the seat's own card)."""
    for number, view in enumerate(_decision_views(21, house)):
        pure_bot = ExpertBot(
            Budget(iterations=60),
            ExpertSettings(nested_play=nested_search, nested_bids=nested_search, draws=1),
            pure=True,
        )
        fast_scores, pure_scores = _both_loops(monkeypatch, pure_bot, view, number)
        assert fast_scores == pure_scores
        assert all(0.0 <= e.exact <= 1.0 for e in fast_scores)


def test_fast_search_races_the_candidates_as_the_pure_loop_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With racing (:mod:`ascenseur.search.racing`) and the same worlds, the compiled search
    stops the same candidates at the same checks and returns exactly the pure loop's means."""
    raced = 0
    for number, view in enumerate(_decision_views(33)):
        if len(view.legal_actions) < 3 or number % 4:
            continue
        pure_bot = ExpertBot(
            Budget(iterations=1200),
            ExpertSettings(nested_play=False, nested_bids=False, draws=1),
            pure=True,
        )
        fast_scores, pure_scores = _both_loops(monkeypatch, pure_bot, view, number)
        assert fast_scores == pure_scores
        raced += len({e.worlds for e in fast_scores}) > 1
    assert raced >= 3


def _both_loops(
    monkeypatch: pytest.MonkeyPatch, pure_bot: ExpertBot, view: Observation, seed: int
) -> tuple[list[Estimate], list[Estimate]]:
    """``pure_bot``'s search of ``view`` on the compiled core (seeded with ``seed``), then on
    the pure loop fed the worlds the compiled sampler drew from the same seed."""
    problem = SearchProblem.of(view)
    fast_scores = fast.assess(problem, pure_bot.settings(problem), random.Random(seed))
    arrays = fast_worlds.SpecArrays.of(WorldSpec.of(view))
    replay = _replaying_sampler(arrays, new_stream(random.Random(seed)), view.players)
    monkeypatch.setattr(reference, "sample_world", replay)
    # The search itself (a blind deal's bid, H5, is not searched by the bot: bots/blind.py).
    return fast_scores, pure_bot.estimates(problem, pure_bot.settings(problem), random.Random())


def _replaying_sampler(
    arrays: fast_worlds.SpecArrays, stream: Words, players: int
) -> Callable[[WorldSpec, random.Random], list[int]]:
    hands = np.zeros((players, 2), np.int64)
    pool = np.empty(78, np.int64)

    def sample(spec: WorldSpec, rng: random.Random) -> list[int]:
        del spec, rng
        assert fast_worlds.sample_into(arrays, stream, ATTEMPTS, pool, hands)
        return [join(h[0], h[1]) for h in hands]

    return sample


def test_fast_draws_keep_worlds_by_weight_as_the_pure_loop_does() -> None:
    """Seat 1 bid 3 of 3 cards: the compiled search keeps one world of 16 by weight, and its
    kept worlds give seat 1 the expected bid the pure loop's do, far above a random world's."""
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    state.apply(
        Deal(
            tuple(
                tuple(DECK[i] for i in _codes(h)) for h in ("S1 S2 S3", "T19 T20 T21", "H1 H2 H3")
            )
        )
    )
    for bid in (3, 0, 0):
        state.apply(BIDS[bid])
    problem = SearchProblem.of(observe(state, 0))
    means = []
    for draws in (1, 16):
        settings = ExpertBot(Budget(iterations=10), ExpertSettings(draws=draws)).settings(problem)
        compiled = fast_search.Problem.of(problem, settings)
        scratch = fast_search.Scratch.of(problem)
        stream = new_stream(random.Random(draws))
        total = 0.0
        for _ in range(2000):
            assert fast_search.draw(compiled, stream, scratch) > 0.0
            total += expected_bid(join(*scratch.world[1]), 3, 3)
        means.append(total / 2000)
    rng = random.Random(3)
    pure_settings = ExpertBot(Budget(iterations=10), pure=True).settings(problem)
    pure_mean = (
        sum(
            expected_bid(reference.draw(problem, pure_settings, rng)[0][1], 3, 3)
            for _ in range(2000)
        )
        / 2000
    )
    assert means[1] > 1.3 * means[0]
    assert abs(means[1] - pure_mean) < 0.05 * pure_mean


def test_fast_expected_bids_are_the_pure_models() -> None:
    """The compiled bid model gives exactly the pure one's expected bid, for hands of every
    table size and hand size (the Excuse, voids and single cards included)."""
    rng = random.Random(12)
    checked = 0
    for players in range(2, 11):
        hand_weights = np.array(model(players).hand_weights(), np.float64)
        for k in range(1, 78 // players + 1):
            card_weights = np.array(model(players).card_weights(k), np.float64)
            for _ in range(20):
                hand = 0
                for index in rng.sample(range(78), k):
                    hand |= 1 << index
                expected = expected_bid(hand, k, players)
                got = fast_search.expected_bid(*split(hand), k, card_weights, hand_weights)
                assert got == expected
                checked += 1
    assert checked > 2500


def test_expert_search_is_deterministic_given_the_seed() -> None:
    bot = ExpertBot(Budget(iterations=300))
    for view in list(_decision_views(5))[:40]:
        assert bot.choose(view, random.Random(9)) == bot.choose(view, random.Random(9))


def test_expert_can_be_forced_onto_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> list[object]:
        raise AssertionError("the compiled search was used")

    view = next(_decision_views(8))
    monkeypatch.setattr(fast, "assess", refuse)
    ExpertBot(Budget(iterations=20), pure=True).assess(view, random.Random(1))
    monkeypatch.setenv(fast.PURE_VARIABLE, "1")
    assert not fast.enabled()
    ExpertBot(Budget(iterations=20)).assess(view, random.Random(1))
    monkeypatch.delenv(fast.PURE_VARIABLE)
    assert fast.enabled()
    with pytest.raises(AssertionError, match="compiled search"):
        ExpertBot(Budget(iterations=20)).assess(view, random.Random(1))


def test_fast_search_respects_a_time_budget() -> None:
    view = next(_decision_views(13))
    settings = SearchSettings(
        iterations=10**9,
        seconds=0.05,
        inverse_variance=0.0,
        exact_cards=EXACT_CARDS,
        nested=False,
    )
    found = fast.assess(SearchProblem.of(view), settings, random.Random(2))
    assert [e.action for e in found] == list(view.legal_actions)
