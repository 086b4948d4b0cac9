"""``ascenseur review`` and ``ascenseur check`` on reviews: output, refusals, digests."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ascenseur.bots.base import make_bot
from ascenseur.cli import main
from ascenseur.core import Rules
from ascenseur.core.record import dumps, record_of
from ascenseur.review import loads
from ascenseur.simulation import play_game


def write_game(path: Path, seed: int) -> Path:
    rules = Rules(players=3, max_cards=2)
    game = play_game(rules, [make_bot("heuristic")] * 3, random.Random(seed))
    path.write_text(dumps(record_of(game, ("bot:heuristic", "Ada", "bot:heuristic"))))
    return path


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Reviews are kept under a temporary data directory, never the user's."""
    where = tmp_path / "data"
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(where))
    return where


def test_the_review_of_the_seat_a_person_played_is_text_then_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    game = write_game(tmp_path / "game.json", 1)
    assert main(["review", str(game), "--budget", "30", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Review of seat 1 (Ada) — 3 players, 3 deals.")
    assert "Budget: 30 play-outs a card, 120 a bid." in text
    assert any((data_dir / "reviews").iterdir())  # kept
    out = tmp_path / "game.review.json"
    assert main(["review", str(game), "--budget", "30", "--json", "-o", str(out)]) == 0
    review = loads(out.read_bytes())
    assert [s.seat for s in review.seats] == [1] and review.budget.playouts == 30
    assert main(["review", str(game), "--budget", "30", "--all", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.count("Revue de la place") == 3


def test_check_validates_a_review_and_refuses_one_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(tmp_path / "game.json", 1)
    other = write_game(tmp_path / "other.json", 2)
    review = tmp_path / "review.json"
    assert main(["review", str(game), "--budget", "20", "--json", "-o", str(review)]) == 0
    capsys.readouterr()
    assert main(["check", str(review), str(game)]) == 0
    verdict = json.loads(capsys.readouterr().out.splitlines()[0])
    assert verdict["valid"] and verdict["record_file"] == str(game)
    assert main(["check", str(review)]) == 0  # alone: the format only
    capsys.readouterr()
    assert main(["check", str(review), str(other)]) == 1
    verdict = json.loads(capsys.readouterr().out.splitlines()[0])
    assert verdict["error"]["code"] == "record-mismatch"
    assert "none of the records given" in verdict["error"]["message"]
    broken = json.loads(review.read_text())
    broken["seats"][0]["summary"]["lost"] += 1.0
    review.write_text(json.dumps(broken))
    assert main(["check", str(review), str(game)]) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[0])["error"]["code"] == "bad-review"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["missing.json"], "there is no record file"),
        (["GAME", "--seat", "3"], "--seat '3' is not a seat of this 3-player game"),
        (["GAME", "--seat", "west"], "--seat 'west' is not a seat"),
        (["GAME", "--budget", "lots"], "the budget 'lots' is neither a level"),
        (["GAME", "--budget", "0"], "the budget '0' is neither a level"),
        (["NOT_A_RECORD"], "is not a game record"),
    ],
)
def test_bad_input_is_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    game = write_game(tmp_path / "game.json", 1)
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    swap = {"GAME": str(game), "NOT_A_RECORD": str(junk), "missing.json": str(tmp_path / "x")}
    assert main(["review", *(swap.get(a, a) for a in args)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascenseur review: ") and said in err
    assert err.count("\n") == 1 and "Traceback" not in err
