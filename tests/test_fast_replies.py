"""The others' replies in the search's play-outs, played by the heuristic bot
(``ascenseur.fast.replies``).

In the real deal (the world the searching seat would search if it were told every hand), the
replies to a card must be what the heuristic bots at the table then play: the same cards from
each seat until the searching seat is to play again (one or two a seat: the rest of this
trick and the next up to it) (rules P2–P7 for what each may play, P9
for who wins), the same tricks won, the same trick in progress.
"""

from __future__ import annotations

import random
from dataclasses import astuple

import numpy as np
import pytest

pytest.importorskip("numba")

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.heuristic_odds import DEFAULT_PARAMS
from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.fast.masks import HIGH, split
from ascenseur.fast.replies import Public, Work, reply
from ascenseur.search.problem import SearchProblem
from helpers import heuristic_card_decisions

PARAMS = astuple(DEFAULT_PARAMS)


@pytest.mark.parametrize("seed", [1, 2])
def test_in_the_real_deal_the_replies_are_the_heuristic_bots_cards(seed: int) -> None:
    rng = random.Random(seed)
    bot = HeuristicBot()
    checked = 0
    for state, view in heuristic_card_decisions(seed, 12):
        seat = view.seat
        assert seat is not None
        n = view.players
        card = rng.choice([a for a in view.legal_actions if isinstance(a, Play)]).card
        # The table: the card, then each other seat's heuristic card until seat's next turn.
        table = state.clone()
        table.apply(Play(card))
        expected: dict[int, int] = {}  # each seat's cards, as a mask
        while not table.is_terminal() and table.current_seat != seat:
            other = table.current_seat
            assert other is not None
            action = bot.choose(observe(table, other), rng)
            assert isinstance(action, Play)
            expected[other] = expected.get(other, 0) | 1 << action.card.index
            table.apply(action)
        # The same from the search's arrays, the real hands as its world.
        problem = SearchProblem.of(view)
        hands = np.array([split(state.hand_mask(j)) for j in range(n)], np.int64)
        before = hands.copy()
        won = np.array(view.tricks_won, np.int64)
        bids = np.array([b if b is not None else 0 for b in view.bids], np.int64)
        trick = np.array([c.index for _, c in view.trick], np.int64)
        w = Work.of(n)
        to_act, trick_len, finished = reply(
            Public.of(problem, PARAMS), w, hands, won, bids, trick, len(trick), seat,
            card.index, seat,
        )  # fmt: skip
        played = {}
        for j in range(n):
            gone = (int(before[j, 0]) ^ int(hands[j, 0])) | (
                (int(before[j, 1]) ^ int(hands[j, 1])) << HIGH
            )
            if j == seat:
                assert gone == 1 << card.index
            elif gone:
                played[j] = gone
        assert played == expected
        after = observe(table, seat)
        assert list(won) == list(after.tricks_won)
        assert [int(c) for c in w.trick[:trick_len]] == [c.index for _, c in after.trick]
        assert finished == len(after.tricks) - len(view.tricks)
        if not table.is_terminal():
            assert to_act == seat
        checked += 1
    assert checked > 100


def test_bids_and_the_pure_path_take_no_replies() -> None:
    state = GameState.single_deal(Rules(players=4), Rules(players=4).schedule.index(6), dealer=0)
    state.deal(random.Random(4))
    view = observe(state, 1)
    bot = ExpertBot(Budget(iterations=200), replies=True)
    problem = bot.problem_of(view)
    assert problem.bidding and bot.settings(problem).replies == ()
    bot.choose(view, random.Random(0))  # a bid: searched without replies
    while state.phase is Phase.BIDDING:
        state.apply(HeuristicBot().choose(observe(state, state.current_seat), random.Random(0)))
    seat = state.current_seat
    assert seat is not None
    playing = observe(state, seat)
    assert bot.settings(bot.problem_of(playing)).replies == PARAMS
    assert bot.choose(playing, random.Random(0)) in playing.legal_actions
    pure = ExpertBot(Budget(iterations=200), replies=True, pure=True)
    with pytest.raises(ValueError, match="compiled core only"):
        pure.choose(playing, random.Random(0))
