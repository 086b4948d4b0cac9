"""A seat's view as arrays: the observation tensor, the action mask and their spaces.

Everything here is computed from an :class:`~ascenseur.core.observation.Observation`, the
view :func:`~ascenseur.core.observation.observe` builds, and from nothing else: the
environments and the bots that plug a trained policy into the arena encode the same view the
same way.

The action ids are OpenSpiel's (:mod:`ascenseur.openspiel.encoding`): ``Bid(v)`` is ``v``,
``Play(card)`` is ``78 + card.index``: 156 ids, and a 157th, "my card" (156), in rule sets
with blind one-card deals (house rule H5). The tensor has the layout
of OpenSpiel's observation tensor for ``python_tarot_ascenseur`` (its observer without
perfect recall), piece by piece: ``seat``, ``phase``, ``to_act``, ``deal``, ``dealer`` and
``hand`` one-hot; ``bids`` and ``tricks_won`` one-hot by seat; ``trick`` (the current trick,
by seat), ``played`` (the cards played this deal) and ``totals`` (points, not scaled, bounded
by the scoring table's best and worst games); with blind one-card deals, ``seen`` (by seat,
the others' cards a seat sees, H5). That
observer needs an OpenSpiel state, where a bot has only its view, so this module computes
the same tensor from the view; a test keeps the two equal.

>>> from ascenseur.core import GameState, Rules
>>> from ascenseur.core.observation import observe
>>> import random
>>> state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
>>> state.deal(random.Random(1))
>>> encoding = Encoding(state.rules)
>>> arrays = encoding.encode(observe(state, 1))
>>> arrays["observation"].shape, arrays["action_mask"].nonzero()[0].tolist()
((427,), [0, 1])
>>> encoding.pieces(arrays["observation"])["hand"].sum()
np.float32(1.0)
"""

from __future__ import annotations

import math

import numpy as np
from gymnasium import spaces

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.observation import Observation
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase
from ascenseur.openspiel.encoding import action_id, num_distinct_actions
from ascenseur.openspiel.layout import pieces
from ascenseur.openspiel.utility import utility_bounds

ObservationArrays = dict[str, np.ndarray]

_PHASES = tuple(Phase)


class Encoding:
    """The arrays of a seat's view under ``rules``: ``observation`` and ``action_mask``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.actions = num_distinct_actions(rules)
        self.offsets: dict[str, tuple[int, tuple[int, ...]]] = {}
        offset = 0
        for name, shape in pieces(rules):
            self.offsets[name] = (offset, shape)
            offset += math.prod(shape)
        self.size = offset
        # Totals lie between the scoring table's worst and best games (S1, S2, H2).
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        start, (n_totals,) = self.offsets["totals"]
        worst, best = utility_bounds(rules.scoring, rules.schedule)
        low[start : start + n_totals] = worst
        high[start : start + n_totals] = best
        self.low, self.high = low, high

    def space(self) -> spaces.Dict:
        """The space of :meth:`encode`'s arrays (a new object at each call)."""
        return spaces.Dict(
            {
                "observation": spaces.Box(self.low, self.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions,), dtype=np.int8),
            }
        )

    def encode(self, view: Observation) -> ObservationArrays:
        """The observation tensor and the action mask of ``view`` (new arrays every call)."""
        if view.rules != self.rules:
            raise ValueError(f"this encoding is for {self.rules!r}, not for {view.rules!r}")
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat to encode: observe a seat")
        n = view.players
        m1 = self.rules.max_cards + 1
        tensor = np.zeros(self.size, np.float32)
        at = self.offsets
        tensor[at["seat"][0] + seat] = 1
        tensor[at["phase"][0] + _PHASES.index(view.phase)] = 1
        if view.current_seat is not None:
            tensor[at["to_act"][0] + view.current_seat] = 1
        tensor[at["deal"][0] + min(view.deal_index, self.rules.deal_count - 1)] = 1
        tensor[at["dealer"][0] + view.dealer] = 1
        hand = at["hand"][0]
        for card in view.hand:
            tensor[hand + card.index] = 1
        bids = at["bids"][0]
        for s, bid in enumerate(view.bids):
            if bid is not None:
                tensor[bids + s * m1 + bid] = 1
        trick = at["trick"][0]
        for s, card in view.trick:
            tensor[trick + s * DECK_SIZE + card.index] = 1
        played, mask = at["played"][0], view.played_mask
        while mask:
            low = mask & -mask
            tensor[played + low.bit_length() - 1] = 1
            mask ^= low
        won = at["tricks_won"][0]
        for s, count in enumerate(view.tricks_won):
            tensor[won + s * m1 + count] = 1
        totals = at["totals"][0]
        tensor[totals : totals + n] = view.totals
        if view.seen_hands:  # a blind one-card deal (H5): the others' cards, never its own
            seen = at["seen"][0]
            for s, cards in enumerate(view.seen_hands):
                for card in cards:
                    tensor[seen + s * DECK_SIZE + card.index] = 1
        return {"observation": tensor, "action_mask": self.action_mask(view)}

    def action_mask(self, view: Observation) -> np.ndarray:
        """1 for the ids of ``view.legal_actions`` (none when it is not the seat's turn)."""
        mask = np.zeros(self.actions, np.int8)
        for action in view.legal_actions:
            mask[action_id(action)] = 1
        return mask

    def pieces(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The named pieces of an observation tensor, shaped (views into ``tensor``)."""
        if tensor.shape != (self.size,):
            raise ValueError(f"the observation tensor has shape ({self.size},), not {tensor.shape}")
        return {
            name: tensor[start : start + math.prod(shape)].reshape(shape)
            for name, (start, shape) in self.offsets.items()
        }


__all__ = ["Encoding", "ObservationArrays"]
