"""The conformance suite from an independent implementation of RULES.md.

Records go through the same code as ``ascenseur check``; legal-move positions and trick
winners through the core's one legality function and winner function.
"""

from __future__ import annotations

import filecmp
import json
from pathlib import Path
from typing import Any

import pytest

from ascenseur.cli import main
from ascenseur.core import Card, legal_cards, trick_winner
from ascenseur.core.record import check

HERE = Path(__file__).parent / "conformance"
SHARED = Path(__file__).parents[2] / "shared" / "conformance"
RECORD_CASES = sorted(p for p in HERE.glob("*.json") if p.name.startswith(("valid-", "illegal-")))


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def assert_byte_identical(ours: Path, shared: Path) -> None:
    """``ours`` holds exactly the files of ``shared``, byte for byte (skipped when the shared
    folder is not beside this checkout)."""
    if not shared.is_dir():
        pytest.skip(f"../shared/{shared.name} is not beside this checkout")
    mine = sorted(p.name for p in ours.iterdir())
    theirs = sorted(p.name for p in shared.iterdir())
    assert mine == theirs, (
        f"tests/{ours.name} must hold exactly the files of ../shared/{shared.name}"
    )
    _, mismatch, errors = filecmp.cmpfiles(ours, shared, theirs, shallow=False)
    assert mismatch == [] and errors == [], f"files differ from ../shared/{shared.name}: {mismatch}"


def test_copy_is_byte_identical_to_shared_cases() -> None:
    assert_byte_identical(HERE, SHARED)


def test_there_are_cases_of_every_kind() -> None:
    names = [p.name for p in RECORD_CASES]
    assert sum(n.startswith("valid-") for n in names) >= 30
    assert sum(n.startswith("illegal-") for n in names) >= 40


@pytest.mark.parametrize("path", RECORD_CASES, ids=lambda p: p.stem)
def test_record_verdict_matches(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _load(path)
    expect = case["expect"]
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(case["record"]), encoding="utf-8")
    status = main(["check", str(record_file)])
    result = json.loads(capsys.readouterr().out)
    assert result.pop("file") == str(record_file)  # each line names its file
    assert result == check(record_file.read_bytes())
    if expect["valid"]:
        assert status == 0
        assert result == expect
    else:
        assert status == 1
        assert result["valid"] is False
        for field, value in expect["error"].items():
            if value is not None:
                assert result["error"][field] == value, (field, result["error"])
        assert result["error"]["message"].strip()


@pytest.mark.parametrize(
    "case", _load(HERE / "legal-moves.json"), ids=lambda c: " ".join(c["hand"])
)
def test_legal_moves(case: dict[str, list[str]]) -> None:
    hand = [Card.parse(code) for code in case["hand"]]
    trick = [Card.parse(code) for code in case["trick"]]
    assert [card.code for card in legal_cards(hand, trick)] == case["legal"]


def test_trick_winners() -> None:
    cases = _load(HERE / "trick-winners.json")
    wrong = [
        case
        for case in cases
        if trick_winner([Card.parse(code) for code in case["cards"]]) != case["winner_index"]
    ]
    assert len(cases) == 1000
    assert wrong == []
