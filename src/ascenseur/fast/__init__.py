"""The compiled simulation core (issue 5): the search inner loop on numba.

Optional (the ``fast`` extra). Importing this package is cheap and never needs numba; the
compiled modules are imported on first use:

* :mod:`~ascenseur.fast.masks` — 78-card masks as two int64 words, the tables;
* :mod:`~ascenseur.fast.rng` — the injected random source (SplitMix64);
* :mod:`~ascenseur.fast.play` — legal cards, trick winners, scores, the "to the bid" play-out;
* :mod:`~ascenseur.fast.worlds` — drawing (or building) hidden worlds consistent with a view;
* :mod:`~ascenseur.fast.nested` — the play-out where the searching seat looks one card ahead;
* :mod:`~ascenseur.fast.endgame` — exact (max^n) play of the last few cards;
* :mod:`~ascenseur.fast.search` — the expert's loop: worlds × candidates × play-outs;
* :mod:`~ascenseur.fast.heuristic` — the heuristic bot's card choice (its twin);
* :mod:`~ascenseur.fast.chain` — worlds drawn by a Markov chain under a faithful model of a
  field of heuristic bots;
* :mod:`~ascenseur.fast.deals` — whole random deals (the throughput benchmark).

A private back end: only the search (:mod:`ascenseur.bots`) calls it, and it imports nothing
but the core and the search problem (:mod:`ascenseur.search`) — ``pyproject.toml``'s
import-linter contracts hold both. The pure-Python engine (:mod:`ascenseur.core`, and the
search's play-outs, worlds and endgame in :mod:`ascenseur.bots`) stays the reference;
``tests/test_fast_core.py`` keeps this core equal to it. Functions are compiled once per
machine and cached on disk; a process loads them on first use — :func:`warm_up` does it up
front, and :func:`assess` calls it before its first search, so no decision but the first of
a process pays it.

Set ``ASCENSEUR_PURE=1`` to make search ignore this core (:func:`enabled` is then False).
"""

from __future__ import annotations

import functools
import os
import random
import time
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ascenseur.fast.masks import Int64s
    from ascenseur.search.problem import Estimate, SearchProblem, SearchSettings

PURE_VARIABLE = "ASCENSEUR_PURE"


@functools.cache
def available() -> bool:
    """Whether the compiled core can be imported (numba and numpy are installed)."""
    try:
        import ascenseur.fast.deals
        import ascenseur.fast.search  # noqa: F401
    except ImportError:
        return False
    return True


def enabled() -> bool:
    """Whether search should use the compiled core: it is available and not switched off."""
    return os.environ.get(PURE_VARIABLE, "") != "1" and available()


@functools.cache
def warm_up() -> float:
    """Compile (first run on a machine) or load from the disk cache every function that
    search and the benchmarks call; returns the seconds it took. Later calls cost nothing."""
    from ascenseur.core.observation import observe
    from ascenseur.core.rules import Rules
    from ascenseur.core.state import GameState
    from ascenseur.fast import chain
    from ascenseur.fast.deals import RandomDeals
    from ascenseur.fast.heuristic import PARAM_NAMES
    from ascenseur.fast.search import assess as search
    from ascenseur.search.problem import SearchProblem, SearchSettings

    start = time.perf_counter()
    rng = random.Random(0)
    state = GameState.single_deal(Rules(players=3, max_cards=2), 1)
    state.deal(rng)
    settings = SearchSettings(
        iterations=4,
        seconds=None,
        inverse_variance=0.0,
        exact_cards=8,
        nested=False,
    )
    search(SearchProblem.of(observe(state, 1)), settings, rng)  # compiles every callee too
    # A card decision once another seat has played: the faithful chain and the heuristic's
    # card choice it asks (any constants of the right type compile it).
    while not state.played:
        state.apply(observe(state, state.current_seat).legal_actions[0])
    faithful = replace(settings, faithful=(0.5,) * len(PARAM_NAMES))
    chain.worlds(SearchProblem.of(observe(state, state.current_seat)), faithful, rng)
    deals = RandomDeals(3, 2, rng)
    deals.play_fast(0)
    deals.play_many(1)
    return time.perf_counter() - start


class DecisionWorlds:
    """The faithful chain's worlds (:mod:`~ascenseur.fast.chain`) for one decision's position:
    the first search that needs them runs the chain, and a later search of the same position
    (the near-tie search, among fewer candidates) reads them instead of running it again. One
    per decision; empty until a search has run the chain."""

    __slots__ = ("pool",)

    def __init__(self) -> None:
        self.pool: Int64s | None = None


def assess(
    problem: SearchProblem,
    settings: SearchSettings,
    rng: random.Random,
    worlds: DecisionWorlds | None = None,
) -> list[Estimate]:
    """The same search, each candidate's chance of an exact bid too (an
    :class:`~ascenseur.search.problem.Estimate` each). Where the faithful chain applies and
    there is no time budget, ``worlds`` keeps the chain's worlds for the next search of the
    same position, or holds them from the last (None: the chain runs for this search alone)."""
    from ascenseur.fast import chain
    from ascenseur.fast.search import assess as search

    warm_up()
    if not chain.applies(problem, settings):
        return search(problem, settings, rng)
    if worlds is None or settings.seconds is not None:
        return chain.assess(problem, settings, rng)
    if worlds.pool is None:
        worlds.pool = chain.worlds(problem, settings, rng)
    return chain.assess(problem, settings, rng, pool=worlds.pool)


__all__ = [
    "PURE_VARIABLE",
    "DecisionWorlds",
    "assess",
    "available",
    "enabled",
    "warm_up",
]
