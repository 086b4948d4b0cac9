"""The files of a ladder: what ``ascenseur ladder … --out DIR`` writes and reads back.

A ladder directory holds ``ladder.json`` (the design, :data:`~ascenseur.arena.ladder.
LADDER_FORMAT`: all that ``--resume`` needs), ``deals-Np.json`` for each table size N (the
deal set its games use; the design makes it again, so it may be left out, as ``evaluations/``
does), ``games.jsonl`` (a line per game as it ends: every rotation's seats, totals and
thinking times), ``summary.json`` (:data:`SUMMARY_FORMAT`: the ratings when it last stopped)
and ``ratings.svg`` (the chart of those ratings). docs/research.md describes them field by
field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ascenseur.arena.dealsets import DealSet
from ascenseur.arena.duplicate import ArenaError
from ascenseur.arena.ladder import Ladder, LadderGame
from ascenseur.arena.ratings import LEVEL, Standing, standings
from ascenseur.arena.saved import not_a_run, written_lines
from ascenseur.files import write_text_atomic

SUMMARY_FORMAT = "ascenseur-ladder/1"
DESIGN = "ladder.json"
GAMES = "games.jsonl"


def deals_name(players: int) -> str:
    return f"deals-{players}p.json"


def is_ladder(directory: Path) -> bool:
    """Whether ``directory`` holds a ladder (rather than an arena match)."""
    return (directory / DESIGN).is_file()


def write_design(out: Path, ladder: Ladder) -> None:
    """A new ladder's design and deal sets, before any game is played."""
    for n in ladder.sizes:
        write_text_atomic(out / deals_name(n), ladder.deals(n).dumps())
    write_text_atomic(out / DESIGN, json.dumps(ladder.to_json(), indent=1) + "\n")


def append_game(out: Path, game: LadderGame) -> None:
    """One finished game's line: an interrupted ladder keeps what it played."""
    with (out / GAMES).open("a", encoding="utf-8") as lines:
        lines.write(json.dumps(game.to_json()) + "\n")


def saved_ladder(out: Path, *, repair: bool = False) -> tuple[Ladder, list[LadderGame]]:
    """The ladder saved in ``out`` and its games played so far; an :class:`ArenaError` says
    what is wrong. A last line cut short while being written is left out (``repair``: and
    dropped from the file, so that ``--resume`` plays that game again)."""
    try:
        ladder = Ladder.from_json(json.loads((out / DESIGN).read_text(encoding="utf-8")))
        for n in ladder.sizes:
            # The design makes the deals again; a deal set kept beside it must be the same.
            if (out / deals_name(n)).exists():
                deals = DealSet.loads((out / deals_name(n)).read_bytes())
                if deals.digest != ladder.deals(n).digest:
                    raise ValueError(f"{deals_name(n)} is not the deal set this design makes")
    except FileNotFoundError as err:
        raise not_a_run(out, err, "ladder") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise ArenaError(f"{out}: the ladder's files are not readable ({err})") from None
    return ladder, _played(out / GAMES, ladder, repair)


def _played(path: Path, ladder: Ladder, repair: bool) -> list[LadderGame]:
    found: dict[tuple[int, int], LadderGame] = {}
    for number, line in enumerate(written_lines(path, repair), 1):
        try:
            game = LadderGame.from_json(json.loads(line))
            if game.players not in ladder.sizes or not 0 <= game.game < ladder.games:
                raise ValueError(f"it is not a game of this ladder ({game.players} players)")
            if any(set(r.seats) - set(ladder.population) for r in game.rotations):
                raise ValueError("it seats a bot that is not in the population")
        except (ValueError, KeyError, TypeError) as err:
            raise ArenaError(f"{path}, line {number}: cannot read it: {err}") from None
        found[(game.players, game.game)] = game
    return [found[key] for key in sorted(found, key=lambda k: (k[1], k[0]))]


def summary_json(
    ladder: Ladder, games: list[LadderGame], replicates: int, timing: dict[str, Any]
) -> dict[str, Any]:
    """What ``summary.json`` says (:data:`SUMMARY_FORMAT`): the design, and the ratings by
    table size and over all."""
    ordered = sorted(games, key=lambda g: (g.game, g.players))
    sizes = []
    for n in ladder.sizes:
        at = [g for g in ordered if g.players == n]
        sizes.append(
            {
                "players": n,
                "rules": ladder.rules(n).to_json(),
                "deal_set": ladder.deals(n).digest,
                **_table(at, ladder, replicates),
            }
        )
    return {
        "format": SUMMARY_FORMAT,
        "design": ladder.to_json(),
        "bootstrap": {"replicates": replicates, "seed": ladder.seed, "level": LEVEL},
        "sizes": sizes,
        "overall": _table(ordered, ladder, replicates),
        "timing": timing,
    }


def _table(games: list[LadderGame], ladder: Ladder, replicates: int) -> dict[str, Any]:
    table: list[Standing] = standings(games, ladder.population, ladder.seed, replicates)
    return {
        "games": len(games),
        "rankings": sum(len(g.rotations) for g in games),
        "standings": [s.to_json() for s in table],
    }
