"""The house-rules conformance suite (RULES.md §7, rules H1–H5) from an independent
implementation, run through the same code as ``ascenseur check``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ascenseur.cli import main
from ascenseur.core.record import check
from test_conformance import assert_byte_identical

HERE = Path(__file__).parent / "conformance-house-rules"
SHARED = Path(__file__).parents[2] / "shared" / "conformance-house-rules"
CASES = sorted(p for p in HERE.glob("*.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_copy_is_byte_identical_to_shared_cases() -> None:
    assert_byte_identical(HERE, SHARED)


def test_every_option_has_cases() -> None:
    names = [p.stem for p in CASES]
    assert len(names) == 89
    for part in ("schedule", "scoring", "lead-restriction", "simultaneous", "blind", "mixed"):
        assert any(part in name for name in names), part
    assert sum(n.startswith("illegal-rules-") for n in names) >= 10


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_house_rules_verdict_matches(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _load(path)
    expect = case["expect"]
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(case["record"]), encoding="utf-8")
    status = main(["check", str(record_file)])
    result = json.loads(capsys.readouterr().out)
    assert result.pop("file") == str(record_file)
    if expect["valid"]:
        assert status == 0, result
        assert result == expect
    else:
        assert status == 1, result
        assert result["valid"] is False
        for field, value in expect["error"].items():
            if value is not None:
                assert result["error"][field] == value, (field, result["error"])
        if path.stem.startswith("illegal-rules-"):
            assert result["error"]["code"] == "bad-rules", result["error"]
        assert result["error"]["message"].strip()


@pytest.mark.parametrize("path", [p for p in CASES if p.stem.startswith("valid-")], ids=str)
def test_valid_records_round_trip(path: Path) -> None:
    """A house-rules record read and written again states the same game and the same rules."""
    from ascenseur.core.record import dumps, loads

    record = loads(json.dumps(_load(path)["record"]))
    again = loads(dumps(record))
    assert again == record
    assert check(dumps(record)) == _load(path)["expect"]
