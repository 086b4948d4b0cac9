"""The engine guide's reinforcement-learning code and examples/train_bidder.py run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra: rl)")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra: rl)")

from ascenseur.bots.base import REGISTRY
from ascenseur.cli import main as ascenseur

ROOT = Path(__file__).resolve().parents[1]


def test_readme_rl_code_runs_and_its_agent_meets_random_in_the_arena(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = readme.split("## Reinforcement learning", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) == 2
    try:
        exec(compile("\n".join(blocks), "docs/engine.md", "exec"), {"__name__": "readme"})
    finally:
        REGISTRY.pop("my-agent", None)  # registered by the guide's code
    out = capsys.readouterr().out
    assert "my-agent (candidate) vs random (reference): 4 players, max 3 cards" in out


def test_the_training_example_runs_end_to_end_in_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    weights = tmp_path / "bidder.json"
    command = [
        sys.executable,
        str(ROOT / "examples" / "train_bidder.py"),
        *("--players", "3", "--max-cards", "3", "--games", "16"),
        *("--eval-games", "2", "--arena-games", "2", "--save", str(weights)),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "trained, most likely bid" in done.stdout
    assert "rl-bidder (candidate) vs random (reference): 3 players, max 3 cards" in done.stdout
    # The saved weights, as a module:factory bot, in worker processes of the arena.
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    monkeypatch.setenv("ASCENSEUR_BIDDER", str(weights))
    arena = ["arena", "--candidate", "train_bidder:saved", "--reference", "random"]
    arena += ["--players", "3", "--max-cards", "3", "--games", "2", "--seed", "5", "--jobs", "2"]
    assert ascenseur(arena) == 0
    assert "train_bidder:saved (candidate) vs random (reference)" in capsys.readouterr().out
