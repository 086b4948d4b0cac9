"""Fit the expert's model of the others' play (:mod:`ascenseur.fast.play_model`) by simulation.

Heuristic bots play single deals (4 players by default, hand sizes drawn from ``--sizes``);
at each card a seat chooses among two or more, the legal cards' features are recorded with the
card played. Three quarters of the deals fit the conditional logit's weights by maximum
likelihood (Newton's method, a small ridge); the last quarter fits the floor (the uniform
share mixed in) and measures the model: how often its likeliest card is the one played, the
mean log chance of the card played against a uniform pick's, and the same with a hand a world
sampler gives the seat instead of its own (where the two are close, a card says little about
the hand through this model). Seeded: the same arguments give the same model.

Run: ``python tools/fit_play_model.py [--deals 1200] [--players 4] [--sizes 6-19] [--seed 7]
[--out PATH]``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import numpy as np

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.worlds import NoConsistentWorld, sample_world
from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast.masks import split
from ascenseur.fast.play_model import FEATURES, MODEL, MODEL_FORMAT, MOST, card_features
from ascenseur.search.problem import WorldSpec

OUT = Path(__file__).resolve().parent.parent / "src" / "ascenseur" / "search" / MODEL

#: One card choice: the legal cards' features (m × FEATURES), the index of the card played,
#: the same features with a sampled hand for the seat (None if none could be sampled or the
#: card played is then the only legal one), and the situation (lead or follow, short of the
#: bid or made).
Choice = tuple[np.ndarray, int, tuple[np.ndarray, int] | None, str]


def features_of(
    hand: int, gone: int, trick: list[int], n: int, need: int, card: int
) -> tuple[np.ndarray, int]:
    """The legal cards' features for a seat holding ``hand`` and the row of ``card``."""
    cards = np.empty(MOST, np.int64)
    out = np.empty((MOST, FEATURES + 1), np.float64)
    row = np.zeros(n, np.int64)
    row[: len(trick)] = trick
    low, high = split(hand)
    m = card_features(low, high, *split(gone), row, len(trick), n, need, cards, out)
    chosen = [i for i in range(m) if cards[i] == card]
    return out[:m, :FEATURES].copy(), (chosen[0] if chosen else -1)


def choices(players: int, deals: int, sizes: list[int], rng: random.Random) -> list[list[Choice]]:
    """The card choices of heuristic bots over ``deals`` single deals, by deal."""
    bot = HeuristicBot()
    rules = Rules(players=players)
    out: list[list[Choice]] = []
    for game in range(deals):
        k = rng.choice(sizes)
        index = rules.schedule.index(k)
        state = GameState.single_deal(rules, index, dealer=game % players)
        state.deal(rng)
        made: list[Choice] = []
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            action = bot.choose(observe(state, seat), rng)
            if isinstance(action, Play) and state.legal_card_mask().bit_count() > 1:
                bid = state.bids[seat]
                assert bid is not None
                need = bid - state.tricks_won[seat]
                trick = [card.index for _, card in state.trick]
                gone = observe(state, seat).played_mask
                true = features_of(
                    state.hand_mask(seat), gone, trick, players, need, action.card.index
                )
                other = None
                after = state.clone()
                after.apply(action)
                try:
                    world = sample_world(WorldSpec.of(observe(after, (seat + 1) % players)), rng)
                    guess = features_of(
                        world[seat] | action.card.bit, gone, trick, players, need, action.card.index
                    )
                    if guess[0].shape[0] >= 2:
                        other = guess
                except NoConsistentWorld:
                    pass
                where = ("lead" if not trick else "follow") + ("-short" if need > 0 else "-made")
                made.append((true[0], true[1], other, where))
            state.apply(action)
        out.append(made)
    return out


def log_chances(
    weights: np.ndarray, floor: float, rows: list[tuple[np.ndarray, int]]
) -> np.ndarray:
    """The model's log chance of the card played, for each ``(features, played)``."""
    out = np.empty(len(rows))
    for i, (x, played) in enumerate(rows):
        s = x @ weights
        p = np.exp(s - s.max())
        p /= p.sum()
        out[i] = math.log((1 - floor) * p[played] + floor / len(p))
    return out


def fit(rows: list[tuple[np.ndarray, int]], ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Maximum-likelihood weights of the conditional logit (Newton's method with a ridge)."""
    w = np.zeros(FEATURES)
    for _ in range(steps):
        grad = -ridge * w
        hess = -ridge * np.eye(FEATURES)
        for x, played in rows:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[played] - mean
            centred = x - mean
            hess -= (centred * p[:, None]).T @ centred
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sizes", default="6-19", help="hand sizes, as LOW-HIGH (6-19)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    low, _, high = args.sizes.partition("-")
    sizes = list(range(int(low), int(high or low) + 1))
    started = time.perf_counter()
    deals = choices(args.players, args.deals, sizes, random.Random(args.seed))
    cut = len(deals) * 3 // 4
    train = [(x, i) for deal in deals[:cut] for x, i, _, _ in deal]
    held = [(x, i, other) for deal in deals[cut:] for x, i, other, _ in deal]
    places = [where for deal in deals[cut:] for _, _, _, where in deal]
    print(
        f"{len(train)} choices to fit, {len(held)} held out ({time.perf_counter() - started:.0f} s)"
    )
    weights = fit(train)
    rows = [(x, i) for x, i, _ in held]
    best = max(
        (float(log_chances(weights, f, rows).mean()), f) for f in (0.0, 0.01, 0.02, 0.05, 0.1, 0.2)
    )
    floor = best[1]
    uniform = float(np.mean([-math.log(x.shape[0]) for x, _ in rows]))
    hits = [int(np.argmax(x @ weights) == i) for x, i in rows]
    agree = float(np.mean(hits))
    paired = [(x, i, o) for x, i, o in held if o is not None]
    own = log_chances(weights, floor, [(x, i) for x, i, _ in paired]).mean()
    sampled = log_chances(weights, floor, [o for _, _, o in paired if o is not None]).mean()
    print(f"held out: the likeliest card is the one played {agree:.1%}")
    for where in sorted(set(places)):
        mine = [h for h, w in zip(hits, places, strict=True) if w == where]
        print(f"  {where:<13} {len(mine):>6} choices, {float(np.mean(mine)):.1%}")
    print(
        f"mean log chance of the card played: {best[0]:.3f} "
        f"(uniform pick {uniform:.3f}), floor {floor}"
    )
    print(
        f"with the seat's own hand {own:.3f}, with a sampled hand {sampled:.3f} "
        f"({len(paired)} choices): {own - sampled:.3f} nats a card"
    )
    print("weights:", " ".join(f"{w:+.2f}" for w in weights))
    args.out.write_text(
        json.dumps(
            {
                "format": MODEL_FORMAT,
                "players": args.players,
                "sizes": args.sizes,
                "deals": args.deals,
                "seed": args.seed,
                "floor": floor,
                "weights": [round(float(w), 6) for w in weights],
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
