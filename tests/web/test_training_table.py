"""Real-table mode in the browser: a session started in a room, each question answered on
the page (an operation, the pot, the push) and checked by the engine, the instructor's dealer
error and its recovery, the session resumed by a reload, bad input answered 422 (never 500),
and every answer kept per skill, never as an item."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.store import skills
from dealer_trainer.training import runs
from dealer_trainer.training.drill.realtable import Ask, RealTable
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def _start(client: FlaskClient, room: Room) -> int:
    response = client.post("/drill/table", data={"room": str(room.id), "ruleset": "roberts"})
    assert response.status_code in (302, 303), response.text[:300]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def _session(app: Flask, run_id: int) -> RealTable:
    with open_store(app.config["DATABASE"]) as store:
        found = runs.run(store, run_id=run_id, person_id=1)
        assert found is not None and found.plan.drill_seed is not None
        # replayed apart from the server's live sessions (the pages' own are left alone)
        return RealTable.replay(
            found.plan.drill_seed,
            BUILTIN[found.plan.ruleset],
            [tuple(kept.answer) for kept in runs.answers(store, run_id)],
            found.plan.injected,
        )


def _right(session: RealTable) -> dict[str, str | list[str]]:
    """The form fields of the right answer to the question now."""
    question = session.question()
    number = str(question.number)
    if question.ask is Ask.OPERATION:
        allowed = set(session.hand.expected_next())
        place = next(i for i, o in enumerate(question.options, 1) if o.event in allowed)
        return {"question": number, "option": str(place)}
    if question.ask is Ask.POT:
        pot = sum(pot.amount for pot in session.hand.current_pots())
        return {"question": number, "chips": str(pot)}
    winners = [str(seat) for seat, won in sorted(session.hand.won.items()) if won]
    return {"question": number, "seat": winners}


def test_the_start_page_explains_the_mode_and_offers_the_rooms_rulesets(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    html = client.get("/drill/table").text
    assert "Real-table mode" in html and "Make a dealer error" in html
    assert 'value="roberts"' in html and 'value="tda-2024"' in html


def test_a_right_answer_of_every_kind_is_checked_right_and_kept_per_skill(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    seen: set[Ask] = set()
    for _ in range(60):
        session = _session(app, run_id)
        seen.add(session.question().ask)
        response = client.post(f"/drill/table/{run_id}", data=_right(session))
        assert response.status_code == 200, response.text[:500]
        assert "Right:" in response.text
    assert seen == set(Ask)
    with open_store(app.config["DATABASE"]) as store:
        figures = skills.trainee_skills(store, "Ana")
        assert {f.skill for f in figures} == {"dealing", "money", "hands"}
        assert all(f.correct == f.answered for f in figures)
        # practice of skills, never items: no item answer, no review card
        assert store.answers() == [] and store.due("Ana") == []
    home = client.get("/").text  # the per-skill figures name the real table's kinds
    assert "the pot, at a real table" in home and "the push, at a real table" in home


def test_a_wrong_pot_is_told_with_the_engines_count(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for _ in range(40):
        session = _session(app, run_id)
        if session.question().ask is Ask.POT:
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    right = _right(session)
    wrong = str(int(str(right["chips"])) + 1)
    html = client.post(f"/drill/table/{run_id}", data={**right, "chips": wrong}).text
    assert f"Wrong: {wrong}" in html and f"<strong>{right['chips']}</strong>" in html


def test_the_instructors_error_asks_for_its_recovery_and_a_reload_resumes(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for _ in range(40):
        session = _session(app, run_id)
        if session.errors_now():
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    name = session.errors_now()[0]
    number = session.question().number
    page = client.post(
        f"/drill/table/{run_id}/error", data={"question": str(number), "error": name}
    )
    assert page.status_code == 200
    assert "Dealer error (made by the instructor)" in page.text
    assert "a dealer error is being put right" in page.text
    again = client.get(f"/drill/table/{run_id}").text  # a reload: the same recovery question
    assert "a dealer error is being put right" in again
    session = _session(app, run_id)
    assert session.errors == [name] and session.question().situation is not None
    while session.question().situation is not None:
        html = client.post(f"/drill/table/{run_id}", data=_right(session)).text
        assert "Right:" in html
        session = _session(app, run_id)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"option": "99"}, "not one of the operations"),
        ({"option": "x"}, "choose one of the operations"),
        ({}, "choose one of the operations"),
    ],
)
def test_a_bad_operation_answer_is_a_422_with_its_message(
    client: FlaskClient, ana: Person, room: Room, fields: dict[str, str], message: str
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    response = client.post(f"/drill/table/{run_id}", data={"question": "1", **fields})
    assert response.status_code == 422 and message in response.text


def test_bad_pot_and_push_answers_and_a_bad_error_are_422s(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    asked: set[Ask] = set()
    for _ in range(80):
        session = _session(app, run_id)
        question = session.question()
        number = str(question.number)
        if question.ask is Ask.POT and Ask.POT not in asked:
            for bad in ("-3", "ten", "1e9", "", "1 2"):
                response = client.post(
                    f"/drill/table/{run_id}", data={"question": number, "chips": bad}
                )
                assert response.status_code == 422, bad
            asked.add(Ask.POT)
        if question.ask is Ask.PUSH and Ask.PUSH not in asked:
            for bad in ([], ["11"], ["0"], ["seat"]):
                response = client.post(
                    f"/drill/table/{run_id}", data={"question": number, "seat": bad}
                )
                assert response.status_code == 422, bad
            asked.add(Ask.PUSH)
        if asked == {Ask.POT, Ask.PUSH}:
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    assert asked == {Ask.POT, Ask.PUSH}
    response = client.post(
        f"/drill/table/{run_id}/error", data={"question": number, "error": "no_such_error"}
    )
    assert response.status_code == 422 and "cannot be made" in response.text


def test_a_stale_answer_changes_nothing(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    first = _right(_session(app, run_id))
    client.post(f"/drill/table/{run_id}", data=first)
    again = client.post(f"/drill/table/{run_id}", data=first)  # a double tap
    assert again.status_code == 200
    assert _session(app, run_id).asked == 1


def test_another_persons_session_is_a_404_and_the_summary_counts_the_answers(
    app: Flask, client: FlaskClient, world: World, ana: Person, room: Room
) -> None:
    world.person("Leo", room=room)
    sign_in(client, "Ana")
    run_id = _start(client, room)
    client.post(f"/drill/table/{run_id}", data=_right(_session(app, run_id)))
    other = app.test_client()
    sign_in(other, "Leo")
    assert other.get(f"/drill/table/{run_id}").status_code == 404
    assert other.post(f"/drill/table/{run_id}", data={"question": "2"}).status_code == 404
    assert client.get(f"/drill/{run_id}").status_code == 302  # the dealing drill's page: here
    finished = client.post(f"/runs/{run_id}/finish")
    assert finished.status_code in (302, 303)
    summary = client.get(f"/runs/{run_id}/summary")
    assert summary.status_code == 200
    assert re.search(r"\b1\b", summary.text)


def test_a_start_with_an_unknown_ruleset_is_a_422(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    response = client.post("/drill/table", data={"room": str(room.id), "ruleset": "nope"})
    assert response.status_code == 422 and "choose one of the rulesets" in response.text
    assert client.post("/drill/table", data={"room": "9999"}).status_code == 404


def test_a_session_kept_live_between_requests_is_the_one_a_fresh_replay_gives(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for number in range(1, 25):  # answers from the page alone: the server goes on each time
        html = client.get(f"/drill/table/{run_id}").text
        assert f"question {number} " in html
        fields: dict[str, str | list[str]] = {"question": str(number), "option": "1"}
        if 'name="chips"' in html:
            fields = {"question": str(number), "chips": "7"}
        elif 'name="seat"' in html:
            seat = re.search(r'name="seat" value="(\d+)"', html)
            assert seat is not None
            fields = {"question": str(number), "seat": [seat.group(1)]}
        assert client.post(f"/drill/table/{run_id}", data=fields).status_code == 200
    fresh = _session(app, run_id)
    with open_store(app.config["DATABASE"]) as store:
        found = runs.run(store, run_id=run_id, person_id=1)
        assert found is not None
        live = runs.table_state(found, runs.answers(store, run_id))  # the server's own
    assert live.asked == fresh.asked == 24
    assert live.question() == fresh.question()
    assert [c.correct for c in live.checked] == [c.correct for c in fresh.checked]
    runs.forget_table(run_id)


def test_the_push_question_draws_the_pot_not_yet_pushed(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for _ in range(80):
        session = _session(app, run_id)
        if session.question().ask is Ask.PUSH:
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    html = client.get(f"/drill/table/{run_id}").text
    hand = session.hand
    for seat, won in hand.won.items():
        if won:  # the winner's stack is drawn without the pot: the picture gives nothing away
            assert f"{hand.chips(seat) - won} chips" in html


def test_the_winning_cards_typed_push_the_pot_and_bad_cards_are_a_422(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for _ in range(200):
        session = _session(app, run_id)
        question = session.question()
        if question.ask is Ask.PUSH and question.tabled:
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    number = str(question.number)
    html = client.get(f"/drill/table/{run_id}").text
    assert 'name="cards"' in html
    bad = client.post(f"/drill/table/{run_id}", data={"question": number, "cards": "zz"})
    assert bad.status_code == 422 and "is not a card" in bad.text
    seat, hole = question.tabled[0]
    page = client.post(f"/drill/table/{run_id}", data={"question": number, "cards": " ".join(hole)})
    assert page.status_code == 200 and f"seat {seat}" in page.text


def test_an_answer_from_a_page_shown_before_the_instructors_error_changes_nothing(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    run_id = _start(client, room)
    for _ in range(40):
        session = _session(app, run_id)
        if session.errors_now():
            break
        client.post(f"/drill/table/{run_id}", data=_right(session))
    question = session.question()
    stale = {**_right(session), "kind": question.kind}
    error = {"question": str(question.number), "error": session.errors_now()[0]}
    assert client.post(f"/drill/table/{run_id}/error", data=error).status_code == 200
    page = client.post(f"/drill/table/{run_id}", data=stale)  # the other tablet's answer
    assert page.status_code == 200 and "Right:" not in page.text and "Wrong:" not in page.text
    again = _session(app, run_id)
    assert again.asked == question.number - 1 and again.question().situation is not None
