"""The ``ascenseur`` command: ``check``, ``simulate`` (and more as the project grows)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ascenseur.bots import REGISTRY, make_bot
from ascenseur.core.errors import AscenseurError
from ascenseur.core.record import check, dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.files import write_text_atomic
from ascenseur.simulation import Summary, play_game


def _check(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as err:
            print(f"ascenseur check: cannot read {name}: {err.strerror or err}", file=sys.stderr)
            return 2
        result = check(data)
        if not result["valid"]:
            status = 1
        print(json.dumps(result, ensure_ascii=False))
    return status


def _simulate(args: argparse.Namespace) -> int:
    rules = Rules(players=args.players, max_cards=args.max_cards or 0, hook=args.hook)
    names = [name.strip() for name in args.bots.split(",")] if args.bots else ["random"]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise AscenseurError(
            f"--bots names {len(names)} bots for {rules.players} players: give one name, "
            f"or one per seat separated by commas"
        )
    bots = [make_bot(name) for name in names]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
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


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascenseur", description="Tarot ascenseur: play, check and simulate games."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check_cmd = commands.add_parser(
        "check",
        help="validate and score game records",
        description="Validate ascenseur-record/1 files and score them: one JSON line per file. "
        "Exit status 0 when all are valid, 1 when any is invalid, 2 when a file cannot be read.",
    )
    check_cmd.add_argument("files", nargs="+", metavar="FILE", help="record file, or - for stdin")
    check_cmd.set_defaults(run=_check)

    sim = commands.add_parser(
        "simulate",
        help="play games between bots",
        description="Play whole games between bots and print points per seat.",
    )
    sim.add_argument("--players", type=int, default=4, help="number of players, 2-10 (4)")
    sim.add_argument("--max-cards", type=_positive, default=None, help="peak hand (⌊78/n⌋)")
    sim.add_argument("--hook", action="store_true", help="the dealer may not make bids sum to k")
    sim.add_argument("--games", type=_positive, default=10, help="number of games (10)")
    sim.add_argument("--seed", type=int, default=None, help="random seed (reproducible games)")
    sim.add_argument(
        "--bots",
        default=None,
        help=f"bot per seat, comma-separated, or one for all ({', '.join(sorted(REGISTRY))})",
    )
    sim.add_argument("--save", metavar="DIR", help="write each game's record into DIR")
    sim.set_defaults(run=_simulate)
    return parser


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
