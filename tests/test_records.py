"""Game records, ``ascenseur-record/1`` (RULES.md §6): write, read, replay, locate faults."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascenseur.bots import make_bot
from ascenseur.core import GameState, Phase, RecordError, Rules
from ascenseur.core.record import FORMAT, Record, check, dumps, loads, record_of, replay
from ascenseur.simulation import play_game
from helpers import apply_deal, play, random_game, snapshot
from rule_strategies import rule_sets

# A whole game written by hand from the rules: 3 players, max_cards 2 (k = 1, 2, 1), first
# dealer 0, so the dealers are 0, 1, 2 (D2) and the leaders 1, 2, 0 (P1).
#   deal 0: seat 1 leads 5♠, the highest ♠: tricks 0, 1, 0.
#   deal 1: seat 2 leads K♥ then Q♥ and wins both: tricks 0, 0, 2.
#   deal 2: seat 0 leads 1♦, seat 2 trumps with the petit: tricks 0, 0, 1.
GAME: dict[str, Any] = {
    "format": "ascenseur-record/1",
    "rules": {"players": 3, "max_cards": 2, "hook": False},
    "first_dealer": 0,
    "deals": [
        {
            "dealer": 0,
            "hands": [["S1"], ["S5"], ["S3"]],
            "bids": [1, 0, 0],
            "cards": ["S5", "S3", "S1"],
        },
        {
            "dealer": 1,
            "hands": [["H1", "H2"], ["H3", "H4"], ["HK", "HQ"]],
            "bids": [2, 0, 0],
            "cards": ["HK", "H1", "H3", "HQ", "H2", "H4"],
        },
        {
            "dealer": 2,
            "hands": [["D1"], ["D2"], ["T1"]],
            "bids": [1, 1, 0],
            "cards": ["D1", "D2", "T1"],
        },
    ],
}
# S1/S2 by seat and deal: exact → 3 + 2 × bid, else −|tricks − bid|.
GAME_SCORES = [[-1, -1, 3], [-2, 3, -2], [-1, -1, -1]]


def game() -> dict[str, Any]:
    """A fresh copy of the hand-written game, to change."""
    return copy.deepcopy(GAME)


def text_of(data: object) -> str:
    return json.dumps(data)


def fault(data: object) -> RecordError:
    """The error reading this record; ``check`` must say the same."""
    text = data if isinstance(data, str) else text_of(data)
    with pytest.raises(RecordError) as info:
        loads(text)
    err = info.value
    verdict = check(text)
    assert verdict["valid"] is False
    assert verdict["error"] == {
        "deal": err.deal,
        "index": err.index,
        "seat": err.seat,
        "card": err.card,
        "code": err.code,
        "message": err.message,
    }
    assert err.message.strip()
    assert "Traceback" not in err.message
    return err


def deal_numbers(message: str) -> set[int]:
    """The 0-based deal indices a record fault names: its JSON path ``deals[j]``, and any
    1-based "deal N" of the game's own message, brought back to 0-based."""
    paths = {int(n) for n in re.findall(r"\bdeals\[(\d+)\]", message)}
    told = {int(n) - 1 for n in re.findall(r"\bdeal (\d+)", message)}
    return paths | told


# -- writing and reading back --------------------------------------------------------------------


def test_hand_written_game_is_valid_and_scored_by_the_rules() -> None:
    """§6/S1–S3: a whole game, read in game order, scores as the rules say."""
    verdict = check(text_of(GAME))
    assert verdict == {
        "valid": True,
        "complete": True,
        "deals": [
            {"tricks": [0, 1, 0], "scores": GAME_SCORES[0]},
            {"tricks": [0, 0, 2], "scores": GAME_SCORES[1]},
            {"tricks": [0, 0, 1], "scores": GAME_SCORES[2]},
        ],
        "totals": [-4, 1, 0],
        "winners": [1],
    }


def test_reading_then_writing_a_record_gives_the_same_record() -> None:
    """§6: loads then dumps is faithful; the JSON states exactly the game."""
    record = loads(text_of(GAME))
    assert json.loads(dumps(record)) == GAME
    assert loads(dumps(record)) == record


@pytest.mark.parametrize(
    ("players", "max_cards", "hook", "seed"),
    [(2, 3, False, 0), (3, 3, True, 1), (4, 3, False, 2), (5, 2, True, 3), (10, 2, False, 4)],
)
def test_replay_reproduces_every_state_move_by_move(
    players: int, max_cards: int, hook: bool, seed: int
) -> None:
    """§6: after every action of a game, its record replays to exactly the same state."""
    rules = Rules(players=players, max_cards=max_cards, hook=hook)
    rng = random.Random(seed)
    state = GameState.new(rules, rng=rng)
    seats = [f"player {s}" for s in range(players)]
    while True:
        text = dumps(record_of(state, seats))
        replayed, names = replay(json.loads(text))
        assert snapshot(replayed) == snapshot(state)
        assert names == tuple(seats)
        assert dumps(loads(text)) == text
        if state.is_terminal():
            break
        if state.phase is Phase.DEALING:
            state.deal(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert check(text)["complete"] is True


def test_replay_reproduces_a_whole_full_length_game() -> None:
    """§6: a 4-player game of 37 deals up to 19 cards survives writing and reading."""
    state = random_game(Rules(players=4), random.Random(19), first_dealer=3)
    text = dumps(record_of(state))
    replayed, _ = replay(json.loads(text))
    assert snapshot(replayed) == snapshot(state)
    verdict = check(text)
    assert verdict["totals"] == list(state.totals)
    assert len(verdict["deals"]) == 37


def test_record_written_between_deals_holds_only_finished_deals() -> None:
    """§6: a game waiting for its next deal is a valid record in progress."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    apply_deal(state, ["S1", "S5", "S3"], bids=[1, 0, 0])
    play(state, "S5 S3 S1")
    data = json.loads(dumps(record_of(state)))
    assert data["deals"] == GAME["deals"][:1]
    verdict = check(dumps(record_of(state)))
    assert verdict["valid"] is True and verdict["complete"] is False
    assert verdict["totals"] == GAME_SCORES[0]


def test_record_of_a_game_not_yet_dealt_has_no_deals() -> None:
    """§6: the empty game is a record too."""
    state = GameState.new(Rules(players=5), first_dealer=4)
    data = json.loads(dumps(record_of(state)))
    assert data["deals"] == []
    assert data["first_dealer"] == 4
    replayed, _ = replay(data)
    assert snapshot(replayed) == snapshot(state)
    assert check(text_of(data))["complete"] is False


def test_record_in_bidding_writes_null_for_seats_yet_to_bid() -> None:
    """§6: the last deal may be unfinished: null in bids for a seat that has not bid."""
    state = GameState.new(Rules(players=3, max_cards=2), first_dealer=0)
    apply_deal(state, ["S1", "S5", "S3"], bids=[None, 0, 0])  # seat 0, the dealer, to bid
    data = json.loads(dumps(record_of(state)))
    assert data["deals"][0]["bids"] == [None, 0, 0]
    assert data["deals"][0]["cards"] == []
    replayed, _ = replay(data)
    assert replayed.phase is Phase.BIDDING
    assert replayed.current_seat == 0
    assert snapshot(replayed) == snapshot(state)


def test_hand_written_record_in_bidding_is_valid() -> None:
    """§6: null bids from some seat on, no cards: a game in progress."""
    data = game()
    data["deals"][1]["bids"] = [None, None, 0]  # dealer 1: seat 2 bid, then seat 0 to bid
    data["deals"][1]["cards"] = []
    del data["deals"][2]
    verdict = check(text_of(data))
    assert verdict["valid"] is True
    assert verdict["complete"] is False
    assert verdict["totals"] == GAME_SCORES[0]
    state, _ = replay(data)
    assert state.current_seat == 0
    assert state.bids == (None, None, 0)


def test_hand_written_record_in_play_is_valid() -> None:
    """§6: fewer cards than n × k: a trick in progress."""
    data = game()
    data["deals"][1]["cards"] = ["HK", "H1", "H3", "HQ"]
    del data["deals"][2]
    state, _ = replay(data)
    assert state.phase is Phase.PLAYING
    assert state.trick_winners == (2,)
    assert [card.code for _, card in state.trick] == ["HQ"]
    assert state.current_seat == 0
    assert check(text_of(data))["complete"] is False


def test_optional_fields_may_be_omitted() -> None:
    """§6: rules.max_cards defaults to ⌊78/n⌋, rules.hook to false; seats is optional."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": {"players": 4},
        "first_dealer": 1,
        "deals": [],
    }
    record = loads(text_of(data))
    assert record.rules == Rules(players=4, max_cards=19, hook=False)
    assert record.seats is None
    assert "seats" not in json.loads(dumps(record))


def test_omitted_max_cards_means_the_full_schedule() -> None:
    """§6/D5: without max_cards a 3-player record may hold 51 deals, not one more."""
    data = game()
    del data["rules"]["max_cards"]
    del data["rules"]["hook"]
    del data["deals"][2]  # with 26 cards at the peak, deal 2 has 3 cards, not 1
    assert loads(text_of(data)).rules.deal_count == 51
    verdict = check(text_of(data))
    assert verdict["valid"] is True and verdict["complete"] is False


def test_seat_names_are_kept() -> None:
    """§6: seats names who sat where; it survives reading and writing."""
    data = game()
    data["seats"] = ["Alice", "Bob", "bot:heuristic"]
    record = loads(text_of(data))
    assert record.seats == ("Alice", "Bob", "bot:heuristic")
    assert json.loads(dumps(record))["seats"] == data["seats"]


def test_records_write_one_deal_per_line() -> None:
    """§6: records read and diff well: each deal stands on its own line."""
    text = dumps(loads(text_of(GAME)))
    lines = [line for line in text.splitlines() if '"dealer"' in line]
    assert len(lines) == 3
    assert [json.loads(line.strip().rstrip(","))["dealer"] for line in lines] == [0, 1, 2]


def test_record_of_checks_its_seat_names() -> None:
    """§6: seats names every seat."""
    state = GameState.new(Rules(players=3), first_dealer=0)
    with pytest.raises(ValueError, match="3 players"):
        record_of(state, ["Alice", "Bob"])


def test_record_is_a_frozen_value() -> None:
    """§6: a read record is a value: equal records compare equal."""
    assert loads(text_of(GAME)) == loads(dumps(loads(text_of(GAME))))
    assert isinstance(loads(text_of(GAME)), Record)


def test_example_of_the_rules_is_valid_once_its_cards_start_with_the_leader() -> None:
    """§6/P1: the example of RULES.md, with dealer 2, is led by seat 3 (the dealer's left)."""
    data = {
        "format": "ascenseur-record/1",
        "rules": {"players": 4, "max_cards": 19, "hook": False},
        "first_dealer": 2,
        "seats": ["Alice", "Bob", "bot:heuristic", "bot:heuristic"],
        "deals": [
            {
                "dealer": 2,
                "hands": [["S7"], ["T3"], ["EX"], ["H10"]],
                "bids": [0, 1, 0, 0],
                "cards": ["H10", "S7", "T3", "EX"],  # seat 3, 0, 1, 2
            }
        ],
    }
    verdict = check(text_of(data))
    assert verdict["valid"] is True
    assert verdict["deals"] == [{"tricks": [0, 1, 0, 0], "scores": [3, 5, 3, 3]}]


def test_example_of_the_rules_as_printed_starts_with_the_wrong_seat() -> None:
    """§6/P1: as printed in RULES.md its cards start with seat 0's 7♠, but seat 3 leads."""
    data = {
        "format": "ascenseur-record/1",
        "rules": {"players": 4, "max_cards": 19, "hook": False},
        "first_dealer": 2,
        "deals": [
            {
                "dealer": 2,
                "hands": [["S7"], ["T3"], ["EX"], ["H10"]],
                "bids": [0, 1, 0, 0],
                "cards": ["S7", "T3", "EX", "H10"],
            }
        ],
    }
    err = fault(data)
    assert (err.code, err.deal, err.index, err.seat, err.card) == ("not-in-hand", 0, 0, 3, "S7")


# -- faults, each with its place -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ['{"format": "ascenseur-record/1"', "", "not json", "{'format': 1}", '{"a": 1,}'],
)
def test_malformed_json_is_a_located_fault(text: str) -> None:
    """§6: text that is not JSON is refused, saying where the JSON breaks."""
    err = fault(text)
    assert err.code == "bad-json"
    assert "JSON" in err.message
    assert "line 1" in err.message


@pytest.mark.parametrize("value", ["ascenseur-record/2", "ascenseur-record", None, 1])
def test_unknown_format_is_refused(value: object) -> None:
    """§6: only ascenseur-record/1 is read; the error names what it reads."""
    data = game()
    data["format"] = value
    err = fault(data)
    assert err.code == "bad-format"
    assert FORMAT in err.message


def test_record_without_format_is_refused() -> None:
    """§6: the format field is required."""
    data = game()
    del data["format"]
    assert fault(data).code == "bad-format"


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"players": 11}, "2…10"),
        ({"players": 1}, "2…10"),
        ({"players": 4, "max_cards": 20}, "1…19"),
        ({"players": 4, "max_cards": 0}, "max_cards"),
        ({"players": 4, "hook": "yes"}, "hook"),
        ({"max_cards": 3}, "players"),
        ({"players": 4, "trump": "hearts"}, "trump"),
        ([4], "rules"),
    ],
)
def test_bad_rules_are_refused_with_the_reason(rules: object, words: str) -> None:
    """§6/D1/D5/B3: the rules object must be a valid rule set."""
    data = game()
    data["rules"] = rules
    err = fault(data)
    assert err.code == "bad-rules"
    assert words in err.message
    assert err.deal is None


@pytest.mark.parametrize("first_dealer", [-1, 3, "0", None, True, 1.0])
def test_bad_first_dealer_is_refused(first_dealer: object) -> None:
    """§6/D2: first_dealer is a seat 0…n−1."""
    data = game()
    data["first_dealer"] = first_dealer
    err = fault(data)
    assert err.code == "bad-dealer"
    assert "0…2" in err.message


@pytest.mark.parametrize("seats", [["Alice"], "Alice", [1, 2, 3]])
def test_bad_seat_names_are_refused(seats: object) -> None:
    """§6: seats, when given, names every seat with a string."""
    data = game()
    data["seats"] = seats
    assert fault(data).code == "bad-seats"


def test_unknown_top_level_field_is_refused() -> None:
    """§6: a record holds format, rules, first_dealer, seats, deals."""
    data = game()
    data["winner"] = 1
    err = fault(data)
    assert "winner" in err.message


@pytest.mark.parametrize("change", ["missing", "unknown"])
def test_deal_with_missing_or_unknown_fields_is_refused(change: str) -> None:
    """§6: a deal holds dealer, hands, bids, cards."""
    data = game()
    if change == "missing":
        del data["deals"][1]["bids"]
    else:
        data["deals"][1]["trumps"] = "T"
    err = fault(data)
    assert err.deal == 1
    assert ("bids" if change == "missing" else "trumps") in err.message


def test_card_dealt_twice_is_located() -> None:
    """§6/D3: each card is dealt once: the second copy is the fault."""
    data = game()
    data["deals"][1]["hands"][2] = ["HK", "H1"]
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("dealt-twice", 1, 2)
    assert "1♥" in err.message or "H1" in err.message


@pytest.mark.parametrize("code", ["H44", "h3", "EXCUSE", "T0", "T22", 7, None])
def test_unknown_card_in_a_hand_is_located(code: object) -> None:
    """§6/C1: hands hold card codes."""
    data = game()
    data["deals"][1]["hands"][1] = ["H3", code]
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("unknown-card", 1, 1)
    assert err.card == (code if isinstance(code, str) else None)
    assert json.dumps(code) in err.message


def test_unknown_card_played_is_located() -> None:
    """§6/C1: cards holds card codes; the fault names its index."""
    data = game()
    data["deals"][2]["cards"] = ["D1", "X9", "T1"]
    err = fault(data)
    assert (err.code, err.deal, err.index, err.seat, err.card) == ("unknown-card", 2, 1, 1, "X9")


@pytest.mark.parametrize(("seat", "hand"), [(0, ["H1"]), (2, ["HK", "HQ", "HJ"]), (1, [])])
def test_wrong_hand_size_is_located(seat: int, hand: list[str]) -> None:
    """§6/D3/D4: each seat is dealt k cards (k = 2 in deal 1)."""
    data = game()
    data["deals"][1]["hands"][seat] = hand
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("hand-size", 1, seat)


def test_wrong_number_of_hands_is_located() -> None:
    """§6/D3: one hand per seat."""
    data = game()
    data["deals"][1]["hands"] = data["deals"][1]["hands"][:2]
    err = fault(data)
    assert (err.code, err.deal) == ("hand-count", 1)


@pytest.mark.parametrize("dealer", [0, 2, "1", None])
def test_wrong_dealer_is_located(dealer: object) -> None:
    """§6/D2: the deal passes to the left: deal 1 is dealt by seat 1."""
    data = game()
    data["deals"][1]["dealer"] = dealer
    err = fault(data)
    assert (err.code, err.deal) == ("wrong-dealer", 1)
    assert "seat 1" in err.message


def test_dealer_must_be_a_whole_number() -> None:
    """§6/D2: the dealer is a seat number, as first_dealer is."""
    data = game()
    data["deals"][1]["dealer"] = 1.0
    assert fault(data).code == "wrong-dealer"


@pytest.mark.parametrize(("bid", "seat"), [(3, 0), (-1, 1), (78, 2)])
def test_bid_out_of_range_is_located(bid: int, seat: int) -> None:
    """§6/B2: a bid is 0…k (k = 2 in deal 1)."""
    data = game()
    data["deals"][1]["bids"][seat] = bid
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("bid-out-of-range", 1, seat)
    assert "0…2" in err.message


@pytest.mark.parametrize("bid", [1.5, True, "1", [1]])
def test_bid_that_is_not_a_whole_number_is_located(bid: object) -> None:
    """§6/B2: a bid is a whole number."""
    data = game()
    data["deals"][1]["bids"][0] = bid
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("bid-out-of-range", 1, 0)


def test_dealer_bid_against_the_hook_is_located() -> None:
    """§6/B3: with the hook, deal 0's dealer (seat 0) may not bid 1 after 0 and 0."""
    data = game()
    data["rules"]["hook"] = True
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("hook", 0, 0)


def test_same_bids_are_fine_without_the_hook() -> None:
    """§6/B3: the hook is off by default."""
    assert check(text_of(GAME))["valid"] is True


def test_bids_out_of_order_are_located() -> None:
    """§6/B1: a seat cannot have bid while a seat bidding before it has not."""
    data = game()
    data["deals"][2]["bids"] = [1, None, 0]  # dealer 2: seats 0, 1, then 2
    data["deals"][2]["cards"] = []
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("bid-order", 2, 2)


def test_wrong_number_of_bids_is_located() -> None:
    """§6: one bid (or null) per seat."""
    data = game()
    data["deals"][1]["bids"] = [2, 0]
    err = fault(data)
    assert err.deal == 1


def test_card_not_in_hand_is_located() -> None:
    """§6/P1: deal 2 is led by seat 0, who was not dealt 2♦."""
    data = game()
    data["deals"][2]["cards"] = ["D2", "D1", "T1"]
    err = fault(data)
    assert (err.code, err.deal, err.index, err.seat, err.card) == ("not-in-hand", 2, 0, 0, "D2")


def test_illegal_play_is_located_with_its_reason() -> None:
    """§6/P5: seat 0 holds 1♥ but discards 2♠ on the K♥ lead."""
    data = game()
    data["deals"][1]["hands"][0] = ["H1", "S2"]
    data["deals"][1]["cards"] = ["HK", "S2", "H3", "HQ", "H1", "H4"]
    err = fault(data)
    assert (err.code, err.deal, err.index, err.seat, err.card) == ("must-follow", 1, 1, 0, "S2")
    assert "1♥" in err.message


def test_illegal_trump_lead_is_located() -> None:
    """§6/P2: deal 1 is led by seat 2, who may not lead a trump while holding Q♥."""
    data = game()
    data["deals"][1]["hands"][2] = ["T5", "HQ"]
    data["deals"][1]["cards"] = ["T5", "H1", "H3", "HQ", "H2", "H4"]
    err = fault(data)
    assert (err.code, err.deal, err.index, err.seat, err.card) == ("must-lead-suit", 1, 0, 2, "T5")


def test_cards_before_every_bid_is_made_are_located() -> None:
    """§6/B1: no card is played before the dealer, last, has bid."""
    data = game()
    data["deals"][2]["bids"] = [1, 1, None]
    err = fault(data)
    assert (err.code, err.deal, err.index) == ("wrong-phase", 2, 0)
    assert "seat 2" in err.message


def test_deal_following_an_unfinished_one_is_refused() -> None:
    """§6: only the last deal may be unfinished."""
    data = game()
    data["deals"][1]["cards"] = ["HK", "H1", "H3"]
    err = fault(data)
    assert err.code == "unfinished-deal"
    assert err.deal in (1, 2)
    assert "unfinished" in err.message


def test_deal_following_one_still_in_bidding_is_refused() -> None:
    """§6: a deal whose bids are incomplete cannot be followed by another."""
    data = game()
    data["deals"][0]["bids"] = [None, 0, 0]
    data["deals"][0]["cards"] = []
    err = fault(data)
    assert err.code == "unfinished-deal"
    assert err.deal in (0, 1)


def test_too_many_deals_are_refused() -> None:
    """§6/D4: max_cards 2 plays 3 deals; a fourth is a fault."""
    data = game()
    data["deals"].append(
        {"dealer": 0, "hands": [["C1"], ["C2"], ["C3"]], "bids": [0, 0, 0], "cards": []}
    )
    err = fault(data)
    assert (err.code, err.deal) == ("too-many-deals", 3)
    assert "3" in err.message


def test_too_many_deals_do_not_hide_an_earlier_fault() -> None:
    """§6: faults are reported in game order: deal 0's fault comes before a fourth deal."""
    data = game()
    data["deals"][0]["hands"][2] = ["S1"]
    data["deals"].append(
        {"dealer": 0, "hands": [["C1"], ["C2"], ["C3"]], "bids": [0, 0, 0], "cards": []}
    )
    err = fault(data)
    assert (err.code, err.deal) == ("dealt-twice", 0)


@pytest.mark.parametrize(("deal", "extra"), [(2, "T2"), (0, "S2"), (1, "HK")])
def test_too_many_cards_are_located(deal: int, extra: str) -> None:
    """§6: a deal holds n × k cards; the first one more is the fault."""
    data = game()
    data["deals"][deal]["cards"].append(extra)
    err = fault(data)
    assert (err.code, err.deal, err.index) == (
        "too-many-cards",
        deal,
        len(GAME["deals"][deal]["cards"]),
    )


@pytest.mark.parametrize("broken", ["deals", "deal", "hands", "hand", "bids", "cards"])
def test_wrong_json_types_are_faults_not_crashes(broken: str) -> None:
    """§6: every part of the record may be of the wrong JSON type; each is a clear fault."""
    data = game()
    if broken == "deals":
        data["deals"] = {"0": 1}
    elif broken == "deal":
        data["deals"][1] = [1, 2]
    elif broken == "hands":
        data["deals"][1]["hands"] = "H1 H2"
    elif broken == "hand":
        data["deals"][1]["hands"][0] = "H1 H2"
    elif broken == "bids":
        data["deals"][1]["bids"] = 2
    else:
        data["deals"][1]["cards"] = "HK H1"
    err = fault(data)
    if broken != "deals":
        assert err.deal == 1


@pytest.mark.parametrize("data", [[], 3, "record", None, [GAME]])
def test_record_that_is_not_an_object_is_refused(data: object) -> None:
    """§6: a record is a JSON object."""
    assert "object" in fault(text_of(data)).message


# -- game order ----------------------------------------------------------------------------------


def test_first_fault_in_game_order_is_reported_across_deals() -> None:
    """§6: an illegal play in deal 1 is reported before an unknown card dealt in deal 2."""
    data = game()
    data["deals"][1]["hands"][0] = ["H1", "S2"]
    data["deals"][1]["cards"] = ["HK", "S2", "H3", "HQ", "H1", "H4"]
    data["deals"][2]["hands"][0] = ["ZZ"]
    err = fault(data)
    assert (err.deal, err.index, err.code) == (1, 1, "must-follow")


def test_bids_are_checked_before_the_cards_of_the_same_deal() -> None:
    """§6: a bid out of range comes before an illegal card of the same deal."""
    data = game()
    data["deals"][1]["bids"][2] = 5
    data["deals"][1]["cards"][1] = "H4"
    err = fault(data)
    assert (err.code, err.deal, err.index) == ("bid-out-of-range", 1, None)


def test_hands_are_checked_before_the_bids_of_the_same_deal() -> None:
    """§6: the deal of the cards comes before the bids."""
    data = game()
    data["deals"][1]["hands"][1] = ["H3", "H3"]
    data["deals"][1]["bids"][0] = 9
    err = fault(data)
    assert (err.code, err.deal, err.seat) == ("dealt-twice", 1, 1)


def test_bids_are_checked_in_bidding_order() -> None:
    """§6/B1: deal 1 (dealer 1) is bid by seats 2, 0, 1: seat 2's fault comes first."""
    data = game()
    data["deals"][1]["bids"] = [7, 0, 9]
    err = fault(data)
    assert (err.code, err.seat) == ("bid-out-of-range", 2)


def test_first_illegal_card_of_a_deal_is_reported() -> None:
    """§6: of two bad cards in one deal, the earlier one is the fault."""
    data = game()
    data["deals"][1]["cards"] = ["HK", "H1", "H3", "HQ", "H9", "H8"]
    err = fault(data)
    assert (err.code, err.index, err.seat, err.card) == ("not-in-hand", 4, 0, "H9")


@pytest.mark.parametrize("kind", ["not-in-hand", "must-follow", "hook", "dealt-twice"])
def test_fault_message_names_its_deal_by_one_number(kind: str) -> None:
    """§6: a fault message names one deal: its path deals[j] and the game's 1-based "deal j+1"."""
    data = game()
    if kind == "not-in-hand":
        data["deals"][1]["cards"][0] = "T21"
    elif kind == "must-follow":
        data["deals"][1]["hands"][0] = ["H1", "S2"]
        data["deals"][1]["cards"] = ["HK", "S2", "H3", "HQ", "H1", "H4"]
    elif kind == "hook":
        data["rules"]["hook"] = True
        data["deals"][0]["bids"] = [0, 0, 0]  # deal 0 passes the hook (0 + 0 + 0 ≠ 1)
        data["deals"][1]["bids"] = [1, 1, 0]  # deal 1: dealer 1 may not bid 1 after 0 and 1
    else:
        data["deals"][1]["hands"][2] = ["HK", "H1"]
    err = fault(data)
    assert err.code == kind and err.deal == 1
    assert deal_numbers(err.message) == {1}, err.message


def test_unfinished_deal_message_numbers_deals_like_the_other_messages() -> None:
    """§6: the unfinished deal is named by the number the other faults give that deal."""
    wrong_dealer = game()
    wrong_dealer["deals"][1]["dealer"] = 0
    name = deal_numbers(fault(wrong_dealer).message)
    unfinished = game()
    unfinished["deals"][1]["cards"] = ["HK", "H1", "H3"]
    message = fault(unfinished).message
    named = re.search(r"deals\[(\d+)\] is unfinished", message)
    assert named is not None, message
    assert {int(named.group(1))} == name


# -- house rules (RULES.md §6, §7) ---------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_a_record_under_random_rules_round_trips_and_checks_with_the_tables_scores(
    rules: Rules, seed: int, cut: float
) -> None:
    """§7: a record states its rule set's fields (H1–H5) and reads back to the same game;
    ``check`` scores every deal with the scoring function of that rule set (H2), finished
    or in progress; a game played blind (H5) records the cards played, as usual."""
    rng = random.Random(seed)
    bots = [make_bot("random")] * rules.players
    whole = play_game(rules, bots, rng)
    history = whole.history
    state = GameState(rules, whole.first_dealer)
    for action in history[: round(cut * len(history))]:
        state.apply(action)
    text = dumps(record_of(state))
    record = loads(text)
    assert record.rules == rules and dumps(record) == text
    assert json.loads(text)["rules"] == rules.to_json()
    verdict = check(text)
    assert verdict["valid"], verdict
    assert verdict["complete"] == state.is_terminal()
    for deal, scored in zip(record.deals, verdict["deals"], strict=False):
        assert len(deal.hands[0]) in rules.schedule
        assert sum(scored["tricks"]) == len(deal.hands[0])
        assert scored["scores"] == [
            rules.scoring.points(bid, tricks)
            for bid, tricks in zip(deal.bids, scored["tricks"], strict=True)
            if bid is not None
        ]
    assert verdict["totals"] == list(state.totals)
    assert [len(d.hands[0]) for d in record.deals] == list(rules.schedule[: len(record.deals)])


def test_a_record_under_house_rules_is_refused_by_a_reader_with_another_field() -> None:
    """§7: a rules field the reader does not know refuses the record (never scored)."""
    text = dumps(record_of(GameState.new(Rules(3, 2, schedule="down-up"), first_dealer=0)))
    data = json.loads(text)
    data["rules"]["trump_turned_up"] = True
    verdict = check(json.dumps(data))
    assert not verdict["valid"] and verdict["error"]["code"] == "bad-rules"
    assert "unknown field(s) trump_turned_up" in verdict["error"]["message"]
