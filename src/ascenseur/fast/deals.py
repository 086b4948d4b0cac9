"""Whole random deals under the full rules, compiled: the random-play-out benchmark's unit.

One deal: shuffle and deal ``players × hand_size`` cards one at a time from the dealer's left
(rule D3), uniform random legal bids from the dealer's left (B1–B3, with the hook if asked),
uniform random legal cards trick by trick (P1–P9; H3 without the lead restriction), and the
scores under a scoring table (H2, S1 and S2 by default). It is the same work as driving
:class:`~ascenseur.core.state.GameState` with random legal actions; ``tests/test_fast_core.py``
replays its deals through the checked engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.rules import SEED_SCORING, Scoring
from ascenseur.core.tricks import NO_LED
from ascenseur.fast._jit import jit_kernel, popcount
from ascenseur.fast.copies import fill_row, fill_rows
from ascenseur.fast.masks import Int64s, Words, with_card
from ascenseur.fast.play import card_at, deal_score, legal, remove, scoring_array, trick_step
from ascenseur.fast.rng import below, new_stream


# One function, and the buffers one by one: this is benchmarks/vs_openspiel.py's unit. A named
# tuple of the seven arrays costs about 2 µs a call to unbox, as much as the deal itself, and
# deal / bid / play as separate compiled steps made the compiled loop ~10% slower.
@jit_kernel
def random_deals(
    count: int,
    dealer: int,
    hand_size: int,
    hook: bool,
    stream: Words,
    deck: Int64s,
    hands: Int64s,
    dealt: Int64s,
    bids: Int64s,
    cards: Int64s,
    won: Int64s,
    scores: Int64s,
    scoring: Int64s,
    lead_restriction: bool,
) -> int:
    """Play ``count`` random deals; returns the sum of all their scores. Each is dealt by
    ``dealer``, or, when ``dealer`` is negative, by a seat drawn from ``stream`` before the
    deal; ``hands`` (n, 2) sets the number of seats.

    Writes what the last deal dealt (``dealt``, n × hand_size), its bids, its cards in play
    order, the tricks won and the scores by seat under ``scoring`` (:func:`~ascenseur.fast.
    play.scoring_array`); ``deck`` is scratch space for every card index.
    """
    n = hands.shape[0]
    total = 0
    for _ in range(count):
        # below() gives a uint64: cast it, or numba would unify the two dealers as a float.
        first = ((dealer if dealer >= 0 else np.int64(below(stream, n))) + 1) % n
        for i in range(DECK_SIZE):
            deck[i] = i
        fill_rows(hands, 0)
        for i in range(n * hand_size):  # the top of a uniform shuffle, one card at a time
            pick = i + below(stream, DECK_SIZE - i)
            card = deck[pick]
            deck[pick] = deck[i]
            deck[i] = card
            seat = (first + i) % n
            dealt[seat, i // n] = card
            hands[seat, 0], hands[seat, 1] = with_card(hands[seat, 0], hands[seat, 1], card)
        others = 0
        for turn in range(n):
            seat = (first + turn) % n
            forbidden = hand_size - others
            if hook and turn == n - 1 and 0 <= forbidden <= hand_size:
                bid = below(stream, hand_size)  # every bid but the forbidden one (B3)
                if bid >= forbidden:
                    bid += 1
            else:
                bid = below(stream, hand_size + 1)
            bids[seat] = bid
            others += bid
        fill_row(won, 0)
        leader = first
        played = 0
        for _ in range(hand_size):
            led, high, win_value, win_seat = NO_LED, 0, -1, -1
            seat = leader
            for position in range(n):
                legal_low, legal_high = legal(
                    hands[seat, 0], hands[seat, 1], position, led, high, lead_restriction
                )
                choice = below(stream, popcount(legal_low) + popcount(legal_high))
                card = card_at(legal_low, legal_high, choice)
                remove(hands, seat, card)
                cards[played] = card
                played += 1
                led, high, win_value, win_seat = trick_step(
                    card, seat, led, high, win_value, win_seat
                )
                seat = (seat + 1) % n
            won[win_seat] += 1
            leader = win_seat
        for seat in range(n):
            scores[seat] = deal_score(scoring, bids[seat], won[seat])
            total += scores[seat]
    return total


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One fast random deal, as card indices: what a record of it would state, and the result."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]
    cards: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]


class RandomDeals:
    """Random deals of one size on the compiled core, with their buffers made once.

    ``hook`` (B3), ``scoring`` (H2) and ``lead_restriction`` (P2; False: H3) are the rule
    set's, fixed when the object is made; the seed's by default.
    """

    def __init__(
        self,
        players: int,
        hand_size: int,
        rng: random.Random,
        hook: bool = False,
        *,
        scoring: Scoring = SEED_SCORING,
        lead_restriction: bool = True,
    ) -> None:
        if not 2 <= players <= 10 or not 1 <= hand_size <= DECK_SIZE // players:
            raise ValueError(f"no deal of {hand_size} cards for {players} players")
        self.players = players
        self.hand_size = hand_size
        self.hook = hook
        self.lead_restriction = lead_restriction
        self._scoring = scoring_array(scoring)
        self._stream = new_stream(rng)
        self._deck = np.empty(DECK_SIZE, np.int64)
        self._hands = np.zeros((players, 2), np.int64)
        self._dealt = np.zeros((players, hand_size), np.int64)
        self._bids = np.zeros(players, np.int64)
        self._cards = np.zeros(players * hand_size, np.int64)
        self._won = np.zeros(players, np.int64)
        self._scores = np.zeros(players, np.int64)
        # random_deals' arguments after (count, dealer), gathered once for both calls.
        self._rest = (
            hand_size, hook, self._stream, self._deck, self._hands, self._dealt, self._bids,
            self._cards, self._won, self._scores, self._scoring, lead_restriction,
        )  # fmt: skip

    def play(self, dealer: int) -> DealOutcome:
        """One deal dealt by ``dealer``, with everything a record of it would state."""
        self.play_fast(dealer)
        return DealOutcome(
            dealer,
            tuple(tuple(int(c) for c in row) for row in self._dealt),
            tuple(int(b) for b in self._bids),
            tuple(int(c) for c in self._cards),
            tuple(int(w) for w in self._won),
            tuple(int(s) for s in self._scores),
        )

    def play_fast(self, dealer: int) -> None:
        """One deal dealt by ``dealer``, keeping nothing: the benchmark's per-call unit."""
        random_deals(1, dealer, *self._rest)

    def play_many(self, count: int) -> int:
        """``count`` deals in one compiled loop, each by a random dealer; returns the sum of
        their scores."""
        return random_deals(count, -1, *self._rest)
