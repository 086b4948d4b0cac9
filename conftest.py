"""pytest, for the doctests under ``src/``: the modules built on ``pyspiel`` need the optional
extra ``openspiel`` (``make`` installs it; a bare ``pip install -e .[dev]`` does not)."""

import importlib.util

if importlib.util.find_spec("pyspiel") is None:
    collect_ignore = [
        f"src/ascenseur/openspiel/{name}.py" for name in ("bot", "game", "observer", "state")
    ]

# The reinforcement-learning environments need the optional extra ``rl`` (``make`` installs it).
if any(importlib.util.find_spec(name) is None for name in ("gymnasium", "pettingzoo")):
    collect_ignore_glob = ["src/ascenseur/rl/*.py"]
