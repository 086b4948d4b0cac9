"""The message catalogue: every string the terminal and browser interfaces show, in English
and French.

>>> tr("fr", "bids", name="Ada", value=2)
'Ada annonce 2.'
>>> tr("en", "bids", name="Ada", value=2)
'Ada bids 2.'
"""

from __future__ import annotations

from ascenseur.core.cards import Language

LANGUAGES: tuple[Language, ...] = ("en", "fr")

#: key → (English, French); ``{name}`` fields are filled by :func:`tr`.
MESSAGES: dict[str, tuple[str, str]] = {
    # the table
    "title": ("Tarot ascenseur", "Tarot ascenseur"),
    "bot": ("Bot {seat}", "Robot {seat}"),
    "you": ("you", "vous"),
    "seat": ("Seat {seat}", "Place {seat}"),
    "player": ("Player", "Joueur"),
    "bid": ("Bid", "Annonce"),
    "tricks": ("Tricks", "Plis"),
    "total": ("Total", "Total"),
    "dealer_mark": ("dealer", "donneur"),
    "deal_header": (
        "Deal {number} of {count} · {cards} each · dealer: {dealer}",
        "Donne {number} sur {count} · {cards} chacun · donneur : {dealer}",
    ),
    "hook_on": ("hook", "crochet"),
    "trick_title": ("Trick {number}", "Pli {number}"),
    "last_trick_title": ("Last trick", "Dernier pli"),
    "no_last_trick": ("No trick finished yet in this deal.", "Aucun pli fini dans cette donne."),
    "takes": ("takes it", "le remporte"),
    "your_hand": ("Your hand", "Votre main"),
    "trumps": ("Trumps", "Atouts"),
    # whose turn
    "your_bid": ("Your turn: bid from 0 to {k}.", "À vous : annoncez de 0 à {k}."),
    "your_card": ("Your turn: play a card.", "À vous : jouez une carte."),
    "waiting": ("{name} is thinking…", "{name} réfléchit…"),
    "trick_done": (
        "{name} takes trick {number}. Press space to go on.",
        "{name} remporte le pli {number}. Espace pour continuer.",
    ),
    "hook_forbidden": ("{value} (hook)", "{value} (crochet)"),
    "hooked_bid": (
        "With the hook, the dealer may not bid {value}: the bids would add up to {k}.",
        "Avec le crochet, le donneur ne peut annoncer {value} : les annonces feraient {k}.",
    ),
    "bid_range": ("A bid is a number from 0 to {k}.", "Une annonce est un nombre de 0 à {k}."),
    "cannot_play": ("You cannot play {card}: {why}.", "Vous ne pouvez pas jouer {card} : {why}."),
    # why a card is refused (rules P2, P5–P7), completing "You cannot play {card}: …"
    "must-lead-suit": (
        "may not lead a trump or the Excuse while holding a suit card (holds {held})",
        "on ne peut entamer d'un atout ni de l'Excuse en gardant une carte de couleur "
        "(tient {held})",
    ),
    "must-follow": ("must follow {suit} (holds {held})", "doit fournir {suit} (tient {held})"),
    "must-overtrump": (
        "must overtrump trump {high} (holds {held})",
        "doit monter sur l'atout {high} (tient {held})",
    ),
    "must-trump": (
        "has no {suit} and must trump (holds {held})",
        "n'a pas de {suit} et doit couper (tient {held})",
    ),
    "not_your_turn": ("It is not your turn.", "Ce n'est pas à vous de jouer."),
    "not_bidding": ("It is not the time to bid.", "Ce n'est pas le moment d'annoncer."),
    "not_playing": (
        "It is not the time to play a card: bid first.",
        "Ce n'est pas le moment de jouer une carte : annoncez d'abord.",
    ),
    # events
    "dealt": (
        "Deal {number} of {count}: {cards} each, dealt by {dealer}.",
        "Donne {number} sur {count} : {cards} chacun, donnée par {dealer}.",
    ),
    "bids": ("{name} bids {value}.", "{name} annonce {value}."),
    "plays": ("{name} plays {card}.", "{name} joue {card}."),
    "took_trick": (
        "{name} takes trick {number}: {cards}.",
        "{name} remporte le pli {number} : {cards}.",
    ),
    "deal_points": ("Deal {number}: {cells}.", "Donne {number} : {cells}."),
    "deal_scored": ("Deal {number} is over.", "La donne {number} est finie."),
    "score_line": (
        "{name}: bid {bid}, took {tricks}, {points:+d}, total {total}.",
        "{name} : annonce {bid}, a fait {tricks}, {points:+d}, total {total}.",
    ),
    "game_over": ("The game is over.", "La partie est finie."),
    "ranking_title": ("Final ranking", "Classement final"),
    "rank_line": ("{rank}. {name}: {points}", "{rank}. {name} : {points}"),
    "winner": ("{name} wins.", "{name} gagne."),
    "shared_win": ("Shared win: {names}.", "Victoire partagée : {names}."),
    "and": ("and", "et"),
    # score sheet
    "scores_title": ("Score sheet", "Feuille de marque"),
    "deal_col": ("Deal", "Donne"),
    "cards_col": ("Cards", "Cartes"),
    "scores_empty": ("No deal is finished yet.", "Aucune donne n'est encore finie."),
    "cell": ("{bid}/{tricks} {points:+d}", "{bid}/{tricks} {points:+d}"),
    "sheet_legend": (
        "Each cell: bid/tricks taken, points of the deal (running total).",
        "Chaque case : annonce/plis faits, points de la donne (total cumulé).",
    ),
    # hints
    "hints_title": (
        "Expected points this deal (estimate: random play afterwards)",
        "Points espérés sur la donne (estimation : jeu au hasard ensuite)",
    ),
    "hint_bid": ("bid {value}: {points:+.1f}", "annonce {value} : {points:+.1f}"),
    "hint_card": ("{card}: {points:+.1f}", "{card} : {points:+.1f}"),
    "thinking_hints": ("Computing hints…", "Calcul des conseils…"),
    "no_hint": ("Hints are for your turn.", "Les conseils sont pour votre tour."),
    # pace and keys
    "pace": ("Pace: {seconds:.1f} s per card.", "Rythme : {seconds:.1f} s par carte."),
    "keys_play": (
        "←→↑↓ Enter play · h hint · l last trick · s scores · +/- pace · q quit",
        "←→↑↓ Entrée jouer · h conseil · l dernier pli · s scores · +/- rythme · q fin",
    ),
    "keys_bid": (
        "←→ or 0-9, Enter bid · h hint · s scores · +/- pace · q quit",
        "←→ ou 0-9, Entrée annoncer · h conseil · s scores · +/- rythme · q fin",
    ),
    "keys_wait": (
        "space go on · l last trick · s scores · +/- pace · q quit",
        "espace continuer · l dernier pli · s scores · +/- rythme · q fin",
    ),
    "keys_over": ("s scores · q quit", "s scores · q fin"),
    "keys_close": ("Escape or s: close", "Échap ou s : fermer"),
    # saving
    "saved_in": ("The game is saved in {path}.", "La partie est enregistrée dans {path}."),
    "resume_with": (
        "Go on with it: ascenseur play --resume",
        "Pour la reprendre : ascenseur play --resume",
    ),
    "resumed": ("Resumed the game saved in {path}.", "Reprise de la partie de {path}."),
    "bot_replaced": (
        "Bot {wanted} is unknown here: {used} plays seat {seat} instead.",
        "Le robot {wanted} est inconnu ici : {used} joue la place {seat}.",
    ),
    # plain mode
    "intro": (
        "{players} players, hands of 1 up to {peak} and back ({deals} deals){hook}. "
        "You are {name}.",
        "{players} joueurs, mains de 1 à {peak} puis retour ({deals} donnes){hook}. "
        "Vous êtes {name}.",
    ),
    "intro_hook": (", with the hook", ", avec le crochet"),
    "help_hint": ("Type ? at a prompt for help.", "Tapez ? à l'invite pour l'aide."),
    "plain_help": (
        "Bid with a number; play with the card's number in your hand or its code "
        "(S/H/D/C then 1-10, J, N, Q, K; T1…T21; EX). Also: h hint, t table, l last trick, "
        "s scores, q quit (the game stays saved).",
        "Annoncez par un nombre ; jouez par le numéro de la carte dans votre main ou son code "
        "(S/H/D/C puis 1-10, J, N, Q, K ; T1…T21 ; EX). Aussi : h conseil, t table, "
        "l dernier pli, s scores, q quitter (la partie reste enregistrée).",
    ),
    "hand_line": ("Your hand: {cards}.", "Votre main : {cards}."),
    "legal_line": ("You may play: {cards}.", "Vous pouvez jouer : {cards}."),
    "trick_line": ("Trick {number} so far: {cards}.", "Pli {number} en cours : {cards}."),
    "trick_empty": ("You lead trick {number}.", "Vous entamez le pli {number}."),
    "bids_line": ("Bids: {bids}.", "Annonces : {bids}."),
    "table_line": (
        "{name}: bid {bid}, took {tricks}, total {total}{marks}.",
        "{name} : annonce {bid}, a fait {tricks}, total {total}{marks}.",
    ),
    "no_bid": ("—", "—"),
    "prompt_bid": ("Your bid ({choices})? ", "Votre annonce ({choices}) ? "),
    "hook_note": ("{value} is ruled out by the hook", "{value} est exclu par le crochet"),
    "sheet_line": (
        "Deal {number} ({cards}): {cells}.",
        "Donne {number} ({cards}) : {cells}.",
    ),
    "totals_line": ("Totals: {cells}.", "Totaux : {cells}."),
    "bots_line": ("Bots: {bots}.", "Robots : {bots}."),
    "prompt_card": ("Your card (number or code)? ", "Votre carte (numéro ou code) ? "),
    "bad_bid": (
        "{text!r} is not a bid: type a number from {choices}.",
        "{text!r} n'est pas une annonce : tapez un nombre parmi {choices}.",
    ),
    "bad_card": (
        "{text!r} is not a card of your hand: type its number (1 to {count}) or its code "
        "(for example H10, T21, EX).",
        "{text!r} n'est pas une carte de votre main : tapez son numéro (1 à {count}) ou son "
        "code (par exemple H10, T21, EX).",
    ),
    "not_held": ("You do not hold {card}.", "Vous n'avez pas {card}."),
    "end_of_input": ("End of input.", "Fin de l'entrée."),
    "interrupted": ("Interrupted.", "Interrompu."),
    # replay
    "replay_start": ("Before the first deal.", "Avant la première donne."),
    "replay_step": ("Step {step} of {steps}", "Étape {step} sur {steps}"),
    "replay_keys": (
        "←→ move · ↑↓ trick · PgUp/PgDn deal · Home/End · s scores · q quit",
        "←→ coup · ↑↓ pli · PgPréc/PgSuiv donne · Début/Fin · s scores · q quitter",
    ),
    "played_mark": ("played", "joué"),
    "hands_dealt": ("Cards dealt", "Cartes données"),
    "record_title": (
        "A game of {deals} for {players} players{hook}.",
        "Une partie de {deals} à {players} joueurs{hook}.",
    ),
    "in_progress": ("The game was not finished.", "La partie n'était pas finie."),
}


#: noun → ((English singular, plural), (French singular, plural)).
NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "card": (("card", "cards"), ("carte", "cartes")),
    "point": (("point", "points"), ("point", "points")),
    "deal": (("deal", "deals"), ("donne", "donnes")),
}


def count(lang: Language, n: int, noun: str) -> str:
    """``n`` and the noun, singular or plural as the language wants.

    >>> count("en", 0, "point"), count("fr", 0, "point"), count("fr", -3, "point")
    ('0 points', '0 point', '-3 points')
    """
    singular, plural = NOUNS[noun][1 if lang == "fr" else 0]
    one = abs(n) <= 1 if lang == "fr" else abs(n) == 1
    return f"{n} {singular if one else plural}"


def tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang``, its ``{fields}`` filled."""
    text = MESSAGES[key][1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text
