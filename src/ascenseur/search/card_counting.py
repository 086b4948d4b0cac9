"""Card counting for bots: where the cards a seat has not seen may be.

From an :class:`~ascenseur.core.observation.Observation` only (never the game state), a
:class:`Counting` says which cards are unseen (in another hand or never dealt), what the play
has shown (voids, trump ceilings) and, for every other seat and unseen card, the probability
that the seat holds that card. Those probabilities are the uniform deal conditioned on the
public facts, approximated by scaling the holder/card table until every seat holds its count
of cards and every card is somewhere (a few rounds of iterative proportional fitting).
"""

from __future__ import annotations

from dataclasses import dataclass

from ascenseur.core.cards import (
    DECK_SIZE,
    KIND_MASKS,
    TRUMPS_ABOVE,
    indices_of,
)
from ascenseur.core.observation import Observation

_FIT_ROUNDS = 6


@dataclass(slots=True)
class Counting:
    """What ``seat`` knows of the cards it cannot see, as masks and probabilities.

    ``holds[j][i]`` is the probability that seat ``j`` holds the card of index ``i`` (0 for
    the seat itself, for cards seen and for cards the play shows ``j`` cannot hold).
    ``voids[j]`` has bit ``s`` set when seat ``j`` is known void in kind ``s`` (0–3 suits,
    4 trumps); ``may_hold[j]`` is the mask of unseen cards ``j`` may still hold.
    """

    seat: int
    players: int
    hand: int
    unseen: int
    counts: tuple[int, ...]
    voids: list[int]
    may_hold: list[int]
    holds: list[list[float]]

    def none_of(self, seat: int, mask: int) -> float:
        """Probability that ``seat`` holds none of the cards of ``mask``."""
        row = self.holds[seat]
        p = 1.0
        for i in indices_of(mask & self.may_hold[seat]):
            p *= 1.0 - row[i]
        return p

    def void_in(self, seat: int, kind: int) -> float:
        """Probability that ``seat`` holds no card of ``kind`` (0–3 a suit, 4 trumps)."""
        if self.voids[seat] >> kind & 1:
            return 1.0
        return self.none_of(seat, KIND_MASKS[kind])

    def expected_in(self, seat: int, mask: int) -> float:
        """Expected number of the cards of ``mask`` that ``seat`` holds."""
        row = self.holds[seat]
        return sum(row[i] for i in indices_of(mask & self.may_hold[seat]))

    def higher_trumps(self, rank: int) -> int:
        """The unseen trumps above trump ``rank``."""
        return self.unseen & TRUMPS_ABOVE[rank]

    def others(self) -> list[int]:
        """The other seats that still hold cards."""
        return [j for j in range(self.players) if j != self.seat and self.counts[j] > 0]


def count_cards(view: Observation) -> Counting:
    """The counting of ``view``'s seat: unseen cards, voids, and who may hold what."""
    if view.seat is None:
        raise ValueError("a spectator has no hand to count from")
    seat, n = view.seat, view.players
    hand = view.hand_mask
    unseen = view.unseen_mask
    counts = view.hand_counts
    voids = [0] * n
    may_hold = [0] * n
    for j, facts in enumerate(view.facts):
        if j == seat:
            continue
        bits = 0
        for kind in facts.voids:
            bits |= 1 << int(kind)
        voids[j] = bits
        allowed = unseen
        for k in range(5):
            if bits >> k & 1:
                allowed &= ~KIND_MASKS[k]
        allowed &= ~TRUMPS_ABOVE[facts.trump_ceiling]
        may_hold[j] = allowed
    holds = _fit_holdings(seat, n, unseen, counts, may_hold)
    return Counting(seat, n, hand, unseen, counts, voids, may_hold, holds)


def _fit_holdings(
    seat: int, n: int, unseen: int, counts: tuple[int, ...], may_hold: list[int]
) -> list[list[float]]:
    """``holds[j][i]``: scale a table of who may hold which unseen card to the known counts."""
    cards = indices_of(unseen)
    total = len(cards)
    holders = [j for j in range(n) if j != seat and counts[j] > 0]
    stock = total - sum(counts[j] for j in holders)  # never dealt: anywhere unseen
    holds = [[0.0] * DECK_SIZE for _ in range(n)]
    if total == 0 or not holders:
        return holds
    constrained = any(may_hold[j] != unseen for j in holders)
    for j in holders:
        share = counts[j] / total
        row = holds[j]
        for i in indices_of(may_hold[j]):
            row[i] = share
    if not constrained:
        return holds
    stock_p = [stock / total] * DECK_SIZE
    for _ in range(_FIT_ROUNDS):
        for i in cards:  # every unseen card is somewhere
            s = stock_p[i] + sum(holds[j][i] for j in holders)
            if s > 0:
                for j in holders:
                    holds[j][i] /= s
                stock_p[i] /= s
        for j in holders:  # every seat holds its count
            row = holds[j]
            s = sum(row[i] for i in cards)
            if s > 0:
                factor = counts[j] / s
                for i in cards:
                    row[i] *= factor
        if stock > 0:
            s = sum(stock_p[i] for i in cards)
            factor = stock / s if s > 0 else 0.0
            for i in cards:
                stock_p[i] *= factor
    for i in cards:  # end on probabilities: no card held with probability above 1
        s = stock_p[i] + sum(holds[j][i] for j in holders)
        if s > 1.0:
            for j in holders:
                holds[j][i] /= s
    return holds


__all__ = ["Counting", "count_cards"]
