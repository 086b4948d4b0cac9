"""Why an action was refused, for people: one sentence built from the core's error.

The core decides legality once and raises :class:`~ascenseur.core.errors.IllegalAction` with
a stable :attr:`~ascenseur.core.errors.AscenseurError.code` and the facts behind it (the card,
the cards that oblige the player, the led suit, the bid, k…). :func:`refusal_text` turns that
into the sentence a person reads, in English or French; nothing re-derives the reason.

>>> from ascenseur.core import Bid, Card, Deal, GameState, Play, Rules
>>> state = GameState.single_deal(Rules(players=2, max_cards=2), deal_index=1, dealer=1)
>>> state.apply(Deal(tuple(tuple(map(Card.parse, h.split())) for h in ("H7 T3", "H2 S5"))))
>>> for action in (Bid(1), Bid(0), Play(Card.parse("H7"))):
...     state.apply(action)
>>> try:
...     state.apply(Play(Card.parse("S5")))
... except IllegalAction as err:
...     print(err.code, err.held, "|", refusal_text(err, "en"))
...     print(refusal_text(err, "fr").replace("\u202f", "_"))
must-follow ('H2',) | You cannot play 5♠: you must follow ♥ hearts (you hold 2♥).
Vous ne pouvez pas jouer 5♠_: vous devez fournir ♥ cœur (vous avez 2♥).
"""

from __future__ import annotations

from ascenseur.core.cards import Card, Language, Suit, format_cards
from ascenseur.core.errors import AscenseurError, IllegalAction
from ascenseur.text.messages import tr

#: The play refusals whose reason completes "You cannot play {card}: …" (rules P2, P5–P7).
PLAY_REASONS = ("must-lead-suit", "must-follow", "must-overtrump", "must-trump")


def refusal_text(err: AscenseurError, lang: Language) -> str:
    """The sentence that tells a person why their action was refused, in ``lang``.

    ``err`` is what the core raised (an :class:`IllegalAction`, whose data the sentence
    reads) or a refusal of the same kind from a layer above that carries only its code
    (``not-your-turn``, ``game-over``). Codes no person's action raises (a deal's faults)
    fall back to the error's own (English) message.
    """
    code = err.code
    if isinstance(err, IllegalAction):
        text = _illegal(err, lang)
        if text is not None:
            return text
    if code in ("wrong-phase", "not-your-turn"):
        return tr(lang, "not_your_turn")
    if code == "game-over":
        return tr(lang, "game_over")
    return err.message


def _illegal(err: IllegalAction, lang: Language) -> str | None:
    """The sentence for the codes whose facts the core's error carries, else None."""
    code = err.code
    if code in PLAY_REASONS and err.card is not None:
        return tr(lang, "cannot_play", card=_card(err.card, lang), why=_reason(err, lang))
    if code == "not-in-hand" and err.card is not None:
        return tr(lang, "not_held", card=_card(err.card, lang))
    if code == "hook" and err.bid is not None and err.hand_size is not None:
        return tr(lang, "hooked_bid", value=err.bid, k=err.hand_size)
    if code == "bid-out-of-range" and err.hand_size is not None:
        return tr(lang, "bid_range", k=err.hand_size)
    if code == "blind-card":
        return tr(lang, "blind_refused")
    if code == "not-blind":
        return tr(lang, "not_blind")
    if code == "wrong-phase" and err.phase == "playing":
        return tr(lang, "not_bidding")
    if code == "wrong-phase" and err.phase == "bidding":
        return tr(lang, "not_playing")
    return None


def _card(code: str, lang: Language) -> str:
    """The card as a sentence names it: ``10♥``, ``trump 9``, ``the Excuse``/``l'Excuse``."""
    card = Card.parse(code)
    if card.suit is Suit.EXCUSE:
        return tr(lang, "the_excuse")
    return card.display(lang)


def _reason(err: IllegalAction, lang: Language) -> str:
    """What the rule asks, with the cards of the hand that oblige (``err.held``)."""
    held = format_cards((Card.parse(code) for code in err.held), lang)
    led = Suit(err.led) if err.led is not None and err.led >= 0 else None
    suit = led.display(lang) if led is not None else ""
    return tr(lang, err.code, held=held, suit=suit, high=err.high_trump)
