"""No Start when no attempt is left (issue 23: attempts are limited per validity period): once
a trainee has used the blueprint's attempts at an exam in its validity period, their home and
their exams page offer no Start but say so plainly, with when they may sit it again; a start
posted anyway is refused with the same words (409), and no attempt is made."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from dealer_trainer.accounts import Room
from dealer_trainer.store import exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.training.exam.allowance import allowance
from dealer_trainer.training.exam.attempts import finish, load_exam, start
from dealer_trainer.training.exam.periods import Period, Validity
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in

EXAM = load_exam("tda-style-dealer")


def _assign_exam(app: Flask, room: Room) -> int:
    at = datetime.now(UTC)
    with open_store(app.config["DATABASE"]) as store:
        return exam_rooms.add_exam_assignment(
            store,
            room_id=room.id,
            exam_id=EXAM.blueprint.id,
            title=EXAM.blueprint.title,
            text=EXAM.text,
            person_id=None,
            opens_at=at - timedelta(days=1),
            closes_at=at + timedelta(days=7),
            by=None,
        )


def _use_every_attempt(app: Flask, room: Room, assignment: int) -> datetime:
    """Ana sits the exam as often as it allows, answering nothing; the first start."""
    first = datetime.now(UTC) - timedelta(days=3)
    with open_store(app.config["DATABASE"]) as store:
        for n in range(EXAM.blueprint.attempts):
            at = first + timedelta(days=n)
            found = start(
                store, EXAM, trainee="Ana", room_id=room.id, assignment_id=assignment, now=at
            )
            finish(store, found, now=at + timedelta(minutes=1))
    return first


def test_no_start_is_offered_nor_taken_when_every_attempt_is_used(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    world.person("Ana", room=room)
    first = _assign_exam(app, room)
    began = _use_every_attempt(app, room, first)
    again = _assign_exam(app, room)  # the trainer assigns the exam once more
    words = (
        f"You have used 2 of your 2 attempts at this exam in its validity period (2 years), "
        f"so you cannot start another now. You may sit it again from "
        f"{began.replace(year=began.year + 2):%Y-%m-%d %H:%M} UTC."
    )
    said = str(escape(words))
    sign_in(client, "Ana")
    home = client.get("/").text
    assert said in home
    assert f'action="/exams/{again}/start"' not in home and "Start the exam" not in home
    listed = client.get("/exams").text
    assert said in listed and not re.search(r'action="/exams/\d+/start"', listed)
    refused = client.post(f"/exams/{again}/start")
    assert refused.status_code == 409 and said in refused.text
    with open_store(app.config["DATABASE"]) as store:
        assert len(stored.attempts_of(store, "Ana")) == EXAM.blueprint.attempts


def test_with_an_attempt_left_the_start_is_offered_and_taken(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    world.person("Ana", room=room)
    assignment = _assign_exam(app, room)
    with open_store(app.config["DATABASE"]) as store:
        found = start(store, EXAM, trainee="Ana", room_id=room.id, assignment_id=assignment)
        finish(store, found)
    sign_in(client, "Ana")
    listed = client.get("/exams").text
    assert "No attempt left" not in listed and f'action="/exams/{assignment}/start"' in listed
    started = client.post(f"/exams/{assignment}/start")
    assert started.status_code == 302 and "/attempts/" in started.headers["Location"]


def test_an_attempt_frees_when_the_validity_period_it_opened_ends(app: Flask) -> None:
    """Counted as the store counts: an attempt of 31 January under a one-month validity
    still counts on 28 February (the period back from then starts on 28 January) and no
    longer from 1 March, 00:00."""
    month = Validity(amount=1, unit=Period.MONTHS)
    blueprint = replace(EXAM.blueprint, valid_for=month, attempts=1)
    began = datetime(2027, 1, 31, 10, 0, tzinfo=UTC)
    with open_store(app.config["DATABASE"]) as store:
        start(store, EXAM, trainee="Ana", now=began)
        held = allowance(store, blueprint, trainee="Ana", now=began + timedelta(days=28))
        assert held.left == 0 and held.again_at == datetime(2027, 3, 1, tzinfo=UTC)
        assert allowance(store, blueprint, trainee="Ana", now=held.again_at).left == 1
        before = held.again_at - timedelta(seconds=1)
        assert allowance(store, blueprint, trainee="Ana", now=before).left == 0
