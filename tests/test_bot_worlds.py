"""The world sampler: every world it draws is consistent with the observation it came from."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ascenseur.core.actions import BIDS, PLAYS, Deal
from ascenseur.core.cards import CODE_INDEX, DECK, FULL_DECK_MASK, Card, indices_of
from ascenseur.core.observation import observe
from ascenseur.core.record import record_of, replay
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.search.worlds import (
    NoConsistentWorld,
    WorldSpec,
    construct_world,
    sample_world,
    uniform_world,
)
from helpers import tight_position


def _rebuilt_view_matches(state: GameState, seat: int, hands: list[int]) -> bool:
    """Deal the sampled world instead of the real one, replay the deal: same view for seat?"""
    data = record_of(state).to_json()
    current = data["deals"][-1]
    played_by = [0] * state.players
    for who, card in _played_with_seats(state):
        played_by[who] |= card.bit
    current["hands"] = [
        [DECK[i].code for i in indices_of(hands[s] | played_by[s])] for s in range(state.players)
    ]
    rebuilt, _ = replay(data)
    return observe(rebuilt, seat) == observe(state, seat)


def _played_with_seats(state: GameState) -> list[tuple[int, Card]]:
    view = observe(state, None)
    pairs = [
        ((trick.leader + i) % state.players, card)
        for trick in view.tricks
        for i, card in enumerate(trick.cards)
    ]
    return pairs + list(view.trick)


def _random_positions(seed: int, players: int, max_cards: int, hook: bool) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(Rules(players, max_cards, hook), rng=rng)
    positions = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
            continue
        if rng.random() < 0.3:
            positions.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return positions


Sampler = Callable[[WorldSpec, random.Random], list[int]]


@pytest.mark.parametrize("sampler", [sample_world, uniform_world, construct_world])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    small=st.integers(1, 4),
    hook=st.booleans(),
)
def test_sampled_worlds_rebuild_the_same_observation(
    sampler: Sampler, seed: int, players: int, small: int, hook: bool
) -> None:
    """Drawn or built, a world deals the unseen cards so that replaying the deal with it
    gives the seat the very view it has."""
    max_cards = min(small, 78 // players)
    rng = random.Random(seed)
    for state in _random_positions(seed, players, max_cards, hook):
        for seat in range(players):
            view = observe(state, seat)
            hands = sampler(WorldSpec.of(view), rng)
            assert hands[seat] == view.hand_mask
            assert sum(h.bit_count() for h in hands) == sum(view.hand_counts)
            taken = 0
            for hand in hands:
                assert hand & taken == 0
                taken |= hand
            assert taken & view.played_mask == 0
            assert _rebuilt_view_matches(state, seat, hands)


def test_worlds_respect_voids_and_trump_ceiling() -> None:
    """Seat 1 shows a heart void by trumping low under T10 (P6): no heart, no trump above 10."""
    hands = ["H5 H9 S2", "T4 T12 C3", "T10 S3 S4", "HK C5 C6"]
    state = GameState.single_deal(Rules(players=4, max_cards=3), deal_index=2, dealer=3)
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    for _ in range(4):
        state.apply(BIDS[1])
    state.apply(PLAYS[CODE_INDEX["H5"]])
    # Seat 1 has no heart and must trump (T12); seat 2, void too, undertrumps with T10, which
    # shows it holds no trump above 12.
    state.apply(PLAYS[CODE_INDEX["T12"]])
    state.apply(PLAYS[CODE_INDEX["T10"]])
    view = observe(state, 3)
    facts = view.facts
    assert facts[2].trump_ceiling == 12
    spec = WorldSpec.of(view)
    rng = random.Random(1)
    for _ in range(500):
        world = sample_world(spec, rng)
        held_by_2 = [DECK[i] for i in indices_of(world[2])]
        assert all(not (c.is_trump and c.rank > 12) for c in held_by_2)
        assert all(c.suit.name != "HEARTS" for c in held_by_2)
        assert all(c.suit.name != "HEARTS" for c in DECK if world[1] >> c.index & 1)


def test_impossible_observation_is_reported() -> None:
    state = GameState.new(Rules(players=3, max_cards=1), first_dealer=0)
    state.deal(random.Random(3))
    view = observe(state, 0)
    spec = WorldSpec.of(view)
    bad = WorldSpec(spec.seat, spec.known, spec.unseen, spec.counts, (0, 0, 0), spec.order)
    for sampler in (sample_world, uniform_world):
        with pytest.raises(NoConsistentWorld):
            sampler(bad, random.Random(0), attempts=3)
    assert spec.unseen | spec.own == FULL_DECK_MASK


def test_a_uniform_world_too_tight_to_draw_is_built_after_as_many_failed_draws() -> None:
    """Where every draw fails (every card dealt, crossed voids), :func:`uniform_world` builds
    the world after as many failed draws as :func:`sample_world`: the same generator state
    after the failures, so the same built world."""
    spec = WorldSpec.of(observe(tight_position(), 0))
    for attempts in (0, 5):
        assert uniform_world(spec, random.Random(8), attempts) == sample_world(
            spec, random.Random(8), attempts
        )


def _frequencies(sampler: Sampler, spec: WorldSpec, seed: int, samples: int) -> list[list[float]]:
    """How often each seat holds each card over ``samples`` worlds."""
    counts = [[0] * 78 for _ in spec.counts]
    rng = random.Random(seed)
    for _ in range(samples):
        for seat, hand in enumerate(sampler(spec, rng)):
            for card in indices_of(hand):
                counts[seat][card] += 1
    return [[c / samples for c in row] for row in counts]


def test_a_world_too_tight_to_draw_is_built_and_fair() -> None:
    """Seat 1 has shown no heart and seat 2 no spade, with every card dealt (3 players, 26
    cards): a built world gives seat 1 every unseen spade and seat 2 every unseen heart, and
    each of the 25 other unseen cards to seat 1 in 13 worlds of 25, as a uniform draw over
    the consistent worlds does."""
    state = tight_position()
    view = observe(state, 0)
    spec = WorldSpec.of(view)
    rng = random.Random(4)
    for _ in range(20):
        world = construct_world(spec, rng)
        assert world[0] == view.hand_mask
        assert [h.bit_count() for h in world] == list(view.hand_counts)
        assert world[1] | world[2] == spec.unseen  # every card dealt: no undealt pile
    share = _frequencies(construct_world, spec, 5, 600)
    free = 0
    for card in indices_of(spec.unseen):
        code = DECK[card].code
        if code[0] == "S":
            assert share[1][card] == 1.0, code
        elif code[0] == "H":
            assert share[2][card] == 1.0, code
        else:
            free += 1
            assert abs(share[1][card] - 13 / 25) < 0.08, (code, share[1][card])
            assert share[1][card] + share[2][card] == pytest.approx(1.0)
    assert free == 25


def test_built_worlds_have_the_drawn_worlds_distribution() -> None:
    """Where drawing works, building gives each (seat, card) the same frequency within noise
    (seat 2 undertrumped under T12: no heart, no trump above 12)."""
    hands = ["H5 H9 S2 S5 C9", "T4 T12 C3 D4 D5", "T10 S3 S4 T2 EX", "HK C5 C6 D1 T20"]
    state = GameState.single_deal(Rules(players=4, max_cards=5), deal_index=4, dealer=3)
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    for _ in range(4):
        state.apply(BIDS[1])
    for code in ("H5", "T12", "T10"):
        state.apply(PLAYS[CODE_INDEX[code]])
    spec = WorldSpec.of(observe(state, 3))
    drawn = _frequencies(sample_world, spec, 6, 2000)
    built = _frequencies(construct_world, spec, 7, 2000)
    assert (
        max(
            abs(a - b) for x, y in zip(drawn, built, strict=True) for a, b in zip(x, y, strict=True)
        )
        < 0.05
    )


def _mask(codes: str) -> int:
    return sum(1 << CODE_INDEX[code] for code in codes.split())


def _crossed_voids() -> WorldSpec:
    """Nine unseen cards (three hearts, spades and clubs): seat 1 holds three and has shown no
    heart, seat 2 three and no spade, seat 3 two, the undealt pile the last one. The
    constraints are not nested: neither seat's allowed cards are within the other's."""
    unseen = _mask("H1 H2 H3 S1 S2 S3 C1 C2 C3")
    allowed = (0, unseen & ~_mask("H1 H2 H3"), unseen & ~_mask("S1 S2 S3"), unseen)
    return WorldSpec(0, (_mask("D1 D2 D3"), 0, 0, 0), unseen, (0, 3, 3, 2), allowed, (1, 2, 3))


def _uniform_shares(spec: WorldSpec) -> dict[tuple[int, int], float]:
    """Each (seat, card)'s share of all the consistent worlds of ``spec``, counted one by one."""
    counts: dict[tuple[int, int], int] = {}
    worlds = 0

    def fill(position: int, left: int, hands: dict[int, tuple[int, ...]]) -> None:
        nonlocal worlds
        if position == len(spec.order):
            worlds += 1
            for seat, hand in hands.items():
                for card in hand:
                    counts[seat, card] = counts.get((seat, card), 0) + 1
            return
        seat = spec.order[position]
        for hand in itertools.combinations(
            indices_of(spec.allowed[seat] & left), spec.counts[seat]
        ):
            taken = sum(1 << card for card in hand)
            fill(position + 1, left & ~taken, {**hands, seat: hand})

    fill(0, spec.unseen, {})
    return {key: count / worlds for key, count in counts.items()}


def test_drawn_worlds_weighed_by_their_fill_factor_count_as_a_uniform_draw() -> None:
    """With crossed voids, drawing seat by seat gives some (seat, card) a share of the worlds
    far from its share of all consistent worlds (by 0.13 here); weighed by
    :meth:`WorldSpec.fill_factor`, the drawn worlds give every share within sampling noise
    (the law :func:`uniform_world`'s rejection rests on)."""
    spec = _crossed_voids()
    exact = _uniform_shares(spec)
    rng = random.Random(1)
    samples = 20_000
    plain: dict[tuple[int, int], float] = {}
    weighted: dict[tuple[int, int], float] = {}
    total = 0.0
    for _ in range(samples):
        hands = sample_world(spec, rng)
        factor = spec.fill_factor(hands)
        assert 0.0 < factor <= 1.0
        total += factor
        for seat in spec.order:
            for card in indices_of(hands[seat]):
                plain[seat, card] = plain.get((seat, card), 0.0) + 1 / samples
                weighted[seat, card] = weighted.get((seat, card), 0.0) + factor
    assert max(abs(plain.get(key, 0.0) - share) for key, share in exact.items()) > 0.1
    assert max(abs(weighted.get(key, 0.0) / total - share) for key, share in exact.items()) < 0.025


def test_uniform_worlds_give_every_share_of_the_consistent_worlds() -> None:
    """With crossed voids, where the plain draw is off by over 0.1, the worlds
    :func:`uniform_world` keeps give every (seat, card) its share of all consistent worlds,
    within sampling noise, unweighed: a draw from the chance law given the view."""
    spec = _crossed_voids()
    exact = _uniform_shares(spec)
    rng = random.Random(4)
    samples = 20_000
    shares: dict[tuple[int, int], float] = {}
    for _ in range(samples):
        hands = uniform_world(spec, rng)
        for seat in spec.order:
            for card in indices_of(hands[seat]):
                shares[seat, card] = shares.get((seat, card), 0.0) + 1 / samples
    assert max(abs(shares.get(key, 0.0) - share) for key, share in exact.items()) < 0.02


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_no_drawn_world_has_a_fill_factor_above_the_ceiling(seed: int, players: int) -> None:
    """Over the views of random big-hand deals (random play shows many voids, crossed as often
    as not), every drawn world's fill factor is at most :meth:`WorldSpec.fill_ceiling`, which
    rejection sampling needs; where the constraints are nested, every world meets it."""
    rng = random.Random(seed)
    for state in _random_positions(seed, players, 78 // players, False)[-12:]:
        for seat in range(players):
            view = observe(state, seat)
            if view.phase.value != "playing":
                continue
            spec = WorldSpec.of(view)
            ceiling = spec.fill_ceiling()
            mine = [spec.allowed[s] & spec.unseen for s in spec.order]
            nested = all(a & ~b == 0 for a, b in itertools.pairwise(mine))
            for _ in range(5):
                factor = spec.fill_factor(sample_world(spec, rng))
                assert factor <= ceiling * (1 + 1e-9)
                if nested:
                    assert factor == pytest.approx(ceiling, rel=1e-9)


def test_the_fill_factor_is_the_same_for_every_world_of_nested_constraints() -> None:
    """When each seat's allowed cards are within the next one's (seat 1 has shown no heart and
    no spade, seat 2 no heart), every drawn world gets the same factor: nothing is reweighed."""
    unseen = _mask("H1 H2 H3 S1 S2 S3 C1 C2 C3")
    allowed = (0, _mask("C1 C2 C3"), unseen & ~_mask("H1 H2 H3"), unseen)
    spec = WorldSpec(0, (_mask("D1 D2 D3"), 0, 0, 0), unseen, (0, 2, 3, 2), allowed, (1, 2, 3))
    rng = random.Random(2)
    factors = {spec.fill_factor(sample_world(spec, rng)) for _ in range(200)}
    assert len(factors) == 1
    crossed = _crossed_voids()
    assert len({crossed.fill_factor(sample_world(crossed, rng)) for _ in range(200)}) > 1
