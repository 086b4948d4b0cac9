"""Fit the expert's bid model by simulation, and write ``bid_model.json``.

For each table size (2–10 players), deals single deals of every hand size of the schedule
(uniformly, with a random dealer), lets heuristic bots bid them, and fits the expected bid of a
hand (:mod:`ascenseur.search.bid_model`'s features) by least squares. Half the bids fit the model
and the other half measure it: the residual standard deviation stored, and printed beside the
strength share's, is the held-out one. Seeded: the same arguments give the same model.

Run: ``python tools/fit_bid_model.py [--deals N] [--seed S] [--out PATH]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import numpy as np

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Bid
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.search.bid_model import FEATURES, MODEL, MODEL_FORMAT, features

OUT = Path(__file__).resolve().parent.parent / "src" / "ascenseur" / "search" / MODEL


def bids_of(players: int, deals: int, rng: random.Random) -> list[tuple[int, int, int]]:
    """``(k, hand, bid)`` of every bid heuristic bots make over ``deals`` simulated single
    deals (a hand size of the schedule drawn uniformly, a random dealer)."""
    bot = HeuristicBot()
    made: list[tuple[int, int, int]] = []
    top = Rules(players=players).max_cards
    for _ in range(deals):
        k = rng.randint(1, top)
        state = GameState.single_deal(Rules(players=players), k - 1, rng.randrange(players))
        state.deal(rng)
        while state.phase is Phase.BIDDING:
            seat = state.current_seat
            assert seat is not None
            action = bot.choose(observe(state, seat), rng)
            assert isinstance(action, Bid)
            made.append((k, state.hand_mask(seat), action.value))
            state.apply(action)
    return made


def fit(players: int, deals: int, seed: int) -> dict[str, object]:
    rng = random.Random(f"fit-bid-model/{seed}/{players}")
    made = bids_of(players, deals, rng)
    x = np.array([features(hand, k) for k, hand, _ in made])
    y = np.array([bid for _, _, bid in made], dtype=float)
    half = len(y) // 2
    weights, *_ = np.linalg.lstsq(x[:half], y[:half], rcond=None)
    sigma = float(np.std(y[half:] - x[half:] @ weights))
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)  # the stored weights use every bid
    return {
        "weights": [round(float(w), 6) for w in weights],
        "sigma": round(sigma, 4),
        "bids": len(y),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per table size (2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (1)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the model")
    args = parser.parse_args()
    start = time.monotonic()
    by_players = {}
    for players in range(2, 11):
        entry = fit(players, args.deals, args.seed)
        by_players[str(players)] = entry
        print(f"{players} players: {entry['bids']} bids, residual sd {entry['sigma']:.3f} tricks")
    data = {
        "format": MODEL_FORMAT,
        "features": FEATURES,
        "deals_per_table_size": args.deals,
        "seed": args.seed,
        "by_players": by_players,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    sigmas = [float(str(entry["sigma"])) for entry in by_players.values()]
    elapsed = time.monotonic() - start
    print(f"wrote {args.out} in {elapsed:.0f} s; sd {statistics.fmean(sigmas):.3f} on average")


if __name__ == "__main__":
    main()
