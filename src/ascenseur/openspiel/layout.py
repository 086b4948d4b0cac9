"""The layout of a seat's observation tensor: its pieces, in order, with their shapes.

One layout for the OpenSpiel observer (:mod:`ascenseur.openspiel.observer`) and for the RL
encoding (:mod:`ascenseur.rl.encoding`), which computes the observer's tensor without
perfect recall from a bot's view alone. Needs neither OpenSpiel nor NumPy.

>>> " ".join(name for name, _ in pieces(Rules(players=3, max_cards=2)))
'seat phase to_act deal dealer hand bids trick played tricks_won totals'
"""

from __future__ import annotations

from ascenseur.core.cards import DECK_SIZE
from ascenseur.core.rules import Rules
from ascenseur.core.state import Phase

Shape = tuple[int, ...]


def pieces(rules: Rules, *, perfect_recall: bool = False) -> list[tuple[str, Shape]]:
    """The tensor's pieces under ``rules``: ``seat``, ``phase``, ``to_act``, ``deal``,
    ``dealer`` and ``hand`` one-hot; ``bids`` by seat; with ``perfect_recall`` every trick of
    the deal (``trick_leaders``, ``tricks`` by seat), else the current ``trick`` by seat and
    the cards ``played``; ``tricks_won`` by seat, ``totals``; with blind one-card deals (H5),
    ``seen``: the others' cards a seat sees, by seat."""
    n, m = rules.players, rules.max_cards
    found: list[tuple[str, Shape]] = [
        ("seat", (n,)),
        ("phase", (len(Phase),)),
        ("to_act", (n,)),
        ("deal", (rules.deal_count,)),
        ("dealer", (n,)),
        ("hand", (DECK_SIZE,)),
        ("bids", (n, m + 1)),
    ]
    if perfect_recall:
        found += [("trick_leaders", (m, n)), ("tricks", (m, n, DECK_SIZE))]
    else:
        found += [("trick", (n, DECK_SIZE)), ("played", (DECK_SIZE,))]
    found += [("tricks_won", (n, m + 1)), ("totals", (n,))]
    if rules.blind_one_card:
        found.append(("seen", (n, DECK_SIZE)))
    return found
