"""The model of the others' play (``ascenseur.fast.play_model``): what it reads of a deal.

Random deals are played by random bots; at every card chosen among two or more, the model's
legal cards must be the rules' (P2–P7) and its chances over them must add up to 1; and once
the deal is over, each seat's view must give the other seats' cards with the hand each was
played from, the cards played before it and the seat's need at the time, exactly as the deal
went.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast.masks import join, split
from ascenseur.fast.play_model import (
    FEATURES,
    MOST,
    PlayEvents,
    card_features,
    model,
    play_log_chance,
    seat_log_chance,
)
from ascenseur.search.problem import SearchProblem

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import fit_play_model

Played = tuple[int, int, int, int, list[int], int]  # seat, card, hand, gone, trick, need


def _random_deal(rng: random.Random, most: int) -> GameState:
    """A single deal of 3 to 6 players and 2 to ``most`` cards, dealt, a random dealer."""
    players = rng.randint(3, 6)
    k = rng.randint(2, min(most, 78 // players))
    rules = Rules(players=players)
    state = GameState.single_deal(rules, rules.schedule.index(k), dealer=rng.randrange(players))
    state.deal(rng)
    return state


def _scratch() -> tuple[np.ndarray, np.ndarray]:
    return np.empty(MOST, np.int64), np.empty((MOST, FEATURES + 1), np.float64)


def test_the_models_legal_cards_are_the_rules_and_its_chances_add_up_to_one() -> None:
    """Rules P2–P7: the cards the model weighs are the legal ones; a distribution over them."""
    rng = random.Random(11)
    weights, floor = model()
    cards, out = _scratch()
    checked = 0
    for _ in range(60):
        state = _random_deal(rng, 12)
        players = state.players
        while state.current_seat is not None and not state.is_terminal():
            seat = state.current_seat
            view = observe(state, seat)
            action = rng.choice(view.legal_actions)
            if isinstance(action, Play):
                bid = state.bids[seat]
                assert bid is not None
                trick = np.zeros(players, np.int64)
                for i, (_, card) in enumerate(state.trick):
                    trick[i] = card.index
                low, high = split(state.hand_mask(seat))
                gone = split(view.played_mask)
                need = bid - state.tricks_won[seat]
                m = card_features(
                    low, high, *gone, trick, len(state.trick), players, need, cards, out
                )
                legal = sum(1 << int(c) for c in cards[:m])
                assert legal == state.legal_card_mask()
                if m >= 2:
                    total = sum(
                        math.exp(
                            play_log_chance(
                                low,
                                high,
                                *gone,
                                trick,
                                len(state.trick),
                                players,
                                need,
                                int(c),
                                weights,
                                floor,
                                cards.copy(),
                                out.copy(),
                            )
                        )
                        for c in cards[:m].copy()
                    )
                    assert total == pytest.approx(1.0, abs=1e-9)
                    checked += 1
            state.apply(action)
    assert checked > 300


def test_a_views_events_are_the_other_seats_cards_as_they_were_played() -> None:
    """At every card of random deals, the seat's view gives the others' cards so far each with
    the hand it came from (the hand now and the seat's later cards), the cards played before it,
    the trick and the seat's need (its bid minus its tricks, rule S1's count) at the time."""
    rng = random.Random(5)
    weights, floor = model()
    cards, out = _scratch()
    checked = 0
    for _ in range(40):
        state = _random_deal(rng, 10)
        players = state.players
        played: list[Played] = []
        gone = 0
        while state.current_seat is not None and not state.is_terminal():
            seat = state.current_seat
            view = observe(state, seat)
            action = rng.choice(view.legal_actions)
            if isinstance(action, Play):
                events = PlayEvents.of(SearchProblem.of(view))
                others = [p for p in played if p[0] != seat]
                assert events.seat.tolist() == [p[0] for p in others]
                assert events.card.tolist() == [p[1] for p in others]
                assert events.need.tolist() == [p[5] for p in others]
                for e, (who, _, hand, before, trick, _) in enumerate(others):
                    assert state.hand_mask(who) | join(*events.later[e]) == hand
                    assert join(*events.gone[e]) == before
                    assert events.trick_len[e] == len(trick)
                    assert events.trick[e][: len(trick)].tolist() == trick
                for who in {p[0] for p in others}:
                    expected = sum(
                        play_log_chance(
                            *split(hand),
                            *split(before),
                            _row(trick, players),
                            len(trick),
                            players,
                            need,
                            card,
                            weights,
                            floor,
                            cards,
                            out,
                        )
                        for w, card, hand, before, trick, need in others
                        if w == who
                    )
                    got = seat_log_chance(
                        events, who, *split(state.hand_mask(who)), weights, floor, cards, out
                    )
                    assert got == pytest.approx(expected, abs=1e-9)
                    checked += 1
                bid = state.bids[seat]
                assert bid is not None
                trick_now = [card.index for _, card in state.trick]
                need = bid - state.tricks_won[seat]
                played.append(
                    (seat, action.card.index, state.hand_mask(seat), gone, trick_now, need)
                )
                gone |= action.card.bit
            state.apply(action)
    assert checked > 500


def _row(trick: list[int], n: int) -> np.ndarray:
    row = np.zeros(n, np.int64)
    row[: len(trick)] = trick
    return row


def test_the_expert_with_inference_from_play_decides_legally_at_every_card() -> None:
    """The option reaches the compiled search: a whole deal with it, every card legal."""
    from ascenseur.bots.base import Budget
    from ascenseur.bots.expert import ExpertBot

    bot = ExpertBot(Budget(200), play_inference=1.0)
    rng = random.Random(3)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(6), dealer=0)
    state.deal(rng)
    cards_played = 0
    while state.current_seat is not None and not state.is_terminal():
        view = observe(state, state.current_seat)
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        cards_played += isinstance(action, Play)
        state.apply(action)
    assert cards_played == 24


def test_inference_from_play_is_refused_off_the_compiled_core() -> None:
    """The pure-Python search has no model of play: asking it for one is a clear error."""
    from ascenseur.bots.base import Budget
    from ascenseur.bots.expert import ExpertBot

    bot = ExpertBot(Budget(50), pure=True, play_inference=1.0)
    rng = random.Random(4)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(4), dealer=0)
    state.deal(rng)
    # Play to the first card a seat must choose among several: bids first, then cards.
    while True:
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        if isinstance(view.legal_actions[0], Play) and len(view.legal_actions) > 1:
            break
        state.apply(view.legal_actions[0])
    with pytest.raises(ValueError, match="compiled core only"):
        bot.choose(view, rng)


def test_the_fitted_model_tells_the_card_played_better_than_chance_and_the_true_hand() -> None:
    """A model fitted on a few heuristic deals gives the card played, on other deals, a higher
    chance than a uniform pick does, and a higher one from the seat's own hand than from a hand
    a world sampler gives it (what inference from play rests on)."""
    deals = fit_play_model.choices(4, 60, [8, 10, 12], random.Random(21))
    train = [(x, i) for deal in deals[:40] for x, i, _, _ in deal]
    held = [(x, i, o) for deal in deals[40:] for x, i, o, _ in deal if o is not None]
    weights = fit_play_model.fit(train)
    own = fit_play_model.log_chances(weights, 0.02, [(x, i) for x, i, _ in held])
    sampled = fit_play_model.log_chances(weights, 0.02, [o for _, _, o in held if o is not None])
    uniform = [-math.log(x.shape[0]) for x, _, _ in held]
    assert len(held) > 300
    assert own.mean() > float(np.mean(uniform)) + 0.1
    assert own.mean() > sampled.mean() + 0.1


def test_world_placement_finds_a_hand_that_the_deal_determines() -> None:
    """tools/world_placement.py: with every card dealt at 2 players, the one other hand is
    all the unseen cards, so every world places each of them rightly, with inference from play
    or without."""
    import world_placement
    from ascenseur.bots.base import Budget
    from ascenseur.bots.expert import ExpertBot

    rules = Rules(players=2)
    state = GameState.single_deal(rules, rules.schedule.index(39), dealer=1)
    state.deal(random.Random(8))
    state.apply(observe(state, 0).legal_actions[5])  # seat 0 bids 5, seat 1 bids 0
    state.apply(observe(state, 1).legal_actions[0])
    view = observe(state, 0)
    problem = SearchProblem.of(view)
    settings = ExpertBot(Budget(1)).settings(problem)
    truth = [state.hand_mask(0), state.hand_mask(1)]
    assert world_placement.placed_right(problem, settings, truth, 20, seed=1) == 1.0
    state.apply(view.legal_actions[0])
    state.apply(observe(state, 1).legal_actions[-1])
    problem = SearchProblem.of(observe(state, 0))
    with_play = ExpertBot(Budget(1), play_inference=1.0).settings(problem)
    truth = [state.hand_mask(0), state.hand_mask(1)]
    assert world_placement.placed_right(problem, with_play, truth, 20, seed=1) == 1.0


def test_a_search_given_a_pool_of_one_world_scores_that_world() -> None:
    """``fast.search.assess`` with a pool searches the pool's worlds in turn: given the real
    deal alone, every candidate card scores what the play-out of the real deal gives it."""
    from ascenseur.bots import expert
    from ascenseur.fast import search as fast_search
    from ascenseur.fast.masks import split_all
    from ascenseur.search.problem import SearchSettings

    rng = random.Random(9)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(9), dealer=0)
    state.deal(rng)
    while True:  # random bids and cards up to seat 0's first choice of card after a trick
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if seat == 0 and len(plays) > 1 and view.tricks:
            break
        state.apply(rng.choice(view.legal_actions))
    problem = SearchProblem.of(view)
    hands = [state.hand_mask(s) for s in range(4)]
    bids = [b for b in state.bids if b is not None]
    settings = SearchSettings(
        iterations=3 * len(problem.candidates), seconds=None, inverse_variance=0.0,
        exact_cards=0, nested=False,
    )  # fmt: skip
    pool = (np.stack([split_all(hands)]), np.array([1.0]))
    found = fast_search.assess(problem, settings, random.Random(1), pool)
    for estimate, card in zip(found, problem.candidates, strict=True):
        assert estimate.worlds == 3
        assert estimate.points == expert._play(problem, settings, hands, bids, card)


def test_the_faithful_pool_finds_every_card_played_and_weighs_the_real_hands_fully(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tools/faithful_inference.py: the wrapped view builder gives the bot, for each other
    seat's card this deal, the view it was played from; the seats being heuristic bots, the
    heuristic bot holding a seat's real hand agrees with each of its cards chosen among two or
    more (weight 0.95 each, times the bid's); the pool's worlds are consistent with the view."""
    import faithful_inference
    from ascenseur.arena import duplicate
    from ascenseur.bots.base import Budget
    from ascenseur.bots.heuristic import HeuristicBot
    from ascenseur.core.tricks import NO_LED, legal_mask, trick_summary
    from ascenseur.search import bid_model

    builder = faithful_inference.VIEW_BUILDER
    monkeypatch.setattr(duplicate, builder, getattr(duplicate, builder))  # undone after the test
    bot = faithful_inference.PoolExpert(Budget(iterations=40), faithful=True, worlds=8, draws=2)
    heuristic = HeuristicBot()
    rng = random.Random(2)
    rules = Rules(players=4)
    checked = 0
    for game in range(4):
        state = GameState.single_deal(rules, rules.schedule.index(6), dealer=game)
        state.deal(rng)
        choices: list[tuple[int, int, int, list[int]]] = []  # seat, hand then, trick, card
        while state.current_seat is not None and not state.is_terminal():
            seat = state.current_seat
            view = getattr(duplicate, builder)(state, seat)  # the arena's call, wrapped
            if seat != 0 or not isinstance(view.legal_actions[0], Play):
                action = heuristic.choose(view, rng)
                if isinstance(action, Play):
                    trick = [c.index for _, c in state.trick]
                    choices.append((seat, state.hand_mask(seat), action.card.index, trick))
                state.apply(action)
                continue
            problem = SearchProblem.of(view)
            settings = bot.settings(problem)
            events = bot.events(problem)
            assert sorted((s, c) for s, ev in events.items() for _, c, _ in ev) == sorted(
                (s, c) for s, _, c, _ in choices
            )
            for who in events:
                bid = state.bids[who]
                assert bid is not None
                miss = bid - bid_model.model(4).expected(
                    state.hand_mask(who) | problem.shown[who], problem.hand_size
                )
                chosen = 0
                for s, held, _, trick in choices:
                    led, high, _, _ = trick_summary(trick) if trick else (NO_LED, 0, -1, -1)
                    chosen += s == who and legal_mask(held, len(trick), led, high).bit_count() > 1
                expected = math.exp(-miss * miss * settings.inverse_variance) * 0.95**chosen
                got = bot.hand_weight(problem, settings, events, who, state.hand_mask(who), rng)
                assert got == pytest.approx(expected, rel=1e-9)
                checked += 1
            if events:
                worlds, weights = bot.pool(problem, settings, rng)
                assert worlds.shape[0] == 8 and (weights > 0).all()
                for world in worlds:
                    hands = [join(int(w[0]), int(w[1])) for w in world]
                    assert hands[0] == problem.spec.own
                    for other in range(1, 4):
                        assert hands[other] & ~problem.spec.allowed[other] == 0
                        assert hands[other].bit_count() == problem.spec.counts[other]
                    assert (
                        sum(h.bit_count() for h in hands)
                        == (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
                    )
            state.apply(bot.choose(view, rng))
    assert checked >= 10


def test_the_model_weighs_every_legal_card_of_the_largest_hands() -> None:
    """Rule P2 at 2 players, 39 cards: a lead from 33 suit cards has 33 legal cards, each
    weighed (the scratch rows hold any hand)."""
    from ascenseur.core.cards import FIRST_TRUMP

    hand = (1 << 33) - 1 | ((1 << 6) - 1) << FIRST_TRUMP  # 33 suit cards, trumps 1 to 6
    cards, out = _scratch()
    m = card_features(*split(hand), 0, 0, np.zeros(2, np.int64), 0, 2, 5, cards, out)
    assert m == 33
    assert sorted(int(c) for c in cards[:m]) == list(range(33))
    weights, floor = model()
    total = sum(
        math.exp(
            play_log_chance(
                *split(hand),
                0,
                0,
                np.zeros(2, np.int64),
                0,
                2,
                5,
                c,
                weights,
                floor,
                cards.copy(),
                out.copy(),
            )
        )
        for c in range(33)
    )
    assert total == pytest.approx(1.0, abs=1e-9)


def test_play_information_weighs_alike_when_a_seat_has_chosen_nothing() -> None:
    """tools/play_information.py: a seat whose cards so far were all forced tells nothing by
    its play, so the play model's and the faithful model's weights are the bids' alone."""
    import play_information
    from ascenseur.core.cards import indices_of

    rng = random.Random(4)
    rules = Rules(players=4)
    state = GameState.single_deal(rules, rules.schedule.index(8), dealer=3)
    state.deal(rng)
    while state.phase.name == "BIDDING":
        seat = state.current_seat
        assert seat is not None
        state.apply(observe(state, seat).legal_actions[1])  # everyone bids 1
    truth = state.hand_mask(1)
    pool = indices_of(truth | state.hand_mask(2))
    shares = play_information.seat_shares([], [], truth, pool, 1, 0, 60, rng)
    assert shares["logit"] == pytest.approx(shares["bids"], abs=1e-12)
    assert shares["exact"] == pytest.approx(shares["bids"], abs=1e-12)
    assert all(0.0 <= v <= 1.0 for v in shares.values())
