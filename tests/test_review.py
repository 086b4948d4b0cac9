"""Game review (issue 59): each decision weighed from the seat's view only, labelled, summed
up, written as ``ascenseur-review/1`` and checked against its record."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ascenseur.bots.base import make_bot
from ascenseur.core import Card, Deal, GameState, Rules
from ascenseur.core.actions import Bid, Play
from ascenseur.core.cards import Language
from ascenseur.core.digest import record_digest
from ascenseur.core.observation import observe
from ascenseur.core.record import record_of
from ascenseur.review import (
    Review,
    ReviewCache,
    analysis,
    budget_of,
    loads,
    review_record,
    review_state,
)
from ascenseur.review.analysis import Moment, weigh
from ascenseur.review.format import schema_text
from ascenseur.simulation import play_game
from ascenseur.text.review import review_lines
from review_positions import sure_one_card_bid, trick_the_bid_needs

DOCS = Path(__file__).parent.parent / "docs"
PLAYOUTS = 40
LANGS: tuple[Language, ...] = ("en", "fr")


def small_game(seed: int = 3, **house: Any) -> GameState:
    """A finished 3-player game of 1, 2, 1 cards between bots (heuristic and random)."""
    rules = Rules(players=3, max_cards=2, **house)
    bots = [make_bot("heuristic"), make_bot("random"), make_bot("heuristic")]
    return play_game(rules, bots, random.Random(seed), first_dealer=2)


# -- hand-built positions where the best choice is certain ----------------------------------


def test_a_sure_exact_bid_is_best_and_the_other_bid_a_blunder() -> None:
    view = observe(sure_one_card_bid("T21"), 1)  # the trump 21 takes the one trick
    best = weigh(Moment(1, 0, 0, view, Bid(1)), PLAYOUTS, seed=0)
    other = weigh(Moment(1, 0, 0, view, Bid(0)), PLAYOUTS, seed=0)
    assert (best.label, best.lost, best.best) == ("best", 0.0, "bid 1")
    assert other.label == "blunder" and other.lost == pytest.approx(6.0)  # 5 against -1
    assert other.best == "bid 1" and [o.action for o in other.options] == ["bid 1", "bid 0"]
    assert other.option("bid 1") is not None and other.option("bid 1").tricks == [0.0, 1.0]  # type: ignore[union-attr]


def test_a_card_that_surely_loses_a_trick_the_bid_needs_is_a_blunder() -> None:
    view = observe(trick_the_bid_needs(), 1)
    best = weigh(Moment(1, 0, 1, view, Play(Card.parse("H1"))), PLAYOUTS, seed=0)
    excuse = weigh(Moment(1, 0, 1, view, Play(Card.parse("EX"))), PLAYOUTS, seed=0)
    assert (best.label, best.lost, best.kind, best.trick, best.bid) == ("best", 0.0, "card", 2, 2)
    assert excuse.label == "blunder" and excuse.lost == pytest.approx(8.0)  # 7 against -1
    assert excuse.best == "H1"


def test_a_forced_decision_is_not_searched() -> None:
    state = trick_the_bid_needs()
    state.apply(Play(Card.parse("H1")))
    for code in ("S3", "D3"):
        state.apply(Play(Card.parse(code)))
    view = observe(state, 1)  # one card left: the Excuse
    decision = weigh(Moment(1, 0, 2, view, Play(Card.parse("EX"))), PLAYOUTS, seed=0)
    assert (decision.label, decision.lost, decision.options) == ("forced", 0.0, [])


def test_labels_follow_the_documented_thresholds() -> None:
    from ascenseur.core.rules import SCORING_TABLES
    from ascenseur.review.labels import label

    seed = SCORING_TABLES["ascenseur"]
    losses = (0.0, 0.05, 0.2, 0.9, 2.0, 2.6)
    assert [label(x, seed) for x in losses] == [
        "best", "best", "good", "inaccuracy", "mistake", "blunder",
    ]  # fmt: skip
    assert label(2.6, SCORING_TABLES["tens"]) == "inaccuracy"  # the table's swing is 40, not 6


# -- no peeking -------------------------------------------------------------------------------


def two_games_differing_in_hidden_cards() -> tuple[GameState, GameState]:
    """Two games alike up to seat 1's bid and lead of deal 1, which differ in the cards of
    seats 0 and 2 there (which seat 1 cannot see), then play on differently."""
    games = []
    for others in (("C4 T7", "D2 D5"), ("S9 H2", "T15 CK")):
        state = GameState(Rules(players=3, max_cards=2), first_dealer=2)
        state.apply(Deal(tuple(tuple(map(Card.parse, h.split())) for h in ("S1", "H1", "D1"))))
        while state.current_seat is not None:
            state.apply(state.legal_actions()[0])
        hands = (others[0], "H10 S3", others[1])  # deal 1: dealer 0, seat 1 bids and leads
        state.apply(Deal(tuple(tuple(map(Card.parse, h.split())) for h in hands)))
        for bid in (1, 0, 1):
            state.apply(Bid(bid))
        state.apply(Play(Card.parse("H10")))
        while state.current_seat is not None:
            state.apply(state.legal_actions()[0])
        games.append(state)
    return games[0], games[1]


def test_a_decision_gets_the_same_figures_whatever_the_cards_it_could_not_see() -> None:
    first, second = two_games_differing_in_hidden_cards()
    assert record_digest(record_of(first)) != record_digest(record_of(second))
    reviews = [review_state(g, [1], PLAYOUTS, seed=11) for g in (first, second)]
    decisions = [r.seat(1).deals[1].decisions for r in reviews]
    assert decisions[0][0].kind == "bid" and decisions[0][1].kind == "card"
    assert decisions[0][:2] == decisions[1][:2]
    assert len(decisions[0][0].options) == 3  # bids 0, 1, 2 were weighed, not forced


def test_a_review_is_repeatable_and_the_seed_matters() -> None:
    game = small_game()
    again = review_state(game, [1], PLAYOUTS, seed=5)
    assert again == review_state(game, [1], PLAYOUTS, seed=5)
    other = review_state(game, [1], PLAYOUTS, seed=6)
    weighed = [o for d in again.seat(1).deals for x in d.decisions for o in x.options]
    assert weighed and weighed != [
        o for d in other.seat(1).deals for x in d.decisions for o in x.options
    ]


def test_two_processes_give_the_review_one_process_gives() -> None:
    game = small_game(seed=8)
    seen: list[tuple[int, int]] = []
    parallel = review_state(
        game, [0, 1], PLAYOUTS, seed=2, jobs=2, progress=lambda d, t: seen.append((d, t))
    )
    assert parallel == review_state(game, [0, 1], PLAYOUTS, seed=2, jobs=1)
    assert seen[-1][0] == seen[-1][1] > 0


# -- what a review sums up ------------------------------------------------------------------


def test_deals_and_the_game_add_up() -> None:
    game = small_game(seed=4)
    seat = review_state(game, [1], PLAYOUTS, seed=1).seat(1)
    for deal, result in zip(seat.deals, game.results, strict=True):
        assert deal.score == result.scores[1] and deal.bid == result.bids[1]
        weighed = [d for d in deal.decisions if d.label != "forced"]
        assert deal.lost == pytest.approx(sum(d.lost for d in weighed))
        assert deal.weighed == len(weighed)
        if weighed:
            first = weighed[0].option(weighed[0].chosen)
            assert first is not None and deal.expected is not None and deal.luck is not None
            later = sum(d.lost for d in weighed[1:])
            assert deal.expected == pytest.approx(first.points - later)
            assert deal.luck == pytest.approx(deal.score - deal.expected)
    summary = seat.summary
    assert summary.score == game.totals[1]
    assert summary.lost == pytest.approx(sum(d.lost for d in seat.deals))
    assert summary.luck == pytest.approx(sum(d.luck or 0.0 for d in seat.deals))
    losses = sorted((d.lost for deal in seat.deals for d in deal.decisions), reverse=True)
    assert [c.lost for c in summary.costliest] == [x for x in losses[:3] if x > 0]


# -- the format ------------------------------------------------------------------------------


def test_the_published_schema_is_the_reviews() -> None:
    assert (DOCS / "review.schema.json").read_text(encoding="utf-8") == schema_text(), (
        "docs/review.schema.json is out of date: python -m ascenseur.review > "
        "docs/review.schema.json"
    )


def test_a_review_passes_its_schema_and_reads_back() -> None:
    review = review_state(small_game(), [0, 1, 2], PLAYOUTS, seed=0, names=("A", "B", "C"))
    data = json.loads(review.dumps())
    schema = json.loads((DOCS / "review.schema.json").read_text(encoding="utf-8"))
    assert validate(data, schema, schema) == []
    assert loads(review.dumps()) == review
    data["seats"][0]["deals"][0]["decisions"][0]["label"] = "brilliant"
    assert validate(data, schema, schema) != []
    with pytest.raises(ValueError, match="label"):
        Review.from_json(data)


def validate(value: Any, schema: dict[str, Any], root: dict[str, Any], at: str = "$") -> list[str]:
    """The faults of ``value`` against ``schema``: the JSON Schema keywords the review's schema
    uses ($ref, anyOf, type, enum, properties, required, additionalProperties, items,
    minimum, maximum, pattern)."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return validate(value, root["$defs"][name], root, at)
    if "anyOf" in schema:
        tries = [validate(value, s, root, at) for s in schema["anyOf"]]
        return [] if any(not t for t in tries) else [f"{at}: matches no choice"]
    faults: list[str] = []
    kinds: dict[str, type | tuple[type, ...]] = {
        "object": dict, "array": list, "string": str, "integer": int, "number": (int, float),
        "null": type(None), "boolean": bool,
    }  # fmt: skip
    kind = schema.get("type")
    wrong_type = kind is not None and (
        not isinstance(value, kinds[kind])
        or (kind in ("integer", "number") and isinstance(value, bool))
    )
    if wrong_type:
        return [f"{at}: not {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        faults.append(f"{at}: {value!r} not in {schema['enum']}")
    if "minimum" in schema and value < schema["minimum"]:
        faults.append(f"{at}: below {schema['minimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        faults.append(f"{at}: above {schema['maximum']}")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        faults.append(f"{at}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        faults += [f"{at}: {k} missing" for k in schema.get("required", ()) if k not in value]
        if schema.get("additionalProperties") is False:
            faults += [f"{at}: unknown {k}" for k in value if k not in properties]
        for key, item in value.items():
            if key in properties:
                faults += validate(item, properties[key], root, f"{at}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            faults += validate(item, schema["items"], root, f"{at}[{i}]")
    return faults


# -- house rules -----------------------------------------------------------------------------


def test_closed_fists_review_from_the_bids_the_seat_saw() -> None:
    game = small_game(seed=6, bidding="simultaneous")
    seat = review_state(game, [0, 1, 2], PLAYOUTS, seed=0).seat(2)
    assert [d.score for d in seat.deals] == [r.scores[2] for r in game.results]
    assert all(d.decisions[0].kind == "bid" for d in seat.deals)


def test_a_blind_one_card_deal_is_reviewed_without_naming_the_seats_card() -> None:
    game = small_game(seed=7, blind_one_card=True)
    review = review_state(game, [0, 1, 2], PLAYOUTS, seed=0)
    blind = 0
    for seat in review.seats:
        for deal, log in zip(seat.deals, game.deal_logs(), strict=True):
            if deal.hand_size != 1:
                continue
            blind += 1
            bid, card = deal.decisions
            assert (card.chosen, card.best, card.label) == ("my-card", "my-card", "forced")
            assert {o.action for o in bid.options} <= {"bid 0", "bid 1"}
            (mine,) = log.hands[seat.seat]
            assert mine.code not in msgspec.json.encode([bid, card]).decode()
    assert blind == 6
    for lang in LANGS:
        assert all(len(line) <= 80 for line in review_lines(review, lang))


# -- the cache -------------------------------------------------------------------------------


def test_a_reviewed_game_opens_again_without_searching(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = small_game(seed=9)
    cache = ReviewCache(tmp_path / "reviews")
    budget = budget_of("12")
    first = review_record(game, [1], budget, 4, cache=cache)
    (kept,) = (tmp_path / "reviews").iterdir()
    assert kept.name.startswith(record_digest(record_of(game)).removeprefix("sha256:"))

    def no_search(*args: object) -> None:
        raise AssertionError("a kept review was searched again")

    monkeypatch.setattr(analysis, "weigh", no_search)
    assert review_record(game, [1], budget, 4, cache=cache) == first
    kept.write_text(kept.read_text()[:100])  # a broken file is not a review: computed again
    monkeypatch.undo()
    assert review_record(game, [1], budget, 4, cache=cache) == first


# -- words -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_text_fits_80_columns_and_names_the_budget(lang: str) -> None:
    review = review_state(small_game(seed=10), [1], budget=budget_of("quick"), playouts=None)
    lines = review_lines(review, "fr" if lang == "fr" else "en")
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "quick" in lines[2] and "500" in lines[2]
