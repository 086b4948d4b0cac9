"""Play in the browser: ``ascenseur serve``.

The server is authoritative. It owns every game (:mod:`ascenseur.web.table`), stores each one
as its log of actions in SQLite (:mod:`ascenseur.web.storage`), drives the bots off the event
loop (:mod:`ascenseur.web.service`), and sends each connection only its seat's view, built by
:func:`ascenseur.core.observation.observe`, in the typed messages of
:mod:`ascenseur.web.protocol`. The page (``static/``) is plain JavaScript modules and CSS.
"""
