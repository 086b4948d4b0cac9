"""``expert``: search over sampled worlds (perfect-information Monte Carlo).

For a card: sample hidden worlds consistent with everything public (:mod:`worlds`), play each
legal card in each world and finish the deal with the "to the bid" policy for every seat
(:mod:`rollout`), and keep the card with the best mean score. For a bid: the same over the
whole deal, once per candidate bid, with later bidders' bids estimated from their sampled
hands. The budget's iterations are the play-outs per decision, shared among the candidates.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ascenseur import fast
from ascenseur.bots.base import Budget, register
from ascenseur.bots.endgame import EXACT_CARDS, solve
from ascenseur.bots.rollout import Position, playout
from ascenseur.bots.worlds import WorldSpec, sample_world
from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.cards import CARD_RANK, CARD_SUIT, indices_of
from ascenseur.core.observation import Observation
from ascenseur.core.scoring import deal_score
from ascenseur.core.state import Phase

_TRUMPS = 4


def strength(hand: int) -> float:
    """A rough trick-taking strength of a hand, to guess bids not yet made in a world."""
    total = 0.0
    for index in indices_of(hand):
        rank = CARD_RANK[index]
        if CARD_SUIT[index] == _TRUMPS:
            total += 0.3 + rank / 21
        elif rank >= 13:
            total += 0.25 * (rank - 12)
    return total


def guess_bids(view: Observation, hands: Sequence[int]) -> list[int]:
    """Bids for every seat: the real ones where made, else a share of k by strength."""
    k = view.hand_size
    strengths = [strength(h) for h in hands]
    whole = sum(strengths) or 1.0
    return [
        min(k, round(k * strengths[seat] / whole)) if bid is None else bid
        for seat, bid in enumerate(view.bids)
    ]


class ExpertBot:
    """Searches sampled worlds with play-outs; budget = play-outs per decision."""

    name = "expert"

    def __init__(self, budget: Budget, *, pure: bool = False) -> None:
        self.iterations = budget.iterations if budget.iterations is not None else 1000
        self.seconds = budget.seconds
        self.pure = pure  # issue 5: True keeps the pure-Python loop even when numba is there

    def choose(self, view: Observation, rng: random.Random) -> Bid | Play:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        scores = self.evaluate(view, rng)
        best = max(scores, key=lambda pair: pair[1])
        return best[0]

    def evaluate(self, view: Observation, rng: random.Random) -> list[tuple[PlayerAction, float]]:
        """Each legal action with its estimated expected score for this deal."""
        # Issue 5: the compiled core runs this same loop when numba is importable (not with
        # pure=True or ASCENSEUR_PURE=1); its worlds come from its own seeded generator.
        if not self.pure and fast.enabled():
            return fast.evaluate(view, rng, self.iterations, self.seconds)
        legal = view.legal_actions
        spec = WorldSpec.of(view)
        me = spec.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        worlds = max(1, self.iterations // len(legal))
        totals = [0.0] * len(legal)
        done = 0
        bidding = view.phase is Phase.BIDDING
        trick = [card.index for _, card in view.trick]
        tricks_left = view.hand_size - len(view.tricks)
        n = view.players
        to_act = (view.dealer + 1) % n if bidding else me
        exact = not bidding and sum(view.hand_counts) <= EXACT_CARDS
        finish = solve if exact else playout
        for _ in range(worlds):
            hands = sample_world(spec, rng)
            bids = guess_bids(view, hands)
            for i, action in enumerate(legal):
                if bidding:
                    assert isinstance(action, Bid)
                    bids[me] = action.value
                    first = -1
                else:
                    assert isinstance(action, Play)
                    first = action.card.index
                start = Position(
                    hands.copy(),
                    to_act,
                    trick.copy(),
                    list(view.tricks_won),
                    bids.copy(),
                    tricks_left,
                )
                won = finish(start, first)
                totals[i] += deal_score(bids[me], won[me])
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return [(action, totals[i] / done) for i, action in enumerate(legal)]


@register("expert")
def _make(budget: Budget) -> ExpertBot:
    return ExpertBot(budget)
