"""The compiled twin of the heuristic bot's card play (``ascenseur.fast.heuristic``).

Heuristic bots play random single deals of 2 to 10 players; at every card a seat chooses among
two or more (rules P2–P7 give its legal cards), the compiled choice must be the bot's own, for
the hand the seat holds and for a hand drawn at random in its place (the search asks the twin
about hands a seat may hold, not only the real one); and the twin's card counting must be the
bot's (:func:`ascenseur.search.card_counting.count_cards`) to the last bits. Under house rules
too: the scoring table the bot plays for (H2) and the lead restriction (H3) are data to both.
"""

from __future__ import annotations

import random
from dataclasses import astuple, replace

import numpy as np
import pytest

pytest.importorskip("numba")

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.cards import DECK, indices_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.core.tricks import legal_mask, trick_facts
from ascenseur.fast.heuristic import Position, Scratch, choose_in, count, hand_row
from ascenseur.search.card_counting import count_cards
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS
from helpers import heuristic_card_decisions
from random_rules import random_scoring

PARAMS = np.array(astuple(DEFAULT_PARAMS), np.float64)


def _positions(seed: int, deals: int) -> list[Observation]:
    """Every view of a seat choosing a card among two or more, in heuristic deals of 2–10
    players and 1 to the most cards."""
    return [view for _, view in heuristic_card_decisions(seed, deals)]


def _with_hand(view: Observation, hand: int) -> Observation:
    """``view`` with ``hand`` in place of the seat's own (its legal cards recomputed)."""
    led, high = trick_facts([card.index for _, card in view.trick])
    legal = legal_mask(hand, len(view.trick), led, high, view.rules.lead_restriction)
    return replace(
        view,
        hand=tuple(DECK[i] for i in indices_of(hand)),
        legal_actions=tuple(Play(DECK[i]) for i in indices_of(legal)),
    )


def test_the_twin_plays_the_heuristic_bots_card() -> None:
    """Over some 3,000 decisions of 2–10 players, the compiled choice is the bot's."""
    bot = HeuristicBot()
    rng = random.Random(5)
    views = _positions(seed=3, deals=160)
    assert len(views) > 2500
    scratches = {n: Scratch.of(n) for n in range(2, 11)}
    for view in views:
        chosen = bot.choose(view, rng)
        assert isinstance(chosen, Play)
        got = choose_in(Position.of(view, PARAMS), hand_row(view.hand_mask), PARAMS,
                        scratches[view.players])  # fmt: skip
        assert got == chosen.card.index, (view.trick, view.hand, chosen)


def test_the_twin_plays_the_bots_card_for_a_hand_drawn_in_place_of_the_real_one() -> None:
    """The search asks about hands a seat may hold: a random hand of the same size from the
    cards the seat has not seen and its own gets the bot's card too (when two or more are
    legal)."""
    bot = HeuristicBot()
    rng = random.Random(9)
    asked = 0
    for view in _positions(seed=4, deals=80):
        pool = indices_of(view.unseen_mask | view.hand_mask)
        hand = sum(1 << i for i in rng.sample(pool, len(view.hand)))
        other = _with_hand(view, hand)
        if len(other.legal_actions) < 2:
            continue
        asked += 1
        chosen = bot.choose(other, rng)
        assert isinstance(chosen, Play)
        got = choose_in(Position.of(other, PARAMS), hand_row(hand), PARAMS,
                        Scratch.of(other.players))  # fmt: skip
        assert got == chosen.card.index
    assert asked > 1000


def test_the_twins_counting_is_the_bots() -> None:
    """Unseen cards, who may hold each and the chance each seat does: count_cards's own
    numbers, the fitted ones included (a seat known void or short of high trumps)."""
    fitted = 0
    for view in _positions(seed=6, deals=40):
        mine = count_cards(view)
        position = Position.of(view, PARAMS)
        s = Scratch.of(view.players)
        count(hand_row(view.hand_mask), position.gone_low, position.gone_high, position.seat,
              position.counts, position.voids, position.ceilings, s)  # fmt: skip
        assert [i for i in range(78) if s.unseen[i]] == indices_of(mine.unseen)
        for j in range(view.players):
            if j == view.seat:
                continue
            assert [i for i in range(78) if s.may[j, i]] == indices_of(mine.may_hold[j])
            assert s.holds[j].tolist() == mine.holds[j]
        fitted += any(mine.may_hold[j] != mine.unseen for j in mine.others())
    assert fitted > 100


def _house_positions(seed: int, deals: int) -> list[Observation]:
    """Every view of a seat choosing a card among two or more, in heuristic deals of 2–10
    players under a random scoring table (H2) and lead restriction (H3)."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    found = []
    for _ in range(deals):
        players = rng.randint(2, 10)
        rules = Rules(players, scoring=random_scoring(rng), lead_restriction=rng.random() < 0.5)
        k = rng.choice(sorted(set(rules.schedule)))
        state = GameState.single_deal(rules, rules.schedule.index(k), rng.randrange(players))
        state.deal(rng)
        while not state.is_terminal():
            view = observe(state, state.current_seat)
            if state.phase is Phase.PLAYING and len(view.legal_actions) > 1:
                found.append(view)
            state.apply(bot.choose(view, rng))
    return found


def test_the_twin_plays_the_bots_card_under_house_scoring_and_free_leads_h2_h3() -> None:
    """Under random scoring tables (H2) and with or without the lead restriction (H3), the
    compiled choice is the bot's, for the real hand and for a hand drawn in its place."""
    bot = HeuristicBot()
    rng = random.Random(58)
    views = _house_positions(seed=58, deals=80)
    free_leads = 0
    for real in views:
        hand, view = real.hand_mask, real
        if rng.random() < 0.5:
            pool = indices_of(real.unseen_mask | real.hand_mask)
            hand = sum(1 << i for i in rng.sample(pool, len(real.hand)))
            view = _with_hand(real, hand)
            if len(view.legal_actions) < 2:
                continue
        chosen = bot.choose(view, rng)
        assert isinstance(chosen, Play)
        got = choose_in(Position.of(view, PARAMS), hand_row(hand), PARAMS,
                        Scratch.of(view.players))  # fmt: skip
        assert got == chosen.card.index, (view.rules, view.trick, view.hand, chosen)
        free_leads += not view.trick and not view.rules.lead_restriction
    assert len(views) > 1000
    assert free_leads > 50
