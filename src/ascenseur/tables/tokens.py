"""Seat tokens, invite codes and table ids: made by the server from the OS's random source.

A seat token is given once to its holder and stored only as its hash (:func:`digest`); an
invite code is short enough to type; a table id is typed on command lines.
"""

from __future__ import annotations

import hashlib
import secrets

#: Bytes of a seat token (256 bits) and of an invite code (48 bits: short enough to type).
TOKEN_BYTES = 32
INVITE_BYTES = 6


def new_token() -> str:
    """A seat token: made by the server, given once to its holder, stored only as a hash."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def new_table_id() -> str:
    """A table's id, never starting with "-": it is typed on command lines
    (``ascenseur play --resume ID``), where such an id reads as an option."""
    while (table_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return table_id


def new_invite() -> str:
    return secrets.token_urlsafe(INVITE_BYTES)
