"""The JSON Schema of the web protocol: what ``/api/protocol.json`` serves and
``docs/web-protocol.schema.json`` keeps (``python -m ascenseur.web.schema`` prints it)."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from ascenseur.web.protocol import (
    PROTOCOL,
    VERSION,
    ClientMessage,
    GameList,
    Replay,
    RulesCatalogue,
    ServerMessage,
)
from ascenseur.web.reviews import ReviewAnswer, ReviewProgress


def schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every message: ``ClientMessage``, ``ServerMessage``, and
    the HTTP answers ``GameList``, ``Replay``, ``RulesCatalogue``, ``ReviewAnswer`` and
    ``ReviewProgress`` (its ``review`` is ``docs/review.schema.json``'s)."""
    (client, server, *_), components = msgspec.json.schema_components(
        (
            ClientMessage,
            ServerMessage,
            GameList,
            Replay,
            RulesCatalogue,
            ReviewAnswer,
            ReviewProgress,
        ),
        ref_template="#/$defs/{name}",
    )
    components["ClientMessage"] = client
    components["ServerMessage"] = server
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": PROTOCOL,
        "description": (
            f"Messages of the ascenseur web protocol, version {VERSION}: over the websocket "
            "a client sends a ClientMessage, the server a ServerMessage, each a JSON object "
            "with a type; over HTTP the server sends a GameList, a Replay, a RulesCatalogue, "
            "and a ReviewAnswer or a ReviewProgress."
        ),
        "anyOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": dict(sorted(components.items())),
    }


def schema_text() -> str:
    """:func:`schema` as the text of ``docs/web-protocol.schema.json``."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
