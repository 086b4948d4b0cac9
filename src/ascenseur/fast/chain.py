"""Worlds drawn by a Markov chain under a faithful model of the others' play, compiled.

The others are taken to play as the heuristic bot does (a club player:
:mod:`ascenseur.fast.heuristic`, its compiled twin). A world's chance is, for each other seat,
how well its bid fits its hand (the expert's weight: :func:`ascenseur.fast.search.expected_bid`
and σ) times, for each card it chose from two or more this deal, :data:`FAITHFUL` if the
heuristic bot holding that hand then would have played it, else 1 − :data:`FAITHFUL`. A seat's
chance depends on its own hand alone (the bot reads only its hand and the public record), so
the chance of a world is a product over seats.

Drawing hands and weighing them (the expert's own sampler) does not work with such a model:
a hand drawn uniformly rarely explains every card a seat chose, and the weights collapse onto
one or two worlds. The chain moves instead (Metropolis): a step picks another seat, a card of
its hand and a card it may hold from the undealt cards or another seat's hand, swaps them (each
card staying where its new holder may hold it) and keeps the swap with the ratio of the
chances of the two worlds; only the one or two seats whose hands changed are weighed again.
After :data:`BURN` steps it keeps a world every :data:`THIN` steps, :data:`WORLDS` in all, or
fewer once it has asked the heuristic bot :data:`ASKS` times (big hands: bounded time); both
at the expert's default budget of :data:`PLAYOUTS` play-outs a decision, in proportion to the
budget otherwise. With a time budget it looks at the clock every :data:`CHUNK` steps or worlds
and stops at :data:`TIME_SHARE` of it.

Everything read of another seat's past decisions is public (:class:`Events`): the cards before
it, the trick, every seat's count of cards, known voids and trump ceilings (as
:func:`~ascenseur.core.observation.deduce_facts` finds them), bids and tricks won then.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import NamedTuple

import numpy as np

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.observation import deduce_facts
from ascenseur.core.tricks import winning_position
from ascenseur.fast._jit import jit, jit_kernel, popcount
from ascenseur.fast.copies import copy_row
from ascenseur.fast.heuristic import Scratch, choose, hand_row, row_words
from ascenseur.fast.masks import Floats, Int64s, Words, has_card, join, split_all
from ascenseur.fast.play import legal, trick_state
from ascenseur.fast.rng import below, new_stream, uniform
from ascenseur.fast.search import Problem, draw, expected_bid
from ascenseur.fast.search import Scratch as SearchScratch
from ascenseur.fast.search import assess as search_assess
from ascenseur.search.problem import Estimate, NoConsistentWorld, SearchProblem, SearchSettings

#: The model's chance that a seat plays the card the heuristic bot would.
FAITHFUL = 0.95
#: Steps before the first world kept, and between two worlds kept: every 4 steps, not 2, its worlds
#: are worth 47 independent draws, not 24 (the retired study ``chain_mixing.py --thin 4 --asks
#: 80000``), at twice the heuristic's decisions. That chain alone took decisions' p95 past 1 s in
#: whole games (``evaluations/thin4-4p-9003``); run once a decision (the near-tie search reads its
#: worlds: :class:`ascenseur.fast.DecisionWorlds`) it fits, and the expert gained +9.64 [+4.94,
#: +14.34] a game over 18 whole games (``evaluations/sharedthin4-4p-9003``).
BURN = 600
THIN = 4
#: At PLAYOUTS play-outs a decision (the expert's default budget): the most worlds kept, and the
#: most heuristic decisions one chain asks for (about 10 µs each). Otherwise the worlds are in
#: proportion to the budget's play-outs (each is played once by every candidate), and the decisions
#: to the chain's steps (its burn is the same at any budget). 2400 worlds, not 1200, spend the time
#: the compiled core without reference counting saved (0fb7953): at 19 cards they are worth 143
#: independent draws, not 59 (the retired study ``chain_mixing.py --cards 19 --deals 3 --runs 2
#: [--worlds 1200 --asks 80000]``), and on seed 9006's first 14 games the expert made +2.04 [-5.3,
#: +9.3] a game more with them (``evaluations/worlds2400-4p-9006``), decisions p95 0.48 s. The bound
#: is the 80 000 decisions it was for 1200 worlds, in proportion to the steps (:func:`asks_for`).
WORLDS = 2400
ASKS = 151_111
PLAYOUTS = 10_000
#: With a time budget (``SearchSettings.seconds``): the chain's share of it (the search plays
#: the chain's worlds in what is left), and the worlds it keeps between two looks at the clock.
TIME_SHARE = 0.5
CHUNK = 100


class Events(NamedTuple):
    """The other seats' cards this deal, each with the public position it was chosen in."""

    seat: Int64s  # (E,)
    card: Int64s  # (E,)
    later: Int64s  # (E, 2): this card and the seat's later cards of the deal
    gone: Int64s  # (E, 2): the cards played before it
    trick: Int64s  # (E, n): the trick before it, in play order
    trick_len: Int64s  # (E,)
    counts: Int64s  # (E, n): every seat's cards in hand then
    voids: Int64s  # (E, n): known void kinds then, as bits (0–3 suits, 4 trumps)
    ceilings: Int64s  # (E, n): the highest trump rank each could hold then
    eager: Floats  # (E, n): each seat's eagerness then (params[0] short of its bid, else [1])
    need: Int64s  # (E,): the seat's bid minus the tricks it had won

    @staticmethod
    def of(problem: SearchProblem, params: Floats) -> Events:
        """The cards of ``problem``'s deal played by seats other than the searching one."""
        n = len(problem.bids)
        plays = problem.plays
        cards = [card for _, card in plays]
        first_leader = plays[0][0] if plays else 0
        bids = [0 if b is None else b for b in problem.bids]
        rows = []
        won = [0] * n
        played = [0] * n
        winners: list[int] = []
        gone = 0
        for i, (seat, card) in enumerate(plays):
            start = i - i % n
            if seat != problem.seat:
                facts = deduce_facts(
                    n, first_leader, tuple(cards[:i]), tuple(winners), problem.lead_restriction
                )
                later = 0
                for seat2, card2 in plays[i:]:
                    if seat2 == seat:
                        later |= 1 << card2
                row = (
                    seat, card, later, gone, cards[start:i],
                    [problem.hand_size - played[j] for j in range(n)],
                    [sum(1 << int(kind) for kind in f.voids) for f in facts],
                    [f.trump_ceiling for f in facts],
                    [params[0] if bids[j] > won[j] else params[1] for j in range(n)],
                    bids[seat] - won[seat],
                )  # fmt: skip
                rows.append(row)
            gone |= 1 << card
            played[seat] += 1
            if i % n == n - 1:
                winner = plays[start + winning_position(cards[start : i + 1])][0]
                winners.append(winner)
                won[winner] += 1
        e = len(rows)
        tricks = np.zeros((e, n), np.int64)
        for r, row in enumerate(rows):
            tricks[r, : len(row[4])] = row[4]
        return Events(
            seat=np.array([r[0] for r in rows], np.int64),
            card=np.array([r[1] for r in rows], np.int64),
            later=split_all([r[2] for r in rows]),
            gone=split_all([r[3] for r in rows]),
            trick=tricks,
            trick_len=np.array([len(r[4]) for r in rows], np.int64),
            counts=np.array([r[5] for r in rows], np.int64).reshape(e, n),
            voids=np.array([r[6] for r in rows], np.int64).reshape(e, n),
            ceilings=np.array([r[7] for r in rows], np.int64).reshape(e, n),
            eager=np.array([r[8] for r in rows], np.float64).reshape(e, n),
            need=np.array([r[9] for r in rows], np.int64),
        )


class Chain(NamedTuple):
    """What the chain reads that does not change as it moves."""

    me: int
    k: int
    bids: Int64s  # (n,) -1 where not made
    shown: Int64s  # (n, 2): the cards each seat played this deal
    allowed: Int64s  # (n, 78) 0/1: the cards each other seat may hold
    unseen: Int64s  # (78,) 0/1: the cards the searching seat has not seen
    own: Int64s  # (2,): its hand
    inverse_variance: float
    card_weights: Floats  # the bid model's
    hand_weights: Floats
    faithful: bool  # False: the bids alone (the chain's control)
    params: Floats  # the heuristic's in-play constants (heuristic.PARAM_NAMES)
    faith: float  # the chance that a seat plays the heuristic's card (FAITHFUL)
    scoring: Int64s  # the rule set's scoring table (H2), which the heuristic plays for
    lead_restriction: bool  # rule P2 (False: house rule H3)


@jit_kernel
def bid_log(c: Chain, who: int, low: int, high: int) -> float:
    """The log weight of seat ``who``'s bid had it held ``(low, high)`` now: the expert's (0
    for a seat that has not bid)."""
    if c.bids[who] < 0:
        return 0.0
    low |= c.shown[who, 0]
    high |= c.shown[who, 1]
    expected = expected_bid(low, high, c.k, c.card_weights, c.hand_weights)
    miss = float(c.bids[who]) - expected
    return -miss * miss * c.inverse_variance


@jit_kernel
def _card_log(
    c: Chain, ev: Events, e: int, who: int, row: Int64s, low: int, high: int, work: Int64s,
    hs: Scratch, asks: Int64s,
) -> float:  # fmt: skip
    """The log chance of seat ``who``'s card of event ``e`` had it held ``row`` ((low, high)
    as words) now: 0 when it had one legal card, else log ``c.faith`` when the heuristic bot
    would have played it and log (1 − ``c.faith``) when not."""
    n = ev.trick.shape[1]
    held_low = low | ev.later[e, 0]
    held_high = high | ev.later[e, 1]
    led, high_trump, _, _ = trick_state(ev.trick[e], ev.trick_len[e], who, n)
    legal_low, legal_high = legal(
        held_low, held_high, ev.trick_len[e], led, high_trump, c.lead_restriction
    )
    if popcount(legal_low) + popcount(legal_high) < 2:
        return 0.0
    for i in range(DECK_SIZE):
        work[i] = 1 if has_card(ev.later[e, 0], ev.later[e, 1], i) else row[i]
    card = choose(
        work, ev.gone[e, 0], ev.gone[e, 1], ev.trick[e], ev.trick_len[e], who, ev.counts[e],
        ev.voids[e], ev.ceilings[e], ev.eager[e], c.bids[who], ev.need[e], c.params, c.scoring,
        c.lead_restriction, hs,
    )  # fmt: skip
    asks[0] += 1
    return math.log(c.faith) if card == ev.card[e] else math.log(1.0 - c.faith)


@jit_kernel
def seat_log(
    c: Chain, ev: Events, who: int, row: Int64s, work: Int64s, hs: Scratch, asks: Int64s,
    floor: float, first: Int64s,
) -> float:  # fmt: skip
    """The log chance of seat ``who``'s bid and cards this deal had it held ``row`` (0/1 over
    the deck) now, or -inf as soon as it is known to be below ``floor`` (each card only
    lowers it); ``asks[0]`` counts the heuristic decisions asked.

    ``first[who]`` (-1: none) is the event weighed first: the card that last sent this seat
    below its floor by a miss, which a neighbouring world most likely misses too. The order
    changes the time only, never the chance or the verdict.
    """
    low, high = row_words(row)
    return _with_cards(
        c, ev, who, row, work, hs, asks, floor, first, low, high, bid_log(c, who, low, high)
    )


@jit_kernel
def _with_cards(
    c: Chain, ev: Events, who: int, row: Int64s, work: Int64s, hs: Scratch, asks: Int64s,
    floor: float, first: Int64s, low: int, high: int, total: float,
) -> float:  # fmt: skip
    """:func:`seat_log` given the seat's bid's log weight ``total`` (and ``row`` as words)."""
    if not c.faithful or c.bids[who] < 0:
        return total
    if total < floor:
        return -math.inf
    hint = first[who]
    if hint >= 0:
        total += _card_log(c, ev, hint, who, row, low, high, work, hs, asks)
        if total < floor:
            return -math.inf
    for e in range(ev.seat.shape[0]):
        if ev.seat[e] != who or e == hint:
            continue
        card_log = _card_log(c, ev, e, who, row, low, high, work, hs, asks)
        total += card_log
        if total < floor:
            if card_log < math.log(c.faith):
                first[who] = e
            return -math.inf
    return total


@jit
def run(
    c: Chain, ev: Events, hands: Int64s, owner: Int64s, pool: Int64s, stream: Words,
    hs: Scratch, asks: int, burn: int, thin: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Run the chain from the world ``hands`` ((n, 78) 0/1; ``owner[i]``: the seat holding
    unseen card i, -1 if undealt), keeping a world every ``thin`` steps after ``burn`` into
    ``pool`` ((W, n, 2) words) until it is full or ``asks`` heuristic decisions were asked;
    returns the worlds kept, the steps taken and the decisions asked. ``hands`` and ``owner``
    are left at the chain's last world: a later call with ``burn`` = ``thin`` - 1 goes on as
    if it had not stopped."""
    n = hands.shape[0]
    rows = np.zeros((4, DECK_SIZE), np.int64)
    seats = np.zeros((3, n), np.int64)
    return _steps(c, ev, hands, owner, pool, stream, hs, asks, burn, thin, np.zeros(n), rows, seats)


@jit_kernel
def _steps(  # noqa: C901, PLR0912 (a compiled kernel: one loop, as numba runs it fastest)
    c: Chain, ev: Events, hands: Int64s, owner: Int64s, pool: Int64s, stream: Words,
    hs: Scratch, asks: int, burn: int, thin: int, logs: Floats, rows: Int64s, seats3: Int64s,
) -> tuple[int, int, int]:  # fmt: skip
    """:func:`run`'s steps, in the zeroed arrays it makes: ``logs`` (n,), ``rows`` (4, 78)
    and ``seats3`` (3, n)."""
    n = hands.shape[0]
    work, trial, trial2, options = rows[0], rows[1], rows[2], rows[3]
    asked, first, seats = seats3[0], seats3[1], seats3[2]
    for j in range(n):
        first[j] = -1
    movers = 0
    for j in range(n):
        if j != c.me:
            logs[j] = seat_log(c, ev, j, hands[j], work, hs, asked, -math.inf, first)
            if hands[j].sum() > 0:
                seats[movers] = j
                movers += 1
    kept = 0
    step = 0
    while kept < pool.shape[0] and (asked[0] < asks or step < 1):
        if step >= burn and (step - burn) % thin == 0:
            for j in range(n):
                if j == c.me:
                    pool[kept, j, 0] = c.own[0]
                    pool[kept, j, 1] = c.own[1]
                else:
                    pool[kept, j, 0], pool[kept, j, 1] = row_words(hands[j])
            kept += 1
        step += 1
        if movers == 0:
            continue
        j = seats[below(stream, movers)]
        size = 0
        for i in range(DECK_SIZE):
            if hands[j, i]:
                options[size] = i
                size += 1
        x = options[below(stream, size)]
        size = 0
        for i in range(DECK_SIZE):
            if c.unseen[i] and c.allowed[j, i] and not hands[j, i]:
                options[size] = i
                size += 1
        if size == 0:
            continue
        y = options[below(stream, size)]
        b = owner[y]
        if b >= 0 and not c.allowed[b, x]:
            continue
        copy_row(trial, hands[j])
        trial[x] = 0
        trial[y] = 1
        # Metropolis: keep the swap when the new chances reach the old ones plus log(u). Each
        # card only lowers a seat's chance, so a seat is dropped as soon as it cannot reach it.
        needed = logs[j] + math.log(max(uniform(stream), 1e-300))
        most_b = 0.0
        if b >= 0:
            copy_row(trial2, hands[b])
            trial2[y] = 0
            trial2[x] = 1
            needed += logs[b]
            most_b = bid_log(c, b, *row_words(trial2))
        new_j = seat_log(c, ev, j, trial, work, hs, asked, needed - most_b, first)
        if new_j == -math.inf:
            continue
        new_b = 0.0
        if b >= 0:
            low, high = row_words(trial2)
            new_b = _with_cards(
                c, ev, b, trial2, work, hs, asked, needed - new_j, first, low, high, most_b
            )
            if new_b == -math.inf:
                continue
        if new_j + new_b >= needed:
            hands[j, x] = 0
            hands[j, y] = 1
            logs[j] = new_j
            owner[y] = j
            owner[x] = b
            if b >= 0:
                hands[b, y] = 0
                hands[b, x] = 1
                logs[b] = new_b
    return kept, step, int(asked[0])


def applies(problem: SearchProblem, settings: SearchSettings) -> bool:
    """Whether the faithful model has cards to read: a card decision with ``settings.faithful``
    set, once another seat has played this deal — and the seat knows its own hand (in a blind
    one-card deal, H5, its card is the hidden one, and the others' are seen: nothing to move)."""
    return (
        bool(settings.faithful)
        and not problem.bidding
        and problem.spec.counts[problem.seat] == 0
        and any(seat != problem.seat for seat, _ in problem.plays)
    )


def assess(
    problem: SearchProblem,
    settings: SearchSettings,
    rng: random.Random,
    faithful: bool = True,
    pool: Int64s | None = None,
) -> list[Estimate]:
    """Each candidate's estimate over the chain's worlds, each world played once by every
    candidate (:func:`ascenseur.fast.search.assess` with them as its pool, no racing). With
    ``settings.seconds``, the search has what the chain left of them. When the chain kept no
    world (its burn did not end), the expert's own search of worlds it draws. ``pool``: worlds
    an earlier chain kept for the same position (:func:`worlds`), searched instead of running
    the chain again."""
    started = time.perf_counter()
    if pool is None:
        pool = worlds(problem, settings, rng, faithful)
    if settings.seconds is not None:
        settings = replace(
            settings, seconds=max(settings.seconds - (time.perf_counter() - started), 0.0)
        )
    if len(pool) == 0:
        return search_assess(problem, settings, rng)
    every = replace(settings, iterations=len(pool) * len(problem.candidates), race=None)
    return search_assess(problem, every, rng, (pool, np.ones(len(pool))))


def worlds(
    problem: SearchProblem, settings: SearchSettings, rng: random.Random, faithful: bool = True
) -> Int64s:
    """The chain's worlds for ``problem`` ((W, n, 2) words), from a world the expert's sampler
    draws; ``settings.faithful`` holds the heuristic's in-play constants; ``faithful`` False
    weighs the bids alone (the chain's control). With ``settings.seconds``, the chain stops
    once it has had :data:`TIME_SHARE` of them. No world if its burn did not end (out of time,
    or of heuristic decisions)."""
    started = time.perf_counter()
    spec = problem.spec
    n = len(spec.counts)
    stream = new_stream(rng)
    first = Problem.of(problem, replace(settings, draws=1))
    scratch = SearchScratch.of(problem)
    params = np.array(settings.faithful, np.float64)
    chain = Chain(
        me=spec.seat,
        k=problem.hand_size,
        bids=first.known_bids,
        shown=first.shown,
        allowed=np.array([hand_row(a) for a in spec.allowed], np.int64),
        unseen=hand_row(spec.unseen),
        own=first.spec.known[spec.seat],
        inverse_variance=settings.inverse_variance,
        card_weights=first.card_weights,
        hand_weights=first.hand_weights,
        faithful=faithful,
        params=params,
        faith=FAITHFUL,
        scoring=first.scoring,
        lead_restriction=problem.lead_restriction,
    )
    events = Events.of(problem, params)
    hs = Scratch.of(n)
    if draw(first, stream, scratch) < 0.0:
        raise NoConsistentWorld("no world is consistent with what this seat has seen")
    hands = np.zeros((n, DECK_SIZE), np.int64)
    owner = np.full(DECK_SIZE, -1, np.int64)
    for j in range(n):
        if j != spec.seat:
            hands[j] = hand_row(join(scratch.world[j, 0], scratch.world[j, 1]))
            owner[hands[j] == 1] = j
    # With seconds alone the budget's play-outs are unbounded (the clock decides): the timed
    # chain then grows its pool a chunk at a time.
    size = max(1, round(WORLDS * settings.iterations / PLAYOUTS))
    asks = asks_for(size)
    if settings.seconds is not None:
        deadline = started + TIME_SHARE * settings.seconds
        return _run_until(chain, events, hands, owner, size, stream, hs, asks, deadline)
    pool = np.zeros((size, n, 2), np.int64)
    kept, _, _ = run(chain, events, hands, owner, pool, stream, hs, asks, BURN, THIN)
    return pool[:kept]


def asks_for(size: int) -> int:
    """The heuristic decisions a chain keeping ``size`` worlds may ask: :data:`ASKS` in
    proportion to its steps (its burn, then :data:`THIN` steps a world) against the steps of
    :data:`WORLDS` worlds."""
    return round(ASKS * (BURN + THIN * size) / (BURN + THIN * WORLDS))


def _run_until(
    c: Chain, ev: Events, hands: Int64s, owner: Int64s, size: int, stream: Words,
    hs: Scratch, asks: int, deadline: float,
) -> Int64s:  # fmt: skip
    """:func:`run` by :data:`CHUNK` steps of the burn, then :data:`CHUNK` worlds, until it
    has ``size`` worlds, ``asks`` heuristic decisions were asked or the clock passed
    ``deadline``; the worlds kept (none if the burn did not end, out of time or of decisions).
    The worlds are those one call keeps from the same stream, unless the bound binds (each
    call weighs the seats' hands once more as it starts: n - 1 seats' cards)."""
    n = hands.shape[0]
    scrap = np.zeros((1, n, 2), np.int64)
    moved, asked = 0, 0
    while moved < BURN:
        piece = min(CHUNK, BURN - moved)
        # A world kept after piece - 1 steps, and one more step: piece steps, nothing kept.
        _, steps, used = run(c, ev, hands, owner, scrap, stream, hs, asks - asked, piece - 1, 1)
        moved, asked = moved + steps, asked + used
        if asked >= asks:
            break
        if time.perf_counter() >= deadline:
            return scrap[:0]
    chunks = []
    kept, burn = 0, 0
    while kept < size and asked < asks:
        chunk = np.zeros((min(CHUNK, size - kept), n, 2), np.int64)
        more, _, used = run(c, ev, hands, owner, chunk, stream, hs, asks - asked, burn, THIN)
        chunks.append(chunk[:more])
        kept, asked, burn = kept + more, asked + used, THIN - 1
        if time.perf_counter() >= deadline:
            break
    return np.concatenate(chunks) if chunks else scrap[:0]


__all__ = [
    "ASKS",
    "BURN",
    "CHUNK",
    "FAITHFUL",
    "PLAYOUTS",
    "THIN",
    "TIME_SHARE",
    "WORLDS",
    "Chain",
    "Events",
    "applies",
    "asks_for",
    "assess",
    "bid_log",
    "run",
    "seat_log",
    "worlds",
]
