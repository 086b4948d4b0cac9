"""The rule-set options shared by ``play``, ``simulate`` and ``arena`` (RULES.md D1, D5, B3, §7).

One way to choose rules on the command line: a preset by name (``--rules tens``) and single
options over it (``--schedule down-up``, ``--scoring 10,0,0,0,1``, ``--hook``, …). The options
are turned into the record's §7 fields and handed to
:func:`~ascenseur.core.rules.rules_from_options`, so the validation and its sentences are the
core's; a refusal names the option given.

>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> args = parser.parse_args(["--rules", "tens", "--schedule", "down-up", "--max-cards", "3"])
>>> rules_of(args, table=True).schedule, rules_of(args, table=True).scoring.table_name()
((3, 2, 1, 2, 3), 'tens')
>>> rules_of(parser.parse_args(["--schedule", "5,5,5", "--players", "5"]), table=True).to_json()
{'players': 5, 'max_cards': 5, 'hook': False, 'schedule': [5, 5, 5]}
>>> rules_of(parser.parse_args(["--players", "2"]), table=True)
Traceback (most recent call last):
...
ascenseur.core.errors.RulesError: --players: a table has 3…10 players (2 are allowed for ...
"""

from __future__ import annotations

import argparse
from typing import Any

from ascenseur.commands.options import given_options
from ascenseur.core.errors import RulesError
from ascenseur.core.rules import (
    BIDDING_MODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    SCORING_FIELDS,
    SCORING_TABLES,
    SHAPES,
    Rules,
    preset_fields,
    rules_from_options,
)

#: The fewest players at a real table (rule D1); two are allowed for analysis only.
MIN_TABLE_PLAYERS = 3
DEFAULT_PLAYERS = 4

#: The option that sets each field of a record's ``rules`` object, to name it in a refusal.
OPTION_OF_FIELD = {
    "players": "--players",
    "max_cards": "--max-cards",
    "hook": "--hook",
    "schedule": "--schedule",
    "scoring": "--scoring",
    "lead_restriction": "--no-lead-restriction",
    "bidding": "--bidding",
    "blind_one_card": "--blind-one-card",
}

#: The ``argparse`` destinations of the rule options (``arena --resume`` refuses them all).
RULE_OPTIONS = (
    "players",
    "max_cards",
    "rules",
    "schedule",
    "scoring",
    "hook",
    "lead_restriction",
    "bidding",
    "blind_one_card",
)


def add_rule_options(parser: argparse.ArgumentParser, *, analysis: bool = False) -> None:
    """Add the rule-set options to ``parser``; every default is None (the preset's or the
    seed's value). ``analysis``: two players are allowed (``simulate``, ``arena``)."""
    group = parser.add_argument_group(
        "rules", "how the table plays (RULES.md §7); an option wins over the preset's value"
    )
    low = MIN_PLAYERS if analysis else MIN_TABLE_PLAYERS
    group.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=f"number of players, {low}-{MAX_PLAYERS} ({DEFAULT_PLAYERS})",
    )
    group.add_argument(
        "--max-cards",
        type=int,
        default=None,
        metavar="M",
        help="peak hand, 1-⌊78/n⌋ (⌊78/n⌋; with a list schedule, its largest hand)",
    )
    group.add_argument(
        "--rules",
        default=None,
        metavar="PRESET",
        help=f"a preset: {', '.join(PRESETS)} (none: the seed's rules)",
    )
    group.add_argument(
        "--schedule",
        default=None,
        metavar="SHAPE",
        help=f"hand sizes deal after deal: {', '.join(SHAPES)} ({SHAPES[0]}), or a list "
        "such as 5,5,5,5",
    )
    group.add_argument(
        "--scoring",
        default=None,
        metavar="TABLE",
        help=f"scoring table: {', '.join(SCORING_TABLES)}, or five numbers "
        f"{','.join(SCORING_FIELDS)} such as 10,0,0,0,1 (ascenseur: 3,2,0,1,0)",
    )
    group.add_argument(
        "--hook",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the dealer may not make the bids sum to the hand size (off)",
    )
    group.add_argument(
        "--lead-restriction",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a player holding a suit card must lead one (on); --no-lead-restriction: any "
        "card may be led",
    )
    group.add_argument(
        "--bidding",
        default=None,
        metavar="MODE",
        help=f"{' or '.join(BIDDING_MODES)} ({BIDDING_MODES[0]}): simultaneous, nobody sees "
        "another bid before the last one is in",
    )
    group.add_argument(
        "--simultaneous",
        dest="bidding",
        action="store_const",
        const="simultaneous",
        help="same as --bidding simultaneous (closed fists)",
    )
    group.add_argument(
        "--blind-one-card",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="play the one-card deals blind: see the others' cards, not your own (off)",
    )


def rules_of(args: argparse.Namespace, *, table: bool, base: Rules | None = None) -> Rules:
    """The rule set the options of ``args`` choose; :class:`RulesError` naming the option.

    ``table``: a real table (3…10 players, rule D1), else analysis (2…10). ``base``: the rule
    set the options change (an arena deal set's), else the seed's; a preset's fields win over
    the base's, an option's over the preset's.
    """
    players = args.players
    if players is None:
        players = base.players if base is not None else DEFAULT_PLAYERS
    check_players(players, table=table)
    fields: dict[str, Any] = {}
    if base is not None:
        fields = {"hook": base.hook, **base.house_fields()}
        if base.shape is not None:
            fields["max_cards"] = base.max_cards
    if args.rules is not None:
        try:
            fields |= preset_fields(args.rules)
        except RulesError as err:
            raise RulesError(f"--rules: {err}") from None
    if args.schedule is not None:
        fields["schedule"] = parse_schedule(args.schedule)
        if isinstance(fields["schedule"], list) and args.max_cards is None:
            fields.pop("max_cards", None)
    if args.scoring is not None:
        fields["scoring"] = parse_scoring(args.scoring)
    for name in ("max_cards", "hook", "lead_restriction", "bidding", "blind_one_card"):
        value = getattr(args, name)
        if value is not None:
            fields[name] = value
    if fields.get("bidding") == "simultaneous" and args.hook is None and args.rules != "hook":
        fields.pop("hook", None)  # a base's hook gives way to closed fists asked for here
    try:
        return rules_from_options(players, None, fields)
    except RulesError as err:
        raise RulesError(f"{_option_of(str(err))}: {err}") from None


def given_rule_options(args: argparse.Namespace) -> list[str]:
    """The rule options given on the command line, as typed (``--schedule``, …)."""
    return given_options(args, RULE_OPTIONS)


def check_players(players: int, *, table: bool) -> None:
    """Refuse a number of players out of range (rule D1): one definition, one sentence."""
    low = MIN_TABLE_PLAYERS if table else MIN_PLAYERS
    if not low <= players <= MAX_PLAYERS:
        raise RulesError(
            f"--players: a table has {MIN_TABLE_PLAYERS}…{MAX_PLAYERS} players "
            f"({MIN_PLAYERS} are allowed for analysis in simulate and arena), not {players}"
        )


def parse_schedule(text: str) -> str | list[int]:
    """``--schedule``: a shape's name, or hand sizes separated by commas."""
    if text in SHAPES:
        return text
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise RulesError(
            f"--schedule must be {', '.join(SHAPES)} or hand sizes separated by commas "
            f"(such as 5,5,5,5), not {text!r}"
        ) from None


def parse_scoring(text: str) -> dict[str, int]:
    """``--scoring``: a scoring table's name, or its five numbers separated by commas."""
    if text in SCORING_TABLES:
        return SCORING_TABLES[text].to_json()
    parts = text.split(",")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) != len(SCORING_FIELDS):
        raise RulesError(
            f"--scoring must be {', '.join(SCORING_TABLES)} or five whole numbers "
            f"{','.join(SCORING_FIELDS)} separated by commas (such as 10,0,0,0,1), "
            f"not {text!r}"
        )
    return dict(zip(SCORING_FIELDS, numbers, strict=True))


def _option_of(message: str) -> str:
    """The option a core sentence is about: it starts with the field's name."""
    head = message.split(" ", 1)[0].split(".", 1)[0].split("[", 1)[0]
    return OPTION_OF_FIELD.get(head, "--rules")


__all__ = [
    "RULE_OPTIONS",
    "add_rule_options",
    "check_players",
    "given_rule_options",
    "parse_schedule",
    "parse_scoring",
    "rules_of",
]
