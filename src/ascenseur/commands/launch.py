"""How to type an ``ascenseur`` command here: the way this one was launched.

After ``make play`` the ``ascenseur`` script is in the project's virtualenv, not on the PATH,
so advice such as "go on with ``ascenseur play --resume``" must be written the way that works
as typed: through ``make`` when make launched us, ``ascenseur`` when it is on the PATH, else
the script's own path (relative to the working directory when under it), else
``python -m ascenseur``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

#: Turns the arguments of ``ascenseur`` into the command line to type.
CommandLine = Callable[[Sequence[str]], str]

#: The ``make`` target that runs each subcommand with ``ARGS`` (see the Makefile).
MAKE_TARGETS = frozenset({"play"})


def command_line(
    args: Sequence[str],
    *,
    argv0: str | None = None,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    which: Callable[[str], str | None] | None = None,
) -> str:
    """``ascenseur ARGS`` as it can be typed here, given how this process was launched.

    >>> command_line(["play", "--resume", "x7"], argv0="/v/bin/ascenseur", environ={},
    ...              which=lambda name: "/v/bin/ascenseur")
    'ascenseur play --resume x7'
    >>> command_line(["play", "--resume", "x7"], argv0="/p/.venv/bin/ascenseur",
    ...              environ={"MAKELEVEL": "1"}, cwd=Path("/p"), which=lambda name: None)
    'make play ARGS="--resume x7"'
    >>> command_line(["export", "x7"], argv0="/p/.venv/bin/ascenseur",
    ...              environ={"MAKELEVEL": "1"}, cwd=Path("/p"), which=lambda name: None)
    '.venv/bin/ascenseur export x7'
    """
    environ = os.environ if environ is None else environ
    argv0 = sys.argv[0] if argv0 is None else argv0
    cwd = Path.cwd() if cwd is None else cwd
    plain = all(shlex.quote(arg) == arg for arg in args)  # nothing to quote inside ARGS="…"
    if environ.get("MAKELEVEL") and args and args[0] in MAKE_TARGETS and plain:
        return f'make {args[0]} ARGS="{" ".join(args[1:])}"'
    script = Path(argv0)
    on_path = (which or shutil.which)("ascenseur")
    if on_path is not None and (script.name != "ascenseur" or _same(on_path, script)):
        return shlex.join(["ascenseur", *args])
    if script.name == "ascenseur":
        return shlex.join([_shown(script, cwd), *args])
    return shlex.join([_shown(Path(sys.executable), cwd), "-m", "ascenseur", *args])


def _same(found: str, script: Path) -> bool:
    try:
        return Path(found).resolve() == script.resolve()
    except OSError:
        return False


def _shown(path: Path, cwd: Path) -> str:
    """``path`` relative to ``cwd`` when it lies under it (``.venv/bin/ascenseur``)."""
    absolute = path if path.is_absolute() else cwd / path
    try:
        return str(absolute.relative_to(cwd))
    except ValueError:
        return str(absolute)
