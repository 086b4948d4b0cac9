"""The terminal interfaces: the full-screen game and replay (Textual) and the plain-text mode.

They talk to the game only through :class:`ascenseur.session.Session` and the core's views.
"""
