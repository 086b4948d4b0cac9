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
from ascenseur.core.rules import Rules
from ascenseur.text.messages import MESSAGES, NOUNS, count
from ascenseur.text.rules import TABLE_NAMES
from ascenseur.web.review_words import REVIEW_MESSAGES

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
    "your_bid_hooked": (
        "Your turn: bid {choices} ({value} is ruled out by the hook).",
        "À vous : annoncez {choices} ({value} est exclu par le crochet).",
    ),
    "animations": ("Animations", "Animations"),
    "close": ("Close", "Fermer"),
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
    # A spectator's keys: only those that do something for one who holds no seat.
    "web_watch_keys": (
        "Keys: l last trick · s score sheet · a animations",
        "Touches : l dernier pli · s feuille de marque · a animations",
    ),
    "web_keys": (
        "Keys: ←→ choose a card · Enter play · digits bid (1 then 2: 12) · m my card "
        "(blind deal) · h hint · l last trick · s score sheet · a animations",
        "Touches : ←→ choisir une carte · Entrée jouer · chiffres annoncer (1 puis 2 : 12) · "
        "m ma carte (donne à l'indienne) · h conseil · l dernier pli · s feuille de marque · "
        "a animations",
    ),
    "bid_short": ("bid", "annonce"),
    "chart_title": ("Running totals, deal by deal", "Totaux cumulés, donne par donne"),
    "reconnecting": ("Connection lost: reconnecting…", "Connexion perdue : reconnexion…"),
    # tables with friends
    "seat_friend": ("Open for a friend", "Libre pour un ami"),
    "profile": ("Pace", "Rythme"),
    "profile_relaxed": ("Relaxed: no clock", "Détendu : sans pendule"),
    "profile_normal": (
        "Normal: 45 s a bid, 30 s a card",
        "Normal : 45 s par annonce, 30 s par carte",
    ),
    "profile_fast": ("Fast: 20 s a bid, 12 s a card", "Rapide : 20 s par annonce, 12 s par carte"),
    "spectators_allowed": ("Spectators may watch", "Des spectateurs peuvent regarder"),
    "in_lobby": ("Waiting for the players", "En attente des joueurs"),
    "invited": (
        "You are invited to a table of {players} (up to {cards} cards)",
        "Vous êtes invité à une table de {players} (jusqu'à {cards} cartes)",
    ),
    "seat_free": ("free", "libre"),
    "seat_robot": ("a bot", "un robot"),
    "already_started": (
        "The game has started: you can only watch.",
        "La partie a commencé : vous pouvez seulement regarder.",
    ),
    "table_full": ("Every seat is taken.", "Toutes les places sont prises."),
    "take_seat": ("Take a seat", "Prendre place"),
    "no_seat_here": (
        "This browser holds no seat at that table. Ask for an invitation link.",
        "Ce navigateur n'a pas de place à cette table. Demandez un lien d'invitation.",
    ),
    "lobby_title": ("The table is being set", "La table se prépare"),
    "invite_text": ("Invite your friends with this link:", "Invitez vos amis avec ce lien :"),
    "copy": ("Copy", "Copier"),
    "make_bot": ("Give to a bot", "Donner à un robot"),
    "make_open": ("Keep open", "Laisser libre"),
    "remove": ("Remove", "Retirer"),
    "move_to": ("Move to seat {seat}", "Déplacer à la place {seat}"),
    "start_now": ("Start: free seats become bots", "Commencer : les places libres vont aux robots"),
    "waiting_for_host": ("Waiting for the host to start.", "En attente du lancement par l'hôte."),
    "online": ("connected", "connecté"),
    "away": ("away", "absent"),
    "standin_mark": ("bot plays for now", "un robot joue pour l'instant"),
    "clock_yours": ("Your time: {seconds} s left", "Votre temps : reste {seconds} s"),
    "clock_of": ("{name}'s time: {seconds} s left", "Temps de {name} : reste {seconds} s"),
    "chat": ("Chat", "Discussion"),
    "chat_label": ("A message to the table", "Un message à la table"),
    "chat_send": ("Send", "Envoyer"),
    "reaction_well_played": ("Well played!", "Bien joué !"),
    "reaction_oops": ("Oops!", "Oups !"),
    "reaction_thanks": ("Thanks!", "Merci !"),
    "reaction_hurry": ("Your turn!", "À toi !"),
    "deal_result": ("Deal {number}: the result", "Donne {number} : le résultat"),
    "points": ("Points", "Points"),
    "next_deal_button": ("Next deal", "Donne suivante"),
    "waiting_for_others": ("Waiting for the others…", "En attente des autres…"),
    "deal_verified": (
        "Deal {number} was the one promised before play (commitment checked).",
        "La donne {number} était bien celle promise avant le jeu (engagement vérifié).",
    ),
    "deal_not_verified": (
        "Deal {number} does NOT match what the server promised!",
        "La donne {number} NE correspond PAS à ce que le serveur avait promis !",
    ),
    "transfer": ("To another device", "Vers un autre appareil"),
    "transfer_text": (
        "Open this link on your other device within {minutes} minutes; it works once, and this "
        "device then leaves the seat. Show it to no one.",
        "Ouvrez ce lien sur votre autre appareil d'ici {minutes} minutes ; il ne sert qu'une "
        "fois, et cet appareil quitte alors la place. Ne le montrez à personne.",
    ),
    "notice_seat_taken": ("Someone took a seat.", "Quelqu'un a pris place."),
    "notice_seat_freed": ("A seat is free again.", "Une place est de nouveau libre."),
    "notice_seat_moved": ("The host moved a player.", "L'hôte a déplacé un joueur."),
    "notice_seat_set": ("The host changed a seat.", "L'hôte a changé une place."),
    "notice_started": ("The game starts!", "La partie commence !"),
    "notice_stood_in": (
        "A bot plays for a player who is away.",
        "Un robot joue pour un joueur absent.",
    ),
    "notice_returned": ("A player is back at the table.", "Un joueur est de retour."),
    "notice_transferred": (
        "A player moved to another device.",
        "Un joueur est passé sur un autre appareil.",
    ),
    "notice_restarted": (
        "The server restarted: every clock was given the time it was away.",
        "Le serveur a redémarré : chaque pendule a reçu le temps de l'arrêt.",
    ),
    "notice_bot_failed": (
        "A bot could not decide; it tries again.",
        "Un robot n'a pas pu décider ; il réessaie.",
    ),
    "notice_storage_back": (
        "The table's storage is back: play on.",
        "Le stockage de la table est revenu : la partie reprend.",
    ),
    "bot_expert-pure": ("Expert, pure search", "Expert, recherche pure"),
    "bot_openspiel-ismcts": ("OpenSpiel search (IS-MCTS)", "Recherche OpenSpiel (IS-MCTS)"),
    "how_to_play": ("How to play", "Règles du jeu"),
    "score_pad": (
        "Score sheet for a game with real cards",
        "Feuille de marque d'une partie avec de vraies cartes",
    ),
    "bad_link": (
        "This link does not lead to a game: it may be mistyped or cut short.",
        "Ce lien ne mène à aucune partie : il est peut-être mal copié ou coupé.",
    ),
    # during play
    "web_bid_taken": ("bid / taken", "annonce / plis"),
    "need_more": ("needs {count}", "encore {count}"),
    "need_none": ("on target", "juste"),
    "need_over": ("{count} over", "{count} de trop"),
    "bid_sum": ("Bids: {sum} for {tricks}", "Annonces : {sum} pour {tricks}"),
    "options": ("Options", "Options"),
    "bid_sum_over": ("over by {count}", "{count} de trop"),
    "bid_sum_under": ("under by {count}", "{count} de moins"),
    "winning_mark": ("wins so far", "maître"),
    "led_mark": ("led", "entame"),
    "notify_turn": ("Tell me when it is my turn", "Me prévenir quand c'est mon tour"),
    "notify_text": ("Your turn at Tarot ascenseur", "À vous de jouer au Tarot ascenseur"),
    "auto_forced": ("Play a forced card by itself", "Jouer seul une carte forcée"),
    "rematch": ("Rematch, same settings", "Revanche, mêmes réglages"),
    "web_hint_best_bid": (
        "Bid {value} — expected {points} points",
        "Annoncez {value} — espérance {points} points",
    ),
    "web_hint_best_card": (
        "Play {card} — expected {points} points",
        "Jouez {card} — espérance {points} points",
    ),
    "hint_exact": (
        "you take exactly {value} tricks in {percent}% of the deals I tried",
        "vous faites exactement {value} plis dans {percent} % des donnes essayées",
    ),
    "hint_exact_card": (
        "you make your bid in {percent}% of the deals I tried",
        "vous réussissez votre annonce dans {percent} % des donnes essayées",
    ),
    "hint_because": ("{choice}; {reason}", "{choice} ; {reason}"),
    "web_hint_others": ("Others: {options}", "Autres : {options}"),
    # a table's rules (house rules, RULES.md §7): the create form and the rules in words
    "rules_legend": ("How this table plays", "Comment cette table joue"),
    "rules_preset": ("Rules", "Règles"),
    "preset_custom": ("Your own (set below)", "Les vôtres (réglées ci-dessous)"),
    "preset_ascenseur": ("Ascenseur, as the seed says", "Ascenseur, comme à l'origine"),
    "preset_hook": ("With the hook", "Avec le crochet"),
    "preset_closed-fists": (
        "Closed fists: bids hidden until all are in",
        "Poings fermés : annonces cachées jusqu'à la dernière",
    ),
    "preset_indian": (
        "Blind one-card deals (the card on the forehead)",
        "Donnes à une carte à l'indienne (la carte sur le front)",
    ),
    "schedule_label": ("Deals", "Donnes"),
    "shape_up-down": ("1 up to the most, then back to 1", "De 1 au maximum, puis retour à 1"),
    "shape_down-up": ("The most down to 1, then back up", "Du maximum à 1, puis remontée"),
    "shape_up": ("1 up to the most", "De 1 au maximum"),
    "shape_down": ("The most down to 1", "Du maximum à 1"),
    "shape_list": ("My own list of hand sizes", "Ma liste de tailles de main"),
    "schedule_list_label": (
        "Hand sizes, deal by deal (e.g. 5 5 5 5)",
        "Tailles de main, donne par donne (ex. 5 5 5 5)",
    ),
    "scoring_label": ("Points", "Points"),
    "scoring_own": ("My own numbers", "Mes propres nombres"),
    "scoring_numbers": ("The five numbers", "Les cinq nombres"),
    "scoring_exact_base": ("Exact bid: points", "Annonce exacte : points"),
    "scoring_exact_per_bid": (
        "Exact bid: more per trick bid",
        "Annonce exacte : en plus par pli annoncé",
    ),
    "scoring_miss_base": ("Missed bid: points lost", "Annonce chutée : points perdus"),
    "scoring_miss_per_trick": (
        "Missed bid: lost per trick of gap",
        "Annonce chutée : perdus par pli d'écart",
    ),
    "scoring_per_trick": ("Every trick taken: points", "Chaque pli fait : points"),
    "lead_restriction_label": (
        "Lead restriction: holding a suit card, lead one (no trump, no Excuse)",
        "Entame restreinte : avec une carte de couleur, entamez-en une (ni atout ni Excuse)",
    ),
    "simultaneous_label": (
        "Closed fists: bid without seeing the others' bids; all are shown together",
        "Poings fermés : annoncer sans voir les autres annonces ; toutes sont montrées ensemble",
    ),
    "hook_needs_turns": (
        "The hook needs bids made in turn: it is off with closed fists.",
        "Le crochet demande des annonces chacun son tour : il est retiré avec les poings fermés.",
    ),
    "blind_label": (
        "Blind one-card deals: see the others' card, not your own",
        "Donnes à une carte à l'indienne : voir la carte des autres, pas la sienne",
    ),
    "rules_summary": ("This table: {rules}", "Cette table : {rules}"),
    "rules_refused": ("The server refused these rules:", "Le serveur refuse ces règles :"),
    # the rules in words ("Deals 5…1…5 · tricks and ten (…) · bids with closed fists")
    "words_deals": ("Deals {deals}", "Donnes {deals}"),
    "words_scoring": ("{name} ({how})", "{name} ({how})"),
    # the scoring tables' names are the terminal's (one name for each table, H2)
    **{f"scoring_name_{key}": names for key, names in TABLE_NAMES.items()},
    "scoring_name_own": ("own points", "points maison"),
    "how_per_trick": ("{points} a trick", "{points} par pli"),
    "how_exact": ("{value} when exact", "{value} si exacte"),
    "how_exact_more": ("{value} more when exact", "{value} de plus si exacte"),
    "how_else": ("else {value}", "sinon {value}"),
    "how_lose": ("lose {base}", "−{base}"),
    "how_lose_gap": ("−{per} a trick of gap", "−{per} par pli d'écart"),
    "how_lose_base_gap": ("lose {base} + {per}the gap", "−{base} − {per}l'écart"),
    "how_nothing": ("nothing", "rien"),
    "words_bid": ("bid", "annonce"),
    "words_lead_free": ("any card may be led", "entame libre"),
    "words_closed_fists": ("bids with closed fists", "annonces à poings fermés"),
    "words_blind": ("one-card deals blind", "donnes à une carte à l'indienne"),
    "words_hook": ("the hook", "le crochet"),
    # closed fists and blind deals at the table
    "web_has_bid": ("has bid", "a annoncé"),
    "bids_in": (
        "Closed fists: {count} of {players} have bid; the bids are shown together.",
        "Poings fermés : {count} sur {players} ont annoncé ; les annonces seront montrées "
        "ensemble.",
    ),
    "bids_revealed": ("All the bids: {bids}.", "Toutes les annonces : {bids}."),
    "web_my_card": ("My card", "Ma carte"),
    "your_unseen_card": ("your card, unseen", "votre carte, sans la voir"),
    "my_card_label": ("My card, unseen: play it", "Ma carte, sans la voir : la jouer"),
    "blind_deal": (
        "A blind deal: you see the others' cards, not your own. Play yours with “My card”.",
        "Donne à l'indienne : vous voyez les cartes des autres, pas la vôtre. Jouez-la avec "
        "« Ma carte ».",
    ),
    "blind_deal_watch": (
        "A blind deal: each player sees the others' cards, not their own.",
        "Donne à l'indienne : chacun voit les cartes des autres, pas la sienne.",
    ),
    "your_blind_card": (
        "Your turn: play your card, unseen (“My card”).",
        "À vous : jouez votre carte sans la voir (« Ma carte »).",
    ),
    "seen_card": ("{name} holds {card}", "{name} tient {card}"),
    # the score sheet of a game with real cards
    "pad_intro": (
        "Playing with a real deck? Enter each deal's bids and tricks: the sheet follows the "
        "dealer, checks the hook and the tricks, and keeps the score. It stays in this browser.",
        "Vous jouez avec un vrai jeu ? Entrez les annonces et les plis de chaque donne : la "
        "feuille suit le donneur, vérifie le crochet et les plis, et tient les comptes. Elle "
        "reste dans ce navigateur.",
    ),
    "pad_names": (
        "Names, in order around the table (clockwise)",
        "Noms, dans l'ordre autour de la table (sens des aiguilles d'une montre)",
    ),
    "pad_first_dealer": ("First dealer", "Premier donneur"),
    "pad_draw": ("Draw at random", "Tirer au sort"),
    "pad_start": ("Start the sheet", "Commencer la feuille"),
    "pad_who_bids": ("{name} bids", "{name} annonce"),
    "pad_tricks": ("Tricks taken", "Plis faits"),
    "pad_tricks_sum": ("Tricks entered: {sum} of {cards}", "Plis entrés : {sum} sur {cards}"),
    "pad_save_tricks": ("Record the tricks", "Noter les plis"),
    "pad_undo": ("Undo the last entry", "Annuler la dernière saisie"),
    "pad_correct": ("Correct", "Corriger"),
    "pad_correct_title": ("Correct deal {number}", "Corriger la donne {number}"),
    "pad_save": ("Save", "Enregistrer"),
    "pad_cancel": ("Cancel", "Annuler"),
    "pad_export": ("Export the game", "Exporter la partie"),
    "pad_new": ("New sheet", "Nouvelle feuille"),
    "pad_new_confirm": (
        "Forget this sheet and start a new one?",
        "Oublier cette feuille et en commencer une autre ?",
    ),
    "pad_player": ("Player {seat}", "Joueur {seat}"),
    # the rules page
    "rules_title": ("How to play Tarot ascenseur", "Règles du Tarot ascenseur"),
    "rules_your_table": ("Your table's rules", "Les règles de votre table"),
    "rules_table_plays": ("Your table plays this", "Votre table joue ainsi"),
    "rules_table_deals": ("Its deals: {deals}.", "Ses donnes : {deals}."),
    "rules_table_points": ("Its points:", "Ses points :"),
    "rules_options_title": ("House rules (options)", "Règles maison (options)"),
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
        "Sit at a table first (a create, join, resume or claim message).",
        "Prenez d'abord place à une table (message create, join, resume ou claim).",
    ),
    "conflict": (
        "The table moved at the same moment: here it is as it stands; try again.",
        "La table a bougé au même instant : la voici telle qu'elle est ; recommencez.",
    ),
    "bad_seats": (
        "A table of {players} gives a level (or an open seat) for each of the other seats.",
        "Une table de {players} donne un niveau (ou une place libre) pour chaque autre place.",
    ),
    "too_many_tables": (
        "Too many tables opened from your address this hour: try again later.",
        "Trop de tables ouvertes depuis votre adresse cette heure-ci : réessayez plus tard.",
    ),
    "too_many_invites": (
        "Too many invitation codes tried from your address: wait a minute.",
        "Trop de codes d'invitation essayés depuis votre adresse : attendez une minute.",
    ),
    "no_invite": (
        "This invitation does not open any table: check the link.",
        "Cette invitation n'ouvre aucune table : vérifiez le lien.",
    ),
    "no_spectators": (
        "The host of this table does not allow spectators.",
        "L'hôte de cette table n'accepte pas de spectateurs.",
    ),
    "bad_token": (
        "This device holds no seat at that table (the seat may have moved or been reassigned).",
        "Cet appareil n'a pas de place à cette table (elle a pu être déplacée ou réattribuée).",
    ),
    "bad_transfer": (
        "This transfer link is used up or out of date: ask for a new one.",
        "Ce lien de transfert a servi ou a expiré : demandez-en un nouveau.",
    ),
    "moved": (
        "Your seat was taken to another device.",
        "Votre place est passée sur un autre appareil.",
    ),
    "removed": (
        "The host gave your seat to someone else.",
        "L'hôte a donné votre place à quelqu'un d'autre.",
    ),
    "chat_too_fast": (
        "You are writing too fast: wait a moment.",
        "Vous écrivez trop vite : attendez un instant.",
    ),
    "bad_host_action": (
        "That host action needs a seat (and a seat to move to).",
        "Cette action de l'hôte demande une place (et une place où aller).",
    ),
    "bad_list": (
        "The list of tables is not readable (at most {most} tables).",
        "La liste des tables est illisible ({most} tables au plus).",
    ),
    "err_table_full": ("Every seat at this table is taken.", "Toutes les places sont prises."),
    "err_seat_taken": ("That seat is not free.", "Cette place n'est pas libre."),
    "err_started": (
        "The game has started: the seats are set.",
        "La partie a commencé : les places sont fixées.",
    ),
    "err_not_host": (
        "Only the host may do that.",
        "Seul l'hôte peut faire cela.",
    ),
    "err_not_started": ("The game has not started.", "La partie n'a pas commencé."),
    "err_not_your_turn": ("It is not your turn.", "Ce n'est pas votre tour."),
    "err_bad_name": (
        "A name is 1 to 40 characters and may not start with 'bot:'.",
        "Un nom a de 1 à 40 caractères et ne commence pas par « bot: ».",
    ),
    "err_bad_chat": (
        "A chat line is 1 to 300 characters.",
        "Un message fait de 1 à 300 caractères.",
    ),
    "err_bad_seat": ("There is no such seat at this table.", "Cette place n'existe pas."),
    "err_no_person": ("No one sits on that seat.", "Personne n'est à cette place."),
    "err_bad_bot": ("There is no such bot.", "Ce robot n'existe pas."),
    "err_not_away": ("That player is here.", "Ce joueur est là."),
    "bad_adopt": (
        "This link to the terminal's games is used up or wrong: restart ascenseur serve for a "
        "new one.",
        "Ce lien vers les parties du terminal a servi ou est faux : relancez ascenseur serve "
        "pour en avoir un nouveau.",
    ),
    "adopted": (
        "Now in your games, from the terminal: {games}.",
        "Maintenant dans vos parties, depuis le terminal : {games}.",
    ),
    # The host's action, named as an action: "bot plays for now" is the badge of its result.
    "standin_now": ("Let a bot play for {name}", "Faire jouer un robot pour {name}"),
    "keep_bot": ("Give the seat to the bot for good", "Laisser la place au robot"),
    "more_settings": ("More settings", "Plus de réglages"),
    "standin_level": (
        "Bot that plays for someone away",
        "Robot qui joue pour un absent",
    ),
    "grace_seconds": (
        "Seconds before a bot plays for someone who left",
        "Secondes avant qu'un robot joue pour un absent",
    ),
    "summary_seconds": (
        "Seconds a deal's result stays (unless everyone moves on)",
        "Secondes pendant lesquelles le résultat d'une donne reste (sauf si tous passent)",
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
    "too_deep": (
        "The message is nested too deep to be read: {detail}.",
        "Le message est imbriqué trop profondément pour être lu : {detail}.",
    ),
    "storage_down": (
        "The table is waiting for its storage, which does not answer: nothing is lost, and "
        "the game goes on by itself when it is back.",
        "La table attend son stockage, qui ne répond pas : rien n'est perdu, et la partie "
        "reprend d'elle-même à son retour.",
    ),
    "too_many_lists": (
        "Too many lists of games asked from your address: wait a minute.",
        "Trop de listes de parties demandées depuis votre adresse : attendez une minute.",
    ),
    "cid_reused": (
        "This action's id (cid {cid}) was already used for another action: send a new one.",
        "L'identifiant de cette action (cid {cid}) a déjà servi pour une autre : envoyez-en "
        "un nouveau.",
    ),
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
    # game reviews (issue 59)
    **REVIEW_MESSAGES,
}


#: Nouns only the browser counts: noun → ((English singular, plural), (French …)).
WEB_NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "game": (("game", "games"), ("partie", "parties")),
}


def web_tr(lang: Language, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` from either catalogue, its ``{fields}`` filled."""
    entry = WEB_MESSAGES.get(key) or MESSAGES[key]
    text = entry[1 if lang == "fr" else 0]
    return text.format(**fields) if fields else text


#: French sentences for the score sheet's faults the page can make; others keep the core's.
_SHEET_ERRORS: dict[str, tuple[str, str]] = {
    "hook": (
        "With the hook, {dealer} (the dealer) may not bid {value}: the bids would add up to "
        "{cards}, the cards of the deal.",
        "Avec le crochet, {dealer} (le donneur) ne peut pas annoncer {value} : les annonces "
        "feraient {cards}, les cartes de la donne.",
    ),
    # "{in_hand}" is "1 card" or "3 cards": each card in hand makes one trick of the deal.
    "tricks-sum": (
        "The tricks add up to {sum}, not {cards}: with {in_hand} each, every card in hand makes "
        "one trick. Check them.",
        "Les plis font {sum} et non {cards} : avec {in_hand} chacun, chaque carte en main fait "
        "un pli. Vérifiez-les.",
    ),
    "tricks-out-of-range": (
        "A player takes no more tricks than the cards in hand: from 0 to {cards} with "
        "{in_hand} each.",
        "Un joueur ne fait pas plus de plis que de cartes en main : de 0 à {cards} avec "
        "{in_hand} chacun.",
    ),
    "bid-out-of-range": (
        "A bid is a number from 0 to {cards}, the cards in hand.",
        "Une annonce est un nombre de 0 à {cards}, les cartes en main.",
    ),
    "bad-seats": (
        "Each player needs a name (1 to 40 characters).",
        "Chaque joueur a besoin d'un nom (1 à 40 caractères).",
    ),
}


def sheet_error(lang: Language, error: dict[str, Any], sheet: object) -> str:
    """A score sheet's fault (:func:`ascenseur.core.scoresheet.evaluate`) as a sentence in
    ``lang``, with the names and numbers of the sheet it was found in."""
    template = _SHEET_ERRORS.get(error["code"])
    fields: dict[str, Any] = {}
    try:
        assert isinstance(sheet, dict)
        rules = Rules.from_json(sheet["rules"])
        deal = error["deal"]
        entry = sheet["deals"][deal] if deal is not None else {}
        seats = sheet.get("seats") or [f"{seat + 1}" for seat in range(rules.players)]
        dealer = (sheet["first_dealer"] + (deal or 0)) % rules.players
        tricks = entry.get("tricks") or []
        fields = {
            "cards": rules.schedule[deal or 0],
            "in_hand": count(lang, rules.schedule[deal or 0], "card"),
            "dealer": seats[dealer],
            "value": entry["bids"][error["seat"]] if error["seat"] is not None else None,
            "sum": sum(t for t in tricks if isinstance(t, int)),
        }
    except (AssertionError, KeyError, IndexError, TypeError, ValueError):
        template = None
    if template is None:
        return sentence(error["message"])
    return template[1 if lang == "fr" else 0].format(**fields)


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
        "nouns": {noun: forms[index] for noun, forms in (NOUNS | WEB_NOUNS).items()},
        "cards": {card.code: card.display(lang) for card in DECK},
    }
