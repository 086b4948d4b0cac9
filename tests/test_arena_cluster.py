"""``ascenseur arena --cluster``: the games as Ray tasks give the table ``--jobs`` gives.

Each test starts a local Ray of 2 CPUs at most (a few seconds) and shuts it down. The match's
candidate is ``slow_bots:make``, a module of tests/ that is not installed: on the cluster it
travels with the tasks, and its games last long enough that a worker can be killed in one.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ascenseur.arena import cluster
from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import GameOutcome, Match, run_match
from ascenseur.arena.ladder_files import saved_ladder
from ascenseur.arena.saved import saved_match
from ascenseur.arena.stats import Tally
from ascenseur.bots.base import Budget
from ascenseur.cli import main
from ascenseur.core.rules import Rules

pytest.importorskip("ray")
pytestmark = pytest.mark.timeout(240)

BOT = "slow_bots:make"
OPTIONS = ["arena", "--candidate", BOT, "--reference", "heuristic", "--players", "4"]
OPTIONS += ["--max-cards", "3", "--games", "6", "--seed", "61", "--jobs", "2"]
RULES = Rules(players=4, max_cards=3)
MATCH = Match(RULES, BOT, "heuristic", Budget(), seed=61)
DEALS = DealSet.generate(RULES, 61, 6)


def table(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without what no two runs share: wall-clock times and where they ran."""
    kept = {k: v for k, v in summary.items() if k not in ("elapsed_seconds", "jobs", "timing")}
    kept.pop("resumed_after_games", None)
    for side in ("candidate_stats", "reference_stats"):
        kept[side] = {k: v for k, v in kept[side].items() if "time" not in k}
    return kept


def lines_by_game(out: Path) -> dict[int, dict[str, Any]]:
    """Each game's line of games.jsonl without its decision times; a game twice fails."""
    found: dict[int, dict[str, Any]] = {}
    for line in (out / "games.jsonl").read_text().splitlines():
        data = json.loads(line)
        assert data["game"] not in found, f"game {data['game']} counted twice"
        for side in ("reference", "candidate"):
            for run in data["result"][side]:
                run.pop("times_ns")
        found[data["game"]] = data
    return found


@pytest.fixture(autouse=True)
def one_ray_at_a_time(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """pytest-xdist's workers take these tests one at a time: two local clusters starting
    together on two busy cores can outlast Ray's 30 s for a raylet to start."""
    lock = tmp_path_factory.getbasetemp().parent / "ascenseur-ray.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def with_jobs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The match played by two processes, as ``--jobs 2`` plays it."""
    out = tmp_path_factory.mktemp("jobs") / "match"
    assert main([*OPTIONS, "--out", str(out)]) == 0
    return out


def test_a_match_on_a_local_ray_gives_the_table_of_jobs_digit_for_digit_and_resumes(
    with_jobs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ray"
    assert main([*OPTIONS, "--cluster", "auto", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "on a local Ray, 2 CPUs" in printed
    summary = json.loads((out / "summary.json").read_text())
    expected = json.loads((with_jobs / "summary.json").read_text())
    assert table(summary) == table(expected)
    assert summary["timing"]["games_played"] == 6 and summary["timing"]["games_per_minute"] > 0
    assert lines_by_game(out) == lines_by_game(with_jobs)
    assert sorted(p.name for p in (out / "records").iterdir()) == sorted(
        p.name for p in (with_jobs / "records").iterdir()
    )
    for record in (with_jobs / "records").iterdir():
        assert (out / "records" / record.name).read_text() == record.read_text()

    # Cut short after four games (the fifth's line half written): --resume on the cluster
    # plays the two left, and the table is the whole match's again.
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines[:4]) + lines[4][:30])
    assert main(["arena", "--resume", str(out), "--cluster", "auto", "--jobs", "2"]) == 0
    assert "resuming: 4 of 6 games" in capsys.readouterr().err
    assert table(json.loads((out / "summary.json").read_text())) == table(expected)
    assert lines_by_game(out) == lines_by_game(with_jobs)


def playing_workers() -> list[int]:
    """The Ray workers of this machine that are playing a game now (Ray names a worker's
    process after the task it runs)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if command.startswith(b"ray::play_run"):
                found.append(int(entry.name))
    return found


def test_a_worker_killed_mid_game_has_its_run_played_again_and_the_game_counted_once(
    with_jobs: Path,
) -> None:
    killed: list[int] = []
    games: list[int] = []
    tally = Tally(RULES.players)

    def sink(outcome: GameOutcome) -> None:
        games.append(outcome.result.game)
        tally.add(outcome.result)
        deadline = time.monotonic() + 20
        while not killed and time.monotonic() < deadline:
            playing = playing_workers()
            if playing:
                os.kill(playing[0], signal.SIGKILL)
                killed.append(playing[0])
            else:
                time.sleep(0.01)

    with cluster.connect("auto", 2, [BOT]) as backend:
        run_match(MATCH, DEALS, backend, sink)
        assert killed, "no worker was found playing a game"
        assert sorted(games) == list(range(6))
        _, _, expected = saved_match(with_jobs)
        want = Tally(RULES.players)
        for result in expected:
            want.add(result)
        assert table(tally.to_json()) == table(want.to_json())

        # Ctrl-C in the middle: the games in flight are stopped, not waited for.
        def interrupt(outcome: GameOutcome) -> None:
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run_match(MATCH, DEALS, backend, interrupt)
        deadline = time.monotonic() + 20
        while playing_workers() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert playing_workers() == []
    import ray

    assert not ray.is_initialized()


def test_outside_modules_travel_and_installed_ones_do_not() -> None:
    env = cluster.runtime_environment([BOT, "heuristic", "ascenseur.bots.random_bot:RandomBot"])
    shipped = env["py_modules"]
    assert [Path(p).name for p in shipped] == ["slow_bots.py"]
    assert cluster.runtime_environment(["pytest:main"]).get("py_modules") is None


def test_an_address_that_is_not_one_is_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*OPTIONS, "--cluster", "my-laptop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascenseur arena: --cluster my-laptop: give auto (a local Ray)")


def test_a_ladder_on_a_local_ray_plays_the_games_of_its_jobs_run(tmp_path: Path) -> None:
    command = ["ladder", "--bots", "random", "heuristic", BOT, "--players", "3", "4"]
    command += ["--games", "2", "--max-cards", "2", "--seed", "5", "--bootstrap", "20"]
    assert main([*command, "--jobs", "1", "--out", str(tmp_path / "jobs")]) == 0
    ray_run = ["--jobs", "2", "--cluster", "auto", "--out", str(tmp_path / "ray")]
    assert main([*command, *ray_run]) == 0

    def played(out: Path) -> list[Any]:
        _, games = saved_ladder(out)
        return [[(r.seats, r.totals) for r in game.rotations] for game in games]

    assert played(tmp_path / "ray") == played(tmp_path / "jobs")
    ratings = [
        json.loads((tmp_path / run / "summary.json").read_text())["overall"]["standings"]
        for run in ("jobs", "ray")
    ]
    assert [(r["bot"], r["rating"], r["interval"]) for r in ratings[0]] == [
        (r["bot"], r["rating"], r["interval"]) for r in ratings[1]
    ]
