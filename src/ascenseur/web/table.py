"""A game the server runs: its state, who sits where, its seed, and the store it commits to.

A :class:`Table` moves only through :meth:`Table.commit`: the action is applied to a copy of
the state by the session's :func:`~ascenseur.session.apply_action` (the core's checks), the
copy is committed to the store, and only then does it become the table's state. The table
never holds what the store does not. Seats are bound to players (a token) or to bots, so a
table may seat any number of people.

>>> from ascenseur.web.storage import Store
>>> store = Store(":memory:")
>>> table = Table.create(store, Rules(players=3, max_cards=1), "Ada", ["random", "random"],
...                      player="p" * 16, seed=1)
>>> table.turn, table.state_id
(<Turn.DEAL: 'deal'>, 0)
>>> [type(e).__name__ for e in table.commit(table.next_deal())]
['Dealt']
>>> table.seat_of("p" * 16), table.bot_of(1)
(0, 'random')
>>> store.close()
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from ascenseur.bots import make_bot
from ascenseur.core.actions import Action, Deal
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import Record, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.session import (
    BOT_PREFIX,
    Event,
    Turn,
    apply_action,
    deal_rng,
    first_dealer,
    person_name,
)
from ascenseur.web.storage import SeatRow, Store, StoredGame


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def new_player_token() -> str:
    """A secret that binds a player to their seats (the page keeps it)."""
    return secrets.token_urlsafe(18)


class Table:
    """One game: the authoritative state and its seats; :meth:`commit` is the only move."""

    def __init__(self, stored: StoredGame, store: Store) -> None:
        """The game ``stored`` as its log leaves it (the log is replayed through the core)."""
        state = GameState(stored.rules, stored.first_dealer)
        for action in stored.actions:
            state.apply(action)
        self.id = stored.id
        self.seats = stored.seats
        self.seed = stored.seed
        self.state = state
        self.store = store

    @classmethod
    def create(
        cls,
        store: Store,
        rules: Rules,
        name: str,
        bots: Sequence[str],
        *,
        player: str,
        seed: int | None = None,
    ) -> Table:
        """A new game stored at once: ``name`` (bound to ``player``) on seat 0, bots after.

        Raises :class:`AscenseurError` (``bad-bots``, ``bad-bot``, ``bad-name``) saying why
        the table cannot be set.
        """
        n = rules.players
        if len(bots) != n - 1:
            raise AscenseurError(
                f"{n} players need {n - 1} bots, one per seat after yours, not {len(bots)}",
                code="bad-bots",
            )
        for bot in bots:
            make_bot(bot)  # the registry's error names the bots there are
        person = person_name(name)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        seats = (
            SeatRow(person, None, player),
            *(SeatRow(BOT_PREFIX + bot, bot, None) for bot in bots),
        )
        stored = StoredGame(new_game_id(), rules, first_dealer(seed, n), seed, seats, ())
        store.create(stored)
        return cls(stored, store)

    # -- what the server asks -----------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def state_id(self) -> int:
        """The number of actions the game has seen: the id of its current state."""
        return len(self.state.history)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats as a record names them (people by name, bots as ``bot:NAME``)."""
        return tuple(seat.name for seat in self.seats)

    @property
    def turn(self) -> Turn:
        """Who the game waits for: the deal, a bot, a person, or no one (over)."""
        if self.state.is_terminal():
            return Turn.OVER
        seat = self.state.current_seat
        if seat is None:
            return Turn.DEAL
        return Turn.BOT if self.seats[seat].bot is not None else Turn.PERSON

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    def seat_of(self, player: str | None) -> int | None:
        """The seat bound to ``player``; None for a spectator."""
        if player is None:
            return None
        for seat, row in enumerate(self.seats):
            if row.player is not None and secrets.compare_digest(row.player, player):
                return seat
        return None

    def bot_of(self, seat: int) -> str | None:
        return self.seats[seat].bot

    def view(self, seat: int | None) -> Observation:
        """What ``seat`` may see now (None: a spectator) — :func:`observe`, nothing else."""
        return observe(self.state, seat)

    def record(self) -> Record:
        """The game's record (every hand in it: for finished games only, or the server)."""
        return record_of(self.state, self.names)

    # -- moving the game on ---------------------------------------------------------------------

    def next_deal(self) -> Deal:
        """The cards of the next deal, shuffled from the game's seed."""
        if self.state.phase is not Phase.DEALING:
            raise IllegalAction("the cards are not to be dealt now", code="wrong-phase")
        return self.state.random_deal(deal_rng(self.seed, self.state.deal_index))

    def commit(self, action: Action) -> list[Event]:
        """Apply ``action`` (IllegalAction if the rules refuse it), store it, then keep it.

        If the store fails, its error propagates and the table is as it was.
        """
        state = self.state.clone()
        events = apply_action(state, action)
        self.store.append(
            self.id,
            self.state_id,
            action,
            over=state.is_terminal(),
            deals=len(state.results),
            totals=state.totals,
        )
        self.state = state
        return events
