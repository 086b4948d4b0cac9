"""The rules page ("How to play", ``#/rules``): the rules as the engine applies them.

Every example on the page is computed here by the core — the schedules by
:class:`~ascenseur.core.rules.Rules`, the points by :func:`~ascenseur.core.scoring.deal_score`
under each scoring table, the hook by the core's bidding, the lead rule (with and without the
lead restriction) and the Excuse by :func:`~ascenseur.core.tricks.legal_cards` and
:func:`~ascenseur.core.tricks.trick_winner` — so the page cannot say one thing while the game
does another. The house rules (RULES.md §7) each have a section; given a table's rule set, the
page says which of them the table plays, its deals, and its points.

>>> page = rules_page("en")
>>> [row["points"] for row in page["scoring"]][:3]
[3, 5, 7]
>>> page["hook"]["allowed"]
[0, 1, 3, 4, 5]
>>> [s["text"] for s in page["sections"] if s["key"] == "follow"][0].split("Example: ")[1]
'5♥, trump 7 played, you hold trump 4, trump 9, K♠: you must play trump 9.'
>>> [(t["name"], t["examples"][1]["points"]) for t in page["scoring_tables"]][:2]
[('ascenseur', 5), ('tricks-and-ten', 11)]
>>> [row["deals"] for row in page["shapes"]][1]
[5, 4, 3, 2, 1, 2, 3, 4, 5]
>>> table = rules_page("en", Rules.from_json({"players": 3, "max_cards": 2,
...     "schedule": "down-up", "scoring": {"exact_base": 10, "exact_per_bid": 0,
...     "miss_per_trick": 0, "per_trick": 1}, "bidding": "simultaneous"}))["table"]
>>> table["schedule"], table["uses"], table["scoring"][1]["points"]
([2, 1, 2], ['shapes', 'tables', 'closed_fists'], 11)
"""

from __future__ import annotations

from typing import Any

from ascenseur.core.cards import Card, Language
from ascenseur.core.rules import MAX_PLAYERS, SCORING_TABLES, SEED_SCORING, SHAPES, Rules, Scoring
from ascenseur.core.scoresheet import legal_bids
from ascenseur.core.scoring import deal_score
from ascenseur.core.tricks import legal_cards, trick_winner
from ascenseur.text.rules import TABLE_NAMES

#: (English, French) paragraphs of each section, by key; ``{…}`` fields filled from examples.
TEXT: dict[str, tuple[str, str]] = {
    "goal": (
        "Each deal, say how many tricks you will take — then take exactly that many. Only the "
        "number of tricks counts, never which cards are in them.",
        "À chaque donne, annoncez combien de plis vous ferez — puis faites-en exactement "
        "autant. Seul le nombre de plis compte, jamais les cartes qu'ils contiennent.",
    ),
    "cards": (
        "78 cards: four suits of 14 (1 to 10, Jack, Knight, Queen, King — the Knight is shown "
        "N in English, C in French), 21 trumps numbered 1 to 21, and the Excuse. Any trump "
        "beats any suit card; the Excuse never wins a trick.",
        "78 cartes : quatre couleurs de 14 (1 à 10, valet, cavalier, dame, roi), 21 atouts "
        "numérotés de 1 à 21, et l'Excuse. Tout atout bat toute carte de couleur ; l'Excuse "
        "ne gagne jamais un pli.",
    ),
    "schedule": (
        "The hands grow by one card a deal up to the most cards, then shrink back to one: "
        "1, 2, …, M, …, 2, 1. The deal passes to the left after each deal.",
        "Les mains grandissent d'une carte à chaque donne jusqu'au maximum, puis redescendent "
        "à une : 1, 2, …, M, …, 2, 1. La donne passe à gauche après chaque donne.",
    ),
    "bidding": (
        "The player on the dealer's left bids first, the dealer last; everyone sees the bids "
        "before theirs. A bid is 0 up to the cards in hand.",
        "Le joueur à gauche du donneur annonce le premier, le donneur le dernier ; chacun voit "
        "les annonces faites avant la sienne. Une annonce va de 0 au nombre de cartes en main.",
    ),
    "hook": (
        "With the hook, the dealer may not make the bids add up to the cards in hand: someone "
        "must miss. Example, {cards} cards each, the others bid {others}: the dealer may bid "
        "{allowed}, not {forbidden}.",
        "Avec le crochet, le donneur ne peut pas faire tomber les annonces juste sur le nombre "
        "de cartes : quelqu'un doit chuter. Exemple, {cards} cartes chacun, les autres "
        "annoncent {others} : le donneur peut annoncer {allowed}, pas {forbidden}.",
    ),
    "lead": (
        "The player on the dealer's left leads the first trick; whoever wins a trick leads the "
        "next. The ascenseur rule: holding any suit card, you must lead a suit card — no trump "
        "and no Excuse. Holding {hand} on lead, you may lead only {legal}. Holding {trumps}, "
        "any of them.",
        "Le joueur à gauche du donneur entame le premier pli ; qui gagne un pli entame le "
        "suivant. La règle de l'ascenseur : si vous avez une carte de couleur, vous devez "
        "entamer une couleur — ni atout ni Excuse. Avec {hand} à l'entame, vous ne pouvez "
        "jouer que {legal}. Avec {trumps}, n'importe laquelle.",
    ),
    "follow": (
        "Follow the suit led if you can. Otherwise you must trump, higher than the trumps "
        "already played if you can; with neither the suit nor a trump, play anything. When a "
        "trump is led, play a higher trump if you can. There are no partners. Example: "
        "{trick} played, you hold {hand}: you must play {legal}.",
        "Fournissez la couleur demandée si vous le pouvez. Sinon vous devez couper, plus haut "
        "que les atouts déjà joués si vous le pouvez ; sans la couleur ni atout, jouez "
        "n'importe quoi. Quand l'atout est demandé, montez si vous le pouvez. Il n'y a pas de "
        "partenaires. Exemple : {trick} joués, vous tenez {hand} : vous devez jouer {legal}.",
    ),
    "excuse": (
        "The Excuse may be played to any trick instead of following, and never wins it. When "
        "it is led, the next card sets the suit. Example: {trick} — {winner} wins.",
        "L'Excuse peut être jouée à tout pli au lieu de fournir, et ne le gagne jamais. Quand "
        "elle est entamée, la carte suivante fixe la couleur. Exemple : {trick} — {winner} "
        "gagne.",
    ),
    "scoring": (
        "Exactly your bid: {exact_base} + {exact_per_bid} × bid points. Otherwise you lose "
        "{miss_per_trick} point per trick too many or too few. The highest total at the end "
        "wins; equal totals share the win.",
        "Annonce exacte : {exact_base} + {exact_per_bid} × annonce points. Sinon vous perdez "
        "{miss_per_trick} point par pli de trop ou de moins. Le plus haut total à la fin "
        "gagne ; les ex æquo partagent la victoire.",
    ),
    # The house rules (RULES.md §7): each a table's option.
    "shapes": (
        "Some tables order the hands another way (option). Over a peak of {peak} cards, the "
        "deals are as below; a table may also list its own hand sizes, such as {listed}. The "
        "deal still passes to the left every deal, and the game ends after the last one.",
        "Certaines tables ordonnent les mains autrement (option). Avec au plus {peak} cartes, "
        "les donnes sont comme ci-dessous ; une table peut aussi donner sa propre liste de "
        "tailles de main, comme {listed}. La donne passe toujours à gauche, et la partie finit "
        "après la dernière.",
    ),
    "tables": (
        "Tables count points their own way (option): a deal may pay every trick taken, a "
        "bonus when the bid is exact, and a loss when it is missed — five numbers. The tables "
        "people play, computed by the game:",
        "Les tables comptent les points à leur façon (option) : une donne peut payer chaque "
        "pli fait, une prime si l'annonce est exacte, et une perte si elle chute — cinq "
        "nombres. Les tables les plus jouées, calculées par le jeu :",
    ),
    "lead_free": (
        "Some tables drop the lead restriction (option): any card may be led. Holding {hand} "
        "on lead, you may then lead {legal}. Following is unchanged.",
        "Certaines tables lèvent la restriction d'entame (option) : toute carte peut être "
        "entamée. Avec {hand} à l'entame, vous pouvez alors jouer {legal}. Fournir ne change "
        "pas.",
    ),
    "closed_fists": (
        "With closed fists (option), everyone bids without seeing any other bid; the bids are "
        "shown together once the last one is made. The table shows who has bid, never what. "
        "The hook needs bids made in turn, so it is not played with closed fists.",
        "À poings fermés (option), chacun annonce sans voir les autres annonces ; elles sont "
        "montrées ensemble quand la dernière est faite. La table montre qui a annoncé, jamais "
        "quoi. Le crochet demande des annonces chacun son tour : il ne se joue pas à poings "
        "fermés.",
    ),
    "blind": (
        "Blind one-card deals (option, « à l'indienne »): in every deal of one card, you see "
        "the others' cards and not your own, as if held to your forehead. Bid on what you "
        "see; when your turn comes, play your card unseen with “My card”: you learn it as it "
        "lands. Example: you lead, the others hold {seen}; if your card is {yours}, {winner} "
        "wins.",
        "Donnes à une carte à l'indienne (option) : dans chaque donne d'une carte, vous voyez "
        "les cartes des autres et pas la vôtre, comme tenue sur le front. Annoncez d'après ce "
        "que vous voyez ; à votre tour, jouez votre carte sans la voir avec « Ma carte » : "
        "vous la découvrez en la posant. Exemple : vous entamez, les autres tiennent {seen} ; "
        "si votre carte est {yours}, {winner} gagne.",
    ),
}

TITLES: dict[str, tuple[str, str]] = {
    "goal": ("The aim", "Le but"),
    "cards": ("The cards", "Les cartes"),
    "schedule": ("The deals", "Les donnes"),
    "bidding": ("Bidding", "Les annonces"),
    "hook": ("The hook (option)", "Le crochet (option)"),
    "lead": ("The lead", "L'entame"),
    "follow": ("Following", "Fournir"),
    "excuse": ("The Excuse", "L'Excuse"),
    "scoring": ("Scoring", "Les points"),
    "players": ("Players", "Joueurs"),
    "max_cards": ("Most cards", "Cartes au plus"),
    "deals": ("Deals", "Donnes"),
    "bid": ("Bid", "Annonce"),
    "taken": ("Taken", "Plis faits"),
    "points": ("Points", "Points"),
    "shapes": ("The order of the hands (option)", "L'ordre des mains (option)"),
    "tables": ("Other ways to count (option)", "D'autres façons de compter (option)"),
    "lead_free": ("A free lead (option)", "L'entame libre (option)"),
    "closed_fists": ("Closed fists (option)", "Poings fermés (option)"),
    "blind": ("Blind one-card deals (option)", "Donnes à l'indienne (option)"),
    "shape": ("Order", "Ordre"),
    "shape_up-down": ("Up, then down (the usual)", "Montée, puis descente (l'usage)"),
    "shape_down-up": ("Down, then up", "Descente, puis montée"),
    "shape_up": ("Up only", "Montée seule"),
    "shape_down": ("Down only", "Descente seule"),
}

#: The peak the schedule shapes are shown over, and a list a table might play.
SHAPE_PEAK = 5
LISTED = (5, 5, 5, 5)

#: (bid, tricks) pairs shown in the scoring table: exact bids, then misses.
SCORING_EXAMPLES = ((0, 0), (1, 1), (2, 2), (5, 5), (0, 1), (1, 4), (3, 1))


def _cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def _capital(text: str) -> str:
    """A scoring table's name (the one the table and the create form use, H2) as a heading."""
    return text[:1].upper() + text[1:]


def _names(cards: list[Card], lang: Language) -> str:
    return ", ".join(card.display(lang) for card in cards)


def _uses(rules: Rules) -> list[str]:
    """The sections of the house rules (and the hook) that ``rules`` plays."""
    uses = []
    if rules.shape != SHAPES[0]:
        uses.append("shapes")
    if rules.scoring != SEED_SCORING:
        uses.append("tables")
    if not rules.lead_restriction:
        uses.append("lead_free")
    if rules.simultaneous:
        uses.append("closed_fists")
    if rules.blind_one_card:
        uses.append("blind")
    if rules.hook:
        uses.append("hook")
    return uses


def _examples(scoring: Scoring) -> list[dict[str, int]]:
    return [
        {"bid": bid, "tricks": took, "points": deal_score(scoring, bid, took)}
        for bid, took in SCORING_EXAMPLES
    ]


def rules_page(lang: Language, rules: Rules | None = None) -> dict[str, Any]:
    """The rules page in ``lang``: its sections (title, text) and the computed tables; with a
    table's ``rules``, also ``table``: its rule set, deals, points and the options it plays."""
    index = 1 if lang == "fr" else 0
    others = [2, 0, 1]
    hooked = Rules(players=4, max_cards=5, hook=True)
    allowed = legal_bids(hooked, 4, 3, others)  # deal 5: 5 cards each, seat 3 deals last
    forbidden = next(v for v in range(6) if v not in allowed)
    hand = _cards("H5 T3 EX")
    trumps = _cards("T3 T17 EX")
    trick = _cards("EX H3 HK T1")
    overtrump_trick = _cards("H5 T7")  # P6: void in hearts, a trump above the 7 is owed
    overtrump_hand = _cards("T4 T9 SK")
    seen = _cards("H3 T1")  # a blind one-card deal: what the leader sees of the others
    yours = Card.parse("HK")
    fields: dict[str, dict[str, object]] = {
        "hook": {
            "cards": 5,
            "others": ", ".join(map(str, others)),
            "allowed": ", ".join(map(str, allowed)),
            "forbidden": forbidden,
        },
        "lead": {
            "hand": _names(hand, lang),
            "legal": _names(legal_cards(hand, []), lang),
            "trumps": _names(trumps, lang),
        },
        "follow": {
            "trick": _names(overtrump_trick, lang),
            "hand": _names(overtrump_hand, lang),
            "legal": _names(legal_cards(overtrump_hand, overtrump_trick), lang),
        },
        "excuse": {
            "trick": _names(trick, lang),
            "winner": trick[trick_winner(trick)].display(lang),
        },
        "scoring": {**SEED_SCORING.to_json()},
        "shapes": {
            "peak": SHAPE_PEAK,
            "listed": ", ".join(map(str, Rules(players=4, schedule=LISTED).schedule)),
        },
        "lead_free": {
            "hand": _names(hand, lang),
            "legal": _names(legal_cards(hand, [], lead_restriction=False), lang),
        },
        "blind": {
            "seen": _names(seen, lang),
            "yours": yours.display(lang),
            "winner": [yours, *seen][trick_winner([yours, *seen])].display(lang),
        },
    }
    sections = [
        {
            "key": key,
            "title": TITLES[key][index],
            "text": TEXT[key][index].format(**fields.get(key, {})),
        }
        for key in TEXT
    ]
    page: dict[str, Any] = {
        "lang": lang,
        "sections": sections,
        "labels": {key: TITLES[key][index] for key in TITLES},
        "schedule": [
            {
                "players": n,
                "max_cards": Rules(players=n).max_cards,
                "deals": Rules(players=n).deal_count,
            }
            for n in range(3, MAX_PLAYERS + 1)
        ],
        "scoring": _examples(SEED_SCORING),
        "hook": {"cards": 5, "others": others, "allowed": allowed, "forbidden": forbidden},
        "shapes": [
            {
                "shape": shape,
                "label": TITLES[f"shape_{shape}"][index],
                "deals": list(Rules(players=4, max_cards=SHAPE_PEAK, schedule=shape).schedule),
            }
            for shape in SHAPES
        ],
        "scoring_tables": [
            {
                "name": name,
                "label": _capital(TABLE_NAMES[name][index]),
                "numbers": table.to_json(),
                "examples": _examples(table),
            }
            for name, table in SCORING_TABLES.items()
        ],
    }
    if rules is not None:
        page["table"] = {
            "rules": rules.to_json(),
            "schedule": list(rules.schedule),
            "scoring_name": rules.scoring.table_name(),
            "scoring": _examples(rules.scoring),
            "uses": _uses(rules),
        }
    return page
