"""Exams in the training room: a trainer assigns one to the room with a window of dates (or
uploads a blueprint, its errors at their line and column); a trainee starts an attempt, moves
between its items, saves each answer (a reload and a restarted server lose nothing), submits,
and reads the feedback. Before the submit no page names the right answer; the time limit is
the server's; nobody else sees the attempt (404); a tampered position or value is refused."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from dealer_trainer.accounts import Room
from dealer_trainer.store import exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.store.exams import StoredAttempt
from dealer_trainer.training.exam.attempts import asked, load_exam, save_answer, start
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Item
from tests.exam_answers import right_answer

from .conftest import World, make_app, sign_in

EXAM = load_exam("tda-style-dealer")


def _assign(client: FlaskClient, room: Room, **extra: str) -> None:
    today = date.today()
    data = {
        "exam": "shipped:tda-style-dealer",
        "who": "room",
        "opens": (today - timedelta(days=1)).isoformat(),
        "closes": (today + timedelta(days=7)).isoformat(),
        **extra,
    }
    response = client.post(f"/rooms/{room.id}/exams", data=data)
    assert response.status_code == 302, response.text[:2000]


def _form(item: Item, answer: list[str]) -> dict[str, str]:
    """The form a trainee posts for ``answer``: options by their place on the page."""
    places = {option.value: str(n) for n, option in enumerate(item.options, 1)}
    if item.typed:
        return {"number": answer[0]}
    if item.ordered:
        return {f"step{k}": places[value] for k, value in enumerate(answer, 1)}
    return {"option": places[answer[0]]}


def _kept_is_shown(page: str, item: Item) -> bool:
    """The page shows the answer kept (right_answer's) as picked."""
    form = _form(item, right_answer(item))
    if item.typed:
        return f'value="{form["number"]}"' in page
    if item.ordered:
        return f'<option value="{form["step1"]}" selected>' in page
    return f'name="option" value="{form["option"]}" checked' in page


def _attempt(app: Flask, attempt_id: int) -> StoredAttempt:
    with open_store(app.config["DATABASE"]) as store:
        found = stored.attempt(store, attempt_id)
    assert found is not None
    return found


def _started(client: FlaskClient) -> int:
    page = client.get("/exams")
    assert "Start the exam" in page.text
    (assignment,) = re.findall(r'action="/exams/(\d+)/start"', page.text)
    response = client.post(f"/exams/{assignment}/start")
    assert response.status_code == 302
    return int(response.headers["Location"].rsplit("/", 1)[1])


@pytest.fixture
def cast(world: World) -> tuple[Room, Room]:
    own, other = world.room("Evening"), world.room("Morning")
    world.trainer("Mia", own)
    world.person("Ana", room=own)
    world.person("Leo", room=other)
    world.trainer("Bo", other)
    return own, other


def test_a_trainee_takes_an_assigned_exam_with_a_reload_and_a_restart_and_passes(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room], tmp_path: Path
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    number = _started(trainee)
    found = _attempt(app, number)
    assert found.room_id == own.id and found.assignment_id is not None
    half = found.items // 2
    for position in range(1, found.items + 1):
        if position == half:  # a reload: the answer kept is shown again
            page = trainee.get(f"/attempts/{number}/items/{position - 1}")
            assert _kept_is_shown(page.text, asked(found, position - 1))
        if position == half + 1:  # the server restarts: a new app on the same store
            trainee = make_app(Path(app.config["DATABASE"])).test_client()
            sign_in(trainee, "Ana")
        item = asked(found, position)
        page = trainee.get(f"/attempts/{number}/items/{position}")
        assert page.status_code == 200 and 'id="exam-timer"' in page.text
        saved = trainee.post(
            f"/attempts/{number}/items/{position}", data=_form(item, right_answer(item))
        )
        assert saved.status_code == 302
    done = trainee.post(f"/attempts/{number}/submit")
    assert done.headers["Location"].endswith(f"/attempts/{number}/result")
    result = trainee.get(f"/attempts/{number}/result")
    assert "passed" in result.text and "not passed" not in result.text.split("</h1>")[0]
    assert _attempt(app, number).right == found.items
    # a submitted attempt takes no answer: refused on the result page, nothing changes
    item = asked(found, 1)
    late = trainee.post(f"/attempts/{number}/items/1", data=_form(item, right_answer(item)))
    assert late.status_code == 409 and "this attempt is submitted already" in late.text
    assert _attempt(app, number).right == found.items
    # the trainer sees the result on the room's exams page
    board = client.get(f"/rooms/{own.id}/exams")
    assert "Ana" in board.text and f"{found.items}/{found.items}" in board.text


def _right_place(item: Item) -> int:
    value = right_answer(item)[0]
    return next(n for n, option in enumerate(item.options, 1) if option.value == value)


def test_no_page_before_the_submit_names_the_right_answer(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    trainee = app.test_client()
    sign_in(trainee, "Ana")
    number = _started(trainee)
    found = _attempt(app, number)
    places = []
    for position in range(1, found.items + 1):
        item = asked(found, position)
        page = trainee.get(f"/attempts/{number}/items/{position}").text
        scenario = item.scenario
        assert scenario.question.explain not in page
        assert scenario.title not in page
        for rule in {scenario.rule, item.proved.rule} - {None}:
            assert str(rule) not in page
        assert not re.search(r'value="[cs]\d+"', page)  # the option values are never sent
        rest = page  # what the page says besides the question and its options
        for text in [item.ask, *(option.label for option in item.options)]:
            rest = rest.replace(str(escape(text)), "")
        assert not re.search(r"\b(correct|right|wrong|key)\b", rest, re.IGNORECASE)
        labels = [str(escape(option.label)) for option in item.options]
        shown = [
            page.find(f"> {label}<") if not item.ordered else page.find(label) for label in labels
        ]
        if not item.typed:
            assert all(at >= 0 for at in shown) and shown == sorted(shown)  # the attempt's order
            if not item.ordered:
                places.append(_right_place(item))
        saved = trainee.post(
            f"/attempts/{number}/items/{position}", data=_form(item, right_answer(item))
        )
        assert saved.status_code == 302  # on to the next item, saying nothing of the answer
        assert saved.headers["Location"].startswith(f"/attempts/{number}/items/")
        assert scenario.question.explain not in saved.text
    assert len(set(places)) > 1  # the key is not always in one place: the order is drawn
    with trainee.get(f"/attempts/{number}/result") as early:  # no feedback before the submit
        assert early.status_code == 302 and "/result" not in early.headers["Location"]


def test_nobody_else_sees_an_attempt_and_another_rooms_exam_is_not_found(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    ana = app.test_client()
    sign_in(ana, "Ana")
    number = _started(ana)
    (assignment,) = exam_rooms.exam_assignments(open_store(app.config["DATABASE"]), own.id)
    urls = [
        f"/attempts/{number}",
        f"/attempts/{number}/items/1",
        f"/attempts/{number}/result",
    ]
    for who in ("Leo", "Mia", "Bo"):
        someone = app.test_client()
        sign_in(someone, who)
        for url in urls:
            assert someone.get(url).status_code == 404, (who, url)
        assert someone.post(f"/attempts/{number}/items/1", data={"option": "1"}).status_code == 404
        assert someone.post(f"/attempts/{number}/submit").status_code == 404
        assert someone.post(f"/exams/{assignment.id}/start").status_code == 404
        assert someone.get(f"/attempts/{number + 1000}").status_code == 404
    bo = app.test_client()
    sign_in(bo, "Bo")
    assert bo.get(f"/rooms/{own.id}/exams").status_code == 404
    assert bo.get(f"/rooms/{other.id}/exams").status_code == 200
    assert _attempt(app, number).submitted_at is None  # nobody else's post submitted it


def test_a_tampered_position_or_value_is_refused_and_loses_nothing(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    ana = app.test_client()
    sign_in(ana, "Ana")
    number = _started(ana)
    found = _attempt(app, number)
    item = asked(found, 1)
    ana.post(f"/attempts/{number}/items/1", data=_form(item, right_answer(item)))
    for position in (0, found.items + 1, 99999):
        assert ana.get(f"/attempts/{number}/items/{position}").status_code == 404
        assert (
            ana.post(f"/attempts/{number}/items/{position}", data={"option": "1"}).status_code
            == 404
        )
    for bad in ({"option": "0"}, {"option": "99"}, {"option": "c0"}, {"number": "x"}, {}):
        response = ana.post(f"/attempts/{number}/items/1", data=bad)
        assert response.status_code == 422, bad
    with open_store(app.config["DATABASE"]) as store:
        kept = stored.attempt_answers(store, number)
    assert [(a.position, list(a.answer)) for a in kept] == [(1, right_answer(item))]


def test_time_running_out_submits_what_was_answered_and_refuses_later_answers(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    ana = app.test_client()
    sign_in(ana, "Ana")
    (assignment,) = exam_rooms.exam_assignments(open_store(app.config["DATABASE"]), own.id)
    began = datetime.now(UTC) - EXAM.blueprint.time_limit - timedelta(minutes=1)
    with open_store(app.config["DATABASE"]) as store:  # an attempt started an hour ago
        found = start(
            store, EXAM, trainee="Ana", room_id=own.id, assignment_id=assignment.id, now=began
        )
        first = asked(found, 1)
        save_answer(store, found, 1, right_answer(first), now=began + timedelta(minutes=5))
    item = asked(found, 2)
    late = ana.post(f"/attempts/{found.id}/items/2", data=_form(item, right_answer(item)))
    assert late.status_code == 409 and "Not saved: time is up." in late.text
    done = _attempt(app, found.id)
    assert done.submitted_at == found.deadline and done.right == 1
    with open_store(app.config["DATABASE"]) as store:
        assert [a.position for a in stored.attempt_answers(store, found.id)] == [1]
    assert "1 of 40 right" in ana.get(f"/attempts/{found.id}/result").text


def test_the_attempt_limit_holds_in_the_browser(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    _assign(client, own)
    ana = app.test_client()
    sign_in(ana, "Ana")
    for _ in range(EXAM.blueprint.attempts):
        number = _started(ana)
        ana.post(f"/attempts/{number}/submit")
    page = ana.get("/exams")
    assert "No attempt left" in page.text and 'action="/exams/' not in page.text
    (assignment,) = exam_rooms.exam_assignments(open_store(app.config["DATABASE"]), own.id)
    refused = ana.post(f"/exams/{assignment.id}/start")
    assert refused.status_code == 409 and "you cannot start another now" in refused.text
    with open_store(app.config["DATABASE"]) as store:
        assert len(stored.attempts_of(store, "Ana")) == EXAM.blueprint.attempts


def test_an_exam_assigned_to_one_trainee_or_outside_its_window_cannot_be_started(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room], world: World
) -> None:
    own, _other = cast
    eve = world.person("Eve", room=own)
    sign_in(client, "Mia")
    _assign(client, own, who=str(eve.id))
    future = (date.today() + timedelta(days=3)).isoformat()
    _assign(client, own, opens=future, closes=future)
    ana = app.test_client()
    sign_in(ana, "Ana")
    page = ana.get("/exams")
    assert "Start the exam" not in page.text and "not open now" in page.text
    with open_store(app.config["DATABASE"]) as store:
        mine, eves = exam_rooms.exam_assignments(store, own.id)
    assert ana.post(f"/exams/{eves.id}/start").status_code == 404
    closed = ana.post(f"/exams/{mine.id}/start")
    assert closed.status_code == 302 and closed.headers["Location"].endswith("/exams")
    with open_store(app.config["DATABASE"]) as store:
        assert stored.attempts_of(store, "Ana") == []
    # a trainee of another room is not a choice for the trainer: refused, nothing assigned
    leo = world.person("Lea")
    bad = client.post(
        f"/rooms/{own.id}/exams",
        data={
            "exam": "shipped:tda-style-dealer",
            "who": str(leo.id),
            "opens": future,
            "closes": future,
        },
    )
    assert bad.status_code == 422


BAD_BLUEPRINT = """\
id: house-exam
title: Our exam
ruleset: tda-2024
time_limit: 0m
pass_mark: 120%
attempts: 2
valid_for: 2y
sections:
  - {topics: [misdael], count: 2}
"""


def test_an_uploaded_blueprint_is_checked_with_line_and_column_then_assignable(
    app: Flask, client: FlaskClient, cast: tuple[Room, Room]
) -> None:
    own, _other = cast
    sign_in(client, "Mia")
    refused = client.post(f"/rooms/{own.id}/exams/upload", data={"text": BAD_BLUEPRINT})
    assert refused.status_code == 422
    assert "line 4, column 13" in refused.text and "line 5, column 12" in refused.text
    assert "line 9" in refused.text and "misdael" in refused.text
    good = BAD_BLUEPRINT.replace("0m", "20m").replace("120%", "50%").replace("misdael", "misdeal")
    kept = client.post(f"/rooms/{own.id}/exams/upload", data={"text": good})
    assert kept.status_code == 302
    page = client.get(f"/rooms/{own.id}/exams")
    assert "room:house-exam" in page.text
    _assign(client, own, exam="room:house-exam")
    ana = app.test_client()
    sign_in(ana, "Ana")
    number = _started(ana)
    found = _attempt(app, number)
    assert found.exam_id == "house-exam" and found.items == 2
    assert found.deadline - found.started_at == timedelta(minutes=20)
