"""Helpers for the tests of the review on the terminal: finished games, and reviews whose
figures are made up (so that a screen's layout does not move when the search does)."""

from __future__ import annotations

from typing import Literal

from ascenseur.core.digest import record_digest
from ascenseur.core.phase import Phase
from ascenseur.core.record import record_of
from ascenseur.core.rules import Rules
from ascenseur.review import Review, budget_of
from ascenseur.review.analysis import deal_review, engine_key, moments, summary
from ascenseur.review.format import Decision, Option, RecordRef, SeatReview, action_code
from ascenseur.review.labels import label, thresholds
from ascenseur.session import Session, Turn
from ascenseur.tables.sqlite import SqliteDatabase
from play_helpers import person_choice


def finished(
    rules: Rules, seed: int, bots: str = "random", db: SqliteDatabase | None = None
) -> Session:
    """A game played to its end (kept in ``db``, if given): the tests' person
    (``person_choice``) on seat 0, bots."""
    session = Session.start(rules, "Ada", [bots], seed=seed, db=db)
    while session.turn is not Turn.OVER:
        if session.turn is Turn.PERSON:
            session.act(person_choice(session.view))
        else:
            session.advance()
    return session


def made_up_review(session: Session) -> Review:
    """A review of the person's seat whose figures are made up but add up as a real one's:
    each legal option worth 0.9 points less than the one before it (in legal order)."""
    state, seat = session.state, session.person
    decisions = []
    for moment in moments(state, [seat]):
        view = moment.view
        legal = view.legal_actions
        chosen = action_code(moment.chosen)
        kind: Literal["bid", "card"] = "bid" if view.phase is Phase.BIDDING else "card"
        trick = None if kind == "bid" else len(view.tricks) + 1
        bid = None if kind == "bid" else view.bids[seat]
        if len(legal) == 1:
            decisions.append(
                Decision(
                    deal=moment.deal,
                    number=moment.number,
                    kind=kind,
                    trick=trick,
                    bid=bid,
                    chosen=chosen,
                    best=chosen,
                    lost=0.0,
                    label="forced",
                    options=[],
                )
            )
            continue
        size = view.hand_size + 1
        options = [
            Option(
                action=action_code(action),
                points=round(3.0 - 0.9 * i, 2),
                exact=round(max(0.0, 0.8 - 0.15 * i), 2),
                tricks=[round(1 / size, 3)] * size,
                worlds=500,
            )
            for i, action in enumerate(legal)
        ]
        mine = next(o for o in options if o.action == chosen)
        lost = round(options[0].points - mine.points, 2)
        decisions.append(
            Decision(
                deal=moment.deal,
                number=moment.number,
                kind=kind,
                trick=trick,
                bid=bid,
                chosen=chosen,
                best=options[0].action if lost else chosen,
                lost=lost,
                label=label(lost, state.rules.scoring),
                options=options,
            )
        )
    deals = [
        deal_review(state, seat, deal, [d for d in decisions if d.deal == deal])
        for deal in range(len(state.deal_logs()))
    ]
    record = record_of(state, session.seats)
    return Review(
        record=RecordRef(digest=record_digest(record), players=state.players, deals=len(deals)),
        rules=state.rules.to_json(),
        budget=budget_of("quick").used(),
        seed=0,
        engine=engine_key(),
        thresholds=thresholds(state.rules.scoring),
        seats=[SeatReview(seat=seat, name="Ada", deals=deals, summary=summary(deals))],
    )
