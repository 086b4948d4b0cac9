"""The interfaces' words in English and French, kept as translators keep them: one TOML file
an area in this folder, read once at import.

Each entry is a table named for its key, with one string a language::

    [bids]
    en = "{name} bids {value}."
    fr = "{name} annonce {value}."

A file that is missing or not TOML, an entry that lacks a language or has anything but the
two, and a key defined twice (in one file, or in two files loaded together) are refused with
a :class:`CatalogueError` that names the file and the key: a mistake in a catalogue stops the
game at its start, never halfway through a deal.

>>> load("table", "review")["bids"]
('{name} bids {value}.', '{name} annonce {value}.')
>>> load_nouns()["card"]
(('card', 'cards'), ('carte', 'cartes'))
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

from ascenseur.core.cards import Language

LANGUAGES: tuple[Language, ...] = ("en", "fr")

Entry = TypeVar("Entry")


class CatalogueError(ValueError):
    """A catalogue file that cannot be read as it must be; the message names the file and
    the key."""


def _folder(folder: Path | Traversable | None) -> Path | Traversable:
    return files(__name__) if folder is None else folder


def _read(name: str, folder: Path | Traversable | None) -> dict[str, object]:
    path = _folder(folder) / f"{name}.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogueError(f"the catalogue file {name}.toml is missing") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        # tomllib says "Cannot declare ('bids',) twice (at line 40, column 6)" for a key twice.
        raise CatalogueError(f"{name}.toml is not readable TOML: {err}") from None


def _entries(name: str, folder: Path | Traversable | None) -> dict[str, dict[str, object]]:
    """The entries of ``name``.toml, each checked to hold en and fr and nothing else."""
    entries: dict[str, dict[str, object]] = {}
    for key, entry in _read(name, folder).items():
        if not isinstance(entry, dict):
            raise CatalogueError(f"{name}.toml: {key} is not an entry: write [{key}], en, fr")
        missing = [lang for lang in LANGUAGES if lang not in entry]
        if missing:
            raise CatalogueError(f"{name}.toml: [{key}] has no {' and no '.join(missing)}")
        other = sorted(set(entry) - set(LANGUAGES))
        if other:
            raise CatalogueError(f"{name}.toml: [{key}] has {', '.join(other)}: only en and fr")
        entries[key] = entry
    return entries


def _refused(name: str, key: str, lang: str, shape: str) -> CatalogueError:
    return CatalogueError(f"{name}.toml: [{key}] {lang} is not {shape}")


def merge(parts: Mapping[str, Mapping[str, Entry]]) -> dict[str, Entry]:
    """The entries of ``parts`` (where each comes from → its entries) in one catalogue; a key
    in two of them is refused, naming both.

    >>> merge({"a.toml": {"x": 1}, "b.toml": {"x": 2}})
    Traceback (most recent call last):
    ...
    ascenseur.text.catalogue.CatalogueError: x is defined twice: in a.toml and in b.toml
    """
    merged: dict[str, Entry] = {}
    where: dict[str, str] = {}
    for part, entries in parts.items():
        for key, entry in entries.items():
            if key in where:
                raise CatalogueError(f"{key} is defined twice: in {where[key]} and in {part}")
            merged[key] = entry
            where[key] = part
    return merged


def _text(name: str, key: str, lang: str, value: object) -> str:
    if not isinstance(value, str):
        raise _refused(name, key, lang, "a string")
    return value


def _words(name: str, folder: Path | Traversable | None) -> dict[str, tuple[str, str]]:
    return {
        key: (_text(name, key, "en", entry["en"]), _text(name, key, "fr", entry["fr"]))
        for key, entry in _entries(name, folder).items()
    }


def load(*names: str, folder: Path | Traversable | None = None) -> dict[str, tuple[str, str]]:
    """The words of the catalogue files ``names`` (``"table"`` for ``table.toml``), merged:
    key → (English, French), in the files' order. ``folder``: where the files are (this
    package's folder unless given)."""
    return merge({f"{name}.toml": _words(name, folder) for name in names})


def _forms(name: str, key: str, lang: str, value: object) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        raise _refused(name, key, lang, "[singular, plural]")
    return (value[0], value[1])


def load_nouns(
    name: str = "nouns", folder: Path | Traversable | None = None
) -> dict[str, tuple[tuple[str, str], tuple[str, str]]]:
    """The nouns the interfaces count: noun → ((English singular, plural), (French …))."""
    return {
        noun: (_forms(name, noun, "en", entry["en"]), _forms(name, noun, "fr", entry["fr"]))
        for noun, entry in _entries(name, folder).items()
    }


__all__ = ["LANGUAGES", "CatalogueError", "load", "load_nouns", "merge"]
