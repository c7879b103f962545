"""A revoked certificate is not "done, passed" (issue 23, recertification): the exam it was
earned with is back on the trainee's home as due (Take it again), the trainee's exams page
says the certificate was revoked, and the trainer's dashboard and exams page say revoked with
the reason; passing again makes it done. An expired certificate does the same (expired), and
the dashboard lists the certificates that still hold and expire within 60 days, never a
revoked one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from dealer_trainer.accounts import Room
from dealer_trainer.store import exam_rooms
from dealer_trainer.store.certificates import Certificate, of_attempt, shown_id
from dealer_trainer.training.assignment_status import State, room_statuses
from dealer_trainer.training.exam.attempts import asked, finish, load_exam, save_answer, start
from dealer_trainer.training.progress import open_store
from tests.exam_answers import right_answer

from .conftest import World, sign_in

EXAM = load_exam("tda-style-dealer")
REASON = 'answers shared <b>"in the break room"</b>'


def _assigned(app: Flask, room: Room, opens: datetime) -> int:
    with open_store(app.config["DATABASE"]) as store:
        return exam_rooms.add_exam_assignment(
            store,
            room_id=room.id,
            exam_id=EXAM.blueprint.id,
            title=EXAM.blueprint.title,
            text=EXAM.text,
            person_id=None,
            opens_at=opens,
            closes_at=datetime.now(UTC) + timedelta(days=7),
            by=None,
        )


def _passed(app: Flask, room: Room, assignment: int, at: datetime) -> Certificate:
    with open_store(app.config["DATABASE"]) as store:
        found = start(store, EXAM, trainee="Ana", room_id=room.id, assignment_id=assignment, now=at)
        for position in range(1, found.items + 1):
            save_answer(store, found, position, right_answer(asked(found, position)), now=at)
        done = finish(store, found, now=at + timedelta(minutes=20))
        made = of_attempt(store, done.id)
    assert done.passed and made is not None
    return made


def _statuses(app: Flask, room: Room) -> dict[str, State]:
    with open_store(app.config["DATABASE"]) as store:
        return {s.trainee: s.state for s in room_statuses(store, room.id)}


def test_a_revoked_certificate_puts_the_exam_back_as_due_and_says_revoked_with_the_reason(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    world.trainer("Mia", room)
    world.person("Ana", room=room)
    assignment = _assigned(app, room, datetime.now(UTC) - timedelta(days=2))
    made = _passed(app, room, assignment, datetime.now(UTC) - timedelta(hours=2))
    ana = app.test_client()
    sign_in(ana, "Ana")
    assert "Done: passed." in ana.get("/exams").text
    assert _statuses(app, room)["Ana"] is State.DONE
    sign_in(client, "Mia")
    revoked = client.post(
        f"/rooms/{room.id}/certificates/{made.id}/revoke", data={"reason": REASON}
    )
    assert revoked.status_code == 302
    assert _statuses(app, room)["Ana"] is State.REVOKED
    # the trainer: revoked, and why (escaped), on the dashboard and the exams page
    reason = str(escape(REASON))
    board = client.get(f"/rooms/{room.id}/").text
    not_done = board.split('id="not-done-h"')[1].split('id="per-assignment-h"')[0]
    assert "revoked: take it again" in not_done and reason in not_done
    assert "done by 0 of 1" in board
    exams = client.get(f"/rooms/{room.id}/exams").text
    assert "Certificate revoked" in exams and reason in exams
    # the trainee: back on the home as due, with Take it again; the exams page says revoked
    home = ana.get("/").text
    to_do = home.split('id="assigned-heading"')[1].split('id="done-heading"')[0]
    assert "Revoked: take it again" in to_do and "Take it again</button>" in to_do
    assert f'action="/exams/{assignment}/start"' in to_do
    assert "Done" not in home.split('id="assigned-heading"')[1].split('id="quiz-heading"')[0]
    listed = ana.get("/exams").text
    assert "Done: passed." not in listed and "Your certificate was revoked" in listed
    assert "Take it again</button>" in listed
    # passing again makes it done, with the new certificate
    _passed(app, room, assignment, datetime.now(UTC) - timedelta(minutes=30))
    assert _statuses(app, room)["Ana"] is State.DONE
    assert "Done: passed." in ana.get("/exams").text


def test_an_expired_certificate_puts_the_exam_back_and_one_expiring_soon_is_to_renew(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    world.trainer("Mia", room)
    world.person("Ana", room=room)
    world.person("Ben", room=room)
    long_ago = datetime.now(UTC) - timedelta(days=3 * 365)
    assignment = _assigned(app, room, long_ago - timedelta(days=1))
    old = _passed(app, room, assignment, long_ago)
    assert _statuses(app, room)["Ana"] is State.EXPIRED
    ana = app.test_client()
    sign_in(ana, "Ana")
    listed = ana.get("/exams").text
    assert "Your certificate expired" in listed and "Take it again</button>" in listed
    assert "Take it again</button>" in ana.get("/").text
    # a pass that expires within 60 days is on the dashboard to renew; revoked, it is not
    with open_store(app.config["DATABASE"]) as store:
        found = start(
            store,
            EXAM,
            trainee="Ben",
            room_id=room.id,
            assignment_id=assignment,
            now=datetime.now(UTC) - timedelta(days=2 * 365 - 30),
        )
        for position in range(1, found.items + 1):
            save_answer(
                store, found, position, right_answer(asked(found, position)), now=found.started_at
            )
        soon = of_attempt(
            store, finish(store, found, now=found.started_at + timedelta(minutes=5)).id
        )
    assert soon is not None and soon.expires_at - datetime.now(UTC) < timedelta(days=60)
    sign_in(client, "Mia")
    renew = (
        client.get(f"/rooms/{room.id}/").text.split('id="recertify-h"')[1].split("</section>")[0]
    )
    assert shown_id(soon.id) in renew and shown_id(old.id) not in renew
    client.post(f"/rooms/{room.id}/certificates/{soon.id}/revoke", data={"reason": "mistake"})
    renew = (
        client.get(f"/rooms/{room.id}/").text.split('id="recertify-h"')[1].split("</section>")[0]
    )
    assert shown_id(soon.id) not in renew
