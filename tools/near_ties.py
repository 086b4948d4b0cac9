"""The expert's near-ties labelled by a told search, and a tie-break fitted on them.

At a card decision where candidates lie within :data:`~ascenseur.bots.expert.TIE_WIDTH` of
the best, the expert searches those again with noisy others and plays the best of that second
search (:meth:`~ascenseur.bots.expert.ExpertBot.near_tie_search`). ``label`` plays single
deals (the expert in one seat, heuristic bots in the others, the seat moving round the table
deal by deal) and writes one JSON line per such decision: each near candidate with its
features from the seat's view (:func:`features`), the first search's estimate and exact
share, the second search's estimate, whether it is the card played, and the estimate of a
search **told every hand** (others noisy as in the second search, the real world only). That
last one sees cards no player may see: it is a label for measuring and fitting, never
something a bot plays by.

``fit`` fits a conditional logit over each decision's candidates (softmax of a linear score of
the features and the two searches' estimates, against a softmax of the told estimates),
cross-validated by deal, and prints what each choice is worth in told points against the card
the expert played: the first search's best, the fitted tie-break's, and the told best (the
ceiling of any tie-break), per decision and per deal.

Run::

    python tools/near_ties.py label --cards 14 --deals 500 --seed 11 --out d14.jsonl
    python tools/near_ties.py fit d14.jsonl [more.jsonl …]
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ascenseur.bots.base import Budget, make_bot
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.actions import Play
from ascenseur.core.cards import CARD_RANK, CARD_SUIT, EXCUSE_KIND, TRUMP_KIND, indices_of
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.core.tricks import winning_position
from ascenseur.search.problem import SearchProblem

Floats = npt.NDArray[np.float64]

#: Play-outs of the told search per decision (one world: only the others' noise varies).
TOLD_ITERATIONS = 4000
#: The names of :func:`features`' entries, in order.
FEATURES = (
    "trump",
    "excuse",
    "rank",
    "wins_now",
    "master",
    "higher_unseen",
    "own_length",
    "own_below",
    "short_wins_now",
    "made_wins_now",
    "short_lead_rank",
    "made_lead_rank",
    "unseen_share",
)


def features(problem: SearchProblem, card: int) -> list[float]:
    """What the seat's view says of playing ``card`` (a deck index among its legal cards).

    Entries that are the same for every candidate of a decision (the seat's need, its place
    in the trick) enter only through products with the card's own entries: a conditional
    logit could not use them alone.
    """
    spec = problem.spec
    kind = CARD_SUIT[card]
    rank = CARD_RANK[card]
    top = 21.0 if kind == TRUMP_KIND else 14.0
    scaled = 0.0 if kind == EXCUSE_KIND else rank / top
    unseen = indices_of(spec.unseen)
    own = indices_of(spec.own)
    unseen_same = [c for c in unseen if CARD_SUIT[c] == kind]
    own_same = [c for c in own if CARD_SUIT[c] == kind]
    higher_unseen = sum(1 for c in unseen_same if CARD_RANK[c] > rank)
    trick = list(problem.trick)
    wins_now = 1.0 if trick and winning_position([*trick, card]) == len(trick) else 0.0
    bid = problem.bids[problem.seat] or 0
    short = 1.0 if bid > problem.tricks_won[problem.seat] else 0.0
    leading = 0.0 if trick else 1.0
    return [
        1.0 if kind == TRUMP_KIND else 0.0,
        1.0 if kind == EXCUSE_KIND else 0.0,
        scaled,
        wins_now,
        1.0 if higher_unseen == 0 and kind != EXCUSE_KIND else 0.0,
        min(higher_unseen, 6) / 6.0,
        len(own_same) / max(1, len(own)),
        sum(1 for c in own_same if CARD_RANK[c] < rank) / max(1, len(own_same)),
        short * wins_now,
        (1.0 - short) * wins_now,
        short * leading * scaled,
        (1.0 - short) * leading * scaled,
        len(unseen_same) / max(1, len(unseen)),
    ]


def label(
    cards: int, deals: int, seed: int, iterations: int | None = None, players: int = 4
) -> Iterator[dict[str, Any]]:
    """The near-tie decisions of ``deals`` single deals of ``cards`` cards, as JSON-ready
    dicts (module docstring); the expert plays as it does (``iterations`` play-outs a
    decision, its default if None). Deterministic given ``seed``."""
    rng = random.Random(seed)
    expert = make_bot("expert", Budget(iterations))
    assert isinstance(expert, ExpertBot)
    heuristic = make_bot("heuristic")
    for deal in range(deals):
        state = GameState.single_deal(Rules(players=players, max_cards=cards), cards)
        state.deal(rng)
        seat = deal % players
        bot_rng = random.Random(rng.getrandbits(32))
        while not state.is_terminal():
            who = state.current_seat
            assert who is not None
            view = observe(state, who)
            if who != seat:
                state.apply(heuristic.choose(view, bot_rng))
                continue
            if view.phase is not Phase.PLAYING or len(view.legal_actions) < 2:
                state.apply(expert.choose(view, bot_rng))
                continue
            problem = expert.problem_of(view)
            found = expert.estimates(problem, expert.search_settings(problem), bot_rng)
            second = expert.near_tie_search(problem, found, bot_rng)
            if second is None:
                state.apply(max(found, key=lambda e: e.points).action)
                continue
            chosen = max(second, key=lambda e: e.points).action
            by_action = {e.action: e for e in found}
            near = [by_action[e.action] for e in second]
            tied = problem.among([e.action for e in second])
            hands = [state.hand_mask(s) for s in range(players)]
            allowed = tuple(
                mask if s == seat else mask & hands[s] for s, mask in enumerate(tied.spec.allowed)
            )
            told_problem = replace(tied, spec=tied.spec.narrowed(allowed))
            told_settings = replace(
                expert.search_settings(told_problem),
                noise=expert.tie_noise,
                iterations=TOLD_ITERATIONS,
                race=None,
                draws=1,
            )
            told = expert.estimates(told_problem, told_settings, bot_rng)
            rows = []
            for first, noisy, truth in zip(near, second, told, strict=True):
                assert isinstance(first.action, Play)
                index = first.action.card.index
                rows.append(
                    {
                        "card": index,
                        "first": first.points,
                        "exact": first.exact,
                        "second": noisy.points,
                        "told": truth.points,
                        "chosen": first.action == chosen,
                        "x": features(problem, index),
                    }
                )
            yield {"deal": deal, "tricks_left": problem.tricks_left, "rows": rows}
            state.apply(chosen)


@dataclass(frozen=True, slots=True)
class Decision:
    """One labelled near-tie: each candidate's inputs (features, then the second and first
    searches' estimates as differences from their best, then the exact share), its told
    estimate, the candidate played and the first search's best."""

    inputs: Floats
    told: Floats
    chosen: int
    first: int
    deal: tuple[str, int]


def load(paths: Sequence[Path]) -> list[Decision]:
    """The decisions of ``label``'s files."""
    out = []
    for path in paths:
        for line in path.read_text().splitlines():
            position = json.loads(line)
            rows = position["rows"]
            best_second = max(r["second"] for r in rows)
            best_first = max(r["first"] for r in rows)
            inputs = np.array(
                [
                    [*r["x"], r["second"] - best_second, r["first"] - best_first, r["exact"]]
                    for r in rows
                ],
                np.float64,
            )
            out.append(
                Decision(
                    inputs=inputs,
                    told=np.array([r["told"] for r in rows], np.float64),
                    chosen=[r["chosen"] for r in rows].index(True),
                    first=int(np.argmax([r["first"] for r in rows])),
                    deal=(str(path), int(position["deal"])),
                )
            )
    return out


def fit(
    decisions: Sequence[Decision],
    *,
    l2: float = 1e-4,
    steps: int = 300,
    rate: float = 5.0,
    temperature: float = 0.25,
) -> Floats:
    """The weights of a conditional logit of the candidates' inputs, fitted by gradient
    descent on the cross-entropy against a softmax of the told estimates at
    ``temperature``."""
    weights = np.zeros(decisions[0].inputs.shape[1], np.float64)
    targets = []
    for d in decisions:
        t = np.exp((d.told - d.told.max()) / temperature)
        targets.append(t / t.sum())
    for _ in range(steps):
        gradient = l2 * weights
        for d, target in zip(decisions, targets, strict=True):
            z = d.inputs @ weights
            p = np.exp(z - z.max())
            gradient = gradient + d.inputs.T @ (p / p.sum() - target) / len(decisions)
        weights = weights - rate * gradient
    return weights


@dataclass(frozen=True, slots=True)
class Report:
    """Told points gained per decision over the card the expert played, by choice (each a
    list over decisions), and how many deals the decisions came from."""

    first: list[float]
    fitted: list[float]
    ceiling: list[float]
    deals: int


def cross_validate(decisions: Sequence[Decision], folds: int = 5) -> Report:
    """:func:`fit` on all deals but a fold's, tried on that fold's decisions, fold by fold."""
    deals = sorted({d.deal for d in decisions})
    fold_of = {deal: i % folds for i, deal in enumerate(deals)}
    first: list[float] = []
    fitted: list[float] = []
    ceiling: list[float] = []
    for fold in range(folds):
        train = [d for d in decisions if fold_of[d.deal] != fold]
        test = [d for d in decisions if fold_of[d.deal] == fold]
        if not train or not test:
            continue
        weights = fit(train)
        for d in test:
            played = d.told[d.chosen]
            first.append(float(d.told[d.first] - played))
            fitted.append(float(d.told[int(np.argmax(d.inputs @ weights))] - played))
            ceiling.append(float(d.told.max() - played))
    return Report(first, fitted, ceiling, len(deals))


def _line(name: str, gains: Sequence[float], per_deal: float) -> str:
    values = np.array(gains, np.float64)
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else 0.0
    mean = float(values.mean())
    return (
        f"{name:<22} {mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}] a decision, "
        f"{mean * per_deal:+.3f} a deal"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("label", help="play deals and write labelled near-ties")
    make.add_argument("--cards", type=int, default=14)
    make.add_argument("--deals", type=int, default=100)
    make.add_argument("--seed", type=int, default=11)
    make.add_argument("--players", type=int, default=4)
    make.add_argument("--iterations", type=int, default=None, help="the expert's play-outs")
    make.add_argument("--out", type=Path, required=True)
    tie = commands.add_parser("fit", help="fit a tie-break, cross-validated by deal")
    tie.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "label":
        try:
            rules = Rules(players=args.players)
        except ValueError as err:
            parser.error(str(err))
        if args.cards not in rules.schedule:
            parser.error(f"--cards: {args.players} players have hands of 1 to {rules.max_cards}")
        if args.out.exists():
            parser.error(f"{args.out} exists: name a new file")
        partial = args.out.with_name(args.out.name + ".partial")
        with partial.open("w") as sink:
            for position in label(args.cards, args.deals, args.seed, args.iterations, args.players):
                sink.write(json.dumps(position) + "\n")
        partial.replace(args.out)
        return
    missing = [str(f) for f in args.files if not f.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    try:
        decisions = load(args.files)
    except (ValueError, KeyError, TypeError) as err:
        parser.error(f"not a file of `near_ties.py label` lines ({type(err).__name__}: {err})")
    if len(decisions) < 10:
        parser.error(f"{len(decisions)} decisions: too few to fit on")
    report = cross_validate(decisions)
    per_deal = len(decisions) / report.deals
    print(f"{len(decisions)} near-ties from {report.deals} deals ({per_deal:.2f} a deal)")
    print("told points over the card the expert played (95% interval):")
    print(_line("first search's best", report.first, per_deal))
    print(_line("fitted tie-break", report.fitted, per_deal))
    print(_line("told best (ceiling)", report.ceiling, per_deal))
    weights = fit(decisions)
    names = (*FEATURES, "second", "first", "exact")
    print(
        "weights (all decisions):",
        ", ".join(f"{n} {w:+.2f}" for n, w in zip(names, weights, strict=True)),
    )


if __name__ == "__main__":
    main()
