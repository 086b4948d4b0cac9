"""``ascenseur arena``: the table, the files it writes, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascenseur.cli import main

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
        (["--candidate", "nobody"], "there is no bot called 'nobody'"),
        (["--candidate", "random", "--players", "11"], "players must be 2…10"),
        (["--candidate", "random", "--max-cards", "20"], "max_cards must be 1…19"),
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
