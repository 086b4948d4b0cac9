"""The page's words: the terminal's catalogue (:mod:`ascenseur.text.messages`) and the few
strings only the browser shows, in English and French.

>>> catalogue("fr")["messages"]["bids"], catalogue("fr")["cards"]["DN"]
('{name} annonce {value}.', 'C♦')
>>> web_tr("en", "stale_state", seen=3, now=5)
'The game has moved on (your view was of state 3, it is at 5): here it is as it stands.'
"""

from __future__ import annotations

from typing import Any

from ascenseur.core.cards import DECK, Language
from ascenseur.text.messages import MESSAGES, NOUNS

#: key → (English, French), for the browser only; ``{name}`` fields as in the catalogue.
WEB_MESSAGES: dict[str, tuple[str, str]] = {
    # the home page
    "new_game": ("New game", "Nouvelle partie"),
    "players": ("Players", "Joueurs"),
    "max_cards": ("Most cards in a hand", "Cartes au plus dans une main"),
    "max_cards_help": ("1 to {max} for {players} players", "1 à {max} pour {players} joueurs"),
    "hook_label": (
        "Hook: the dealer may not make the bids add up to the cards",
        "Crochet : le donneur ne peut pas faire tomber les annonces juste",
    ),
    "seat_bot": ("Seat {seat}", "Place {seat}"),
    "your_name": ("Your name", "Votre nom"),
    "language": ("Language", "Langue"),
    "start": ("Start the game", "Commencer la partie"),
    "history": ("Your games", "Vos parties"),
    "no_games": ("No game yet.", "Aucune partie pour l'instant."),
    "resume": ("Resume", "Reprendre"),
    "watch": ("Watch", "Regarder"),
    "replay": ("Replay", "Revoir"),
    "download": ("Download the record", "Télécharger la partie"),
    "finished": ("Finished", "Finie"),
    "at_deal": ("Deal {number} of {count}", "Donne {number} sur {count}"),
    "home": ("Home", "Accueil"),
    "bot_levels": ("The bots", "Les robots"),
    "bot_random": ("Random (beginner)", "Hasard (débutant)"),
    "bot_heuristic": ("Heuristic (club player)", "Heuristique (joueur de club)"),
    "bot_expert": ("Expert (searches)", "Expert (cherche)"),
    # the table
    "hint": ("Hint", "Conseil"),
    "last_trick": ("Last trick", "Dernier pli"),
    "score_sheet": ("Score sheet", "Feuille de marque"),
    "animations": ("Animations", "Animations"),
    "close": ("Close", "Fermer"),
    "turn_of": ("{name} to play", "À {name} de jouer"),
    "watching": (
        "You are watching: you hold no seat at this table.",
        "Vous regardez : vous n'avez pas de place à cette table.",
    ),
    "bid_button": ("Bid {value}", "Annoncer {value}"),
    "forbidden_bid": (
        "{value} — forbidden by the hook",
        "{value} — interdit par le crochet",
    ),
    "legal_card": ("{card}, playable", "{card}, jouable"),
    "illegal_card": ("{card}, not playable now", "{card}, injouable maintenant"),
    "web_keys": (
        "Keys: ←→ choose a card · Enter play · 0-9 bid · h hint · l last trick · "
        "s score sheet · a animations",
        "Touches : ←→ choisir une carte · Entrée jouer · 0-9 annoncer · h conseil · "
        "l dernier pli · s feuille de marque · a animations",
    ),
    "deal_short": ("Deal {number}", "Donne {number}"),
    "bid_short": ("bid", "annonce"),
    "won_short": ("took", "fait"),
    "chart_title": ("Running totals, deal by deal", "Totaux cumulés, donne par donne"),
    "reconnecting": ("Connection lost: reconnecting…", "Connexion perdue : reconnexion…"),
    "hints_line": ("{title}: {options}", "{title} : {options}"),
    # the replay
    "replay_title": ("Replay", "Revoir la partie"),
    "first": ("Start", "Début"),
    "previous": ("Back", "Reculer"),
    "next": ("Forward", "Avancer"),
    "last": ("End", "Fin"),
    "prev_trick": ("Trick back", "Pli précédent"),
    "next_trick": ("Trick forward", "Pli suivant"),
    "prev_deal": ("Deal back", "Donne précédente"),
    "next_deal": ("Deal forward", "Donne suivante"),
    "web_replay_keys": (
        "Keys: ←→ move · ↑↓ trick · PgUp/PgDn deal · Home/End · s score sheet",
        "Touches : ←→ coup · ↑↓ pli · PgPréc/PgSuiv donne · Début/Fin · s feuille de marque",
    ),
    # errors
    "stale_state": (
        "The game has moved on (your view was of state {seen}, it is at {now}): "
        "here it is as it stands.",
        "La partie a avancé (votre vue était l'état {seen}, elle en est à {now}) : "
        "la voici telle qu'elle est.",
    ),
    "not_joined": (
        "Join a game first (a join or new_game message).",
        "Rejoignez d'abord une partie (message join ou new_game).",
    ),
    "no_game": ("There is no game {game}.", "Il n'y a pas de partie {game}."),
    "bad_version": (
        "This server speaks version {version} of the protocol, not {asked}: reload the page.",
        "Ce serveur parle la version {version} du protocole, pas {asked} : rechargez la page.",
    ),
    "bad_message": (
        "The message does not follow the protocol: {detail}.",
        "Le message ne suit pas le protocole : {detail}.",
    ),
    "bad_json": (
        "The message is not JSON text: {detail}.",
        "Le message n'est pas du texte JSON : {detail}.",
    ),
    "too_large": ("The message is too long: {detail}.", "Le message est trop long : {detail}."),
    "hint_busy": (
        "A hint is already being computed.",
        "Un conseil est déjà en cours de calcul.",
    ),
    "internal": (
        "The server could not do that ({detail}); the game is as it was.",
        "Le serveur n'a pas pu le faire ({detail}) ; la partie est inchangée.",
    ),
    "game_not_over": (
        "The game is not over: its hands stay hidden until it is.",
        "La partie n'est pas finie : ses mains restent cachées jusque-là.",
    ),
}


def web_tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` from either catalogue, its ``{fields}`` filled."""
    entry = WEB_MESSAGES.get(key) or MESSAGES[key]
    text = entry[1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text


def sentence(text: str) -> str:
    """A core error's message as the page shows it: capitalised, with its full stop.

    >>> sentence("players must be 2…10, not 11")
    'Players must be 2…10, not 11.'
    """
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def catalogue(lang: Language) -> dict[str, Any]:
    """Everything the page needs to speak ``lang``: messages, nouns and every card's name."""
    index = 1 if lang == "fr" else 0
    messages = {key: texts[index] for key, texts in MESSAGES.items()}
    messages.update({key: texts[index] for key, texts in WEB_MESSAGES.items()})
    return {
        "lang": lang,
        "messages": messages,
        "nouns": {noun: forms[index] for noun, forms in NOUNS.items()},
        "cards": {card.code: card.display(lang) for card in DECK},
    }
