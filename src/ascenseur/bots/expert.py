"""``expert``: search over sampled worlds (perfect-information Monte Carlo).

For a card: sample hidden worlds consistent with everything public (:mod:`worlds`), play each
legal card in each world and finish the deal with the "to the bid" policy for every other
seat while this one looks one card ahead at each of its later decisions (a nested play-out,
:func:`~ascenseur.search.rollout.playout` with ``me``), or solve it exactly once few cards remain
(:mod:`endgame`), and keep the card with the best mean score. For a bid: the same over the
whole deal, once per candidate bid, with later bidders' bids estimated from their sampled
hands. The budget's iterations are the play-outs per decision (:data:`DEFAULT_ITERATIONS`
if it names none), shared among the candidates; a bid gets :data:`BID_FACTOR` times as many.
Its seconds, if any, stop the search early; with no budget at all, the pure-Python path also
stops after :data:`PURE_DEFAULT_SECONDS`.

House rules (RULES.md §7) reach the search as data: scores are the rule set's table (H2) in
every play-out, endgame and estimate, and the play-outs lead as the lead restriction says
(H3). Under closed fists (H4) the bids the view hides are guessed from the sampled hands like
bids not yet made, and weigh no world. In a blind one-card deal (H5) the worlds deal every
other seat the card the seat sees and the seat a card among those it has not seen; its card
is then "my card", forced. Its bid there weighs each card it may hold by what the bids made
before it say of that card, as the others saw it (:mod:`~ascenseur.bots.blind`).

Inference from bids: a bid says much about the hand behind it. Each world is weighted by how
well the other seats' bids fit their sampled hands (as dealt): a bid is modelled as the bid
the hand is expected to get (:mod:`~ascenseur.search.bid_model`, fitted on a club player's
bids) with a normal error of :data:`SIGMA_FACTOR` times the model's own (0.34 tricks at 4
players, 0.22 at 10). Those weights vary widely — for the last bidder of a 4-player deal,
1000 worlds weigh as much as 100 to 150 of equal weight — so a searched world is the one kept
of :data:`DRAWS` drawn, with a chance in proportion to its weight, and weighs their mean
weight (sampling-importance resampling: the same estimate, with its play-outs spent on the
worlds that count). Bids not yet made are guessed from the same model.

Inference from play (the compiled core only): once another seat has played a card this deal, a
card decision searches worlds drawn by a Markov chain under a faithful model of the others —
each plays the card the heuristic club player would, holding the hand the world deals it, with
a chance of 0.95 (:mod:`ascenseur.fast.chain`). The model is the field the arena measures
against; against other fields it is a wrong model (what that costs is measured in
``evaluations/README.md``). Bids, and cards before anyone has played, search the expert's own
worlds.

The check of the model (:data:`FIELD_CHECK`): once the finished deals show another seat whose
bids miss by far more than a club player's (:mod:`~ascenseur.bots.field`), the expert decides
without any model of the others — no inference from bids, none from play — as long as that
stays so. Among club players it seldom fires and costs nothing measurable; with random
players at the table it is worth points (``evaluations/README.md``, the model of the field).

The blended bid (:meth:`ExpertBot.blended_decision`): the seat's look-ahead in a bid's
play-outs sees the world it plays in, so the bid search promises more than the seat will make.
Each candidate bid's estimate loses :data:`BID_BLEND` of what the look-ahead adds to it (the
same worlds searched again with the seat following the fixed policy).

Racing (:mod:`~ascenseur.search.racing`): a candidate whose mean falls :data:`RACE` standard
errors behind the leader's stops being played, and the play-outs it leaves go to the others;
once one is left the decision is made.

Near-ties (:meth:`ExpertBot.decide`): when other candidates are within :data:`TIE_WIDTH` points
of the best, those are searched again with as many play-outs, the other seats of the nested
play-outs now playing a random legal card with a chance of :data:`TIE_NOISE`, and the best of
that second search is played. Where the search cannot tell the candidates apart, it prefers
the one that does not rely on every other seat playing as the policy says.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import astuple, dataclass, replace

from ascenseur import fast
from ascenseur.bots.base import Budget, forced
from ascenseur.bots.blind import blind_bid_estimates
from ascenseur.bots.field import off_model
from ascenseur.core.actions import PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.phase import Phase
from ascenseur.search import bid_model, reference
from ascenseur.search.endgame import EXACT_CARDS
from ascenseur.search.heuristic_odds import DEFAULT_PARAMS
from ascenseur.search.problem import (
    Estimate,
    SearchProblem,
    SearchSettings,
)

#: Play-outs per decision when the budget names none.
DEFAULT_ITERATIONS = 10_000
#: Bids get this many times the play-outs of a card (one bid a deal, and it decides much).
BID_FACTOR = 4.0
#: Seconds per decision at most on the pure-Python path when the budget names neither
#: iterations nor seconds: there a nested play-out of a 12-card deal costs about 7 ms, so
#: the default play-outs would take over a minute. An explicit budget is always kept as given.
PURE_DEFAULT_SECONDS = 1.0

#: How far a bid is taken to stray from its hand's expected bid: this many times the bid
#: model's residual standard deviation (above 1: other players bid less like the model's club
#: player than it does itself).
SIGMA_FACTOR = 1.25
#: Worlds drawn for each world searched (one kept by its weight); drawing and weighing one
#: costs a few microseconds, far less than its play-outs.
DRAWS = 16
#: Candidates whose mean falls this many standard errors behind the leader's stop being
#: played, and their play-outs go to the others (:mod:`~ascenseur.search.racing`).
RACE = 3.0
#: Near-ties: candidates within this many points of the best are searched again, the other
#: seats of the nested play-outs playing a random legal card with a chance of
#: :data:`TIE_NOISE`, and the best of that second search is played. It costs a second
#: search at near-ties only.
TIE_WIDTH = 0.1
TIE_NOISE = 0.2
#: With a time budget, the share of it the first search may use (the rest is the second's).
FIRST_SHARE = 0.75
#: Bids' estimates lose this share of what the seat's one-card look-ahead adds to them
#: (:meth:`ExpertBot.blended_decision`): the bid search is overconfident, its look-ahead
#: seeing the world it plays in.
BID_BLEND = 0.4
#: Once another seat's bids have missed by more than this share of its cards (and by five
#: tricks), the expert decides without any model of the others (:mod:`~ascenseur.bots.field`).
FIELD_CHECK = 0.25
#: A blended bid's second search (without the look-ahead, :meth:`ExpertBot.blended_decision`)
#: plays this share of the bid's play-outs: its worlds are the first of the first search's.
BLEND_PLAYOUTS = 0.25


@dataclass(frozen=True)
class ExpertSettings:
    """How the expert searches, as one value: each field a choice of its design, the defaults
    the registered expert's. A variant of the expert is ``ExpertBot(budget,
    ExpertSettings(field=value))``; what each choice was measured to be worth is in
    ``evaluations/README.md``."""

    #: How far a bid is taken to stray from its hand's expected bid, in the bid model's
    #: standard deviations (:data:`SIGMA_FACTOR`); None: no inference from bids (every
    #: consistent world weighs the same).
    sigma_factor: float | None = SIGMA_FACTOR
    #: Solve the deal exactly once at most this many cards remain to be played.
    exact_cards: int = EXACT_CARDS
    #: Whether this seat's own later cards in a play-out look one card ahead
    #: (:func:`~ascenseur.search.rollout.playout` with ``me``), for card and for bid decisions.
    nested_play: bool = True
    nested_bids: bool = True
    #: Bids get this many times a card's play-outs.
    bid_factor: float = BID_FACTOR
    #: Worlds drawn per world searched when worlds are weighed (:data:`DRAWS`).
    draws: int = DRAWS
    #: Racing (:data:`RACE`); None: every candidate plays all its worlds (the hints show every
    #: estimate).
    race: float | None = RACE
    #: Near-ties searched again (:data:`TIE_WIDTH`, :data:`TIE_NOISE`); None: never.
    tie_width: float | None = TIE_WIDTH
    tie_noise: float = TIE_NOISE
    #: The other seats' chance of a random legal card in a bid's nested play-outs.
    bid_noise: float = 0.0
    #: Card decisions, once another seat has played, search the faithful chain's worlds
    #: (:mod:`ascenseur.fast.chain`); None: wherever the compiled core runs (True off it is
    #: refused).
    faithful: bool | None = None
    #: Bids' estimates lose this share of what the seat's look-ahead adds (:data:`BID_BLEND`).
    bid_blend: float = BID_BLEND
    #: A card's near-tie search reads the worlds its first search's chain kept (one chain a
    #: decision) instead of running the chain again.
    share_worlds: bool = True
    #: Once another seat's bids have missed by more than this share of its cards
    #: (:func:`~ascenseur.bots.field.off_model`), decide without any model of the others: no
    #: inference from bids and none from play (:data:`FIELD_CHECK`). None: always keep it.
    field_check: float | None = FIELD_CHECK


#: The registered expert's settings.
EXPERT = ExpertSettings()


class ExpertBot:
    """Searches sampled worlds with play-outs; budget = play-outs per decision, ``settings``
    how (:class:`ExpertSettings`); ``pure`` keeps the pure-Python loop even where the compiled
    core runs (the reference the compiled search is tested against)."""

    name = "expert"

    def __init__(
        self, budget: Budget, settings: ExpertSettings = EXPERT, *, pure: bool = False
    ) -> None:
        self.config = settings
        self.budget = budget
        self._unmodelled: ExpertBot | None = None
        self.iterations = budget.iterations_or(DEFAULT_ITERATIONS)
        # Bids are few (one a deal) and decide much: they get this many times the play-outs.
        self.bid_iterations = max(1, round(self.iterations * settings.bid_factor))
        self.seconds = budget.seconds
        # The bot's own default budget: capped in time on the pure-Python path.
        self.default_budget = budget.iterations is None and budget.seconds is None
        self.pure = pure
        self.name = "expert-pure" if pure else "expert"
        # Worlds drawn per world searched: only when worlds are weighed (inference from bids).
        self.draws = settings.draws if settings.sigma_factor is not None else 1

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        only = forced(view)
        if only is not None:
            return only
        return self.decide(view, rng)[0]

    def decide(self, view: Observation, rng: random.Random) -> tuple[PlayerAction, list[Estimate]]:
        """The action to play and the search's estimates of every legal action.

        The best of the search; at a near-tie, the best of a second search among the
        near-tied candidates with noisy others (:data:`TIE_WIDTH`, :data:`TIE_NOISE`). With a
        time budget, the first search gets :data:`FIRST_SHARE` of it, the second the rest.
        With ``bid_blend``, the look-ahead and no time budget, a bid is
        :meth:`blended_decision`'s. A blind one-card deal's bid (H5) is
        :func:`~ascenseur.bots.blind.blind_bid_estimates`'s best.
        """
        if view.is_blind and view.phase is Phase.BIDDING:
            found = blind_bid_estimates(view)
            return max(found, key=lambda e: e.points).action, found
        unmodelled = self.without_model(view)
        if unmodelled is not None:
            return unmodelled.decide(view, rng)
        problem = SearchProblem.of(view)
        settings = self.search_settings(problem)
        # Without the look-ahead (nested_bids False) there is nothing to discount.
        if (
            problem.bidding
            and self.config.bid_blend > 0.0
            and settings.nested
            and settings.seconds is None
        ):
            return self.blended_decision(problem, settings, rng, self.config.bid_blend)
        started = time.perf_counter()
        first = settings
        if self.config.tie_width is not None and settings.seconds is not None:
            first = replace(settings, seconds=settings.seconds * FIRST_SHARE)
        worlds = fast.DecisionWorlds() if self.config.share_worlds else None
        found = self.estimates(problem, first, rng, worlds)
        best = max(found, key=lambda e: e.points)
        seconds = settings.seconds
        if seconds is not None:
            seconds -= time.perf_counter() - started
            if seconds <= 0.0:
                return best.action, found
        second = self.near_tie_search(problem, found, rng, seconds, worlds)
        if second is None:
            return best.action, found
        return max(second, key=lambda e: e.points).action, found

    def blended_decision(
        self, problem: SearchProblem, settings: SearchSettings, rng: random.Random, share: float
    ) -> tuple[PlayerAction, list[Estimate]]:
        """:meth:`decide` with each candidate's estimate less ``share`` of what the seat's
        one-card look-ahead adds to it, and the first search's estimates.

        The look-ahead sees the world it plays in, so part of what it adds is clairvoyance: the
        seat will not play that well. A second search over the same worlds (the generator's
        state copied before the first, so its worlds are the first search's first ones) values
        each candidate with the seat following the fixed policy, every candidate to the end, in
        :data:`BLEND_PLAYOUTS` of the play-outs; each estimate then loses ``share`` of the
        difference. The near-tie search is :meth:`near_tie_search` among the candidates near
        the best by those estimates, and its estimates lose the same. Without a time budget
        (the clock would split two searches unevenly).
        """
        twin = random.Random()
        twin.setstate(rng.getstate())
        found = self.estimates(problem, settings, rng)
        fewer = max(1, round(settings.iterations * BLEND_PLAYOUTS))
        plain = self.estimates(
            problem, replace(settings, nested=False, race=None, iterations=fewer), twin
        )
        loss = {f.action: share * (f.points - p.points) for f, p in zip(found, plain, strict=True)}
        blended = [replace(e, points=e.points - loss[e.action]) for e in found]
        second = self.near_tie_search(problem, blended, rng)
        if second is not None:
            blended = [replace(e, points=e.points - loss[e.action]) for e in second]
        return max(blended, key=lambda e: e.points).action, found

    def near_tie_search(
        self,
        problem: SearchProblem,
        found: Sequence[Estimate],
        rng: random.Random,
        seconds: float | None = None,
        worlds: fast.DecisionWorlds | None = None,
    ) -> list[Estimate] | None:
        """The second search of :meth:`decide`: the candidates of ``found`` (the first search's
        estimates) within :data:`TIE_WIDTH` of the best, searched again with noisy others
        (:data:`TIE_NOISE`) in ``seconds`` (None: the budget's play-outs), over the first
        search's chain worlds when ``worlds`` holds them; None when no other candidate is that
        close (or near-ties are not searched again)."""
        width = self.config.tie_width
        if width is None:
            return None
        best = max(e.points for e in found)
        near = [e.action for e in found if e.points >= best - width]
        if len(near) < 2:
            return None
        tied = problem.among(near)
        again = replace(self.search_settings(tied), noise=self.config.tie_noise, seconds=seconds)
        return self.estimates(tied, again, rng, worlds)

    def settings(self, problem: SearchProblem) -> SearchSettings:
        """How this bot searches ``problem``: a bid or a card."""
        bidding = problem.bidding
        # Until another seat has bid, every world weighs the same: no world to prefer.
        others_bid = any(b is not None for s, b in enumerate(problem.bids) if s != problem.seat)
        if self.config.sigma_factor is None:
            inverse_variance = 0.0
        else:
            sigma = self.config.sigma_factor * bid_model.model(len(problem.bids)).sigma
            inverse_variance = 1.0 / (2.0 * sigma**2)
        return SearchSettings(
            iterations=self.bid_iterations if bidding else self.iterations,
            seconds=self.seconds,
            inverse_variance=inverse_variance,
            exact_cards=self.config.exact_cards,
            nested=self.config.nested_bids if bidding else self.config.nested_play,
            draws=self._draws_for(problem) if others_bid else 1,
            race=self.config.race,
            noise=self.config.bid_noise if bidding else 0.0,
            faithful=astuple(DEFAULT_PARAMS) if self.reads_play and not bidding else (),
        )

    def _draws_for(self, problem: SearchProblem) -> int:
        """Hands drawn per bid seat: at most :data:`DRAWS`, fewer when a world's play-outs
        are short (few candidates, few tricks left), so that drawing costs no more than
        playing: at least 2, else half the candidates times the tricks left."""
        work = len(problem.candidates) * problem.tricks_left // 2
        return min(self.draws, max(2, work))

    def assess(self, view: Observation, rng: random.Random) -> list[Estimate]:
        """Each legal action with its expected score and its chance of an exact bid (the
        first search of :meth:`choose`, at its whole budget; a blind deal's bids, H5:
        :func:`~ascenseur.bots.blind.blind_bid_estimates`)."""
        if view.is_blind and view.phase is Phase.BIDDING:
            return blind_bid_estimates(view)
        unmodelled = self.without_model(view)
        if unmodelled is not None:
            return unmodelled.assess(view, rng)
        problem = SearchProblem.of(view)
        return self.estimates(problem, self.search_settings(problem), rng)

    def without_model(self, view: Observation) -> ExpertBot | None:
        """This expert without any model of the others, where ``field_check`` finds a seat
        off the model (:func:`~ascenseur.bots.field.off_model`); None where it keeps it."""
        share = self.config.field_check
        if share is None or not off_model(view, share):
            return None
        if self._unmodelled is None:
            settings = replace(self.config, faithful=False, sigma_factor=None, field_check=None)
            self._unmodelled = ExpertBot(self.budget, settings, pure=self.pure)
        return self._unmodelled

    def search_settings(self, problem: SearchProblem) -> SearchSettings:
        """:meth:`settings`, capped in time on the pure-Python path with the default budget."""
        settings = self.settings(problem)
        if self.default_budget and not self.compiled:
            settings = replace(settings, seconds=PURE_DEFAULT_SECONDS)
        return settings

    @property
    def reads_play(self) -> bool:
        """Whether card decisions search the faithful chain's worlds (``faithful``; None: on
        the compiled core)."""
        return self.compiled if self.config.faithful is None else self.config.faithful

    @property
    def compiled(self) -> bool:
        """Whether this bot searches on the compiled core: issue 5, the same loop, run when
        numba is importable (not with pure=True or ASCENSEUR_PURE=1); its worlds come from its
        own seeded generator."""
        return not self.pure and fast.enabled()

    def estimates(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: fast.DecisionWorlds | None = None,
    ) -> list[Estimate]:
        """Each candidate of ``problem`` with its estimate, on the compiled core or not;
        ``worlds``: the decision's chain worlds, kept or read (:func:`ascenseur.fast.assess`)."""
        if self.compiled:
            return fast.assess(problem, settings, rng, worlds)
        if settings.faithful:
            raise ValueError(
                "inference from play (faithful) runs on the compiled core only: install numba "
                f"(the project's default install has it) and unset {fast.PURE_VARIABLE}, or "
                "leave it off on the pure path"
            )
        return reference.assess(problem, settings, rng)


def make(budget: Budget) -> ExpertBot:
    return ExpertBot(budget)


def make_pure(budget: Budget) -> ExpertBot:
    """The pure-Python reference of the same search, even when the compiled core is there
    (issue 5: the arena compares the two at equal play-outs and at equal time)."""
    return ExpertBot(budget, pure=True)
