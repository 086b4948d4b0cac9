"""Bots defined outside the package, named ``module:factory`` — an importable module and a
callable in it that returns a bot (``my_agent:make``) — so that an agent plugs into the arena
without registering anything.

Loading one imports and runs code: only names that the person running the program gave (the
command line, a program) come here; a name from a client goes to :func:`make_bot`, which knows
registered bots only.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
import traceback
from collections.abc import Callable

from ascenseur.bots.base import DEFAULT_BUDGET, REGISTRY, Bot, Budget, make_bot
from ascenseur.core.errors import AscenseurError


def load_bot(name: str, budget: Budget = DEFAULT_BUDGET) -> Bot:
    """A new bot: a registered name as :func:`make_bot`, or ``module:factory`` for a bot
    defined outside the package — the callable :func:`load_factory` finds, called with the
    budget if it takes an argument (else with none), which must return a bot.

    >>> load_bot("ascenseur.bots.random_bot:RandomBot").name
    'random'
    >>> load_bot("ascenseur.bots.random_bot:RANDOM")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ascenseur.core.errors.AscenseurError: ...: ascenseur.bots.random_bot has no attribute 'RANDOM'
    """
    if name in REGISTRY:
        return make_bot(name, budget)
    if ":" not in name:
        known = ", ".join(sorted(REGISTRY))
        raise AscenseurError(
            f"there is no bot called {name!r}: choose one of {known}, or name a bot factory "
            "as module:factory",
            code="bad-bot",
        )
    return _outside_bot(name, load_factory(name), budget)


def load_factory(spec: str) -> Callable[..., object]:
    """The callable that ``spec`` (``module:factory``, the factory maybe a dotted path such
    as ``module:Class.build``) names, imported from where Python imports modules.

    Raises :class:`AscenseurError` (``bad-bot``) with one sentence for a malformed spec, a
    module that does not import, a missing attribute or one that cannot be called.
    """
    module_name, _, path = spec.partition(":")
    if not module_name or not path or ":" in path:
        raise AscenseurError(
            f"{spec!r} is not a bot name nor module:factory (e.g. my_agent:make)", code="bad-bot"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name is not None and (module_name + ".").startswith(err.name + "."):
            raise AscenseurError(
                f"cannot load the bot {spec}: there is no module {module_name} on Python's "
                "path (the current directory, then the installed packages)",
                code="bad-bot",
            ) from None
        raise _failed(f"cannot load the bot {spec}: importing {module_name} failed", err) from None
    except Exception as err:
        raise _failed(f"cannot load the bot {spec}: importing {module_name} failed", err) from None
    found: object = module
    for i, part in enumerate(path.split(".")):
        if not hasattr(found, part):
            owner = module_name if i == 0 else f"{module_name}:{'.'.join(path.split('.')[:i])}"
            raise AscenseurError(
                f"cannot load the bot {spec}: {owner} has no attribute {part!r}", code="bad-bot"
            )
        found = getattr(found, part)
    if not callable(found):
        raise AscenseurError(
            f"cannot load the bot {spec}: it is {_a(found)}, not a callable that returns a bot",
            code="bad-bot",
        )
    return found


def _outside_bot(spec: str, factory: Callable[..., object], budget: Budget) -> Bot:
    """Call a factory found by :func:`load_factory` (with the budget if it takes one) and
    check that what it returns is a bot."""
    try:
        signature: inspect.Signature | None = inspect.signature(factory)
    except (TypeError, ValueError):  # some built-in callables have none
        signature = None
    arguments: tuple[Budget, ...] = (budget,)
    if signature is not None and not _accepts(signature, budget):
        if not _accepts(signature):
            raise AscenseurError(
                f"cannot load the bot {spec}: the factory must take the budget or nothing, "
                f"and its signature is {signature}",
                code="bad-bot",
            )
        arguments = ()
    try:
        bot = factory(*arguments)
    except AscenseurError:
        raise
    except Exception as err:
        raise _failed(f"cannot load the bot {spec}: its factory failed", err) from None
    if not isinstance(getattr(bot, "name", None), str) or not callable(
        getattr(bot, "choose", None)
    ):
        raise AscenseurError(
            f"cannot load the bot {spec}: its factory returned {_a(bot)}, not a bot "
            "(a bot has a name, a str, and a method choose(view, rng))",
            code="bad-bot",
        )
    return bot  # type: ignore[return-value]  # checked just above, as far as duck typing goes


def _accepts(signature: inspect.Signature, *arguments: object) -> bool:
    try:
        signature.bind(*arguments)
    except TypeError:
        return False
    return True


def _failed(what: str, err: BaseException) -> AscenseurError:
    """One sentence for an exception raised by someone else's code: its type, its message and
    the line that raised it (a bot author finds the place without a traceback)."""
    frames = traceback.extract_tb(err.__traceback__)
    where = f" ({frames[-1].filename}, line {frames[-1].lineno})" if frames else ""
    if isinstance(err, SyntaxError) and err.filename:
        where = f" ({err.filename}, line {err.lineno})"
        message = err.msg
    else:
        message = str(err)
    said = f"{type(err).__name__}: {message}" if message else type(err).__name__
    return AscenseurError(f"{what}: {said}{where}", code="bad-bot")


def _a(value: object) -> str:
    """``value`` for a sentence: its repr, shortened, and its type."""
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{shown}, of type {type(value).__name__}"


def importable_from_here() -> None:
    """Let ``module:factory`` bot names find modules in the current directory, as ``python
    -m`` does (a console script's path starts at its own directory instead). Worker processes
    the arena spawns inherit the path."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    importlib.invalidate_caches()  # a module written since the last import is found
