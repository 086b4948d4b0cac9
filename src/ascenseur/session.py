"""A game between one person and bots, whatever shows it: full screen, plain text or a browser.

The session is the authoritative side of the table: it owns the
:class:`~ascenseur.core.state.GameState`, deals, asks each bot for its move with only that
bot's view, applies the person's actions through the core's checks, saves the record after
every action, and tells the user interface what happened as public :data:`Event` values.
The person sees :attr:`Session.view` — :func:`~ascenseur.core.observation.observe` of their
seat — and those events, nothing else.

Randomness derives from one seed: deal ``j`` is shuffled from ``Random(f"{seed}/deal/{j}")``
and a bot's decision from the length of the event log, so a seeded game is reproducible and a
resumed game given the same seed goes on exactly as it would have.

>>> from ascenseur.core.rules import Rules
>>> session = Session.start(Rules(players=3, max_cards=1), "Ada", ["random"], seed=1, path=None)
>>> while session.turn is not Turn.OVER:
...     if session.turn is Turn.PERSON:
...         _ = session.act(session.view.legal_actions[0])
...     else:
...         _ = session.advance()
>>> len(session.view.results)
1
"""

from __future__ import annotations

import functools
import json
import os
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ascenseur.bots import REGISTRY, Bot, make_bot
from ascenseur.bots.hints import DEFAULT_PLAYOUTS, hint
from ascenseur.core.actions import PlayerAction
from ascenseur.core.errors import AscenseurError, RecordError
from ascenseur.core.observation import Observation, TrickView, observe
from ascenseur.core.record import dumps, record_of, replay
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.files import read_record, write_text_atomic
from ascenseur.tables.story import (
    BidMade,
    CardPlayed,
    DealScored,
    Dealt,
    Event,
    GameOver,
    TrickTaken,
    Turn,
    apply_action,
)
from ascenseur.tables.table import BOT_PREFIX, PREFERRED_BOTS, default_bot

__all__ = [
    "BOT_PREFIX",
    "PREFERRED_BOTS",
    "BidMade",
    "CardPlayed",
    "DealScored",
    "Dealt",
    "Event",
    "GameOver",
    "Session",
    "TrickTaken",
    "Turn",
    "apply_action",
    "default_bot",
]

#: Overrides the data directory (tests use it); games are saved in its ``games/`` folder.
DATA_DIR_ENV = "ASCENSEUR_DATA_DIR"


def data_dir() -> Path:
    """``$ASCENSEUR_DATA_DIR``, else ``$XDG_DATA_HOME/ascenseur``, else ``~/.local/share/…``."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "ascenseur"


def games_dir() -> Path:
    """Where games are saved."""
    return data_dir() / "games"


def new_game_path() -> Path:
    """A fresh file name for a new game, named by its start time."""
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    tag = random.SystemRandom().randrange(16**4)
    return games_dir() / f"{stamp}_{tag:04x}.json"


def latest_unfinished(directory: Path | None = None) -> Path | None:
    """The most recently saved game in ``directory`` that is not over, if any."""
    folder = games_dir() if directory is None else directory
    if not folder.is_dir():
        return None
    paths = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    for path in paths:
        try:
            state, _ = replay(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue  # not a game record of ours: leave it alone
        if not state.is_terminal():
            return path
    return None


class Session:
    """One person against bots: whose turn it is, bots acting, saving after every action."""

    def __init__(
        self,
        state: GameState,
        seats: Sequence[str],
        person: int,
        bots: dict[int, Bot],
        *,
        seed: int,
        path: Path | None,
    ) -> None:
        self.state = state
        self.seats = tuple(seats)
        self.person = person
        self.bots = bots
        self.seed = seed
        self.path = path
        #: The last trick completed in the current deal (its last one once the deal is over).
        self.last_trick: TrickView | None = None
        #: Seats whose saved bot is not known here, with the bot that replaces it.
        self.replaced: dict[int, tuple[str, str]] = {}

    @classmethod
    def start(
        cls,
        rules: Rules,
        name: str,
        bots: Sequence[str],
        *,
        seed: int | None = None,
        path: Path | None,
    ) -> Session:
        """A new game: the person on seat 0, bots (one name for all, or one per seat) after.

        ``path`` is where the game is saved after every action (None: nowhere).
        """
        n = rules.players
        names = list(bots) * (n - 1) if len(bots) == 1 else list(bots)
        if len(names) != n - 1:
            raise AscenseurError(
                f"{n} players need {n - 1} bots: give one bot name for all, or {n - 1} "
                f"separated by commas, not {len(names)}",
                code="bad-bots",
            )
        person = person_name(name)
        players = {seat: make_bot(bot) for seat, bot in enumerate(names, start=1)}
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        state = GameState.new(rules, first_dealer(seed, n))
        seats = (person, *(BOT_PREFIX + bot for bot in names))
        session = cls(state, seats, 0, players, seed=seed, path=path)
        session.save()
        return session

    @classmethod
    def resume(cls, path: Path, *, seed: int | None = None) -> Session:
        """Go on with the game saved in ``path`` (an ``ascenseur-record/1`` file)."""
        state, seats = read_record(path)
        if seats is None:
            raise RecordError(f"{path} names no seats: cannot tell who is the person playing")
        people = [seat for seat, name in enumerate(seats) if not name.startswith(BOT_PREFIX)]
        if len(people) != 1:
            raise RecordError(
                f"{path} has {len(people)} people among its seats; "
                f"a game to resume here has one person and bots ({BOT_PREFIX}NAME)"
            )
        names = list(seats)
        players: dict[int, Bot] = {}
        replaced: dict[int, tuple[str, str]] = {}
        for seat, name in enumerate(seats):
            if seat == people[0]:
                continue
            bot = name.removeprefix(BOT_PREFIX)
            if bot not in REGISTRY:
                replaced[seat] = (bot, default_bot())
                bot = default_bot()
                names[seat] = BOT_PREFIX + bot
            players[seat] = make_bot(bot)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        session = cls(state, names, people[0], players, seed=seed, path=path)
        session.replaced = replaced
        session.last_trick = _last_trick(observe(state, people[0]))
        return session

    # -- what the interface reads --------------------------------------------------------------

    @property
    def view(self) -> Observation:
        """All the person may know now."""
        return observe(self.state, self.person)

    @property
    def turn(self) -> Turn:
        seat = self.state.current_seat
        if self.state.is_terminal():
            return Turn.OVER
        if seat is None:
            return Turn.DEAL
        return Turn.PERSON if seat == self.person else Turn.BOT

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def moves(self) -> int:
        """How many actions (deals, bids, cards) the game has seen: a public clock."""
        return len(self.state.history)

    def bot_name(self, seat: int) -> str | None:
        """The bot playing ``seat`` (None for the person)."""
        if seat == self.person:
            return None
        return self.seats[seat].removeprefix(BOT_PREFIX)

    # -- moving the game on -----------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Shuffle and deal the next deal."""
        state = self.state
        events = apply_action(state, state.random_deal(deal_rng(self.seed, state.deal_index)))
        self.last_trick = None
        self.save()
        return events

    def bot_move(self) -> Callable[[], PlayerAction]:
        """The bot to act, ready to decide from its own view only.

        The call touches nothing of the session, so an interface may run it in a worker
        thread and hand its result to :meth:`act` afterwards.
        """
        seat = self.state.current_seat
        if seat is None or seat == self.person:
            raise ValueError("no bot is to act now")
        rng = bot_rng(self.seed, self.moves)
        return functools.partial(self.bots[seat].choose, observe(self.state, seat), rng)

    def hint_task(
        self, playouts: int = DEFAULT_PLAYOUTS
    ) -> Callable[[], list[tuple[PlayerAction, float]]]:
        """The person's hints (:func:`ascenseur.bots.hints.hint`) ready to compute.

        Like :meth:`bot_move`, the call reads only the person's view: run it anywhere.
        """
        if self.turn is not Turn.PERSON:
            raise ValueError("hints are for the person's turn")
        rng = hint_rng(self.seed, self.moves)
        return functools.partial(hint, self.view, rng, playouts)

    def advance(self) -> list[Event]:
        """One step that waits for no person: a deal or a bot's move ([] otherwise)."""
        turn = self.turn
        if turn is Turn.DEAL:
            return self.deal()
        if turn is Turn.BOT:
            return self.act(self.bot_move()())
        return []

    def act(self, action: PlayerAction) -> list[Event]:
        """Apply the bid or card of the seat to act; raises IllegalAction saying why not."""
        events = apply_action(self.state, action)
        for event in events:
            if isinstance(event, TrickTaken):
                self.last_trick = event.trick
        self.save()
        return events

    def save(self) -> None:
        """Write the record so far (atomically) to :attr:`path`, if there is one."""
        if self.path is not None:
            write_text_atomic(self.path, dumps(record_of(self.state, self.seats)))


def person_name(name: str) -> str:
    """A person's name at the table, trimmed; AscenseurError if empty or taken for a bot's."""
    if not name.strip() or name.startswith(BOT_PREFIX):
        raise AscenseurError(
            f"your name must not be empty nor start with {BOT_PREFIX!r}", code="bad-name"
        )
    return name.strip()


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a game of ``seed`` (rule D2: drawn at random)."""
    return random.Random(f"{seed}/first-dealer").randrange(players)


def deal_rng(seed: int, deal_index: int) -> random.Random:
    """The random source that shuffles deal ``deal_index`` (0-based) of a game of ``seed``."""
    return random.Random(f"{seed}/deal/{deal_index}")


def bot_rng(seed: int, moves: int) -> random.Random:
    """The random source of the bot deciding after ``moves`` actions of a game of ``seed``."""
    return random.Random(f"{seed}/bot/{moves}")


def hint_rng(seed: int, moves: int) -> random.Random:
    """The random source of the hints asked after ``moves`` actions of a game of ``seed``."""
    return random.Random(f"{seed}/hint/{moves}")


def _last_trick(view: Observation) -> TrickView | None:
    """The last finished trick a resumed person may see again."""
    if view.phase is Phase.PLAYING and view.tricks:
        return view.tricks[-1]
    return None
