"""A game record's digest: the name by which a review (or anything else) points at one game.

The digest is the SHA-256 of the record's *canonical bytes*: the record as the engine writes it
back after replaying it (the rule set whole with its defaults written out, the seat names,
every deal's dealer, hands, bids and cards), as JSON with sorted keys, no spaces, UTF-8. Two
files of the same game agree however they are laid out (indentation, key order, a default
rule omitted or written); a deal's fairness proof (commitment, salt, deck) is no part of the
game and does not count. Any change of a card, a bid, a rule or a name changes the digest.

>>> import random
>>> from ascenseur.core.record import record_of
>>> from ascenseur.core.rules import Rules
>>> from ascenseur.core.state import GameState
>>> state = GameState.new(Rules(players=3, max_cards=1), first_dealer=2)
>>> state.deal(random.Random(3))
>>> name = record_digest(record_of(state))
>>> name.startswith("sha256:"), len(name)
(True, 71)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from ascenseur.core.record import Record

#: How a digest is written: the algorithm, a colon, the hexadecimal digest.
PREFIX = "sha256:"


def canonical_bytes(record: Record) -> bytes:
    """The bytes a record's digest is the SHA-256 of (module docstring)."""
    bare = replace(record, deals=tuple(replace(deal, fairness=None) for deal in record.deals))
    text = json.dumps(bare.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def record_digest(record: Record) -> str:
    """``sha256:`` and the hexadecimal SHA-256 of :func:`canonical_bytes`."""
    return PREFIX + hashlib.sha256(canonical_bytes(record)).hexdigest()


__all__ = ["PREFIX", "canonical_bytes", "record_digest"]
