"""How to play, as the engine applies the rules: the help the terminal shows (``?``/F1, ``r``).

Numbers come from the game's own :class:`~ascenseur.core.rules.Rules` and from the scoring
function itself (:func:`~ascenseur.core.scoring.deal_score`), so the help cannot drift from
what the program counts. Rule numbers refer to the project's ``RULES.md``.

>>> lines = help_lines(Rules(players=4, max_cards=3, hook=True), "en")
>>> [line for line in lines if "Bid 2 and take 2" in line]
['  Bid 2 and take 2: +7. Bid 0 and take 1: -1. Bid 1 and take 4: -3.']
>>> text = " ".join(lines)
>>> "Hands go 1, 2, 3, 2, 1 cards" in text, "This game: the hook is on." in text
(True, True)
"""

from __future__ import annotations

from ascenseur.core.cards import Language
from ascenseur.core.rules import SEED_SCORING, Rules
from ascenseur.core.scoring import deal_score
from ascenseur.text.messages import french_typography
from ascenseur.text.rules import (
    example,
    rules_lines,
    scoring_formula,
    sentence,
    sizes_text,
    table_name,
)

#: (title, lines) per section, English then French; ``{…}`` filled from the game's rules.
_SECTIONS: tuple[tuple[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]], ...] = (
    (
        ("The game", "Le jeu"),
        (
            (
                "78 tarot cards: four suits of 14 (1 to 10, jack J, knight N, queen Q, king K; "
                "the knight sits between jack and queen), 21 trumps and the Excuse.",
                "Hands go {schedule} cards: {deals} deals, the dealer moving left each time.",
                "Only the number of tricks counts, never the cards' points.",
            ),
            (
                "78 cartes de tarot : quatre couleurs de 14 (1 à 10, valet V, cavalier C, dame D, "
                "roi R), 21 atouts et l'Excuse.",
                "Les mains font {schedule} cartes : {deals} donnes, le donneur passant à gauche.",
                "Seul le nombre de plis compte, jamais les points des cartes.",
            ),
        ),
    ),
    (
        ("Bidding", "Les annonces"),
        (
            (
                "Each player, from the dealer's left, bids once how many tricks they will take "
                "exactly, from 0 to the cards in hand; the dealer bids last (B1, B2).",
                "Hook (B3): the dealer may not bid the number that makes the bids add up to the "
                "cards in hand. {hook}",
            ),
            (
                "Chacun, à partir de la gauche du donneur, annonce une fois combien de plis il "
                "fera exactement, de 0 au nombre de cartes ; le donneur annonce en dernier "
                "(B1, B2).",
                "Crochet (B3) : le donneur ne peut annoncer le nombre qui ferait tomber les "
                "annonces juste sur le nombre de cartes. {hook}",
            ),
        ),
    ),
    (
        ("Playing", "Le jeu de la carte"),
        (
            (
                "The player on the dealer's left leads the first trick; the winner of a trick "
                "leads the next (P1).",
                "Lead rule (P2): while you hold a suit card you must lead a suit card — no trump "
                "and no Excuse. Only a hand of trumps and/or the Excuse may lead them.",
                "Follow the suit led if you can (any rank). Without it, you must trump, higher "
                "than the highest trump in the trick if you can; with neither, play any card "
                "(P5, P6). When a trump is led, play a higher trump if you can (P7).",
                "The Excuse may be played to any trick instead of following, and never wins it. "
                "When it is led, the next card sets the suit (P3, P4).",
                "The highest trump wins the trick; without trumps, the highest card of the suit "
                "led (P9).",
            ),
            (
                "Le joueur à gauche du donneur entame le premier pli ; le gagnant d'un pli entame "
                "le suivant (P1).",
                "Entame (P2) : tant que vous avez une carte de couleur, vous devez entamer d'une "
                "couleur — ni atout ni Excuse. Seule une main d'atouts et/ou de l'Excuse peut "
                "les entamer.",
                "Fournissez la couleur demandée si vous le pouvez (n'importe quelle carte). "
                "Sinon, coupez, plus haut que l'atout le plus fort du pli si vous le pouvez ; "
                "sans l'une ni l'autre, jouez n'importe quelle carte (P5, P6). Quand un atout "
                "est entamé, montez si vous le pouvez (P7).",
                "L'Excuse peut se jouer sur n'importe quel pli au lieu de fournir, et ne le "
                "remporte jamais. Entamée, c'est la carte suivante qui donne la couleur (P3, P4).",
                "Le plus fort atout remporte le pli ; sans atout, la plus forte carte de la "
                "couleur demandée (P9).",
            ),
        ),
    ),
    (
        ("Scoring", "Le décompte"),
        (
            (
                "{formula} (S1, S2)",
                "{examples}",
                "Scores add up over the game; the highest total wins, equal totals share the "
                "win (S3).",
            ),
            (
                "{formula} (S1, S2)",
                "{examples}",
                "Les points s'ajoutent sur la partie ; le plus haut total gagne, les égalités "
                "partagent la victoire (S3).",
            ),
        ),
    ),
)

_THIS_TABLE = ("This table's rules", "Les règles de cette table")
_HOOK = (
    ("This game: the hook is on.", "This game: no hook."),
    ("Dans cette partie : crochet.", "Dans cette partie : pas de crochet."),
)


def help_sections(rules: Rules, lang: Language) -> list[tuple[str, list[str]]]:
    """The help as (title, paragraphs) for this game's rules, in ``lang``.

    The first section says the table's rules in words; a house rule the table plays
    (RULES.md §7) replaces the seed's sentence it changes, with examples scored by the table.
    """
    fr = lang == "fr"
    index = 1 if fr else 0
    scoring = rules.scoring
    examples = " ".join(
        example(lang, bid, tricks, deal_score(scoring, bid, tricks))
        for bid, tricks in ((2, 2), (0, 1), (1, 4))
    )
    fields = {
        "schedule": sizes_text(rules.schedule),
        "deals": rules.deal_count,
        "hook": _HOOK[index][0 if rules.hook else 1],
        "examples": examples,
        "formula": scoring_formula(rules.scoring, lang),
    }
    sections = [(_THIS_TABLE[index], rules_lines(rules, lang))]
    for titles, texts in _SECTIONS:
        paragraphs = [text.format(**fields) for text in texts[index]]
        if fr:
            paragraphs = [french_typography(p) for p in paragraphs]
        sections.append((titles[index], paragraphs))
    _house_rules(rules, lang, dict(sections))
    return sections


def _house_rules(rules: Rules, lang: Language, sections: dict[str, list[str]]) -> None:
    """Put the table's house rules in place of the seed's sentences they change."""
    index = 1 if lang == "fr" else 0
    bidding, playing, scoring = (
        sections[_SECTIONS[1][0][index]],
        sections[_SECTIONS[2][0][index]],
        sections[_SECTIONS[3][0][index]],
    )
    if rules.simultaneous:
        bidding.insert(1, sentence(lang, "simultaneous"))
    if not rules.lead_restriction:
        playing[1] = sentence(lang, "lead_off")
    if rules.blind_one_card:
        playing.append(sentence(lang, "blind"))
    if rules.scoring != SEED_SCORING:
        name = table_name(rules.scoring, lang)
        scoring[0] = f"{name[:1].upper()}{name[1:]} (H2). {scoring_formula(rules.scoring, lang)}"


def help_lines(rules: Rules, lang: Language) -> list[str]:
    """The help as lines of text: each section's title, then its paragraphs indented."""
    lines: list[str] = []
    for title, paragraphs in help_sections(rules, lang):
        lines.append(title)
        lines.extend("  " + paragraph for paragraph in paragraphs)
    return lines
