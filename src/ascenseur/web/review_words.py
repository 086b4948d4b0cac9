"""The page's words for game reviews (issue 59), English and French: the review screen and
the server's refusals of a review (:mod:`ascenseur.web.reviews`). The review's own sentences
(the game, each decision, why the best was better) are the terminal's, from
:mod:`ascenseur.text.review`, computed by the server."""

from __future__ import annotations

#: key → (English, French), merged into the page's catalogue (:mod:`ascenseur.web.words`).
REVIEW_MESSAGES: dict[str, tuple[str, str]] = {
    # refusals (the codes of ascenseur.web.reviews)
    "review_bad_budget": (
        "There is no review budget {name} here: {known}.",
        "Il n'y a pas ici de budget de revue {name} : {known}.",
    ),
    "review_running": (
        "The review of your seat at another budget is still running: wait for it to finish.",
        "La revue de votre place à un autre budget est encore en cours : attendez qu'elle finisse.",
    ),
    "review_busy": (
        "The server is reviewing many games: ask again in a few minutes.",
        "Le serveur passe en revue beaucoup de parties : redemandez dans quelques minutes.",
    ),
    "review_limit": (
        "{count} reviews asked from your address are still running: wait for one to finish.",
        "{count} revues demandées depuis votre adresse sont encore en cours : attendez que "
        "l'une finisse.",
    ),
    "review_bad_request": (
        'A review is asked for with {"token": …}, and "budget" if you like.',
        'Une revue se demande avec {"token": …}, et "budget" si vous voulez.',
    ),
    "web_review_failed": (
        "The review could not be computed ({detail}); ask again.",
        "La revue n'a pas pu être faite ({detail}) ; redemandez-la.",
    ),
    # the review screen
    "web_review_button": ("Review my game", "Revue de ma partie"),
    "web_review_heading": ("Review of {name}'s game", "Revue de la partie de {name}"),
    "web_review_intro": (
        "The expert goes through each of your bids and cards, from what you could see at the "
        "time, and says what each cost in expected points.",
        "L'expert reprend chacune de vos annonces et de vos cartes, depuis ce que vous voyiez "
        "alors, et dit ce que chacune a coûté en points espérés.",
    ),
    "web_review_progress": ("Progress of the review", "Avancement de la revue"),
    "web_review_working": (
        "The expert is reviewing your game…",
        "L'expert passe votre partie en revue…",
    ),
    "web_review_queued": (
        "Waiting for its turn: {ahead} ahead of it.",
        "En attente de son tour : {ahead} avant elle.",
    ),
    "web_review_done_of": (
        "{done} of {total} decisions weighed ({percent}%).",
        "{done} décisions pesées sur {total} ({percent} %).",
    ),
    "web_review_left": ("About {seconds} s left.", "Encore {seconds} s environ."),
    "web_review_retry": ("Ask again", "Redemander"),
    "web_review_chart": ("How the game went", "Le fil de la partie"),
    "web_review_chart_lost": (
        "Expected points lost, added up deal by deal",
        "Points espérés perdus, cumulés donne après donne",
    ),
    "web_review_chart_score": (
        "Your score against the score your decisions were worth",
        "Votre score face au score que valaient vos décisions",
    ),
    "web_review_lost": ("Points lost", "Points perdus"),
    "web_review_score": ("Score", "Score"),
    "web_review_expected": ("Expected score", "Score espéré"),
    "web_review_deal": ("Deal", "Donne"),
    "web_review_after_deal": ("after deal {deal}", "après la donne {deal}"),
    "web_review_figures": ("The figures, deal by deal", "Les chiffres, donne par donne"),
    "web_review_costly": ("Costly moments", "Moments coûteux"),
    "web_review_costly_help": (
        "Choose one to see it in the replay, with the options the expert weighed.",
        "Choisissez-en un pour le voir dans la partie rejouée, avec les choix que l'expert a "
        "pesés.",
    ),
    "web_review_rank": ("costliest no. {rank}", "la plus coûteuse n° {rank}"),
    "web_review_none": (
        "No decision lost points: well played.",
        "Aucune décision n'a coûté de points : bien joué.",
    ),
    "web_review_replay": ("Your game, move by move", "Votre partie, coup par coup"),
    "web_review_options": ("What the expert weighed", "Ce que l'expert a pesé"),
    "web_review_option": ("Choice", "Choix"),
    "web_review_points": ("Expected points", "Points espérés"),
    "web_review_exact": ("Bid made", "Annonce réussie"),
    "web_review_verdict": ("Verdict", "Verdict"),
    "web_review_yours": ("your choice", "votre choix"),
    "web_review_forced": (
        "Your only legal choice: nothing to weigh.",
        "Votre seul choix permis : rien à peser.",
    ),
    "web_review_not_yours": (
        "Not your decision here. Step to one of yours, or to a costly moment above.",
        "Ce n'est pas à vous de décider ici. Allez à l'une de vos décisions, ou à un moment "
        "coûteux plus haut.",
    ),
    "web_review_prev": ("Previous costly moment", "Moment coûteux précédent"),
    "web_review_next": ("Next costly moment", "Moment coûteux suivant"),
    "web_review_keys": (
        "Keys: [ and ] the previous and next costly moment, and those of the replay.",
        "Touches : [ et ] le moment coûteux précédent et suivant, et celles de la partie rejouée.",
    ),
}

__all__ = ["REVIEW_MESSAGES"]
