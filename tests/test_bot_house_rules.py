"""The bots under house rules (RULES.md §7): legal everywhere, sensible, and never peeking.

* Every bot plays whole games of random rule sets (H1 schedules, H2 scoring tables — named and
  random —, H3 with or without the lead restriction, H4 closed fists, H5 blind one-card deals)
  and every decision is one of its view's legal actions.
* H5: a seat that sees the others' cards and not its own bids on the chance that its card
  wins; dealing it another card of those it has not seen (an undealt one) changes no decision
  of the heuristic or the expert, nor the hints, which never name that card.
* H4: under closed fists, changing the bids other seats made before this one changes no
  decision — under bids in turn the same change does move some.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ascenseur.bots.base import Budget, make_bot
from ascenseur.bots.heuristic import HeuristicBot
from ascenseur.bots.hints import advice
from ascenseur.core import Deal, GameState, Rules
from ascenseur.core.actions import BIDS, MY_CARD, Bid, Play, PlayerAction
from ascenseur.core.cards import DECK, DECK_SIZE, Card, mask_of
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import SCORING_TABLES, SEED_SCORING, Scoring
from ascenseur.core.state import Phase
from ascenseur.search.heuristic_bidding import blind_win_chance
from ascenseur.search.problem import WorldSpec
from helpers import bidding_order, cards
from random_rules import random_rules

#: Small budgets: the tests check what the bots may do, not how well they play.
EXPERT_BUDGET = Budget(iterations=300)


def _play_game(rules: Rules, name: str, rng: random.Random) -> dict[str, int]:
    """A whole game of ``rules`` with ``name`` in every seat, every decision checked against
    the view's legal actions; counts of the house-rule situations met."""
    bots = [make_bot(name, Budget(iterations=40)) for _ in range(rules.players)]
    state = GameState.new(rules, rng=rng)
    met = {"decisions": 0, "blind bids": 0, "my card": 0, "hidden bids": 0}
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
            continue
        seat = state.current_seat
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose(view, rng)
        assert action in view.legal_actions, (rules, view, action)
        met["decisions"] += 1
        met["blind bids"] += view.is_blind and isinstance(action, Bid)
        met["my card"] += action == MY_CARD
        met["hidden bids"] += any(
            b is None for s, b in enumerate(view.bids) if s in _bid_before(view, seat)
        )
        state.apply(action)
    return met


def _bid_before(view: Observation, seat: int) -> list[int]:
    """The seats that bid before ``seat`` in this deal (bidding from the dealer's left, B1),
    while bids are being made."""
    if view.phase is not Phase.BIDDING:
        return []
    order = bidding_order(view.dealer, view.players)
    return order[: order.index(seat)]


@pytest.mark.parametrize(
    ("name", "games"), [("random", 60), ("heuristic", 60), ("expert", 12), ("expert-pure", 4)]
)
def test_every_bot_plays_random_house_rules_legally_h1_to_h5(name: str, games: int) -> None:
    """Random rule sets of 2–5 players, hands of at most 3 cards: every decision of every bot
    is legal, blind bids and "my card" (H5) and hidden earlier bids (H4) among them."""
    rng = random.Random(f"house/{name}")
    met: dict[str, int] = {}
    for _ in range(games):
        rules = random_rules(rng, rng.randint(2, 5), peak=3, one_card=True)
        for key, count in _play_game(rules, name, rng).items():
            met[key] = met.get(key, 0) + count
    assert met["blind bids"] > 0 and met["my card"] > 0 and met["hidden bids"] > 0, met


# -- H5: blind one-card deals ------------------------------------------------------------------


def _blind_state(
    hands: Sequence[str], dealer: int = 3, scoring: Scoring = SEED_SCORING
) -> GameState:
    """A blind one-card deal (H5) of ``hands`` (one card a seat), dealt by ``dealer``."""
    rules = Rules(len(hands), schedule=[1], blind_one_card=True, scoring=scoring)
    state = GameState.single_deal(rules, 0, dealer)
    state.apply(Deal(tuple(cards(hand) for hand in hands)))
    return state


def test_a_seat_that_sees_the_21_bids_nothing_in_a_blind_deal_h5() -> None:
    """Trump 21 on another forehead takes the trick whatever this seat holds: both bots bid 0,
    and the heuristic's chance of winning is 0."""
    state = _blind_state(["H5", "T21", "S3", "D4"], dealer=3)
    view = observe(state, 0)
    assert view.hand == () and view.is_blind
    assert blind_win_chance(view) == 0.0
    assert HeuristicBot().choose(view, random.Random(0)) == Bid(0)
    assert make_bot("expert", EXPERT_BUDGET).choose(view, random.Random(0)) == Bid(0)


def test_a_seat_that_leads_against_low_cards_bids_one_in_a_blind_deal_h5() -> None:
    """Seat 0 leads against the 2 of hearts, spades and diamonds: its unseen card wins unless
    it is one of the three aces of those suits or the Excuse (4 of the 75 cards it has not
    seen). Both bots bid 1."""
    state = _blind_state(["C7", "H2", "S2", "D2"], dealer=3)
    view = observe(state, 0)
    assert blind_win_chance(view) == pytest.approx(71 / 75)
    assert HeuristicBot().choose(view, random.Random(0)) == Bid(1)
    assert make_bot("expert", EXPERT_BUDGET).choose(view, random.Random(0)) == Bid(1)


def test_the_experts_blind_worlds_know_every_card_but_its_own_h5() -> None:
    """The worlds of a blind view give each other seat the card it shows and the seat a card
    drawn from those it has not seen: never a seen card, every unseen one in turn."""
    state = _blind_state(["C7", "H2", "S2", "D2"], dealer=3)
    spec = WorldSpec.of(observe(state, 0))
    seen = mask_of(cards("H2 S2 D2"))
    assert spec.known == (0, *(mask_of(cards(c)) for c in ("H2", "S2", "D2")))
    assert spec.counts == (1, 0, 0, 0) and spec.order == (0,)
    assert spec.unseen == mask_of(DECK) & ~seen
    from ascenseur.search.worlds import sample_world

    rng = random.Random(5)
    drawn = set()
    for _ in range(2000):
        world = sample_world(spec, rng)
        assert world[1:] == list(spec.known[1:])
        assert world[0].bit_count() == 1 and not world[0] & seen
        drawn.add(world[0])
    assert len(drawn) == DECK_SIZE - 3


def _undealt(state: GameState) -> Card:
    held = 0
    for seat in range(state.players):
        held |= state.hand_mask(seat)
    return next(card for card in DECK if not held >> card.index & 1)


Decisions = tuple[PlayerAction, PlayerAction, list[tuple[PlayerAction, float, float]]]


def _decisions(view: Observation) -> Decisions:
    """What the heuristic, the expert (seeded) and the hints (seeded) make of ``view``."""
    heuristic = HeuristicBot().choose(view, random.Random(1))
    expert = make_bot("expert", EXPERT_BUDGET).choose(view, random.Random(2))
    hints = [(e.action, e.points, e.exact) for e in advice(view, random.Random(3), 200)]
    return heuristic, expert, hints


@pytest.mark.parametrize("seed", range(4))
def test_swapping_a_seats_own_blind_card_changes_no_decision_h5(seed: int) -> None:
    """At a blind one-card deal the deciding seat's card is exchanged with an undealt card:
    its bid (heuristic, expert) and its hints are the same in both games, at its bid and at
    its card; the other seats do see the difference."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    dealt = rng.sample(DECK, players + 1)
    seat, dealer = rng.randrange(players), rng.randrange(players)
    scoring = rng.choice(list(SCORING_TABLES.values()))
    games = []
    for own in (dealt[seat], dealt[players]):
        hands = [own.code if s == seat else dealt[s].code for s in range(players)]
        games.append(_blind_state(hands, dealer, scoring=scoring))
    order = bidding_order(dealer, players)
    earlier = [rng.randrange(2) for _ in order[: order.index(seat)]]
    for game in games:  # the seats before this one bid the same in both games
        for bid in earlier:
            game.apply(BIDS[bid])
    views = [observe(game, seat) for game in games]
    assert _decisions(views[0]) == _decisions(views[1])
    other = (seat + 1) % players
    assert observe(games[0], other).seen_hands != observe(games[1], other).seen_hands
    for game in games:  # the rest bid 0, and cards are played up to this seat's
        for _ in order[order.index(seat) :]:
            game.apply(BIDS[0])
        while game.current_seat != seat:
            game.apply(MY_CARD)
    views = [observe(game, seat) for game in games]
    assert views[0].legal_actions == (MY_CARD,)
    first, second = _decisions(views[0]), _decisions(views[1])
    assert first == second
    assert first[2][0][0] == MY_CARD and not any(isinstance(a, Play) for a, _, _ in first[2])


# -- H4: closed fists ----------------------------------------------------------------------------


def _bidding_states(rng: random.Random, bidding: str) -> tuple[GameState, GameState, int] | None:
    """The same deal of 4 players and 2–8 cards twice, the seats before the last bidder having
    bid differently in the two; None when the draws gave the same bids."""
    rules = Rules(4, 8, bidding=bidding)
    k = rng.randint(2, 8)
    dealer = rng.randrange(4)
    state = GameState.single_deal(rules, rules.schedule.index(k), dealer)
    state.deal(rng)
    games = (state.clone(), state.clone())
    order = bidding_order(dealer, 4)
    bids = [[rng.randint(0, k) for _ in order[:-1]] for _ in games]
    if bids[0] == bids[1]:
        return None
    for game, made in zip(games, bids, strict=True):
        for bid in made:
            game.apply(BIDS[bid])
    return games[0], games[1], order[-1]


def test_the_other_bids_made_so_far_change_no_decision_under_closed_fists_h4() -> None:
    """Under simultaneous bidding, the last bidder decides (heuristic, expert seeded, hints
    seeded) the same whatever the three bids before it were; under bids in turn the same
    change moves the heuristic's bid in some deals (the bids are information there)."""
    rng = random.Random(44)
    compared = 0
    while compared < 6:
        drawn = _bidding_states(rng, "simultaneous")
        if drawn is None:
            continue
        first, second, seat = drawn
        assert _decisions(observe(first, seat)) == _decisions(observe(second, seat))
        compared += 1
    moved = 0
    for _ in range(60):
        drawn = _bidding_states(rng, "in-turn")
        if drawn is None:
            continue
        first, second, seat = drawn
        bot = HeuristicBot()
        moved += bot.choose(observe(first, seat), rng) != bot.choose(observe(second, seat), rng)
    assert moved > 0


def _blind_last_bidder(bids: Sequence[int]) -> Observation:
    """Seat 0 deals and bids last in a 3-player blind deal; it holds T20 and sees 2♥ and 3♠."""
    state = GameState.new(Rules(3, max_cards=1, blind_one_card=True), first_dealer=0)
    state.apply(Deal(((Card.parse("T20"),), (Card.parse("H2"),), (Card.parse("S3"),))))
    for value in bids:
        state.apply(Bid(value))
    return observe(state, 0)


def test_the_expert_reads_its_blind_card_from_the_bids_made_looking_at_it_h5() -> None:
    """H5: the bids before the seat's were made seeing its card. Two seats that bid 0 while
    seeing only low cards but the seat's own say that card is strong; bids of 1 say it is
    weak. The expert's chance of taking the trick moves with them; the club player's, which
    ignores them, does not, and neither does anything the expert gets from its own card."""
    from ascenseur.bots.blind import blind_bid_estimates

    def win(view: Observation) -> float:
        return next(e.exact for e in blind_bid_estimates(view) if e.action == Bid(1))

    strong, weak = _blind_last_bidder([0, 0]), _blind_last_bidder([1, 1])
    assert win(strong) > blind_win_chance(strong) > win(weak)
    assert blind_win_chance(strong) == blind_win_chance(weak)
    expert = make_bot("expert", Budget(iterations=200))
    assert expert.choose(strong, random.Random(1)) == Bid(1)
    assert advice(strong, random.Random(1))[1].exact == win(strong)  # the hint says the same
