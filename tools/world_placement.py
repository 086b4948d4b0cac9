"""How close the expert's worlds come to the real deal, with and without inference from play.

Heuristic bots play single deals; at each card seat 0 chooses among two or more (from the
``--after``-th trick on), the expert's compiled sampler draws ``--worlds`` worlds for that
seat's view as the expert draws them (inference from bids; its draws per seat), once as it
is and once with inference from play (:mod:`ascenseur.fast.play_model`), and this prints the
weighted share of the other seats' cards that the worlds place in the right hand — the more,
the more the worlds look like the real one. A uniform placement's share is printed too.

Run: ``python tools/world_placement.py [--deals 40] [--cards 14] [--after 3] [--worlds 400]
[--seed 3]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from ascenseur.bots.base import Budget
from ascenseur.bots.expert import ExpertBot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.fast.masks import join
from ascenseur.fast.rng import new_stream
from ascenseur.fast.search import Problem, Scratch, draw
from ascenseur.search.problem import SearchProblem, SearchSettings


def placed_right(
    problem: SearchProblem, settings: SearchSettings, truth: list[int], worlds: int, seed: int
) -> float:
    """The weighted share of the other seats' hidden cards the drawn worlds place rightly."""
    compiled = Problem.of(problem, settings)
    scratch = Scratch.of(problem)
    stream = new_stream(random.Random(seed))
    me = problem.seat
    hidden = sum(truth[s].bit_count() for s in range(len(truth)) if s != me)
    right = 0.0
    total = 0.0
    for _ in range(worlds):
        weight = draw(compiled, stream, scratch)
        hands = [
            join(int(scratch.world[s, 0]), int(scratch.world[s, 1])) for s in range(len(truth))
        ]
        hits = sum((hands[s] & truth[s]).bit_count() for s in range(len(truth)) if s != me)
        right += weight * hits / hidden
        total += weight
    return right / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--cards", type=int, default=14)
    parser.add_argument("--after", type=int, default=3, help="from this trick on (3)")
    parser.add_argument("--worlds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = Rules(players=4)
    bot = HeuristicBot()
    expert = ExpertBot(Budget(1))
    rng = random.Random(args.seed)
    plain: list[float] = []
    inferred: list[float] = []
    uniform: list[float] = []
    for game in range(args.deals):
        state = GameState.single_deal(rules, rules.schedule.index(args.cards), dealer=game % 4)
        state.deal(rng)
        while state.current_seat is not None and not state.is_terminal():
            seat = state.current_seat
            view = observe(state, seat)
            action = bot.choose(view, rng)
            plays = [a for a in view.legal_actions if isinstance(a, Play)]
            if seat == 0 and len(plays) > 1 and len(view.tricks) >= args.after:
                problem = SearchProblem.of(view)
                settings = expert.settings(problem)
                truth = [state.hand_mask(s) for s in range(4)]
                plain.append(placed_right(problem, settings, truth, args.worlds, game))
                with_play = replace(settings, play_inference=1.0)
                inferred.append(placed_right(problem, with_play, truth, args.worlds, game))
                # By chance, a card of seat s lands in s's hand with a chance of s's share of
                # the unseen cards (the others' hands and the cards not dealt).
                held = [truth[s].bit_count() for s in range(4) if s != seat]
                unseen = problem.spec.unseen.bit_count()
                uniform.append(sum(c * c for c in held) / unseen / sum(held))
            state.apply(action)
    print(
        f"{len(plain)} card decisions of seat 0, {args.cards}-card deals, trick {args.after + 1} on"
    )
    print(f"the others' cards placed in the right hand: uniform {statistics.mean(uniform):.3f}")
    print(f"  as the expert draws (inference from bids): {statistics.mean(plain):.3f}")
    print(f"  with inference from play as well:          {statistics.mean(inferred):.3f}")


if __name__ == "__main__":
    main()
