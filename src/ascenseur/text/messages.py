"""The message catalogue: every string the terminal and browser interfaces show, in English
and French.

>>> tr("fr", "bids", name="Ada", value=2)
'Ada annonce 2.'
>>> tr("en", "bids", name="Ada", value=2)
'Ada bids 2.'
"""

from __future__ import annotations

import re

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
    "last_trick_of": ("Last trick of deal {number}", "Dernier pli de la donne {number}"),
    "last_trick_line": (
        "{title}: {cards} — {name} took it.",
        "{title} : {cards} — pris par {name}.",
    ),
    "winning": ("winning", "maître"),
    "still_needed": ("needs {count} more", "il lui en faut encore {count}"),
    "on_bid": ("on its bid so far", "juste pour l'instant"),
    "too_many": ("{count} over its bid", "{count} de trop"),
    "bids_sum": (
        "Bids add up to {total} for {cards}: {balance}.",
        "Les annonces font {total} pour {cards} : {balance}.",
    ),
    "over_bid": ("{count} more than the tricks there are", "{count} de plus que de plis"),
    "under_bid": ("{count} fewer than the tricks there are", "{count} de moins que de plis"),
    "even_bid": ("as many as the tricks", "autant que de plis"),
    "no_last_trick": ("No trick finished yet in this deal.", "Aucun pli fini dans cette donne."),
    "takes": ("takes it", "le remporte"),
    "your_hand": ("Your hand", "Votre main"),
    "knight_note": ("N = knight, between jack and queen", "C = cavalier, entre valet et dame"),
    "trumps": ("Trumps", "Atouts"),
    # whose turn
    "your_bid": ("Your turn: bid from 0 to {k}.", "À vous : annoncez de 0 à {k}."),
    "your_bid_of": ("Your turn: bid {choices}.", "À vous : annoncez {choices}."),
    "or": ("or", "ou"),
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
        "you may not lead a trump or the Excuse while you hold a suit card (you hold {held})",
        "vous ne pouvez entamer d'un atout ni de l'Excuse tant que vous avez une carte de "
        "couleur (vous avez {held})",
    ),
    "must-follow": (
        "you must follow {suit} (you hold {held})",
        "vous devez fournir {suit} (vous avez {held})",
    ),
    "must-overtrump": (
        "you must overtrump trump {high} (you hold {held})",
        "vous devez monter sur l'atout {high} (vous avez {held})",
    ),
    "must-trump": (
        "you have no {suit} and must trump (you hold {held})",
        "vous n'avez pas de {suit} et devez couper (vous avez {held})",
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
    # closed fists (H4) and blind one-card deals (H5)
    "has_bid": ("{name} has bid.", "{name} a annoncé."),
    "bids_shown": ("All bids are in: {bids}.", "Toutes les annonces sont faites : {bids}."),
    "bids_hidden": (
        "Bids with closed fists: shown together once the last is in. Bid so far: {names}.",
        "Annonces à poings fermés, montrées ensemble après la dernière. Ont annoncé : {names}.",
    ),
    "has_bid_mark": ("✓", "✓"),
    "my_card": ("my card", "ma carte"),
    "blind_hand": (
        "Your card is on your forehead: you do not see it. You see {cards}.",
        "Votre carte est sur votre front : vous ne la voyez pas. Vous voyez {cards}.",
    ),
    "blind_hand_alone": (
        "Your card is on your forehead: you do not see it.",
        "Votre carte est sur votre front : vous ne la voyez pas.",
    ),
    "blind_play": (
        'Your turn: play your card without seeing it — Enter or m, "my card".',
        "À vous : jouez votre carte sans la voir — Entrée ou m, « ma carte ».",
    ),
    "blind_prompt": (
        'Your card? Type "my card" (or 1): ',
        "Votre carte ? Tapez « ma carte » (ou 1) : ",
    ),
    "blind_refused": (
        'This one-card deal is played blind: you do not see your card; play it as "my card".',
        "Cette donne d'une carte se joue à l'indienne : vous ne voyez pas votre carte ; jouez "
        "« ma carte ».",
    ),
    "not_blind": (
        '"My card" is for blind one-card deals: name the card to play.',
        "« Ma carte » est pour les donnes d'une carte à l'indienne : nommez la carte à jouer.",
    ),
    "took_trick": (
        "{name} takes trick {number}: {cards}.",
        "{name} remporte le pli {number} : {cards}.",
    ),
    "deal_scored": ("Deal {number} is over.", "La donne {number} est finie."),
    "bids_missed": ("Bid missed by {names}.", "Annonce manquée par {names}."),
    "bids_all_made": ("Every bid made.", "Toutes les annonces réussies."),
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
        "Each cell: bid/taken, points of the deal (running total).",
        "Chaque case : annonce/faits, points de la donne (total cumulé).",
    ),
    "bid_taken": ("Bid/taken", "Ann./faits"),
    "needed": ("Needs", "Manque"),
    "points_col": ("Points", "Points"),
    # hints
    "hint_best_bid": (
        "Bid {value} — expected {points} points; {why}.",
        "Annoncez {value} — {points} points espérés ; {why}.",
    ),
    "hint_best_card": (
        "Play {card} — expected {points} points; {why}.",
        "Jouez {card} — {points} points espérés ; {why}.",
    ),
    # why a choice is worth what it is (text/advice.py: the hints and the review alike)
    "why_bid": (
        "you take exactly {tricks} in {chance} of the deals I tried{spread}",
        "vous faites exactement {tricks} dans {chance} des donnes essayées{spread}",
    ),
    "why_card": (
        "keeps your bid of {bid} alive in {chance} of the deals I tried",
        "garde votre annonce de {bid} en vie dans {chance} des donnes essayées",
    ),
    "why_against": (", against {chance} for {card}", ", contre {chance} pour {card}"),
    "why_over": (
        " — with {card} you take more than {tricks} in {chance}",
        " — avec {card}, vous faites plus de {tricks} dans {chance}",
    ),
    "why_under": (
        " — with {card} you take fewer than {tricks} in {chance}",
        " — avec {card}, vous faites moins de {tricks} dans {chance}",
    ),
    "why_reason": ("{action}: {why}", "{action} : {why}"),
    "why_bid_name": ("bid {value}", "annonce {value}"),
    # the game review (text/review.py)
    "review_title": (
        "Review of {who} — {players} players, {deals}.",
        "Revue de {who} — {players} joueurs, {deals}.",
    ),
    "review_seat": ("seat {seat}", "la place {seat}"),
    "review_seat_named": ("seat {seat} ({name})", "la place {seat} ({name})"),
    "review_record": ("Record {digest} · seed {seed}", "Partie {digest} · graine {seed}"),
    "review_budget": (
        "Budget {name}: {cards} play-outs a card, {bids} a bid.",
        "Budget {name} : {cards} donnes simulées par carte, {bids} par annonce.",
    ),
    "review_budget_number": (
        "Budget: {cards} play-outs a card, {bids} a bid.",
        "Budget : {cards} donnes simulées par carte, {bids} par annonce.",
    ),
    "review_labels": (
        "Labels by expected points lost: best ≤ {best}, good ≤ {good}, inaccuracy ≤ "
        "{inaccuracy}, mistake ≤ {mistake}, blunder above.",
        "Étiquettes selon les points espérés perdus : meilleur ≤ {best}, bon ≤ {good}, "
        "imprécision ≤ {inaccuracy}, erreur ≤ {mistake}, gaffe au-delà.",
    ),
    "review_lost": (
        "Expected points lost: {lost}. Best choice {best} times of {weighed} weighed ({share}).",
        "Points espérés perdus : {lost}. Meilleur choix {best} fois sur {weighed} évalués "
        "({share}).",
    ),
    "review_no_choice": (
        "No decision to weigh: every one was forced.",
        "Aucune décision à évaluer : toutes étaient forcées.",
    ),
    "review_luck": (
        "Score {score}; expected from the decisions made {expected}; luck {luck}.",
        "Score {score} ; attendu des décisions prises {expected} ; chance {luck}.",
    ),
    "review_costliest": ("Costliest decisions", "Décisions les plus coûteuses"),
    "review_none_lost": ("No decision lost points.", "Aucune décision n'a coûté de points."),
    "review_where_bid": ("Deal {deal}, bid", "Donne {deal}, annonce"),
    "review_where_card": ("Deal {deal}, trick {trick}", "Donne {deal}, pli {trick}"),
    "review_moment": (
        "{where}: {chosen}, best {best} — {label}, {lost} points lost.",
        "{where} : {chosen}, meilleur {best} — {label}, {lost} points perdus.",
    ),
    "review_deals": ("Deal by deal", "Donne par donne"),
    "review_columns": (
        "Deal|Cards|Bid|Took|Score|Expected|Luck|Lost|Best",
        "Donne|Cartes|Ann.|Faits|Score|Attendu|Chance|Perdu|Meill.",
    ),
    "review_lossy": ("Decisions that lost points", "Décisions qui ont coûté des points"),
    "review_deal_head": (
        "Deal {deal} ({cards}): bid {bid}, took {tricks}, {score} points.",
        "Donne {deal} ({cards}) : annonce {bid}, fait {tricks}, {score} points.",
    ),
    "review_options": ("Options: {options}.", "Choix : {options}."),
    "label_forced": ("forced", "forcé"),
    "label_best": ("best", "meilleur"),
    "label_good": ("good", "bon"),
    "label_inaccuracy": ("inaccuracy", "imprécision"),
    "label_mistake": ("mistake", "erreur"),
    "label_blunder": ("blunder", "gaffe"),
    # the game review on the full screen (tui/review_app.py)
    "review_of": ("Review {of}", "Revue {of}"),
    "review_of_game": (
        "Review {of} — {players} players, {deals}.",
        "Revue {of} — {players} joueurs, {deals}.",
    ),
    "review_wait": (
        "The expert goes over each bid and card {of}, from what that seat could see at "
        "the time and nothing else, and weighs every option it had.",
        "L'expert reprend chaque annonce et chaque carte {of}, avec ce que cette place "
        "voyait alors et rien d'autre, et évalue chacun de ses choix possibles.",
    ),
    "review_progress": (
        "{done} of {total} decisions weighed",
        "{done} décisions évaluées sur {total}",
    ),
    "review_left": (" · about {time} left", " · encore {time} environ"),
    "review_elapsed": (" · {time} so far", " · {time} jusqu'ici"),
    "review_stopping": ("Stopping…", "Arrêt…"),
    "review_failed": (
        "The review could not be made: {why}",
        "La revue n'a pu être faite : {why}",
    ),
    "review_keys_wait": ("Esc stop", "Échap arrêter"),
    "review_keys_failed": ("Esc back", "Échap retour"),
    "review_meaning": (
        "Points: each choice's expected score this deal, from what the seat saw then.",
        "Points : score espéré de chaque choix, d'après ce que la place voyait alors.",
    ),
    "review_costly_keys": (
        "Costliest decisions — press 1, 2 or 3 to see one",
        "Décisions les plus coûteuses — 1, 2 ou 3 pour en voir une",
    ),
    "review_panel_bid": ("Deal {deal} · bid", "Donne {deal} · annonce"),
    "review_panel_card": ("Deal {deal} · trick {trick}", "Donne {deal} · pli {trick}"),
    "review_panel_deal": ("Deal {deal}", "Donne {deal}"),
    "review_lost_label": ("{label}: {lost} points lost", "{label} : {lost} points perdus"),
    "review_chose": (
        "{who} chose {chosen}; the best was {best}.",
        "{who} a choisi {chosen} ; le meilleur choix était {best}.",
    ),
    "review_chose_best": (
        "{who} chose {chosen}: the best.",
        "{who} a choisi {chosen} : le meilleur choix.",
    ),
    "review_forced": (
        "{who} had one choice only: {chosen}. Nothing to weigh.",
        "{who} n'avait qu'un choix : {chosen}. Rien à évaluer.",
    ),
    "review_option_heads": (
        "Choice|Points|Exact|Tricks taken: chance of each",
        "Choix|Points|Juste|Plis faits : chance de chacun",
    ),
    "review_option_heads_card": (
        "Card|Points|Bid made|Tricks at the end: chance of each",
        "Carte|Points|Réussie|Plis à la fin : chance de chacun",
    ),
    "review_chosen_mark": ("◀ chosen", "◀ choisi"),
    "review_also": ("Also: {options}.", "Aussi : {options}."),
    "review_deal_more": (
        "Expected from the decisions made {expected}; luck {luck}; {lost} points lost.",
        "Attendu des décisions prises {expected} ; chance {luck} ; {lost} points perdus.",
    ),
    "review_no_decision": (
        "No decision {of} at this step: n goes to the next one, p to the previous one.",
        "Pas de décision {of} à cette étape : n va à la suivante, p à la précédente.",
    ),
    "review_keys_summary": (
        "1-3 a costly decision · ⏎ step through the game · ↑↓ scroll",
        "1-3 une décision coûteuse · ⏎ parcourir la partie · ↑↓ défiler",
    ),
    "review_keys": (
        "←→ step · n/p decisions · 1-3 costliest · Tab summary · a hands",
        "←→ coup · n/p décisions · 1-3 coûteuses · Tab bilan · a mains",
    ),
    "review_keys_wide": (
        "←→ step · ↑↓ trick · PgUp/PgDn deal · n/p decisions · 1-3 costliest · Tab summary "
        "· a all hands · s scores",
        "←→ coup · ↑↓ pli · PgPréc/PgSuiv donne · n/p décisions · 1-3 coûteuses · Tab bilan "
        "· a toutes les mains · s scores",
    ),
    "review_back": ("q back", "q retour"),
    "review_quit": ("q quit", "q quitter"),
    "review_hidden": ("hidden", "cachée"),
    "review_offer": (
        "Press r: the expert goes over your bids and cards, and shows what each cost.",
        "Touche r : l'expert reprend vos annonces et vos cartes, et ce que chacune a coûté.",
    ),
    # the game review in plain mode
    "review_plain_start": (
        "Reviewing your game: {total} decisions to weigh…",
        "Revue de votre partie : {total} décisions à évaluer…",
    ),
    "review_plain_progress": (
        "{share} done{left}.",
        "{share} faits{left}.",
    ),
    # the browser's hint lines (it formats the points itself)
    "hint_bid": ("bid {value}: {points:+.1f}", "annonce {value} : {points:+.1f}"),
    "hint_card": ("{card}: {points:+.1f}", "{card} : {points:+.1f}"),
    # the terminal's
    "hint_other_bid": (
        "bid {value}: {points} ({chance} exact)",
        "{value} : {points} ({chance} juste)",
    ),
    "hint_other_card": ("{card}: {points} ({chance} made)", "{card} : {points} ({chance} réussie)"),
    "hint_others": ("Other choices: {choices}.", "Autres choix : {choices}."),
    "thinking_hints": ("Computing hints…", "Calcul des conseils…"),
    "cold_cache": (
        "First use of the expert on this machine: its search is being compiled (once, about "
        "20 s; the install step of `make` does it ahead)…",
        "Première utilisation de l'expert sur cette machine : sa recherche se compile (une "
        "fois, 20 s environ ; l'installation par `make` le fait d'avance)…",
    ),
    "no_hint": ("Hints are for your turn.", "Les conseils sont pour votre tour."),
    # pace and keys
    "pace": ("Pace: {seconds} s per card.", "Rythme : {seconds} s par carte."),
    "keys_play": (
        "←→↑↓⏎ play · : type · h hint · l last · g log · s scores · ? help · q quit",
        "←→↑↓⏎ jouer · : taper · h conseil · l dernier · g journal · s scores · ? aide · q fin",
    ),
    "keys_bid": (
        "←→ 0-9 ⏎ bid · h hint · g log · s scores · ? help · +/- pace · q quit",
        "←→ 0-9 ⏎ annoncer · h conseil · g journal · s scores · ? aide · +/- rythme · q fin",
    ),
    "keys_wait": (
        "space go on · l last trick · g log · s scores · ? help · +/- pace · q quit",
        "espace continuer · l dernier · g journal · s scores · ? aide · +/- rythme · q fin",
    ),
    "keys_over": (
        "r review · n play again · e write the record · s scores · q quit",
        "r revue · n rejouer · e écrire la partie · s scores · q fin",
    ),
    "press_on": ("Press space to go on.", "Espace pour continuer."),
    "help_title": ("How to play", "Comment jouer"),
    "help_keys": ("Keys", "Touches"),
    "help_cards": ("Typing a card", "Taper une carte"),
    "log_title": ("This deal so far", "La donne jusqu'ici"),
    "log_empty": ("Nothing yet in this deal.", "Rien encore dans cette donne."),
    "type_card": (
        "Type a card ({cards}), then Enter; Escape to cancel.",
        "Tapez une carte ({cards}), puis Entrée ; Échap pour annuler.",
    ),
    "forced_played": (
        "Only one card could be played: {card}, played for you.",
        "Une seule carte était jouable : {card}, jouée pour vous.",
    ),
    "keys_close": (
        "Escape or s: close · ←→↑↓ PgUp/PgDn scroll · Home/End first/last",
        "Échap ou s : fermer · ←→↑↓ PgPréc/PgSuiv défiler · Début/Fin premier/dernier",
    ),
    "help_close": ("Escape or ?: close · ↑↓ scroll", "Échap ou « ? » : fermer · ↑↓ défiler"),
    # saving
    "saved_in": ("The game is saved in {path}.", "La partie est enregistrée dans {path}."),
    "resume_with": ("Go on with it: {command}", "Pour la reprendre : {command}"),
    "export_failed": (
        "The record could not be written: {why}",
        "La partie n'a pu être écrite : {why}",
    ),
    "exported": (
        "The game's record is in {path}: ascenseur check, replay and play --resume read it.",
        "La partie est écrite dans {path} : ascenseur check, replay et play --resume la lisent.",
    ),
    "resumed": ("Resumed the game saved in {path}.", "Reprise de la partie de {path}."),
    "bot_replaced": (
        "Bot {wanted} is unknown here: {used} plays seat {seat} instead.",
        "Le robot {wanted} est inconnu ici : {used} joue la place {seat}.",
    ),
    # the bots, as people call them
    "bot_label_random": ("beginner, plays at random", "débutant, joue au hasard"),
    "bot_label_heuristic": ("club player", "joueur de club"),
    "bot_label_expert": ("expert", "expert"),
    "bot_label_expert-pure": (
        "expert (slow reference version)",
        "expert (version de référence, lente)",
    ),
    "bot_label_openspiel-ismcts": ("OpenSpiel's ISMCTS search", "recherche ISMCTS d'OpenSpiel"),
    # the same in a word, for the table's narrow name column
    "bot_short_random": ("beginner", "débutant"),
    "bot_short_heuristic": ("club", "club"),
    "bot_short_expert": ("expert", "expert"),
    "bot_short_expert-pure": ("expert", "expert"),
    "bot_short_openspiel-ismcts": ("ISMCTS", "ISMCTS"),
    # plain mode
    "intro": (
        "{players} players, hands of {schedule} ({deals}){hook}. You are {name}.",
        "{players} joueurs, mains de {schedule} ({deals}){hook}. Vous êtes {name}.",
    ),
    "intro_hook": (", with the hook", ", avec le crochet"),
    "help_hint": ("Type ? at a prompt for help.", "Tapez « ? » à l'invite pour l'aide."),
    "plain_help": (
        "Bid with a number. Play with the card's number in your hand ([1], [2]…) or {cards}. "
        "Also: h hint, t table, l last trick, s scores, r rules, q quit (the game stays saved).",
        "Annoncez par un nombre. Jouez par le numéro de la carte dans votre main ([1], [2]…) "
        "ou {cards}. Aussi : h conseil, t table, l dernier pli, s scores, r règles, q quitter "
        "(la partie reste enregistrée).",
    ),
    "resumed_at": (
        "Going on with deal {number} of {count} ({cards} each).",
        "Reprise à la donne {number} sur {count} ({cards} chacun).",
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
        "'{text}' is not a bid: type {choices}.",
        "« {text} » n'est pas une annonce : tapez {choices}.",
    ),
    "bad_card": (
        "'{text}' is not a card of your hand: type its number (1 to {count}) or the card "
        "(for example 10♥, 10h, Nd, trump 21, Excuse; ? for more).",
        "« {text} » n'est pas une carte de votre main : tapez son numéro (1 à {count}) ou la "
        "carte (par exemple 10♥, 10c, Ck, atout 21, Excuse ; ? pour plus).",
    ),
    "not_held": ("You do not hold {card}.", "Vous n'avez pas {card}."),
    "the_excuse": ("the Excuse", "l'Excuse"),
    "end_of_input": (
        "End of input: the game stops here, unfinished.",
        "Fin de l'entrée : la partie s'arrête ici, inachevée.",
    ),
    "interrupted": ("Interrupted.", "Interrompu."),
    "rematch_prompt": (
        "Play again with the same settings (y/n; r: review your game; e: write the game's "
        "record)? ",
        "Rejouer avec les mêmes réglages (o/n ; r : revue de votre partie ; e : écrire la "
        "partie dans un fichier) ? ",
    ),
    # replay
    "replay_start": ("Before the first deal.", "Avant la première donne."),
    "replay_step": ("Step {step} of {steps}", "Étape {step} sur {steps}"),
    "replay_keys": (
        "←→ move · ↑↓ trick · PgUp/PgDn deal · Home/End · s scores · q quit",
        "←→ coup · ↑↓ pli · PgPréc/PgSuiv donne · Début/Fin · s scores · q quitter",
    ),
    "played_mark": ("played", "joué"),
    "hands_dealt": ("Cards dealt", "Cartes données"),
    "replay_dealt": (
        "The cards are dealt: {cards} each.",
        "Les cartes sont données : {cards} chacun.",
    ),
    "hand_of": ("{name}: {cards}", "{name} : {cards}"),
    "trick_of": ("{title}: {cards}", "{title} : {cards}"),
    "record_title": (
        "A game of {deals} for {players} players{hook}.",
        "Une partie de {deals} à {players} joueurs{hook}.",
    ),
    "in_progress": ("The game was not finished.", "La partie n'était pas finie."),
}


#: French typography: a narrow no-break space before ``: ; ? !`` (and none breakable).
NARROW_NBSP = "\u202f"
_FRENCH_SPACED = re.compile(r"(?<=[\w)\]}…'])[ \u00a0]([:;?!»])")
_FRENCH_OPENING = re.compile(r"«[ \u00a0]")


def french_typography(text: str) -> str:
    """``text`` with a narrow no-break space before ``: ; ? ! »`` and after ``«`` as French
    print wants: a line is never broken between a word and its colon or its quotes.

    Only after a word (or a closing bracket): a key name such as ``· ? aide`` stays as is.

    >>> french_typography("Donne 2 : fini ?") == "Donne 2\u202f: fini\u202f?"
    True
    """
    return _FRENCH_OPENING.sub("«" + NARROW_NBSP, _FRENCH_SPACED.sub(NARROW_NBSP + r"\1", text))


MESSAGES = {key: (en, french_typography(fr)) for key, (en, fr) in MESSAGES.items()}


#: noun → ((English singular, plural), (French singular, plural)).
NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "card": (("card", "cards"), ("carte", "cartes")),
    "point": (("point", "points"), ("point", "points")),
    "deal": (("deal", "deals"), ("donne", "donnes")),
    "trick": (("trick", "tricks"), ("pli", "plis")),
    "decision": (("decision", "decisions"), ("décision", "décisions")),
    "trick_made": (("trick taken", "tricks taken"), ("pli fait", "plis faits")),
}


def count(lang: Language, n: int, noun: str) -> str:
    """``n`` and the noun, singular or plural as the language wants.

    >>> count("en", 0, "point"), count("fr", 0, "point"), count("fr", -3, "point")
    ('0 points', '0 point', '-3 points')
    """
    singular, plural = NOUNS[noun][1 if lang == "fr" else 0]
    one = abs(n) <= 1 if lang == "fr" else abs(n) == 1
    return f"{n} {singular if one else plural}"


def decimal(lang: Language, value: float, places: int = 1, *, sign: bool = False) -> str:
    """A number for people: ``+4.8`` in English, ``+4,8`` in French (decimal comma).

    >>> decimal("en", 4.84, sign=True), decimal("fr", 0.6), decimal("fr", -1.25, 2)
    ('+4.8', '0,6', '-1,25')
    """
    text = f"{value:{'+' if sign else ''}.{places}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(lang: Language, share: float) -> str:
    """A share as a whole percentage: ``61%`` in English, ``61\u202f%`` in French."""
    value = round(100 * share)
    return f"{value}{NARROW_NBSP}%" if lang == "fr" else f"{value}%"


def tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang``, its ``{fields}`` filled."""
    text = MESSAGES[key][1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text
