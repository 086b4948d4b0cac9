"""play games between bots

Play whole games between bots and print points per seat.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from ascenseur.bots import REGISTRY, make_bot
from ascenseur.commands.options import positive, random_seed
from ascenseur.commands.rules import add_rule_options, rules_of
from ascenseur.core.errors import AscenseurError
from ascenseur.core.record import dumps, record_of
from ascenseur.files import write_text_atomic
from ascenseur.simulation import Summary, play_game

NAME = "simulate"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=positive, default=10, help="number of games (10)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (reproducible games)")
    parser.add_argument(
        "--bots",
        default=None,
        help=f"bot per seat, comma-separated, or one for all ({', '.join(sorted(REGISTRY))})",
    )
    parser.add_argument("--save", metavar="DIR", help="write each game's record into DIR")
    add_rule_options(parser, analysis=True)


def run(args: argparse.Namespace) -> int:
    rules = rules_of(args, table=False)
    names = [name.strip() for name in args.bots.split(",")] if args.bots else ["random"]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise AscenseurError(
            f"--bots names {len(names)} bots for {rules.players} players: give one name, "
            f"or one per seat separated by commas"
        )
    bots = [make_bot(name) for name in names]
    seed = random_seed(args.seed)
    summary = Summary(rules.players)
    save = Path(args.save) if args.save else None
    for game in range(args.games):
        rng = random.Random(f"{seed}/{game}")
        state = play_game(rules, bots, rng)
        summary.add(state)
        if save is not None:
            record = record_of(state, [f"bot:{name}" for name in names])
            write_text_atomic(save / f"game-{seed}-{game:04d}.json", dumps(record))
    print(f"seed {seed}, rules {json.dumps(rules.to_json())}")
    for line in summary.lines(names):
        print(line)
    if save is not None:
        print(f"records written to {save}/")
    return 0
