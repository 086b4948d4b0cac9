"""A bidding policy learnt by self-play with plain numpy (REINFORCE); cards are played at random.

The policy is log-linear over the legal bids: ``logit(b) = b·(w·f) − ρ_k·b²`` where ``f`` are
features of the seat's arrays (the cards in hand, alone and weighted by the hand size, the
hand size, the seat's place in the bidding, the bids already made) and ``ρ_k`` one number per
hand size k. With every weight zero it bids uniformly at random, like the ``random`` bot: that
is where training starts. :func:`train` plays whole games in
:class:`~ascenseur.rl.env.AscenseurEnv`, every seat an agent sharing the policy, and rewards
each bid with the points of its deal.

>>> rules = Rules(players=3, max_cards=3)
>>> bidder, _ = train(rules, games=20, seed=1)
>>> bidder.weights.shape == (bidder.features,)
True
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.rl.encoding import Encoding, ObservationArrays
from ascenseur.rl.env import AscenseurEnv
from ascenseur.rl.gym import AscenseurGymEnv

_BIDDING = tuple(Phase).index(Phase.BIDDING)


@dataclass
class LinearBidder:
    """The weights of the bidding policy for ``rules``; :meth:`bid` and :meth:`act` use them."""

    rules: Rules
    weights: np.ndarray
    curvature: np.ndarray  # ρ_k, indexed by the hand size k
    encoding: Encoding = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.encoding = Encoding(self.rules)

    @staticmethod
    def untrained(rules: Rules) -> LinearBidder:
        """Every weight zero: uniform among the legal bids."""
        n, m = rules.players, rules.max_cards
        features = 2 * 78 + m + n + 1
        return LinearBidder(rules, np.zeros(features), np.zeros(m + 1))

    @property
    def features(self) -> int:
        return int(self.weights.shape[0])

    def featurize(self, arrays: ObservationArrays) -> tuple[np.ndarray, int]:
        """The features of a bidding seat's arrays, and its hand size k."""
        p = self.encoding.pieces(arrays["observation"])
        n, m = self.rules.players, self.rules.max_cards
        hand = p["hand"].astype(np.float64)
        k = int(hand.sum())
        seat, dealer = int(p["seat"].argmax()), int(p["dealer"].argmax())
        place = np.zeros(n)
        place[(seat - dealer - 1) % n] = 1
        size = np.zeros(m)
        size[k - 1] = 1
        made = float((p["bids"] * np.arange(m + 1)).sum()) / k
        return np.concatenate([hand, hand * (k / m), size, place, [made]]), k

    def probabilities(self, arrays: ObservationArrays) -> tuple[np.ndarray, np.ndarray]:
        """The legal bids and the policy's probability of each."""
        f, k = self.featurize(arrays)
        bids = np.flatnonzero(arrays["action_mask"][: k + 1])
        logits = bids * float(self.weights @ f) - self.curvature[k] * bids.astype(float) ** 2
        logits -= logits.max()
        probs = np.exp(logits)
        return bids, probs / probs.sum()

    def bid(self, arrays: ObservationArrays, rng: random.Random, greedy: bool = False) -> int:
        """A bid drawn from the policy (``greedy``: its most likely bid)."""
        bids, probs = self.probabilities(arrays)
        if greedy:
            return int(bids[int(probs.argmax())])
        return int(bids[_draw(probs, rng)])

    def act(self, arrays: ObservationArrays, rng: random.Random, greedy: bool = False) -> int:
        """The action id for any turn: the policy's bid, or a card at random among the legal."""
        if arrays["observation"][self.encoding.offsets["phase"][0] + _BIDDING]:
            return self.bid(arrays, rng, greedy)
        legal = np.flatnonzero(arrays["action_mask"])
        return int(legal[rng.randrange(len(legal))])

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "ascenseur-rl-bidder/1",
            "rules": self.rules.to_json(),
            "weights": self.weights.tolist(),
            "curvature": self.curvature.tolist(),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> LinearBidder:
        if data.get("format") != "ascenseur-rl-bidder/1":
            raise ValueError("not a bidder's weights: expected format ascenseur-rl-bidder/1")
        bidder = LinearBidder.untrained(Rules.from_json(data["rules"]))
        weights, curvature = np.array(data["weights"]), np.array(data["curvature"])
        if weights.shape != bidder.weights.shape or curvature.shape != bidder.curvature.shape:
            raise ValueError("the weights do not fit the rules they are saved with")
        bidder.weights, bidder.curvature = weights, curvature
        return bidder

    def dumps(self) -> str:
        return json.dumps(self.to_json())


def _draw(probs: np.ndarray, rng: random.Random) -> int:
    """An index drawn with ``probs`` from ``rng`` (the injected source, not numpy's global)."""
    u, acc = rng.random(), 0.0
    for i, p in enumerate(probs):
        acc += float(p)
        if u < acc:
            return i
    return len(probs) - 1


@dataclass
class _Adam:
    """Adam on a flat parameter vector (ascent)."""

    size: int
    rate: float
    m: np.ndarray = field(init=False)
    v: np.ndarray = field(init=False)
    t: int = 0

    def __post_init__(self) -> None:
        self.m, self.v = np.zeros(self.size), np.zeros(self.size)

    def step(self, grad: np.ndarray) -> np.ndarray:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad**2
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        return self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def train(
    rules: Rules,
    games: int,
    seed: int,
    rate: float = 0.02,
    batch: int = 8,
    start: LinearBidder | None = None,
) -> tuple[LinearBidder, list[float]]:
    """Self-play REINFORCE for ``games`` whole games; the bidder and each game's mean points.

    Every seat bids with the same policy (sampling) and plays cards at random. A bid's return
    is the points of its deal, less a running mean for its hand size; the weights move every
    ``batch`` games. Deterministic given ``seed``.
    """
    bidder = start if start is not None else LinearBidder.untrained(rules)
    env = AscenseurEnv(rules=rules, reward="deal")
    rng = random.Random(seed)
    baseline = np.zeros(rules.max_cards + 1)
    spread = np.ones(rules.max_cards + 1)
    adam = _Adam(bidder.features + rules.max_cards + 1, rate)
    grad = np.zeros(adam.size)
    history: list[float] = []
    for game in range(games):
        env.reset(seed=rng.getrandbits(32))
        pending: dict[str, tuple[np.ndarray, int, int, np.ndarray, np.ndarray]] = {}
        for agent in env.agent_iter():
            arrays, reward, terminated, truncated, _ = env.last()
            if agent in pending and (terminated or _is_bidding(bidder, arrays)):
                f, k, b, bids, probs = pending.pop(agent)
                advantage = (reward - baseline[k]) / spread[k]
                baseline[k] += 0.02 * (reward - baseline[k])
                spread[k] += 0.02 * (abs(reward - baseline[k]) - spread[k])
                mean_b = float(probs @ bids)
                mean_b2 = float(probs @ bids.astype(float) ** 2)
                grad[: bidder.features] += advantage * (b - mean_b) * f
                grad[bidder.features + k] -= advantage * (b * b - mean_b2)
            if terminated or truncated:
                env.step(None)
                continue
            if _is_bidding(bidder, arrays):
                f, k = bidder.featurize(arrays)
                bids, probs = bidder.probabilities(arrays)
                b = int(bids[_draw(probs, rng)])
                pending[agent] = (f, k, b, bids, probs)
                env.step(b)
            else:
                env.step(bidder.act(arrays, rng))
        totals = env.game_state.totals
        history.append(sum(totals) / len(totals))
        if (game + 1) % batch == 0:
            delta = adam.step(grad / batch)
            bidder.weights += delta[: bidder.features]
            bidder.curvature += delta[bidder.features :]
            grad[:] = 0
    return bidder, history


def _is_bidding(bidder: LinearBidder, arrays: ObservationArrays) -> bool:
    return bool(arrays["observation"][bidder.encoding.offsets["phase"][0] + _BIDDING])


def evaluate(
    bidder: LinearBidder,
    games: int,
    seed: int,
    opponents: str = "random",
    greedy: bool = False,
) -> float:
    """Mean points per game of ``bidder`` in seat 0 against ``opponents`` (same deals per seed)."""
    rules = bidder.rules
    env = AscenseurGymEnv(rules=rules, opponents=opponents)
    rng = random.Random(seed)
    total = 0.0
    for game in range(games):
        arrays, _ = env.reset(seed=seed * 1_000_003 + game)
        while True:
            arrays, reward, terminated, _, _ = env.step(bidder.act(arrays, rng, greedy))
            total += reward
            if terminated:
                break
    return total / games if games else math.nan


__all__ = ["LinearBidder", "evaluate", "train"]
