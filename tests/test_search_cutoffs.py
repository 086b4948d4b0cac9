"""The searches stop trying cards once one scores the most the seat can, and decide as before.

Under the seed's table a deal scores the most for a seat when it takes exactly its bid (rule
S1; S2: a miss scores below 0), but a table that pays every trick (H2's ``per_trick``) can pay
a big miss more: :func:`~ascenseur.core.scoring.best_score` is the bound. The nested play-out's
look-ahead and the exact endgame keep the first card, in deck order, that scores best for the
seat, so once a card reaches that bound no later card can replace it: both stop there. These
tests hold them to a full scan written here, over random positions of every table size under
random scoring tables and lead restrictions (H2, H3; the compiled twins are held to the pure
ones by ``tests/test_fast_core.py``).
"""

from __future__ import annotations

import random

from ascenseur.core.cards import indices_of
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import best_score, deal_score
from ascenseur.core.state import GameState, Phase
from ascenseur.core.tricks import NO_LED, legal_mask, trick_step
from ascenseur.search import rollout
from ascenseur.search.endgame import EXACT_CARDS, solve
from random_rules import random_scoring


def _position(rng: random.Random, players: int, hand_size: int, cards_left: int) -> GameState:
    """A random deal of ``players`` and ``hand_size`` cards, bid and played at random until
    at most ``cards_left`` cards remain in the hands, under a random scoring table (H2) and
    lead restriction (H3)."""
    rules = Rules(players=players, scoring=random_scoring(rng), lead_restriction=rng.random() < 0.5)
    state = GameState.single_deal(rules, hand_size - 1, dealer=0)
    state.deal_random_unchecked(rng)
    while state.phase is Phase.BIDDING:
        state.bid_unchecked(rng.choice(state.legal_bids()))
    while sum(state.hand_mask(s).bit_count() for s in range(players)) > cards_left:
        state.play_unchecked(rng.choice(indices_of(state.legal_card_mask())))
    return state


def _start(state: GameState) -> rollout.Position:
    n = state.players
    seat = state.current_seat
    assert seat is not None
    return rollout.Position(
        [state.hand_mask(s) for s in range(n)],
        seat,
        [card.index for _, card in state.trick],
        list(state.tricks_won),
        [b if b is not None else 0 for b in state.bids],
        state.hand_size - state.trick_number,
        state.rules.scoring,
        state.rules.lead_restriction,
    )


def _full_max_n(position: rollout.Position, first: int = -1) -> list[int]:
    """max^n without any cut: every seat tries every legal card, keeping the first best."""
    n = len(position.hands)

    def search(
        hands: list[int], seat: int, trick: list[int], state: tuple[int, int, int, int],
        won: list[int], first: int,
    ) -> list[int]:  # fmt: skip
        if not hands[seat] and not trick:
            return won
        led, high, win_value, win_seat = state
        legal = legal_mask(hands[seat], len(trick), led, high, position.lead_restriction)
        cards = [first] if first >= 0 else indices_of(legal)
        best: list[int] = []
        best_score = -(10**9)
        for card in cards:
            after = hands.copy()
            after[seat] ^= 1 << card
            step = trick_step(card, seat, led, high, win_value, win_seat)
            if len(trick) + 1 == n:
                gained = won.copy()
                gained[step[3]] += 1
                result = search(after, step[3], [], (NO_LED, 0, -1, -1), gained, -1)
            else:
                result = search(after, (seat + 1) % n, [*trick, card], step, won, -1)
            score = deal_score(position.scoring, position.bids[seat], result[seat])
            if score > best_score:
                best, best_score = result, score
        return best

    state = rollout.trick_state(position.trick, position.to_act, n)
    return search(
        position.hands.copy(), position.to_act, list(position.trick), state,
        list(position.tricks_won), first,
    )  # fmt: skip


def test_the_look_ahead_keeps_the_card_a_full_scan_keeps() -> None:
    """At ≥2,000 positions with a choice (3 to 10 players, 1 to the most cards), the
    look-ahead's card is the first in deck order whose plain play-out scores best under the
    position's scoring table (H2) — what trying every card would keep — and the cut at the
    most the seat can score is met often."""
    rng = random.Random(20261202)
    checked = exact_found = 0
    while checked < 2000:
        players = rng.randrange(3, 11)
        most = Rules(players=players).max_cards
        hand_size = rng.randrange(1, most + 1)
        state = _position(rng, players, hand_size, rng.randrange(1, players * hand_size + 1))
        if state.is_terminal():
            continue
        legal = state.legal_card_mask()
        if legal.bit_count() < 2:
            continue
        position = _start(state)
        me = position.to_act
        bid = position.bids[me]
        scores = {
            card: deal_score(position.scoring, bid, rollout.playout(position.copy(), card)[me])
            for card in indices_of(legal)
        }
        best = max(scores.values())
        expected = next(card for card in indices_of(legal) if scores[card] == best)
        assert rollout._look_ahead(position.copy(), legal, me) == expected, (
            f"{players} players, {position}: the look-ahead kept another card than the scan"
        )
        exact_found += best == best_score(position.scoring, bid, position.hand_size)
        checked += 1
    assert exact_found > 200  # the cut is met often


def test_the_endgame_finds_what_max_n_without_cuts_finds() -> None:
    """At ≥1,500 endgame positions (3 to 10 players, at most EXACT_CARDS cards left, with a
    first card forced or not), the exact search gives every seat the tricks a max^n search
    that never stops early gives it."""
    rng = random.Random(20261203)
    checked = 0
    while checked < 1500:
        players = rng.randrange(3, 11)
        hand_size = rng.randrange(1, min(Rules(players=players).max_cards, 6) + 1)
        state = _position(rng, players, hand_size, rng.randrange(1, EXACT_CARDS + 1))
        if state.is_terminal():
            continue
        position = _start(state)
        first = rng.choice([-1, *indices_of(state.legal_card_mask())])
        assert solve(position, first) == _full_max_n(position, first), (
            f"{players} players, {position}, first card {first}"
        )
        checked += 1
