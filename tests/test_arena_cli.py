"""``ascenseur arena``: the table, the files it writes, and one-line errors."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import outside_bots
from ascenseur.arena.dealsets import DealSet
from ascenseur.bots.base import Budget, make_bot
from ascenseur.bots.outside import load_bot
from ascenseur.cli import main
from ascenseur.core.errors import AscenseurError
from ascenseur.core.record import check, loads
from ascenseur.core.rules import SCORING_TABLES, Rules

TINY = ["arena", "--candidate", "random", "--reference", "random", "--players", "4"]
TINY += ["--max-cards", "2", "--games", "4", "--seed", "9", "--jobs", "1"]


def test_arena_prints_a_table_and_writes_checkable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main([*TINY, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "random (candidate) vs random (reference): 4 players, max 2 cards" in printed
    assert "points per game" in printed and "[+0.00, +0.00]" in printed
    assert "bid calibration" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert summary["format"] == "ascenseur-arena/1"
    assert summary["games"] == 4
    assert summary["points_difference"]["ci"] == [0.0, 0.0]
    records = sorted((out / "records").iterdir())
    assert len(records) == 4 * 5
    assert main(["check", *(str(p) for p in records)]) == 0
    verdicts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(v["valid"] and v["complete"] for v in verdicts)


def test_a_saved_deal_set_replays_the_same_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    assert main([*TINY, "--out", str(first)]) == 0
    deals = str(first / "deals.json")
    assert main(["arena", "--candidate", "random", "--deals", deals, "--out", str(second)]) == 0
    capsys.readouterr()
    a = json.loads((first / "summary.json").read_text())
    b = json.loads((second / "summary.json").read_text())
    for key in ("rules", "seed", "deal_set", "points_difference", "per_game_points_difference"):
        assert a[key] == b[key]
    for path in (first / "records").iterdir():
        assert (second / "records" / path.name).read_text() == path.read_text()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--candidate", "nobody"], "there is no bot called 'nobody': choose one of"),
        (["--candidate", "random", "--players", "11"], "--players: a table has 3…10 players"),
        (["--candidate", "random", "--max-cards", "20"], "--max-cards: max_cards must be 1…19"),
        (["--candidate", "random", "--rules", "nope"], '--rules: there is no preset "nope"'),
        (["--candidate", "random", "--schedule", "sideways"], "--schedule must be up-down"),
        (["--candidate", "random", "--scoring", "1,2"], "--scoring must be ascenseur"),
        (["--candidate", "random", "--scoring", "1,2,3,4,101"], "scoring.per_trick must be"),
        (["--candidate", "random", "--hook", "--simultaneous"], "--hook: hook needs bids"),
        (["--candidate", "random", "--deals", "/nonexistent/deals.json"], "cannot read"),
    ],
)
def test_bad_options_give_one_line(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *options, "--games", "1", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascenseur arena: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_deals_for_other_players_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main([*TINY, "--out", str(out)]) == 0
    deals = str(out / "deals.json")
    assert main(["arena", "--candidate", "random", "--deals", deals, "--players", "5"]) == 2
    assert "the deal set is for 4 players, not 5" in capsys.readouterr().err


def test_out_must_be_new_or_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "old.txt").write_text("keep me")
    assert main([*TINY, "--out", str(tmp_path)]) == 2
    assert "must be a new or empty directory" in capsys.readouterr().err


def test_a_malformed_number_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--candidate", "random", "--games", "0"])
    assert exit_.value.code == 2
    assert "argument --games: expected a number of at least 1, not 0" in capsys.readouterr().err


OUTSIDE = ["--players", "3", "--max-cards", "2", "--games", "2", "--seed", "9"]


def test_a_bot_from_outside_the_package_sits_in_the_arena(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # the arena adds the current directory
    out = tmp_path / "run"
    options = ["--candidate", "outside_bots:make", "--reference", "random", *OUTSIDE]
    options += ["--budget-iterations", "5", "--jobs", "1", "--out", str(out)]
    made_before = len(outside_bots.made_with)
    assert main(["arena", *options]) == 0
    assert "outside_bots:make (candidate) vs random (reference)" in capsys.readouterr().out
    # Called with the budget: once before any game, then for each seat of each game.
    made = outside_bots.made_with[made_before:]
    assert len(made) == 1 + 2 * 3 and set(made) == {Budget(iterations=5)}
    for game in range(2):
        for seat in range(3):
            name = f"game-{game:05d}-seat{seat}.json"
            record = json.loads((out / "records" / name).read_text())
            assert record["seats"][seat] == "bot:outside_bots:make"
            # The lowest bid allowed is 0 (no hook): the outside bot chose every bid.
            assert all(deal["bids"][seat] == 0 for deal in record["deals"])


def test_an_outside_bot_in_the_current_directory_reaches_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "my_agent.py").write_text(
        "from ascenseur.bots.random_bot import RandomBot\n\n\n"
        "def make():  # no budget argument: called without one\n"
        "    return RandomBot()\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".")])
    options = ["--candidate", "my_agent:make", "--reference", "random", *OUTSIDE, "--jobs", "2"]
    assert main(["arena", *options]) == 0
    printed = capsys.readouterr().out
    # A random bot under another name draws from the same streams: the same games exactly.
    assert "my_agent:make (candidate) vs random (reference)" in printed
    assert "[+0.00, +0.00]" in printed


@pytest.mark.parametrize(
    ("candidate", "message"),
    [
        ("no_such_agent:make", "there is no module no_such_agent on Python's path"),
        ("outside_bots:missing", "outside_bots has no attribute 'missing'"),
        ("outside_bots:LowestBot.missing", "outside_bots:LowestBot has no attribute 'missing'"),
        ("outside_bots:VERSION", "it is 3, of type int, not a callable that returns a bot"),
        ("outside_bots:not_a_bot", "its factory returned 42, of type int, not a bot"),
        ("outside_bots:wants_two", "the factory must take the budget or nothing"),
        ("outside_bots:fails", "its factory failed: RuntimeError: no weights file ("),
        ("broken_agent:make", "importing broken_agent failed: ZeroDivisionError: division by"),
        ("bad_syntax_agent:make", "importing bad_syntax_agent failed: SyntaxError: "),
        ("outside_bots:", "'outside_bots:' is not a bot name nor module:factory"),
    ],
)
def test_an_outside_bot_that_cannot_play_gives_one_line(
    candidate: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "broken_agent.py").write_text("WEIGHTS = 1 / 0\n")
    (tmp_path / "bad_syntax_agent.py").write_text("def make(:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["arena", "--candidate", candidate, *OUTSIDE, "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ascenseur arena: cannot load the bot {candidate}: ") or (
        candidate.endswith(":") and err.startswith("ascenseur arena: ")
    )
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_only_the_arena_imports_bots_by_module_name() -> None:
    # A bot name that may come from a client (a table's level) never imports anything.
    with pytest.raises(AscenseurError, match="there is no bot called 'outside_bots:make'"):
        make_bot("outside_bots:make")
    assert isinstance(load_bot("outside_bots:make"), outside_bots.LowestBot)


def test_the_reference_time_factor_multiplies_the_seconds_of_the_reference_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    out = tmp_path / "run"
    options = ["--candidate", "outside_bots:make", "--reference", "outside_bots:make", *OUTSIDE]
    options += ["--budget-seconds", "0.5", "--reference-time-factor", "10", "--jobs", "1"]
    made_before = len(outside_bots.made_with)
    assert main(["arena", *options, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "budget per decision: candidate 0.5 s, reference 5 s" in printed
    made = outside_bots.made_with[made_before:]
    # Each checked once before the games, then per game: 3 reference bots alone, then each seat's
    # candidate beside 2 reference bots.
    assert made.count(Budget(seconds=0.5)) == 1 + 2 * 3
    assert made.count(Budget(seconds=5.0)) == 1 + 2 * (3 + 3 * 2)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["budget"] == {"iterations": None, "seconds": 0.5}
    assert summary["reference_budget"] == {"iterations": None, "seconds": 5.0}
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [line["game"] for line in lines] == [0, 1]
    assert [line["points_difference"] for line in lines] == summary["per_game_points_difference"]


def test_a_time_factor_needs_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--reference-time-factor", "10"]) == 2
    assert "--reference-time-factor multiplies --budget-seconds" in capsys.readouterr().err


def test_a_single_deal_match_plays_one_deal_of_k_cards_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    options = ["arena", "--candidate", "heuristic", "--reference", "random", "--players", "3"]
    options += ["--single-deal", "4", "--games", "3", "--seed", "5", "--jobs", "1"]
    assert main([*options, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "3 players, max 4 cards" in printed and "3 single deals of 4 cards" in printed
    assert "no records" in printed and not (out / "records").exists()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["single_deal"] == 4
    assert summary["candidate_stats"]["deals"] == 3 * 3
    assert summary["reference_stats"]["deals"] == 3 * 3


def test_an_interrupted_match_prints_the_games_it_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ascenseur.arena import duplicate
    from ascenseur.commands import arena as arena_command

    def two_games_then_ctrl_c(
        match: duplicate.Match,
        deals: DealSet,
        jobs: int,
        sink: Callable[..., None],
        done: object = (),
    ) -> None:
        for game in range(2):
            sink(duplicate.play_game(match, game, deals.games[game]))
        raise KeyboardInterrupt

    monkeypatch.setattr(arena_command, "run_match", two_games_then_ctrl_c)
    out = tmp_path / "run"
    assert main([*TINY, "--out", str(out)]) == 130
    printed = capsys.readouterr().out
    assert "interrupted after 2 of 4 games" in printed
    assert "2 games × 5 runs" in printed and "points per game" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games"] == 2
    assert len(list((out / "records").iterdir())) == 2 * 5


def test_a_match_interrupted_before_any_game_ends_prints_no_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ascenseur.commands import arena as arena_command

    def ctrl_c(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena_command, "run_match", ctrl_c)
    assert main(TINY) == 130
    assert "points per game" not in capsys.readouterr().out


def test_sigterm_stops_a_match_like_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match in the background ignores SIGINT; SIGTERM stops it with the table so far."""
    import os
    import signal

    from ascenseur.arena import duplicate
    from ascenseur.commands import arena as arena_command

    def one_game_then_sigterm(
        match: duplicate.Match,
        deals: DealSet,
        jobs: int,
        sink: Callable[..., None],
        done: object = (),
    ) -> None:
        sink(duplicate.play_game(match, 0, deals.games[0]))
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(arena_command, "run_match", one_game_then_sigterm)
    before = signal.getsignal(signal.SIGTERM)
    assert main(TINY) == 130
    assert "interrupted after 1 of 4 games" in capsys.readouterr().out
    assert signal.getsignal(signal.SIGTERM) is before


def _comparable(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without what differs from run to run (times, jobs, resumption)."""
    kept = {k: v for k, v in summary.items() if k not in ("elapsed_seconds", "jobs", "timing")}
    kept.pop("resumed_after_games", None)
    for side in ("candidate_stats", "reference_stats"):
        kept[side] = {k: v for k, v in kept[side].items() if "time" not in k}
    return kept


def test_a_match_cut_short_resumes_to_the_same_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match killed after two games, in the middle of writing the third's line, goes on
    with --resume: it plays the two games left and saves the table the whole match gives."""
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    options = ["arena", "--candidate", "heuristic", "--reference", "random", "--players", "3"]
    options += ["--max-cards", "3", "--games", "4", "--seed", "5", "--jobs", "1"]
    assert main([*options, "--out", str(whole)]) == 0
    shutil.copytree(whole, cut)
    (cut / "summary.json").unlink()
    lines = (cut / "games.jsonl").read_text().splitlines(keepends=True)
    (cut / "games.jsonl").write_text(lines[0] + lines[1] + lines[2][:40])
    capsys.readouterr()
    assert main(["arena", "--resume", str(cut), "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert "resuming: 2 of 4 games already played" in captured.err
    assert "4 games × 4 runs" in captured.out
    a = json.loads((whole / "summary.json").read_text())
    b = json.loads((cut / "summary.json").read_text())
    assert b["resumed_after_games"] == 2
    assert _comparable(a) == _comparable(b)
    games = [json.loads(line)["game"] for line in (cut / "games.jsonl").read_text().splitlines()]
    assert sorted(games) == [0, 1, 2, 3]
    for path in (whole / "records").iterdir():
        assert (cut / "records" / path.name).read_text() == path.read_text()
    # A finished match resumed plays nothing and says the same.
    assert main(["arena", "--resume", str(whole)]) == 0
    assert _comparable(json.loads((whole / "summary.json").read_text())) == _comparable(a)


def test_a_match_under_house_rules_keeps_them_through_its_files_and_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RULES.md §7 (H1, H2, H4): --rules and single options make the match's rule set; it is
    saved whole in match.json, deals.json and every record, scored by its own table, and
    --resume plays on under it (and refuses a rule option)."""
    out = tmp_path / "run"
    options = ["arena", "--candidate", "heuristic", "--reference", "random", "--players", "3"]
    options += ["--max-cards", "2", "--games", "3", "--seed", "4", "--jobs", "1"]
    options += ["--rules", "tens", "--schedule", "down-up", "--simultaneous"]
    assert main([*options, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "schedule down-up, scoring 20,10,0,10,0, bidding simultaneous" in printed
    expected = Rules(
        3, 2, schedule="down-up", scoring=SCORING_TABLES["tens"], bidding="simultaneous"
    )
    assert Rules.from_json(json.loads((out / "match.json").read_text())["rules"]) == expected
    assert Rules.from_json(json.loads((out / "deals.json").read_text())["rules"]) == expected
    for path in (out / "records").iterdir():
        text = path.read_text()
        record = loads(text)
        assert record.rules == expected
        assert [len(deal.hands[0]) for deal in record.deals] == [2, 1, 2]
        verdict = check(text)
        assert verdict["valid"] and verdict["complete"]
        for deal, scored in zip(record.deals, verdict["deals"], strict=True):
            assert scored["scores"] == [
                expected.scoring.points(b or 0, t)
                for b, t in zip(deal.bids, scored["tricks"], strict=True)
            ]
    assert main(["arena", "--resume", str(out), "--scoring", "tens"]) == 2
    assert "give no --scoring" in capsys.readouterr().err
    (out / "summary.json").unlink()
    assert main(["arena", "--resume", str(out)]) == 0
    assert "bidding simultaneous" in capsys.readouterr().out


def test_a_single_deal_match_plays_the_blind_one_card_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H5: a single-deal match of one card played blind; the match states the rule."""
    out = tmp_path / "run"
    options = ["arena", "--candidate", "heuristic", "--reference", "random", "--players", "4"]
    options += ["--single-deal", "1", "--blind-one-card", "--games", "3", "--jobs", "1"]
    assert main([*options, "--seed", "2", "--out", str(out)]) == 0
    assert "blind_one_card true" in capsys.readouterr().out
    rules = Rules.from_json(json.loads((out / "match.json").read_text())["rules"])
    assert rules.blind_one_card and rules.schedule == (1,)


def test_resume_takes_the_match_from_its_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main([*TINY, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["arena", "--resume", str(out), "--games", "8", "--no-hook"]) == 2
    assert f"--resume plays the match saved in {out}: give no --hook, --games" in (
        capsys.readouterr().err
    )
    assert main(["arena", "--resume", str(tmp_path)]) == 2
    assert "no match.json there" in capsys.readouterr().err
    lines = (out / "games.jsonl").read_text().splitlines()
    old = json.loads(lines[1])
    del old["result"]
    (out / "games.jsonl").write_text(lines[0] + "\n" + json.dumps(old) + "\n")
    assert main(["arena", "--resume", str(out)]) == 2
    said = capsys.readouterr().err
    assert "games.jsonl, line 2: cannot resume from it: it has no result" in said
    assert "start a new match with --out" in said
    other = tmp_path / "other"
    assert main([*TINY[:-4], "--seed", "10", "--jobs", "1", "--out", str(other)]) == 0
    shutil.copy(other / "deals.json", out / "deals.json")
    capsys.readouterr()
    assert main(["arena", "--resume", str(out)]) == 2
    said = capsys.readouterr().err
    assert "deals.json is not the deal set the match was played on: put back" in said
    assert main(["arena", "--players", "4"]) == 2
    assert "--candidate is required (or --resume DIR" in capsys.readouterr().err
