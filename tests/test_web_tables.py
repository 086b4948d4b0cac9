"""Friends at one table: invitations, seats and their tokens, the host's say, spectators, chat,
people who leave and come back, moving to another device, resends, reconnection, fair deals."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ascenseur.bots.random_bot import RandomBot
from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.observation import Observation
from ascenseur.core.phase import Phase
from ascenseur.tables import live as live_module
from ascenseur.tables.events import BotFailed
from ascenseur.tables.fairness import commitment, hands_from_deck
from ascenseur.web.service import Limits
from web_helpers import Client, Message, assert_nothing_hidden, make_app, service_of, states_of

pytestmark = pytest.mark.timeout(120)
#: Four seats: the host, two open for friends, one bot.
FRIENDS: dict[str, Any] = {"players": 4, "max_cards": 2, "seats": [None, "random", None]}


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "tables.sqlite3")) as client:
        yield client


def host_and_friend(
    http: TestClient, stack: Any, **settings: Any
) -> tuple[Client, Client, Message]:
    host = Client(stack.enter_context(http.websocket_connect("/ws")))
    welcome = host.create(**{**FRIENDS, **settings})
    friend = Client(stack.enter_context(http.websocket_connect("/ws")))
    joined = friend.take_seat(welcome["invite"], "Bea")
    assert joined["type"] == "welcome", joined
    return host, friend, welcome


def play_to_the_end(*clients: Client) -> None:
    """Each client plays its first legal choice whenever it is its turn, until the game ends."""
    done: set[int] = set()
    while len(done) < len(clients):
        for i, client in enumerate(clients):
            if i in done:
                continue
            view = client.my_turn_or_none()
            if view is None:
                continue
            if view["phase"] == "over":
                done.add(i)
            else:
                client.play_first_legal(view)


def test_friends_sit_through_the_invitation_and_play_a_whole_game(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        assert welcome["host"] and welcome["seat"] == 0 and len(welcome["token"]) >= 43
        assert friend.seen[0]["seat"] == 1 and not friend.seen[0]["host"]
        assert friend.seen[0]["token"] != welcome["token"]
        lobby = friend.view
        assert lobby is not None and lobby["phase"] == "lobby"
        assert [s["name"] for s in lobby["seats"]][:2] == ["Ada", "Bea"]
        assert lobby["seats"][3]["open"] and lobby["seats"][2]["bot"] == "random"
        # only the host starts; the open seat becomes a bot
        refused = friend.answer(friend.send(type="host", action="start"))
        assert refused["code"] == "not-host"
        assert host.answer(host.send(type="host", action="start"))["type"] == "ack"
        play_to_the_end(host, friend)
        table = service_of(http.app).driver.live[welcome["table"]].table  # type: ignore[arg-type]
        assert table.names == ("Ada", "Bea", "bot:random", "bot:heuristic")
        states = states_of(table.rules, table.created.first_dealer, table.state.history)
        assert assert_nothing_hidden(host.seen, states) > 5
        assert assert_nothing_hidden(friend.seen, states) > 5
        record = http.post(
            f"/api/tables/{welcome['table']}/record", json={"token": friend.seen[0]["token"]}
        )
        assert record.status_code == 200


def test_ten_people_race_for_the_last_free_seat_and_one_wins(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host = Client(stack.enter_context(http.websocket_connect("/ws")))
        invite = host.create(players=3, seats=["random", None])["invite"]
        racers = [Client(stack.enter_context(http.websocket_connect("/ws"))) for _ in range(10)]
        refs = [
            r.send(type="join", version=2, invite=invite, name=f"P{i}")
            for i, r in enumerate(racers)
        ]
        answers = [r.answer(ref) for r, ref in zip(racers, refs, strict=True)]
    winners = [a for a in answers if a["type"] == "welcome"]
    assert len(winners) == 1 and winners[0]["seat"] == 2
    losers = [a for a in answers if a["type"] == "error"]
    assert len(losers) == 9 and {a["code"] for a in losers} == {"table-full"}
    assert all("taken" in a["message"] for a in losers)


def test_the_host_moves_removes_and_replaces_people_before_the_start(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        old_token = friend.seen[0]["token"]
        assert host.answer(host.send(type="host", action="move", seat=1, to=3))["type"] == "ack"
        moved = friend.until(lambda m: m["type"] == "welcome" and m.get("ref") is None)
        assert moved["seat"] == 3 and moved["token"] not in (None, old_token)
        stranger = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert stranger.join(welcome["table"], old_token)["code"] == "bad-token"  # void now
        assert stranger.join(welcome["table"], moved["token"])["seat"] == 3
        assert (
            host.answer(host.send(type="host", action="bot", seat=1, bot="heuristic"))["type"]
            == "ack"
        )
        removed = host.answer(host.send(type="host", action="free", seat=3))
        assert removed["type"] == "ack"
        gone = friend.until(lambda m: m["type"] == "error")
        assert gone["code"] == "removed"
        late = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert late.join(welcome["table"], moved["token"])["code"] == "bad-token"
        host.sync()
        assert host.view is not None and host.view["seats"][3]["open"]


def test_who_may_do_what_at_a_table(http: TestClient) -> None:
    """The authorisation matrix: every action, sent by the seat's own connection, by another
    seat, by a spectator, by no one, with another table's token, and after reassignment."""
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        other_table = Client(stack.enter_context(http.websocket_connect("/ws"))).create(
            players=3, seats=["random", "random"]
        )
        spectator = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert spectator.watch(welcome["invite"])["seat"] is None
        nobody = Client(stack.enter_context(http.websocket_connect("/ws")))
        host.answer(host.send(type="host", action="start"))
        # whoever is to act first, the others may not act for them
        turn = host.my_turn_or_none() or friend.my_turn_or_none()
        while turn is None:
            turn = host.my_turn_or_none() or friend.my_turn_or_none()
        owner = host if turn["seat"] == 0 else friend
        other = friend if owner is host else host
        assert other.view is not None
        move = {"type": "bid", "value": turn["legal_bids"][0], "cid": "x1"}
        assert other.answer(other.send(state=turn["state"], **move))["code"] == "not-your-turn"
        assert spectator.answer(spectator.send(state=turn["state"], **move))["code"] == "no-seat"
        assert nobody.answer(nobody.send(state=turn["state"], **move))["code"] == "not-joined"
        for kind in ({"type": "say", "text": "hi"}, {"type": "ready"}, {"type": "transfer"}):
            assert spectator.answer(spectator.send(**kind))["code"] == "no-seat"
            assert nobody.answer(nobody.send(**kind))["code"] == "not-joined"
        for action in ("start", "free", "bot", "keep_bot"):
            sent = {"type": "host", "action": action, "seat": 1}
            assert spectator.answer(spectator.send(**sent))["code"] == "no-seat"
            assert friend.answer(friend.send(**sent))["code"] in ("not-host", "started")
        wrong = nobody.join(welcome["table"], other_table["token"])  # another table's token
        assert wrong["code"] == "bad-token"
        for what in ("record", "replay"):
            response = http.post(
                f"/api/tables/{welcome['table']}/{what}", json={"token": other_table["token"]}
            )
            assert response.status_code == 403
        assert owner.answer(owner.send(state=turn["state"], **move))["type"] == "ack"


def test_a_resent_action_is_applied_once(http: TestClient) -> None:
    service = service_of(http.app)  # type: ignore[arg-type]
    with http.websocket_connect("/ws") as ws:
        me = Client(ws)
        me.new_game()
        view = me.my_turn()
        move = {"type": "bid", "value": view["legal_bids"][0], "cid": "once-1"}
        first = me.answer(me.send(state=view["state"], **move))
        again = me.answer(me.send(state=view["state"], **move))  # the ack was "lost"
        assert first["type"] == again["type"] == "ack"
        assert again["state"] >= first["state"] == view["state"] + 1
        table = next(iter(service.driver.live.values())).table
        assert sum(1 for e in table.events if getattr(e, "cid", None) == "once-1") == 1


def test_a_client_that_comes_back_gets_what_it_missed(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        token = friend.seen[0]["token"]
        assert friend.view is not None
        seen = friend.view["version"]
    with http.websocket_connect("/ws") as ws:
        host = Client(ws)
        host.join(welcome["table"], welcome["token"])
        host.answer(host.send(type="say", text="where is Bea?"))
        host.answer(host.send(type="host", action="start"))
        with http.websocket_connect("/ws") as ws2:
            back = Client(ws2)
            back.join(welcome["table"], token, since=seen)
            state = next(m for m in back.seen if m["type"] == "state")
            assert not state["resync"]
            kinds = [e["kind"] for e in state["events"]]
            assert "chat" in kinds and "notice" in kinds  # the chat and the start it missed
            line = next(e for e in state["events"] if e["kind"] == "chat")["line"]
            assert line["text"] == "where is Bea?" and line["name"] == "Ada"
        monkeypatch.setattr(live_module, "RECENT_UPDATES", 1)
        with http.websocket_connect("/ws") as ws3:
            old = Client(ws3)
            old.join(welcome["table"], token, since=0)
            state = next(m for m in old.seen if m["type"] == "state")
            assert state["view"]["seat"] == 1  # the whole view all the same


def test_chat_is_text_kept_with_the_table_and_limited(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        _host, friend, welcome = host_and_friend(http, stack)
        spectator = Client(stack.enter_context(http.websocket_connect("/ws")))
        spectator.watch(welcome["invite"])
        text = "<b>bonjour</b> & à tous"
        assert friend.answer(friend.send(type="say", text=text))["type"] == "ack"
        assert friend.answer(friend.send(type="say", reaction="well_played"))["type"] == "ack"
        assert friend.answer(friend.send(type="say", text="x" * 301))["code"] == "bad-chat"
        assert friend.answer(friend.send(type="say", text=" \n\t "))["code"] == "bad-chat"
        assert friend.answer(friend.send(type="say", reaction="boo"))["code"] == "bad-reaction"
        spectator.sync()
        assert spectator.view is not None
        lines = spectator.view["chat"]
        assert lines[0]["text"] == text and lines[0]["name"] == "Bea"  # as typed: shown as text
        assert lines[1]["reaction"] == "well_played"
        burst = [friend.answer(friend.send(type="say", text=f"{i}")) for i in range(8)]
        assert any(a.get("code") == "rate-limited" for a in burst)
    with http.websocket_connect("/ws") as ws:
        back = Client(ws)
        back.join(welcome["table"], welcome["token"])
        assert back.view is not None and back.view["chat"][0]["text"] == text  # kept


def test_spectators_see_no_hand_and_only_when_allowed(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host = Client(stack.enter_context(http.websocket_connect("/ws")))
        closed = host.create(players=3, seats=["random", "random"], spectators=False)
        watcher = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert watcher.watch(closed["invite"])["code"] == "no-spectators"
        other = Client(stack.enter_context(http.websocket_connect("/ws")))
        welcome = other.new_game(players=3, seats=["random", "random"])
        assert watcher.watch(welcome["invite"])["seat"] is None
        play_to_the_end(other)
        watcher.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "over")
        views = [m["view"] for m in watcher.seen if m["type"] == "state"]
        assert views and all(v["hand"] == [] and v["legal_cards"] == [] for v in views)
        invite = http.get(f"/api/invite/{welcome['invite']}").json()
        assert invite["table"] == welcome["table"] and invite["names"][0] == "Ada"
        assert "token" not in str(invite)


def test_someone_away_is_played_by_a_bot_and_takes_the_seat_back(tmp_path: Path) -> None:
    from contextlib import ExitStack

    with TestClient(make_app(tmp_path / "t.sqlite3")) as http, ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack, grace=0.2, standin="random")
        token = friend.seen[0]["token"]
        host.answer(host.send(type="host", action="start"))
        stack.close()  # both leave: after the grace time, bots play for them
        live = service_of(http.app).driver.live[welcome["table"]]  # type: ignore[arg-type]
        with http.websocket_connect("/ws") as ws:
            watcher = Client(ws)
            watcher.watch(welcome["invite"])
            watcher.until(
                lambda m: m["type"] == "state" and m["view"]["seats"][1]["standin"] == "random"
            )
            watcher.until(lambda m: m["type"] == "state" and m["view"]["state"] > 6)
            with http.websocket_connect("/ws") as ws2:
                back = Client(ws2)
                back.join(welcome["table"], token)
                watcher.until(
                    lambda m: m["type"] == "state" and m["view"]["seats"][1]["standin"] is None
                )
                assert live.table.seats[1].standin is None
                view = back.my_turn()
                if view["phase"] != "over":
                    assert back.play_first_legal(view)["type"] == "ack"
        kinds = {type(e).__name__ for e in live.table.events}
        assert {"StoodIn", "Returned"} <= kinds
        bys = {getattr(e, "by", None) for e in live.table.events}
        assert "standin" in bys


def test_a_seat_moves_to_another_device_with_a_one_time_code(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        old = friend.seen[0]["token"]
        code = friend.answer(friend.send(type="transfer"))
        assert code["type"] == "transfer_code" and len(code["code"]) >= 43
        assert all(m.get("code") != code["code"] for m in host.sync())  # shown to Bea only
        phone = Client(stack.enter_context(http.websocket_connect("/ws")))
        claimed = phone.answer(phone.send(type="claim", version=2, code=code["code"]))
        assert claimed["type"] == "welcome" and claimed["seat"] == 1
        assert claimed["token"] not in (None, old)
        assert friend.until(lambda m: m["type"] == "error")["code"] == "moved"
        again = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert (
            again.answer(again.send(type="claim", version=2, code=code["code"]))["code"]
            == "bad-transfer"
        )
        assert again.join(welcome["table"], old)["code"] == "bad-token"


def test_online_deals_are_committed_to_and_revealed(tmp_path: Path) -> None:
    with (
        TestClient(make_app(tmp_path / "t.sqlite3", seed=None)) as http,
        http.websocket_connect("/ws") as ws,
    ):
        me = Client(ws)
        me.new_game(players=3, max_cards=2, seats=["random", "random"])
        hands: dict[int, list[str]] = {}
        commitments: dict[int, str] = {}
        while (view := me.my_turn())["phase"] != "over":
            assert view["commitment"] and len(view["commitment"]) == 64
            commitments.setdefault(view["deal"], view["commitment"])
            hands.setdefault(view["deal"], list(view["hand"]))
            me.play_first_legal(view)
        reveals = [e for m in me.seen if m["type"] == "state" for e in m["events"]]
        reveals = [e for e in reveals if e["kind"] == "reveal"]
        assert [r["deal"] for r in reveals] == [0, 1, 2]
        dealt = [e for m in me.seen if m["type"] == "state" for e in m["events"]]
        dealers = {e["deal"]: e["dealer"] for e in dealt if e["kind"] == "dealt"}
        for reveal in reveals:
            deal = reveal["deal"]
            assert reveal["commitment"] == commitments[deal]
            assert commitment(reveal["salt"], reveal["deck"]) == reveal["commitment"]
            size = 2 if deal == 1 else 1
            mine = hands_from_deck(reveal["deck"], players=3, hand_size=size, dealer=dealers[deal])
            assert sorted(mine[0]) == sorted(hands[deal])


def test_a_flood_of_messages_closes_the_connection_with_1008(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    limits = Limits(message_rate=5.0, message_burst=10.0)
    caplog.set_level(logging.WARNING, logger="ascenseur.web")
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=limits)) as http:
        with http.websocket_connect("/ws") as ws:
            for _ in range(40):
                ws.send_text('{"type": "ping"}')
            kinds = []
            while True:
                message = ws.receive()
                if message["type"] == "websocket.close":
                    break
                kinds.append(message["type"])
        assert message["code"] == 1008
        assert 8 <= len(kinds) <= 11  # the burst was answered, then the door closed
        # The operator reads why, once (not once per message refused).
        closing = [r.getMessage() for r in caplog.records if "closing a" in r.getMessage()]
        assert closing == ["closing a connection from testclient: more than 5 messages a second"]
        with http.websocket_connect("/ws") as again:  # another connection is not punished
            again.send_text('{"type": "ping"}')
            assert again.receive_json()["type"] == "pong"


def test_tables_opened_per_address_are_limited(tmp_path: Path) -> None:
    limits = Limits(tables_per_hour=2)
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=limits)) as http:
        with http.websocket_connect("/ws") as ws:
            me = Client(ws)
            me.create(players=3, seats=["random", "random"])
            me.create(players=3, seats=["random", "random"])
            third = me.answer(me.send(type="create", version=2, name="A", rules={"players": 3},
                                      seats=["random", "random"]))  # fmt: skip
        assert third["code"] == "rate-limited" and "this hour" in third["message"]


def test_a_bot_that_fails_is_told_to_the_table_not_hidden(tmp_path: Path) -> None:
    from ascenseur.bots.base import REGISTRY, register

    class Broken(RandomBot):
        def choose(self, view: Observation, rng: random.Random) -> Bid | Play:
            raise RuntimeError("out of ideas")

    register("broken")(lambda budget: Broken())
    try:
        with (
            TestClient(make_app(tmp_path / "t.sqlite3")) as http,
            http.websocket_connect("/ws") as ws,
        ):
            me = Client(ws)
            me.new_game(players=3, max_cards=1, seats=["broken", "broken"])
            while (view := me.my_turn())["phase"] != "over":  # the random bot takes over
                me.play_first_legal(view)
            notices = [
                e["code"]
                for m in me.seen
                if m["type"] == "state"
                for e in m["events"]
                if e["kind"] == "notice"
            ]
            assert notices.count("bot_failed") >= 3  # told each time, then a random move
            table = next(iter(service_of(http.app).driver.live.values())).table  # type: ignore[arg-type]
        failures = [e for e in table.events if isinstance(e, BotFailed)]
        assert failures and "out of ideas" in failures[0].reason
    finally:
        REGISTRY.pop("broken", None)


def test_a_bot_that_chooses_an_illegal_move_is_told_and_replaced(tmp_path: Path) -> None:
    """A bot whose choice the rules refuse fails like a bot that raises: told to the table,
    then the random bot plays, and the game goes on (never the same question forever)."""
    from ascenseur.bots.base import REGISTRY, register

    class Cheat(RandomBot):
        def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
            return Bid(view.hand_size + 5) if view.phase is Phase.BIDDING else Bid(0)

    register("cheat")(lambda budget: Cheat())
    try:
        with (
            TestClient(make_app(tmp_path / "t.sqlite3")) as http,
            http.websocket_connect("/ws") as ws,
        ):
            me = Client(ws)
            me.new_game(players=3, max_cards=1, seats=["cheat", "cheat"])
            while (view := me.my_turn())["phase"] != "over":
                me.play_first_legal(view)
            table = next(iter(service_of(http.app).driver.live.values())).table  # type: ignore[arg-type]
        failures = [e for e in table.events if isinstance(e, BotFailed)]
        assert len(failures) >= 3 and "illegal move" in failures[0].reason
        assert table.state.is_terminal()
    finally:
        REGISTRY.pop("cheat", None)


def test_every_seat_acting_at_once_on_one_version_moves_the_game_once(
    tmp_path: Path,
) -> None:
    from contextlib import ExitStack

    with TestClient(make_app(tmp_path / "t.sqlite3")) as http, ExitStack() as stack:
        host = Client(stack.enter_context(http.websocket_connect("/ws")))
        welcome = host.create(players=3, seats=[None, None])
        others = [Client(stack.enter_context(http.websocket_connect("/ws"))) for _ in range(2)]
        for i, other in enumerate(others):
            other.take_seat(welcome["invite"], f"P{i}")
        host.answer(host.send(type="host", action="start"))
        everyone = [host, *others]
        views = [c.my_turn_or_none() for c in everyone]
        while not any(views):
            views = [c.my_turn_or_none() for c in everyone]
        state = next(v for v in views if v)["state"]
        refs = [
            c.send(type="bid", state=state, value=0, cid=f"all-{i}") for i, c in enumerate(everyone)
        ]
        answers = [c.answer(ref) for c, ref in zip(everyone, refs, strict=True)]
    assert [a["type"] for a in answers].count("ack") == 1
    assert {a["code"] for a in answers if a["type"] == "error"} <= {"not-your-turn", "stale-state"}


def test_the_exported_record_carries_each_deals_commitment_and_check_verifies_it(
    tmp_path: Path,
) -> None:
    import json

    from ascenseur.core.record import check

    with TestClient(make_app(tmp_path / "t.sqlite3", seed=None)) as http:
        with http.websocket_connect("/ws") as ws:
            me = Client(ws)
            welcome = me.new_game(players=3, max_cards=2, seats=["random", "random"])
            while (view := me.my_turn())["phase"] != "over":
                me.play_first_legal(view)
        text = http.post(
            f"/api/tables/{welcome['table']}/record", json={"token": welcome["token"]}
        ).text
    verdict = check(text)
    assert verdict["valid"] and verdict["complete"] and verdict["commitments"] == 3
    record = json.loads(text)
    salted = json.loads(text)
    salted["deals"][1]["fairness"]["salt"] += "0"  # not what was promised
    refused = check(json.dumps(salted))
    assert not refused["valid"] and refused["error"]["code"] == "bad-commitment"
    assert refused["error"]["deal"] == 1
    deck = record["deals"][0]["fairness"]["deck"]
    swapped = json.loads(text)  # a deck that was committed to, but dealt other hands
    deck[0], deck[-1] = deck[-1], deck[0]
    swapped["deals"][0]["fairness"]["deck"] = deck
    salt = swapped["deals"][0]["fairness"]["salt"]
    swapped["deals"][0]["fairness"]["commitment"] = commitment(salt, deck)  # a forger's
    forged = check(json.dumps(swapped))
    assert (
        forged["error"]["code"] == "bad-commitment"
        and "not the hand recorded" in (forged["error"]["message"])
    )


def test_the_host_calls_in_a_stand_in_then_gives_it_the_seat_for_good(http: TestClient) -> None:
    from contextlib import ExitStack

    with ExitStack() as stack:
        host, friend, welcome = host_and_friend(http, stack)
        token = friend.seen[0]["token"]
        host.answer(host.send(type="host", action="start"))
        here = host.answer(host.send(type="host", action="stand_in", seat=1))
        assert here["code"] == "not-away"  # Bea is still connected
        friend.ws.close()
        host.sync()
        assert host.answer(host.send(type="host", action="stand_in", seat=1))["type"] == "ack"
        assert host.answer(host.send(type="host", action="keep_bot", seat=1))["type"] == "ack"
        late = Client(stack.enter_context(http.websocket_connect("/ws")))
        assert late.join(welcome["table"], token)["code"] == "bad-token"  # void for good
        host.sync()
        assert host.view is not None and host.view["seats"][1]["bot"] == "heuristic"


def test_invitation_codes_tried_over_http_and_the_socket_count_together(tmp_path: Path) -> None:
    limits = Limits(invites_per_minute=3, message_rate=1000.0, message_burst=1000.0)
    app = make_app(tmp_path / "t.sqlite3", limits=limits)
    with TestClient(app) as http, http.websocket_connect("/ws") as ws:
        me = Client(ws)
        invite = me.create(players=3, seats=[None, "random"])["invite"]
        assert http.get(f"/api/invite/{invite}").status_code == 200
        assert http.get("/api/invite/wrongcode1").status_code == 404
        assert me.take_seat("wrongcode2", "Bo")["code"] == "no-table"
        refused = me.take_seat(invite, "Bo")  # the fourth try this minute, right or wrong
        assert refused["code"] == "rate-limited" and "wait a minute" in refused["message"]
        assert http.get(f"/api/invite/{invite}").status_code == 429
