"""House rules online (RULES.md §7): a table made with any rule set shows it whole, a bad
one is refused with a sentence naming its field, closed-fist bids (H4) stay hidden until the
deal's last bid, and in a blind one-card deal (H5) a seat sees every card but its own and
plays it as "my card" — the wire shows exactly what ``observe`` shows, nothing more."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from starlette.testclient import TestClient

from ascenseur.core.actions import MY_CARD, Bid
from ascenseur.core.cards import Card
from ascenseur.core.rules import (
    BIDDING_MODES,
    PRESETS,
    SCORING_TABLES,
    SHAPES,
    Rules,
)
from ascenseur.search.problem import Estimate
from ascenseur.tables import events as ev
from ascenseur.tables.live import LiveTable, Update
from ascenseur.tables.story import Turn
from ascenseur.tables.table import Table
from ascenseur.web.protocol import ServerMessage, TableView
from ascenseur.web.wire import hint_options, said, table_view
from test_tables_rules import rule_sets
from web_helpers import Client, make_app, service_of

pytestmark = pytest.mark.timeout(120)

#: The create form's example in the contract with the page: "tricks and ten", down-up,
#: closed fists.
TRICKS_AND_TEN = {"exact_base": 10, "exact_per_bid": 0, "miss_base": 0, "miss_per_trick": 0,
                  "per_trick": 1}  # fmt: skip
CONTRACT = {"players": 3, "max_cards": 5, "schedule": "down-up", "scoring": TRICKS_AND_TEN,
            "bidding": "simultaneous"}  # fmt: skip


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return make_app(tmp_path / "games.sqlite3", seed=5)


def test_the_rules_catalogue_is_the_cores_own_data(app: Any) -> None:
    with TestClient(app) as http:
        got = http.get("/api/rules").json()
    assert got == {
        "presets": PRESETS,
        "scoring_tables": {name: table.to_json() for name, table in SCORING_TABLES.items()},
        "shapes": list(SHAPES),
        "bidding": list(BIDDING_MODES),
        "max_schedule_length": 60,
        "max_scoring_number": 100,
    }
    assert got["scoring_tables"]["tricks-and-ten"] == TRICKS_AND_TEN


def test_a_tables_rules_page_is_computed_under_its_own_rules(app: Any) -> None:
    """§7: the rules page of a table with its own five numbers scores its examples by them;
    a rule set the core refuses gets the refusal's sentence, not a page under other rules."""
    own = {"players": 4, "max_cards": 3, "scoring": {"exact_base": 7, "per_trick": 2}}
    with TestClient(app) as http:
        page = http.get("/api/rules/en", params={"rules": json.dumps(own)})
        refused = http.get("/api/rules/fr", params={"rules": json.dumps({"players": 4, "x": 1})})
        nested = http.get("/api/rules/en", params={"rules": "[" * 3000})
    assert page.status_code == 200
    table = page.json()["table"]
    assert table["rules"] == Rules.from_json(own).to_json()
    scoring = Rules.from_json(own).scoring
    assert table["scoring"] and all(
        row["points"] == scoring.points(row["bid"], row["tricks"]) for row in table["scoring"]
    )
    assert table["scoring_name"] is None and "tables" in table["uses"]
    assert refused.status_code == 400 and refused.json()["code"] == "bad-rules"
    assert "x" in refused.json()["message"]
    assert nested.status_code == 400 and nested.json()["code"] == "bad-rules"


def test_a_table_made_with_house_rules_shows_them_whole(app: Any) -> None:
    """H1, H2, H4: the view's rules are every field as a value, and the record's object."""
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.create(rules=CONTRACT, seats=["random", None])
        assert me.view is not None
        rules = me.view["rules"]
    assert rules == {
        "players": 3,
        "max_cards": 5,
        "hook": False,
        "deal_count": 9,
        "schedule": [5, 4, 3, 2, 1, 2, 3, 4, 5],
        "shape": "down-up",
        "scoring": TRICKS_AND_TEN,
        "scoring_name": "tricks-and-ten",
        "lead_restriction": True,
        "bidding": "simultaneous",
        "blind_one_card": False,
        "record": Rules.from_json(CONTRACT).to_json(),
    }
    assert Rules.from_json(rules["record"]) == Rules.from_json(CONTRACT)


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"players": 3, "schedule": "sideways"}, "schedule"),
        ({"players": 3, "schedule": [1, 27]}, "schedule[1]"),
        ({"players": 3, "scoring": {"per_trick": 101}}, "scoring.per_trick"),
        ({"players": 3, "scoring": {"exact_base": True}}, "scoring.exact_base"),
        ({"players": 3, "hook": True, "bidding": "simultaneous"}, "hook"),
        ({"players": 3, "bidding": "shouted"}, "bidding"),
        ({"players": 3, "blind_one_card": "yes"}, "blind_one_card"),
        ({"players": 3, "lead_restriction": None}, "lead_restriction"),
        ({"players": 3, "peak": 2}, "peak"),
        ({"max_cards": 2}, "players"),
        ({"players": "3"}, "players"),
    ],
)
def test_a_bad_rule_set_is_refused_with_a_sentence_naming_its_field(
    app: Any, rules: dict[str, Any], field: str
) -> None:
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        ref = me.send(type="create", version=2, name="Ada", rules=rules, seats=["random"] * 2)
        error = me.answer(ref)
        assert error["type"] == "error" and error["code"] == "bad-rules", error
        assert field in error["message"] and error["message"].endswith("."), error
        assert me.answer(me.send(type="ping"))["type"] == "pong"  # the connection lives on


def test_the_seats_follow_the_rule_sets_players(app: Any) -> None:
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        ref = me.send(type="create", version=2, name="A", rules={"players": 4}, seats=["random"])
        assert me.answer(ref)["code"] == "bad-seats"


def test_closed_fists_hide_every_other_bid_until_the_last_is_in(app: Any) -> None:
    """H4: until the deal's last bid a view holds the seat's own bid only, and ``has_bid``
    says who has bid; the bid events carry no value, and ``bids_shown`` shows all of them
    together — the bids the deal was scored with."""
    rules = {"players": 3, "max_cards": 2, "bidding": "simultaneous"}
    shown: list[Any] = []
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game(rules=rules, seats=["random", "random"])
        bidding_views = 0
        while (view := me.my_turn())["phase"] != "over":
            if view["phase"] == "bidding":
                bidding_views += 1
                n, dealer = 3, view["dealer"]
                before = {(dealer + 1 + i) % n for i in range((0 - dealer - 1) % n)}
                assert view["has_bid"] == [s in before for s in range(n)]
                assert view["bids"] == [None, None, None]  # the others' are hidden
                assert me.act(view, type="bid", value=view["legal_bids"][0])["type"] == "ack"
                mine = me.until(lambda m: m["type"] == "state")["view"]
                assert mine["bids"][0] == view["legal_bids"][0]
                if mine["phase"] == "bidding":
                    assert mine["bids"][1:] == [None] * (n - 1 - sum(before)) + [None] * sum(before)
            else:
                assert None not in view["bids"] and view["has_bid"] == [True] * 3
                me.act(view, type="play", card=view["legal_cards"][0])
        events = [e for m in me.seen if m["type"] == "state" for e in m["events"]]
        shown = [e for e in events if e["kind"] == "bids_shown"]
        assert all(e["value"] is None and e["text"] == [] for e in events if e["kind"] == "bid")
        results = view["results"]
        for message in me.seen:
            msgspec.json.decode(msgspec.json.encode(message), type=ServerMessage)
    assert bidding_views == 3
    assert [e["bids"] for e in shown] == [r["bids"] for r in results]
    assert [e["deal"] for e in shown] == [0, 1, 2]
    assert all(len(e["text"]) == 3 for e in shown)


def test_a_blind_card_is_played_as_my_card_and_never_named_before(app: Any) -> None:
    """H5: the seat sees the others' cards and not its own; its one legal action is "my
    card"; naming a card is refused with one answer whatever the card, the right one too, so
    that no guess is confirmed; "my card" plays the card it holds."""
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        welcome = me.new_game(rules={"players": 3, "max_cards": 1, "blind_one_card": True},
                              seats=["random", "random"])  # fmt: skip
        table = service_of(app).driver.live[welcome["table"]].table
        (mine,) = table.state.hand(0)
        view = me.my_turn()
        assert view["phase"] == "bidding" and view["hand"] == [] and not view["my_card"]
        assert view["seen_hands"][0] == []
        assert [len(cards) for cards in view["seen_hands"]] == [0, 1, 1]
        others = {code for cards in view["seen_hands"] for code in cards}
        assert others == {table.state.hand(s)[0].code for s in (1, 2)}
        me.act(view, type="bid", value=0)
        view = me.my_turn()
        assert view["phase"] == "playing" and view["my_card"] and view["legal_cards"] == []
        assert view["hand"] == [] and view["hand_counts"][0] == 1
        wrong = next(c.code for c in map(Card.parse, ["EX", "T21", "S1"]) if c != mine)
        right_answer = me.act(view, type="play", card=mine.code)
        wrong_answer = me.act(view, type="play", card=wrong)
        for answer in (right_answer, wrong_answer):
            assert answer["type"] == "error" and answer["code"] == "blind-card"
            assert mine.code not in answer["message"] and str(mine) not in answer["message"]
        del right_answer["ref"], wrong_answer["ref"]
        assert right_answer == wrong_answer  # a guess is never confirmed
        assert mine.code not in str([m for m in me.seen if m["type"] != "welcome"])
        assert me.act(view, type="my_card")["type"] == "ack"
        after = me.until(lambda m: m["type"] == "state")
        played = [e for e in after["events"] if e["kind"] == "card" and e["seat"] == 0]
        assert played and played[0]["card"] == mine.code  # told once it is played


def test_my_card_outside_a_blind_deal_is_refused(app: Any) -> None:
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game(rules={"players": 3, "max_cards": 1}, seats=["random", "random"])
        view = me.my_turn()
        me.act(view, type="bid", value=0)
        view = me.my_turn()
        answer = me.act(view, type="my_card")
        assert answer["type"] == "error" and answer["code"] == "not-blind", answer


def test_a_hint_for_a_blind_card_says_my_card() -> None:
    (option,) = hint_options([Estimate(MY_CARD, 0.5, 0.25, 10)])
    assert option.my_card and option.card is None and option.bid is None


# -- the wire does not depend on what a seat may not know ---------------------------------


def live_table(rules: Rules, hands: tuple[tuple[str, ...], ...], moves: list[int]) -> LiveTable:
    """A started table of ``rules`` (everyone a person) dealt ``hands``, then the bids
    ``moves`` made in turn; its updates kept as a live table's."""
    seats = tuple(ev.SeatSpec() for _ in range(rules.players))
    created = ev.Created.of(rules, at=0.0, seats=seats, host=0, first_dealer=0, seed=1)
    table = Table("t", [created])
    live = LiveTable(table, {})
    for s in range(rules.players):
        table.fold(table.take_seat(f"P{s}", at=1.0, seat=s))
    table.fold(table.start(0, at=1.0))

    def commit(event: ev.Event) -> None:
        first = table.version
        told = table.fold(event)
        live.recent.append(Update(first, (event,), tuple(told)))

    commit(ev.DealEntry(at=2.0, deal=0, hands=hands))
    for value in moves:
        seat = table.state.current_seat
        assert seat is not None
        commit(table.move(seat, Bid(value), at=3.0, cid=None, by="person"))
    return live


def wire_of(live: LiveTable, seat: int | None) -> tuple[TableView, list[Any]]:
    view = table_view(live, seat, "en", now=10.0)
    return view, [said(live.table, update, "en") for update in live.recent]


def test_a_seat_under_closed_fists_gets_the_same_frames_whatever_the_others_bid() -> None:
    """H4, no peek: change the bids made before a seat's turn, and nothing it is sent
    changes — its view, the events told."""
    rules = Rules(3, 2, schedule="down", bidding="simultaneous")
    hands = (("S1", "S2"), ("H1", "H2"), ("C1", "C2"))
    for before in ([0, 0], [2, 1], [1, 2]):
        one, two = live_table(rules, hands, [0, 0]), live_table(rules, hands, before)
        assert one.table.state.current_seat == 0
        for seat in (0, None):
            assert wire_of(one, seat) == wire_of(two, seat)
    # and once the last bid is in, they are told
    done = live_table(rules, hands, [2, 1, 0])
    view, told = wire_of(done, 0)
    assert view.bids == [0, 2, 1] and view.has_bid == [True] * 3
    assert [type(e).__name__ for e in told[-1]] == ["BidEvent", "BidsShownEvent"]


def test_a_seat_in_a_blind_deal_gets_the_same_frames_whatever_its_own_card() -> None:
    """H5, no peek: deal seat 1 another card (one no one holds), and nothing it is sent
    before it plays changes."""
    rules = Rules(3, 1, blind_one_card=True)
    for own in ("T21", "EX", "D5", "C10"):
        one = live_table(rules, (("S1",), ("H1",), ("C1",)), [0, 1])
        two = live_table(rules, (("S1",), (own,), ("C1",)), [0, 1])
        view_one, told_one = wire_of(one, 1)
        view_two, told_two = wire_of(two, 1)
        assert view_one == view_two and told_one == told_two
        assert view_one.seen_hands == [["S1"], [], ["C1"]] and view_one.hand == []


def test_any_rule_set_round_trips_through_the_wire(tmp_path: Path) -> None:
    """H1–H5: a table created over the socket with a random rule set reads back (its view's
    ``rules.record``, its stored log) as the same rule set."""
    app = make_app(tmp_path / "games.sqlite3", seed=None)
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        service = service_of(app)

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        @given(rule_sets())
        def check(rules: Rules) -> None:
            seats = [None] * (rules.players - 1)
            welcome = me.create(rules=rules.to_json(), seats=seats)
            assert me.view is not None
            assert Rules.from_json(me.view["rules"]["record"]) == rules
            assert me.view["rules"]["schedule"] == list(rules.schedule)
            live = service.driver.live[welcome["table"]]
            log = asyncio.run(service.driver.store.load(live.id))
            assert log is not None and Table("again", log).rules == rules

        check()


def test_each_my_card_is_logged_as_the_card_its_seat_held() -> None:
    """H5: a blind deal is played in turn, each "my card" logged as the seat's real card."""
    rules = Rules(3, 1, blind_one_card=True)
    live = live_table(rules, (("S1",), ("H1",), ("C1",)), [0, 0, 0])
    table = live.table
    while table.turn is not Turn.OVER:
        seat = table.state.current_seat
        assert seat is not None
        assert table.view(seat).legal_actions == (MY_CARD,)
        event = table.move(seat, MY_CARD, at=4.0, cid=None, by="person")
        assert isinstance(event, ev.PlayEntry) and event.card == ("S1", "H1", "C1")[seat]
        table.fold(event)
    assert table.state.results[0].tricks == (0, 1, 0)  # seat 1 led H1: ♠ and ♣ discarded
