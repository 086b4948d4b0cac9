"""Experts that are told part of the hidden deal: what knowing it would be worth.

These bots **see cards no player may see**. They exist only to measure, in the arena, how
many points the expert would make if its worlds knew more: every hand exactly, each seat's
void suits, or where the high cards lie. Nothing in ``ascenseur`` imports them, none is
registered as a bot, and ``tests/test_no_peek.py`` has no business with them.

The arena hands a bot only its seat's view. Making a bot here wraps the view builder that the
arena's game loop calls (``ascenseur.arena.duplicate.observe``) so that it also keeps the
game's state; the bot then narrows each seat's allowed cards (:class:`WorldSpec`) to what it
is told before searching, and searches as the expert does. Every world it samples is
consistent with what it is told and with the view.

Factories for ``ascenseur arena --candidate oracle_bots:NAME`` (run from ``tools/``, or with
``tools`` on ``PYTHONPATH``):

* ``oracle_full`` — every other hand, exactly (every sampled world is the real one);
* ``oracle_voids`` — the suits (and trumps) each other seat holds none of, from the deal;
* ``oracle_high`` — who holds each queen and king of the suits, each trump from 15 up and the
  Excuse;
* ``oracle_bids`` — every other hand, exactly, at its bids only; its cards are the expert's,
  told nothing. Its bid search's other seats play a random legal card one time in five
  (:data:`~ascenseur.bots.expert.TIE_NOISE`), as a search of the one real world needs
  (told every hand with the play-outs' others as the policy says, the expert does worse than
  told nothing); ``expert_variants:bid_noise_02`` is the same noise told nothing, its control.
  Against the expert, 4 players, 60 single 14-card deals on each of seeds 6601-6603:
  +0.89 [+0.43, +1.35] a deal over 180, where ``oracle_full`` with noisy others made about
  +2.1 on other sets: nearly half of what every hand is worth is worth it at the bid;
* ``oracle_bids_voids``, ``oracle_bids_high`` — the same told only the voids, or only where the
  high cards lie, at its bids: +0.12 [-0.16, +0.40] and -0.06 [-0.41, +0.30] a 14-card deal
  over 120 (seeds 6601-6602, where ``oracle_bids`` made +0.94 [+0.36, +1.51]): as for cards,
  knowing part of the deal is worth little, only the whole of it pays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal

from ascenseur.arena import duplicate
from ascenseur.bots.base import Budget
from ascenseur.bots.expert import TIE_NOISE, ExpertBot
from ascenseur.core.cards import (
    EXCUSE_BIT,
    FIRST_TRUMP,
    KIND_MASKS,
    SUIT_SIZE,
    SUITS,
    TRUMP_KIND,
)
from ascenseur.core.observation import Observation
from ascenseur.core.state import GameState
from ascenseur.search.problem import SearchProblem

Told = Literal["full", "voids", "high"]

#: The queens and kings of the four suits, the trumps from 15 up and the Excuse.
HIGH_CARDS = EXCUSE_BIT
for _trump in range(15, 22):
    HIGH_CARDS |= 1 << (FIRST_TRUMP + _trump - 1)
for _suit in SUITS:
    for _rank in (13, 14):
        HIGH_CARDS |= 1 << (_suit * SUIT_SIZE + _rank - 1)

#: The name of the view builder in the arena's game loop (wrapped to keep the state).
VIEW_BUILDER = "observe"
#: The state of the game whose view was built last (the arena asks the bot right after).
_LAST: dict[str, GameState] = {}


def _install() -> None:
    """Wrap the arena's view builder so that it keeps the state it builds a view of."""
    observe: Callable[[GameState, int | None], Observation] = getattr(duplicate, VIEW_BUILDER)
    if getattr(observe, "keeps_state", False):
        return

    def keeping(state: GameState, seat: int | None) -> Observation:
        _LAST["state"] = state
        return observe(state, seat)

    keeping.keeps_state = True  # type: ignore[attr-defined]
    setattr(duplicate, VIEW_BUILDER, keeping)


def told_allowed(told: Told, hands: Sequence[int], me: int, allowed: Sequence[int]) -> list[int]:
    """Each seat's allowed cards (``allowed``, from the view) narrowed to what ``told`` says
    of the real ``hands``; the searching seat ``me``'s entry is left as it is."""
    out = []
    for seat, view_mask in enumerate(allowed):
        mask = view_mask
        if seat != me:
            hand = hands[seat]
            if told == "full":
                mask &= hand
            elif told == "voids":
                for kind in (*SUITS, TRUMP_KIND):
                    if not hand & KIND_MASKS[kind]:
                        mask &= ~KIND_MASKS[kind]
            else:
                elsewhere = 0
                for other, other_hand in enumerate(hands):
                    if other not in (seat, me):
                        elsewhere |= other_hand
                mask &= ~(elsewhere & HIGH_CARDS)
        out.append(mask)
    return out


class OracleExpert(ExpertBot):
    """The expert, searching only worlds consistent with what it is told of the real deal."""

    def __init__(self, budget: Budget, told: Told) -> None:
        super().__init__(budget)
        self.told: Told = told
        self.name = f"oracle-{told}"
        _install()

    def problem_of(self, view: Observation) -> SearchProblem:
        return self.told_problem(SearchProblem.of(view))

    def told_problem(self, problem: SearchProblem) -> SearchProblem:
        """``problem`` with each other seat's allowed cards narrowed to what this bot is told."""
        spec = problem.spec
        state = _LAST.get("state")
        if state is None:
            raise SystemExit(
                f"{self.name} is told hidden cards by the arena's game loop and plays nowhere "
                "else: run it as `ascenseur arena --candidate oracle_bots:NAME …` from tools/"
            )
        hands = [state.hand_mask(seat) for seat in range(len(spec.counts))]
        allowed = told_allowed(self.told, hands, spec.seat, spec.allowed)
        return replace(problem, spec=spec.narrowed(tuple(allowed)))


class BidOracle(OracleExpert):
    """Told ``told`` at its bids, and nothing at its cards; its bid search's others noisy."""

    def __init__(self, budget: Budget, told: Told = "full") -> None:
        super().__init__(budget, told)
        self.name = "oracle-bids" if told == "full" else f"oracle-bids-{told}"
        self.bid_noise = TIE_NOISE

    def problem_of(self, view: Observation) -> SearchProblem:
        problem = SearchProblem.of(view)
        return self.told_problem(problem) if problem.bidding else problem


def oracle_bids(budget: Budget) -> OracleExpert:
    return BidOracle(budget)


def oracle_bids_voids(budget: Budget) -> OracleExpert:
    return BidOracle(budget, "voids")


def oracle_bids_high(budget: Budget) -> OracleExpert:
    return BidOracle(budget, "high")


def _factory(told: Told) -> Callable[[Budget], OracleExpert]:
    def make(budget: Budget) -> OracleExpert:
        return OracleExpert(budget, told)

    return make


oracle_full = _factory("full")
oracle_voids = _factory("voids")
oracle_high = _factory("high")
