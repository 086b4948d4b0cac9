"""Game things in words, for the terminal and the browser: names, hands, refusals, events,
ranks.

>>> from ascenseur.core.cards import Card
>>> [c.code for c in sort_hand([Card.parse(x) for x in ("T3", "EX", "D1", "S9", "T1", "H2")])]
['S9', 'H2', 'D1', 'T1', 'T3', 'EX']
>>> ranking_lines((12, 30, 30, -4), ("Ada", "bot:random", "bot:random", "bot:random"), "en")
['1. Bot 1: 30 points', '1. Bot 2: 30 points', '3. Ada: 12 points', '4. Bot 3: -4 points', \
'Shared win: Bot 1 and Bot 2.']
"""

from __future__ import annotations

from collections.abc import Sequence

from ascenseur.core.cards import Card, Language, Suit
from ascenseur.core.observation import Observation, TrickView
from ascenseur.core.scoring import winners
from ascenseur.core.state import DealResult, Phase
from ascenseur.core.tricks import trick_summary
from ascenseur.tables import story
from ascenseur.tables.table import BOT_PREFIX
from ascenseur.text.messages import MESSAGES, count, tr

#: Suits in hand order: colours alternate (♠ ♥ ♣ ♦), then trumps, then the Excuse apart.
HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.TRUMPS, Suit.EXCUSE)


def seat_name(seats: Sequence[str] | None, seat: int, lang: Language) -> str:
    """How a seat is called: the person's name, ``Bot 2``, or ``Seat 2`` when unnamed."""
    if seats is None:
        return tr(lang, "seat", seat=seat)
    name = seats[seat]
    return tr(lang, "bot", seat=seat) if name.startswith(BOT_PREFIX) else name


def bot_label(name: str, lang: Language) -> str:
    """A bot's level as people call it (``club player`` for ``heuristic``); an unknown bot
    keeps its registry name.

    >>> bot_label("heuristic", "fr"), bot_label("openspiel-ismcts", "en"), bot_label("x", "en")
    ('joueur de club', "OpenSpiel's ISMCTS search", 'x')
    """
    key = f"bot_label_{name}"
    return tr(lang, key) if key in MESSAGES else name


def bot_short(name: str, lang: Language) -> str:
    """A bot's level in a word, for a narrow column (``club``); an unknown bot keeps its name.

    >>> bot_short("heuristic", "fr"), bot_short("random", "fr"), bot_short("x", "en")
    ('club', 'débutant', 'x')
    """
    key = f"bot_short_{name}"
    return tr(lang, key) if key in MESSAGES else name


def is_you(name: str, lang: Language) -> bool:
    """Whether a person's name already says "you" (the default name), so as not to add it."""
    return name.casefold() in {tr(lang, "you").casefold(), "you", "vous"}


def allowed_bids(values: Sequence[int], lang: Language) -> str:
    """``0, 1 or 3``; a run of three or more written as a range: ``0 to 12`` / ``0 à 12``.

    >>> allowed_bids([0, 1, 3], "en"), allowed_bids(range(13), "fr"), allowed_bids([1], "en")
    ('0, 1 or 3', '0 à 12', '1')
    >>> allowed_bids([0, 1, 2, 4, 5], "en")
    '0 to 2, 4 or 5'
    """
    runs: list[list[int]] = []
    for value in sorted(values):
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    to = " à " if lang == "fr" else " to "
    parts = [f"{r[0]}{to}{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    if len(parts) == 1 and len(runs[0]) > 2:
        return parts[0]
    flat = ", ".join(parts)
    head, sep, last = flat.rpartition(", ")
    return f"{head} {tr(lang, 'or')} {last}" if sep else flat


def knight_note(cards: Sequence[Card], lang: Language) -> str:
    """``N = knight, between jack and queen`` when ``cards`` hold a knight ("" otherwise): the
    tarot's fourth face card, unknown to players of 52-card games."""
    if any(card.rank == 12 and card.suit.value < 4 for card in cards):
        return tr(lang, "knight_note")
    return ""


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """A hand as people hold it: suits grouped, each ascending, trumps ascending, Excuse last."""
    return sorted(cards, key=lambda card: (HAND_ORDER.index(card.suit), card.rank))


def hand_groups(cards: Sequence[Card]) -> list[tuple[Suit, list[Card]]]:
    """The sorted hand cut into its suits, trumps and Excuse (empty groups left out)."""
    groups: list[tuple[Suit, list[Card]]] = []
    for card in sort_hand(cards):
        if not groups or groups[-1][0] is not card.suit:
            groups.append((card.suit, []))
        groups[-1][1].append(card)
    return groups


def join_names(names: Sequence[str], lang: Language) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {tr(lang, 'and')} {names[-1]}"


def bids_text(bids: Sequence[int | None], seats: Sequence[str] | None, lang: Language) -> str:
    """``Ada 2, Bot 1 0, …`` by seat (the seats that have not bid left out)."""
    return ", ".join(
        f"{seat_name(seats, seat, lang)} {bid}" for seat, bid in enumerate(bids) if bid is not None
    )


def seen_cards(view: Observation, seats: Sequence[str] | None, lang: Language) -> str:
    """In a blind deal (H5), the others' cards the seat sees: ``Bot 1 7♥, Bot 2 atout 3``."""
    return ", ".join(
        f"{seat_name(seats, seat, lang)} {card.display(lang)}"
        for seat, hand in enumerate(view.seen_hands)
        for card in hand
    )


def blind_text(view: Observation, seats: Sequence[str] | None, lang: Language) -> str:
    """What a blind seat is told of the cards (H5): its own is hidden, the others' seen."""
    cards = seen_cards(view, seats, lang)
    return tr(lang, "blind_hand", cards=cards) if cards else tr(lang, "blind_hand_alone")


def trick_leader(view: Observation) -> int | None:
    """The seat whose card is winning the trick in play so far (rule P9), None when the
    trick holds no card or only the Excuse."""
    if not view.trick:
        return None
    best = trick_summary([card.index for _, card in view.trick])[3]
    return view.trick[best][0] if best >= 0 else None


def needed(bid: int, won: int) -> int:
    """Tricks still to take to make ``bid`` (0 once made; past it, 0 too: one too many)."""
    return max(bid - won, 0)


def progress(bid: int, won: int, lang: Language) -> str:
    """Where a seat stands against its bid: ``needs 2 more``, ``on its bid``, ``1 too many``."""
    if won < bid:
        return tr(lang, "still_needed", count=bid - won)
    if won == bid:
        return tr(lang, "on_bid")
    return tr(lang, "too_many", count=won - bid)


def bids_against_cards(
    view: Observation, lang: Language, seats: Sequence[str] | None = None
) -> str:
    """``Bids 5 for 4 cards: one more than the tricks`` — what every player watches; with
    closed fists (H4), until the last bid, who has bid."""
    if view.rules.simultaneous and view.phase is Phase.BIDDING:
        names = [seat_name(seats, seat, lang) for seat in view.bidders]
        return tr(lang, "bids_hidden", names=join_names(names, lang) or tr(lang, "no_bid"))
    made = [b for b in view.bids if b is not None]
    total = sum(made)
    k = view.hand_size
    if total > k:
        balance = tr(lang, "over_bid", count=total - k)
    elif total < k:
        balance = tr(lang, "under_bid", count=k - total)
    else:
        balance = tr(lang, "even_bid")
    return tr(lang, "bids_sum", total=total, cards=count(lang, k, "card"), balance=balance)


def last_trick_title(lang: Language, trick_deal: int, current_deal: int) -> str:
    """``Last trick``, or ``Last trick of deal 3`` when it is an earlier deal's (0-based in)."""
    if trick_deal == current_deal:
        return tr(lang, "last_trick_title")
    return tr(lang, "last_trick_of", number=trick_deal + 1)


def deal_log(view: Observation, seats: Sequence[str], deal_count: int, lang: Language) -> list[str]:
    """The deal in play so far, from the view: who dealt, the bids in order, each trick and
    who took it (what the full screen's log shows, the same after a resume)."""
    if view.phase is Phase.DEALING or view.phase is Phase.OVER or view.hand_size == 0:
        return []
    lines = _deal_lines(
        view.deal_index + 1,
        deal_count,
        view.hand_size,
        view.dealer,
        view.bids,
        frozenset(view.bidders),
        view.tricks,
        seats,
        lang,
    )
    lines.append(bids_against_cards(view, lang, seats))
    return lines


def scored_deal_log(
    number: int,
    result: DealResult,
    tricks: Sequence[TrickView],
    totals: Sequence[int],
    seats: Sequence[str],
    deal_count: int,
    lang: Language,
) -> list[str]:
    """Finished deal ``number`` (1-based): who dealt, the bids, every trick, and what each
    seat scored (``totals``: the running totals after it) — the log between two deals."""
    lines = _deal_lines(
        number,
        deal_count,
        result.hand_size,
        result.dealer,
        result.bids,
        frozenset(),
        tricks,
        seats,
        lang,
    )
    lines.append(tr(lang, "deal_scored", number=number))
    lines.extend(score_lines(result, totals, seats, lang))
    return lines


def _deal_lines(
    number: int,
    deal_count: int,
    hand_size: int,
    dealer: int,
    bids: Sequence[int | None],
    made: frozenset[int],
    tricks: Sequence[TrickView],
    seats: Sequence[str],
    lang: Language,
) -> list[str]:
    n = len(seats)
    lines = [dealt_line(lang, number, deal_count, hand_size, seat_name(seats, dealer, lang))]
    first = (dealer + 1) % n
    for seat in ((first + i) % n for i in range(n)):
        bid = bids[seat]
        if bid is not None:
            lines.append(tr(lang, "bids", name=seat_name(seats, seat, lang), value=bid))
        elif seat in made:  # a closed fist (H4)
            lines.append(tr(lang, "has_bid", name=seat_name(seats, seat, lang)))
    for position, trick in enumerate(tricks, 1):
        name = seat_name(seats, trick.winner, lang)
        cards = trick_cards(trick, seats, n, lang)
        lines.append(tr(lang, "took_trick", name=name, number=position, cards=cards))
    return lines


def trick_cards(trick: TrickView, seats: Sequence[str] | None, n: int, lang: Language) -> str:
    """``Bot 1 7♥, Ada K♥, …`` in play order."""
    return ", ".join(
        f"{seat_name(seats, (trick.leader + i) % n, lang)} {card.display(lang)}"
        for i, card in enumerate(trick.cards)
    )


def dealt_line(lang: Language, number: int, deal_count: int, k: int, dealer: str) -> str:
    """``Deal 2 of 5: 2 cards each, dealt by Bot 3.``"""
    cards = count(lang, k, "card")
    return tr(lang, "dealt", number=number, count=deal_count, cards=cards, dealer=dealer)


def event_lines(
    event: story.Event, seats: Sequence[str], deal_count: int, lang: Language
) -> list[str]:
    """What happened, in sentences (plain mode prints them; the full screen logs them)."""
    n = len(seats)
    if isinstance(event, story.Dealt):
        dealer = seat_name(seats, event.dealer, lang)
        return [dealt_line(lang, event.deal_index + 1, deal_count, event.hand_size, dealer)]
    if isinstance(event, story.BidMade):
        name = seat_name(seats, event.seat, lang)
        if event.value is None:  # a closed fist (H4): only the fact is told
            return [tr(lang, "has_bid", name=name)]
        return [tr(lang, "bids", name=name, value=event.value)]
    if isinstance(event, story.BidsShown):
        return [tr(lang, "bids_shown", bids=bids_text(event.bids, seats, lang))]
    if isinstance(event, story.CardPlayed):
        name = seat_name(seats, event.seat, lang)
        return [tr(lang, "plays", name=name, card=event.card.display(lang))]
    if isinstance(event, story.TrickTaken):
        name = seat_name(seats, event.trick.winner, lang)
        cards = trick_cards(event.trick, seats, n, lang)
        return [tr(lang, "took_trick", name=name, number=event.number + 1, cards=cards)]
    if isinstance(event, story.DealScored):
        return [
            tr(lang, "deal_scored", number=event.deal_index + 1),
            *score_lines(event.result, event.totals, seats, lang),
        ]
    assert isinstance(event, story.GameOver)
    return [tr(lang, "game_over"), *ranking_lines(event.totals, seats, lang)]


def score_lines(
    result: DealResult, totals: Sequence[int], seats: Sequence[str] | None, lang: Language
) -> list[str]:
    """One line per seat: bid, tricks, points of the deal, running total."""
    return [
        tr(
            lang,
            "score_line",
            name=seat_name(seats, seat, lang),
            bid=result.bids[seat],
            tricks=result.tricks[seat],
            points=result.scores[seat],
            total=totals[seat],
        )
        for seat in range(len(totals))
    ]


def ranks(totals: Sequence[int]) -> list[tuple[int, int]]:
    """``(rank, seat)`` best first; equal totals share a rank (1, 1, 3, …)."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    out: list[tuple[int, int]] = []
    for position, seat in enumerate(order):
        tied = position and totals[order[position - 1]] == totals[seat]
        out.append((out[-1][0] if tied else position + 1, seat))
    return out


def ranking_lines(totals: Sequence[int], seats: Sequence[str] | None, lang: Language) -> list[str]:
    """The final ranking, then who wins — a shared win said as such (rule S3)."""
    lines = [
        tr(
            lang,
            "rank_line",
            rank=rank,
            name=seat_name(seats, seat, lang),
            points=count(lang, totals[seat], "point"),
        )
        for rank, seat in ranks(totals)
    ]
    best = [seat_name(seats, seat, lang) for seat in winners(totals)]
    if len(best) > 1:
        lines.append(tr(lang, "shared_win", names=join_names(best, lang)))
    else:
        lines.append(tr(lang, "winner", name=best[0]))
    return lines
