"""Two arena matches on the same deal set, compared game by game (A/B tests of a bot change).

Each match's ``games.jsonl`` (``ascenseur arena … --out DIR``) gives, per game, the candidate's
points minus the reference's. When both matches played the same deal set with the same bot
seed, the reference runs are the same, so the difference of those two numbers, game by game,
is the change's effect with the deals' luck removed twice: its interval is much narrower than
either match's. Only the games both matches finished are compared.

Run: ``python tools/arena_paired.py A_DIR B_DIR`` (prints A minus B).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ascenseur.arena.stats import Interval, mean_interval


def differences(directory: Path) -> dict[int, float]:
    """Each finished game's candidate-minus-reference points, by game number."""
    out = {}
    for line in (directory / "games.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            out[int(data["game"])] = float(data["points_difference"])
    return out


def _show(interval: Interval) -> str:
    if interval.low is None or interval.high is None:
        return f"{interval.mean:+.3f}"
    return f"{interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="the --out directory of match A")
    parser.add_argument("b", type=Path, help="the --out directory of match B")
    args = parser.parse_args()
    a, b = differences(args.a), differences(args.b)
    games = sorted(set(a) & set(b))
    if len(games) < 2:
        raise SystemExit(f"{len(games)} game(s) in common: at least 2 are needed")
    print(f"{len(games)} games in common; points per game, candidate minus reference, 95% CI")
    print(f"  A  {args.a}: {_show(mean_interval([a[g] for g in games]))}")
    print(f"  B  {args.b}: {_show(mean_interval([b[g] for g in games]))}")
    print(f"  A minus B, game by game: {_show(mean_interval([a[g] - b[g] for g in games]))}")


if __name__ == "__main__":
    main()
