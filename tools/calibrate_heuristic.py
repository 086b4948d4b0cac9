"""Calibrate the heuristic bot's bidding model by simulation, and write its tables.

Plays single deals between heuristic bots (players 2–10, every hand size of the schedule,
random dealer), records for every card dealt the features the bot computes when it bids and
whether that card won a trick, and fits:

* the chance that a card wins a trick: one logistic regression for suit cards and one for
  trumps, on the card-counting odds and a few hand features (hand size, leader, position,
  trump length, voids, earlier bids, players, suit length or trump rank);
* the pull of playing to the bid: the chance ``pull**d`` that a trick count ``d`` away from the
  bid (below, or above) is brought back to it, by maximum likelihood, by hand size.

Bids are the bot's own, except that a share of them (``--explore``) is moved up to two away at
random, so that the pull is measured off the bot's favourite bid too. Each round simulates with
the model fitted by the previous one (the first with the uncalibrated model), so the odds are
those of the bids the calibrated bot makes. Seeded: the same arguments give the same tables.

Run: ``python tools/calibrate_heuristic.py [--deals N] [--rounds R] [--seed S] [--out PATH]``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Bid
from ascenseur.core.observation import observe
from ascenseur.core.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from ascenseur.core.state import GameState
from ascenseur.core.tricks import winning_position
from ascenseur.search.card_counting import count_cards
from ascenseur.search.heuristic_bidding import (
    SUIT_FEATURES,
    TRUMP_FEATURES,
    BidModel,
    card_features,
    card_odds,
    pulled,
)
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS, distribution

OUT = Path(__file__).parents[1] / "src" / "ascenseur" / "search" / "heuristic_tables.json"
MAX_K = 39
# Hand sizes that share one pull: the pull changes fast for small hands, slowly after.
PULL_BUCKETS = ((1, 1), (2, 2), (3, 3), (4, 5), (6, 8), (9, 12), (13, 19), (20, MAX_K))

Row = tuple[int, bool, list[float]]


@dataclass
class SeatDeal:
    """One seat's deal: its cards' features at bidding time, its bid and its tricks."""

    players: int
    k: int
    rows: list[Row]
    won: list[bool]
    bid: int
    explored: bool
    tricks: int


def simulate(model: BidModel, deals: int, rng: random.Random, explore: float) -> list[SeatDeal]:
    """Play ``deals`` single deals between heuristic bots and record every seat."""
    bot = HeuristicBot(model=model)
    out: list[SeatDeal] = []
    for _ in range(deals):
        n = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
        rules = Rules(players=n)
        deal_index = rng.randrange(len(rules.schedule))
        state = GameState.single_deal(rules, deal_index, dealer=rng.randrange(n))
        state.deal_random_unchecked(rng)
        k = state.hand_size
        rows: list[list[Row]] = [[] for _ in range(n)]
        explored = [False] * n
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            view = observe(state, seat)
            action = bot.choose(view, rng)
            if isinstance(action, Bid):
                rows[seat] = card_features(view, count_cards(view), DEFAULT_PARAMS)
                if rng.random() < explore:
                    legal = [a.value for a in view.legal_actions if isinstance(a, Bid)]
                    near = [b for b in legal if abs(b - action.value) <= 2]
                    action = Bid(rng.choice(near))
                    explored[seat] = True
            state.apply(action)
        winners = _winning_cards(state)
        result = state.results[-1]
        for seat in range(n):
            out.append(
                SeatDeal(
                    n,
                    k,
                    rows[seat],
                    [index in winners for index, _, _ in rows[seat]],
                    result.bids[seat],
                    explored[seat],
                    result.tricks[seat],
                )
            )
    return out


def _winning_cards(state: GameState) -> set[int]:
    """The cards that won a trick in the (finished) deal of ``state``."""
    log = state.deal_logs()[-1]
    n = state.players
    cards = [card.index for card in log.cards]
    chunks = [cards[t : t + n] for t in range(0, len(cards), n)]
    return {chunk[winning_position(chunk)] for chunk in chunks}


def fit_logistic(
    xs: Sequence[Sequence[float]], ys: Sequence[bool], l2: float = 1.0, rounds: int = 12
) -> list[float]:
    """Weights of a logistic regression by Newton's method, with a small ridge penalty."""
    d = len(xs[0])
    w = [0.0] * d
    w[1] = 1.0  # start from the card-counting odds
    for _ in range(rounds):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = p - (1.0 if y else 0.0)
            s = p * (1.0 - p)
            for i in range(d):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += r * xi
                row = hess[i]
                sxi = s * xi
                for j in range(i, d):
                    row[j] += sxi * x[j]
        for i in range(d):
            grad[i] += l2 * w[i] if i > 0 else 0.0
            hess[i][i] += l2
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        before = _penalised_loss(xs, ys, w, l2)
        scale = 1.0
        for _ in range(20):  # damped Newton: halve the step until the loss goes down
            trial = [a - scale * b for a, b in zip(w, step, strict=True)]
            if _penalised_loss(xs, ys, trial, l2) <= before:
                break
            scale /= 2
        else:
            break
        w = trial
        if max(abs(b) for b in step) * scale < 1e-6:
            break
    return w


def _penalised_loss(
    xs: Sequence[Sequence[float]], ys: Sequence[bool], w: Sequence[float], l2: float
) -> float:
    return log_loss(xs, ys, w) * len(ys) + 0.5 * l2 * sum(x * x for x in w[1:])


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(xs: Sequence[Sequence[float]], ys: Sequence[bool], w: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
        p = 1.0 / (1.0 + math.exp(-z))
        total -= math.log(p if y else 1.0 - p)
    return total / max(1, len(ys))


def fit_pulls(records: Sequence[SeatDeal], model: BidModel) -> tuple[list[float], list[float]]:
    """The pulls below and above the bid, by hand size, by maximum likelihood."""
    grid = [i / 20 for i in range(20)]
    below = [0.0] * (MAX_K + 1)
    above = [0.0] * (MAX_K + 1)
    cases = [(r.k, distribution(card_odds(r.rows, model)), r.bid, r.tricks) for r in records]
    for lo, hi in PULL_BUCKETS:
        mine = [(d, b, t) for k, d, b, t in cases if lo <= k <= hi]
        best = (0.0, 0.0)
        for _ in range(3):  # coordinate ascent: one pull at a time on the grid
            best = (max(grid, key=lambda g: _likelihood(mine, g, best[1])), best[1])
            best = (best[0], max(grid, key=lambda g: _likelihood(mine, best[0], g)))
        for k in range(lo, hi + 1):
            below[k], above[k] = best
    return below, above


def _likelihood(cases: Sequence[tuple[list[float], int, int]], below: float, above: float) -> float:
    total = 0.0
    for dist, bid, tricks in cases:
        law = pulled(dist, bid, below, above)
        total += math.log(max(1e-9, law[tricks] if tricks < len(law) else 0.0))
    return total


def fit(records: Sequence[SeatDeal]) -> tuple[BidModel, dict[str, float]]:
    """The model fitted to ``records``, and the log losses before and after."""
    losses: dict[str, float] = {}
    weights: dict[bool, list[float]] = {}
    identity = BidModel.identity()
    for is_trump in (False, True):
        xs = [x for r in records for (_, t, x) in r.rows if t == is_trump]
        ys = [
            y for r in records for (_, t, _), y in zip(r.rows, r.won, strict=True) if t == is_trump
        ]
        w = fit_logistic(xs, ys)
        name = "trump" if is_trump else "suit"
        losses[f"{name}_cards"] = len(ys)
        losses[f"{name}_loss_uncalibrated"] = log_loss(xs, ys, identity.suit)
        losses[f"{name}_loss_fitted"] = log_loss(xs, ys, w)
        weights[is_trump] = w
    model = BidModel(tuple(weights[False]), tuple(weights[True]))
    below, above = fit_pulls(records, model)
    return BidModel(model.suit, model.trump, tuple(below), tuple(above)), losses


def report(records: Sequence[SeatDeal], model: BidModel) -> None:
    """Print how well the model predicts tricks, exact bids and the card odds."""
    print("  hand size   seats  mean tricks  predicted  exact (bot's bids)  predicted exact")
    for lo, hi in PULL_BUCKETS:
        mine = [r for r in records if lo <= r.k <= hi]
        if not mine:
            continue
        mean = sum(r.tricks for r in mine) / len(mine)
        pred = sum(sum(card_odds(r.rows, model)) for r in mine) / len(mine)
        own = [r for r in mine if not r.explored]
        exact = sum(r.bid == r.tricks for r in own) / max(1, len(own))
        p_exact = 0.0
        for r in own:
            below = model.pull_below[r.k]
            above = model.pull_above[r.k]
            law = pulled(distribution(card_odds(r.rows, model)), r.bid, below, above)
            p_exact += law[r.bid] if r.bid < len(law) else 0.0
        p_exact /= max(1, len(own))
        label = f"{lo}" if lo == hi else f"{lo}-{hi}"
        print(
            f"  {label:>9}  {len(mine):>6}  {mean:>11.2f}  {pred:>9.2f}  "
            f"{100 * exact:>17.1f}%  {100 * p_exact:>14.1f}%"
        )
    print("  players   seats  mean tricks  predicted  exact (bot's bids)  mean |tricks - bid|")
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        mine = [r for r in records if r.players == n]
        own = [r for r in mine if not r.explored]
        if not mine or not own:
            continue
        mean = sum(r.tricks for r in mine) / len(mine)
        pred = sum(sum(card_odds(r.rows, model)) for r in mine) / len(mine)
        exact = sum(r.bid == r.tricks for r in own) / len(own)
        miss = sum(abs(r.tricks - r.bid) for r in own) / len(own)
        print(
            f"  {n:>7}  {len(mine):>6}  {mean:>11.2f}  {pred:>9.2f}  "
            f"{100 * exact:>17.1f}%  {miss:>19.2f}"
        )
    bins = [[0.0, 0, 0] for _ in range(10)]
    for r in records:
        for p, y in zip(card_odds(r.rows, model), r.won, strict=True):
            b = bins[min(9, int(p * 10))]
            b[0] += p
            b[1] += 1
            b[2] += y
    print("  card odds   cards  predicted  observed")
    for i, (sp, count, wins) in enumerate(bins):
        if count:
            band = f"{i / 10:.1f}-{(i + 1) / 10:.1f}"
            print(f"  {band}  {count:>7}  {sp / count:>9.3f}  {wins / count:>8.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per round (2000)")
    parser.add_argument("--rounds", type=int, default=2, help="simulate-and-fit rounds (2)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (2026)")
    parser.add_argument("--explore", type=float, default=0.25, help="share of moved bids")
    parser.add_argument("--out", type=Path, default=OUT, help="tables file to write")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    model = BidModel.identity()
    for round_no in range(1, args.rounds + 1):
        start = time.perf_counter()
        records = simulate(model, args.deals, rng, args.explore)
        played = time.perf_counter() - start
        cards = sum(len(r.rows) for r in records)
        print(
            f"round {round_no}: {args.deals} deals, {len(records)} seat-deals, {cards} cards "
            f"in {played:.0f}s"
        )
        model, losses = fit(records)
        for key, value in losses.items():
            print(f"  {key}: {value:.4f}" if isinstance(value, float) else f"  {key}: {value}")
        report(records, model)
        print(f"  fitted in {time.perf_counter() - start - played:.0f}s")
    meta = {
        "deals_per_round": args.deals,
        "rounds": args.rounds,
        "seed": args.seed,
        "explore": args.explore,
    }
    model = BidModel(
        tuple(round(w, 5) for w in model.suit),
        tuple(round(w, 5) for w in model.trump),
        model.pull_below,
        model.pull_above,
        meta,
    )
    text = json.dumps(model.to_json(), indent=1) + "\n"
    args.out.write_text(text, encoding="utf-8")
    print("suit weights:", {n: round(w, 3) for n, w in zip(SUIT_FEATURES, model.suit, strict=True)})
    print(
        "trump weights:",
        {n: round(w, 3) for n, w in zip(TRUMP_FEATURES, model.trump, strict=True)},
    )
    print(f"pull below: {[round(x, 2) for x in model.pull_below]}")
    print(f"pull above: {[round(x, 2) for x in model.pull_above]}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
