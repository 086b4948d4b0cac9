"""Random-playout throughput of the pure-Python engine.

Prints 4-player deals of 12 cards per second (random legal bids and cards, dealing and scoring
included), through the checked public API and through the unchecked fast path that search code
uses, and whole 4-player games (37 deals) per second. Each figure is the best of several
rounds; the ratio column compares it with the issue's target of 6,000 deals per second.

Run: ``python benchmarks/engine.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from ascenseur.core.cards import indices_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState

TARGET_DEALS_PER_SECOND = 6000.0
RULES_12 = Rules(players=4, max_cards=12)
RULES_FULL = Rules(players=4)


def deal_checked(rng: random.Random) -> None:
    """One 12-card deal through the checked API: deal, legal_actions, apply."""
    state = GameState.single_deal(RULES_12, 11, dealer=rng.randrange(4))
    state.deal(rng)
    choice = rng.choice
    while not state.is_terminal():
        state.apply(choice(state.legal_actions()))


def deal_fast(rng: random.Random) -> None:
    """One 12-card deal through the unchecked fast path search code uses."""
    state = GameState.single_deal(RULES_12, 11, dealer=rng.randrange(4))
    state.deal_random_unchecked(rng)
    choice = rng.choice
    for _ in range(4):
        state.bid_unchecked(choice(state.legal_bids()))
    for _ in range(48):
        state.play_unchecked(choice(indices_of(state.legal_card_mask())))
    assert state.is_terminal()


def game_checked(rng: random.Random) -> None:
    """One whole 4-player game (37 deals) through the checked API."""
    state = GameState.new(RULES_FULL, rng=rng)
    choice = rng.choice
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
        else:
            state.apply(choice(state.legal_actions()))


def rate(run: Callable[[random.Random], None], seconds: float, rounds: int = 5) -> float:
    """Best runs-per-second over ``rounds`` rounds of about ``seconds / rounds`` each."""
    rng = random.Random(2026)
    best = 0.0
    for _ in range(rounds):
        count = 0
        start = time.perf_counter()
        deadline = start + seconds / rounds
        while True:
            run(rng)
            count += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        best = max(best, count / (now - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    checked = rate(deal_checked, args.seconds)
    fast = rate(deal_fast, args.seconds)
    games = rate(game_checked, args.seconds)
    target = TARGET_DEALS_PER_SECOND
    print(f"{'measure':<44} {'per second':>12} {'vs target':>10}")
    print(f"{'4p 12-card deals, checked API':<44} {checked:>12,.0f} {checked / target:>9.2f}x")
    print(f"{'4p 12-card deals, unchecked fast path':<44} {fast:>12,.0f} {fast / target:>9.2f}x")
    print(f"{'4p whole games (37 deals), checked API':<44} {games:>12,.2f}")
    print(f"target: {target:,.0f} deals/s; fast path / checked: {fast / checked:.2f}x")


if __name__ == "__main__":
    main()
