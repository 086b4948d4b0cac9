"""Fast play-outs of a deal in a fully known (sampled) world, every seat aiming at its bid.

This is the inner loop of the search bots. It works on card masks and calls the core's one
legality function, :func:`ascenseur.core.tricks.legal_mask`, and its one trick step,
:func:`ascenseur.core.tricks.trick_step` (rule P9); the policy is deterministic, so a
play-out is a function of its world (common random numbers across candidate moves).

Policy "to the bid": a seat still short of its bid tries to win (highest winning card when
others follow, the cheapest winner when last; leads its strongest card); a seat that has its
bid ducks (highest card that loses, the Excuse as last resort, leads its lowest card).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ascenseur.core.cards import CARD_RANK, EXCUSE_INDEX, indices_of
from ascenseur.core.rules import Scoring
from ascenseur.core.scoring import best_score, deal_score
from ascenseur.core.tricks import NO_LED, TRICK_VALUES, legal_mask, trick_step


def choose_card(legal: int, trick_len: int, led: int, win_value: int, need: int, last: bool) -> int:
    """The card index the "to the bid" policy plays from the ``legal`` mask."""
    cards = indices_of(legal)
    if len(cards) == 1:
        return cards[0]
    values = TRICK_VALUES[led + 1]
    if trick_len == 0:
        plain = [c for c in cards if c != EXCUSE_INDEX] or cards
        if need > 0:
            return max(plain, key=values.__getitem__)
        return min(plain, key=values.__getitem__)
    winners = [c for c in cards if values[c] > win_value]
    if need > 0:
        if winners:
            pick = min if last else max
            return pick(winners, key=values.__getitem__)
        plain = [c for c in cards if c != EXCUSE_INDEX] or cards
        return min(plain, key=CARD_RANK.__getitem__)
    losers = [c for c in cards if values[c] <= win_value and c != EXCUSE_INDEX]
    if losers:
        return max(losers, key=lambda c: (values[c], CARD_RANK[c]))
    if legal >> EXCUSE_INDEX & 1:
        return EXCUSE_INDEX
    pick = max if last else min
    return pick(winners, key=values.__getitem__)


@dataclass(slots=True)
class Position:
    """A deal in progress with every hand known: what a play-out starts from, and the rules
    it is played under (the rule set's scoring table, H2, and lead restriction, P2 or H3)."""

    hands: list[int]
    to_act: int
    trick: list[int]  # card indices of the current trick, in play order
    tricks_won: list[int]
    bids: list[int]
    tricks_left: int  # tricks not yet finished, the current one included
    scoring: Scoring
    lead_restriction: bool

    def copy(self) -> Position:
        return Position(
            self.hands.copy(),
            self.to_act,
            self.trick.copy(),
            self.tricks_won.copy(),
            self.bids,
            self.tricks_left,
            self.scoring,
            self.lead_restriction,
        )

    @property
    def hand_size(self) -> int:
        """The deal's tricks: those won so far and those left."""
        return sum(self.tricks_won) + self.tricks_left


def trick_state(trick: list[int], to_act: int, players: int) -> tuple[int, int, int, int]:
    """``(led, high trump, winning value, winning seat)`` of the trick in progress.

    ``trick`` holds its cards in play order and ``to_act`` is the seat to play next; an empty
    trick gives ``(-1, 0, -1, -1)``.
    """
    state = (NO_LED, 0, -1, -1)
    leader = (to_act - len(trick)) % players
    for pos, card in enumerate(trick):
        state = trick_step(card, (leader + pos) % players, *state)
    return state


def advance(
    card: int,
    seat: int,
    n: int,
    trick_len: int,
    led: int,
    high: int,
    win_value: int,
    win_seat: int,
    won: list[int],
) -> tuple[int, int, int, int, int, int]:
    """``seat`` plays ``card`` as the ``trick_len``-th card of the trick (after the card is
    taken from its hand): ``(seat to act, trick_len, led, high, win_value, win_seat)`` next.

    A trick that ``card`` completes is credited to its winner in ``won``, and the winner leads
    the next one (``trick_len`` 0).
    """
    led, high, win_value, win_seat = trick_step(card, seat, led, high, win_value, win_seat)
    trick_len += 1
    if trick_len < n:
        return (seat + 1) % n, trick_len, led, high, win_value, win_seat
    won[win_seat] += 1
    return win_seat, 0, NO_LED, 0, -1, -1


def playout(
    position: Position,
    first: int = -1,
    me: int = -1,
    noise: float = 0.0,
    rng: random.Random | None = None,
) -> list[int]:
    """Tricks taken by each seat at the end of the deal; ``first``: the card to play now.

    Every seat follows the "to the bid" policy — except seat ``me`` (if ≥ 0), which looks one
    card ahead at each later decision with a choice: it tries the legal cards (in deck order)
    with a plain play-out of the same world and keeps the first that scores best for it (by
    the position's scoring table), stopping at one that scores the most it can. That is the
    *nested* play-out, a nested Monte Carlo level: the searching seat's own future play is no
    longer the fixed policy's. In a nested play-out, each other seat with a choice plays a
    legal card drawn from ``rng`` with a chance of ``noise`` (0: never), else the policy's.

    ``position`` is consumed (its lists are modified): pass a copy to keep it.
    """
    if noise > 0.0 and rng is None:
        raise ValueError("a noisy play-out needs its random generator")
    noisy = rng if noise > 0.0 and me >= 0 else None  # where the others' random cards come from
    hands = position.hands
    n = len(hands)
    won = position.tricks_won
    bids = position.bids
    seat = position.to_act
    trick = position.trick
    led, high, win_value, win_seat = trick_state(trick, seat, n)
    left = position.tricks_left
    scoring, rule = position.scoring, position.lead_restriction
    top = best_score(scoring, bids[me], position.hand_size) if me >= 0 else 0
    while left:
        hand = hands[seat]
        trick_len = len(trick)
        if first >= 0:
            card, first = first, -1
        else:
            legal = legal_mask(hand, trick_len, led, high, rule)
            if seat == me and legal & (legal - 1):
                now = Position(hands, seat, trick, won, bids, left, scoring, rule)
                card = _look_ahead(now, legal, me, top)
            elif noisy is not None and legal & (legal - 1) and noisy.random() < noise:
                cards = indices_of(legal)
                card = cards[noisy.randrange(len(cards))]
            else:
                need = bids[seat] - won[seat]
                card = choose_card(legal, trick_len, led, win_value, need, trick_len == n - 1)
        hands[seat] = hand ^ (1 << card)
        seat, trick_len, led, high, win_value, win_seat = advance(
            card, seat, n, trick_len, led, high, win_value, win_seat, won
        )
        if trick_len == 0:
            trick.clear()
            left -= 1
        else:
            trick.append(card)
    return won


def _look_ahead(position: Position, legal: int, me: int, top: int | None = None) -> int:
    """The first card of ``legal`` (deck order) whose plain play-out scores best for ``me``.

    A card that scores ``top`` — the most ``me`` can score in the deal
    (:func:`~ascenseur.core.scoring.best_score`, computed when None) — scores the most any
    card can: the cards after it are not tried, as none of them could be kept.
    """
    bid = position.bids[me]
    if top is None:
        top = best_score(position.scoring, bid, position.hand_size)
    best = -1
    most = -(10**9)
    for card in indices_of(legal):
        won = playout(position.copy(), card)
        score = deal_score(position.scoring, bid, won[me])
        if score > most:
            best, most = card, score
            if score == top:
                break
    return best
