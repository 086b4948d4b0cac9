"""``ascenseur arena``: the table, the files it writes, and one-line errors."""

from __future__ import annotations

import json
import random
import shutil
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import outside_bots
from ascenseur.arena.dealsets import DealSet
from ascenseur.bots.base import Budget, make_bot
from ascenseur.bots.outside import load_bot
from ascenseur.cli import main
from ascenseur.core.actions import BIDS, Bid, Deal, Play, PlayerAction
from ascenseur.core.cards import Card
from ascenseur.core.errors import AscenseurError
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import check, loads
from ascenseur.core.rules import SCORING_TABLES, Rules
from ascenseur.core.state import GameState
from ascenseur.fast import DecisionWorlds
from ascenseur.search.problem import Estimate, SearchProblem, SearchSettings

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
    kept = {k: v for k, v in summary.items() if k not in ("elapsed_seconds", "jobs")}
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


def test_expert_variants_change_only_the_setting_their_name_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tools/expert_variants.py: each factory is the expert with one setting changed; the
    near-tie search of tie_twice plays twice the first search's play-outs, with the expert's
    noise."""
    import expert_variants
    from ascenseur import fast
    from ascenseur.bots import expert
    from ascenseur.bots.base import Budget
    from ascenseur.core.observation import observe
    from ascenseur.core.rules import Rules
    from ascenseur.core.state import GameState
    from helpers import deal_of

    default = expert.ExpertBot(Budget())
    assert expert_variants.tie_width_03(Budget()).tie_width == 0.3
    assert expert_variants.tie_noise_03(Budget()).tie_noise == 0.3
    assert expert_variants.playouts_20k(Budget()).iterations == 20_000
    assert expert_variants.playouts_20k(Budget()).bid_iterations == 20_000 * expert.BID_FACTOR
    assert expert_variants.playouts_20k(Budget(iterations=50)).iterations == 50
    both = expert_variants.playouts_20k_noise_03(Budget())
    assert (
        (both.iterations, both.tie_noise)
        == (20_000, 0.3)
        != (default.iterations, default.tie_noise)
    )
    assert expert_variants.playouts_20k(Budget(seconds=0.5)).iterations == Budget(
        seconds=0.5
    ).iterations_or(0)
    assert default.tie_width == expert.TIE_WIDTH and default.iterations == 10_000
    assert expert_variants.bid_factor_12(Budget()).bid_iterations == 12 * 10_000
    assert default.bid_iterations == expert.BID_FACTOR * 10_000
    assert not expert_variants.nested_bids_off(Budget()).nested_bids
    assert expert_variants.nested_bids_off(Budget()).nested_play and default.nested_bids
    assert expert_variants.sigma_10(Budget()).sigma_factor == 1.0
    assert expert_variants.sigma_16(Budget()).sigma_factor == 1.6
    assert default.sigma_factor == expert.SIGMA_FACTOR not in (1.0, 1.6)
    assert expert_variants.draws_32(Budget()).draws == 32 != expert.DRAWS == default.draws
    assert expert_variants.exact_12(Budget()).exact_cards == 12 != default.exact_cards

    seen: list[Any] = []
    real = fast.assess if fast.enabled() else expert.assess

    def spy(problem: Any, settings: Any, rng: random.Random, *worlds: Any) -> Any:
        seen.append(settings)
        found = real(problem, settings, rng, *worlds)
        # Every candidate ties: the second search always runs.
        return [replace(e, points=0.0) for e in found]

    monkeypatch.setattr(fast, "assess", spy)
    monkeypatch.setattr(expert, "assess", spy)
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    state.apply(deal_of("S1 S2 S3", "T19 T20 T21", "H1 H2 H3"))
    view = observe(state, 1)  # seat 1 bids first: 0, 1, 2 or 3
    expert_variants.tie_twice(Budget(iterations=40)).choose(view, random.Random(2))
    # The bid's first search, its blend's search without look-ahead, the near-tie search.
    first, plain, again = seen
    assert first.nested and not plain.nested and plain.noise == 0.0
    assert first.noise == 0.0 and again.noise == expert.TIE_NOISE
    assert again.iterations == 2 * first.iterations
    # Every bid ties: leaning up takes the highest, leaning down the lowest.
    budget = Budget(iterations=40)
    assert expert_variants.bid_up_05(budget).choose(view, random.Random(2)) == Bid(3)
    assert expert_variants.bid_down_05(budget).choose(view, random.Random(2)) == Bid(0)
    # Every bid ties: pulled toward the field, the bid is the heuristic bot's.
    from ascenseur.bots.heuristic import HeuristicBot

    field = HeuristicBot().choose(view, random.Random(2))
    own = expert.ExpertBot(budget).choose(view, random.Random(2))
    assert expert_variants.bid_field_05(budget).choose(view, random.Random(2)) == field != own
    # bid_ties_10: a wider near-tie for bids only.
    bidding, playing = SearchProblem.of(view), SearchProblem.of(_three_spades_to_lead())
    assert default.tie_width_for(bidding) == default.tie_width_for(playing) == expert.TIE_WIDTH
    assert expert_variants.bid_ties_10(Budget()).tie_width_for(bidding) == 1.0
    assert expert_variants.bid_ties_10(Budget()).tie_width_for(playing) == expert.TIE_WIDTH
    # bid_noise_02: noisy others in the bid search only.
    noisy = expert_variants.bid_noise_02(Budget())
    assert noisy.settings(bidding).noise == 0.2 and noisy.settings(playing).noise == 0.0
    assert default.settings(bidding).noise == 0.0


def _three_spades_to_lead() -> Observation:
    """Seat 1's view of a 3-card deal it leads holding S1 S5 SK, having bid 1 (then 0 and 1)."""
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    hands = ("H1 H2 H3", "S1 S5 SK", "T1 T2 T3")
    state.apply(Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands)))
    for bid in (1, 0, 1):  # seat 1 bids first and leads
        state.apply(BIDS[bid])
    return observe(state, 1)


def test_lookahead_blend_takes_a_share_of_the_lookaheads_gain_off_each_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tools/expert_variants.py's blend_05: each card's estimate loses half of the first
    search's estimate minus the same worlds' estimate with the seat following the fixed policy
    (the plain search starts from the generator's state the first one started from); near-ties
    and the near-tie search's estimates are read with that loss; share 0 is the expert; bids
    are the expert's (blended: 0.4 of the look-ahead's gain off each bid), and no_bid_blend's
    are not blended."""
    import expert_variants
    from ascenseur.bots.expert import TIE_NOISE
    from helpers import deal_of

    view = _three_spades_to_lead()
    # The first search: SK clearly best; without the look-ahead, SK is worth 2 less.
    answers = {
        (True, 0.0): [1.0, 1.2, 2.0],
        (False, 0.0): [1.0, 1.2, 0.0],
        (True, TIE_NOISE): [1.3, 1.0],  # the near-tie search of S1 and SK (blended 1.0, 1.0)
    }

    def run(share: float, first: list[float]) -> tuple[PlayerAction, list[Any]]:
        calls: list[Any] = []

        def estimates(
            problem: SearchProblem,
            settings: SearchSettings,
            rng: random.Random,
            worlds: DecisionWorlds | None = None,
        ) -> list[Estimate]:
            calls.append((settings.nested, settings.race, rng.getstate()))
            points = answers[(settings.nested, settings.noise)]
            if settings.nested and not settings.noise:
                points = first
            rng.random()  # a search draws from its generator
            return [Estimate(a, p, 0.5, 1) for a, p in zip(problem.actions, points, strict=True)]

        bot = expert_variants.LookaheadBlend(Budget(iterations=30), share)
        monkeypatch.setattr(bot, "estimates", estimates)
        return bot.choose(view, random.Random(1)), calls

    played, calls = run(0.5, [1.0, 1.2, 2.0])  # blended 1.0, 1.2, 1.0: S5 alone is best
    assert played == Play(Card.parse("S5"))
    (nested, race, start), (plain, plain_race, plain_start) = calls
    assert nested and not plain and plain_race is None and start == plain_start
    assert race is not None
    assert run(0.0, [1.0, 1.2, 2.0])[0] == Play(Card.parse("SK"))  # the expert's choice
    # Blended 1.0, 0.7, 1.0: S1 and SK tie; the near-tie search's 1.3 and 1.0 lose 0 and 1.
    played, calls = run(0.5, [1.0, 0.2, 2.0])
    assert played == Play(Card.parse("S1")) and len(calls) == 3

    # Seat 1's bid (0 to 3): blended, the bid of 3 loses 0.4 of its 4-point gain.
    state = GameState.single_deal(Rules(players=3, max_cards=3), deal_index=2, dealer=0)
    state.apply(deal_of("S1 S2 S3", "T19 T20 T21", "H1 H2 H3"))
    bidding = observe(state, 1)

    def canned(
        problem: SearchProblem,
        settings: SearchSettings,
        rng: random.Random,
        worlds: DecisionWorlds | None = None,
    ) -> list[Estimate]:
        points = [1.0, 2.0, 3.0, 4.0] if settings.nested else [1.0, 2.0, 3.0, 0.0]
        return [Estimate(a, p, 0.5, 1) for a, p in zip(problem.actions, points, strict=True)]

    for factory, bid in ((expert_variants.no_bid_blend, 3), (expert_variants.blend_05, 2)):
        bot = factory(Budget(iterations=30))
        monkeypatch.setattr(bot, "estimates", canned)
        assert bot.choose(bidding, random.Random(1)) == Bid(bid)
