"""How well the play-outs' policy predicts a bot's cards, by situation.

The expert's play-outs expect every other seat to play the "to the bid" policy
(:func:`ascenseur.bots.rollout.choose_card`). This plays single deals with one bot in every
seat and, at each card it chooses among two or more, asks the policy what it would play:

* with the seat's true hand — how faithful the policy is to that bot;
* with the hand a world sampled for the next seat gives it (its played card added) — how
  often the policy agrees by chance. Where the two are close, the card played says little
  about the hand through this policy: weighing worlds by it would be no inference.

Situations: the seat leads, follows, or plays last to the trick; short of its bid ("need") or
with its bid made ("made").

Run: ``python tools/policy_agreement.py [--bot heuristic] [--players 4] [--cards 12]
[--deals 100] [--seed 5]``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from ascenseur.bots import make_bot
from ascenseur.bots.rollout import choose_card, trick_state
from ascenseur.bots.worlds import NoConsistentWorld, sample_world
from ascenseur.core.actions import Play
from ascenseur.core.observation import observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState
from ascenseur.core.tricks import legal_mask
from ascenseur.search.problem import WorldSpec


def situation(trick_len: int, players: int, need: int) -> str:
    """Where the seat plays in the trick, and whether it is short of its bid."""
    where = "lead" if trick_len == 0 else "last" if trick_len == players - 1 else "follow"
    return f"{where}-{'need' if need > 0 else 'made'}"


def policy_card(state: GameState, hand: int) -> int:
    """The card the policy plays from ``hand`` for the seat to play in ``state``."""
    seat = state.current_seat
    bid = None if seat is None else state.bids[seat]
    assert seat is not None and bid is not None
    n = state.players
    trick = [card.index for _, card in state.trick]
    led, high, win_value, _ = trick_state(trick, seat, n)
    legal = legal_mask(hand, len(trick), led, high, state.rules.lead_restriction)
    need = bid - state.tricks_won[seat]
    return choose_card(legal, len(trick), led, win_value, need, len(trick) == n - 1)


def agreement(
    bot_name: str, players: int, cards: int, deals: int, seed: int
) -> dict[str, tuple[int, int, int]]:
    """By situation: ``(cards, the policy's with the true hand, with a sampled hand)``."""
    rules = Rules(players=players, max_cards=cards)
    index = next(i for i, k in enumerate(rules.schedule) if k == cards)
    bot = make_bot(bot_name)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    true: Counter[str] = Counter()
    sampled: Counter[str] = Counter()
    for game in range(deals):
        state = GameState.single_deal(rules, index, dealer=game % players)
        state.deal(rng)
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            action = bot.choose(observe(state, seat), rng)
            if isinstance(action, Play) and state.legal_card_mask().bit_count() > 1:
                bid = state.bids[seat]
                assert bid is not None
                where = situation(len(state.trick), players, bid - state.tricks_won[seat])
                seen[where] += 1
                true[where] += policy_card(state, state.hand_mask(seat)) == action.card.index
                after = state.clone()
                after.apply(action)
                observer = observe(after, (seat + 1) % players)
                try:
                    world = sample_world(WorldSpec.of(observer), rng)
                except NoConsistentWorld:
                    world = None
                if world is not None:
                    guess = world[seat] | action.card.bit
                    sampled[where] += policy_card(state, guess) == action.card.index
            state.apply(action)
    return {where: (seen[where], true[where], sampled[where]) for where in sorted(seen)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat (heuristic)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=12, help="the deal's hand size (12)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    try:
        rules = Rules(players=args.players)
        make_bot(args.bot)
    except (ValueError, KeyError) as err:
        raise SystemExit(str(err).strip("'\"")) from None
    if args.cards not in rules.schedule:
        raise SystemExit(f"--cards: {args.players} players have hands of 1 to {rules.max_cards}")
    table = agreement(args.bot, args.players, args.cards, args.deals, args.seed)
    print(f"{'situation':<13}{'cards':>7}{'true hand':>11}{'sampled':>9}")
    for where, (n, true, sampled) in table.items():
        print(f"{where:<13}{n:>7}{true / n:>11.3f}{sampled / n:>9.3f}")
    n = sum(v[0] for v in table.values())
    true = sum(v[1] for v in table.values())
    sampled = sum(v[2] for v in table.values())
    print(f"{'all':<13}{n:>7}{true / max(n, 1):>11.3f}{sampled / max(n, 1):>9.3f}")


if __name__ == "__main__":
    main()
