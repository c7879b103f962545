"""A trainee trying to cheat at an exam (issue 23: "we will also take exams as a trainee
trying to cheat would"): the key is in no page, htmx fragment, redirect, JSON or session
cookie before the submit; an answer after the limit, an answer after the submit and a second
submit are refused (409) and lose nothing; a tampered position is refused; another trainee's
attempt or certificate and another room's exam are a 404 exactly like one that does not
exist."""

from __future__ import annotations

import base64
import json
import re
import zlib
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from dealer_trainer.accounts import Room
from dealer_trainer.store import exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.store.certificates import of_attempt
from dealer_trainer.store.exams import StoredAttempt
from dealer_trainer.training.exam.attempts import asked, finish, load_exam, save_answer, start
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Item
from tests.exam_answers import right_answer, wrong_answer

from .conftest import World, csrf_token, sign_in

EXAM = load_exam("tda-style-dealer")
HTMX = {"HX-Request": "true"}


@pytest.fixture
def rooms(world: World) -> tuple[Room, Room]:
    own, other = world.room("Evening"), world.room("Morning")
    world.trainer("Mia", own)
    world.person("Ana", room=own)
    world.person("Ben", room=own)
    world.person("Leo", room=other)
    return own, other


def _assign(app: Flask, room: Room) -> int:
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


def _start(
    app: Flask, trainee: str, room: Room, assignment: int, now: datetime | None = None
) -> StoredAttempt:
    with open_store(app.config["DATABASE"]) as store:
        return start(
            store, EXAM, trainee=trainee, room_id=room.id, assignment_id=assignment, now=now
        )


def _place(item: Item, value: str) -> str:
    return str(next(n for n, o in enumerate(item.options, 1) if o.value == value))


def _form(item: Item, answer: list[str]) -> dict[str, str]:
    if item.typed:
        return {"number": answer[0]}
    if item.ordered:
        return {f"step{k}": _place(item, v) for k, v in enumerate(answer, 1)}
    return {"option": _place(item, answer[0])}


def _leaks(text: str, item: Item, *, judging: bool = True) -> list[str]:
    """What of the key ``text`` gives away: the explanation, the title, the rule, an option's
    value (its place is all a page may send), or (``judging``: on an item's own page, where
    only the question and its options speak) a word that judges."""
    found = []
    question = item.scenario.question
    for secret in (question.explain, item.scenario.title, item.scenario.id):
        if secret and (secret in text or str(escape(secret)) in text):
            found.append(secret)
    for rule in {item.scenario.rule, item.proved.rule} - {None}:
        if str(rule) in text:
            found.append(str(rule))
    if re.search(r'value="[cs]\d+"|"[cs]\d+"', text):
        found.append("an option value")
    if not judging:
        return found
    rest = text
    for shown in [item.ask, *(o.label for o in item.options)]:
        rest = rest.replace(str(escape(shown)), "")
    found += re.findall(r"\b(?:correct|wrong|the right answer|answer key)\b", rest, re.I)
    return found


def _cookie(client: FlaskClient) -> dict[str, object]:
    cookie = client.get_cookie("session")
    assert cookie is not None
    value = cookie.value
    payload = value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    data = json.loads(zlib.decompress(raw) if value.startswith(".") else raw)
    assert isinstance(data, dict)
    return data


def test_no_page_fragment_redirect_json_or_cookie_gives_the_key_before_the_submit(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room]
) -> None:
    own, _other = rooms
    assignment = _assign(app, own)
    sign_in(client, "Ana")
    began = client.post(f"/exams/{assignment}/start", headers=HTMX)
    assert began.status_code == 200 and began.headers["HX-Redirect"].startswith("/attempts/")
    number = int(began.headers["HX-Redirect"].rsplit("/", 1)[1])
    with open_store(app.config["DATABASE"]) as store:
        found = stored.attempt(store, number)
    assert found is not None
    items = [asked(found, p) for p in range(1, found.items + 1)]
    for position, item in enumerate(items, 1):  # (the whole pages: test_exams.py)
        url = f"/attempts/{number}/items/{position}"
        fragment = client.get(url, headers=HTMX)
        assert fragment.status_code == 200 and "<html" not in fragment.text
        assert "HX-Request" in fragment.headers["Vary"]
        assert _leaks(fragment.text, item) == [], (position, _leaks(fragment.text, item))
        if position > 3:
            continue
        refused = client.post(url, data={"option": "99", "number": "x"}, headers=HTMX)
        assert refused.status_code == 422 and _leaks(refused.text, item) == []
        saved = client.post(url, data=_form(item, wrong_answer(item)), headers=HTMX)
        assert saved.status_code == 200 and saved.text == ""  # where next, and nothing else
        assert saved.headers["HX-Redirect"].startswith(f"/attempts/{number}/items/")
    everything = "".join(
        client.get(url, headers=headers).text
        for url in ("/", "/exams", f"/attempts/{number}", f"/attempts/{number}/result")
        for headers in ({}, HTMX)
    )
    for item in items:
        assert _leaks(everything, item, judging=False) == []
    # no feedback before the submit, nor the room's JSON export for a trainee
    early = client.get(f"/attempts/{number}/result")
    assert early.status_code == 302 and "/result" not in early.headers["Location"]
    assert client.get(f"/rooms/{own.id}/export.json").status_code in (403, 404)
    kept = _cookie(client)
    assert set(kept) <= {"_user_id", "_fresh", "_id", "csrf_token", "_flashes", "_permanent"}
    assert all(_leaks(json.dumps(kept), item, judging=False) == [] for item in items)


def test_an_answer_after_the_limit_or_the_submit_and_a_second_submit_are_refused_losing_nothing(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room]
) -> None:
    own, _other = rooms
    assignment = _assign(app, own)
    sign_in(client, "Ana")
    # an attempt out of time, two answers saved in time
    began = datetime.now(UTC) - EXAM.blueprint.time_limit - timedelta(minutes=2)
    late = _start(app, "Ana", own, assignment, now=began)
    with open_store(app.config["DATABASE"]) as store:
        for position in (1, 2):
            given = right_answer(asked(late, position))
            save_answer(store, late, position, given, now=began + timedelta(minutes=1))
    item = asked(late, 3)
    assert client.get(f"/attempts/{late.id}").status_code == 302  # a read submits it first
    refused = client.post(f"/attempts/{late.id}/items/3", data=_form(item, right_answer(item)))
    assert refused.status_code == 409 and "Not saved: time is up." in refused.text
    changed = client.post(f"/attempts/{late.id}/items/1", data=_form(item, wrong_answer(item)))
    assert changed.status_code == 409
    with open_store(app.config["DATABASE"]) as store:
        kept = stored.attempt_answers(store, late.id)
        done = stored.attempt(store, late.id)
    assert [a.position for a in kept] == [1, 2] and done is not None
    assert kept[0].answer == tuple(right_answer(asked(late, 1)))
    assert done.submitted_at == late.deadline and done.right == 2
    # a second submit: refused, the result kept as it was
    again = client.post(f"/attempts/{late.id}/submit")
    assert again.status_code == 409 and "submitted already" in again.text
    with open_store(app.config["DATABASE"]) as store:
        assert stored.attempt(store, late.id) == done


def test_the_submit_the_clock_makes_at_the_deadline_leads_to_the_result(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room]
) -> None:
    """Not a second submit: the page's clock posts the submit when time runs out."""
    own, _other = rooms
    assignment = _assign(app, own)
    sign_in(client, "Ana")
    began = datetime.now(UTC) - EXAM.blueprint.time_limit - timedelta(seconds=1)
    late = _start(app, "Ana", own, assignment, now=began)
    ended = client.post(f"/attempts/{late.id}/submit")
    assert ended.status_code == 302 and ended.headers["Location"].endswith("/result")


def test_a_tampered_position_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room]
) -> None:
    own, _other = rooms
    assignment = _assign(app, own)
    sign_in(client, "Ana")
    found = _start(app, "Ana", own, assignment)
    for position in ("0", "-1", str(found.items + 1), "1.5", "x"):
        url = f"/attempts/{found.id}/items/{position}"
        assert client.get(url).status_code == 404, position
        assert client.post(url, data={"option": "1"}).status_code == 404, position
    # beyond what the store could hold: no route matches (a POST is 405, a GET 404)
    huge = f"/attempts/{found.id}/items/{2**63}"
    assert client.get(huge).status_code == 404
    assert client.post(huge, data={"option": "1"}).status_code in (404, 405)
    with open_store(app.config["DATABASE"]) as store:
        assert stored.attempt_answers(store, found.id) == []


def _without_token(text: str) -> str:
    return text.replace(csrf_token(text), "") if 'name="csrf-token"' in text else text


def test_anothers_attempt_or_certificate_and_another_rooms_exam_are_404_like_a_missing_one(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room]
) -> None:
    own, other = rooms
    mine = _assign(app, own)
    theirs = _assign(app, other)
    bens = _start(app, "Ben", own, mine)
    with open_store(app.config["DATABASE"]) as store:
        for position in range(1, bens.items + 1):
            save_answer(store, bens, position, right_answer(asked(bens, position)))
        certificate = of_attempt(store, finish(store, bens).id)
    assert certificate is not None
    missing = bens.id + 1000
    sign_in(client, "Ana")
    pairs = [
        ("GET", f"/attempts/{bens.id}", f"/attempts/{missing}"),
        ("GET", f"/attempts/{bens.id}/items/1", f"/attempts/{missing}/items/1"),
        ("GET", f"/attempts/{bens.id}/result", f"/attempts/{missing}/result"),
        ("POST", f"/attempts/{bens.id}/items/1", f"/attempts/{missing}/items/1"),
        ("POST", f"/attempts/{bens.id}/submit", f"/attempts/{missing}/submit"),
        ("GET", f"/certificates/{certificate.id}.pdf", "/certificates/23456789ABCDEFGH.pdf"),
        ("POST", f"/exams/{theirs}/start", f"/exams/{theirs + 1000}/start"),
        ("GET", f"/rooms/{other.id}/certificates", "/rooms/99999/certificates"),
        ("GET", f"/rooms/{other.id}/exams", "/rooms/99999/exams"),
    ]
    for method, someone_elses, nobodys in pairs:
        got = client.open(someone_elses, method=method, data={"option": "1"})
        none = client.open(nobodys, method=method, data={"option": "1"})
        assert got.status_code == none.status_code == 404, (someone_elses, got.status_code)
        assert _without_token(got.text) == _without_token(none.text), someone_elses
        assert "Ben" not in got.text and "Morning" not in got.text
    with open_store(app.config["DATABASE"]) as store:
        assert stored.attempts_of(store, "Ana") == []  # nobody's exam was started
