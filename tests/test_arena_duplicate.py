"""Duplicate matches: the same numbers whatever the number of processes; luck cancels."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import ArenaError, GameOutcome, Match, play_fixed, run_match
from ascenseur.arena.stats import Tally
from ascenseur.bots.base import REGISTRY, Budget
from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.record import check, loads
from ascenseur.core.rules import Rules

RULES = Rules(players=4, max_cards=2)
DEALS = DealSet.generate(RULES, seed=2026, games=4)


def play(match: Match, jobs: int) -> tuple[Tally, dict[str, str]]:
    tally = Tally(match.rules.players)
    records: dict[str, str] = {}

    def sink(outcome: GameOutcome) -> None:
        tally.add(outcome.result)
        records.update(outcome.records)

    run_match(match, DEALS, jobs, sink)
    return tally, records


def without_times(data: dict[str, Any]) -> dict[str, Any]:
    """A tally's JSON without the wall-clock figures, which no two runs share."""
    return {
        key: {k: v for k, v in value.items() if k != "time_ms"} if key.endswith("_stats") else value
        for key, value in data.items()
    }


@pytest.fixture(scope="module")
def random_runs() -> dict[int, tuple[Tally, dict[str, str]]]:
    match = Match(RULES, "random", "random", Budget(), seed=7)
    return {jobs: play(match, jobs) for jobs in (1, 2)}


def test_results_do_not_depend_on_jobs(
    random_runs: dict[int, tuple[Tally, dict[str, str]]],
) -> None:
    (tally1, records1), (tally2, records2) = random_runs[1], random_runs[2]
    assert without_times(tally1.to_json()) == without_times(tally2.to_json())
    assert records1 == records2


def test_a_candidate_equal_to_the_reference_differs_by_exactly_zero(
    random_runs: dict[int, tuple[Tally, dict[str, str]]],
) -> None:
    tally, records = random_runs[1]
    assert tally.games == 4
    assert tally.per_game() == [0.0] * 4
    assert tally.to_json()["points_difference_by_seat"] == [0.0] * 4
    points = tally.points()
    assert (points.mean, points.low, points.high) == (0.0, 0.0, 0.0)
    # Each substitution run replays the reference run card for card.
    for game in range(4):
        reference = loads(records[f"game-{game:05d}-reference.json"]).deals
        for seat in range(4):
            assert loads(records[f"game-{game:05d}-seat{seat}.json"]).deals == reference


def test_every_run_leaves_a_complete_valid_record(
    random_runs: dict[int, tuple[Tally, dict[str, str]]],
) -> None:
    _, records = random_runs[2]
    assert len(records) == 4 * 5
    for text in records.values():
        verdict = check(text)
        assert verdict["valid"] and verdict["complete"]


class FirstLegal:
    """Always the first legal action: a bot unlike ``random``, for seating tests."""

    name = "first-legal"

    def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
        return view.legal_actions[0]


class Cheat:
    """Bids one more than it holds cards: always illegal."""

    name = "cheat"

    def choose(self, view: Observation, rng: random.Random) -> Bid | Play:
        return Bid(view.hand_size + 1)


def test_the_candidate_takes_each_seat_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "first-legal", lambda budget: FirstLegal())
    _, records = play(Match(RULES, "first-legal", "random", Budget(), seed=7), jobs=1)
    assert loads(records["game-00000-reference.json"]).seats == ("bot:random",) * 4
    for seat in range(4):
        seats = loads(records[f"game-00003-seat{seat}.json"]).seats
        assert seats is not None
        assert [s for s, name in enumerate(seats) if name == "bot:first-legal"] == [seat]


def test_an_illegal_move_names_the_game_and_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "cheat", lambda budget: Cheat())
    with pytest.raises(ArenaError, match=r"game 0, the run with the candidate in seat 0: .*bid 2"):
        play(Match(RULES, "cheat", "random", Budget(), seed=7), jobs=1)


def test_an_arena_error_crosses_the_process_boundary() -> None:
    err = pickle.loads(pickle.dumps(ArenaError("game 3, the reference run: seat 1 cannot bid 4")))
    assert isinstance(err, ArenaError)
    assert str(err) == "game 3, the reference run: seat 1 cannot bid 4"


@pytest.mark.parametrize("k", [1, 3, 5])
def test_a_single_deal_is_the_games_first_deal_of_that_many_cards(k: int) -> None:
    rules = Rules(players=4, max_cards=5)
    game = DealSet.generate(rules, seed=11, games=1).games[0]
    bots = [REGISTRY["random"](Budget()) for _ in range(4)]
    whole, _ = play_fixed(rules, game, bots, [random.Random(s) for s in range(4)])
    single, times = play_fixed(rules, game, bots, [random.Random(s) for s in range(4)], k)
    assert single.is_terminal() and len(single.results) == 1
    (deal,) = single.deal_logs()
    expected = whole.deal_logs()[k - 1]  # 1, 2, 3, …: k cards first at deal k − 1
    assert (deal.dealer, deal.hands) == (expected.dealer, expected.hands)
    assert single.results[0].hand_size == k
    # Every seat acted: a bid, and k cards of which the last is forced (then not timed or not).
    assert all(len(t) >= 1 for t in times)


def test_a_single_deal_match_counts_one_deal_per_seat_and_game() -> None:
    match = Match(RULES, "random", "random", Budget(), seed=7, single_deal=2)
    tally, records = play(match, 1)
    assert records == {}
    summary = tally.to_json()
    assert summary["candidate_stats"]["deals"] == len(DEALS.games) * RULES.players
    assert all(row["bid"] <= 2 for row in summary["candidate_stats"]["calibration"])


def test_a_match_plays_the_schedules_hand_sizes_or_its_single_deal() -> None:
    # Rule D4: hands of 1, 2, …, M, M−1, …, 1 cards; a single-deal match plays one size.
    rules = Rules(players=4, max_cards=3)
    assert Match(rules, "random", "random", Budget(), seed=7).hand_sizes == (1, 2, 3, 2, 1)
    single = Match(rules, "random", "random", Budget(), seed=7, single_deal=2)
    assert single.hand_sizes == (2,)


def test_a_single_deal_must_fit_the_rules() -> None:
    with pytest.raises(
        ArenaError, match="a single deal must have one of the schedule's hand sizes"
    ):
        Match(RULES, "random", "random", Budget(), seed=7, single_deal=3)


def test_the_reference_bots_get_their_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, Budget]] = []
    factory = REGISTRY["random"]

    def recording(name: str) -> Any:
        def make(budget: Budget) -> Any:
            made.append((name, budget))
            return factory(budget)

        return make

    monkeypatch.setitem(REGISTRY, "cand", recording("cand"))
    monkeypatch.setitem(REGISTRY, "ref", recording("ref"))
    mine, theirs = Budget(seconds=0.5), Budget(seconds=5.0)
    match = Match(RULES, "cand", "ref", mine, seed=7, reference_budget=theirs)
    play(match, 1)
    assert {budget for name, budget in made if name == "cand"} == {mine}
    assert {budget for name, budget in made if name == "ref"} == {theirs}
    # Per game: 4 reference bots in the reference run, then 3 beside each candidate.
    assert sum(name == "ref" for name, _ in made) == len(DEALS.games) * (4 + 4 * 3)
