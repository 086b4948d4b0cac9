"""Worlds drawn by the chain under a faithful model of the field (``ascenseur.fast.chain``).

Heuristic bots play 4-player single deals. What the chain reads of another seat's past card
must be that seat's own view then (public: the trick, the cards before, counts, voids, trump
ceilings, eagerness, need); the real deal must explain every card the heuristic seats chose;
every world the chain keeps must be consistent with the searching seat's view (its hand, the
others' counts, what each may hold, no card twice); and the expert with the model plays legal
cards and refuses it, with a sentence, off the compiled core.
"""

from __future__ import annotations

import math
import random
from dataclasses import astuple, replace
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import DEFAULT_ITERATIONS, ExpertBot, ExpertSettings
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.fast import chain
from ascenseur.fast.heuristic import Position, Scratch
from ascenseur.fast.masks import join, split
from ascenseur.fast.play import scoring_array
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS
from ascenseur.search.problem import SearchProblem
from helpers import tight_position

PARAMS = np.array(astuple(DEFAULT_PARAMS), np.float64)


Decision = tuple[Observation, tuple[int, ...]]


def _deal(seed: int, cards: int) -> tuple[list[Observation], list[Decision]]:
    """A heuristic 4-player deal of ``cards``; every view of a seat about to play a card, and
    seat 0's views when it chooses among two or more cards from the third trick on, each with
    every seat's hand then."""
    rng = random.Random(seed)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(cards), dealer=seed % 4)
    state.deal(rng)
    bot = HeuristicBot()
    views: list[Observation] = []
    decisions: list[Decision] = []
    while not state.is_terminal():
        view = observe(state, state.current_seat)
        action = bot.choose(view, rng)
        if isinstance(action, Play):
            views.append(view)
            if view.seat == 0 and len(view.legal_actions) > 1 and len(view.tricks) >= 2:
                decisions.append((view, tuple(state.hand_mask(j) for j in range(4))))
        state.apply(action)
    return views, decisions


def test_events_are_each_seats_own_view_of_its_card() -> None:
    """For every card another seat played, the chain's event is that seat's view then."""
    for seed in range(4):
        views, decisions = _deal(seed, 12)
        last = decisions[-1][0]
        events = chain.Events.of(SearchProblem.of(last), PARAMS)
        theirs = [v for v in views if v.seat != 0 and len(v.tricks) * 4 + len(v.trick) <
                  len(last.tricks) * 4 + len(last.trick)]  # fmt: skip
        assert len(theirs) == events.seat.shape[0]
        for e, view in enumerate(theirs):
            position = Position.of(view, PARAMS)
            assert events.seat[e] == view.seat
            assert (events.gone[e, 0], events.gone[e, 1]) == (position.gone_low, position.gone_high)
            assert events.trick_len[e] == position.trick_len
            assert events.trick[e].tolist() == position.trick.tolist()
            assert events.counts[e].tolist() == position.counts.tolist()
            assert events.voids[e].tolist() == position.voids.tolist()
            assert events.ceilings[e].tolist() == position.ceilings.tolist()
            assert events.eager[e].tolist() == position.eager.tolist()
            assert events.need[e] == position.need
            later = sum(1 << c for v2, c in zip(theirs, events.card.tolist(), strict=True)
                        if v2.seat == view.seat and theirs.index(v2) >= e)  # fmt: skip
            assert join(events.later[e, 0], events.later[e, 1]) == later
            assert later >> int(events.card[e]) & 1


def test_the_real_deal_explains_every_card_the_heuristic_seats_chose() -> None:
    """The heuristic bots' real hands get the model's card at every choice: each seat's
    chance is its bid's weight times FAITHFUL per card chosen among two or more."""
    for seed in range(3):
        _, decisions = _deal(10 + seed, 14)
        view, hands = decisions[-1]
        problem = SearchProblem.of(view)
        events = chain.Events.of(problem, PARAMS)
        for who in (1, 2, 3):
            played, asked = _cards_log(problem, events, who, hands[who])
            assert asked >= 1
            assert played == pytest.approx(asked * math.log(chain.FAITHFUL))


def _cards_log(
    problem: SearchProblem, events: chain.Events, who: int, hand: int
) -> tuple[float, int]:
    """Seat ``who``'s log chance holding ``hand`` under the model less under its bid alone
    (its cards' share), and the heuristic decisions that took."""
    c = _chain(problem, faithful=True)
    row = np.array([hand >> i & 1 for i in range(78)], np.int64)
    asks = np.zeros(1, np.int64)
    work = np.zeros(78, np.int64)
    first = np.full(4, -1, np.int64)
    full = chain.seat_log(c, events, who, row, work, Scratch.of(4), asks, -math.inf, first)
    bids_only = c._replace(faithful=False)
    bid = chain.seat_log(bids_only, events, who, row, work, Scratch.of(4), asks, -math.inf, first)
    return full - bid, int(asks[0])


def test_the_event_weighed_first_changes_neither_the_chance_nor_the_verdict() -> None:
    """For hands drawn from what a seat may hold, any event put first by ``first`` gives the
    same chance (to rounding), and the same verdict against a floor, as none."""
    rng = random.Random(5)
    for seed in range(2):
        _, decisions = _deal(20 + seed, 14)
        view, hands = decisions[-1]
        problem = SearchProblem.of(view)
        events = chain.Events.of(problem, PARAMS)
        c = _chain(problem, faithful=True)
        work = np.zeros(78, np.int64)
        for who in (1, 2, 3):
            mine = [e for e in range(len(events.seat)) if events.seat[e] == who]
            pool = [i for i in range(78) if c.allowed[who, i] and c.unseen[i]]
            count = hands[who].bit_count()
            for _ in range(40):
                row = np.zeros(78, np.int64)
                row[rng.sample(pool, count)] = 1
                asks = np.zeros(1, np.int64)
                none = np.full(4, -1, np.int64)
                plain = chain.seat_log(
                    c, events, who, row, work, Scratch.of(4), asks, -math.inf, none
                )
                floor = plain + rng.choice([-1.0, 1.0]) * rng.random() * 3.0
                verdict = chain.seat_log(
                    c, events, who, row, work, Scratch.of(4), asks, floor, none
                )
                for e in mine:
                    hint = np.full(4, -1, np.int64)
                    hint[who] = e
                    assert chain.seat_log(
                        c, events, who, row, work, Scratch.of(4), asks, -math.inf, hint
                    ) == pytest.approx(plain)
                    hint[who] = e
                    again = chain.seat_log(
                        c, events, who, row, work, Scratch.of(4), asks, floor, hint
                    )
                    assert (again == -math.inf) == (verdict == -math.inf)


def _chain(problem: SearchProblem, faithful: bool) -> chain.Chain:
    from ascenseur.search import bid_model

    spec = problem.spec
    model = bid_model.model(4)
    rows = [[m >> i & 1 for i in range(78)] for m in spec.allowed]
    return chain.Chain(
        me=spec.seat,
        k=problem.hand_size,
        bids=np.array([-1 if b is None else b for b in problem.bids], np.int64),
        shown=np.array([split(m) for m in problem.shown], np.int64),
        allowed=np.array(rows, np.int64),
        unseen=np.array([spec.unseen >> i & 1 for i in range(78)], np.int64),
        own=np.array(split(spec.own), np.int64),
        inverse_variance=1.0,
        card_weights=np.array(model.card_weights(problem.hand_size), np.float64),
        hand_weights=np.array(model.hand_weights(), np.float64),
        faithful=faithful,
        params=PARAMS,
        faith=chain.FAITHFUL,
        scoring=scoring_array(problem.scoring),
        lead_restriction=problem.lead_restriction,
    )


def test_every_world_of_the_chain_is_consistent_with_the_view() -> None:
    """The seat's own hand as it is, each other seat its count of cards among those it may
    hold, no card in two hands; the same seed gives the same worlds."""
    expert = ExpertBot(Budget(), ExpertSettings(faithful=True))
    for seed in range(3):
        _, decisions = _deal(20 + seed, 10)
        for view, _ in decisions[::2]:
            problem = SearchProblem.of(view)
            settings = expert.settings(problem)
            assert chain.applies(problem, settings)
            pool = chain.worlds(problem, settings, random.Random(seed))
            again = chain.worlds(problem, settings, random.Random(seed))
            assert pool.shape[0] > 100
            assert np.array_equal(pool, again)
            spec = problem.spec
            for world in pool:
                hands = [join(world[j, 0], world[j, 1]) for j in range(4)]
                assert hands[0] == spec.own
                seen = 0
                for j in (1, 2, 3):
                    assert hands[j].bit_count() == spec.counts[j]
                    assert hands[j] & ~spec.allowed[j] == 0
                    assert hands[j] & seen == 0
                    seen |= hands[j]


def test_a_search_given_the_chains_worlds_is_the_search_that_runs_the_chain() -> None:
    """``assess`` with ``pool`` (the worlds a chain kept for the same position) runs no chain
    and decides as the search that ran it: the same estimates from the same stream after it."""
    expert = ExpertBot(Budget(iterations=2_000), ExpertSettings(faithful=True))
    _, decisions = _deal(41, 8)
    for view, _ in decisions[::3]:
        problem = SearchProblem.of(view)
        settings = expert.settings(problem)
        assert chain.applies(problem, settings)
        ran = random.Random(9)
        whole = chain.assess(problem, settings, ran)
        given = random.Random(9)
        pool = chain.worlds(problem, settings, given)
        assert pool.shape[0] > 0
        assert chain.assess(problem, settings, given, pool=pool) == whole


def test_the_chain_keeps_worlds_in_proportion_to_the_budget() -> None:
    """At the expert's default play-outs the chain keeps ``WORLDS`` worlds; at a fifth of them
    a fifth as many, the first of the same chain (the same seed), so a small budget (a hint's)
    costs in proportion."""
    assert chain.PLAYOUTS == DEFAULT_ITERATIONS
    expert = ExpertBot(Budget(), ExpertSettings(faithful=True))
    _, decisions = _deal(33, 12)
    for view, _ in decisions[::3]:
        problem = SearchProblem.of(view)
        settings = expert.settings(problem)
        whole = chain.worlds(problem, settings, random.Random(6))
        fifth = chain.worlds(
            problem, replace(settings, iterations=DEFAULT_ITERATIONS // 5), random.Random(6)
        )
        assert whole.shape[0] == chain.WORLDS
        assert np.array_equal(fifth, whole[: chain.WORLDS // 5])
    # A budget too small for many worlds still pays for the chain's burn: at 60 play-outs, 14
    # worlds (2,400 × 60 / 10,000), even where most draws fail (6 players, 13 cards).
    view = observe(tight_position(), 0)
    problem = SearchProblem.of(view)
    settings = ExpertBot(Budget(iterations=60), ExpertSettings(faithful=True)).settings(problem)
    assert chain.applies(problem, settings)
    assert chain.worlds(problem, settings, random.Random(3)).shape[0] == 14


def test_with_a_time_budget_the_chain_stops_by_chunks_and_moves_as_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``settings.seconds`` the chain runs by chunks of ``CHUNK`` steps of its burn,
    then of ``CHUNK`` worlds, and looks at the clock between them: given all the time it needs
    it keeps the very worlds it keeps with no budget (the same seed); given none it keeps no
    world, and the search falls back on the expert's own worlds and still estimates every
    candidate."""
    expert = ExpertBot(Budget(), ExpertSettings(faithful=True))
    _, decisions = _deal(31, 12)
    for view, _ in decisions[::3]:
        problem = SearchProblem.of(view)
        settings = expert.settings(problem)
        assert settings.seconds is None
        untimed = chain.worlds(problem, settings, random.Random(5))
        roomy = chain.worlds(problem, replace(settings, seconds=1e6), random.Random(5))
        assert untimed.shape[0] > chain.CHUNK
        assert np.array_equal(roomy, untimed)
        assert chain.worlds(problem, replace(settings, seconds=0.0), random.Random(5)).size == 0
        # A clock that moves a second a look: the chain starts at 0, looks after each of its
        # burn's BURN / CHUNK pieces, then after each chunk of worlds, and stops at the first
        # look at or past its share of the budget; here after three chunks of worlds.
        looks = iter(range(10_000))
        monkeypatch.setattr(chain, "time", SimpleNamespace(perf_counter=looks.__next__))
        pieces = chain.BURN // chain.CHUNK
        seconds = (pieces + 2.5) / chain.TIME_SHARE
        some = chain.worlds(problem, replace(settings, seconds=seconds), random.Random(5))
        # A budget of seconds alone leaves the play-outs unbounded: the clock stops the chain.
        timed = ExpertBot(Budget(seconds=seconds), ExpertSettings(faithful=True)).settings(problem)
        clocked = chain.worlds(problem, timed, random.Random(5))
        monkeypatch.undo()
        assert np.array_equal(some, untimed[: 3 * chain.CHUNK])
        assert np.array_equal(clocked, untimed[: 3 * chain.CHUNK])
        seconds_alone = ExpertBot(Budget(seconds=0.05), ExpertSettings(faithful=True))
        assert seconds_alone.choose(view, random.Random(5)) in view.legal_actions
        found = chain.assess(problem, replace(settings, seconds=0.0), random.Random(5))
        assert [e.action for e in found] == list(problem.actions)
        assert all(math.isfinite(e.points) and e.worlds > 0 for e in found)


def test_a_chain_whose_burn_does_not_end_leaves_the_search_to_the_experts_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Out of heuristic decisions before its burn ends (here a bound of one), the chain keeps
    no world, and the search estimates every candidate over the expert's own worlds."""
    _, decisions = _deal(35, 10)
    view = decisions[0][0]
    problem = SearchProblem.of(view)
    settings = ExpertBot(Budget(iterations=400), ExpertSettings(faithful=True)).settings(problem)
    monkeypatch.setattr(chain, "ASKS", 1)
    assert chain.worlds(problem, settings, random.Random(2)).size == 0
    found = chain.assess(problem, settings, random.Random(2))
    assert [e.action for e in found] == list(problem.actions)
    assert all(math.isfinite(e.points) and e.worlds > 0 for e in found)


def test_the_expert_with_the_model_plays_legal_cards_and_the_pure_path_refuses_it() -> None:
    """Rules P2–P7 hold for its cards through a deal; off the compiled core the option is
    refused with a sentence that says how to get the compiled core."""
    rng = random.Random(3)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(6), dealer=1)
    state.deal(rng)
    expert = ExpertBot(Budget(iterations=400), ExpertSettings(faithful=True))
    heuristic = HeuristicBot()
    while not state.is_terminal():
        view = observe(state, state.current_seat)
        bot = expert if view.seat == 0 else heuristic
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        state.apply(action)
    pure = ExpertBot(Budget(iterations=50), ExpertSettings(faithful=True), pure=True)
    view = _deal(7, 10)[1][0][0]
    with pytest.raises(ValueError, match="compiled core only"):
        pure.choose(view, rng)
    # faithful=None: the model wherever the compiled core runs, the expert's own worlds off it.
    problem = SearchProblem.of(view)
    wherever = ExpertBot(Budget(iterations=50), ExpertSettings(faithful=None))
    assert wherever.reads_play and chain.applies(problem, wherever.settings(problem))
    pure_wherever = ExpertBot(Budget(iterations=50), ExpertSettings(faithful=None), pure=True)
    assert not pure_wherever.reads_play
    assert pure_wherever.choose(view, rng) in view.legal_actions


def test_the_real_hands_explain_every_card_over_a_whole_game() -> None:
    """Over every deal of a whole heuristic game (4 players, up to 8 cards), the model reads
    nothing a single deal lacks: at each of seat 0's choices, every other seat's real hand
    gets the heuristic's card at every event."""
    rng = random.Random(8)
    state = GameState.new(Rules(players=4, max_cards=8), first_dealer=0)
    bot = HeuristicBot()
    asked = 0
    while not state.is_terminal():
        if state.phase is Phase.DEALING:
            state.deal(rng)
            continue
        view = observe(state, state.current_seat)
        action = bot.choose(view, rng)
        if isinstance(action, Play) and view.seat == 0 and len(view.legal_actions) > 1:
            problem = SearchProblem.of(view)
            events = chain.Events.of(problem, PARAMS)
            for who in (1, 2, 3):
                played, asks = _cards_log(problem, events, who, state.hand_mask(who))
                assert played == pytest.approx(asks * math.log(chain.FAITHFUL))
                asked += asks
        state.apply(action)
    assert asked > 50


def test_a_cards_near_tie_search_reads_the_worlds_its_first_search_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The expert runs the faithful chain once a card decision: its first search runs it, and
    its near-tie search (the same position among fewer candidates) reads the worlds it kept;
    that first search is the one of the expert that runs the chain at each search
    (``share_worlds=False``: the same estimates from the same stream), and the card is legal."""
    kept: list[int] = []
    given: list[bool] = []
    worlds, assess = chain.worlds, chain.assess

    def spy_worlds(*args: object, **kwargs: object) -> object:
        pool = worlds(*args, **kwargs)  # type: ignore[arg-type]
        kept.append(pool.shape[0])
        return pool

    def spy_assess(*args: Any, **kwargs: Any) -> Any:
        given.append(kwargs.get("pool") is not None)
        return assess(*args, **kwargs)

    monkeypatch.setattr(chain, "worlds", spy_worlds)
    monkeypatch.setattr(chain, "assess", spy_assess)
    budget = Budget(iterations=1_000)
    # Every other card is near the best: every decision searches twice.
    shared = ExpertBot(budget, ExpertSettings(tie_width=100.0))
    again = ExpertBot(budget, ExpertSettings(tie_width=100.0, share_worlds=False))
    _, decisions = _deal(52, 8)
    assert len(decisions) >= 3
    for view, _ in decisions:
        problem = SearchProblem.of(view)
        assert chain.applies(problem, shared.settings(problem))
        kept.clear()
        given.clear()
        action, found = shared.decide(view, random.Random(4))
        assert action in view.legal_actions
        assert len(kept) == 1 and kept[0] > 0
        assert given == [True, True]
        kept.clear()
        given.clear()
        _, first = again.decide(view, random.Random(4))
        assert first == found
        assert len(kept) == 2
        assert given == [False, False]
