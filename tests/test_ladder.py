"""``ascenseur ladder``: lineups, duplicate rotations, ratings in order, seeded intervals."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.ladder import Entrant, Ladder, LadderGame, play_ladder_game
from ascenseur.arena.ladder_files import saved_ladder
from ascenseur.arena.ratings import standings
from ascenseur.bots.base import Budget
from ascenseur.cli import main

pytest.importorskip("openskill")

KNOWN = ["random", "heuristic", "expert@1000"]


@pytest.fixture(scope="module")
def known_order(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Random, heuristic and the expert at 4 players on short games (max 3 cards)."""
    out = tmp_path_factory.mktemp("ladder") / "known"
    command = ["ladder", "--bots", *KNOWN, "--players", "4", "--games", "40"]
    command += ["--max-cards", "3", "--seed", "3", "--jobs", "2", "--bootstrap", "100"]
    assert main([*command, "--out", str(out)]) == 0
    return out


def test_random_rates_below_heuristic_and_expert_with_its_interval_clear(
    known_order: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Random is last with its interval clear of both. The heuristic and the expert are not
    ordered here: on 3-card hands in a field with random bots they rate alike (seeds 3 and 4:
    first in 64% and 41% of replicates for the heuristic), so an order between them would be
    the seed's, not the bots' (evaluations/README.md, ladders)."""
    summary = json.loads((known_order / "summary.json").read_text())
    assert summary["format"] == "ascenseur-ladder/1"
    (four,) = summary["sizes"]
    assert four["players"] == 4 and four["games"] == 40 and four["rankings"] == 160
    rows = {row["bot"]: row for row in four["standings"]}
    assert [row["bot"] for row in four["standings"]][-1] == "random"
    for better in ("heuristic", "expert@1000"):
        assert rows["random"]["interval"][1] < rows[better]["interval"][0]
        assert rows[better]["points_per_game"] > rows["random"]["points_per_game"]
    # The searching bot is the one that thinks.
    assert (
        rows["expert@1000"]["think_seconds_per_game"] > rows["heuristic"]["think_seconds_per_game"]
    )
    assert (known_order / "ratings.svg").read_text().startswith("<svg")
    assert "<text" in (known_order / "ratings.svg").read_text()


def test_every_bot_sits_in_every_seat_of_a_game_in_duplicate(known_order: Path) -> None:
    ladder, games = saved_ladder(known_order)
    assert len(games) == 40
    for game in games:
        lineup = ladder.lineup(4, game.game)
        assert Counter(lineup).keys() == set(KNOWN)  # every bot, one of them twice
        assert len(game.rotations) == 4
        for r, rotation in enumerate(game.rotations):
            assert rotation.seats == tuple(lineup[(s + r) % 4] for s in range(4))


def test_bootstrap_intervals_come_again_from_the_seed_and_move_with_it(
    known_order: Path,
) -> None:
    ladder, games = saved_ladder(known_order)
    first = standings(games, ladder.population, seed=11, replicates=30)
    again = standings(games, ladder.population, seed=11, replicates=30)
    other = standings(games, ladder.population, seed=12, replicates=30)
    assert first == again
    assert [(s.low, s.high) for s in first] != [(s.low, s.high) for s in other]


def test_a_ladder_cut_short_resumes_to_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["ladder", "--bots", "random", "heuristic", "--players", "3", "5"]
    command += ["--games", "3", "--max-cards", "2", "--seed", "8", "--jobs", "1"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*command, "--bootstrap", "20", "--out", str(whole)]) == 0
    assert main([*command, "--bootstrap", "20", "--out", str(cut)]) == 0
    lines = (cut / "games.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) == 6
    (cut / "games.jsonl").write_text("".join(lines[:2]) + lines[2][:25])
    assert main(["ladder", "--resume", str(cut), "--jobs", "1", "--bootstrap", "20"]) == 0
    assert "resuming: 2 games already played" in capsys.readouterr().err
    _, played = saved_ladder(whole)
    _, resumed = saved_ladder(cut)
    assert [g.to_json() | {"rotations": _no_times(g)} for g in resumed] == [
        g.to_json() | {"rotations": _no_times(g)} for g in played
    ]
    summary = json.loads((cut / "summary.json").read_text())
    expected = json.loads((whole / "summary.json").read_text())
    assert [r["bot"] for r in summary["overall"]["standings"]] == [
        r["bot"] for r in expected["overall"]["standings"]
    ]
    assert [r["rating"] for r in summary["overall"]["standings"]] == [
        r["rating"] for r in expected["overall"]["standings"]
    ]


def _no_times(game: LadderGame) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    return [(r.seats, r.totals) for r in game.rotations]


def test_a_lineup_seats_every_bot_as_often_as_the_table_allows() -> None:
    ladder = Ladder(("a:x", "b:x", "c:x"), (10,), games=5, seed=1, budget=Budget())
    for game in range(5):
        counts = Counter(ladder.lineup(10, game))
        assert sorted(counts.values()) == [3, 3, 4]


def test_an_entry_takes_its_own_budget_after_an_at_sign() -> None:
    assert Entrant.parse("expert@2000,1.5s") == Entrant("expert", Budget(2000, 1.5))
    assert Entrant.parse("module:make") == Entrant("module:make")
    with pytest.raises(ArenaError, match="a budget after @"):
        Entrant.parse("expert@fast")


def test_an_outside_bot_plays_every_rotation_of_a_game() -> None:
    ladder = Ladder(("random", "outside_bots:make"), (3,), games=1, seed=2, budget=Budget())
    game = play_ladder_game(ladder, 3, 0, ladder.deals(3).games[0])
    assert [set(r.seats) for r in game.rotations] == [{"random", "outside_bots:make"}] * 3


def test_a_population_of_one_bot_is_refused() -> None:
    with pytest.raises(ArenaError, match="at least two different bots"):
        Ladder(("random", "random"), (3,), games=1, seed=2, budget=Budget())


def test_an_unknown_bot_fails_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--bots", "random", "nobody", "--players", "3"]) == 2
    assert "there is no bot called 'nobody'" in capsys.readouterr().err
