"""The review itself: every decision of a seat weighed by the expert from that seat's view.

For each decision of a reviewed seat, the game is replayed from the record up to that moment
and the seat's view is built by :func:`~ascenseur.core.observation.observe` — the one place
that hides cards — and nothing else reaches the expert: never the hidden cards of the record.
The expert weighs every legal option (:meth:`~ascenseur.bots.expert.ExpertBot.assess`, the
search the hints show, every option tried in every world: no racing) for its expected points
this deal, its chance of an exact bid and the chance of each number of tricks the seat ends
the deal with. A decision with one legal action is *forced*: not searched, labelled so.

The search of a decision is seeded by the review's seed and the decision's public place (its
seat, deal and number), so a review is the same whichever process ran which decision, and two
records that differ only in cards the seat had not seen give that decision the same figures.

Per deal, with the seat's *first weighed decision* of the deal (its bid, unless forced):

* ``expected`` — the points expected from the decisions made: the expected points of the
  option chosen at that first decision, less what each later decision of the deal lost;
* ``luck`` — ``score − expected``: what the deal gave beyond what the decisions made were
  worth when made (the others' cards and play, the search's own noise); None when every
  decision of the deal was forced or the deal is unfinished.

Per game: the points lost, decisions weighed and best, the luck and the expected points
summed over the deals, and the three costliest decisions.

>>> import random
>>> from ascenseur.core import GameState, Rules
>>> state = GameState.new(Rules(players=3, max_cards=1), first_dealer=0)
>>> state.deal(random.Random(5))
>>> for action in (state.legal_actions()[0],) * 3:
...     state.apply(action)
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0])
>>> review = review_state(state, [1], playouts=40, seed=3)
>>> [d.label for d in review.seat(1).deals[0].decisions]
['best', 'forced']
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import BID_FACTOR, ExpertBot, ExpertSettings
from ascenseur.core.actions import MY_CARD, Deal, Play, PlayerAction
from ascenseur.core.digest import record_digest
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation, observe
from ascenseur.core.phase import Phase
from ascenseur.core.record import record_of
from ascenseur.core.state import GameState
from ascenseur.review.cache import ReviewCache
from ascenseur.review.format import (
    FORMAT,
    BudgetUsed,
    Costly,
    DealReview,
    Decision,
    Option,
    RecordRef,
    Review,
    SeatReview,
    Summary,
    action_code,
)
from ascenseur.review.labels import label, thresholds

#: Named budgets: play-outs of a card decision (a bid gets ``BID_FACTOR`` times as many, as in
#: the expert's own play). ``default`` is chosen so that a whole 4-player game of 19 cards is
#: reviewed for one seat within three minutes on two cores (``benchmarks/review.py`` measures
#: it); ``deep`` is the expert's own play-outs per decision; ``quick`` a tenth of ``default``.
BUDGETS: dict[str, int] = {"quick": 500, "default": 5000, "deep": 10_000}
DEFAULT_BUDGET = "default"
#: The processes a review weighs its decisions in where a person waits for it: two, or one on
#: a one-core machine (more would slow the game or the server beside it).
DEFAULT_JOBS = min(2, os.cpu_count() or 1)
#: How many costly decisions a summary names.
COSTLIEST = 3

#: Called as decisions are weighed: (decisions done, decisions in all).
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How hard a review searches: its name (None when a number was given) and the play-outs
    of a card decision."""

    name: str | None
    playouts: int

    @property
    def bid_playouts(self) -> int:
        return max(1, round(self.playouts * BID_FACTOR))

    def used(self) -> BudgetUsed:
        return BudgetUsed(name=self.name, playouts=self.playouts, bid_playouts=self.bid_playouts)

    @property
    def key(self) -> str:
        """The budget in a cache key: the play-outs (a name is only a name for them)."""
        return str(self.playouts)


def budget_of(text: str) -> ReviewBudget:
    """A budget from what a person typed: a level's name or a number of play-outs (1 …
    1,000,000); :class:`AscenseurError` (``bad-budget``) otherwise."""
    if text in BUDGETS:
        return ReviewBudget(text, BUDGETS[text])
    try:
        playouts = int(text)
    except ValueError:
        playouts = 0
    if not 1 <= playouts <= 1_000_000:
        levels = ", ".join(f"{name} ({n})" for name, n in BUDGETS.items())
        raise AscenseurError(
            f"the budget {text!r} is neither a level ({levels}) nor a number of play-outs "
            "from 1 to 1000000",
            code="bad-budget",
        )
    return ReviewBudget(None, playouts)


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision to review: the seat, the deal, its number among the seat's decisions of
    the deal, the seat's view then, and the action it took (as the view names it)."""

    seat: int
    deal: int
    number: int
    view: Observation
    chosen: PlayerAction


def moments(state: GameState, seats: Iterable[int]) -> list[Moment]:
    """Every decision of ``seats`` in the game ``state`` has reached, in game order, each
    with the seat's view at that moment (:func:`~ascenseur.core.observation.observe`)."""
    wanted = set(seats)
    replay = GameState(state.rules, state.first_dealer)
    counts: dict[int, int] = {}
    out = []
    for action in state.history:
        if isinstance(action, Deal):
            replay.apply(action)
            counts = {}
            continue
        seat = replay.current_seat
        if seat is not None and seat in wanted:
            view = observe(replay, seat)
            # In a blind one-card deal (H5) the seat played "my card": the view never names it.
            chosen = MY_CARD if view.is_blind and isinstance(action, Play) else action
            number = counts.get(seat, 0)
            counts[seat] = number + 1
            out.append(Moment(seat, replay.deal_index, number, view, chosen))
        replay.apply(action)
    return out


def decision_seed(seed: int, moment: Moment) -> str:
    """The seed of one decision's search: the review's seed and the decision's public place."""
    return f"{FORMAT}:{seed}:{moment.seat}:{moment.deal}:{moment.number}"


def weigh(moment: Moment, playouts: int, seed: int) -> Decision:
    """The review of one decision: the expert's estimate of every legal option from the
    seat's view, the choice's loss against the best, and its label."""
    view = moment.view
    bidding = view.phase is Phase.BIDDING
    bid = None if bidding else view.bids[moment.seat]
    chosen = action_code(moment.chosen)
    trick = None if bidding else len(view.tricks) + 1
    kind: Literal["bid", "card"] = "bid" if bidding else "card"
    if len(view.legal_actions) == 1:
        return Decision(
            deal=moment.deal, number=moment.number, kind=kind, trick=trick, bid=bid,
            chosen=chosen, best=chosen, lost=0.0, label="forced", options=[],
        )  # fmt: skip
    expert = ExpertBot(Budget(iterations=playouts), ExpertSettings(race=None))
    found = expert.assess(view, random.Random(decision_seed(seed, moment)))
    options = sorted((Option.of(e) for e in found), key=lambda o: -o.points)
    best = options[0]
    mine = next(o for o in options if o.action == chosen)
    lost = max(0.0, best.points - mine.points)
    return Decision(
        deal=moment.deal, number=moment.number, kind=kind, trick=trick, bid=bid, chosen=chosen,
        best=mine.action if lost == 0.0 else best.action, lost=lost,
        label=label(lost, view.rules.scoring), options=options,
    )  # fmt: skip


def weigh_all(
    found: Sequence[Moment],
    playouts: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> list[Decision]:
    """:func:`weigh` for every moment, in their order, in ``jobs`` processes (or on
    ``executor``); ``progress`` is told as each one is done."""
    total = len(found)
    results: list[Decision | None] = [None] * total
    done = 0
    if progress is not None:
        progress(0, total)
    # Forced decisions cost nothing: weighed here, never sent to a worker.
    searched = [i for i, m in enumerate(found) if len(m.view.legal_actions) > 1]
    for i, moment in enumerate(found):
        if len(moment.view.legal_actions) == 1:
            results[i] = weigh(moment, playouts, seed)
            done += 1
    if progress is not None and done:
        progress(done, total)
    if executor is None and jobs <= 1:
        for i in searched:
            results[i] = weigh(found[i], playouts, seed)
            done += 1
            if progress is not None:
                progress(done, total)
    else:
        pool = executor if executor is not None else _process_pool(jobs)
        try:
            # The costliest first (bids, big hands), so that the last to finish are short.
            order = sorted(searched, key=lambda i: -_cost(found[i]))
            futures = {pool.submit(weigh, found[i], playouts, seed): i for i in order}
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                done += 1
                if progress is not None:
                    progress(done, total)
        finally:
            if executor is None:
                pool.shutdown(cancel_futures=True)
    return [r for r in results if r is not None]


def _cost(moment: Moment) -> int:
    """A rough cost of searching a moment: bids weigh more, and bigger hands."""
    view = moment.view
    factor = 4 if view.phase is Phase.BIDDING else 1
    return factor * sum(view.hand_counts)


def _process_pool(jobs: int) -> Executor:
    # A fork server: workers start clean (no threads of the caller's), each loads the
    # compiled search once from its disk cache.
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context)


def deal_review(state: GameState, seat: int, deal: int, decisions: list[Decision]) -> DealReview:
    """The review of ``seat``'s deal ``deal`` of the game ``state``, from its decisions."""
    log = state.deal_logs()[deal]
    results = state.results
    finished = deal < len(results)
    weighed = [d for d in decisions if d.label != "forced"]
    lost = sum(d.lost for d in weighed)
    expected = None
    if weighed:
        first = weighed[0]
        chosen = first.option(first.chosen)
        assert chosen is not None
        expected = chosen.points - sum(d.lost for d in weighed[1:])
    score = results[deal].scores[seat] if finished else None
    return DealReview(
        deal=deal,
        hand_size=len(log.hands[seat]),
        dealer=log.dealer,
        bid=log.bids[seat],
        tricks=results[deal].tricks[seat] if finished else None,
        score=score,
        expected=expected,
        luck=None if score is None or expected is None else score - expected,
        lost=lost,
        weighed=len(weighed),
        best=sum(1 for d in weighed if d.label == "best"),
        decisions=decisions,
    )


def summary(deals: Sequence[DealReview]) -> Summary:
    """A seat's whole game from its deals (module docstring)."""
    weighed = sum(d.weighed for d in deals)
    best = sum(d.best for d in deals)
    costly = sorted(
        (d for deal in deals for d in deal.decisions if d.lost > 0.0),
        key=lambda d: (-d.lost, d.deal, d.number),
    )[:COSTLIEST]
    return Summary(
        lost=sum(d.lost for d in deals),
        weighed=weighed,
        best=best,
        best_share=best / weighed if weighed else None,
        score=sum(d.score for d in deals if d.score is not None),
        expected=sum(d.expected for d in deals if d.expected is not None and d.score is not None),
        luck=sum(d.luck for d in deals if d.luck is not None),
        costliest=[
            Costly(deal=d.deal, number=d.number, lost=d.lost, label=d.label) for d in costly
        ],
    )


def engine_key() -> str:
    """What a review's figures depend on besides the record, seat, budget and seed: the
    sources of the engine, the search and the review (a short SHA-256), so that a kept review
    is never read back by code that would compute another."""
    root = Path(__file__).parent.parent
    digest = hashlib.sha256(FORMAT.encode())
    for package in ("core", "search", "fast", "bots", "review"):
        for source in sorted((root / package).rglob("*.py")):
            digest.update(source.relative_to(root).as_posix().encode() + b"\0")
            digest.update(source.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def review_state(
    state: GameState,
    seats: Sequence[int],
    playouts: int | None = None,
    seed: int = 0,
    *,
    budget: ReviewBudget | None = None,
    names: Sequence[str] | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
) -> Review:
    """The review of ``seats`` in the game ``state`` (finished or not) at ``budget`` (or
    ``playouts`` play-outs a card decision; default: the ``default`` level), seeded by
    ``seed``, in ``jobs`` processes (or on ``executor``); ``progress`` hears of each decision
    weighed. ``names``: the record's seat names."""
    if budget is None:
        budget = ReviewBudget(None, playouts) if playouts else budget_of(DEFAULT_BUDGET)
    n = state.players
    for seat in seats:
        if not 0 <= seat < n:
            raise AscenseurError(
                f"there is no seat {seat} in a game of {n} players: seats are 0 to {n - 1}",
                code="bad-seat",
            )
    chosen = sorted(set(seats))
    found = moments(state, chosen)
    decisions = weigh_all(found, budget.playouts, seed, jobs, progress, executor)
    by_seat: dict[int, list[Decision]] = {seat: [] for seat in chosen}
    for moment, decision in zip(found, decisions, strict=True):
        by_seat[moment.seat].append(decision)
    reviews = []
    for seat in chosen:
        deals = [
            deal_review(state, seat, deal, [d for d in by_seat[seat] if d.deal == deal])
            for deal in range(len(state.deal_logs()))
        ]
        reviews.append(
            SeatReview(
                seat=seat,
                name=names[seat] if names is not None else None,
                deals=deals,
                summary=summary(deals),
            )
        )
    record = record_of(state, names)
    return Review(
        record=RecordRef(digest=record_digest(record), players=n, deals=len(record.deals)),
        rules=state.rules.to_json(),
        budget=budget.used(),
        seed=seed,
        engine=engine_key(),
        thresholds=thresholds(state.rules.scoring),
        seats=reviews,
    )


def review_record(
    state: GameState,
    seats: Sequence[int],
    budget: ReviewBudget | None = None,
    seed: int = 0,
    *,
    names: Sequence[str] | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    executor: Executor | None = None,
    cache: ReviewCache | None = None,
) -> Review:
    """:func:`review_state`, reading each seat's review from ``cache`` when it is kept there
    and keeping there those it computes (a reviewed game opens again at once)."""
    if budget is None:
        budget = budget_of(DEFAULT_BUDGET)
    chosen = sorted(set(seats))
    if cache is None:
        return review_state(
            state, chosen, budget=budget, seed=seed, names=names, jobs=jobs,
            progress=progress, executor=executor,
        )  # fmt: skip
    digest = record_digest(record_of(state, names))
    engine = engine_key()
    kept = {
        seat: cache.get(digest, seat, budget.playouts, seed, engine)
        for seat in chosen
        if 0 <= seat < state.players
    }
    missing = [seat for seat in chosen if kept.get(seat) is None]
    fresh = None
    if missing:
        fresh = review_state(
            state, missing, budget=budget, seed=seed, names=names, jobs=jobs,
            progress=progress, executor=executor,
        )  # fmt: skip
        cache.put(fresh)
    elif progress is not None:
        progress(1, 1)
    parts = {s.seat: s for r in (*kept.values(), fresh) if r is not None for s in r.seats}
    base = fresh if fresh is not None else next(r for r in kept.values() if r is not None)
    # A kept review names its budget as it was computed; this one is asked for by name.
    return msgspec.structs.replace(
        base, seats=[parts[seat] for seat in chosen], budget=budget.used()
    )


__all__ = [
    "BUDGETS",
    "COSTLIEST",
    "DEFAULT_BUDGET",
    "Moment",
    "Progress",
    "ReviewBudget",
    "budget_of",
    "deal_review",
    "decision_seed",
    "engine_key",
    "moments",
    "review_record",
    "review_state",
    "summary",
    "weigh",
    "weigh_all",
]
