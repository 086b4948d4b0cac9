"""Argument types and options shared by the subcommands."""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from ascenseur.core.cards import Language

Number = TypeVar("Number", int, float)


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
