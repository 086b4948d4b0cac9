"""OpenSpiel's information states and observations show only what ``observe`` shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra: openspiel)")

from ascenseur.core.cards import Card  # noqa: E402
from ascenseur.core.state import Phase  # noqa: E402
from ascenseur.openspiel import game as _game  # noqa: E402, F401  (registers the game)

SPEC = "python_tarot_ascenseur(players=4,max_cards=4)"


def views(state: Any, seat: int) -> tuple[str, list[float], str, list[float]]:
    return (
        state.information_state_string(seat),
        list(state.information_state_tensor(seat)),
        state.observation_string(seat),
        list(state.observation_tensor(seat)),
    )


def deal_cards(state: Any, codes: list[str]) -> None:
    for code in codes:
        state.apply_action(Card.parse(code).index)


def test_other_hands_reshuffled_before_play_change_no_view() -> None:
    # Deal 3 (k=3, dealer 2): seat 3 is dealt cards 1, 5 and 9 of the deal.
    game = pyspiel.load_game("python_tarot_ascenseur(players=4,max_cards=4,deal=2)")
    mine = ["H1", "H2", "H3"]
    first = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9"]
    second = ["T1", "T2", "T3", "T4", "T5", "T6", "EX", "CK", "DK"]
    states = []
    for others in (first, second):
        state = game.new_initial_state()
        order = iter(others)
        deal_cards(state, [mine[j // 4] if j % 4 == 0 else next(order) for j in range(12)])
        states.append(state)
    a, b = states
    assert a.engine.hand(0) != b.engine.hand(0)
    assert [c.code for c in a.engine.hand(3)] == mine
    for action in (1, 0, 2, 1):  # the same bids in both games
        assert views(a, 3) == views(b, 3)
        a.apply_action(action)
        b.apply_action(action)
    assert views(a, 3) == views(b, 3)
    assert views(a, 0) != views(b, 0)


def test_resampled_hidden_cards_change_no_view_of_the_seat() -> None:
    rng = random.Random(21)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for _ in range(6):
        state = pyspiel.load_game(SPEC).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            other = state.resample_from_infostate(seat, sampler)
            assert views(other, seat) == views(state, seat)
            assert other.legal_actions() == state.legal_actions()
            hidden = [state.engine.hand(s) for s in range(4) if s != seat]
            changed += hidden != [other.engine.hand(s) for s in range(4) if s != seat]
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0


def test_information_state_lists_every_trick_observation_only_the_last() -> None:
    rng = random.Random(8)
    state = pyspiel.load_game("python_tarot_ascenseur(players=3,max_cards=3,deal=2)")
    state = state.new_initial_state()
    while state.is_chance_node() or state.engine.trick_number < 2:
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    info = state.information_state_string(seat)
    seen = state.observation_string(seat)
    assert "trick 1:" in info and "trick 2:" in info
    assert "last trick:" in seen and "trick 1:" not in seen
    assert "hand: " + " ".join(str(c) for c in state.engine.hand(seat)) in info


def test_cards_being_dealt_are_not_seen_until_the_deal_is_complete() -> None:
    state = pyspiel.load_game(SPEC).new_initial_state()
    before = views(state, 1)
    state.apply_action(Card.parse("S7").index)  # seat 1's first card
    assert state.engine.phase is Phase.DEALING
    assert views(state, 1) == before


def test_public_observer_shows_no_hand() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(SPEC)
    state = game.new_initial_state()
    deal_cards(state, ["S1", "S2", "S3", "S4"])
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    text = public.string_from(state, 1)
    assert "hand" not in text and "bids: - - - -" in text
