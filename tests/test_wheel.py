"""The package as a person installs it: the sdist and the wheel build from the repository, and
the wheel, installed with its compiled search in a clean virtualenv outside the repository,
answers ``--version``, checks a record it wrote, plays a scripted game in plain mode, serves
until ``/readyz`` answers, and decides with the compiled search.

It needs the package index (to build in an isolated environment and to install the wheel's
dependencies, from pip's cache when ``make`` filled it) and takes a few minutes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"

pytestmark = pytest.mark.timeout(1800)


def _run(
    command: Sequence[str | Path], cwd: Path, env: dict[str, str] | None = None, stdin: str = ""
) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    said = f"{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{said}"
    return done.stdout


def test_the_wheel_installs_and_runs_outside_the_repository(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # The sdist first, then the wheel built from it: what the sdist lacks, the wheel lacks.
    _run([sys.executable, "-m", "build", "--outdir", dist, ROOT], cwd=tmp_path)
    (wheel,) = dist.glob("ascenseur-*.whl")
    (sdist,) = dist.glob("ascenseur-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert any(name.endswith("ascenseur/web/static/index.html") for name in names)
    assert any(name.endswith("ascenseur/search/bid_model.json") for name in names)

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path)
    python, ascenseur = venv / "bin" / "python", venv / "bin" / "ascenseur"
    install: list[str | Path] = [
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        f"ascenseur[fast] @ {wheel.as_uri()}",
    ]
    _run([*install, "--constraint", LOCK], cwd=tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV", "ASCENSEUR_PURE")
    }
    env["ASCENSEUR_DATA_DIR"] = str(elsewhere / "data")
    where = _run([python, "-c", "import ascenseur; print(ascenseur.__file__)"], elsewhere, env)
    assert Path(where.strip()).is_relative_to(venv), where

    assert _run([ascenseur, "--version"], elsewhere, env).strip() == "ascenseur 0.1.0"

    # A record it writes, then checks.
    simulate: list[str | Path] = [
        ascenseur,
        "simulate",
        "--players",
        "3",
        "--max-cards",
        "2",
        "--games",
        "1",
    ]
    _run([*simulate, "--seed", "5", "--save", "records"], elsewhere, env)
    records = sorted((elsewhere / "records").glob("*.json"))
    assert records
    verdicts = _run([ascenseur, "check", *records], elsewhere, env).splitlines()
    assert [json.loads(line)["valid"] for line in verdicts] == [True] * len(records)

    # A whole game in plain mode: one deal of one card; the bid typed, the card forced.
    play: list[str | Path] = [ascenseur, "play", "--plain", "--players", "3", "--max-cards", "1"]
    play += ["--auto-play", "--seed", "1", "--bots", "random"]
    said = _run(play, elsewhere, env, stdin="0\n1\nn\n")
    assert "The game is over." in said

    # The compiled search: compiled into the new install's cache, then the expert uses it.
    assert "compiled search is ready" in _run([python, "-m", "ascenseur.fast"], elsewhere, env)
    decide = (
        "import random\n"
        "from ascenseur.bots.base import Budget\n"
        "from ascenseur.bots.expert import ExpertBot\n"
        "from ascenseur.core import GameState, Rules\n"
        "from ascenseur.core.observation import observe\n"
        "state = GameState.new(Rules(players=4, max_cards=5), first_dealer=0)\n"
        "state.deal(random.Random(3))\n"
        "bot = ExpertBot(Budget(iterations=200))\n"
        "view = observe(state, state.current_seat)\n"
        "print(bot.compiled, bot.choose(view, random.Random(0)) in view.legal_actions)\n"
    )
    assert _run([python, "-c", decide], elsewhere, env).split() == ["True", "True"]

    # serve, until /readyz answers.
    server = subprocess.Popen(
        [ascenseur, "serve", "--port", "0"],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert "playing at " in line, line + (server.stderr.read() if server.stderr else "")
        url = line.split("playing at ")[1].split()[0]
        deadline = time.monotonic() + 60
        status = None
        while status != 200 and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "readyz", timeout=5) as answer:
                    status = answer.status
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        assert status == 200
    finally:
        server.terminate()
        server.communicate(timeout=30)  # and its pipes closed
