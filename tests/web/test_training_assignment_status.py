"""Assignments tracked to done (issue 23, item 1): each trainee and each quiz or exam
assignment is not started, in progress, done (with score and date) or overdue; a passed exam
whose certificate has expired is back to take again. The trainee's home shows what is due,
soonest first, and what is done with its score and date instead of a Start button."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.assignments import create_assignment
from dealer_trainer.store import exam_rooms
from dealer_trainer.store.certificates import of_attempt
from dealer_trainer.training import runs
from dealer_trainer.training.assignment_status import (
    AssignmentStatus,
    Kind,
    State,
    person_statuses,
    room_statuses,
)
from dealer_trainer.training.exam.attempts import asked, finish, load_exam, save_answer, start
from dealer_trainer.training.progress import open_store
from tests.exam_answers import right_answer, wrong_answer

from .conftest import World, sign_in
from .test_training import _entries, _plan

EXAM = load_exam("tda-style-dealer")


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Evening shift")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def _quiz(app: Flask, room: Room, title: str, due_on: date | None = None) -> int:
    with open_store(app.config["DATABASE"]) as store:
        return create_assignment(
            store, room_id=room.id, title=title, topics=(), length=2, due_on=due_on, created_by=None
        )


def _assigned_run(app: Flask, person: Person, room: Room, assignment: int) -> int:
    """A run started from the assignment, of two multiple-choice items."""
    with open_store(app.config["DATABASE"]) as store:
        return runs.create_run(
            store,
            person_id=person.id,
            trainee=person.name,
            room_id=room.id,
            mode="quiz",
            plan=_plan(_entries("choice", 2)),
            assignment_id=assignment,
        )


def _mine(app: Flask, person: Person, room: Room, **kw: datetime) -> list[AssignmentStatus]:
    with open_store(app.config["DATABASE"]) as store:
        return person_statuses(
            store,
            person_id=person.id,
            trainee=person.name,
            room_ids=[room.id],
            exam_room_ids=[room.id],
            **kw,
        )


def _right_so_far(app: Flask, name: str) -> int:
    with open_store(app.config["DATABASE"]) as store:
        return sum(1 for answer in store.answers(name) if answer.correct)


def test_a_quiz_assignment_goes_from_not_started_to_in_progress_to_done_with_score_and_date(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _quiz(app, room, "Week one")
    (status,) = _mine(app, ana, room)
    assert (status.kind, status.state, status.started) == (Kind.QUIZ, State.NOT_STARTED, False)
    run = _assigned_run(app, ana, room, number)
    (status,) = _mine(app, ana, room)
    assert status.state is State.IN_PROGRESS and status.run_id == run
    sign_in(client, "Ana")
    client.post(f"/runs/{run}/items/1", data={"option": "1"})
    assert _mine(app, ana, room)[0].state is State.IN_PROGRESS
    client.post(f"/runs/{run}/items/2", data={"option": "2"})
    (status,) = _mine(app, ana, room)
    assert status.state is State.DONE
    assert (status.right, status.asked) == (_right_so_far(app, "Ana"), 2)
    assert status.done_at is not None and status.done_at.date() == datetime.now(UTC).date()


def test_a_quiz_run_stopped_early_is_started_not_done(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _quiz(app, room, "Week one")
    run = _assigned_run(app, ana, room, number)
    sign_in(client, "Ana")
    client.post(f"/runs/{run}/items/1", data={"option": "1"})
    client.post(f"/runs/{run}/finish")
    (status,) = _mine(app, ana, room)
    assert status.state is State.IN_PROGRESS and status.run_id is None  # nothing to carry on


def test_a_quiz_past_its_due_day_and_not_done_is_overdue_and_done_in_time_is_not(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    yesterday = date.today() - timedelta(days=1)
    late = _quiz(app, room, "Late one", due_on=yesterday)
    _quiz(app, room, "Due today", due_on=date.today())
    statuses = {s.title: s for s in _mine(app, ana, room)}
    assert statuses["Late one"].state is State.OVERDUE
    assert statuses["Due today"].state is State.NOT_STARTED
    run = _assigned_run(app, ana, room, late)
    assert {s.title: s for s in _mine(app, ana, room)}["Late one"].label == "overdue (started)"
    sign_in(client, "Ana")
    for position in (1, 2):
        client.post(f"/runs/{run}/items/{position}", data={"option": "1"})
    assert {s.title: s for s in _mine(app, ana, room)}["Late one"].state is State.DONE


def _exam(app: Flask, room: Room, *, opens: datetime, closes: datetime) -> int:
    with open_store(app.config["DATABASE"]) as store:
        return exam_rooms.add_exam_assignment(
            store,
            room_id=room.id,
            exam_id=EXAM.blueprint.id,
            title=EXAM.blueprint.title,
            text=EXAM.text,
            person_id=None,
            opens_at=opens,
            closes_at=closes,
            by=None,
        )


def test_an_exam_assignment_goes_from_not_started_to_in_progress_to_done_with_its_result(
    app: Flask, room: Room, ana: Person
) -> None:
    at = datetime.now(UTC)
    number = _exam(app, room, opens=at - timedelta(days=1), closes=at + timedelta(days=7))
    (status,) = _mine(app, ana, room)
    assert (status.kind, status.state) == (Kind.EXAM, State.NOT_STARTED)
    with open_store(app.config["DATABASE"]) as store:
        found = start(store, EXAM, trainee="Ana", room_id=room.id, assignment_id=number)
    (status,) = _mine(app, ana, room)
    assert status.state is State.IN_PROGRESS and status.attempt_id == found.id
    with open_store(app.config["DATABASE"]) as store:
        for position in range(1, found.items + 1):
            item = asked(found, position)
            given = wrong_answer(item) if position == 1 else right_answer(item)
            save_answer(store, found, position, given)
        done = finish(store, found)
    (status,) = _mine(app, ana, room)
    assert status.state is State.DONE and status.passed is done.passed
    assert (status.right, status.asked) == (found.items - 1, found.items)
    assert status.done_at == done.submitted_at


def test_an_exam_whose_window_closed_unsat_is_overdue_and_a_timed_out_attempt_is_graded(
    app: Flask, room: Room, ana: Person, world: World
) -> None:
    ben = world.person("Ben", room=room)
    at = datetime.now(UTC)
    number = _exam(app, room, opens=at - timedelta(days=3), closes=at - timedelta(hours=1))
    began = at - timedelta(days=2)
    with open_store(app.config["DATABASE"]) as store:
        found = start(store, EXAM, trainee="Ben", room_id=room.id, assignment_id=number, now=began)
        save_answer(store, found, 1, right_answer(asked(found, 1)), now=began)
        statuses = {s.trainee: s for s in room_statuses(store, room.id)}
    assert statuses["Ana"].state is State.OVERDUE and not statuses["Ana"].started
    # Ben's attempt ran out of time: submitted at its deadline with the one answer
    assert statuses["Ben"].state is State.DONE and statuses["Ben"].right == 1
    assert statuses["Ben"].done_at == found.deadline and ben.id == statuses["Ben"].person_id


def test_a_passed_exam_whose_certificate_expired_is_to_take_again(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    at = datetime.now(UTC)
    began = at - timedelta(days=3 * 365)
    number = _exam(app, room, opens=began - timedelta(days=1), closes=at + timedelta(days=7))
    with open_store(app.config["DATABASE"]) as store:
        found = start(store, EXAM, trainee="Ana", room_id=room.id, assignment_id=number, now=began)
        for position in range(1, found.items + 1):
            save_answer(store, found, position, right_answer(asked(found, position)), now=began)
        done = finish(store, found, now=began + timedelta(minutes=30))
        certificate = of_attempt(store, done.id)
    assert done.passed and certificate is not None and certificate.expires_at < at
    (status,) = _mine(app, ana, room)
    assert status.state is State.EXPIRED and status.label == "expired: take it again"
    assert status.expired_at == certificate.expires_at
    # a day before the expiry it was done
    (before,) = _mine(app, ana, room, now=certificate.expires_at - timedelta(days=1))
    assert before.state is State.DONE and before.passed
    sign_in(client, "Ana")
    home = client.get("/").text
    assert "Expired: take it again" in home and "Take it again</button>" in home


def test_home_shows_what_is_due_soonest_first_and_what_is_done_with_score_and_date(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    _quiz(app, room, "Due later", due_on=date.today() + timedelta(days=9))
    _quiz(app, room, "Due sooner", due_on=date.today() + timedelta(days=2))
    finished = _quiz(app, room, "Finished one")
    run = _assigned_run(app, ana, room, finished)
    sign_in(client, "Ana")
    before = client.get("/").text
    assert 'aria-label="Carry on with Finished one"' in before
    assert 'aria-label="Start Due later"' in before
    for position in (1, 2):
        client.post(f"/runs/{run}/items/{position}", data={"option": "1"})
    home = client.get("/").text
    assert 'aria-label="Carry on with Finished one"' not in home
    assert 'aria-label="Start Finished one"' not in home
    assert home.index("Due sooner") < home.index("Due later") < home.index("Finished one")
    right = _right_so_far(app, "Ana")
    done = re.search(r"Finished one</strong>.*?Done (\S+): (\d) of 2 right", home, re.S)
    assert done is not None
    assert done.group(1) == datetime.now(UTC).date().isoformat()
    assert int(done.group(2)) == right
