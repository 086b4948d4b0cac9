"""The committed arena matches and ladders of ``evaluations/`` can be read and resumed as their
README says.

Each directory is an ``ascenseur arena … --out DIR`` match kept so that it goes on from another
machine; a directory the README does not list, a listed one that is missing or unreadable, or
a README command that is not the match's own would leave the next session unable to resume it.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from ascenseur.arena.ladder_files import is_ladder, saved_ladder
from ascenseur.arena.saved import saved_match
from ascenseur.commands.rules import add_rule_options, rules_of

EVALUATIONS = Path(__file__).resolve().parent.parent / "evaluations"
ROW = re.compile(r"^\| `(?P<dir>[^`]+)` \| (?P<commit>[0-9a-f]{7,40}) \| `(?P<command>[^`]+)` \|$")


def _rows() -> dict[str, tuple[str, str]]:
    """The README's table: directory → (commit, command)."""
    text = (EVALUATIONS / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        found = ROW.match(line)
        if found:
            rows[found["dir"]] = (found["commit"], found["command"])
    return rows


def _matches() -> list[Path]:
    return sorted(p for p in EVALUATIONS.iterdir() if p.is_dir() and not is_ladder(p))


def _ladders() -> list[Path]:
    return sorted(p for p in EVALUATIONS.iterdir() if p.is_dir() and is_ladder(p))


def test_every_match_directory_is_listed_and_every_listed_one_is_there() -> None:
    rows = _rows()
    assert rows, "evaluations/README.md lists no match"
    matches = [name for name, (_, command) in rows.items() if command.startswith("ascenseur arena")]
    ladders = [
        name for name, (_, command) in rows.items() if command.startswith("ascenseur ladder")
    ]
    assert sorted(matches) == [p.name for p in _matches()]
    assert sorted(ladders) == [p.name for p in _ladders()]


@pytest.mark.parametrize("directory", _ladders(), ids=lambda p: p.name)
def test_a_committed_ladder_reads_as_resume_reads_it_and_is_its_listed_command(
    directory: Path,
) -> None:
    assert not list(directory.glob("deals-*.json"))  # made again from the design
    ladder, played = saved_ladder(directory)
    keys = [(game.players, game.game) for game in played]
    assert len(set(keys)) == len(keys)
    words = shlex.split(_rows()[directory.name][1])
    assert words[:2] == ["ascenseur", "ladder"]

    def values(name: str) -> list[str]:
        start = words.index(name) + 1
        end = next((i for i in range(start, len(words)) if words[i].startswith("--")), len(words))
        return words[start:end]

    assert tuple(values("--bots")) == ladder.population
    assert tuple(int(n) for n in values("--players")) == ladder.sizes
    assert int(values("--games")[0]) == ladder.games
    assert int(values("--seed")[0]) == ladder.seed
    assert int(values("--max-cards")[0]) == ladder.max_cards
    assert Path(values("--out")[0]).name == directory.name


@pytest.mark.parametrize("directory", _matches(), ids=lambda p: p.name)
def test_a_committed_match_reads_as_resume_reads_it_and_is_its_listed_command(
    directory: Path,
) -> None:
    # No deal set is kept: the match's own seed makes it again, to the digest it was played on
    # (saved_match checks it against match.json).
    assert not (directory / "deals.json").exists()
    match, deals, played = saved_match(directory)
    # Every game played is a game of the deal set, once.
    games = [result.game for result in played]
    assert len(set(games)) == len(games)
    assert all(0 <= game < len(deals.games) for game in games)
    # The README's command is the one that started this match.
    words = shlex.split(_rows()[directory.name][1])
    assert words[:2] == ["ascenseur", "arena"]

    def option(name: str) -> str:
        return words[words.index(name) + 1]

    assert option("--candidate") == match.candidate
    assert option("--reference") == match.reference
    assert int(option("--players")) == match.rules.players
    # Its rule options make the match's rule set (house rules included, RULES.md §7).
    parser = argparse.ArgumentParser()
    add_rule_options(parser, analysis=True)
    parser.add_argument("--single-deal", type=int)
    rule_args, _ = parser.parse_known_args(words[2:])
    if rule_args.single_deal is not None and rule_args.max_cards is None:
        rule_args.max_cards = rule_args.single_deal  # as the arena reads it
    assert rules_of(rule_args, table=False) == match.rules
    assert int(option("--seed")) == match.seed
    assert int(option("--games")) == len(deals.games)
    assert Path(option("--out")).name == directory.name
