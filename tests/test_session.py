"""The session behind every interface: turns, bots' views, events, saving, resuming."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ascenseur.bots import REGISTRY
from ascenseur.bots.hints import hint
from ascenseur.bots.worlds import WorldSpec, sample_world
from ascenseur.core.actions import BIDS, Bid, Deal, Play
from ascenseur.core.cards import Card, cards_of
from ascenseur.core.errors import AscenseurError, IllegalAction, RecordError
from ascenseur.core.observation import Observation, observe
from ascenseur.core.record import check, dumps, record_of
from ascenseur.core.rules import Rules
from ascenseur.core.state import GameState, Phase
from ascenseur.session import (
    BidMade,
    CardPlayed,
    DealScored,
    Dealt,
    GameOver,
    Session,
    TrickTaken,
    Turn,
    data_dir,
    default_bot,
    latest_unfinished,
)
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


def test_a_new_game_is_saved_at_once(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = Session.start(RULES, "Ada", ["random"], seed=5, path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seats"] == ["Ada", "bot:random", "bot:random", "bot:random"]
    assert data["deals"] == []
    assert session.turn is Turn.DEAL


def test_every_action_is_saved_and_the_record_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = Session.start(RULES, "Ada", ["random"], seed=5, path=path)
    while session.turn is not Turn.OVER:
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
        assert path.read_text(encoding="utf-8") == dumps(record_of(session.state, session.seats))
    verdict = check(path.read_text(encoding="utf-8"))
    assert verdict["valid"] and verdict["complete"]


def test_events_tell_the_whole_public_story() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=2, path=None)
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
    session = Session.start(RULES, "Ada", ["random"], seed=9, path=None)
    winners: list[int] = []
    for event in play_out(session):
        if isinstance(event, TrickTaken):
            winners.append(event.trick.winner)
    logs = session.state.deal_logs()
    assert len(winners) == sum(len(log.cards) for log in logs) // 4


def test_the_same_seed_plays_the_same_game() -> None:
    first = Session.start(RULES, "Ada", ["random"], seed=11, path=None)
    second = Session.start(RULES, "Ada", ["random"], seed=11, path=None)
    play_out(first)
    play_out(second)
    assert first.state.history == second.state.history


def test_bots_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int | None, Observation]] = []

    class Spy:
        name = "spy"

        def choose(self, view: Observation, rng: random.Random) -> Bid | Play:
            assert isinstance(view, Observation)
            seen.append((view.seat, view))
            return view.legal_actions[0]

    monkeypatch.setitem(REGISTRY, "spy", lambda budget: Spy())
    session = Session.start(RULES, "Ada", ["spy"], seed=3, path=None)
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
    path = tmp_path / "g.json"
    session = Session.start(RULES, "Ada", ["random"], seed=3, path=path)
    while session.turn is not Turn.PERSON:
        session.advance()
    before = path.read_text(encoding="utf-8")
    moves = session.moves
    with pytest.raises(IllegalAction):
        session.act(BIDS[5])
    assert session.moves == moves
    assert path.read_text(encoding="utf-8") == before


def test_bot_move_refuses_the_persons_turn() -> None:
    session = Session.start(RULES, "Ada", ["random"], seed=3, path=None)
    while session.turn is not Turn.PERSON:
        session.advance()
    with pytest.raises(ValueError, match="no bot"):
        session.bot_move()
    assert session.advance() == []


def test_start_checks_bots_and_name() -> None:
    with pytest.raises(AscenseurError, match="4 players need 3 bots"):
        Session.start(RULES, "Ada", ["random", "random"], path=None)
    with pytest.raises(AscenseurError, match="there is no bot called"):
        Session.start(RULES, "Ada", ["nobody"], path=None)
    with pytest.raises(AscenseurError, match="must not be empty"):
        Session.start(RULES, "bot:me", ["random"], path=None)


def test_resume_goes_on_where_the_game_stopped(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = Session.start(RULES, "Ada", ["random"], seed=4, path=path)
    for _ in range(12):
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    resumed = Session.resume(path, seed=4)
    assert resumed.state.history == session.state.history
    assert resumed.seats == session.seats
    assert resumed.view == session.view
    play_out(session)
    play_out(resumed)
    assert resumed.state.history == session.state.history


def test_resume_replaces_an_unknown_bot(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    Session.start(RULES, "Ada", ["random"], seed=4, path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"][2] = "bot:retired"
    path.write_text(json.dumps(data), encoding="utf-8")
    resumed = Session.resume(path)
    assert resumed.replaced == {2: ("retired", default_bot())}
    assert resumed.seats[2] == f"bot:{default_bot()}"


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
        Session.resume(path)


def test_resume_reports_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="is not a game record"):
        Session.resume(path)
    path.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(RecordError, match="format"):
        Session.resume(path)


def test_latest_unfinished_skips_finished_games_and_other_files(tmp_path: Path) -> None:
    old = Session.start(RULES, "Ada", ["random"], seed=1, path=tmp_path / "a.json")
    done = Session.start(RULES, "Ada", ["random"], seed=2, path=tmp_path / "b.json")
    play_out(done)
    (tmp_path / "c.json").write_text("not json", encoding="utf-8")
    assert latest_unfinished(tmp_path) == old.path
    assert latest_unfinished(tmp_path / "missing") is None


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
    session = Session.start(RULES, "Ada", ["random"], seed=3, path=None)
    with pytest.raises(ValueError, match="person's turn"):
        session.hint_task()
    while session.turn is not Turn.PERSON:
        session.advance()
    hints = session.hint_task(60)()
    assert [a for a, _ in hints] == list(session.view.legal_actions)
    assert all(-2 <= value <= 7 for _, value in hints)
    assert session.hint_task(60)() == hints  # seeded: the same hints for the same position


def test_hint_worlds_agree_with_what_the_play_has_shown() -> None:
    rng = random.Random(8)
    for seed in range(20):
        session = Session.start(
            Rules(players=3, max_cards=8), "Ada", ["random"], seed=seed, path=None
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
