"""The game state (partie): the only mutable thing in the core.

A game is a sequence of deals (donnes). Each deal starts with a chance step — the deal of the
cards, an explicit :class:`~ascenseur.core.actions.Deal` action — then bidding (annonces) and
play (plis). The state speaks the vocabulary of game-AI libraries: :attr:`GameState.phase`,
:attr:`GameState.current_seat`, :meth:`GameState.legal_actions`, :meth:`GameState.apply`,
:meth:`GameState.clone`, :meth:`GameState.is_terminal`, :meth:`GameState.returns`.

Every action applied is appended to :attr:`GameState.history`; the game is its rules, its first
dealer and that log.

Between deals (:attr:`Phase.DEALING`), :attr:`~GameState.deal_index`,
:attr:`~GameState.hand_size` and :attr:`~GameState.dealer` name the coming deal, while the
per-deal facts (:attr:`~GameState.bids`, :attr:`~GameState.played`,
:attr:`~GameState.tricks_won`, :attr:`~GameState.trick_winners`) still describe the deal just
finished, until the next one is dealt — so the last trick stays on view.

>>> import random
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.phase
<Phase.DEALING: 'dealing'>
>>> state.deal(random.Random(7))
>>> state.phase, state.current_seat, state.legal_actions()
(<Phase.BIDDING: 'bidding'>, 1, [Bid(0), Bid(1)])

Search code may use the *unchecked* fast path — :meth:`legal_card_mask`,
:meth:`play_unchecked`, :meth:`bid_unchecked` — which trusts its caller; the checked entry
points call the same code after asking :func:`~ascenseur.core.tricks.legal_mask`. What a
refusal says (the :class:`~ascenseur.core.errors.IllegalAction`) is built in
:mod:`ascenseur.core.checks`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ascenseur.core.actions import BIDS, PLAYS, Action, Bid, Deal, MyCard, Play, PlayerAction
from ascenseur.core.cards import (
    CARD_RANK,
    CARD_SUIT,
    DECK,
    DECK_SIZE,
    EXCUSE_KIND,
    TRUMP_KIND,
    Card,
    cards_of,
)
from ascenseur.core.checks import check
from ascenseur.core.deals import DealRecord
from ascenseur.core.errors import IllegalAction
from ascenseur.core.phase import Phase
from ascenseur.core.rules import Rules
from ascenseur.core.scoring import winners
from ascenseur.core.tricks import NO_LED, TRICK_VALUES, legal_mask

#: The interned Play of each card, by the card's bit (legal_actions walks the legal mask).
PLAY_OF_BIT: dict[int, Play] = {1 << i: play for i, play in enumerate(PLAYS)}


#: A deal as the state keeps it: dealer, hands dealt, bids (-1: none yet), cards played, all as
#: deck indices; :meth:`GameState.deal_logs` gives it as a :class:`DealRecord`.
_RawDeal = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: bids, tricks and points by seat."""

    dealer: int
    hand_size: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]


class GameState:
    """A game of Tarot ascenseur in progress: everything, including every hidden card.

    Nothing outside the core should hand a ``GameState`` to a player, a bot or a client: they
    receive :func:`ascenseur.core.observation.observe` of it.
    """

    __slots__ = (
        "_bid_count",
        "_bids",
        "_dealer",
        "_dealt",
        "_hand_size",
        "_hands",
        "_high",
        "_history",
        "_k_index",
        "_lead",
        "_leader",
        "_led",
        "_legal",
        "_logs",
        "_n",
        "_phase",
        "_played",
        "_results",
        "_schedule",
        "_start",
        "_stop",
        "_to_act",
        "_totals",
        "_trick_len",
        "_trick_winners",
        "_tricks",
        "_win_seat",
        "_win_value",
        "first_dealer",
        "rules",
    )

    def __init__(self, rules: Rules, first_dealer: int) -> None:
        """A new game waiting for its first deal; prefer :meth:`new`."""
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
            raise IllegalAction(
                f"first dealer must be a seat number 0…{rules.players - 1}, not {first_dealer!r}",
                code="bad-dealer",
            )
        if not 0 <= first_dealer < rules.players:
            raise IllegalAction(
                f"first dealer must be a seat 0…{rules.players - 1}, not {first_dealer}",
                code="bad-dealer",
            )
        n = rules.players
        self.rules = rules
        self.first_dealer = first_dealer
        self._n = n
        self._schedule = rules.schedule
        self._lead = rules.lead_restriction
        self._start = 0
        self._stop = len(self._schedule)
        self._k_index = 0
        self._phase = Phase.DEALING
        self._dealer = first_dealer
        self._hand_size = self._schedule[0]
        self._hands = [0] * n
        self._dealt: list[tuple[int, ...]] = [()] * n
        self._bids = [-1] * n
        self._bid_count = 0
        self._to_act = -1
        self._leader = -1
        self._trick_len = 0
        self._led = -1
        self._high = 0
        self._legal = -1  # the legal-card mask of the position, once computed (-1: not yet)
        self._win_seat = -1
        self._win_value = -1
        self._tricks = [0] * n
        self._trick_winners: list[int] = []
        self._played: list[int] = []
        self._totals = [0] * n
        self._results: list[DealResult] = []
        self._logs: list[_RawDeal] = []
        self._history: list[Action] = []

    @staticmethod
    def new(
        rules: Rules, first_dealer: int | None = None, rng: random.Random | None = None
    ) -> GameState:
        """A new game; without ``first_dealer`` it is drawn from ``rng`` (rule D2).

        ``rng`` defaults to the operating system's randomness (a real game); pass a seeded
        :class:`random.Random` for tests, simulations and replays.
        """
        if first_dealer is None:
            source = rng if rng is not None else random.SystemRandom()
            first_dealer = source.randrange(rules.players)
        return GameState(rules, first_dealer)

    @staticmethod
    def single_deal(rules: Rules, deal_index: int, dealer: int = 0) -> GameState:
        """A game reduced to its deal ``deal_index`` (0-based), dealt by ``dealer``.

        For analysis, search and benchmarks: the state waits for that deal's cards and is
        terminal once it is scored. Its totals count that deal only; it has no record.
        """
        schedule = rules.schedule
        if not 0 <= deal_index < len(schedule):
            raise IllegalAction(
                f"deal index must be 0…{len(schedule) - 1} for these rules, not {deal_index}",
                code="bad-deal-index",
            )
        n = rules.players
        state = GameState(rules, (dealer - deal_index) % n)
        state._start = state._k_index = deal_index
        state._stop = deal_index + 1
        state._dealer = dealer % n
        state._hand_size = schedule[deal_index]
        return state

    @property
    def is_whole_game(self) -> bool:
        """Whether the state plays the rules' whole schedule from its first deal.

        False for a :meth:`single_deal` state, unless that one deal is the whole schedule
        (``max_cards`` 1).
        """
        return self._start == 0 and self._stop == len(self._schedule)

    def clone(self) -> GameState:
        """An independent copy (the log and every list are copied)."""
        other = GameState.__new__(GameState)
        for name in GameState.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = value.copy()
            setattr(other, name, value)
        return other

    # -- what everyone can ask -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def players(self) -> int:
        return self._n

    @property
    def deal_index(self) -> int:
        """The 0-based deal being played (the next one while :attr:`Phase.DEALING`)."""
        return self._k_index

    @property
    def hand_size(self) -> int:
        """k, the number of cards each seat is dealt in the current deal."""
        return self._hand_size

    @property
    def dealer(self) -> int:
        """The dealer (donneur) of the current deal (rule D2)."""
        return self._dealer

    @property
    def current_seat(self) -> int | None:
        """The seat to bid or play; None while dealing or when the game is over."""
        if self._phase is Phase.BIDDING or self._phase is Phase.PLAYING:
            return self._to_act
        return None

    def is_chance_node(self) -> bool:
        """True while the next action is the deal of the cards."""
        return self._phase is Phase.DEALING

    def is_terminal(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Bids of the current deal by seat (None: not yet)."""
        return tuple(None if b < 0 else b for b in self._bids)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far in the current deal, by seat."""
        return tuple(self._tricks)

    @property
    def leader(self) -> int | None:
        """The seat that leads (entame) the current trick; None outside play."""
        return self._leader if self._phase is Phase.PLAYING else None

    @property
    def trick_number(self) -> int:
        """The 0-based trick being played in the current deal."""
        return len(self._trick_winners)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` pairs in play order."""
        if self._trick_len == 0:
            return ()
        start = len(self._played) - self._trick_len
        n = self._n
        return tuple(
            ((self._leader + i) % n, DECK[self._played[start + i]]) for i in range(self._trick_len)
        )

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played in the current deal, in order."""
        return tuple(DECK[i] for i in self._played)

    @property
    def played_indices(self) -> tuple[int, ...]:
        """The deck indices of :attr:`played`, in order."""
        return tuple(self._played)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each finished trick of the current deal."""
        return tuple(self._trick_winners)

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals by seat over the finished deals (rule S3)."""
        return tuple(self._totals)

    def returns(self) -> tuple[int, ...]:
        """The totals (OpenSpiel's name); final once :meth:`is_terminal`."""
        return tuple(self._totals)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (shared wins, rule S3)."""
        return winners(self._totals)

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, in order."""
        return tuple(self._results)

    @property
    def history(self) -> tuple[Action, ...]:
        """The event log: every action applied, in order."""
        return tuple(self._history)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards seat ``seat`` holds now, in deck order. Hidden information."""
        return tuple(cards_of(self._hands[seat]))

    def hand_mask(self, seat: int) -> int:
        """The mask of the cards seat ``seat`` holds now. Hidden information."""
        return self._hands[seat]

    def deal_logs(self) -> tuple[DealRecord, ...]:
        """Every deal so far as a record states it, the current one included (if dealt)."""
        raw = list(self._logs)
        if self._phase is Phase.BIDDING or self._phase is Phase.PLAYING:
            raw.append(self._current_log())
        return tuple(
            DealRecord(
                dealer=dealer,
                hands=tuple(tuple(DECK[i] for i in hand) for hand in hands),
                bids=tuple(None if b < 0 else b for b in bids),
                cards=tuple(DECK[i] for i in cards),
            )
            for dealer, hands, bids, cards in raw
        )

    def _current_log(self) -> _RawDeal:
        return (self._dealer, tuple(self._dealt), tuple(self._bids), tuple(self._played))

    # -- legality ----------------------------------------------------------------------------

    def legal_bids(self) -> list[int]:
        """The bids the seat to act may make (rules B2, B3); [] outside bidding."""
        if self._phase is not Phase.BIDDING:
            return []
        k = self._hand_size
        if self.rules.hook and self._bid_count == self._n - 1:
            forbidden = k - sum(b for b in self._bids if b >= 0)
            return [v for v in range(k + 1) if v != forbidden]
        return list(range(k + 1))

    def legal_card_mask(self) -> int:
        """Mask of the cards the seat to play may play (0 outside play). Fast path."""
        if self._phase is not Phase.PLAYING:
            return 0
        mask = self._legal
        if mask < 0:
            mask = legal_mask(
                self._hands[self._to_act], self._trick_len, self._led, self._high, self._lead
            )
            self._legal = mask
        return mask

    def legal_actions(self) -> list[PlayerAction]:
        """The legal bids or plays for the seat to act, in order; [] at a chance node or the end."""
        actions: list[PlayerAction]
        if self._phase is Phase.PLAYING:
            mask = self._legal
            if mask < 0:
                mask = legal_mask(
                    self._hands[self._to_act], self._trick_len, self._led, self._high, self._lead
                )
                self._legal = mask
            actions = []
            while mask:
                low = mask & -mask
                actions.append(PLAY_OF_BIT[low])
                mask ^= low
        elif self._phase is Phase.BIDDING:
            actions = [BIDS[v] for v in self.legal_bids()]
        else:
            actions = []
        return actions

    @property
    def is_blind_deal(self) -> bool:
        """Whether the current (or coming) deal is played blind (house rule H5)."""
        return self.rules.is_blind(self._hand_size)

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        try:
            check(self, action)
        except IllegalAction:
            return False
        return True

    # -- applying ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking it; raises :class:`IllegalAction` saying why not."""
        if type(action) is Play and self._phase is Phase.PLAYING:
            # The common case, checked by the one legality function (its mask cached by
            # legal_actions) without the detour through _check; anything it does not accept
            # goes there for the explanation.
            index = action.card.index
            mask = self._legal
            if mask < 0:
                mask = legal_mask(
                    self._hands[self._to_act], self._trick_len, self._led, self._high, self._lead
                )
                self._legal = mask
            if mask >> index & 1:
                self.play_unchecked(index)
                return
        check(self, action)
        if isinstance(action, Play):
            self.play_unchecked(action.card.index)
        elif isinstance(action, MyCard):
            # H5: the seat plays the one card it holds without naming it; the log names it.
            self.play_unchecked(self._hands[self._to_act].bit_length() - 1)
        elif isinstance(action, Bid):
            self.bid_unchecked(action.value)
        else:
            self._deal_indices([[c.index for c in hand] for hand in action.hands], action)

    def deal(self, rng: random.Random) -> None:
        """Shuffle and deal the cards of the next deal from ``rng`` (rule D3).

        The deal is this state's own draw, so it is applied without re-validating it.
        """
        if self._phase is not Phase.DEALING:
            check(self, Deal(()))  # raises: game over, or a deal out of turn
        self._deal_indices(self._draw_hands(rng), None)

    def random_deal(self, rng: random.Random) -> Deal:
        """A uniformly random deal for the next deal, drawn from ``rng`` (rule D3).

        The same deal as :meth:`deal` would make from the same ``rng``.
        """
        if self._phase is not Phase.DEALING:
            check(self, Deal(()))  # raises: game over, or a deal out of turn
        return Deal(tuple(tuple(DECK[i] for i in hand) for hand in self._draw_hands(rng)))

    def deal_random_unchecked(self, rng: random.Random) -> None:
        """Fast path of :meth:`deal` for simulations: the same deal, without the phase check."""
        self._deal_indices(self._draw_hands(rng), None)

    def _draw_hands(self, rng: random.Random) -> list[list[int]]:
        """Each seat's cards (indices, in the order received) for the next deal.

        The cards are the top n·k cards of a shuffled deck, dealt one at a time from the
        dealer's left: ``rng.sample`` draws exactly that prefix of a uniform shuffle.
        """
        n = self._n
        top = rng.sample(range(DECK_SIZE), n * self._hand_size)
        first = self._dealer + 1
        return [top[(seat - first) % n :: n] for seat in range(n)]

    def _deal_indices(self, hands: list[list[int]], action: Deal | None) -> None:
        n = self._n
        self._hands = [sum([1 << index for index in hand]) for hand in hands]
        self._dealt = [tuple(h) for h in hands]
        self._bids = [-1] * n
        self._bid_count = 0
        self._tricks = [0] * n
        self._trick_winners = []
        self._played = []
        self._trick_len = 0
        self._led = -1
        self._high = 0
        self._win_seat = -1
        self._win_value = -1
        self._phase = Phase.BIDDING
        self._legal = -1
        self._to_act = (self._dealer + 1) % n
        self._leader = self._to_act
        if action is None:
            action = Deal(tuple([tuple([DECK[i] for i in h]) for h in hands]))
        self._history.append(action)

    def bid_unchecked(self, value: int) -> None:
        """Record ``value`` as the bid of the seat to act. Fast path: no checks."""
        seat = self._to_act
        self._bids[seat] = value
        self._bid_count += 1
        self._history.append(BIDS[value])
        n = self._n
        if self._bid_count == n:
            self._phase = Phase.PLAYING
            self._to_act = self._leader = (self._dealer + 1) % n
        else:
            self._to_act = (seat + 1) % n

    def play_unchecked(self, index: int) -> None:
        """Play the card of deck index ``index`` for the seat to act. Fast path: no checks."""
        seat = self._to_act
        self._legal = -1
        self._hands[seat] ^= 1 << index
        self._played.append(index)
        self._history.append(PLAYS[index])
        # The trick's state moves as ascenseur.core.tricks.trick_step says (rule P9), inlined:
        # this is the pure engine's innermost step.
        suit = CARD_SUIT[index]
        if self._led == NO_LED and suit != EXCUSE_KIND:
            self._led = suit
        if suit == TRUMP_KIND and CARD_RANK[index] > self._high:
            self._high = CARD_RANK[index]
        value = TRICK_VALUES[self._led + 1][index]
        if value > self._win_value:
            self._win_value = value
            self._win_seat = seat
        self._trick_len += 1
        if self._trick_len < self._n:
            self._to_act = (seat + 1) % self._n
            return
        winner = self._win_seat
        self._tricks[winner] += 1
        self._trick_winners.append(winner)
        self._trick_len = 0
        self._led = -1
        self._high = 0
        self._win_seat = -1
        self._win_value = -1
        self._to_act = self._leader = winner
        if len(self._trick_winners) == self._hand_size:
            self._finish_deal()

    def _finish_deal(self) -> None:
        n = self._n
        bids = tuple(self._bids)
        tricks = tuple(self._tricks)
        scoring = self.rules.scoring
        scores = tuple(scoring.points(bids[s], tricks[s]) for s in range(n))
        for seat in range(n):
            self._totals[seat] += scores[seat]
        self._results.append(DealResult(self._dealer, self._hand_size, bids, tricks, scores))
        self._logs.append(self._current_log())
        self._k_index += 1
        if self._k_index == self._stop:
            self._phase = Phase.OVER
            self._to_act = -1
            return
        self._phase = Phase.DEALING
        self._dealer = (self.first_dealer + self._k_index) % n
        self._hand_size = self._schedule[self._k_index]
        self._to_act = -1


__all__ = ["PLAY_OF_BIT", "DealRecord", "DealResult", "GameState", "Phase"]
