"""The session behind every interface: turns, bots' views, events, saving, resuming."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ascenseur.bots import REGISTRY
from ascenseur.bots.hints import hint
from ascenseur.core.actions import BIDS, Deal, PlayerAction
from ascenseur.core.cards import Card, cards_of
from ascenseur.core.errors import AscenseurError, IllegalAction, RecordError
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import check, dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.search.worlds import WorldSpec, sample_world
from ascenseur.session import (
    BidMade,
    CardPlayed,
    DealScored,
    Dealt,
    GameOver,
    Session,
    TrickTaken,
    Turn,
    default_bot,
)
from ascenseur.tables.sqlite import SqliteDatabase
from ascenseur.tables.table import Table
from ascenseur.userdata import data_dir, latest_unfinished
from play_helpers import person_choice

RULES = Rules(players=4, max_cards=2)


def play_out(session: Session) -> list[object]:
    events: list[object] = []
    while session.turn is not Turn.OVER:
        if session.turn is Turn.PERSON:
            events += session.act(person_choice(session.view))
        else:
            events += session.advance()
    return events


def stored(db: SqliteDatabase, session: Session) -> Table:
    """The table as the database holds it."""
    events = db.load(session.table.id)
    assert events is not None
    return Table(session.table.id, events)


def test_a_new_game_is_saved_at_once(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    session = Session.start(RULES, "Ada", ["random"], seed=5, db=db)
    table = stored(db, session)
    assert table.names == ("Ada", "bot:random", "bot:random", "bot:random")
    assert table.started and table.state.history == ()
    assert session.turn is Turn.DEAL
    (line,) = db.latest("terminal")
    assert line.id == session.table.id and not line.over


def test_every_action_is_saved_and_the_record_is_valid(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    session = Session.start(RULES, "Ada", ["random"], seed=5, db=db)
    while session.turn is not Turn.OVER:
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
        assert stored(db, session).events == session.table.events
    verdict = check(dumps(record_of(session.state, session.seats)))
    assert verdict["valid"] and verdict["complete"]
    assert db.latest("terminal")[0].over


def test_events_tell_the_whole_public_story() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=2, db=None)
    events = play_out(session)
    assert sum(isinstance(e, Dealt) for e in events) == RULES.deal_count
    assert sum(isinstance(e, BidMade) for e in events) == 4 * RULES.deal_count
    assert sum(isinstance(e, CardPlayed) for e in events) == 4 * sum(RULES.schedule)
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert len(taken) == sum(RULES.schedule)
    scored = [e for e in events if isinstance(e, DealScored)]
    assert [e.result for e in scored] == list(session.state.results)
    for event in scored:
        tricks = [e for e in taken if events.index(e) < events.index(event)]
        assert sum(event.result.tricks) <= len(tricks)
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == session.state.winners()
    assert session.last_trick == taken[-1].trick


def test_trick_winners_in_events_match_the_game() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=9, db=None)
    winners: list[int] = []
    for event in play_out(session):
        if isinstance(event, TrickTaken):
            winners.append(event.trick.winner)
    logs = session.state.deal_logs()
    assert len(winners) == sum(len(log.cards) for log in logs) // 4


def test_the_same_seed_plays_the_same_game() -> None:
    first = Session.start(RULES, "Ada", ["random"], seed=11, db=None)
    second = Session.start(RULES, "Ada", ["random"], seed=11, db=None)
    play_out(first)
    play_out(second)
    assert first.state.history == second.state.history


def test_bots_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int | None, Observation]] = []

    class Spy:
        name = "spy"

        def choose(self, view: Observation, rng: random.Random) -> PlayerAction:
            assert isinstance(view, Observation)
            seen.append((view.seat, view))
            return view.legal_actions[0]

    monkeypatch.setitem(REGISTRY, "spy", lambda budget: Spy())
    session = Session.start(RULES, "Ada", ["spy"], seed=3, db=None)
    while session.turn is not Turn.OVER:
        if session.turn is Turn.BOT:
            seat = session.state.current_seat
            assert seat is not None
            expected = observe(session.state, seat)
            session.advance()
            assert seen[-1] == (seat, expected)
        elif session.turn is Turn.PERSON:
            assert session.view == observe(session.state, session.person)
            session.act(person_choice(session.view))
        else:
            session.advance()
    assert {seat for seat, _ in seen} == {1, 2, 3}


def test_an_illegal_action_changes_nothing(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    session = Session.start(RULES, "Ada", ["random"], seed=3, db=db)
    while session.turn is not Turn.PERSON:
        session.advance()
    before = stored(db, session).events
    moves = session.moves
    with pytest.raises(IllegalAction):
        session.act(BIDS[5])
    assert session.moves == moves
    assert stored(db, session).events == before


def test_bot_move_refuses_the_persons_turn() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=3, db=None)
    while session.turn is not Turn.PERSON:
        session.advance()
    with pytest.raises(ValueError, match="no bot"):
        session.bot_move()
    assert session.advance() == []


def test_start_checks_bots_and_name() -> None:
    with pytest.raises(AscenseurError, match="4 players need 3 bots"):
        Session.start(RULES, "Ada", ["random", "random"], db=None)
    with pytest.raises(AscenseurError, match="there is no bot called"):
        Session.start(RULES, "Ada", ["nobody"], db=None)
    with pytest.raises(AscenseurError, match="may not start with"):
        Session.start(RULES, "bot:me", ["random"], db=None)
    with pytest.raises(AscenseurError, match="is empty"):
        Session.start(RULES, "  ", ["random"], db=None)


def test_resume_goes_on_where_the_game_stopped(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    session = Session.start(RULES, "Ada", ["random"], seed=4, db=db)
    for _ in range(12):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    resumed = Session.resume(SqliteDatabase(tmp_path / "g.sqlite3"))
    assert resumed.state.history == session.state.history
    assert resumed.seats == session.seats
    assert resumed.view == session.view
    play_out(resumed)  # the same seed: the deals and bots' moves still to come are the same
    twin = Session.start(RULES, "Ada", ["random"], seed=4, db=None)
    play_out(twin)
    assert resumed.state.history == twin.state.history


def test_a_record_file_is_imported_and_goes_on(tmp_path: Path) -> None:
    first = Session.start(RULES, "Ada", ["random"], seed=4, db=None)
    for _ in range(12):
        first.advance() if first.turn is not Turn.PERSON else first.act(person_choice(first.view))
    path = tmp_path / "g.json"
    path.write_text(dumps(record_of(first.state, first.seats)), encoding="utf-8")
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    imported = Session.import_record(db, path)
    assert imported.state.history == first.state.history
    assert imported.view == first.view
    play_out(imported)
    assert check(dumps(record_of(imported.state, imported.seats)))["complete"]
    assert stored(db, imported).events == imported.table.events


def test_resume_replaces_an_unknown_bot(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    first = Session.start(RULES, "Ada", ["random"], seed=4, db=None)
    data = json.loads(dumps(record_of(first.state, first.seats)))
    data["seats"][2] = "bot:retired"
    path.write_text(json.dumps(data), encoding="utf-8")
    resumed = Session.import_record(None, path)
    assert resumed.replaced == {2: ("retired", default_bot())}
    assert resumed.bot_name(2) == default_bot()


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (None, "names no seats"),
        (["Ada", "Bob", "bot:random", "bot:random"], "has 2 people"),
    ],
)
def test_resume_needs_one_person(tmp_path: Path, seats: list[str] | None, message: str) -> None:
    path = tmp_path / "g.json"
    data: dict[str, object] = {
        "format": "ascenseur-record/1",
        "rules": {"players": 4, "max_cards": 2},
        "first_dealer": 0,
        "deals": [],
    }
    if seats is not None:
        data["seats"] = seats
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        Session.import_record(None, path)


def test_resume_reports_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="is not a game record"):
        Session.import_record(None, path)
    path.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(RecordError, match="format"):
        Session.import_record(None, path)


def test_latest_unfinished_skips_finished_games_and_the_browsers(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "g.sqlite3")
    assert latest_unfinished(db) is None
    with pytest.raises(AscenseurError, match="no unfinished game"):
        Session.resume(db)
    old = Session.start(RULES, "Ada", ["random"], seed=1, db=db)
    done = Session.start(RULES, "Ada", ["random"], seed=2, db=db)
    play_out(done)
    assert latest_unfinished(db) == old.table.id


def test_data_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ASCENSEUR_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "ascenseur"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "ascenseur"
    monkeypatch.setenv("ASCENSEUR_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"


def test_hints_cover_every_legal_action_on_the_persons_turn_only() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=3, db=None)
    with pytest.raises(ValueError, match="person's turn"):
        session.hint_task()
    while session.turn is not Turn.PERSON:
        session.advance()
    hints = session.hint_task(60)()
    assert [e.action for e in hints] == list(session.view.legal_actions)
    assert all(-2 <= e.points <= 7 and 0 <= e.exact <= 1 for e in hints)
    assert session.hint_task(60)() == hints  # seeded: the same hints for the same position


def test_hint_worlds_agree_with_what_the_play_has_shown() -> None:
    rng = random.Random(8)
    for seed in range(20):
        session = Session.start(
            Rules(players=3, max_cards=8), "Ada", ["random"], seed=seed, db=None
        )
        while session.turn is not Turn.OVER:
            if session.turn is Turn.PERSON:
                view = session.view
                if view.phase is Phase.PLAYING:
                    hands = sample_world(WorldSpec.of(view), rng)
                    assert hands[0] == view.hand_mask
                    for seat in (1, 2):
                        assert hands[seat].bit_count() == view.hand_counts[seat]
                        assert not hands[seat] & (view.hand_mask | view.played_mask)
                        for card in cards_of(hands[seat]):
                            assert view.facts[seat].may_hold(card)
                session.act(person_choice(view))
            else:
                session.advance()


def test_hint_of_a_sure_trick_is_exact() -> None:
    # A one-card deal where the person leads trump 21: it wins whatever the others hold.
    state = GameState.new(Rules(players=3, max_cards=1), first_dealer=2)
    state.apply(Deal(((Card.parse("T21"),), (Card.parse("H3"),), (Card.parse("S2"),))))
    sure = dict(hint(observe(state, 0), random.Random(1), playouts=30))
    assert sure == {BIDS[0]: -1.0, BIDS[1]: 5.0}
