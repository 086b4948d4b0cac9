"""How often the expert's check of its model of the field fires, in a field it models and in one
with random players (``ExpertSettings.field_check``, :func:`ascenseur.bots.field.off_model`).

Plays ``--games`` seeded games of club players (the heuristic bot) in every seat, then as many
with random bots in seats 1 and 3, and prints for each field the share of seat 0's decisions
at which the check finds another seat off the model at ``--share``: what the check costs where
the model is right (the expert decides without it there), and how much of the game it spends
without the model where it is wrong. Seat 0 is a club player too: the check reads only the
finished deals' bids and tricks, and the other seats' play does not depend on seat 0's bot
much.

Run: ``python benchmarks/field_check.py [--players 4] [--max-cards M] [--games 40]
[--share 0.25] [--seed 1]``. The figures are in ``evaluations/README.md`` (the model of the
field).
"""

from __future__ import annotations

import argparse
import random

from ascenseur.bots.base import Bot
from ascenseur.bots.field import off_model
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.random_bot import RandomBot
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState


def judged(rules: Rules, field: list[Bot], games: int, share: float, seed: int) -> tuple[int, int]:
    """Seat 0's decisions in ``games`` games of ``field``, and those the check fires at."""
    rng = random.Random(seed)
    decisions = fired = 0
    for _ in range(games):
        state = GameState.new(rules, first_dealer=0, rng=rng)
        while not state.is_terminal():
            seat = state.current_seat
            if seat is None:
                state.deal(rng)
                continue
            view = observe(state, seat)
            if seat == 0:
                decisions += 1
                fired += bool(off_model(view, share))
            state.apply(field[seat].choose(view, rng))
    return decisions, fired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-cards", type=int, default=None, help="peak hand (the most)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--share", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules(args.players, args.max_cards)
    n = rules.players
    fields: dict[str, list[Bot]] = {
        "club players": [HeuristicBot() for _ in range(n)],
        "random in seats 1 and 3": [
            RandomBot() if seat in (1, 3) else HeuristicBot() for seat in range(n)
        ],
    }
    print(f"{n} players, max {rules.max_cards} cards, {args.games} games, share {args.share}")
    for name, field in fields.items():
        decisions, fired = judged(rules, field, args.games, args.share, args.seed)
        print(f"  {name}: the check fires at {fired / decisions:.1%} of seat 0's decisions")


if __name__ == "__main__":
    main()
