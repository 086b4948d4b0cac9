"""Bots cannot peek: dealing the cards a seat cannot see differently never changes its choice.

For many random positions (2–10 players, every phase), the cards the deciding seat has not
seen are dealt anew among the other seats — keeping every public fact true: hand sizes, the
cards each seat played, shown voids and trump ceilings — and the same actions replayed. Each
bot, asked through :func:`~ascenseur.core.observation.observe` with the same seed, must decide
the same in both games. The views are not compared first: whatever path hidden cards might take
to a decision (the view, the bot, a cache), the decision is what must not move. A control shows
that the reshuffles matter: a player that could see the next seat's hand would decide
differently in a good share of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ascenseur.bots.base import Budget, make_bot
from ascenseur.core import Deal, GameState, Rules
from ascenseur.core.actions import Action
from ascenseur.core.cards import DECK, DECK_SIZE
from ascenseur.core.observation import observe


def random_position(rng: random.Random, max_players: int = 10) -> GameState:
    """A random position of a random deal with a seat to act (bidding or playing)."""
    while True:
        players = rng.randint(2, max_players)
        rules = Rules(players=players, hook=rng.random() < 0.3)
        deal = rng.randrange(rules.deal_count)
        state = GameState.single_deal(rules, deal, rng.randrange(players))
        state.deal(rng)
        for _ in range(rng.randrange(players + players * state.hand_size)):
            state.apply(rng.choice(state.legal_actions()))
        if state.current_seat is not None:
            return state


def reshuffled(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same deal and actions with the cards ``seat`` has not seen dealt anew among the
    other seats, every public fact kept; None if the draw found no such deal, or only the
    same hands."""
    log = state.deal_logs()[-1]
    n = state.players
    facts = observe(state, seat).facts
    played = {card.index for card in log.cards}
    own = state.hand_mask(seat)
    pool = [i for i in range(DECK_SIZE) if i not in played and not own >> i & 1]
    rng.shuffle(pool)
    hands: dict[int, list[int]] = {}
    for other in sorted(range(n), key=lambda s: len(facts[s].voids), reverse=True):
        if other == seat:
            continue
        size = state.hand_mask(other).bit_count()
        chosen = [i for i in pool if facts[other].may_hold(DECK[i])][:size]
        if len(chosen) < size:
            return None
        hands[other] = chosen
        pool = [i for i in pool if i not in chosen]
    if all(sum(1 << i for i in hands[s]) == state.hand_mask(s) for s in hands):
        return None
    deal = Deal(
        tuple(
            log.hands[s]
            if s == seat
            else tuple(c for c in log.hands[s] if c.index in played)
            + tuple(DECK[i] for i in hands[s])
            for s in range(n)
        )
    )
    twin = GameState.single_deal(state.rules, state.deal_index, dealer=state.dealer)
    actions: list[Action] = [deal, *(a for a in state.history if not isinstance(a, Deal))]
    for action in actions:
        twin.apply(action)  # checked: the twin is a legal game
    return twin


def twins(seed: int, count: int, max_players: int = 10) -> Iterator[tuple[GameState, GameState]]:
    """``count`` positions, each with a twin that differs only in cards its seat cannot see."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = random_position(rng, max_players)
        seat = state.current_seat
        assert seat is not None
        twin = reshuffled(state, seat, rng)
        if twin is None or len(state.legal_actions()) < 2:
            continue
        made += 1
        yield state, twin


@pytest.mark.parametrize(
    ("bot", "budget", "positions"),
    [
        ("random", Budget(), 2000),
        ("heuristic", Budget(), 2000),
        ("expert-pure", Budget(iterations=16), 100),
        ("expert", Budget(iterations=40), 200),
    ],
)
def test_a_bot_decides_the_same_whatever_the_hidden_cards(
    bot: str, budget: Budget, positions: int
) -> None:
    player = make_bot(bot, budget)
    for number, (state, twin) in enumerate(twins(seed=len(bot), count=positions)):
        seat = state.current_seat
        assert seat is not None and twin.current_seat == seat
        first = player.choose(observe(state, seat), random.Random(number))
        second = player.choose(observe(twin, seat), random.Random(number))
        assert first == second, f"position {number}: {bot} saw a hidden card"


def test_the_expert_with_the_faithful_model_decides_the_same_whatever_the_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ExpertSettings(faithful=True)`` (not registered: an option of the expert) reads the
    others' past cards and the chain draws their hands; still only from the view (its chains
    kept short here: 200 worlds)."""
    pytest.importorskip("numba")
    from ascenseur.bots.expert import ExpertBot, ExpertSettings
    from ascenseur.fast import chain

    monkeypatch.setattr(chain, "WORLDS", 200)
    player = ExpertBot(Budget(iterations=40), ExpertSettings(faithful=True))
    chained = 0
    for number, (state, twin) in enumerate(twins(seed=41, count=80, max_players=6)):
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        first = player.choose(view, random.Random(number))
        second = player.choose(observe(twin, seat), random.Random(number))
        assert first == second, f"position {number}: the faithful expert saw a hidden card"
        chained += bool(view.tricks or view.trick) and len(view.legal_actions) > 1
    assert chained >= 20


def test_the_reshuffles_would_catch_a_peeking_player() -> None:
    """A player that looks at the next seat's hand (and plays its highest or lowest legal
    card by it) decides differently in many twins: the test above can fail."""

    def peeker(state: GameState) -> Action:
        seat = state.current_seat
        assert seat is not None
        legal = state.legal_actions()
        glimpse = state.hand_mask((seat + 1) % state.players)
        return legal[-1] if glimpse.bit_count() and glimpse.bit_length() % 2 else legal[0]

    pairs = list(twins(seed=99, count=300))
    caught = sum(peeker(state) != peeker(twin) for state, twin in pairs)
    assert caught >= len(pairs) // 5
