"""The trainee's home shows a weak drill skill (below 90% right over 3 answers or more) among
the reviews due, as a drill due that starts its drill; the questions due stay the items'."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import skills
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def _keep(app: Flask, skill: str, results: list[bool]) -> None:
    store = open_store(app.config["DATABASE"])
    try:
        for number, correct in enumerate(results):
            answer = skills.SkillAnswer(
                trainee="Ana", skill=skill, kind="call", correct=correct, seconds=2.0
            )
            skills.record_skill(store, answer, room_id=None, key=f"{skill}:{number}")
    finally:
        store.close()


def test_no_drill_is_due_without_a_weak_skill(app: Flask, client: FlaskClient, ana: Person) -> None:
    _keep(app, "money", [True, True, True])
    sign_in(client, "Ana")
    html = client.get("/").text
    assert "Drills due" not in html
    assert "Nothing is due for review now." in html


def test_a_weak_money_skill_is_a_drill_due_whose_link_starts_the_drill(
    app: Flask, client: FlaskClient, ana: Person
) -> None:
    _keep(app, "money", [False, True, False])
    sign_in(client, "Ana")
    html = client.get("/").text
    assert "Drills due" in html
    assert "Money math: 1 of 3 right (33%), weak" in html
    assert 'href="/drill/money?seed="' in html
    assert "Nothing is due for review now." in html  # no item came due
    started = client.get("/drill/money?seed=")
    assert started.status_code in (302, 303) and "seed=" in (started.location or "")
    assert client.get(started.location or "").status_code == 200


def test_a_weak_dealing_skill_is_a_drill_due_that_starts_a_practice_drill(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    _keep(app, "dealing", [False] * 3)
    sign_in(client, "Ana")
    html = client.get("/").text
    assert "Drill due: Dealing (the dealer drill)" in html
    assert '<input type="hidden" name="mode" value="practice">' in html
    started = client.post("/drill", data={"room": str(room.id), "mode": "practice"})
    assert started.location and started.location.startswith("/drill/")
    assert "practice" in client.get(started.location).text
