"""House rules H1–H5 (RULES.md §7): the worked examples, the refusals, and the one place that
knows the seed's scoring numbers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from ascenseur.core import (
    MY_CARD,
    Bid,
    Card,
    GameState,
    IllegalAction,
    Phase,
    Play,
    Rules,
    RulesError,
    legal_cards,
)
from ascenseur.core.observation import observe
from ascenseur.core.rules import PRESETS, SCORING_TABLES, Scoring, rules_from_options

HOUSE_CASES = Path(__file__).parent / "conformance-house-rules"
SRC = Path(__file__).parents[1] / "src" / "ascenseur"


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


# -- H1: schedule ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "sizes"),
    [
        ("up-down", (1, 2, 3, 2, 1)),
        ("down-up", (3, 2, 1, 2, 3)),
        ("up", (1, 2, 3)),
        ("down", (3, 2, 1)),
    ],
)
def test_schedule_shapes_over_the_peak(shape: str, sizes: tuple[int, ...]) -> None:
    """H1: the four shapes over M = 3 (down-up is the rules' worked example)."""
    rules = Rules(4, max_cards=3, schedule=shape)
    assert rules.schedule == sizes and rules.deal_count == len(sizes)


def test_explicit_schedule_is_played_deal_by_deal_with_the_dealer_moving_left() -> None:
    """H1, D2: a list schedule is the hand sizes in order; the dealer still moves left."""
    rules = Rules.from_json({"players": 4, "schedule": [5, 5, 2]})
    assert rules.max_cards == 5
    state = GameState.new(rules, first_dealer=3)
    rng = random.Random(1)
    sizes, dealers = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            sizes.append(state.hand_size)
            dealers.append(state.dealer)
            state.deal(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert sizes == [5, 5, 2] and dealers == [3, 0, 1]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"players": 4, "schedule": []}, "schedule"),
        ({"players": 4, "schedule": [2, 0]}, "schedule[1]"),
        ({"players": 8, "schedule": [3, 10]}, "schedule[1]"),
        ({"players": 4, "schedule": [2, 3], "max_cards": 5}, "max_cards"),
        ({"players": 4, "schedule": "sideways"}, "schedule"),
        ({"players": 4, "schedule": list(range(1, 20)) * 4}, "schedule"),
        ({"players": 4, "scoring": {"exact_base": True}}, "scoring.exact_base"),
        ({"players": 4, "scoring": {"exact_base": -3}}, "scoring.exact_base"),
        ({"players": 4, "scoring": {"per_trick": 101}}, "scoring.per_trick"),
        ({"players": 4, "scoring": {"exact_base": 2.5}}, "scoring.exact_base"),
        ({"players": 4, "scoring": {"bonus": 5}}, "bonus"),
        ({"players": 4, "scoring": 7}, "scoring"),
        ({"players": 4, "lead_restriction": "no"}, "lead_restriction"),
        ({"players": 4, "bidding": "auction"}, "bidding"),
        ({"players": 4, "blind_one_card": 1}, "blind_one_card"),
        ({"players": 4, "hook": True, "bidding": "simultaneous"}, "hook"),
        ({"players": 4, "trump_suit": "hearts"}, "trump_suit"),
    ],
)
def test_a_bad_rule_set_is_refused_with_a_sentence_naming_the_field(
    rules: dict[str, object], field: str
) -> None:
    """§7: a rule set is refused whole (never read under other rules), saying which field is
    wrong, what was given and what is allowed."""
    with pytest.raises(RulesError) as caught:
        Rules.from_json(rules)
    message = str(caught.value)
    assert field in message, message
    assert caught.value.code == "bad-rules"
    assert "\n" not in message and len(message) < 240


def test_every_refused_house_rule_set_of_the_conformance_suite_names_its_field() -> None:
    """§7: each ``illegal-rules-*`` case is refused by the one parser with its field named."""
    for path in sorted(HOUSE_CASES.glob("illegal-rules-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))["record"]["rules"]
        with pytest.raises(RulesError) as caught:
            Rules.from_json(data)
        named = [key for key in data if key != "players" and key in str(caught.value)]
        named += [key for key in data.get("scoring", {}) if key in str(caught.value)]
        assert named, (path.name, str(caught.value))


# -- H2: scoring -------------------------------------------------------------------------------


def test_scoring_worked_example_with_an_omitted_number() -> None:
    """H2's worked example: 10, 0, (0), 0, 1 — bid 2 took 2 → 12; took 3 → 3; 0 took 0 → 10."""
    rules = Rules.from_json(
        {
            "players": 4,
            "scoring": {"exact_base": 10, "exact_per_bid": 0, "miss_per_trick": 0, "per_trick": 1},
        }
    )
    points = rules.scoring.points
    assert (points(2, 2), points(2, 3), points(0, 0)) == (12, 3, 10)
    assert rules.scoring == SCORING_TABLES["tricks-and-ten"]


@pytest.mark.parametrize(
    ("name", "bid", "tricks", "points"),
    [
        ("ascenseur", 2, 2, 7),
        ("ascenseur", 1, 4, -3),
        ("tricks-and-ten", 3, 3, 13),
        ("tricks-and-ten", 3, 1, 1),
        ("ten-and-the-bid", 2, 2, 12),
        ("ten-and-the-bid", 2, 0, -12),
        ("tens", 1, 1, 30),
        ("tens", 1, 3, -20),
    ],
)
def test_the_named_scoring_tables(name: str, bid: int, tricks: int, points: int) -> None:
    """H2: the four tables people play, as RULES.md lists their numbers."""
    assert SCORING_TABLES[name].points(bid, tricks) == points


def test_a_deal_is_scored_by_the_rule_sets_table() -> None:
    """H2: the game state scores each finished deal with its rules' table, not the seed's."""
    rules = Rules(3, max_cards=1, scoring=SCORING_TABLES["tens"])
    state = GameState.new(rules, first_dealer=0)
    state.deal(random.Random(4))
    for value in (0, 1, 0):
        state.apply(Bid(value))
    while state.phase is Phase.PLAYING:
        state.apply(state.legal_actions()[0])
    (result,) = state.results
    assert result.scores == tuple(
        rules.scoring.points(b, t) for b, t in zip(result.bids, result.tricks, strict=True)
    )
    assert set(result.scores) <= {20, 30, -10}


def test_only_the_rules_module_knows_the_seed_scoring_numbers() -> None:
    """H2: "3 + 2 × bid" and "−|tricks − bid|" are written in the rules module only; every
    other module scores through the rule set's table."""
    seed_formula = re.compile(
        r"3\s*\+\s*2\s*[*×]|[-−]\s*abs\(\s*(tricks|took|won|t)\s*-\s*bid|\breturn\s+3\s*\+"
    )
    places = sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*")
        if path.suffix in {".py", ".js", ".html"}
        and seed_formula.search(path.read_text(encoding="utf-8"))
    )
    assert places == [], f"the seed's scoring is written outside core/rules.py in {places}"
    assert "exact_base: int = 3" in (SRC / "core" / "rules.py").read_text(encoding="utf-8")


# -- H3: lead restriction ----------------------------------------------------------------------


def test_without_lead_restriction_any_card_may_lead() -> None:
    """H3's worked example: {♥5, T3, Excuse} on lead → all three."""
    hand = cards("H5 T3 EX")
    assert legal_cards(hand, [], lead_restriction=False) == hand
    assert legal_cards(hand, []) == cards("H5")


def test_lead_restriction_off_leaves_following_unchanged() -> None:
    """H3: P4–P9 are unchanged: ♥ led, T7 in; {T4, T9, ♠K} must still overtrump."""
    assert legal_cards(cards("T4 T9 SK"), cards("H2 T7"), lead_restriction=False) == cards("T9")


def test_a_trump_lead_shows_no_void_without_the_lead_restriction() -> None:
    """H3: a trump led proves no void in the suits only when P2 binds the leader."""
    rules = Rules(2, max_cards=2, lead_restriction=False)
    state = GameState.single_deal(rules, deal_index=1, dealer=1)
    from ascenseur.core import Deal

    state.apply(Deal((tuple(cards("T5 H2")), tuple(cards("H3 S4")))))
    state.apply(Bid(1))
    state.apply(Bid(1))
    state.apply(Play(Card.parse("T5")))
    assert observe(state, 1).facts[0].voids == frozenset()


# -- H4: simultaneous bidding ------------------------------------------------------------------


def test_closed_fists_hide_every_other_bid_until_the_last() -> None:
    """H4: until the deal's last bid, a seat's view holds its own bid only; then all."""
    rules = Rules(3, max_cards=2, schedule="down", bidding="simultaneous")
    state = GameState.new(rules, first_dealer=0)
    state.deal(random.Random(9))
    state.apply(Bid(1))  # seat 1
    state.apply(Bid(0))  # seat 2
    assert observe(state, 1).bids == (None, 1, None)
    assert observe(state, 0).bidders == (1, 2)  # who has bid is public (B1), not what
    assert observe(state, 0).bids == (None, None, None)
    assert observe(state, None).bids == (None, None, None)
    state.apply(Bid(2))  # seat 0, the dealer: the last bid
    assert observe(state, 1).bids == (2, 1, 0) == observe(state, None).bids


def test_closed_fists_cannot_go_with_the_hook() -> None:
    """H4: the hook needs bids in turn."""
    with pytest.raises(RulesError, match="hook"):
        Rules(4, hook=True, bidding="simultaneous")


# -- H5: blind one-card deals ------------------------------------------------------------------


def test_a_blind_seat_sees_the_others_cards_and_not_its_own() -> None:
    """H5: in a one-card deal the seat's view names every other card, never its own, and its
    one play is "my card"; two-card deals are played as usual."""
    rules = Rules(3, max_cards=2, blind_one_card=True)
    state = GameState.new(rules, first_dealer=2)
    state.deal(random.Random(3))
    for seat in range(3):
        view = observe(state, seat)
        assert view.hand == () and view.is_blind
        assert view.seen_hands[seat] == ()
        assert [view.seen_hands[s] for s in range(3) if s != seat] == [
            state.hand(s) for s in range(3) if s != seat
        ]
        assert not view.unseen_mask & view.seen_mask
        assert view.unseen_mask >> state.hand(seat)[0].index & 1
    for _ in range(3):
        state.apply(Bid(0))
    to_play = state.current_seat
    assert to_play is not None
    assert observe(state, to_play).legal_actions == (MY_CARD,)
    state.apply(MY_CARD)
    while not state.is_chance_node():
        state.apply(MY_CARD)
    state.deal(random.Random(5))
    assert not observe(state, 0).is_blind and len(observe(state, 0).hand) == 2


def test_my_card_is_refused_outside_a_blind_deal() -> None:
    """H5: "my card" is only the play of a blind one-card deal."""
    state = GameState.new(Rules(3, max_cards=1), first_dealer=0)
    state.deal(random.Random(2))
    for _ in range(3):
        state.apply(Bid(0))
    with pytest.raises(IllegalAction) as caught:
        state.apply(MY_CARD)
    assert caught.value.code == "not-blind"


# -- presets and options -----------------------------------------------------------------------


def test_presets_and_single_options_make_one_rule_set() -> None:
    """A preset by name, single options over it; a record states values, never the name."""
    rules = rules_from_options(4, "tens", {"schedule": "down-up", "max_cards": 3})
    assert rules.scoring == SCORING_TABLES["tens"] and rules.schedule == (3, 2, 1, 2, 3)
    assert "tens" not in json.dumps(rules.to_json())
    assert set(PRESETS) >= set(SCORING_TABLES)
    with pytest.raises(RulesError, match="preset"):
        rules_from_options(4, "chouette")


def test_repr_pastes_back() -> None:
    rules = Rules(5, 3, schedule=[3, 1], scoring=Scoring(1, 2, 3, 4, 5), bidding="simultaneous")
    assert eval(repr(rules), {"Rules": Rules}) == rules
