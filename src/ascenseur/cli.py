"""The ``ascenseur`` command. Each subcommand lives in :mod:`ascenseur.commands`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from ascenseur.commands import arena, check, play, replay, serve, simulate
from ascenseur.core.errors import AscenseurError

SUBCOMMANDS = (check, simulate, arena, play, replay, serve)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascenseur", description="Tarot ascenseur: play, check and simulate games."
    )
    parser.add_argument("--version", action="version", version=f"ascenseur {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_parser(commands)
    return parser


def package_version() -> str:
    """The installed package's version (``unknown`` when run from sources not installed)."""
    try:
        return version("ascenseur")
    except PackageNotFoundError:
        return "unknown"


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
    except OSError as err:
        print(f"ascenseur {args.command}: {err}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
