"""The engine guide's reinforcement-learning code and examples/train_bidder.py run as written."""

from __future__ import annotations

import json
import random
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


def test_the_ladders_trained_bidder_has_weights_for_every_size_of_the_committed_ladder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ladder_bots:trained_bidder`` (examples/) carries weights trained for 3, 4, 6 and 10
    players at max 4 cards, plays a ladder at those sizes from them, and refuses a table it has
    no weights for with the command that trains them."""
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    from ladder_bots import BIDDERS, trained_bidder

    from ascenseur.bots.base import Budget
    from ascenseur.core import GameState, Rules
    from ascenseur.core.errors import AscenseurError
    from ascenseur.core.observation import observe

    sizes = {(r.players, r.max_cards) for r in trained_bidder(Budget()).trained_for}
    assert sizes == {(3, 4), (4, 4), (6, 4), (10, 4)}
    assert sorted(p.name for p in BIDDERS.glob("*.json")) == [
        "10p-m4.json",
        "3p-m4.json",
        "4p-m4.json",
        "6p-m4.json",
    ]
    out = tmp_path / "ladder"
    command = ["ladder", "--bots", "random", "ladder_bots:trained_bidder"]
    command += ["--players", "3", "10", "--games", "2", "--max-cards", "4", "--seed", "1"]
    assert ascenseur([*command, "--jobs", "1", "--bootstrap", "20", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert [size["players"] for size in summary["sizes"]] == [3, 10]
    for size in summary["sizes"]:
        rated = {row["bot"] for row in size["standings"]}
        assert rated == {"random", "ladder_bots:trained_bidder"}
    state = GameState.new(Rules(players=5, max_cards=4), first_dealer=0)
    state.deal(random.Random(1))
    with pytest.raises(AscenseurError, match="no weights for 5 players, max 4 cards") as refused:
        trained_bidder(Budget()).choose(observe(state, 1), random.Random(0))
    assert "train_bidder.py --players 5 --max-cards 4" in str(refused.value)
