"""Fixed, versioned deal sets: the same shuffles for every bot that is measured.

A deal set is made from (rules, seed, games). For each game it holds the first dealer and, for
each deal of the schedule, the complete shuffle of the 78-card deck (top card first). Dealing a
shuffle follows rule D3 — the top n·k cards, one at a time from the dealer's left — so any rules
with the same number of players, and no more deals, deal the same cards from it: the hook
changes nothing and a shorter game uses the first deals.

Each shuffle is drawn from its own stream, seeded by (seed, game, deal), so that a larger set
begins with the games of a smaller one and a longer schedule with the deals of a shorter one.

>>> from ascenseur.core.rules import Rules
>>> deals = DealSet.generate(Rules(players=3, max_cards=2), seed=7, games=2)
>>> DealSet.loads(deals.dumps()) == deals
True
>>> len(deals.games), len(deals.games[0].shuffles), len(deals.games[0].shuffles[0])
(2, 3, 78)
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from ascenseur.core.actions import Deal
from ascenseur.core.cards import CARD_CODE, CODE_INDEX, DECK, DECK_SIZE
from ascenseur.core.errors import AscenseurError, RulesError
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState

FORMAT = "ascenseur-dealset/1"


class DealSetError(AscenseurError):
    """A deal set that cannot be read, or that does not fit the rules of a match."""

    code = "bad-dealset"


@dataclass(frozen=True, slots=True)
class DealSetGame:
    """One game of a deal set: its first dealer and one deck shuffle (card indices) per deal."""

    first_dealer: int
    shuffles: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class DealSet:
    """Games of fixed deals for ``rules`` (the rules they were made for), made from ``seed``."""

    rules: Rules
    seed: int
    games: tuple[DealSetGame, ...]

    @staticmethod
    def generate(rules: Rules, seed: int, games: int) -> DealSet:
        """``games`` games of shuffles for ``rules``, all drawn from ``seed``."""
        return DealSet(rules, seed, tuple(_generate_game(rules, seed, g) for g in range(games)))

    def fit(self, rules: Rules) -> None:
        """Check that these deals can be played under ``rules``; raises :class:`DealSetError`."""
        if rules.players != self.rules.players:
            raise DealSetError(
                f"the deal set is for {self.rules.players} players, not {rules.players}: "
                "its first dealers are seats of that table"
            )
        if rules.deal_count > self.rules.deal_count:
            raise DealSetError(
                f"the deal set has {self.rules.deal_count} deals per game (max_cards "
                f"{self.rules.max_cards}), too few for max_cards {rules.max_cards}"
            )

    def take(self, games: int) -> DealSet:
        """The first ``games`` games of the set."""
        if not 1 <= games <= len(self.games):
            raise DealSetError(
                f"the deal set holds {len(self.games)} games: cannot take {games} of them"
            )
        return DealSet(self.rules, self.seed, self.games[:games])

    @property
    def digest(self) -> str:
        """A short fingerprint of the deals (SHA-256 of the JSON text), to name the set."""
        return hashlib.sha256(self.dumps().encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "games": [
                {
                    "first_dealer": game.first_dealer,
                    "deals": [" ".join(CARD_CODE[i] for i in s) for s in game.shuffles],
                }
                for game in self.games
            ],
        }

    def dumps(self) -> str:
        """The deal set as JSON text: one line per shuffle, top card first."""
        return json.dumps(self.to_json(), indent=1) + "\n"

    @staticmethod
    def loads(text: str | bytes) -> DealSet:
        """Read a deal set; raises :class:`DealSetError` saying what is wrong and where."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise DealSetError(f"the deal set is not valid JSON: {err}") from None
        return _from_json(data)


def _generate_game(rules: Rules, seed: int, game: int) -> DealSetGame:
    dealer = random.Random(f"{FORMAT}/{seed}/{game}/first-dealer").randrange(rules.players)
    shuffles = []
    for deal in range(rules.deal_count):
        deck = list(range(DECK_SIZE))
        random.Random(f"{FORMAT}/{seed}/{game}/{deal}").shuffle(deck)
        shuffles.append(tuple(deck))
    return DealSetGame(dealer, tuple(shuffles))


def deal_of(shuffle: tuple[int, ...], players: int, hand_size: int, dealer: int) -> Deal:
    """The deal of the top ``players × hand_size`` cards of ``shuffle`` by ``dealer`` (rule D3).

    Card i goes to seat (dealer + 1 + i) mod n, so each hand lists its cards as received.

    >>> [[c.code for c in hand] for hand in deal_of(tuple(range(78)), 3, 2, 1).hands]
    [['S2', 'S5'], ['S3', 'S6'], ['S1', 'S4']]
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    for i, index in enumerate(shuffle[: players * hand_size]):
        hands[(dealer + 1 + i) % players].append(index)
    return Deal(tuple(tuple(DECK[i] for i in hand) for hand in hands))


def deal_next(state: GameState, game: DealSetGame) -> None:
    """Deal the state's next deal from the game's shuffle for it (a checked ``apply``)."""
    shuffle = game.shuffles[state.deal_index]
    state.apply(deal_of(shuffle, state.players, state.hand_size, state.dealer))


def _from_json(data: object) -> DealSet:
    if not isinstance(data, dict):
        raise DealSetError("a deal set must be a JSON object with format, rules, seed, games")
    if data.get("format") != FORMAT:
        raise DealSetError(
            f"the deal set's format is {data.get('format')!r}: this program reads {FORMAT!r}"
        )
    try:
        rules = Rules.from_json(data.get("rules"))
    except RulesError as err:
        raise DealSetError(f"the deal set's rules are invalid: {err}") from None
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DealSetError(f"the deal set's seed must be a whole number, not {seed!r}")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise DealSetError("the deal set's games must be a non-empty list")
    return DealSet(rules, seed, tuple(_read_game(rules, g, game) for g, game in enumerate(games)))


def _read_game(rules: Rules, g: int, game: object) -> DealSetGame:
    if not isinstance(game, dict):
        raise DealSetError(f"game {g} of the deal set must be an object with first_dealer, deals")
    dealer = game.get("first_dealer")
    n = rules.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise DealSetError(f"game {g}: first_dealer must be a seat 0…{n - 1}, not {dealer!r}")
    deals = game.get("deals")
    if not isinstance(deals, list) or len(deals) != rules.deal_count:
        raise DealSetError(
            f"game {g}: deals must be a list of {rules.deal_count} shuffles (one per deal)"
        )
    return DealSetGame(dealer, tuple(_read_shuffle(g, j, text) for j, text in enumerate(deals)))


def _read_shuffle(g: int, j: int, text: object) -> tuple[int, ...]:
    codes = text.split(" ") if isinstance(text, str) else []
    indices = tuple(CODE_INDEX.get(code, -1) for code in codes)
    if len(indices) != DECK_SIZE or -1 in indices or len(set(indices)) != DECK_SIZE:
        raise DealSetError(
            f"game {g}, deal {j}: a shuffle must list each of the 78 card codes once, "
            "separated by spaces"
        )
    return indices
