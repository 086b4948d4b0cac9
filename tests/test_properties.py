"""Properties of the core over thousands of seeded random games (hypothesis).

Each example plays several games with 2–10 players, random legal actions drawn from a
``random.Random(seed)``, and checks invariants after every action. Most games have a small
peak hand, so that CI covers thousands of them; some play the whole default schedule.

Legality, trick winners and scores are checked against a naive reference written here from
RULES.md alone (it reads card codes, not the engine's tables), so that a mistake shared by the
engine's fast and checked paths still shows. A failure names the plan (rules and seed) that
replays it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from ascenseur.core import (
    DECK,
    Action,
    Bid,
    Card,
    Deal,
    GameState,
    IllegalAction,
    Phase,
    Play,
    Rules,
)
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import check, dumps, loads, record_of, replay

# -- a reference implementation of the rules, from RULES.md and card codes only --------------

_SUIT_RANKS = {str(r): r for r in range(1, 11)} | {"J": 11, "N": 12, "Q": 13, "K": 14}


def kind(card: Card) -> str:
    """``"S" "H" "D" "C"`` for a suit card, ``"T"`` for a trump, ``"EX"`` for the Excuse."""
    code = card.code
    return "EX" if code == "EX" else code[0]


def rank(card: Card) -> int:
    """1…14 in a suit (C2: 11 Jack … 14 King), 1…21 for a trump, 0 for the Excuse."""
    code = card.code
    if code == "EX":
        return 0
    if code[0] == "T":
        return int(code[1:])
    return _SUIT_RANKS[code[1:]]


def reference_legal(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """The legal cards of ``hand`` when ``trick`` holds these cards in play order (P2–P7)."""
    if not trick:
        suit_cards = {c for c in hand if kind(c) in "SHDC"}
        return suit_cards or set(hand)  # P2
    shown = [c for c in trick if kind(c) != "EX"]
    if not shown:
        return set(hand)  # P4: after an Excuse lead, any card
    led = kind(shown[0])
    excuse = {c for c in hand if kind(c) == "EX"}
    if led != "T":
        follow = {c for c in hand if kind(c) == led}
        if follow:
            return follow | excuse  # P5
    trumps = {c for c in hand if kind(c) == "T"}
    if not trumps:
        return set(hand)  # P6, P7: neither the suit nor a trump
    high = max((rank(c) for c in trick if kind(c) == "T"), default=0)
    over = {c for c in trumps if rank(c) > high}
    return (over or trumps) | excuse  # P6, P7: overtrump if able


def reference_winner(trick: Sequence[Card]) -> int:
    """The position of the winning card of a complete trick (P9)."""
    trumps = [i for i, c in enumerate(trick) if kind(c) == "T"]
    if trumps:
        return max(trumps, key=lambda i: rank(trick[i]))
    led = next(kind(c) for c in trick if kind(c) != "EX")
    return max((i for i, c in enumerate(trick) if kind(c) == led), key=lambda i: rank(trick[i]))


def reference_score(bid: int, tricks: int) -> int:
    """S1: 3 + 2 × bid when exact; S2: −|tricks − bid| otherwise."""
    return 3 + 2 * bid if tricks == bid else -abs(tricks - bid)


@dataclass
class TrickLog:
    leader: int
    cards: list[Card]
    winner: int | None = None


def tricks_of_deal(n: int, dealer: int, cards: Sequence[Card]) -> list[TrickLog]:
    """The tricks of a deal from its cards in play order, the last one possibly unfinished.

    The dealer's left leads the first trick (P1), each winner the next one.
    """
    out: list[TrickLog] = []
    leader = (dealer + 1) % n
    for start in range(0, len(cards), n):
        chunk = list(cards[start : start + n])
        out.append(TrickLog(leader, chunk))
        if len(chunk) == n:
            leader = out[-1].winner = (leader + reference_winner(chunk)) % n
    return out


class DealTracker:
    """Follows the current deal card by card: who played what, the tricks and their winners.

    Incremental, so that checking every step of a long deal stays linear.
    """

    def __init__(self) -> None:
        self.deal_index = -1
        self.tricks: list[TrickLog] = []
        self.by_seat: list[set[Card]] = []
        self.count = 0

    def update(self, state: GameState) -> None:
        """Catch up with the cards played since the last call (call it while dealt only)."""
        n = state.players
        assert is_dealt(state)
        if state.deal_index != self.deal_index:
            self.deal_index = state.deal_index
            self.tricks = [TrickLog((state.dealer + 1) % n, [])]
            self.by_seat = [set() for _ in range(n)]
            self.count = 0
        played = state.played
        for card in played[self.count :]:
            trick = self.tricks[-1]
            self.by_seat[(trick.leader + len(trick.cards)) % n].add(card)
            trick.cards.append(card)
            if len(trick.cards) == n:
                trick.winner = (trick.leader + reference_winner(trick.cards)) % n
                self.tricks.append(TrickLog(trick.winner, []))
        self.count = len(played)

    @property
    def winners(self) -> list[int]:
        return [t.winner for t in self.tricks if t.winner is not None]


# -- games ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """One game to play: its rules and the seed of everything random in it."""

    rules: Rules
    seed: int


@st.composite
def plans(draw: st.DrawFn, medium: int, whole: int) -> Plan:
    """A game of 2–10 players, with or without the hook, mostly with a peak hand of 1–3.

    ``medium`` games in a thousand have a peak hand of 1–10 cards, and ``whole`` in a thousand
    play the default schedule (⌊78/n⌋). Long deals make every check at every step cost more:
    most games are short, so that many of them fit in the time.
    """
    players = draw(st.integers(2, 10))
    hook = draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    limit = 78 // players
    # Hypothesis favours the ends of a range; the remainder of a wide one is nearly uniform.
    size = draw(st.integers(0, 2**32 - 1)) % 1000
    if size < 1000 - medium - whole:
        rules = Rules(players, max_cards=draw(st.integers(1, min(3, limit))), hook=hook)
    elif size < 1000 - whole:
        rules = Rules(players, max_cards=draw(st.integers(1, min(10, limit))), hook=hook)
    else:
        rules = Rules(players, hook=hook)
    return Plan(rules, seed)


def games(least: int, most: int, medium: int, whole: int) -> st.SearchStrategy[list[Plan]]:
    """``least`` to ``most`` games per example (see :func:`plans`)."""
    return st.lists(plans(medium, whole), min_size=least, max_size=most)


Check = Callable[[GameState, random.Random], None]


def play(plan: Plan, check_step: Check) -> GameState:
    """Play one game of random legal actions, calling ``check_step`` before and after each.

    ``check_step`` may draw from the game's rng too: the game is still a function of its plan.
    """
    rng = random.Random(plan.seed)
    state = GameState.new(plan.rules, rng=rng)
    check_step(state, rng)
    while not state.is_terminal():
        if state.is_chance_node():
            state.deal(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        check_step(state, rng)
    return state


def is_dealt(state: GameState) -> bool:
    return state.phase is Phase.BIDDING or state.phase is Phase.PLAYING


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything, public and hidden, that an action could change."""
    n = state.players
    return (
        state.history,
        state.phase,
        state.current_seat,
        state.deal_index,
        state.dealer,
        state.hand_size,
        tuple(state.hand_mask(s) for s in range(n)),
        state.bids,
        state.trick,
        state.trick_winners,
        state.tricks_won,
        state.totals,
        state.results,
        state.deal_logs(),
        tuple(state.legal_actions()),
    )


def fingerprint(state: GameState) -> tuple[object, ...]:
    """The cheap part of :func:`snapshot`: what any action that applies changes."""
    masks = tuple(state.hand_mask(s) for s in range(state.players))
    return (len(state.history), state.phase, state.current_seat, state.bids, masks)


# -- 1. cards are conserved; apply accepts exactly the legal actions ---------------------------


def check_cards_conserved(state: GameState, deal: DealTracker) -> None:
    """Each of the 78 cards is in exactly one place: a hand, played this deal, or undealt."""
    n = state.players
    if not is_dealt(state):
        assert all(state.hand_mask(s) == 0 for s in range(n)), "hands must be empty between deals"
        return
    k = state.hand_size
    dealt_hands = [set(hand) for hand in state.deal_logs()[-1].hands]
    assert [len(h) for h in dealt_hands] == [k] * n, "a hand was not dealt k distinct cards"
    dealt = set().union(*dealt_hands)
    assert len(dealt) == n * k, "a card was dealt to two seats"
    places: Counter[Card] = Counter(state.played)
    for seat in range(n):
        hand = state.hand(seat)
        assert len(hand) == k - len(deal.by_seat[seat])
        places.update(hand)
        assert set(hand) | deal.by_seat[seat] == dealt_hands[seat], f"seat {seat}'s cards"
    assert set(places.values()) == {1}, f"cards in two places: {places.most_common(3)}"
    assert set(places) == dealt, "the cards held and played are not the cards dealt"
    assert len(set(DECK) - dealt) == 78 - n * k  # the rest is undealt


def check_turn_order(state: GameState, deal: DealTracker) -> None:
    """B1: bidding clockwise from the dealer's left; P1: each trick's leader, then clockwise."""
    n = state.players
    if state.phase is Phase.BIDDING:
        made = sum(b is not None for b in state.bids)
        assert state.current_seat == (state.dealer + 1 + made) % n
        assert made == 0 or state.played == ()
    elif state.phase is Phase.PLAYING:
        trick = deal.tricks[-1]
        assert state.leader == trick.leader
        assert state.current_seat == (trick.leader + len(trick.cards)) % n
        assert [c for _, c in state.trick] == trick.cards
        assert [s for s, _ in state.trick] == [
            (trick.leader + i) % n for i in range(len(trick.cards))
        ]
    else:
        assert state.current_seat is None and state.leader is None


def expected_bids(state: GameState) -> list[int]:
    """B2, B3: 0…k, less the value that makes the bids sum to k for the hooked dealer."""
    k = state.hand_size
    values = list(range(k + 1))
    if state.rules.hook and state.current_seat == state.dealer:
        others = sum(b for b in state.bids if b is not None)
        values = [v for v in values if v != k - others]
    return values


_PLAY_REASONS = {"must-lead-suit", "must-follow", "must-overtrump", "must-trump"}


def assert_rejected(state: GameState, action: Action, codes: set[str] | str) -> None:
    """``action`` is illegal: apply raises IllegalAction with one of ``codes``, changing nothing."""
    before = fingerprint(state)
    assert not state.is_legal(action), action
    try:
        state.apply(action)
    except IllegalAction as err:
        assert err.code in ({codes} if isinstance(codes, str) else codes), (action, err.code)
        assert str(err), action
    else:
        raise AssertionError(f"apply accepted the illegal {action!r}")
    assert fingerprint(state) == before, f"the rejected {action!r} changed the state"


def check_legality(state: GameState, rng: random.Random) -> None:
    """The legal set is the reference's and never empty; apply accepts it and nothing else."""
    legal = state.legal_actions()
    before = snapshot(state)
    no_deal = Deal(((),) * state.players)
    illegal: list[tuple[Action, set[str] | str]]
    if not is_dealt(state):
        assert legal == [], "legal actions at a chance node or after the end"
        why = "game-over" if state.is_terminal() else "wrong-phase"
        illegal = [(Bid(0), why), (Play(rng.choice(DECK)), why)]
        if state.is_terminal():
            illegal.append((no_deal, why))
        for action, codes in illegal:
            assert_rejected(state, action, codes)
        assert snapshot(state) == before
        return
    assert legal, "a decision node with no legal action"
    seat = state.current_seat
    assert seat is not None
    hand = state.hand(seat)
    if state.phase is Phase.BIDDING:
        k = state.hand_size
        assert legal == [Bid(v) for v in expected_bids(state)]
        wrong = [-1, k + 1, rng.randint(k + 2, 500)]
        illegal = [(Bid(v), "bid-out-of-range") for v in wrong]
        illegal += [(Bid(v), "hook") for v in range(k + 1) if Bid(v) not in legal]
        illegal.append((Play(rng.choice(hand)), "wrong-phase"))  # not yet: bidding first
    else:
        trick = [c for _, c in state.trick]
        legal_cards = {a.card for a in legal if isinstance(a, Play)}
        assert legal_cards == reference_legal(hand, trick)
        indices = [a.card.index for a in legal if isinstance(a, Play)]
        assert len(indices) == len(legal) and indices == sorted(indices), "deck order"
        in_hand = [Play(c) for c in hand if c not in legal_cards]
        elsewhere = [c for c in DECK if c not in hand]  # other hands, played, undealt
        illegal = [(a, _PLAY_REASONS) for a in rng.sample(in_hand, min(3, len(in_hand)))]
        illegal += [(Play(c), "not-in-hand") for c in rng.sample(elsewhere, 2)]
        illegal.append((Bid(0), "wrong-phase"))  # bidding is over
    illegal.append((no_deal, "wrong-phase"))
    history = state.history
    for action in legal:
        assert state.is_legal(action), action
        other = state.clone()
        other.apply(action)
        assert other.history == (*history, action)
    assert snapshot(state) == before, "applying to clones changed the original"
    for action, codes in illegal:
        assert_rejected(state, action, codes)
    assert snapshot(state) == before, "a rejected action changed the state"


class LegalityChecker:
    def __init__(self) -> None:
        self.deal = DealTracker()

    def __call__(self, state: GameState, rng: random.Random) -> None:
        if is_dealt(state):
            self.deal.update(state)
        check_cards_conserved(state, self.deal)
        check_turn_order(state, self.deal)
        check_legality(state, rng)


@given(games(2, 8, medium=30, whole=3))
def test_cards_are_conserved_and_apply_accepts_exactly_the_legal_actions(games: list[Plan]) -> None:
    for plan in games:
        play(plan, LegalityChecker())


# -- 2. tricks, scores and records -------------------------------------------------------------


def check_deal_result(state: GameState, j: int) -> None:
    """Finished deal ``j``: k tricks, won by the reference winners, scored by S1–S2."""
    n = state.players
    result = state.results[j]
    log = state.deal_logs()[j]
    assert result.dealer == log.dealer == (state.first_dealer + j) % n  # D2
    assert result.hand_size == state.rules.schedule[j]  # D4
    assert sum(result.tricks) == result.hand_size, "the tricks of a deal do not sum to k"
    assert result.bids == log.bids
    tricks = tricks_of_deal(n, log.dealer, list(log.cards))
    assert len(tricks) == result.hand_size and tricks[-1].winner is not None
    won = Counter(t.winner for t in tricks)
    assert result.tricks == tuple(won[s] for s in range(n))
    bids = result.bids
    assert result.scores == tuple(reference_score(bids[s], result.tricks[s]) for s in range(n))


def check_totals(state: GameState) -> None:
    """S3: the totals are the sums of the deal scores."""
    n = state.players
    sums = tuple(sum(r.scores[s] for r in state.results) for s in range(n))
    assert state.totals == sums == state.returns()


def check_record(state: GameState) -> None:
    """Saving then checking the record gives the state's scores and totals; loads round-trips."""
    record = record_of(state)
    text = dumps(record)
    assert check(text) == {
        "valid": True,
        "complete": state.is_terminal(),
        "deals": [{"tricks": list(r.tricks), "scores": list(r.scores)} for r in state.results],
        "totals": list(state.totals),
        "winners": list(state.winners()),
    }
    assert loads(text) == record
    assert dumps(loads(text)) == text
    again, _ = replay(json.loads(text))
    assert again.history == state.history
    assert again.phase is state.phase and again.current_seat == state.current_seat


class ScoreChecker:
    """Checks the tricks at every step, each deal as it ends, the record at random points."""

    def __init__(self, rules: Rules) -> None:
        steps = sum(rules.players * (k + 1) + 1 for k in rules.schedule)
        self.record_chance = min(0.05, 3 / steps)  # some three mid-game records per game
        self.finished = 0
        self.deal = DealTracker()

    def __call__(self, state: GameState, rng: random.Random) -> None:
        n = state.players
        if is_dealt(state):
            self.deal.update(state)
            winners = self.deal.winners
            assert state.trick_winners == tuple(winners)
            assert state.tricks_won == tuple(winners.count(s) for s in range(n))
            assert state.trick_number == len(winners)
        if len(state.results) > self.finished:
            assert len(state.results) == self.finished + 1
            check_deal_result(state, self.finished)
            check_totals(state)
            self.finished += 1
        if rng.random() < self.record_chance:
            check_record(state)


@given(games(8, 20, medium=50, whole=20))
def test_tricks_scores_totals_and_records_agree_with_the_rules(games: list[Plan]) -> None:
    for plan in games:
        state = play(plan, ScoreChecker(plan.rules))
        assert len(state.results) == plan.rules.deal_count == len(plan.rules.schedule)
        check_totals(state)
        best = max(state.totals)
        assert state.winners() == tuple(s for s, t in enumerate(state.totals) if t == best)
        check_record(state)


# -- 3. observations -------------------------------------------------------------------------


_ATOM, _CARD, _ITEMS, _DICT, _VALUE = range(5)


class CardWalker:
    """Finds every Card reachable from a value through dataclass fields and containers.

    Frozen values inside a view (deal results, the rules, interned actions) often come back
    unchanged step after step: their cards are remembered by identity, which keeps the walk
    cheap. The memory is bounded: it is forgotten when it grows large.
    """

    def __init__(self) -> None:
        self._known: dict[int, tuple[object, frozenset[Card]]] = {}
        self._kinds: dict[type, tuple[int, tuple[str, ...]]] = {}
        self._atoms: set[type] = set()
        self._once: dict[int, object] = {}

    def _kind(self, of: type) -> tuple[int, tuple[str, ...]]:
        if of is Card:
            found: tuple[int, tuple[str, ...]] = (_CARD, ())
        elif issubclass(of, int | str | float | enum.Enum) or of is type(None):
            found = (_ATOM, ())
            self._atoms.add(of)
        elif issubclass(of, tuple | list | set | frozenset):
            found = (_ITEMS, ())
        elif issubclass(of, dict):
            found = (_DICT, ())
        elif dataclasses.is_dataclass(of):
            found = (_VALUE, tuple(f.name for f in dataclasses.fields(of)))
        else:
            raise AssertionError(f"a view holds a {of.__name__}: teach the walk about it")
        self._kinds[of] = found
        return found

    def cards(self, value: object, top: bool = True) -> frozenset[Card]:
        """The cards in ``value``; ``top``: do not remember ``value`` itself."""
        if len(self._once) > 50_000:
            self._once.clear()
            self._known.clear()
        out: set[Card] = set()
        stack = [value]
        kinds, known, once, atoms = self._kinds, self._known, self._once, self._atoms
        while stack:
            item = stack.pop()
            kind_, names = kinds.get(type(item)) or self._kind(type(item))
            if kind_ == _ATOM:
                continue
            if kind_ == _CARD:
                out.add(item)  # type: ignore[arg-type]
            elif kind_ == _ITEMS:
                for each in item:  # type: ignore[attr-defined]
                    of = type(each)
                    if of is Card:
                        out.add(each)
                    elif of not in atoms:
                        stack.append(each)
            elif kind_ == _DICT:
                assert isinstance(item, dict)
                stack.extend(item.keys())
                stack.extend(item.values())
            elif item is value or not type(item).__dataclass_params__.frozen:  # type: ignore[attr-defined]
                stack.extend(getattr(item, name) for name in names)
            else:
                seen = known.get(id(item))
                if seen is not None and seen[0] is item:
                    out |= seen[1]
                elif once.get(id(item)) is item:  # met again: worth remembering
                    cards = self.cards(item, top=False)
                    known[id(item)] = (item, cards)
                    out |= cards
                else:
                    once[id(item)] = item
                    stack.extend(getattr(item, name) for name in names)
        return frozenset(out)


#: Fields that may differ between viewers; every other field is public and the same for all.
_PRIVATE = {"seat", "hand", "legal_actions"}


def check_facts_are_true(view: Observation, hands: Sequence[Sequence[Card]]) -> None:
    """Every void and trump ceiling shown holds of the real hidden hands."""
    for seat, facts in enumerate(view.facts):
        hand = hands[seat]
        kinds = {kind(c) for c in hand}
        for suit in facts.voids:
            assert suit.letter not in kinds, f"seat {seat} is shown void in {suit.name}: {hand}"
        top = max((rank(c) for c in hand if kind(c) == "T"), default=0)
        assert top <= facts.trump_ceiling, f"seat {seat} has a trump ceiling: {hand}"
        assert all(facts.may_hold(c) for c in hand)


class ObservationChecker:
    """Checks every view (each seat's and the spectator's) at every step."""

    def __init__(self) -> None:
        self.walker = CardWalker()

    def __call__(self, state: GameState, rng: random.Random) -> None:
        n = state.players
        played = set(state.played) if is_dealt(state) else set()
        hands = [state.hand(s) for s in range(n)]
        sizes = tuple(len(hand) for hand in hands)
        spectator = observe(state, None)
        public = [
            (f.name, getattr(spectator, f.name))
            for f in dataclasses.fields(spectator)
            if f.name not in _PRIVATE
        ]
        for seat in [None, *range(n)]:
            view = spectator if seat is None else observe(state, seat)
            own = set(hands[seat]) if seat is not None else set()
            seen = self.walker.cards(view)
            assert seen <= own | played, f"seat {seat} is shown {sorted(seen - own - played)}"
            assert view.seat == seat
            assert set(view.hand) == own and len(view.hand) == len(own)
            assert view.hand_counts == sizes
            for name, value in public:
                assert getattr(view, name) == value, f"{name} differs between viewers"
            if seat is not None and seat == state.current_seat:
                assert view.is_my_turn
                assert list(view.legal_actions) == state.legal_actions()
            else:
                assert not view.is_my_turn and view.legal_actions == ()
        assert spectator.hand == ()
        assert spectator.phase is state.phase and spectator.current_seat == state.current_seat
        assert spectator.bids == (state.bids if is_dealt(state) else (None,) * n)
        assert spectator.totals == state.totals and spectator.results == state.results
        assert spectator.played_mask == sum(c.bit for c in played)
        check_facts_are_true(spectator, hands)


@given(games(1, 5, medium=15, whole=2))
def test_observations_show_no_hidden_card_and_only_true_facts(games: list[Plan]) -> None:
    for plan in games:
        play(plan, ObservationChecker())
