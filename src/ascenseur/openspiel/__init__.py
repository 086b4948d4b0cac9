"""Tarot ascenseur as an OpenSpiel game, and OpenSpiel's ISMCTS as an arena bot.

Needs the optional extra ``openspiel`` (``pip install 'ascenseur[openspiel]'``). Importing
:mod:`ascenseur.openspiel.game` registers the Python game :data:`GAME_NAME` with ``pyspiel``::

    import pyspiel
    import ascenseur.openspiel.game
    game = pyspiel.load_game("python_tarot_ascenseur(players=4,max_cards=3)")

Parameters: ``players`` (2…10, default 4), ``max_cards`` (1…⌊78/n⌋, default 0: ⌊78/n⌋),
``hook`` (false), ``deal`` (-1: the whole game; j: only deal j, 0-based) and
``first_dealer`` (0; with ``deal`` j, deal j is dealt by ``first_dealer + j``).

Importing this package registers the ``openspiel-ismcts`` bot in
:data:`ascenseur.bots.REGISTRY` when OpenSpiel is installed (:mod:`ascenseur.openspiel.registry`);
it imports nothing from OpenSpiel itself, so it stays cheap whether or not the extra is there.
The bots package never imports this one: whoever offers OpenSpiel's bot imports it.
"""

from ascenseur.openspiel import registry as registry

GAME_NAME = "python_tarot_ascenseur"

__all__ = ["GAME_NAME"]
