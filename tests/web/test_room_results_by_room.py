"""Results belong to the room they were answered in: a trainee of two rooms who answers one
room's private upload shows none of it in the other room's export or trainee page; an answer
given in the terminal (in no room) counts in each of the person's rooms."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.training import runs
from dealer_trainer.training.progress import Answer, open_store
from dealer_trainer.training.quiz import Selection
from tests.web.conftest import World, sign_in

BANK = Path(__file__).resolve().parents[2] / "scenarios"
GOOD = (BANK / "premature-turn" / "premature-turn-basic.yaml").read_text("utf-8")
PRIVATE = GOOD.replace("id: premature-turn-basic", "id: our-private-turn").replace(
    "title: The turn is shown before flop betting ends", "title: Our private turn item"
)


@pytest.fixture
def rooms(world: World, client: FlaskClient) -> tuple[Room, Room, Person]:
    """Room A (trainer Mia) with a private upload, room B (trainer Bob), Ana in both."""
    a, b = world.room("Room A"), world.room("Room B")
    world.trainer("Mia", a)
    world.trainer("Bob", b)
    ana = world.person("Ana", room=a)
    world.accounts().add_member(room_id=b.id, person_id=ana.id, role="trainee")
    sign_in(client, "Mia")
    kept = client.post(f"/rooms/{a.id}/upload", data={"kind": "scenario", "text": PRIVATE})
    assert kept.status_code == 302, kept.text[:300]
    return a, b, ana


def _answer_the_upload(app: Flask, room: Room, ana: Person) -> None:
    """Ana takes a quiz of room A's upload alone, in the browser, and answers it."""
    with open_store(app.config["DATABASE"]) as store:
        entries = runs.room_entries(store, room_id=room.id, ruleset="roberts", house=None)
        assert [entry.id for entry in entries] == ["our-private-turn"]
        plan = runs.quiz_plan(entries, Selection(length=1), seed=3, ruleset="roberts")
        number = runs.create_run(
            store, person_id=ana.id, trainee="Ana", room_id=room.id, mode="quiz", plan=plan
        )
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    answered = trainee.post(f"/runs/{number}/items/1", data={"option": "1"})
    assert answered.status_code in (200, 302), answered.text[:300]


def _exported_items(client: FlaskClient, room: Room) -> list[str]:
    rows = csv.DictReader(io.StringIO(client.get(f"/rooms/{room.id}/export.csv").text))
    return [row["item"] for row in rows]


def test_a_private_upload_answered_in_one_room_shows_in_no_other_room(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Person]
) -> None:
    a, b, ana = rooms
    _answer_the_upload(app, a, ana)

    assert _exported_items(client, a) == ["our-private-turn"]  # room A: its own answer
    assert "Our private turn item" in client.get(f"/rooms/{a.id}/trainees/{ana.id}").text

    bob = app.test_client()
    sign_in(bob, "Bob")
    assert _exported_items(bob, b) == []
    exported = json.loads(bob.get(f"/rooms/{b.id}/export.json").text)
    assert "our-private-turn" not in json.dumps(exported)
    page = bob.get(f"/rooms/{b.id}/trainees/{ana.id}")
    assert page.status_code == 200
    assert "our-private-turn" not in page.text and "Our private turn" not in page.text
    assert "our-private-turn" not in bob.get(f"/rooms/{b.id}/").text


def test_an_answer_given_in_the_terminal_counts_in_each_of_the_persons_rooms(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Person]
) -> None:
    a, b, _ana = rooms
    with open_store(app.config["DATABASE"]) as store:
        session = store.start_session("Ana", "quiz")
        store.record(
            session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz", correct=True)
        )
    assert _exported_items(client, a) == ["premature-turn-basic"]
    bob = app.test_client()
    sign_in(bob, "Bob")
    assert _exported_items(bob, b) == ["premature-turn-basic"]


def test_an_old_stores_answers_get_the_room_of_their_run(tmp_path: Path) -> None:
    """Upgrading: answers kept before they carried a room take their run's room; those given
    in the terminal stay in none."""
    from dealer_trainer.store import Store, people
    from dealer_trainer.store.adapters import connect
    from dealer_trainer.store.migrations import MIGRATIONS

    step = next(m for m in MIGRATIONS if "room it was given in" in m.description)
    target = str(tmp_path / "old.sqlite3")
    old = Store(connect(target), target)
    old.migrate(upto=step.version - 1)
    room = people.add_room(old, name="Old room", ruleset="roberts")
    ana = people.add_person(old, name="Ana", password_hash="x")
    in_room, in_terminal = old.start_session("Ana", "quiz"), old.start_session("Ana", "quiz")
    at = "2026-11-01T10:00:00+00:00"
    db = connect(target)  # a connection of the test's own
    with db.transaction():
        db.execute(
            "INSERT INTO runs (person_id, room_id, mode, plan, session_id, created_at)"
            " VALUES (?, ?, 'quiz', '{}', ?, ?)",
            (ana.id, room.id, in_room, at),
        )
        for session, item in ((in_room, "x"), (in_terminal, "y")):
            db.execute(
                "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
                " answered_at) SELECT ?, trainee_id, ?, 'premature-turn', 'quiz', ?, ?"
                " FROM sessions WHERE id = ?",
                (session, item, True, at, session),
            )
    db.close()
    old.close()
    with open_store(target):  # migrates it
        db = connect(target)
        rows = db.execute("SELECT item, room_id FROM answers ORDER BY item", ())
        db.close()
    assert [(str(item), room_id) for item, room_id in rows] == [("x", room.id), ("y", None)]
