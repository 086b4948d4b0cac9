"""Tarot ascenseur as an OpenSpiel game, and OpenSpiel's ISMCTS as an arena bot.

Needs the optional extra ``openspiel`` (``pip install 'ascenseur[openspiel]'``). Importing
:mod:`ascenseur.openspiel.game` registers the Python game :data:`GAME_NAME` with ``pyspiel``::

    import pyspiel
    import ascenseur.openspiel.game
    game = pyspiel.load_game("python_tarot_ascenseur(players=4,max_cards=3)")

Parameters: ``players`` (2…10, default 4), ``max_cards`` (1…⌊78/n⌋, default 0: ⌊78/n⌋),
``hook`` (false), ``deal`` (-1: the whole game; j: only deal j, 0-based) and
``first_dealer`` (0; with ``deal`` j, deal j is dealt by ``first_dealer + j``).

The ``openspiel-ismcts`` bot (:mod:`ascenseur.openspiel.bot`) is in
:data:`ascenseur.bots.REGISTRY` whenever OpenSpiel is installed: the bots package names it by
its module and imports it when the first such bot is made.
"""

GAME_NAME = "python_tarot_ascenseur"

__all__ = ["GAME_NAME"]
