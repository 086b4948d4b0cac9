"""The leak oracle: many short sessions — people, bots, spectators, hostile clients, people who
drop and come back — with every frame each connection receives checked against an independent
model of what its seat may know at that moment. No frame, error or resync shows a hidden card.

The model is built from the table's raw log only (the hands dealt, the cards played, the decks
of the deals that are over), not from the views the server builds: it knows nothing of
``observe``. It checks each frame by what it is: a view holds exactly its seat's hand, a
revealed deck is exactly a finished deal's, and no other place names a card not played.

Half the tables bid with closed fists (house rule H4) and half play their one-card deals
blind (H5): the model then also knows each deal's bids and whether its last bid is in, and
which card a seat holds to its forehead. No frame may carry another seat's bid before the
deal's last bid, nor name a seat's own blind card before it is played — a view, an event, a
hint, an error sentence (hostile clients guess their card) or the events sent on a return.
``ASCENSEUR_LEAK_SESSIONS`` sets how many sessions run (1,000 by default)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from ascenseur.core.cards import CODE_INDEX, DECK
from ascenseur.core.rules import Rules
from ascenseur.tables import events as ev
from ascenseur.tables.driver import Driver, Settings
from ascenseur.tables.sqlite import SqliteStore
from ascenseur.tables.table import Table
from ascenseur.tables.thinking import thread_pool
from ascenseur.web.connection import Connection
from ascenseur.web.service import GameService, Limits

pytestmark = pytest.mark.timeout(900)
SESSIONS = int(os.environ.get("ASCENSEUR_LEAK_SESSIONS", "1000"))
NAMES = {
    card.code: [
        re.compile(rf"(?<!\w){re.escape(card.display(lang))}(?!\w)") for lang in ("en", "fr")
    ]
    for card in DECK
}
Frame = dict[str, Any]


@dataclass
class Seen:
    """What one connection received, in order, with the seat it held then."""

    conn: Connection
    seat: int | None
    frames: list[tuple[int | None, Frame]] = field(default_factory=list)

    def drain(self) -> list[Frame]:
        got = []
        while not self.conn.outbox.empty():
            data = self.conn.outbox.get_nowait()
            if data is None:
                continue
            frame = json.loads(data)
            if frame["type"] == "welcome":
                self.seat = frame["seat"]
            self.frames.append((self.seat, frame))
            got.append(frame)
        return got

    @property
    def view(self) -> Frame | None:
        for _, frame in reversed(self.frames):
            if frame["type"] == "state":
                view: Frame = frame["view"]
                return view
        return None


@dataclass(frozen=True)
class Moment:
    """What the raw log says at one version: each seat's cards in hand now, the cards played
    in the latest deal and in the whole game, and the decks of the deals that are over; the
    latest deal's bids by seat, whether they are all in, and whether it is played blind."""

    hands: tuple[frozenset[str], ...]
    played_deal: frozenset[str]
    played_ever: frozenset[str]
    finished_decks: frozenset[tuple[str, ...]]
    bids: tuple[int | None, ...] = ()
    bids_in: bool = False
    blind: bool = False

    def own(self, seat: int | None) -> frozenset[str]:
        """The cards ``seat`` sees in its own hand: none in a blind deal (H5)."""
        return frozenset() if seat is None or self.blind else self.hands[seat]

    def seen(self, seat: int | None) -> frozenset[str]:
        """The cards of other hands ``seat`` sees: theirs, in a blind deal (H5)."""
        if seat is None or not self.blind:
            return frozenset()
        return frozenset().union(*(h for s, h in enumerate(self.hands) if s != seat))

    def hidden(self, seat: int | None) -> frozenset[str]:
        """The card ``seat`` holds to its forehead and has not played (H5)."""
        return self.hands[seat] if seat is not None and self.blind else frozenset()


def moments(log: list[ev.Event]) -> list[Moment]:
    """The :class:`Moment` after each number of events (index = version)."""
    first = log[0]
    assert isinstance(first, ev.Created)
    rules = Rules.from_json(first.rules)
    n = rules.players
    hands: list[set[str]] = [set() for _ in range(n)]
    deal: set[str] = set()
    ever: set[str] = set()
    decks: set[tuple[str, ...]] = set()
    bids: list[int | None] = [None] * n
    blind = False
    open_deal: ev.DealEntry | None = None

    def now() -> Moment:
        return Moment(tuple(frozenset(h) for h in hands), frozenset(deal), frozenset(ever),
                      frozenset(decks), tuple(bids), None not in bids, blind)  # fmt: skip

    out = [now()]
    for event in log:
        if isinstance(event, ev.DealEntry):
            open_deal = event
            hands = [set(hand) for hand in event.hands]
            deal = set()
            bids = [None] * n
            blind = rules.is_blind(len(event.hands[0]))
        elif isinstance(event, ev.BidEntry):
            bids[event.seat] = event.value
        elif isinstance(event, ev.PlayEntry):
            hands[event.seat].discard(event.card)
            deal.add(event.card)
            ever.add(event.card)
            if not any(hands) and open_deal is not None and open_deal.deck is not None:
                decks.add(open_deal.deck)  # revealed: the deal is over
        out.append(now())
    return out


def strings(value: object, *, skip: tuple[str, ...] = ("chat", "line", "message")) -> list[str]:
    """Every string in a decoded frame, but chat lines and error sentences (words people or
    rules wrote, checked apart)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in skip for s in strings(v, skip=skip)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v, skip=skip)]
    return []


def paths(value: object, wanted: str, at: str = "") -> list[str]:
    """Where ``wanted`` is in a decoded frame (for a failure's message)."""
    if value == wanted:
        return [at]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in paths(v, wanted, f"{at}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in paths(v, wanted, f"{at}[{i}]")]
    return []


def codes_of(value: object) -> set[str]:
    return {s for s in strings(value) if s in CODE_INDEX}


@dataclass
class Checked:
    """How many frames were checked, and how many of them were sent during a blind deal (H5)
    or while closed-fist bids were hidden (H4): the oracle must have met both."""

    frames: int = 0
    blind: int = 0
    closed: int = 0


def check_frames(seen: Seen, log: list[ev.Event], simultaneous: bool, count: Checked) -> None:
    """Each frame against the raw log at its version: a view holds exactly the seat's own hand
    (none in a blind deal, where it sees the others' hands, H5) and otherwise only cards
    played this deal; events name only cards played; a revealed deck is exactly the deck of a
    deal that is over; nothing else carries a card, and no sentence names a seat's blind card.
    With closed fists (H4), before the deal's last bid a view holds no other seat's bid and
    no event tells a bid's value."""
    at = moments(log)
    version = 0
    for seat, frame in seen.frames:
        if frame["type"] == "state":
            version = frame["view"]["version"]
        m = at[min(version, len(at) - 1)]
        own, seen_cards, hidden = m.own(seat), m.seen(seat), m.hidden(seat)
        where = f"seat {seat} at version {version}: {frame}"
        closed = simultaneous and not m.bids_in and any(b is not None for b in m.bids)
        if frame["type"] == "state":
            view = frame["view"]
            assert set(view["hand"]) == set(own), where
            for other, cards in enumerate(view["seen_hands"]):
                expected = m.hands[other] if other != seat and m.blind else frozenset()
                assert set(cards) == (expected if seat is not None else frozenset()), where
            mine = view["phase"] == "playing" and view["current"] == seat
            assert view["my_card"] == (m.blind and mine and bool(hidden)), where
            others = {k: v for k, v in view.items() if k not in ("hand", "seen_hands")}
            assert codes_of(others) <= own | m.played_deal, where
            if closed and view["phase"] == "bidding":
                for other, bid in enumerate(view["bids"]):
                    assert bid == (m.bids[other] if other == seat else None), where
            for event in frame["events"]:
                if event["kind"] == "reveal":
                    assert tuple(event["deck"]) in m.finished_decks, where
                else:
                    assert codes_of(event) <= m.played_ever, where
                if simultaneous and event["kind"] == "bid":
                    assert event["value"] is None, where
                for line in event.get("text", []):
                    for code, patterns in NAMES.items():
                        if code not in m.played_ever | own | seen_cards:
                            assert not any(p.search(line) for p in patterns), (where, line)
        else:
            assert codes_of(frame) <= own | m.played_deal, where
        # The blind card, not even in a sentence: an error, a hint, the view. (The events are
        # checked above: they may name it only as a card of an earlier deal.)
        body = frame["view"] if frame["type"] == "state" else frame
        for code in hidden:
            for line in strings(body, skip=("chat",)):
                assert not any(p.search(line) for p in NAMES[code]), (where, line)
                assert code not in line.split(), (where, line, paths(frame, code))
        count.frames += 1
        count.blind += bool(hidden)
        count.closed += closed


HOSTILE: list[dict[str, Any]] = [
    {"type": "bid", "state": 0, "value": 1},
    {"type": "play", "state": 3, "card": "T21"},
    {"type": "my_card", "state": 2},
    {"type": "hint", "state": 1},
    {"type": "host", "action": "start"},
    {"type": "host", "action": "keep_bot", "seat": 1},
    {"type": "say", "text": "EX T21 S1"},
    {"type": "transfer"},
    {"type": "ready"},
    {"type": "ping"},
]


async def session(number: int, service: GameService) -> tuple[list[Seen], Table]:
    rng = random.Random(number)
    players = rng.randint(2, 10)
    people = rng.randint(1, min(3, players))
    seats: list[str | None] = [None if s < people - 1 else "random" for s in range(players - 1)]
    rng.shuffle(seats)
    host = Seen(service.connection("10.0.0.1"), None)

    async def say(who: Seen, message: dict[str, Any]) -> list[Frame]:
        await service.handle(who.conn, json.dumps(message))
        await asyncio.sleep(0)
        return who.drain()

    rules: dict[str, Any] = {"players": players, "max_cards": rng.randint(1, min(2, 78 // players))}
    if number % 2:
        rules["bidding"] = "simultaneous"  # H4
    if number % 4 < 2:
        rules["blind_one_card"] = True  # H5
    if rng.random() < 0.3:
        rules["schedule"] = rng.choice(["down-up", "down", [1, 1]])
        if isinstance(rules["schedule"], list):
            del rules["max_cards"]
    create = {"type": "create", "version": 2, "name": "Host", "rules": rules, "seats": seats,
              "summary_seconds": 0, "grace": 0, "standin": "random"}  # fmt: skip
    welcome = (await say(host, create))[0]
    table_id, invite = welcome["table"], welcome["invite"]
    everyone = [host]
    tokens = {0: welcome["token"]}
    for i in range(people - 1):
        guest = Seen(service.connection(f"10.0.1.{i}"), None)
        joined = (
            await say(guest, {"type": "join", "version": 2, "invite": invite, "name": f"G{i}"})
        )[0]
        tokens[joined["seat"]] = joined["token"]
        everyone.append(guest)
    if rng.random() < 0.5:
        spectator = Seen(service.connection("10.0.2.1"), None)
        await say(spectator, {"type": "watch", "version": 2, "invite": invite})
        everyone.append(spectator)
    await say(host, {"type": "host", "action": "start"})
    live = service.driver.live[table_id]
    away: list[tuple[int, Seen]] = []  # (the step they come back at, who)
    for step in range(400):
        if live.table.is_over:
            break
        for due, who in [(d, w) for d, w in away if d <= step]:  # back, asking what they missed
            away.remove((due, who))
            view = who.view
            back = Seen(service.connection("10.0.3.1"), None)
            since = view["version"] if view is not None and rng.random() < 0.7 else 0
            assert who.seat is not None
            await say(back, {"type": "resume", "version": 2, "table": table_id,
                             "token": tokens[who.seat], "since": since})  # fmt: skip
            back.frames[:0] = who.frames
            everyone.append(back)
        for who in list(everyone):
            who.drain()
            view = who.view
            roll = rng.random()
            if roll < 0.08:  # hostile: wrong turn, stale state, someone else's business
                await say(who, {**rng.choice(HOSTILE), "ref": number})
            elif roll < 0.1 and view is not None:  # a guess at one's card, at the right state
                guess = rng.choice(DECK).code
                await say(who, {"type": "play", "state": view["state"], "card": guess})
            elif roll < 0.11 and who.seat is not None and len(everyone) > 1:  # drop for a while
                service.detach(who.conn)
                everyone.remove(who)
                away.append((step + rng.randint(1, 40), who))
            elif view is not None and view["seat"] is not None:
                if view["summary"] and view["seat"] not in view["ready"]:
                    await say(who, {"type": "ready"})
                elif view["current"] == view["seat"]:
                    choices = [{"type": "bid", "value": v} for v in view["legal_bids"]]
                    choices += [{"type": "play", "card": c} for c in view["legal_cards"]]
                    choices += [{"type": "my_card"}] if view["my_card"] else []
                    if choices:
                        move = rng.choice(choices)
                        await say(
                            who, {**move, "state": view["state"], "cid": f"{number}-{rng.random()}"}
                        )
        await asyncio.sleep(0.0005)
    for _, who in away:
        everyone.append(who)  # what they saw before they left is checked too
    for who in everyone:
        who.drain()
    return everyone, live.table


def test_no_frame_shows_a_card_its_seat_may_not_know() -> None:
    async def main() -> tuple[Checked, int]:
        store = SqliteStore(":memory:", durable=False)
        pool = thread_pool(2)
        driver = Driver(store, pool, Settings(pace=0.0, trick_pause=0.0, beat=3600.0))
        service = GameService(driver, Limits(tables_per_hour=10**6, invites_per_minute=10**6))
        count = Checked()
        finished = 0
        try:
            await driver.start()
            for number in range(SESSIONS):
                seen, table = await session(number, service)
                log = list(table.events)
                for who in seen:
                    check_frames(who, log, table.rules.simultaneous, count)
                    service.detach(who.conn)
                finished += table.is_over
                live = driver.live.get(table.id)
                if live is not None:
                    driver.unload(live)
        finally:
            await driver.stop()
            pool.shutdown()
            await store.close()
        return count, finished

    count, finished = asyncio.run(main())
    assert count.frames > SESSIONS * 10
    assert finished > SESSIONS * 0.9  # the sessions really played their games out
    # Both house rules were met, and often: frames sent while a blind card was on a forehead
    # (H5) and while closed-fist bids were hidden (H4).
    assert count.blind > SESSIONS and count.closed > SESSIONS
