"""The core is pure: importing it loads the standard library and ``ascenseur.core`` only."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import ascenseur.core

CORE = Path(ascenseur.core.__file__).parent

# Run in a fresh interpreter: this one has pytest, hypothesis and the rest loaded already.
# The modules present before the import (the interpreter's start-up, site hooks such as an
# editable install's finder) are not the core's doing and are left out.
_PROBE = """
import importlib, json, sys
before = set(sys.modules)
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def core_modules() -> list[str]:
    """``ascenseur.core`` and each of its modules (the package need not import them all)."""
    names = ["ascenseur.core"]
    for path in sorted(CORE.rglob("*.py")):
        parts = path.relative_to(CORE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            names.append(".".join(("ascenseur.core", *parts)))
    return names


def probe(*modules: str) -> list[str]:
    """The modules that importing ``modules`` in a fresh interpreter loads."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *modules],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def is_allowed(module: str) -> bool:
    """A standard-library module, or the core itself (and the package that holds it)."""
    top = module.partition(".")[0]
    if top in sys.stdlib_module_names:
        return True
    return module in ("ascenseur", "ascenseur.core") or module.startswith("ascenseur.core.")


def test_importing_the_core_loads_no_third_party_module() -> None:
    loaded = probe("ascenseur.core")
    assert "ascenseur.core.state" in loaded, "the probe did not import the core"
    assert [m for m in loaded if not is_allowed(m)] == []


def test_importing_every_core_module_loads_no_third_party_module() -> None:
    modules = core_modules()
    assert "ascenseur.core.observation" in modules and "ascenseur.core.record" in modules
    loaded = probe(*modules)
    assert set(modules) <= set(loaded)
    assert [m for m in loaded if not is_allowed(m)] == []


def test_the_core_source_imports_only_the_standard_library_and_itself() -> None:
    # Also catches an import inside a function, which the probe above would not run.
    wrong = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue  # relative imports stay inside the core
            wrong += [f"{path.name}: {name}" for name in names if not is_allowed(name)]
    assert wrong == []


def test_the_allow_list_tells_the_core_from_the_rest() -> None:
    assert is_allowed("json") and is_allowed("collections.abc") and is_allowed("_abc")
    assert is_allowed("ascenseur.core.cards")
    assert not is_allowed("ascenseur.bots") and not is_allowed("ascenseur.corex")
    assert not is_allowed("hypothesis") and not is_allowed("textual.app")
