"""The expert's search loop, compiled: :meth:`ascenseur.bots.expert.ExpertBot.evaluate`.

Sample a world, guess the bids not yet made from the sampled hands, play each candidate in
that world with the "to the bid" play-out — or, once few cards are left, the exact endgame
search (:data:`~ascenseur.bots.endgame.EXACT_CARDS`) — with common random numbers (every
candidate meets the same worlds), add up the searching seat's score; the mean over worlds
estimates each candidate. :func:`evaluate` takes and returns what the pure loop does.
"""

from __future__ import annotations

import math
import random
import time

import numpy as np

from ascenseur.bots.endgame import EXACT_CARDS
from ascenseur.bots.expert import LOG_WEIGHT_FLOOR, history_of, played_by
from ascenseur.bots.worlds import NoConsistentWorld, WorldSpec
from ascenseur.core.actions import Bid, PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.state import Phase
from ascenseur.fast._jit import jit, lowest, popcount
from ascenseur.fast.endgame import NODE_FIELDS, solve
from ascenseur.fast.inference import policy_misses
from ascenseur.fast.masks import HIGH, RANK, TRUMPS_HIGH, Floats, Int64s, Words, split_all
from ascenseur.fast.nested import playout_nested
from ascenseur.fast.play import deal_score, playout
from ascenseur.fast.rng import new_state
from ascenseur.fast.worlds import ATTEMPTS, SpecArrays, sample_into

#: Worlds per compiled call when a time budget must be checked between calls.
CHUNK = 16


@jit
def strength(low: int, high: int) -> float:
    """:func:`ascenseur.bots.expert.strength` of the hand ``(low, high)`` (same sum order)."""
    total = 0.0
    while low:
        rank = RANK[lowest(low)]
        low &= low - 1
        if rank >= 13:
            total += 0.25 * (rank - 12)
    trumps = high & TRUMPS_HIGH
    while trumps:
        rank = RANK[HIGH + lowest(trumps)]
        trumps &= trumps - 1
        total += 0.3 + rank / 21
    return total


@jit
def guess_bids(
    hands: Int64s,
    shown: Int64s,
    known: Int64s,
    me: int,
    hand_size: int,
    inverse_variance: float,
    strengths: Floats,
    out: Int64s,
) -> float:
    """:func:`ascenseur.bots.expert.guess_bids` into ``out``, returning the world's weight.

    ``hands`` are the sampled hands, ``shown`` the cards each seat played this deal (the
    hands as dealt are their union); ``known[s]`` < 0: seat s has not bid yet.
    """
    n = hands.shape[0]
    whole = 0.0
    for seat in range(n):
        strengths[seat] = strength(hands[seat, 0] | shown[seat, 0], hands[seat, 1] | shown[seat, 1])
        whole += strengths[seat]
    if whole == 0.0:
        whole = 1.0
    log_weight = 0.0
    for seat in range(n):
        share = hand_size * strengths[seat] / whole
        if known[seat] >= 0:
            out[seat] = known[seat]
            if seat != me:
                miss = known[seat] - share
                log_weight -= miss * miss
        else:
            out[seat] = min(hand_size, round(share))
    return math.exp(max(log_weight * inverse_variance, -LOG_WEIGHT_FLOOR))


@jit
def evaluate_worlds(
    worlds: int,
    spec_seat: int,
    own: Int64s,
    unseen: Int64s,
    counts: Int64s,
    allowed: Int64s,
    order: Int64s,
    state: Words,
    shown: Int64s,
    known_bids: Int64s,
    inverse_variance: float,
    hand_size: int,
    bidding: bool,
    candidates: Int64s,
    trick: Int64s,
    tricks_won: Int64s,
    tricks_left: int,
    to_act: int,
    exact: bool,
    nested: bool,
    penalty: float,
    history: Int64s,
    leader: int,
    totals: Floats,
    weights: Floats,
) -> int:
    """Add each candidate's weighted score over ``worlds`` sampled worlds to ``totals``, and
    the worlds' weights to ``weights[0]``.

    Candidates are bids when ``bidding``, else card indices. Each world is finished by the
    play-out — nested (the searching seat looking one card ahead) when ``nested`` — or by the
    exact endgame search when ``exact``. With ``penalty`` > 0, a world's weight is multiplied
    by exp(-penalty) for each of the other seats' cards in ``history`` (the deal's cards so
    far, led by ``leader``) that the policy would not have played from its hand. Returns the
    worlds played, -1 if no consistent world could be drawn.
    """
    n = counts.shape[0]
    me = spec_seat
    pool = np.empty(78, np.int64)
    world = np.empty((n, 2), np.int64)
    hands = np.empty((n, 2), np.int64)
    guessed = np.empty(n, np.int64)
    bids = np.empty(n, np.int64)
    won = np.empty(n, np.int64)
    strengths = np.empty(n, np.float64)
    no_log = np.empty(0, np.int64)
    depth = 2 + counts.sum() + popcount(own[0]) + popcount(own[1])  # cards left to play + 2
    wons = np.empty((depth, n), np.int64)
    results = np.empty((depth, n), np.int64)
    nodes = np.empty((depth, NODE_FIELDS), np.int64)
    scratch_hands = np.empty((n, 2), np.int64)
    scratch_won = np.empty(n, np.int64)
    current = np.empty(n, np.int64)
    dealt = np.empty((n, 2), np.int64)
    for _ in range(worlds):
        if not sample_into(me, own, unseen, counts, allowed, order, state, ATTEMPTS, pool, world):
            return -1
        weight = guess_bids(
            world, shown, known_bids, me, hand_size, inverse_variance, strengths, guessed
        )
        if penalty > 0.0:
            dealt[:, :] = world | shown
            misses = policy_misses(dealt, leader, history, guessed, me, won)
            weight *= math.exp(-penalty * misses)
        weights[0] += weight
        for i in range(candidates.shape[0]):
            hands[:, :] = world
            bids[:] = guessed
            won[:] = tricks_won
            first = -1
            if bidding:
                bids[me] = candidates[i]
            else:
                first = candidates[i]
            if exact:
                solve(hands, to_act, trick, trick.shape[0], won, bids, first, wons, results, nodes)
            elif nested:
                playout_nested(
                    hands,
                    to_act,
                    trick,
                    trick.shape[0],
                    won,
                    bids,
                    tricks_left,
                    first,
                    me,
                    scratch_hands,
                    scratch_won,
                    current,
                )
            else:
                playout(hands, to_act, trick, trick.shape[0], won, bids, tricks_left, first, no_log)
            totals[i] += weight * deal_score(bids[me], won[me])
    return worlds


def evaluate(
    view: Observation,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
    inverse_variance: float = 0.0,
    exact_cards: int = EXACT_CARDS,
    nested: bool = False,
    play_penalty: float = 0.0,
) -> list[tuple[PlayerAction, float]]:
    """Each legal action with its mean score over sampled worlds, as the expert's pure loop.

    ``iterations`` play-outs are shared among the candidates; ``seconds`` (if not None) stops
    early between chunks of :data:`CHUNK` worlds. Deterministic given ``rng`` when
    ``seconds`` is None.
    """
    legal = view.legal_actions
    spec = WorldSpec.of(view)
    arrays = SpecArrays.of(spec)
    me = spec.seat
    n = view.players
    bidding = view.phase is Phase.BIDDING
    candidates = np.array(
        [a.value if isinstance(a, Bid) else a.card.index for a in legal], np.int64
    )
    known = np.array([-1 if b is None else b for b in view.bids], np.int64)
    shown = split_all(played_by(view))
    trick = np.array([card.index for _, card in view.trick], np.int64)
    history = np.array(history_of(view), np.int64)
    tricks_won = np.array(view.tricks_won, np.int64)
    tricks_left = view.hand_size - len(view.tricks)
    to_act = (view.dealer + 1) % n if bidding else me
    exact = not bidding and sum(view.hand_counts) <= exact_cards
    worlds = max(1, iterations // len(legal))
    totals = np.zeros(len(legal), np.float64)
    weights = np.zeros(1, np.float64)
    state = new_state(rng)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while done < worlds:
        chunk = worlds - done if deadline is None else min(CHUNK, worlds - done)
        played = evaluate_worlds(
            chunk,
            me,
            arrays.own,
            arrays.unseen,
            arrays.counts,
            arrays.allowed,
            arrays.order,
            state,
            shown,
            known,
            inverse_variance,
            view.hand_size,
            bidding,
            candidates,
            trick,
            tricks_won,
            tricks_left,
            to_act,
            exact,
            nested,
            play_penalty,
            history,
            (view.dealer + 1) % n,
            totals,
            weights,
        )
        if played < 0:
            raise NoConsistentWorld(f"no consistent world found in {ATTEMPTS} attempts")
        done += played
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return [(action, float(totals[i]) / float(weights[0])) for i, action in enumerate(legal)]
