"""The layers hold at run time too: the compiled core and the bots load nothing above them.

``pyproject.toml``'s import-linter contracts check the source (``make lint``); these tests
import in a fresh interpreter and look at what was loaded, so a registry filled as a side
effect of an import, or a lazy import that hides a cycle, shows up here too.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ascenseur.bots import REGISTRY, make_bot
from ascenseur.bots.base import Budget

_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
registry = sys.modules.get("ascenseur.bots.base")
print(json.dumps({
    "modules": sorted(sys.modules),
    "bots": sorted(registry.REGISTRY) if registry else None,
}))
"""


def probe(*modules: str) -> dict[str, list[str] | None]:
    """What importing ``modules`` in a fresh interpreter loads, and the bots it registers."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *modules],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    loaded: dict[str, list[str] | None] = json.loads(done.stdout)
    return loaded


def _under(modules: list[str] | None, *packages: str) -> list[str]:
    return [
        m for m in modules or [] if m in packages or m.startswith(tuple(p + "." for p in packages))
    ]


FAST_MODULES = [
    "ascenseur.fast",
    "ascenseur.fast.masks",
    "ascenseur.fast.play",
    "ascenseur.fast.worlds",
    "ascenseur.fast.search",
    "ascenseur.fast.deals",
]


def test_importing_the_compiled_core_loads_no_bot_and_no_openspiel() -> None:
    pytest.importorskip("numba")
    loaded = probe(*FAST_MODULES)
    assert set(FAST_MODULES) <= set(loaded["modules"] or [])
    assert loaded["bots"] is None, "the bot registry was loaded"
    assert _under(loaded["modules"], "ascenseur.bots", "ascenseur.openspiel", "pyspiel") == []
    assert _under(loaded["modules"], "ascenseur.arena", "ascenseur.session", "ascenseur.web") == []


def test_importing_the_fast_package_alone_needs_no_numba() -> None:
    loaded = probe("ascenseur.fast")
    assert _under(loaded["modules"], "numba", "numpy", "ascenseur.bots") == []


def test_the_bots_load_no_openspiel_and_name_its_bot_when_it_is_installed() -> None:
    """The registry is written in one place (ascenseur.bots): OpenSpiel's bot is in it
    whenever OpenSpiel is installed, named by its module, and importing the bots loads
    neither OpenSpiel nor the package's OpenSpiel layer."""
    loaded = probe("ascenseur.bots")
    assert _under(loaded["modules"], "ascenseur.openspiel", "pyspiel", "open_spiel") == []
    assert loaded["bots"] is not None and "expert" in loaded["bots"]
    installed = importlib.util.find_spec("pyspiel") is not None
    assert ("openspiel-ismcts" in loaded["bots"]) == installed


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason="needs OpenSpiel")
def test_an_openspiel_bot_is_made_by_name_whatever_was_imported() -> None:
    assert "openspiel-ismcts" in REGISTRY
    assert make_bot("openspiel-ismcts", Budget(iterations=5)).name == "openspiel-ismcts"


def test_the_import_contracts_hold() -> None:
    """``pyproject.toml``'s import-linter contracts (also run by ``make lint``)."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed (the dev extra)")
    done = subprocess.run(
        [str(lint), "--no-cache"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=Path(__file__).parents[1],
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "0 broken" in done.stdout
