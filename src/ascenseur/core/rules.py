"""The rule set of a game (rules D1, D4, D5, B3 and the house rules H1–H5): one frozen value.

A rule set is parsed and validated once — :meth:`Rules.from_json` reads the record's ``rules``
object (RULES.md §6, §7), the one form every boundary (records, storage, the wire, the command
line, the web form) serialises it to — and then travels whole. The seed's scoring numbers are
written here and nowhere else: everything that scores a deal asks :meth:`Scoring.points`.

>>> Rules(players=4).max_cards
19
>>> Rules(players=4, max_cards=3).schedule
(1, 2, 3, 2, 1)
>>> Rules(players=4, max_cards=3, schedule="down-up").schedule
(3, 2, 1, 2, 3)
>>> Rules.from_json({"players": 4, "schedule": [5, 5, 5]}).to_json()
{'players': 4, 'max_cards': 5, 'hook': False, 'schedule': [5, 5, 5]}
>>> SCORING_TABLES["tricks-and-ten"].points(bid=2, tricks=2), SCORING_TABLES["tens"].points(1, 3)
(12, -20)
>>> Rules(players=11)
Traceback (most recent call last):
...
ascenseur.core.errors.RulesError: players must be 2…10 (3…10 for a real table), not 11
>>> Rules.from_json({"players": 4, "hook": True, "bidding": "simultaneous"})
Traceback (most recent call last):
...
ascenseur.core.errors.RulesError: hook needs bids made in turn: ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.errors import RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 10
#: The longest explicit schedule a rule set may state (H1).
MAX_SCHEDULE_LENGTH = 60
#: The largest number of a scoring table (H2).
MAX_SCORING_NUMBER = 100

#: The schedule shapes over the peak M (H1), the default first.
SHAPES = ("up-down", "down-up", "up", "down")
Shape = Literal["up-down", "down-up", "up", "down"]
#: The bidding modes (H4), the default first.
BIDDING_MODES = ("in-turn", "simultaneous")
BiddingMode = Literal["in-turn", "simultaneous"]


def max_cards_for(players: int) -> int:
    """The largest hand for ``players`` (rule D5): ⌊78 / n⌋."""
    return DECK_SIZE // players


def _shown(value: object) -> str:
    """A value given by a user, as JSON (what a record, a form or a socket would say)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _refuse_unknown(what: str, data: dict[Any, Any], allowed: tuple[str, ...]) -> None:
    """Refuse the fields of ``data`` not in ``allowed``: a reader never ignores a field it
    does not know (§7), it says which."""
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise RulesError(
            f"{what} has unknown field(s) {', '.join(unknown)}: allowed are {', '.join(allowed)}"
        )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring table (rule H2; the defaults are S1, S2): what a deal is worth to a seat.

    A deal scores ``per_trick × tricks``, plus ``exact_base + exact_per_bid × bid`` when the
    tricks equal the bid, otherwise minus ``miss_base + miss_per_trick × |tricks − bid|``.
    """

    exact_base: int = 3
    exact_per_bid: int = 2
    miss_base: int = 0
    miss_per_trick: int = 1
    per_trick: int = 0

    def __post_init__(self) -> None:
        for name in SCORING_FIELDS:
            value = getattr(self, name)
            if not _whole(value) or not 0 <= value <= MAX_SCORING_NUMBER:
                raise RulesError(
                    f"scoring.{name} must be a whole number 0…{MAX_SCORING_NUMBER}, "
                    f"not {_shown(value)}"
                )

    def points(self, bid: int, tricks: int) -> int:
        """The points of a seat that bid ``bid`` and took ``tricks`` tricks (H2)."""
        if tricks == bid:
            return self.per_trick * tricks + self.exact_base + self.exact_per_bid * bid
        gap = tricks - bid if tricks > bid else bid - tricks
        return self.per_trick * tricks - self.miss_base - self.miss_per_trick * gap

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        """The five numbers in the order of the fields (for compiled code, which takes them as
        data: exact base, exact per bid, miss base, miss per trick, per trick)."""
        return (
            self.exact_base,
            self.exact_per_bid,
            self.miss_base,
            self.miss_per_trick,
            self.per_trick,
        )

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in SCORING_FIELDS}

    @staticmethod
    def from_json(data: object) -> Scoring:
        """A scoring table from its JSON object; an omitted number keeps its default."""
        if not isinstance(data, dict):
            raise RulesError(
                f"scoring must be an object of whole numbers ({', '.join(SCORING_FIELDS)}), "
                f"not {_shown(data)}"
            )
        _refuse_unknown("scoring", data, SCORING_FIELDS)
        return Scoring(**data)

    def table_name(self) -> str | None:
        """The name of the table people play that this is, if it is one."""
        for name, table in SCORING_TABLES.items():
            if table == self:
                return name
        return None


SCORING_FIELDS = tuple(f.name for f in fields(Scoring))

#: The scoring tables people play (H2), by the name interfaces offer them under.
SCORING_TABLES: dict[str, Scoring] = {
    "ascenseur": Scoring(),
    "tricks-and-ten": Scoring(10, 0, 0, 0, 1),
    "ten-and-the-bid": Scoring(10, 1, 10, 1, 0),
    "tens": Scoring(20, 10, 0, 10, 0),
}

#: The seed's scoring (S1, S2).
SEED_SCORING = SCORING_TABLES["ascenseur"]


def shape_schedule(shape: str, peak: int) -> tuple[int, ...]:
    """The hand sizes of a schedule shape over the peak ``peak`` (rules D4, H1)."""
    up = tuple(range(1, peak + 1))
    down = tuple(range(peak, 0, -1))
    if shape == "up-down":
        return up + down[1:]
    if shape == "down-up":
        return down + up[1:]
    if shape == "up":
        return up
    if shape == "down":
        return down
    raise RulesError(
        f"schedule must be one of {', '.join(SHAPES)} or a list of hand sizes, not {_shown(shape)}"
    )


@dataclass(frozen=True, slots=True, init=False)
class Rules:
    """A rule set: the players (2…10) and how this table plays (RULES.md §2–§5, §7).

    * ``max_cards``: the peak hand M (1…⌊78/n⌋, default ⌊78/n⌋; with an explicit schedule,
      its largest hand);
    * ``schedule``: the hand size of each deal, in order (H1); ``shape`` names the shape it
      was made from (``"up-down"``, …), or is None for an explicit list;
    * ``hook`` (B3): the dealer may not bid what makes the bids sum to the hand size;
    * ``scoring`` (H2), ``lead_restriction`` (H3, P2), ``bidding`` (H4: ``"in-turn"`` or
      ``"simultaneous"``), ``blind_one_card`` (H5).

    Invalid settings raise :class:`RulesError` with one sentence naming the field, the value
    given and what is allowed.
    """

    players: int
    max_cards: int
    hook: bool
    schedule: tuple[int, ...]
    shape: Shape | None
    scoring: Scoring
    lead_restriction: bool
    bidding: BiddingMode
    blind_one_card: bool

    def __init__(
        self,
        players: int = 4,
        max_cards: int | None = None,
        hook: bool = False,
        *,
        schedule: str | Sequence[int] = "up-down",
        scoring: Scoring = SEED_SCORING,
        lead_restriction: bool = True,
        bidding: str = "in-turn",
        blind_one_card: bool = False,
    ) -> None:
        if not _whole(players):
            raise RulesError(f"players must be a whole number 2…10, not {_shown(players)}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"players must be 2…10 (3…10 for a real table), not {players}")
        limit = max_cards_for(players)
        if max_cards is not None and not _whole(max_cards):
            raise RulesError(f"max_cards must be a whole number 1…{limit}, not {_shown(max_cards)}")
        if max_cards is not None and not 1 <= max_cards <= limit:
            raise RulesError(
                f"max_cards must be 1…{limit} for {players} players (⌊78/{players}⌋), "
                f"not {max_cards}"
            )
        shape: Shape | None
        if isinstance(schedule, str):
            if schedule not in SHAPES:
                shape_schedule(schedule, 1)  # raises, saying what is allowed
            shape = schedule  # type: ignore[assignment]
            peak = limit if max_cards is None else max_cards
            sizes = shape_schedule(schedule, peak)
        else:
            shape = None
            sizes = _explicit_schedule(schedule, players, limit)
            peak = max(sizes)
            if max_cards is not None and max_cards != peak:
                raise RulesError(
                    f"max_cards is {max_cards} but the schedule's largest hand is {peak}: "
                    "leave max_cards out, or make it equal the schedule's largest number"
                )
        for name, value in (
            ("hook", hook),
            ("lead_restriction", lead_restriction),
            ("blind_one_card", blind_one_card),
        ):
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be true or false, not {_shown(value)}")
        if not isinstance(scoring, Scoring):
            raise RulesError(f"scoring must be a scoring table, not {_shown(scoring)}")
        if bidding not in BIDDING_MODES:
            raise RulesError(
                f"bidding must be {' or '.join(_shown(m) for m in BIDDING_MODES)}, "
                f"not {_shown(bidding)}"
            )
        if hook and bidding == "simultaneous":
            raise RulesError(
                'hook needs bids made in turn: it cannot be used with "bidding": '
                '"simultaneous" (H4)'
            )
        set_ = object.__setattr__
        set_(self, "players", players)
        set_(self, "max_cards", peak)
        set_(self, "hook", hook)
        set_(self, "schedule", sizes)
        set_(self, "shape", shape)
        set_(self, "scoring", scoring)
        set_(self, "lead_restriction", lead_restriction)
        set_(self, "bidding", bidding)
        set_(self, "blind_one_card", blind_one_card)

    def __repr__(self) -> str:
        return f"Rules.from_json({self.to_json()!r})"

    @property
    def deal_count(self) -> int:
        """Number of deals in a whole game (2M − 1 for the seed's schedule)."""
        return len(self.schedule)

    @property
    def simultaneous(self) -> bool:
        """Whether bids are made with closed fists (H4): no seat sees another bid until all
        are in."""
        return self.bidding == "simultaneous"

    def is_blind(self, hand_size: int) -> bool:
        """Whether a deal of ``hand_size`` cards is played blind (H5): each seat sees the
        others' cards and not its own."""
        return self.blind_one_card and hand_size == 1

    @property
    def is_seed(self) -> bool:
        """Whether these are the seed's rules (no §7 option differs from its default)."""
        return not self.house_fields()

    def house_fields(self) -> dict[str, Any]:
        """The §7 fields whose value differs from the default, as the record writes them."""
        data: dict[str, Any] = {}
        if self.shape is None:
            data["schedule"] = list(self.schedule)
        elif self.shape != SHAPES[0]:
            data["schedule"] = self.shape
        if self.scoring != SEED_SCORING:
            data["scoring"] = self.scoring.to_json()
        if not self.lead_restriction:
            data["lead_restriction"] = False
        if self.bidding != BIDDING_MODES[0]:
            data["bidding"] = self.bidding
        if self.blind_one_card:
            data["blind_one_card"] = True
        return data

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a record: players, max_cards, hook, then the §7 fields that
        differ from the seed's (an omitted one means the default, so seed rule sets read as
        they always have)."""
        data: dict[str, Any] = {
            "players": self.players,
            "max_cards": self.max_cards,
            "hook": self.hook,
        }
        return data | self.house_fields()

    def to_text(self) -> str:
        """The ``rules`` object as compact JSON text (storage keeps a rule set as this)."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_text(text: str) -> Rules:
        """A rule set from :meth:`to_text`'s JSON; raises :class:`RulesError` with the reason."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            raise RulesError(f"the rules are not valid JSON: {err}") from None
        return Rules.from_json(data)

    @staticmethod
    def from_json(data: object) -> Rules:
        """Rules from a record's ``rules`` object (§6, §7); the one parser of a rule set.

        A field it does not know is refused (never ignored), and so is any value out of its
        range: :class:`RulesError` names the field, the value given and what is allowed.
        """
        if not isinstance(data, dict):
            raise RulesError(
                "rules must be an object with players and, optionally, "
                f"{', '.join(RULES_FIELDS[1:])}; not {_shown(data)}"
            )
        _refuse_unknown("rules", data, RULES_FIELDS)
        if "players" not in data:
            raise RulesError("rules.players is missing: say how many players (2…10)")
        max_cards = data.get("max_cards")
        if max_cards is None and "max_cards" in data:
            raise RulesError("max_cards must be a whole number, or be left out for ⌊78/n⌋")
        schedule = data.get("schedule", SHAPES[0])
        if not isinstance(schedule, str | list):
            raise RulesError(
                f"schedule must be one of {', '.join(SHAPES)} or a list of hand sizes, "
                f"not {_shown(schedule)}"
            )
        scoring = Scoring.from_json(data["scoring"]) if "scoring" in data else SEED_SCORING
        bidding = data.get("bidding", BIDDING_MODES[0])
        if not isinstance(bidding, str):
            raise RulesError(
                f"bidding must be {' or '.join(_shown(m) for m in BIDDING_MODES)}, "
                f"not {_shown(bidding)}"
            )
        return Rules(
            players=data["players"],
            max_cards=max_cards,
            hook=data.get("hook", False),
            schedule=schedule,
            scoring=scoring,
            lead_restriction=data.get("lead_restriction", True),
            bidding=bidding,
            blind_one_card=data.get("blind_one_card", False),
        )


def _explicit_schedule(schedule: Sequence[int], players: int, limit: int) -> tuple[int, ...]:
    sizes = tuple(schedule)
    if not 1 <= len(sizes) <= MAX_SCHEDULE_LENGTH:
        raise RulesError(f"schedule must list 1…{MAX_SCHEDULE_LENGTH} hand sizes, not {len(sizes)}")
    for position, size in enumerate(sizes):
        if not _whole(size) or not 1 <= size <= limit:
            raise RulesError(
                f"schedule[{position}] is {_shown(size)}: a hand size is a whole number "
                f"1…{limit} for {players} players (⌊78/{players}⌋)"
            )
    return sizes


#: The fields of a record's ``rules`` object (§6, §7), in the order records write them.
RULES_FIELDS = (
    "players",
    "max_cards",
    "hook",
    "schedule",
    "scoring",
    "lead_restriction",
    "bidding",
    "blind_one_card",
)

#: Named presets: the §7 fields a table chooses by name (a record states the values, never the
#: name). Each scoring table is one, and so are the common other ways.
PRESETS: dict[str, dict[str, Any]] = {
    **{name: {"scoring": table.to_json()} for name, table in SCORING_TABLES.items()},
    "hook": {"hook": True},
    "closed-fists": {"bidding": "simultaneous"},
    "indian": {"blind_one_card": True},
}


def preset_fields(name: str) -> dict[str, Any]:
    """The §7 fields of the preset ``name``; :class:`RulesError` saying which exist."""
    if name not in PRESETS:
        raise RulesError(f"there is no preset {_shown(name)}: the presets are {', '.join(PRESETS)}")
    return dict(PRESETS[name])


def rules_from_options(
    players: int, preset: str | None = None, options: Mapping[str, object] | None = None
) -> Rules:
    """A rule set from a preset's name and single options over it (the command line's and the
    web form's way of choosing): ``options`` hold §7 fields as the record writes them, and win
    over the preset's. The one validator, :meth:`Rules.from_json`, checks the result."""
    data: dict[str, object] = {"players": players}
    if preset is not None:
        data |= preset_fields(preset)
    for key, value in (options or {}).items():
        if value is not None:
            data[key] = value
    return Rules.from_json(data)


__all__ = [
    "BIDDING_MODES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "RULES_FIELDS",
    "SCORING_FIELDS",
    "SCORING_TABLES",
    "SEED_SCORING",
    "SHAPES",
    "Rules",
    "Scoring",
    "max_cards_for",
    "preset_fields",
    "rules_from_options",
    "shape_schedule",
]
