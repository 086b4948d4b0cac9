"""Where the expert's card estimates miss what its cards then make against a real table.

The expert values each legal card by play-outs in which the other seats follow the "to the
bid" policy and the seat itself sees each world (strategy fusion). If that model is wrong in
a way that depends on the kind of card — a card that takes the trick now against one that
ducks, a master against a low card — the deal score actually made after a card, minus the
search's estimate of that card, leans with the card's features; a correction fitted on that
lean would re-rank near-tied candidates. This tool measures that lean on real outcomes.

Two parts:

* ``logged_cards`` — an arena candidate (``--candidate card_outcomes:logged_cards``, run from
  ``tools/``): the expert as it is, deciding what it decides, that also appends each of its
  card decisions to the file named by ``ASCENSEUR_CARDLOG``, one JSON line per card it plays,
  forced cards included (so that a run's lines can be matched with it): the deal, seat, hand
  size, its bid and tricks won, the tricks left, the cards of the current trick and of its
  hand, the cards seen played, the first search's estimate of every legal card, the card
  played and, at a near-tie, the second search's estimates;
* ``python tools/card_outcomes.py LOG DIR`` — sets each searched decision beside the deal
  score the seat made (from the match's runs, played with ``--jobs 1``), and prints the mean
  residual (score made minus the played card's estimate) by feature of the played card, and a
  least-squares fit of the residual on those features with held-out folds: how much of the
  residual the features explain out of sample.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.saved import saved_match
from ascenseur.bots.base import Budget, forced
from ascenseur.bots.expert import ExpertBot
from ascenseur.core.actions import Play, PlayerAction
from ascenseur.core.cards import DECK, FULL_DECK_MASK, KIND_MASKS, Suit
from ascenseur.core.observation import Observation
from ascenseur.core.scoring import deal_score
from ascenseur.core.tricks import winning_position
from ascenseur.fast import DecisionWorlds
from ascenseur.search.problem import Estimate, SearchProblem

#: The environment variable naming the file ``logged_cards`` appends its card decisions to.
CARDLOG = "ASCENSEUR_CARDLOG"
#: The environment variable naming the play-outs of the look-ahead searches logged beside
#: each card (unset or 0: none are made).
LOOKAHEAD = "ASCENSEUR_CARDLOG_LOOKAHEAD"
#: Held-out folds of the fit.
FOLDS = 5


class LoggedCards(ExpertBot):
    """The expert, choosing as :meth:`ExpertBot.decide` does, that logs every card it plays."""

    def __init__(self, budget: Budget, log: str, lookahead: int = 0) -> None:
        super().__init__(budget)
        self.log = log
        self.name = "logged-cards"
        self._second: list[Estimate] | None = None
        # Play-outs of the two look-ahead searches logged beside each card (0: none).
        self.lookahead = lookahead

    def near_tie_search(
        self,
        problem: SearchProblem,
        found: Sequence[Estimate],
        rng: random.Random,
        seconds: float | None = None,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate] | None:
        self._second = super().near_tie_search(problem, found, rng, seconds, worlds)
        return self._second

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        only = forced(view)
        if only is not None:
            if isinstance(only, Play):
                self._write(view, only, None, None)
            return only
        self._second = None
        action, estimates = self.decide(view, rng)
        if isinstance(action, Play):
            self._write(view, action, estimates, self._second, self._lookahead(view))
        return action

    def _lookahead(self, view: Observation) -> list[list[Any]] | None:
        """Each legal card's estimate with the seat looking one card ahead in its play-outs
        and with it following the fixed policy, over the same worlds (two searches of
        :attr:`lookahead` play-outs with no racing, from one private seed: the expert's own
        generator is not touched, so it decides as it would without them): what the seat's
        clairvoyant look-ahead adds to each card."""
        if not self.lookahead:
            return None
        problem = self.problem_of(view)
        settings = replace(
            self.search_settings(problem),
            iterations=self.lookahead,
            seconds=None,
            race=None,
            noise=0.0,
        )
        seed = view.hand_mask << 80 | view.played_mask  # the position's own seed
        nested = self.estimates(problem, replace(settings, nested=True), random.Random(seed))
        plain = self.estimates(problem, replace(settings, nested=False), random.Random(seed))
        return [
            [a.action.card.index, a.points, b.points, a.exact, b.exact]
            for a, b in zip(nested, plain, strict=True)
            if isinstance(a.action, Play)
        ]

    def _write(
        self,
        view: Observation,
        played: Play,
        first: Sequence[Estimate] | None,
        second: Sequence[Estimate] | None,
        lookahead: list[list[Any]] | None = None,
    ) -> None:
        def rows(found: Sequence[Estimate] | None) -> list[list[Any]] | None:
            if found is None:
                return None
            return [
                [e.action.card.index, e.points, e.exact, e.worlds]
                for e in found
                if isinstance(e.action, Play)
            ]

        seat = view.seat
        assert seat is not None
        line = {
            "deal": view.deal_index,
            "seat": seat,
            "players": view.players,
            "k": view.hand_size,
            "bid": view.bids[seat],
            "won": view.tricks_won[seat],
            "left": view.hand_size - len(view.tricks),
            "trick": [card.index for _, card in view.trick],
            "hand": view.hand_mask,
            "seen": view.played_mask,
            "played": played.card.index,
            "first": rows(first),
            "second": rows(second),
        }
        if lookahead is not None:
            line["lookahead"] = lookahead
        with open(self.log, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def logged_cards(budget: Budget) -> LoggedCards:
    log = os.environ.get(CARDLOG)
    if not log:
        raise SystemExit(f"logged_cards writes its cards to the file named by {CARDLOG}: set it")
    try:
        lookahead = int(os.environ.get(LOOKAHEAD, "0"))
    except ValueError:
        raise SystemExit(f"{LOOKAHEAD} is a number of play-outs (0: none)") from None
    return LoggedCards(budget, log, lookahead)


#: The environment variable naming the weights ``ties_corrected`` reads (``--fit-out``).
CARDFIT = "ASCENSEUR_CARDFIT"


class TiesCorrected(ExpertBot):
    """The expert whose near-tie search's estimates of cards gain the fitted lean of what such
    a card makes against the table, of each card feature whose weight is at least twice its
    standard error (a file of ``--fit-out``)."""

    def __init__(self, budget: Budget, weights: dict[str, float]) -> None:
        super().__init__(budget)
        self.weights = weights
        self.name = "ties-corrected"

    def near_tie_search(
        self,
        problem: SearchProblem,
        found: Sequence[Estimate],
        rng: random.Random,
        seconds: float | None = None,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate] | None:
        second = super().near_tie_search(problem, found, rng, seconds, worlds)
        if second is None or problem.bidding:
            return second
        me = problem.seat
        bid = problem.bids[me]
        assert bid is not None
        need = bid - problem.tricks_won[me]
        players = len(problem.bids)

        def lean(card: int) -> float:
            row = card_features(
                card,
                problem.trick,
                problem.spec.own,
                problem.spec.unseen,
                players,
                need,
                problem.tricks_left,
                True,
            )
            return sum(w * row[FEATURES.index(name)] for name, w in self.weights.items())

        return [
            replace(e, points=e.points + lean(e.action.card.index))
            if isinstance(e.action, Play)
            else e
            for e in second
        ]


def ties_corrected(budget: Budget) -> TiesCorrected:
    path = os.environ.get(CARDFIT)
    if not path:
        raise SystemExit(f"ties_corrected reads its weights from the file named by {CARDFIT}")
    try:
        fitted = json.loads(Path(path).read_text(encoding="utf-8"))
        weights = {
            name: float(w)
            for name, (w, error) in fitted.items()
            if name in CARD_FEATURES and abs(w) >= 2 * error
        }
    except (OSError, ValueError, TypeError, AttributeError) as err:
        raise SystemExit(
            f"{path}: not a file of card_outcomes.py --fit-out (feature: [weight, error]): {err}"
        ) from None
    return TiesCorrected(budget, weights)


#: The keys of a logged line.
LOGGED = frozenset(
    [
        "deal",
        "seat",
        "players",
        "k",
        "bid",
        "won",
        "left",
        "trick",
        "hand",
        "seen",
        "played",
        "first",
        "second",
    ]
)


class Decision(NamedTuple):
    """One searched card decision and the deal score the seat then made."""

    line: dict[str, Any]
    score: int
    run: int  # the seat's deal it was made in: decisions of one run share its score


def decisions(log: Path, directory: Path) -> list[Decision]:
    """The log's searched decisions (forced cards left out), matched with the match's runs:
    each run of a seat in a deal of k cards wrote k lines, in the order of the runs."""
    try:
        match, _, results = saved_match(directory)
    except ArenaError as err:
        raise SystemExit(str(err)) from None
    try:
        lines = [json.loads(text) for text in log.read_text(encoding="utf-8").splitlines() if text]
        if not all(isinstance(line, dict) and line.keys() >= LOGGED for line in lines):
            raise ValueError(f"a line lacks one of {', '.join(sorted(LOGGED))}")
    except (OSError, ValueError) as err:
        raise SystemExit(f"{log}: not a log of card_outcomes:logged_cards: {err}") from None
    sizes = match.hand_sizes
    out: list[Decision] = []
    position = runs = 0
    for result in results:
        for seat, run in enumerate(result.candidate):
            for deal, (bid, tricks) in enumerate(zip(run.bids, run.tricks, strict=True)):
                first, position = position, position + sizes[deal]
                if position > len(lines):
                    return out  # the log stops with the runs it covers
                for line in lines[first:position]:
                    if line["bid"] != bid or line["seat"] != seat:
                        raise SystemExit(
                            f"{log}: seat {line['seat']} bid {line['bid']} where game "
                            f"{result.game}'s run in seat {seat} bid {bid} in deal {deal + 1}: "
                            "not this match's log (log a match played with --jobs 1)"
                        )
                    if line["first"] is not None:
                        out.append(
                            Decision(line, deal_score(match.rules.scoring, bid, tricks), runs)
                        )
                runs += 1
    return out


#: The features of a played card, by name (each 0 or 1 unless said).
FEATURES = (
    "bias",
    "leads",  # the seat leads the trick
    "last",  # the seat plays last to the trick
    "takes_over",  # the card would win the trick as it stands (not leading), bid passed
    "trump",
    "excuse",
    "master",  # no unseen card of its kind ranks above it (a suit card or a trump)
    "lowest_own",  # the lowest card the seat holds of that kind
    "need",  # tricks still to take for the bid, over tricks left (may be < 0 or > 1)
    "made",  # the bid is already made (need == 0)
    "over",  # the bid is already passed
    "takes_and_made",  # it would win the trick while the bid is made
    "takes_and_need",  # it would win the trick while tricks are still needed
    "master_and_made",
    "near_tie",  # a second search was made
)


def card_features(
    card: int,
    trick: Sequence[int],
    hand: int,
    unseen: int,
    players: int,
    need: int,
    left: int,
    second: bool,
) -> list[float]:
    """:data:`FEATURES` of playing ``card`` from ``hand`` to ``trick`` (card indices in play
    order), ``unseen`` the cards the seat has not seen, ``need`` its bid minus its tricks,
    ``left`` the tricks not finished (the current one included)."""
    kind = DECK[card].suit
    of_kind = KIND_MASKS[kind]
    leads = not trick
    last = len(trick) == players - 1
    excuse = kind is Suit.EXCUSE
    takes = not leads and not excuse and winning_position([*trick, card]) == len(trick)
    # Within a kind, a higher index is a higher card.
    master = not excuse and not unseen & of_kind >> (card + 1) << (card + 1)
    own = hand & of_kind
    lowest = own & -own == 1 << card
    made = need == 0
    return [
        1.0,
        float(leads),
        float(last),
        float(takes and need < 0),
        float(kind is Suit.TRUMPS),
        float(excuse),
        float(master),
        float(lowest),
        need / max(1, left),
        float(made),
        float(need < 0),
        float(takes and made),
        float(takes and need > 0),
        float(master and made),
        float(second),
    ]


def _position(line: dict[str, Any]) -> tuple[list[int], int, int, int, int, int, bool]:
    trick = [int(c) for c in line["trick"]]
    hand = int(line["hand"])
    unseen = FULL_DECK_MASK & ~hand & ~int(line["seen"])  # seen: the current trick's too
    need = int(line["bid"]) - int(line["won"])
    return (
        trick,
        hand,
        unseen,
        int(line["players"]),
        need,
        int(line["left"]),
        (line["second"] is not None),
    )


def features(line: dict[str, Any], card: int | None = None) -> list[float]:
    """:data:`FEATURES` of the card a logged decision played (or of ``card``)."""
    played = int(line["played"]) if card is None else card
    return card_features(played, *_position(line))


def design(line: dict[str, Any]) -> list[float]:
    """The row of the fit: :data:`FEATURES` of the card played, then the mean over the legal
    cards of each of :data:`CARD_FEATURES` (so that a card feature's weight says what playing
    such a card does against the other cards of the same decision, not what positions where
    such cards are played are like)."""
    row = features(line)
    legal = [features(line, int(c)) for c, _, _, _ in line["first"]]
    columns = [FEATURES.index(name) for name in CARD_FEATURES]
    return row + [sum(f[j] for f in legal) / len(legal) for j in columns]


#: The features that differ between the legal cards of one decision: only these re-rank.
CARD_FEATURES = (
    "takes_over",
    "trump",
    "excuse",
    "master",
    "lowest_own",
    "takes_and_made",
    "takes_and_need",
    "master_and_made",
)


#: The search's features of a played card, when the log has its look-ahead searches
#: (``ASCENSEUR_CARDLOG_LOOKAHEAD``): what the seat's look-ahead adds to the card's estimate
#: (with it, minus following the fixed policy, over the same worlds), then its mean over the
#: legal cards.
SEARCH_FEATURES = ("lookahead_gain", "mean lookahead_gain")


def gains(line: dict[str, Any]) -> dict[int, float]:
    """What the seat's look-ahead adds to each legal card's estimate (a logged decision with
    its look-ahead searches)."""
    return {int(c): float(nested) - float(plain) for c, nested, plain, _, _ in line["lookahead"]}


def search_row(line: dict[str, Any]) -> list[float]:
    """:data:`SEARCH_FEATURES` of the card a logged decision played."""
    gain = gains(line)
    return [gain[int(line["played"])], sum(gain.values()) / len(gain)]


Array = np.ndarray[Any, Any]


def searched(found: Sequence[Decision]) -> bool:
    """Whether every decision has its look-ahead searches (then the fit has their features)."""
    return bool(found) and all("lookahead" in d.line for d in found)


def _data(found: Sequence[Decision]) -> tuple[Array, Array, Array]:
    """The fit's rows (:func:`design`, and :func:`search_row` if :func:`searched`), residuals
    and runs."""
    extra = searched(found)
    x = np.array([design(d.line) + (search_row(d.line) if extra else []) for d in found])
    return x, np.array([residual(d) for d in found]), np.array([d.run for d in found])


def fit(found: Sequence[Decision]) -> tuple[Array, Array]:
    """Least squares of the residual on the rows of :func:`design`: the weights and their
    standard errors, clustered by run (the decisions of one seat's deal share one score)."""
    return _fit(*_data(found))


def _fit(x: Array, y: Array, runs: Array) -> tuple[Array, Array]:
    w, *_ = np.linalg.lstsq(x, y, rcond=None)
    inverse = np.linalg.pinv(x.T @ x)
    errors = y - x @ w
    meat = np.zeros((x.shape[1], x.shape[1]))
    by_run: dict[int, list[int]] = defaultdict(list)
    for i, run in enumerate(runs):
        by_run[int(run)].append(i)
    for rows in by_run.values():
        g = x[rows].T @ errors[rows]
        meat += np.outer(g, g)
    return w, np.sqrt(np.maximum(np.diag(inverse @ meat @ inverse), 0.0))


def residual(decision: Decision) -> float:
    """Score made minus the first search's estimate of the card played."""
    line = decision.line
    estimate = {int(c): float(p) for c, p, _, _ in line["first"]}
    return decision.score - estimate[int(line["played"])]


def report(found: Sequence[Decision]) -> list[str]:
    """Mean residual by feature, and the held-out fit."""
    if not found:
        return ["no searched card decision in the log"]
    x, y, runs = _data(found)
    out = [
        f"{len(found)} searched card decisions; mean residual {y.mean():+.3f} (sd {y.std():.3f})"
    ]
    out.append(f"{'feature':<16}{'share':>8}{'resid if 1':>12}{'resid if 0':>12}")
    for j, name in enumerate(FEATURES[1:], start=1):
        on = x[:, j] > 0.5  # for need: more than half the tricks left still to take
        if on.all() or not on.any():
            continue
        out.append(f"{name:<16}{on.mean():>8.3f}{y[on].mean():>+12.3f}{y[~on].mean():>+12.3f}")
    folds = runs % FOLDS  # by run: a run's decisions share its score, so stay in one fold
    base_sse = fit_sse = 0.0
    for f in range(FOLDS):
        train, test = folds != f, folds == f
        w, *_ = np.linalg.lstsq(x[train], y[train], rcond=None)
        base_sse += float(((y[test] - y[train].mean()) ** 2).sum())
        fit_sse += float(((y[test] - x[test] @ w) ** 2).sum())
    out.append(
        f"held-out: residual sse {base_sse:.1f} with its mean, {fit_sse:.1f} with the fit "
        f"({100 * (1 - fit_sse / base_sse):+.2f}% explained)"
    )
    w, se = _fit(x, y, runs)
    out.append("fit on all (weight, standard error clustered by run; * re-ranks):")
    names = FEATURES + tuple(f"mean {name}" for name in CARD_FEATURES)
    if searched(found):
        names += SEARCH_FEATURES
    for name, weight, error in zip(names, w, se, strict=True):
        mark = " *" if name in CARD_FEATURES or name == SEARCH_FEATURES[0] else ""
        out.append(f"  {name:<16}{weight:>+8.3f} ± {error:.3f}{mark}")
    by_left: dict[int, list[float]] = defaultdict(list)
    for d, r in zip(found, y, strict=True):
        by_left[int(d.line["left"])].append(float(r))
    out.append(
        "by tricks left: "
        + ", ".join(f"{left}: {np.mean(v):+.2f} ({len(v)})" for left, v in sorted(by_left.items()))
    )
    if searched(found):
        out += blends(found)
    return out


#: Shares of the look-ahead's gain taken off each card's estimate in :func:`blends`.
SHARES = (0.25, 0.5, 1.0)


def blends(found: Sequence[Decision]) -> list[str]:
    """For each of :data:`SHARES`: how often the first search's best card changes when every
    card's estimate loses that share of its look-ahead gain, and the mean residual of the
    decisions where it would change (what the card played then made against its estimate)."""
    out = []
    for share in SHARES:
        changed: list[float] = []
        for d in found:
            gain = gains(d.line)
            first = {int(c): float(p) for c, p, _, _ in d.line["first"]}
            best = max(first, key=lambda c: first[c])
            blended = max(first, key=lambda c: first[c] - share * gain[c])
            if blended != best:
                changed.append(residual(d))
        mean = f"{np.mean(changed):+.3f}" if changed else "-"
        out.append(
            f"losing {share:.2f} of the look-ahead's gain: the best card changes in "
            f"{len(changed)} of {len(found)} decisions (their mean residual {mean})"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="+", type=Path, help="LOG DIR [LOG DIR …]")
    parser.add_argument(
        "--fit-out", type=Path, help="write the fitted weights of the card features here"
    )
    args = parser.parse_args()
    if len(args.pairs) % 2:
        raise SystemExit("give each log with its match directory: LOG DIR [LOG DIR …]")
    found: list[Decision] = []
    for log, directory in zip(args.pairs[::2], args.pairs[1::2], strict=True):
        if not log.is_file():
            raise SystemExit(f"{log}: no such file (the ASCENSEUR_CARDLOG of the match)")
        found += decisions(log, directory)
    for text in report(found):
        print(text)
    if args.fit_out is not None and found:
        w, se = fit(found)
        columns = {name: [float(w[j]), float(se[j])] for j, name in enumerate(FEATURES)}
        args.fit_out.write_text(json.dumps(columns, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.fit_out}")


if __name__ == "__main__":
    main()
