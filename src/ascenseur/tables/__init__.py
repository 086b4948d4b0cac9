"""Tables (tables de jeu): the one game driver behind the terminal and the browser.

A table is its log of events (:mod:`~ascenseur.tables.events`), folded into a
:class:`~ascenseur.tables.table.Table` whose commands check every change; a
:class:`~ascenseur.tables.driver.Driver` commits changes to a
:class:`~ascenseur.tables.storage.TableStore` before anyone hears of them, and moves the
table on by itself: deals, bots, stand-ins for people away, the clock.
"""
