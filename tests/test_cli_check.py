"""``ascenseur check FILE…``: one JSON verdict per record, exit 0/1/2, never a traceback (§6)."""

from __future__ import annotations

import io
import json
import os
import pathlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ascenseur.cli import main

# A one-deal game for 2 players: seat 1 deals, seat 0 leads 1♠, seat 1 wins with 2♠.
# Bids 0 and 1 are both exact: 3 + 2 × 0 = 3 and 3 + 2 × 1 = 5 (S1).
VALID: dict[str, Any] = {
    "format": "ascenseur-record/1",
    "rules": {"players": 2, "max_cards": 1},
    "first_dealer": 1,
    "deals": [{"dealer": 1, "hands": [["S1"], ["S2"]], "bids": [0, 1], "cards": ["S1", "S2"]}],
}
VALID_VERDICT = {
    "valid": True,
    "complete": True,
    "deals": [{"tricks": [0, 1], "scores": [3, 5]}],
    "totals": [3, 5],
    "winners": [1],
}
# The same game with the cards in the wrong order: seat 0 leads but holds no 2♠ (P1).
INVALID: dict[str, Any] = {
    **VALID,
    "deals": [{"dealer": 1, "hands": [["S1"], ["S2"]], "bids": [0, 1], "cards": ["S2", "S1"]}],
}


def write(tmp_path: Path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return str(path)


def run_check(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[Any], str]:
    """Run ``ascenseur check`` in-process: (status, JSON lines of stdout, stderr)."""
    status = main(["check", *args])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert out == "" or out.endswith("\n")
    return status, [json.loads(line) for line in lines], err


def test_valid_record_prints_its_verdict_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6/S1: a valid record: one JSON line with its deals, totals, winners; exit 0."""
    path = write(tmp_path, "game.json", json.dumps(VALID))
    status, verdicts, err = run_check([path], capsys)
    assert status == 0
    assert verdicts == [{"file": path, **VALID_VERDICT}]
    assert err == ""


def test_invalid_record_prints_the_located_fault_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: an invalid record: its first fault with deal, index, seat, card, code; exit 1."""
    path = write(tmp_path, "bad.json", json.dumps(INVALID))
    status, verdicts, err = run_check([path], capsys)
    assert status == 1
    [verdict] = verdicts
    assert verdict["valid"] is False
    error = verdict["error"]
    assert (error["deal"], error["index"], error["seat"], error["card"], error["code"]) == (
        0,
        0,
        0,
        "S2",
        "not-in-hand",
    )
    assert "2♠" in error["message"]
    assert err == ""


def test_one_line_per_file_in_the_order_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: several files: one verdict line each, in order; exit 1 if any is invalid."""
    good = write(tmp_path, "good.json", json.dumps(VALID))
    bad = write(tmp_path, "bad.json", json.dumps(INVALID))
    status, verdicts, _ = run_check([good, bad, good], capsys)
    assert status == 1
    assert [(v["file"], v["valid"]) for v in verdicts] == [(good, True), (bad, False), (good, True)]
    status, verdicts, _ = run_check([good, good], capsys)
    assert status == 0
    assert verdicts == [{"file": good, **VALID_VERDICT}, {"file": good, **VALID_VERDICT}]


def test_dash_reads_the_record_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: ``-`` stands for standard input."""
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(VALID).encode("utf-8")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    status, verdicts, _ = run_check(["-"], capsys)
    assert status == 0
    assert verdicts == [{"file": "-", **VALID_VERDICT}]


def test_record_in_progress_is_valid_and_incomplete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: a game in progress is valid; complete is false and no deal is scored yet."""
    progress = {**VALID, "deals": [{**VALID["deals"][0], "bids": [0, None], "cards": []}]}
    path = write(tmp_path, "progress.json", json.dumps(progress))
    status, verdicts, _ = run_check([path], capsys)
    assert status == 0
    assert verdicts == [
        {
            "file": path,
            "valid": True,
            "complete": False,
            "deals": [],
            "totals": [0, 0],
            "winners": [0, 1],
        }
    ]


def test_missing_file_exits_2_with_a_message_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: a file that cannot be read: exit 2, a sentence naming it, no traceback."""
    missing = str(tmp_path / "nowhere.json")
    status, verdicts, err = run_check([missing], capsys)
    assert status == 2
    assert verdicts == []
    assert missing in err
    assert "cannot read" in err
    assert "No such file" in err
    assert "Traceback" not in err


def test_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """§6: a directory is not a record file."""
    status, _, err = run_check([str(tmp_path)], capsys)
    assert status == 2
    assert str(tmp_path) in err
    assert "Traceback" not in err


def test_unreadable_file_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: a file without read permission: exit 2 and the reason."""
    path = write(tmp_path, "locked.json", json.dumps(VALID))
    real = pathlib.Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if str(self) == path:
            raise PermissionError(13, "Permission denied", path)
        return real(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)
    status, _, err = run_check([path], capsys)
    assert status == 2
    assert path in err and "Permission denied" in err


def test_unreadable_file_after_an_invalid_one_still_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: exit 2 (cannot read) outranks exit 1 (invalid); earlier verdicts are printed."""
    bad = write(tmp_path, "bad.json", json.dumps(INVALID))
    status, verdicts, err = run_check([bad, str(tmp_path / "missing.json")], capsys)
    assert status == 2
    assert [v["valid"] for v in verdicts] == [False]
    assert "missing.json" in err


def test_no_file_is_a_usage_error() -> None:
    """§6: check needs at least one FILE (or -)."""
    with pytest.raises(SystemExit) as info:
        main(["check"])
    assert info.value.code == 2


GARBAGE: dict[str, bytes] = {
    "empty": b"",
    "random-bytes": random.Random(0).randbytes(4096),
    "nul-bytes": b"\x00" * 100,
    "invalid-utf8": b'{"format": "\xff\xfe"}',
    "utf16-like": b"\xff\xfe\x00\x00junk",
    "deep-arrays": b"[" * 200_000,
    "deep-objects": b'{"a":' * 100_000,
    "deep-valid-nesting": b"[" * 50_000 + b"]" * 50_000,
    "png-header": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
    "json-not-record": b'["a", 1, null]',
    "nan": b'{"format": "ascenseur-record/1", "rules": {"players": NaN}}',
}


@pytest.mark.parametrize("name", sorted(GARBAGE))
def test_garbage_is_an_invalid_record_not_a_crash(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: whatever bytes a file holds, check prints a verdict and exits 1."""
    path = write(tmp_path, f"{name}.json", GARBAGE[name])
    status, verdicts, err = run_check([path], capsys)
    assert status == 1
    [verdict] = verdicts
    assert verdict["valid"] is False
    assert verdict["error"]["message"].strip()
    assert err == ""


def test_huge_integer_is_an_invalid_record_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """§6: a number too long to read is a fault of the record like any other."""
    text = '{"format": "ascenseur-record/1", "rules": {"players": ' + "9" * 5000 + "}}"
    path = write(tmp_path, "huge-int.json", text)
    status, verdicts, _ = run_check([path], capsys)
    assert status == 1
    assert verdicts[0]["valid"] is False


def test_real_process_prints_one_line_per_file_and_reads_stdin(tmp_path: Path) -> None:
    """§6: ``python -m ascenseur check`` as a user runs it: valid, invalid, garbage on stdin."""
    good = write(tmp_path, "good.json", json.dumps(VALID))
    bad = write(tmp_path, "bad.json", json.dumps(INVALID))
    deep = write(tmp_path, "deep.json", b"[" * 200_000)
    done = subprocess.run(
        [sys.executable, "-m", "ascenseur", "check", good, bad, deep, "-"],
        input=random.Random(1).randbytes(2048),
        capture_output=True,
        timeout=60,
        check=False,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, stderr
    assert stderr == ""
    verdicts = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [(v["file"], v["valid"]) for v in verdicts] == [
        (good, True),
        (bad, False),
        (deep, False),
        ("-", False),
    ]
    assert verdicts[0] == {"file": good, **VALID_VERDICT}
    assert verdicts[1]["error"]["code"] == "not-in-hand"


def test_real_process_exits_2_on_a_missing_file_without_a_traceback(tmp_path: Path) -> None:
    """§6: a missing file in a real process: exit 2, a one-line reason on stderr."""
    missing = str(tmp_path / "missing.json")
    done = subprocess.run(
        [sys.executable, "-m", "ascenseur", "check", missing],
        capture_output=True,
        timeout=60,
        check=False,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2
    assert done.stdout == b""
    assert "Traceback" not in stderr
    assert missing in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_real_process_on_an_ascii_terminal_prints_verdicts_without_a_traceback(
    tmp_path: Path,
) -> None:
    """§6: an invalid record's message holds ♠; an ASCII stdout still gets a verdict line."""
    bad = write(tmp_path, "bad.json", json.dumps(INVALID))
    done = subprocess.run(
        [sys.executable, "-m", "ascenseur", "check", bad],
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert b"Traceback" not in done.stderr
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["code"] == "not-in-hand"
