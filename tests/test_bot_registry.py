"""One explicit registry of bots: every process knows the same bots whatever it imported
first, and the bots people play against are a declared property, not an import's side effect."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from ascenseur.bots import PLAYER_BOTS, REGISTRY, make_bot
from ascenseur.core.errors import AscenseurError

PROBE = "import json, {module}; from ascenseur.bots import REGISTRY, PLAYER_BOTS; " + (
    "print(json.dumps([sorted(REGISTRY), PLAYER_BOTS]))"
)


@pytest.mark.parametrize("module", ["ascenseur.web.app", "ascenseur.cli", "ascenseur.bots"])
def test_every_entry_point_knows_the_same_bots(module: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert json.loads(out) == [sorted(REGISTRY), PLAYER_BOTS]


def test_the_players_bots_are_declared_weakest_first_and_the_rest_are_for_analysis() -> None:
    assert PLAYER_BOTS == ["random", "heuristic", "expert"]
    analysis = {"expert-pure"} | ({"openspiel-ismcts"} if find_spec("pyspiel") else set())
    assert set(REGISTRY) == set(PLAYER_BOTS) | analysis


def test_the_browser_is_offered_the_players_bots_only(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from web_helpers import make_app

    with TestClient(make_app(tmp_path / "games.sqlite3")) as http:
        offered = http.get("/api/bots").json()
    assert offered["bots"] == PLAYER_BOTS
    assert offered["default"] in PLAYER_BOTS


@pytest.mark.skipif(find_spec("pyspiel") is None, reason="OpenSpiel is not installed")
def test_openspiels_bot_is_imported_when_the_first_one_is_made() -> None:
    bot = make_bot("openspiel-ismcts")
    assert bot.name.startswith("openspiel")
    assert "ascenseur.openspiel.bot" in sys.modules


def test_an_unknown_bot_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(AscenseurError, match="there is no bot called 'nobody': choose one of"):
        make_bot("nobody")
