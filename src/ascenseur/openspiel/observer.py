"""Information states and observations, as strings and tensors, from ``observe`` only.

OpenSpiel asks a Python game for an *observer* (``tensor``, ``dict``, ``set_from``,
``string_from``). Ours builds everything from :func:`ascenseur.core.observation.observe` of
the state for the player — the hidden-information boundary — and never reads a hand itself.
With ``perfect_recall`` (the information state) it lists every trick of the deal in order;
without (the observation) it shows the current trick, the cards played so far and the last
trick. A public observer (``private_info`` NONE) observes as a spectator.

The cards being dealt are picked up when the deal is complete: while the chance node deals,
a seat's view is the one before the deal. House rules reach the views through ``observe``
alone: with closed fists (H4) another seat's bid shows only once the last bid is in; in a
blind one-card deal (H5) the hand is empty and the others' cards are ``seen``. Past deals
show through their bids, tricks and scores (``totals``), not their cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ascenseur.core.cards import DECK_SIZE, Card
from ascenseur.core.observation import Observation, observe
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.openspiel.layout import pieces

_PHASES = tuple(Phase)


class TarotObserver:
    """An OpenSpiel ``PyObserver`` for Tarot ascenseur."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every hand is not provided: views hide hands")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = pieces(rules, perfect_recall=self.perfect_recall)
        size = sum(int(np.prod(shape)) for _, shape in layout)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, shape in layout:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + length].reshape(shape)
            offset += length

    def _view(self, state: Any, player: int) -> Observation:
        engine: GameState = state.engine
        return observe(engine, None if self.public_only else player)

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        view = self._view(state, player)
        self.tensor.fill(0)
        d = self.dict
        d["seat"][player] = 1
        d["phase"][_PHASES.index(view.phase)] = 1
        if view.current_seat is not None:
            d["to_act"][view.current_seat] = 1
        d["deal"][min(view.deal_index, len(d["deal"]) - 1)] = 1  # past the end when over
        d["dealer"][view.dealer] = 1
        for card in view.hand:
            d["hand"][card.index] = 1
        for seat, bid in enumerate(view.bids):
            if bid is not None:
                d["bids"][seat, bid] = 1
        if self.perfect_recall:
            for t, trick in enumerate(view.tricks):
                d["trick_leaders"][t, trick.leader] = 1
                for pos, card in enumerate(trick.cards):
                    d["tricks"][t, (trick.leader + pos) % view.players, card.index] = 1
            if view.trick:
                t = len(view.tricks)
                d["trick_leaders"][t, view.trick[0][0]] = 1
                for seat, card in view.trick:
                    d["tricks"][t, seat, card.index] = 1
        else:
            for seat, card in view.trick:
                d["trick"][seat, card.index] = 1
            mask = view.played_mask
            for i in range(DECK_SIZE):
                if mask >> i & 1:
                    d["played"][i] = 1
        for seat, won in enumerate(view.tricks_won):
            d["tricks_won"][seat, won] = 1
        d["totals"][:] = view.totals
        for seat, cards in enumerate(view.seen_hands):
            for card in cards:
                d["seen"][seat, card.index] = 1

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` for people, one fact a line."""
        view = self._view(state, player)
        k = view.hand_size
        lines = [
            f"seat {player} · deal {view.deal_index + 1}/{len(view.rules.schedule)}"
            f" · {k} card{'s' if k > 1 else ''} · dealer {view.dealer} · {view.phase.value}"
            + ("" if view.current_seat is None else f" · seat {view.current_seat} to act"),
        ]
        if not self.public_only:
            lines.append(f"hand: {_cards(view.hand)}")
        if view.seen_hands:  # a blind one-card deal (H5): the others' cards, not its own
            lines.append(
                "seen: "
                + " ".join(f"{s}:{c}" for s, hand in enumerate(view.seen_hands) for c in hand)
            )
        lines.append("bids: " + " ".join("-" if b is None else str(b) for b in view.bids))
        if self.perfect_recall:
            for t, trick in enumerate(view.tricks):
                lines.append(f"trick {t + 1}: {_trick(trick.leader, trick.cards, view.players)}")
                lines[-1] += f" → {trick.winner}"
        else:
            played = [c for t in view.tricks for c in t.cards]
            lines.append(f"played: {_cards(sorted(played, key=lambda c: c.index))}")
            if view.tricks:
                last = view.tricks[-1]
                lines.append(f"last trick: {_trick(last.leader, last.cards, view.players)}")
                lines[-1] += f" → {last.winner}"
        if view.trick:
            lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in view.trick))
        lines.append("won: " + " ".join(str(w) for w in view.tricks_won))
        lines.append("totals: " + " ".join(str(t) for t in view.totals))
        return "\n".join(lines)


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _trick(leader: int, cards: tuple[Card, ...], players: int) -> str:
    return " ".join(f"{(leader + pos) % players}:{card}" for pos, card in enumerate(cards))


__all__ = ["TarotObserver"]
