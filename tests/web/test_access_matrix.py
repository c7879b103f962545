"""The access matrix over the whole URL map: every route has a declared policy, and each
policy holds for every role, in one's own room and in another's (DESIGN.md, "People, rooms
and roles"; web-anchors.md's security checklist).

Policies: public (anyone), signed-in (any role), admin (admins; others 403), trainer (the
room's trainers and admins; the room's trainees 403; anyone outside the room 404), owner
(the run's owner only; anyone else 404, as for a run that does not exist).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.rules.corpus import load_corpus

from .conftest import World, make_app, sign_in
from .test_training import _entries, _run

POLICY = {
    "static": "public",
    "auth.sign_in": "public",
    "auth.join": "public",
    "auth.password": "signed-in",
    "auth.sign_out": "signed-in",
    "training.home": "signed-in",
    "training.start_quiz": "signed-in",
    "training.start_review": "signed-in",
    "training.start_drill": "signed-in",
    "training.show_run": "owner",
    "training.item": "owner",
    "training.answer": "owner",
    "training.summary": "owner",
    "training.finish": "owner",
    "training.drill": "owner",
    "training.drill_move": "owner",
    "rules.search": "signed-in",
    "rules.show": "signed-in",
    "rules.diff": "signed-in",
    "rules.glossary": "signed-in",
    "rules.what_if": "signed-in",
    "room.index": "signed-in",
    "room.dashboard": "trainer",
    "room.assignments": "trainer",
    "room.export_csv": "trainer",
    "room.export_json": "trainer",
    "room.invite": "trainer",
    "room.ruleset": "trainer",
    "room.scenarios": "trainer",
    "room.scenario": "trainer",
    "room.remove_scenario": "trainer",
    "room.trainee": "trainer",
    "room.upload": "trainer",
    "admin.index": "admin",
    "admin.create_person": "admin",
    "admin.person": "admin",
    "admin.set_disabled": "admin",
    "admin.set_admin": "admin",
    "admin.reset_password": "admin",
    "admin.add_member": "admin",
    "admin.remove_member": "admin",
    "admin.create_room": "admin",
}


@dataclass
class Cast:
    own: Room
    other: Room
    trainer: Person
    trainee: Person
    outsider: Person  # a trainer of the other room
    admin: Person
    run: int  # the trainee's quiz
    drill: int  # the trainee's drill


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app for the module: the matrix only reads (a refused POST changes nothing)."""
    return make_app(tmp_path_factory.mktemp("matrix") / "room.sqlite3")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def cast(app: Flask) -> Cast:
    world = World(app)
    own, other = world.room("Evening"), world.room("Morning")
    trainee = world.person("Ana", room=own)
    quiz = _run(app, trainee, own, _entries("choice", 2))
    starter = app.test_client()
    sign_in(starter, trainee.name)
    started = starter.post("/drill", data={"room": str(own.id)}).headers["Location"]
    drill = int(started.rsplit("/", 1)[1])
    return Cast(
        own=own,
        other=other,
        trainer=world.trainer("Mia", own),
        trainee=trainee,
        outsider=world.trainer("Bo", other),
        admin=world.person("Root", admin=True),
        run=quiz,
        drill=drill,
    )


def _url(app: Flask, endpoint: str, cast: Cast, room: Room) -> str:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    values: dict[str, object] = {}
    for name in rule.arguments:
        values[name] = {
            "room_id": room.id,
            "person_id": cast.trainee.id,
            "run_id": cast.drill if endpoint.startswith("training.drill") else cast.run,
            "position": 1,
            "scenario_id": _entries("choice")[0].id,
            "rule_id": load_corpus().rules[0].id,
            "filename": "app.css",
        }[name]
    with app.test_request_context():
        from flask import url_for

        return url_for(endpoint, **values)


def _methods(app: Flask, endpoint: str) -> set[str]:
    found: set[str] = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == endpoint:
            found |= (rule.methods or set()) - {"HEAD", "OPTIONS"}
    return found


def test_every_route_has_a_declared_policy(app: Flask) -> None:
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert endpoints == set(POLICY), (
        f"undeclared: {sorted(endpoints - set(POLICY))}; gone: {sorted(set(POLICY) - endpoints)}"
    )


@pytest.mark.parametrize("endpoint", sorted(e for e, p in POLICY.items() if p != "public"))
def test_every_closed_route_sends_an_anonymous_visitor_to_sign_in(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str
) -> None:
    url = _url(app, endpoint, cast, cast.own)
    for method in _methods(app, endpoint):
        response = client.open(url, method=method)
        assert response.status_code == 302, (method, url)
        assert response.headers["Location"].startswith("/sign-in")
        htmx = client.open(url, method=method, headers={"HX-Request": "true"})
        assert htmx.status_code == 401 and htmx.headers["HX-Redirect"].startswith("/sign-in")


def _expected(policy: str, who: str, same_room: bool) -> set[int]:
    """The status codes a role may get (an allowed GET page answers 200)."""
    if policy == "signed-in":
        return {200}
    if policy == "admin":
        return {200} if who == "admin" else {403}
    if policy == "trainer":
        if who == "admin" or (who == "trainer" and same_room):
            return {200}
        if who == "trainee" and same_room:
            return {403}
        return {404}
    if policy == "owner":  # a run's own page sends its owner on to the question due
        return {200, 302} if who == "trainee" else {404}
    raise AssertionError(policy)


WHO = ("trainee", "trainer", "outsider", "admin")


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(
    "endpoint",
    sorted(
        e
        for e, p in POLICY.items()
        if p in ("admin", "trainer", "owner") or e.startswith(("rules.", "training.home"))
    ),
)
def test_each_role_gets_the_page_a_403_or_a_404_as_the_matrix_says(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str, who: str
) -> None:
    if "GET" not in _methods(app, endpoint):
        return  # POST only: the POST matrix below
    person = {
        "trainee": cast.trainee,
        "trainer": cast.trainer,
        "outsider": cast.outsider,
        "admin": cast.admin,
    }[who]
    sign_in(client, person.name)
    policy = POLICY[endpoint]
    # the outsider is a trainer too, but of the other room: they ask for this room's pages
    response = client.get(_url(app, endpoint, cast, cast.own))
    wanted = _expected(policy, "trainer" if who == "outsider" else who, who != "outsider")
    assert response.status_code in wanted, (endpoint, who, response.status_code)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(
    "endpoint",
    sorted(e for e, p in POLICY.items() if p in ("admin", "trainer", "owner")),
)
def test_a_refused_post_changes_nothing_and_answers_403_or_404(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str, who: str
) -> None:
    if "POST" not in _methods(app, endpoint):
        return
    person = {
        "trainee": cast.trainee,
        "trainer": cast.trainer,
        "outsider": cast.outsider,
        "admin": cast.admin,
    }[who]
    sign_in(client, person.name)
    policy = POLICY[endpoint]
    wanted = _expected(policy, "trainer" if who == "outsider" else who, who != "outsider")
    if 200 in wanted:
        return  # allowed: each area's own tests post real forms
    response = client.post(_url(app, endpoint, cast, cast.own), data={})
    assert response.status_code in wanted, (endpoint, who, response.status_code)


def test_another_rooms_page_has_the_body_of_a_missing_one(
    app: Flask, client: FlaskClient, cast: Cast
) -> None:
    sign_in(client, cast.outsider.name)
    strip = re.compile(r'name="csrf-token" content="[^"]+"|value="[^"]{20,}"')
    foreign = client.get(f"/rooms/{cast.own.id}/")
    missing = client.get("/rooms/99999/")
    assert foreign.status_code == missing.status_code == 404
    assert strip.sub("", foreign.text) == strip.sub("", missing.text)
    assert "Evening" not in foreign.text and "Ana" not in foreign.text
