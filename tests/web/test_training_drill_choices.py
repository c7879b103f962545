"""The browser's dealing drill offers the terminal's choices: the mode (``--mode``), the
ruleset (``--ruleset``) and the error rate (``--rate``); a bad one is refused beside its field
(422), what was typed kept."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.training import runs
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def test_the_drill_start_offers_the_mode_the_ruleset_and_the_rate(
    client: FlaskClient, ana: Person
) -> None:
    sign_in(client, "Ana")
    html = client.get("/drill").text
    assert 'name="ruleset"' in html and 'name="rate"' in html
    for mode in ("learn", "guided", "practice", "table-ready"):
        assert f'name="mode" value="{mode}"' in html
    assert 'value="learn" checked' in html
    assert '<option value="tda-2024"' in html and "roberts (this room&#39;s)" in html


def test_a_drill_started_with_a_ruleset_and_a_rate_is_dealt_under_them(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.post("/drill", data={"room": str(room.id), "ruleset": "tda-2024", "rate": "1"})
    assert started.location and started.location.startswith("/drill/")
    store = open_store(app.config["DATABASE"])
    try:
        found = runs.run(store, run_id=int(started.location.rsplit("/", 1)[1]), person_id=ana.id)
    finally:
        store.close()
    assert found is not None
    assert (found.plan.ruleset, found.plan.drill_rate) == ("tda-2024", 1.0)
    assert "tda-2024 rules · error rate 1" in client.get(started.location).text


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rate": "often"}, "is not a number"),
        ({"rate": "1.5"}, "from 0 (never) to 1"),
        ({"rate": "nan"}, "from 0 (never) to 1"),
        ({"ruleset": "house-of-cards"}, "choose one of the rulesets listed"),
        ({"mode": "blindfolded"}, "choose one of the modes listed"),
    ],
)
def test_a_bad_choice_is_refused_beside_its_field(
    client: FlaskClient, ana: Person, room: Room, fields: dict[str, str], message: str
) -> None:
    sign_in(client, "Ana")
    response = client.post("/drill", data={"room": str(room.id), **fields})
    assert response.status_code == 422
    assert message in response.text and 'aria-invalid="true"' in response.text
    if "rate" in fields:
        assert f'value="{fields["rate"]}"' in response.text


def test_a_drill_in_an_unannounced_mode_takes_the_modes_rate_and_offers_the_floor(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.post("/drill", data={"room": str(room.id), "mode": "table-ready"})
    assert started.location and started.location.startswith("/drill/")
    store = open_store(app.config["DATABASE"])
    try:
        found = runs.run(store, run_id=int(started.location.rsplit("/", 1)[1]), person_id=ana.id)
    finally:
        store.close()
    assert found is not None
    assert (found.plan.drill_mode, found.plan.drill_rate) == ("table-ready", 0.25)
    html = client.get(started.location).text
    assert "table-ready mode" in html and "Floor! Something is wrong" in html
