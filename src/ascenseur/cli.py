"""The ``ascenseur`` command. Each subcommand lives in :mod:`ascenseur.commands`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from ascenseur.commands import arena, check, export, ladder, play, replay, review, serve, simulate
from ascenseur.commands.options import add_command
from ascenseur.core.errors import AscenseurError

SUBCOMMANDS = (check, simulate, arena, ladder, play, replay, review, export, serve)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascenseur", description="Tarot ascenseur: play, check and simulate games."
    )
    parser.add_argument("--version", action="version", version=f"ascenseur {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        add_command(commands, module)
    return parser


def package_version() -> str:
    """The installed package's version (``unknown`` when run from sources not installed)."""
    try:
        return version("ascenseur")
    except PackageNotFoundError:
        return "unknown"


#: The exit status of a command whose reader went away (``… | head``): a shell's 128 + SIGPIPE.
BROKEN_PIPE = 141


def broken_pipe() -> int:
    """The reader of standard output has gone: stop quietly, as commands killed by SIGPIPE do.

    Standard output is pointed at /dev/null so that Python's last flush at exit cannot fail
    and print a traceback of its own (the Python documentation's advice).
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return BROKEN_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ascenseur`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except AscenseurError as err:
        print(f"ascenseur {args.command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"ascenseur {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return broken_pipe()
    except OSError as err:
        print(f"ascenseur {args.command}: {err}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
