"""The trainer's dashboard tracks the room (issue 23): who has not done which assignment,
overdue first; certificates expiring within 60 days; the items the analysis flags, each with
a Retire (or Restore) button whose retired item the room's exams then never draw. The room's
export names the assignment each answer was given under. Another room's trainer gets 404, a
trainee 403."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.assignments import create_assignment
from dealer_trainer.store import Answer, exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.store.certificates import issue_certificate, shown_id
from dealer_trainer.store.itemstats import retired_items
from dealer_trainer.training import runs
from dealer_trainer.training.exam import attempts
from dealer_trainer.training.exam.attempts import load_exam
from dealer_trainer.training.progress import open_store
from dealer_trainer.web.exams import take
from dealer_trainer.web.room import dashboard

from .conftest import World, sign_in
from .test_training import _entries, _plan

EXAM = load_exam("tda-style-dealer")


@pytest.fixture
def room(world: World) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    return made


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


@pytest.fixture
def ben(world: World, room: Room) -> Person:
    return world.person("Ben", room=room)


def _quiz(app: Flask, room: Room, title: str, due_on: date | None) -> int:
    with open_store(app.config["DATABASE"]) as store:
        return create_assignment(
            store, room_id=room.id, title=title, topics=(), length=2, due_on=due_on, created_by=None
        )


def _not_done_rows(page: str) -> list[str]:
    """The rows of the dashboard's "Not done yet" table, in order."""
    table = page.split('<table class="reflow not-done">', 1)[1].split("</table>", 1)[0]
    return table.split("<tbody>", 1)[1].split("<tr")[1:]


def test_the_dashboard_lists_who_has_not_done_what_overdue_first(
    app: Flask, client: FlaskClient, room: Room, ana: Person, ben: Person
) -> None:
    _quiz(app, room, "Next week", date.today() + timedelta(days=7))
    late = _quiz(app, room, "Last week", date.today() - timedelta(days=7))
    with open_store(app.config["DATABASE"]) as store:  # Ben started the late one
        runs.create_run(
            store,
            person_id=ben.id,
            trainee=ben.name,
            room_id=room.id,
            mode="quiz",
            plan=_plan(_entries("choice", 2)),
            assignment_id=late,
        )
    sign_in(client, "Mia")
    rows = _not_done_rows(client.get(f"/rooms/{room.id}/").text)
    assert len(rows) == 4
    assert all("Last week" in row and "overdue" in row for row in rows[:2])
    assert "overdue (started)" in next(row for row in rows[:2] if "Ben" in row)
    assert all("Next week" in row and "not started" in row for row in rows[2:])
    assert (
        'Last week</strong> <span class="hint">(quiz, due' in client.get(f"/rooms/{room.id}/").text
    )


def test_the_dashboard_shows_an_assignment_done_with_its_score(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _quiz(app, room, "Week one", None)
    with open_store(app.config["DATABASE"]) as store:
        run = runs.create_run(
            store,
            person_id=ana.id,
            trainee=ana.name,
            room_id=room.id,
            mode="quiz",
            plan=_plan(_entries("choice", 2)),
            assignment_id=number,
        )
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    for position in (1, 2):
        trainee.post(f"/runs/{run}/items/{position}", data={"option": "1"})
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{room.id}/").text
    assert "Every trainee has done every assignment." in page
    assert "done by 1 of 1" in page
    with open_store(app.config["DATABASE"]) as store:
        right = sum(a.correct for a in store.answers("Ana"))
    assert f"{right}/2 (" in page and datetime.now(UTC).date().isoformat() in page


def _export(client: FlaskClient, room: Room) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    text = client.get(f"/rooms/{room.id}/export.csv").text
    rows = list(csv.DictReader(io.StringIO(text)))
    answers = json.loads(client.get(f"/rooms/{room.id}/export.json").text)["answers"]
    return rows, answers


def test_the_export_names_the_assignment_each_answer_was_given_under(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _quiz(app, room, "=Week one", None)  # a title a spreadsheet would run
    with open_store(app.config["DATABASE"]) as store:
        assigned = runs.create_run(
            store,
            person_id=ana.id,
            trainee=ana.name,
            room_id=room.id,
            mode="quiz",
            plan=_plan(_entries("choice", 1)),
            assignment_id=number,
        )
        own = runs.create_run(
            store,
            person_id=ana.id,
            trainee=ana.name,
            room_id=room.id,
            mode="quiz",
            plan=_plan(_entries("choice", 1), seed=3),
        )
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    trainee.post(f"/runs/{assigned}/items/1", data={"option": "1"})
    trainee.post(f"/runs/{own}/items/1", data={"option": "1"})
    sign_in(client, "Mia")
    rows, answers = _export(client, room)
    assert [(r["assignment"], r["assignment_id"]) for r in rows] == [
        ("'=Week one", str(number)),
        ("", ""),
    ]
    assert [(a["assignment"], a["assignment_id"]) for a in answers] == [
        ("=Week one", number),
        (None, None),
    ]


def test_certificates_expiring_within_60_days_are_listed_on_the_dashboard(
    app: Flask, client: FlaskClient, room: Room, ana: Person, ben: Person
) -> None:
    at = datetime.now(UTC)
    with open_store(app.config["DATABASE"]) as store:
        made = {
            name: issue_certificate(
                store,
                trainee=name,
                room_id=room.id,
                exam_id="tda-style-dealer",
                exam_title=f"Exam of {name}",
                ruleset="tda-2024",
                ruleset_version="1",
                score_percent=95.0,
                issued_at=at - timedelta(days=700),
                expires_at=at + timedelta(days=days),
            )
            for name, days in (("Ana", 30), ("Ben", 90))
        }
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{room.id}/").text
    panel = page.split('id="recertify-h"', 1)[1].split("</section>", 1)[0]
    assert "Exam of Ana" in panel and shown_id(made["Ana"].id) in panel
    assert made["Ana"].expires_at.date().isoformat() in panel
    assert "Exam of Ben" not in panel


def _answered(app: Flask, item: str, topic: str, rights: list[bool]) -> None:
    """Sittings of the room's trainee Ana answering ``item``, one per verdict."""
    with open_store(app.config["DATABASE"]) as store:
        for correct in rights:
            session = store.start_session("Ana", "quiz")
            store.record(session, Answer("Ana", item, topic, "quiz", correct=correct))
            store.finish_session(session)


def test_the_retire_button_retires_a_flagged_item_and_the_exam_draw_leaves_it_out(
    app: Flask,
    client: FlaskClient,
    room: Room,
    ana: Person,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = next(e for e in runs.bank_entries() if e.ruleset == "tda-2024")
    _answered(app, entry.id, entry.topic, [False] * 5)  # p = 0: too hard
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{room.id}/").text
    panel = page.split('id="items-h"', 1)[1].split("</section>", 1)[0]
    assert "too-hard" in panel and f'value="{entry.id}"' in panel and ">Retire</button>" in panel
    done = client.post(f"/rooms/{room.id}/items/retire", data={"item": entry.id})
    assert done.status_code == 302 and done.headers["Location"].endswith("#items-h")
    with open_store(app.config["DATABASE"]) as store:
        (kept,) = retired_items(store, room.id)
    assert kept.item == entry.id and kept.reason == "too-hard" and kept.retired_by == "Mia"
    assert ">Restore</button>" in client.get(f"/rooms/{room.id}/").text
    # the exam started in the room is drawn with the room's retired items left out
    drawn_without: list[frozenset[str]] = []
    real = attempts.start

    def spying(*args: Any, **kw: Any) -> stored.StoredAttempt:
        drawn_without.append(frozenset(kw.get("retired", ())))
        return real(*args, **kw)

    monkeypatch.setattr(take, "start", spying)
    at = datetime.now(UTC)
    with open_store(app.config["DATABASE"]) as store:
        number = exam_rooms.add_exam_assignment(
            store,
            room_id=room.id,
            exam_id=EXAM.blueprint.id,
            title=EXAM.blueprint.title,
            text=EXAM.text,
            person_id=None,
            opens_at=at - timedelta(days=1),
            closes_at=at + timedelta(days=1),
            by=None,
        )
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    assert trainee.post(f"/exams/{number}/start").status_code == 302
    assert drawn_without == [frozenset({entry.id})]
    with open_store(app.config["DATABASE"]) as store:
        (attempt,) = stored.attempts_of(store, "Ana")
    assert entry.id not in attempt.plan
    # Restore puts it back
    back = client.post(f"/rooms/{room.id}/items/restore", data={"item": entry.id})
    assert back.status_code == 302
    with open_store(app.config["DATABASE"]) as store:
        assert retired_items(store, room.id) == []


def test_the_dashboards_item_analysis_reads_the_latest_answers_and_links_to_every_answer(
    app: Flask, client: FlaskClient, room: Room, ana: Person, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel analyses the room's latest days holding ITEM_ANALYSIS_ANSWERS answers (its
    time does not grow with the room's history); ``?items=all`` analyses every answer; the
    Retire button keeps the flags the panel showed."""
    monkeypatch.setattr(dashboard, "ITEM_ANALYSIS_ANSWERS", 5)
    old, new = [e for e in runs.bank_entries() if e.ruleset == "tda-2024"][:2]
    today = datetime.now(UTC)
    earlier = today - timedelta(days=10)
    answers = [(old, False, earlier)] * 5  # p = 0: too hard, ten days ago
    answers += [(new, True, earlier)] * 20 + [(new, False, today)] * 5  # p = 0.8; today 0
    with open_store(app.config["DATABASE"]) as store:
        for entry, correct, when in answers:
            session = store.start_session("Ana", "quiz")
            store.record(
                session,
                Answer("Ana", entry.id, entry.topic, "quiz", correct=correct, answered_at=when),
            )
            store.finish_session(session)
    sign_in(client, "Mia")

    def panel(query: str = "") -> str:
        page = client.get(f"/rooms/{room.id}/{query}").text
        return page.split('id="items-h"', 1)[1].split("</section>", 1)[0]

    latest = panel()
    assert f'value="{new.id}"' in latest and f'value="{old.id}"' not in latest
    assert f"since {today.date().isoformat()}" in latest
    assert f'href="/rooms/{room.id}/?items=all#items-h"' in latest
    every = panel("?items=all")
    assert f'value="{old.id}"' in every and f'value="{new.id}"' not in every
    assert "On every answer of the room." in every
    assert client.get(f"/rooms/{room.id}/?items=some").status_code == 400
    assert client.post(f"/rooms/{room.id}/items/retire", data={"item": new.id}).status_code == 302
    assert client.post(f"/rooms/{room.id}/items/retire", data={"item": old.id}).status_code == 302
    with open_store(app.config["DATABASE"]) as store:
        reasons = {kept.item: kept.reason for kept in retired_items(store, room.id)}
    assert reasons == {new.id: "too-hard", old.id: "too-hard"}  # as each panel showed


def test_an_item_not_in_the_rooms_analysis_cannot_be_retired_nor_an_unretired_one_restored(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    sign_in(client, "Mia")
    missing = client.post(f"/rooms/{room.id}/items/retire", data={"item": "no-such-item"})
    assert missing.status_code == 404
    assert client.post(f"/rooms/{room.id}/items/restore", data={"item": "x"}).status_code == 404
    assert client.post(f"/rooms/{room.id}/items/retire", data={}).status_code == 400
    with open_store(app.config["DATABASE"]) as store:
        assert retired_items(store, room.id) == []


def test_another_rooms_trainer_gets_404_and_a_trainee_403_on_the_retire_buttons(
    app: Flask, world: World, room: Room, ana: Person
) -> None:
    entry = runs.bank_entries()[0]
    _answered(app, entry.id, entry.topic, [True] * 5)  # p = 1: too easy
    other = world.room("Morning")
    world.trainer("Bo", other)
    for name, status in (("Bo", 404), ("Ana", 403)):
        visitor = app.test_client()
        sign_in(visitor, name)
        for action in ("retire", "restore"):
            answer = visitor.post(f"/rooms/{room.id}/items/{action}", data={"item": entry.id})
            assert answer.status_code == status, (name, action)
        assert visitor.get(f"/rooms/{room.id}/").status_code == status
    with open_store(app.config["DATABASE"]) as store:
        assert retired_items(store, room.id) == []
