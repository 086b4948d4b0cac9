"""The arena: honest measurement of bots on fixed deals, in the duplicate format.

- :mod:`~ascenseur.arena.dealsets` — fixed, versioned deal sets (deck shuffles);
- :mod:`~ascenseur.arena.duplicate` — the reference run and the substitution runs of a game;
- :mod:`~ascenseur.arena.stats` — bookkeeping and confidence intervals;
- :mod:`~ascenseur.arena.report` — the table people read.
"""
