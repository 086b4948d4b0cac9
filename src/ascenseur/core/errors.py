"""One exception hierarchy for the whole project.

Every error is a :class:`ValueError` whose message is a sentence saying what was wrong, where,
and what is allowed, and whose :attr:`AscenseurError.code` is a stable reason code that
programs (the server, the record checker) may rely on.
"""

from __future__ import annotations

from typing import Any


class AscenseurError(ValueError):
    """Base of every error the project raises on bad input."""

    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries (the arena's workers): rebuild them with their
        # message and every attribute, whatever their constructor's keyword arguments.
        return (_rebuild, (type(self), self.message, dict(self.__dict__)))


def _rebuild(cls: type[AscenseurError], message: str, attributes: dict[str, Any]) -> AscenseurError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(attributes)
    return error


class CardError(AscenseurError):
    """An unknown card code or index."""

    code = "unknown-card"


class RulesError(AscenseurError):
    """An invalid rule set (players, max_cards, hook)."""

    code = "bad-rules"


class IllegalAction(AscenseurError):
    """An action that the rules forbid in this position.

    ``seat`` is the seat that tried it (None for a deal), ``deal`` the 0-based deal,
    ``trick`` the 0-based trick of the deal where it applies, ``card`` the code of the card
    at fault (a card played, or one dealt twice). What else a sentence for people needs, by
    :attr:`code` (``ascenseur.text.refusals`` builds it in each language from these):

    * ``held``: the codes of the cards that oblige the player (``must-lead-suit``,
      ``must-follow``, ``must-overtrump``, ``must-trump``) or its hand (``not-in-hand``);
    * ``led``: the led kind (a :class:`~ascenseur.core.cards.Suit` value) and ``high_trump``
      the highest trump in the trick, for the same codes;
    * ``bid`` and ``hand_size``: the bid refused and k (``bid-out-of-range``, ``hook``);
    * ``phase``: the phase the game is in (``wrong-phase``: ``dealing``, ``bidding`` or
      ``playing``).
    """

    code = "illegal"

    def __init__(
        self,
        message: str,
        *,
        code: str,
        seat: int | None = None,
        deal: int | None = None,
        trick: int | None = None,
        card: str | None = None,
        held: tuple[str, ...] = (),
        led: int | None = None,
        high_trump: int | None = None,
        bid: int | None = None,
        hand_size: int | None = None,
        phase: str | None = None,
    ) -> None:
        super().__init__(message, code=code)
        self.seat = seat
        self.deal = deal
        self.trick = trick
        self.card = card
        self.held = held
        self.led = led
        self.high_trump = high_trump
        self.bid = bid
        self.hand_size = hand_size
        self.phase = phase


class RecordError(AscenseurError):
    """A game record that cannot be read or replayed: says where the first fault lies.

    ``deal`` is the 0-based deal, ``index`` the 0-based position in that deal's ``cards``,
    ``seat`` the seat at fault and ``card`` the offending card code; each is None when the
    fault has no such place.
    """

    code = "bad-record"

    def __init__(
        self,
        message: str,
        *,
        code: str = "bad-record",
        deal: int | None = None,
        index: int | None = None,
        seat: int | None = None,
        card: str | None = None,
    ) -> None:
        super().__init__(message, code=code)
        self.deal = deal
        self.index = index
        self.seat = seat
        self.card = card
