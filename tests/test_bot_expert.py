"""The expert bot: inference from bids, legal and deterministic choices, its budget.

That it cannot see hidden cards is tested with every bot in ``test_bot_peeking.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ascenseur.bots.base import UNBOUNDED, Budget, make_bot
from ascenseur.bots.expert import (
    BID_BLEND,
    BLEND_PLAYOUTS,
    DEFAULT_ITERATIONS,
    DRAWS,
    FIRST_SHARE,
    TIE_NOISE,
    TIE_WIDTH,
    ExpertBot,
    ExpertSettings,
)
from ascenseur.core.actions import BIDS, Deal, Play, PlayerAction
from ascenseur.core.cards import Card, mask_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast import DecisionWorlds
from ascenseur.search.bid_model import expected_bid
from ascenseur.search.problem import Estimate, SearchProblem, SearchSettings
from ascenseur.search.reference import draw, guess_bids
from ascenseur.search.worlds import WorldSpec, sample_world
from helpers import tight_position


def _cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


def _dealt(state: GameState, hands: list[str]) -> GameState:
    state.apply(Deal(tuple(_cards(h) for h in hands)))
    return state


def test_a_high_bid_makes_strong_hands_likelier_for_that_seat() -> None:
    """Worlds where the seat that bid 3 of 3 holds the high trumps weigh more than worlds
    where it holds low cards."""
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    _dealt(state, ["S1 S2 S3", "T19 T20 T21", "H1 H2 H3"])
    for bid in (3, 0, 0):  # seat 1 bids first (dealer 0), then 2, then 0
        state.apply(BIDS[bid])
    problem = SearchProblem.of(observe(state, 0))
    inverse_variance = ExpertBot(Budget(iterations=10)).settings(problem).inverse_variance
    strong = [mask_of(_cards(h)) for h in ("S1 S2 S3", "T19 T20 T21", "H1 H2 H3")]
    weak = [mask_of(_cards(h)) for h in ("S1 S2 S3", "H1 H2 H3", "T19 T20 T21")]
    bids_strong, weight_strong = guess_bids(problem, strong, inverse_variance)
    bids_weak, weight_weak = guess_bids(problem, weak, inverse_variance)
    assert bids_strong == bids_weak == [0, 3, 0]
    assert weight_strong > 100 * weight_weak
    assert expected_bid(strong[1], 3, 3) > expected_bid(weak[1], 3, 3)


def test_without_inference_every_world_weighs_one() -> None:
    state = GameState.single_deal(Rules(players=3, max_cards=2), deal_index=1, dealer=2)
    _dealt(state, ["S1 T21", "H1 H2", "D1 D2"])
    state.apply(BIDS[2])
    problem = SearchProblem.of(observe(state, 1))
    bids, weight = guess_bids(problem, [mask_of(_cards("H1 H2"))] * 3, 0.0)
    assert weight == 1.0
    assert bids[0] == 2


def test_worlds_kept_by_weight_estimate_what_every_world_drawn_does() -> None:
    """Seat 1 bid 2 of 3 cards: worlds where its hand is strong weigh more. Keeping one world
    of 16 drawn, by weight, and weighing it by their mean weight estimates seat 1's mean
    expected bid as weighing every world drawn does; and the kept worlds, unweighted, are
    about as strong, far stronger than worlds drawn at random (the play-outs go where the
    weight is)."""
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    _dealt(state, ["S1 S2 S3", "T19 T20 T21", "H1 H2 H3"])
    for bid in (2, 0, 0):
        state.apply(BIDS[bid])
    view = observe(state, 0)
    problem = SearchProblem.of(view)
    means = []
    for draws, worlds in ((1, 16_000), (16, 1_000)):
        bot = ExpertBot(Budget(iterations=10), pure=True)
        settings = replace(bot.settings(problem), draws=draws)
        rng = random.Random(draws)
        weighted = total = plain = 0.0
        for _ in range(worlds):
            hands, _, weight = draw(problem, settings, rng)
            weighted += weight * expected_bid(hands[1], 3, 3)
            total += weight
            plain += expected_bid(hands[1], 3, 3)
        means.append((weighted / total, plain / worlds))
    (estimate_all, drawn), (estimate_kept, kept) = means
    assert abs(estimate_kept - estimate_all) < 0.05 * estimate_all
    assert abs(kept - estimate_all) < 0.1 * estimate_all
    assert kept > 1.3 * drawn


def test_hands_drawn_per_seat_follow_the_play_outs_cost() -> None:
    """Each bid seat's hand is the one kept of DRAWS drawn when the play-outs are long, of
    fewer when they are short (half the candidates times the tricks left, at least 2); and
    before any other seat has bid every world weighs the same: each world drawn is searched."""
    bot = ExpertBot(Budget(iterations=10))
    assert bot.settings(SearchProblem.of(_three_card_bid())).draws == 1
    state = GameState.single_deal(Rules(players=4), deal_index=11, dealer=3)
    state.deal(random.Random(2))
    for _ in range(4):
        state.apply(BIDS[3])
    first = SearchProblem.of(observe(state, 0))  # 12 cards to lead from, 12 tricks left
    assert bot.settings(first).draws == DRAWS
    view = observe(state, 0)
    rng = random.Random(3)
    while view.hand_size - len(view.tricks) > 2 or state.current_seat != 0:
        state.apply(rng.choice(state.legal_actions()))
        view = observe(state, 0)
    late = SearchProblem.of(view)  # two tricks left, two cards at most to choose from
    assert late.tricks_left == 2 and len(late.candidates) <= 2
    assert bot.settings(late).draws == 2


def test_played_cards_are_credited_to_the_seat_that_played_them() -> None:
    state = GameState.single_deal(Rules(players=3, max_cards=2), deal_index=1, dealer=2)
    _dealt(state, ["S1 S9", "S2 H2", "S3 D2"])
    for _ in range(3):
        state.apply(BIDS[0])
    state.apply(Play(Card.parse("S1")))  # seat 0 leads
    state.apply(Play(Card.parse("S2")))
    problem = SearchProblem.of(observe(state, 2))
    assert problem.shown == (Card.parse("S1").bit, Card.parse("S2").bit, 0)


def test_expert_choices_are_legal_and_deterministic_on_both_paths() -> None:
    rng = random.Random(3)
    for pure in (True, False):
        bot = ExpertBot(Budget(iterations=80), pure=pure)
        state = GameState.new(Rules(players=4, max_cards=4), first_dealer=1)
        while not state.is_terminal():
            if state.is_chance_node():
                state.deal(rng)
                continue
            view = observe(state, state.current_seat)
            action = bot.choose(view, random.Random(7))
            assert action in view.legal_actions
            assert action == bot.choose(view, random.Random(7))
            state.apply(action)


class WorldCount:
    """Counts the worlds the pure search samples (it calls ``sample_world`` once a world)."""

    def __init__(self) -> None:
        self.drawn = 0

    def __call__(self, spec: WorldSpec, rng: random.Random) -> list[int]:
        self.drawn += 1
        return sample_world(spec, rng)


@pytest.fixture
def worlds(monkeypatch: pytest.MonkeyPatch) -> WorldCount:
    from ascenseur.search import reference

    count = WorldCount()
    monkeypatch.setattr(reference, "sample_world", count)
    return count


def _three_card_bid() -> Observation:
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    _dealt(state, ["S1 S2 S3", "T19 T20 T21", "H1 H2 H3"])
    return observe(state, 1)  # seat 1 bids first: 0, 1, 2 or 3


def test_bids_get_bid_factor_times_the_playouts(worlds: WorldCount) -> None:
    """A bid is searched over bid_factor times the worlds of a card, on the pure path."""
    view = _three_card_bid()
    ExpertBot(Budget(iterations=40), ExpertSettings(bid_factor=3.0), pure=True).assess(
        view, random.Random(1)
    )
    assert worlds.drawn == 120 // 4


def test_expert_pure_searches_without_the_compiled_core(
    worlds: WorldCount, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``expert-pure`` is the pure-Python reference: it draws its worlds from the pure
    sampler and never calls the compiled search, which ``expert`` uses when it is there."""
    from ascenseur import fast

    def refuse(*args: object) -> list[object]:
        raise AssertionError("the compiled search was used")

    monkeypatch.setattr(fast, "assess", refuse)
    view = _three_card_bid()
    action = make_bot("expert-pure", Budget(iterations=30)).choose(view, random.Random(1))
    assert action in view.legal_actions
    assert worlds.drawn > 0
    if fast.enabled():
        with pytest.raises(AssertionError, match="compiled search"):
            make_bot("expert", Budget(iterations=30)).choose(view, random.Random(1))


def test_a_budget_in_seconds_alone_lets_the_clock_decide() -> None:
    """Equal-time comparisons: ``--budget-seconds`` without iterations means "as many
    play-outs as the time allows", not the default play-outs cut short."""
    assert Budget().iterations_or(3000) == 3000
    assert Budget(iterations=7, seconds=1.0).iterations_or(3000) == 7
    assert Budget(seconds=0.5).iterations_or(3000) == UNBOUNDED
    assert ExpertBot(Budget(seconds=0.5)).iterations == UNBOUNDED
    assert ExpertBot(Budget()).iterations == DEFAULT_ITERATIONS


@pytest.mark.parametrize("pure", [True, False])
def test_a_zero_second_budget_still_decides_legally(pure: bool) -> None:
    """The deadline is checked after each world (each chunk, compiled): at least one
    world is searched, so even a budget that is already spent gives a legal card."""
    state = GameState.single_deal(Rules(players=4, max_cards=6), deal_index=5, dealer=3)
    state.deal(random.Random(4))
    while state.phase.name == "BIDDING":
        state.apply(state.legal_actions()[0])
    view = observe(state, state.current_seat)
    action = ExpertBot(Budget(seconds=0.0), pure=pure).choose(view, random.Random(2))
    assert action in view.legal_actions


def test_the_default_budget_is_capped_in_time_on_the_pure_path(
    worlds: WorldCount, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without numba the default 10,000 nested play-outs would take minutes: the bot's own
    default budget stops at PURE_DEFAULT_SECONDS (here 0: after one world), while an explicit
    budget in play-outs is searched in full."""
    from ascenseur.bots import expert as expert_module

    monkeypatch.setattr(expert_module, "PURE_DEFAULT_SECONDS", 0.0)
    view = _three_card_bid()
    ExpertBot(Budget(), pure=True).assess(view, random.Random(1))
    assert worlds.drawn == 1
    ExpertBot(Budget(iterations=40), ExpertSettings(bid_factor=1.0), pure=True).assess(
        view, random.Random(1)
    )
    assert worlds.drawn == 1 + 40 // 4


@pytest.mark.parametrize("pure", [True, False])
def test_where_worlds_cannot_be_drawn_the_expert_searches_built_ones(pure: bool) -> None:
    """Hands so constrained by the others' voids, every card dealt, that most draws fail
    (:func:`helpers.tight_position`; seen at 6 players and 13 cards): the expert still
    searches, over worlds built to fit, and every candidate meets all its worlds: the
    expert's own worlds one per play-out, the faithful chain's (on by default where the
    compiled core runs) its pool, the same for every candidate."""
    view = observe(tight_position(), 0)
    for faithful in (False, None):
        bot = ExpertBot(Budget(iterations=60), ExpertSettings(faithful=faithful), pure=pure)
        estimates = bot.assess(view, random.Random(3))
        assert [e.action for e in estimates] == list(view.legal_actions)
        met = {e.worlds for e in estimates}
        if bot.reads_play:
            assert len(met) == 1 and 0 < met.pop() <= 60 // len(view.legal_actions)
        else:
            assert met == {60 // len(view.legal_actions)}
        assert bot.choose(view, random.Random(3)) in view.legal_actions


class CannedSearch(ExpertBot):
    """An expert whose searches return the given points, in turn, and are recorded; its bids
    are not blended (one search, then the near-tie search: the blend's own test is below)."""

    def __init__(
        self, budget: Budget, *answers: list[float], tie_width: float | None = TIE_WIDTH
    ) -> None:
        super().__init__(budget, ExpertSettings(tie_width=tie_width, bid_blend=0.0))
        self.answers = list(answers)
        self.calls: list[tuple[tuple[PlayerAction, ...], SearchSettings]] = []

    def estimates(
        self,
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        self.calls.append((problem.actions, settings))
        points = self.answers[len(self.calls) - 1]
        return [Estimate(a, p, 0.5, 1) for a, p in zip(problem.actions, points, strict=True)]


def test_near_tied_candidates_are_searched_again_with_noisy_others() -> None:
    """Bids 1 and 2 are within TIE_WIDTH of each other: a second search among just those two,
    the others noisy (TIE_NOISE) and the same play-outs, decides; a clear best is played at
    once, and without a tie width the first search always decides."""
    view = _three_card_bid()  # bids 0 to 3
    bot = CannedSearch(Budget(iterations=40), [1.0, 2.0, 1.95, 0.5], [1.2, 1.1])
    assert bot.choose(view, random.Random(1)) == BIDS[1]
    (first_actions, first), (again_actions, again) = bot.calls
    assert first_actions == tuple(BIDS[:4]) and first.noise == 0.0
    assert again_actions == (BIDS[1], BIDS[2])
    assert again == replace(first, noise=TIE_NOISE)
    bot = CannedSearch(Budget(iterations=40), [1.0, 2.0, 1.95, 0.5], [1.1, 1.2])
    assert bot.choose(view, random.Random(1)) == BIDS[2]
    clear = CannedSearch(Budget(iterations=40), [1.0, 2.0, 2.0 - 2 * TIE_WIDTH, 0.5])
    assert clear.choose(view, random.Random(1)) == BIDS[1] and len(clear.calls) == 1
    off = CannedSearch(Budget(iterations=40), [1.0, 2.0, 1.95, 0.5], tie_width=None)
    assert off.choose(view, random.Random(1)) == BIDS[1] and len(off.calls) == 1


def test_with_a_time_budget_the_two_searches_share_it() -> None:
    """The first search gets FIRST_SHARE of the seconds, the second what is left of them."""
    view = _three_card_bid()
    bot = CannedSearch(Budget(seconds=2.0), [1.0, 2.0, 1.95, 0.5], [1.2, 1.1])
    assert bot.choose(view, random.Random(1)) == BIDS[1]
    (_, first), (_, again) = bot.calls
    assert first.seconds == 2.0 * FIRST_SHARE
    assert again.seconds is not None and 0.0 < again.seconds <= 2.0


def test_a_problem_among_some_candidates_keeps_their_order() -> None:
    problem = SearchProblem.of(_three_card_bid())
    among = problem.among([BIDS[3], BIDS[0]])
    assert among.actions == (BIDS[0], BIDS[3]) and among.candidates == (0, 3)
    assert among.spec == problem.spec
    with pytest.raises(ValueError, match="not candidates"):
        problem.among([BIDS[3], Play(Card.parse("S1"))])


@pytest.mark.parametrize("pure", [True, False])
def test_a_noisy_search_is_deterministic_given_its_seed(pure: bool) -> None:
    """Others' noise comes from the search's own generator: the same seed, the same
    estimates; and it changes what the play-outs find."""
    state = GameState.single_deal(Rules(players=4, max_cards=6), deal_index=5, dealer=3)
    state.deal(random.Random(4))
    while state.phase.name == "BIDDING":
        state.apply(state.legal_actions()[0])
    view = observe(state, state.current_seat)
    bot = ExpertBot(Budget(iterations=200), ExpertSettings(race=None), pure=pure)
    problem = SearchProblem.of(view)
    noisy = replace(bot.settings(problem), noise=0.5)
    once = bot.estimates(problem, noisy, random.Random(9))
    assert once == bot.estimates(problem, noisy, random.Random(9))
    assert once != bot.estimates(problem, bot.settings(problem), random.Random(9))


def test_a_blended_bid_loses_a_share_of_what_the_look_ahead_adds_to_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``bid_blend``, a bid's estimate loses that share of what the seat's one-card
    look-ahead adds (the search with it less the same worlds' search without it, started from
    the same generator state): the bid of 3, which owes 4 points to the look-ahead, loses 1.6
    at 0.4 (:data:`BID_BLEND`, the expert's default) and the bid of 2 is made; the expert
    without it bids 3. Cards, a search with a time budget and a bid searched without the
    look-ahead are searched as the expert does (one search, no second without look-ahead)."""
    view = _three_card_bid()
    calls: list[tuple[bool, object]] = []
    plays: list[int] = []

    def canned(
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        calls.append((settings.nested, rng.getstate()))
        plays.append(settings.iterations)
        rng.random()  # a search draws from its generator
        points = [1.0, 2.0, 3.0, 4.0] if settings.nested else [1.0, 2.0, 3.0, 0.0]
        points = points[-len(problem.actions) :]
        return [Estimate(a, p, 0.5, 1) for a, p in zip(problem.actions, points, strict=True)]

    chosen = {}
    for share in (0.0, 0.4):
        bot = ExpertBot(Budget(iterations=30), ExpertSettings(bid_blend=share))
        monkeypatch.setattr(bot, "estimates", canned)
        calls.clear()
        plays.clear()
        chosen[share] = bot.choose(view, random.Random(1))
        if share:
            (nested, start), (plain, plain_start) = calls
            assert nested and not plain and start == plain_start
            # The search without look-ahead plays a quarter of the bid's play-outs.
            assert plays == [bot.bid_iterations, round(bot.bid_iterations * BLEND_PLAYOUTS)]
        else:
            assert [nested for nested, _ in calls] == [True]
    assert chosen == {0.0: BIDS[3], 0.4: BIDS[2]}
    registered = ExpertBot(Budget(iterations=30))  # the expert blends its bids by default
    monkeypatch.setattr(registered, "estimates", canned)
    assert (
        registered.config.bid_blend == BID_BLEND
        and registered.choose(view, random.Random(1)) == BIDS[2]
    )
    timed = ExpertBot(Budget(seconds=5.0), ExpertSettings(bid_blend=0.4))
    monkeypatch.setattr(timed, "estimates", canned)
    calls.clear()
    assert timed.choose(view, random.Random(1)) == BIDS[3] and len(calls) == 1
    flat = ExpertBot(
        Budget(iterations=30), ExpertSettings(nested_bids=False)
    )  # nothing to discount
    monkeypatch.setattr(flat, "estimates", canned)
    calls.clear()
    assert flat.choose(view, random.Random(1)) == BIDS[2] and calls == [(False, calls[0][1])]
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    _dealt(state, ["S1 S2 S3", "T19 T20 T21", "H1 H2 H3"])
    for bid in (3, 0, 0):  # seats 1, 2, 0 (rule B1); seat 1 leads from trumps alone (P2)
        state.apply(BIDS[bid])
    lead = observe(state, 1)
    assert len(lead.legal_actions) == 3
    blended = ExpertBot(Budget(iterations=30), ExpertSettings(bid_blend=0.4))
    monkeypatch.setattr(blended, "estimates", canned)
    calls.clear()
    # The cards' estimates 2, 3, 4 (without look-ahead 2, 3, 0): the card of 4, as the expert.
    assert blended.choose(lead, random.Random(1)) == lead.legal_actions[2] and len(calls) == 1
