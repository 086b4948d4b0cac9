"""What the subcommands share: the making of their parsers, argument types and options."""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ascenseur.core.cards import Language
from ascenseur.userdata import DATA_DIR_ENV, db_path

Number = TypeVar("Number", int, float)


class Command(Protocol):
    """A subcommand's module. Its docstring is its command-line documentation: the first line
    is its ``help`` in ``ascenseur --help``, the text after a blank line its ``description``
    in ``ascenseur NAME --help`` (argparse re-wraps it into one paragraph), where ``{db}``
    stands for the games' database and ``{data_dir_env}`` for the variable that moves it (so
    a command's docstring has no other braces)."""

    #: The command's name on the command line (``arena report``: ``report``).
    NAME: str

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's own arguments to its ``parser``."""

    def run(self, args: argparse.Namespace) -> int:
        """Carry out the command ``args`` describe; the exit status."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], module: Command
) -> None:
    """Add the subcommand of ``module`` to ``commands``: its name, its help and description
    from its docstring (see :class:`Command`), its options, and its ``run`` to carry it out."""
    summary, _, description = (module.__doc__ or "").strip().partition("\n")
    values = {"db": db_path(), "data_dir_env": DATA_DIR_ENV}
    parser = commands.add_parser(
        module.NAME, help=summary, description=description.strip().format_map(values)
    )
    parser.set_defaults(run=module.run)
    module.add_options(parser)


def number_type(
    name: str,
    convert: Callable[[str], Number],
    expected: str,
    within: Callable[[Number], bool],
    refusal: str,
) -> Callable[[str], Number]:
    """An argparse ``type`` called ``name``: the text turned into a number by ``convert``;
    text it cannot read is refused with "expected {expected}, not 'TEXT'", a number outside
    ``within`` with ``refusal``, formatted with the ``value`` read and the ``text`` typed."""

    def parse(text: str) -> Number:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, not {text!r}") from None
        if not within(value):
            raise argparse.ArgumentTypeError(refusal.format(value=value, text=text))
        return value

    parse.__name__ = parse.__qualname__ = name
    return parse


positive = number_type(
    "positive",
    int,
    "a whole number",
    lambda n: n >= 1,
    "expected a number of at least 1, not {value}",
)
positive_float = number_type(
    "positive_float",
    float,
    "a number",
    lambda x: x > 0 and x != float("inf"),
    "expected a number above 0, not {text}",
)
#: Seconds between two moves shown (``play --pace``, ``serve --pace``, ``play --pause``).
seconds = number_type(
    "seconds",
    float,
    "a number of seconds",
    lambda x: 0 <= x <= 60,
    "expected 0 to 60 seconds, not {value}",
)
port = number_type(
    "port", int, "a port number", lambda n: 0 <= n <= 65535, "a port is 0 to 65535, not {value}"
)


def random_seed(seed: int | None) -> int:
    """``seed`` when the command was given one (``--seed``), else a new one drawn at random."""
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def given_options(args: argparse.Namespace, names: Sequence[str]) -> list[str]:
    """Which of the options ``names`` (their destinations) were given, as typed (``--max-cards``):
    every one named must default to None."""
    return [f"--{name.replace('_', '-')}" for name in names if getattr(args, name) is not None]


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``, read by :func:`language`."""
    parser.add_argument("--lang", choices=("en", "fr"), default=None, help="language (from $LANG)")


def language(choice: str | None) -> Language:
    """``--lang``, else French when the locale is French, else English."""
    if choice is not None:
        return "fr" if choice == "fr" else "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"
