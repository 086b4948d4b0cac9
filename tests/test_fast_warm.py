"""The install step leaves the expert's compiled search warm (issue 12).

``make``'s install rule runs ``python -m ascenseur.fast``; after it, a new process's first
expert decision and first hint load the compiled code from the disk cache and compile
nothing (numba's own cache log says which). Without this, the first hint of a fresh install
froze the game for about 17 s.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

from ascenseur.fast import cache

ROOT = Path(__file__).parent.parent

FIRST_DECISIONS = """
import random
from ascenseur.bots import make_bot
from ascenseur.bots.hints import advice
from ascenseur.core import GameState, Rules
from ascenseur.core.observation import observe
state = GameState.single_deal(Rules(players=5, max_cards=6), 5, dealer=0)
state.deal(random.Random(5))
rng = random.Random(1)
bot = make_bot("expert")
while not state.is_terminal():
    view = observe(state, state.current_seat)
    advice(view, random.Random(2), playouts=50)
    state.apply(bot.choose(view, rng))
"""


def run(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **env}
    environment.pop("ASCENSEUR_PURE", None)
    return subprocess.run(
        [sys.executable, *argv], capture_output=True, text=True, check=True, env=environment
    )


def test_the_makefile_install_step_warms_the_cache() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = makefile.split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    assert "$(BIN)/python -m ascenseur.fast" in rule


@pytest.mark.timeout(900)
def test_after_the_warm_up_a_new_process_compiles_nothing(tmp_path: Path) -> None:
    # A copy of the package, whose cache (beside its sources) starts empty: in the checkout,
    # tests run before this one may have compiled what the warm-up forgets.
    shutil.copytree(
        ROOT / "src" / "ascenseur",
        tmp_path / "ascenseur",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    copy = {"PYTHONPATH": str(tmp_path)}
    warmed = run("-m", "ascenseur.fast", **copy)
    lines = warmed.stdout.splitlines()
    assert lines[0].startswith("ascenseur: compiling")  # said before the wait
    assert re.fullmatch(
        r"ascenseur: the expert's compiled search is ready \(\d+\.\d s\)\.", lines[-1]
    )
    assert cache.is_warm(tmp_path / "ascenseur" / "fast" / "__pycache__", tmp_path / "ascenseur")
    first = run("-c", FIRST_DECISIONS, NUMBA_DEBUG_CACHE="1", **copy)
    log = first.stdout + first.stderr
    assert "[cache] data loaded" in log
    assert "saved to" not in log, "the first decisions compiled: " + log[-2000:]


def test_a_cache_of_other_sources_is_cold(tmp_path: Path) -> None:
    assert not cache.is_warm(tmp_path)  # nothing there
    (tmp_path / cache.DIGEST_FILE).write_text(cache.sources_digest())
    assert not cache.is_warm(tmp_path)  # the stamp alone: no compiled code
    for entry in cache.SEARCH_ENTRIES:
        for suffix in ("nbi", "1.nbc"):
            (tmp_path / f"{entry}-1.py311.{suffix}").write_bytes(b"")
    assert cache.is_warm(tmp_path)
    (tmp_path / cache.DIGEST_FILE).write_text("0" * 64)  # the sources changed since
    assert not cache.is_warm(tmp_path)
