"""The compiled core's disk cache is keyed on every module whose values it compiles in.

Numba bakes the globals a compiled function reads (the card tables, the trick-winner table,
the search's constants) into the cached machine code and checks only the function's own file.
The cache must go when any module the compiled core can read changes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

from ascenseur.fast import _jit

_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps({name: getattr(module, "__file__", None) for name, module in sys.modules.items()
                  if name == "ascenseur" or name.startswith("ascenseur.")}))
"""

COMPILED = [
    "ascenseur.fast.deals",
    "ascenseur.fast.endgame",
    "ascenseur.fast.nested",
    "ascenseur.fast.search",
    "ascenseur.fast.worlds",
]


def test_the_cache_key_covers_every_module_the_compiled_core_loads() -> None:
    """A compiled function can only capture values from modules loaded with it: each of
    those files is part of the key (the top package's ``__init__`` aside: a docstring)."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *COMPILED],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    loaded = json.loads(done.stdout)
    keyed = {path.resolve() for path in _jit.cache_sources()}
    files = {name: Path(file).resolve() for name, file in loaded.items() if name != "ascenseur"}
    assert "ascenseur.core.tricks" in files and "ascenseur.search.problem" in files
    assert {name for name, file in files.items() if file not in keyed} == set()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the packages the cache key covers, with a cache of two compiled functions."""
    for package in _jit.BAKED_PACKAGES:
        shutil.copytree(
            _jit.ROOT / package,
            tmp_path / package,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
    cache = tmp_path / "fast" / "__pycache__"
    assert _jit.drop_stale_cache(cache, tmp_path)  # no stamp yet: a first run
    _fill(cache)
    assert not _jit.drop_stale_cache(cache, tmp_path)  # nothing changed: kept
    assert sorted(p.name for p in cache.glob("*.nb[ic]")) == ["play.legal-1.py311.nbi", "x.nbc"]
    return tmp_path


def _fill(cache: Path) -> None:
    (cache / "play.legal-1.py311.nbi").write_bytes(b"index")
    (cache / "x.nbc").write_bytes(b"code")


@pytest.mark.parametrize(
    "module",
    [
        "core/cards.py",  # RANK, KIND: the card tables
        "core/tricks.py",  # VALUE: the trick-winner table (rule P9)
        "search/problem.py",  # LOG_WEIGHT_FLOOR
        "fast/play.py",  # a compiled function's own callee
    ],
)
def test_editing_a_module_whose_values_are_compiled_in_drops_the_cache(
    tree: Path, module: str
) -> None:
    cache = tree / "fast" / "__pycache__"
    source = tree / module
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert _jit.drop_stale_cache(cache, tree)
    assert list(cache.glob("*.nb[ic]")) == []
    _fill(cache)
    assert not _jit.drop_stale_cache(cache, tree)  # the new stamp matches: compiled once
    assert len(list(cache.glob("*.nb[ic]"))) == 2


def test_a_module_outside_the_key_does_not_drop_the_cache(tree: Path) -> None:
    """Editing the bots leaves the cache alone: nothing compiled may read them (the layer
    contracts forbid the import)."""
    cache = tree / "fast" / "__pycache__"
    (tree / "bots").mkdir()
    (tree / "bots" / "expert.py").write_text("LOG_WEIGHT_FLOOR = 1.0\n", encoding="utf-8")
    assert not _jit.drop_stale_cache(cache, tree)
    assert len(list(cache.glob("*.nb[ic]"))) == 2
