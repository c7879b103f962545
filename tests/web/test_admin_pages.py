"""The admin pages: rooms, people, roles and password resets; admins only (403 for everyone
else), one-time passwords shown once and never put in the cookie, a URL or the log."""

from __future__ import annotations

import logging
import re
from importlib import metadata

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINEE, TRAINER
from dealer_trainer.web.access import Access, policy_of
from tests.web.conftest import PASSWORD, World, make_app, sign_in


def _admin(client: FlaskClient, world: World, name: str = "Boss") -> int:
    person = world.person(name, admin=True)
    sign_in(client, name)
    return person.id


def _one_time_password(html: str) -> str:
    found = re.search(r'<p class="secret"><code>([^<]+)</code></p>', html)
    assert found, "no one-time password on the page"
    return found.group(1)


def _admin_urls(world: World) -> tuple[list[str], list[str]]:
    """Every admin GET and POST URL, on a real person and room."""
    room = world.room("Evening")
    person = world.person("Ana", room=room)
    base = f"/admin/people/{person.id}"
    gets = ["/admin", "/admin/first-steps", base]
    posts = [
        "/admin/rooms",
        "/admin/people",
        f"{base}/rooms",
        f"{base}/rooms/{room.id}/remove",
        f"{base}/admin",
        f"{base}/access",
        f"{base}/password",
    ]
    return gets, posts


@pytest.mark.parametrize("role", [TRAINEE, TRAINER])
def test_admin_pages_are_403_for_trainees_and_trainers(
    client: FlaskClient, world: World, role: str
) -> None:
    gets, posts = _admin_urls(world)
    room = world.room("Day")
    world.person("Mia", room=room, role=role)
    sign_in(client, "Mia")
    for url in gets:
        assert client.get(url).status_code == 403, url
    for url in posts:
        data = {"admin": "yes", "disabled": "yes", "room-name": "X", "person-name": "Y"}
        assert client.post(url, data=data).status_code == 403, url
    keeper = world.accounts()
    try:
        ana = keeper.person_by_name("Ana")
        assert ana is not None and not ana.admin and not ana.disabled and not ana.must_change
        assert [r.name for r in keeper.rooms()] == ["Day", "Evening"]
    finally:
        keeper.store.close()


def test_admin_pages_send_an_anonymous_visitor_to_sign_in(
    client: FlaskClient, world: World
) -> None:
    gets, posts = _admin_urls(world)
    for url in gets:
        response = client.get(url)
        assert response.status_code == 302 and "/sign-in" in response.headers["Location"]
    for url in posts:
        response = client.post(url)
        assert response.status_code == 302 and "/sign-in" in response.headers["Location"]


def test_every_admin_endpoint_is_guarded(app: Flask) -> None:
    """Each view of the blueprint answers 403 to a non-admin: it declares the admin policy."""
    views = [name for name in app.view_functions if name.startswith("admin.")]
    assert len(views) >= 8
    for name in views:
        assert policy_of(app.view_functions[name]) is Access.ADMIN, name


def test_an_admin_sees_rooms_and_people(client: FlaskClient, world: World) -> None:
    room = world.room("Evening")
    world.person("Ana", room=room)
    _admin(client, world)
    response = client.get("/admin")
    assert response.status_code == 200
    assert "Evening" in response.text and "Ana" in response.text
    assert client.get("/admin", headers={"HX-Request": "true"}).status_code == 200


def test_the_admin_page_names_the_version_that_runs(client: FlaskClient, world: World) -> None:
    _admin(client, world)
    page = client.get("/admin").text
    running = metadata.version("dealer-trainer")
    assert f"This training room runs dealer-trainer {running}." in page


def test_an_admin_creates_a_room(client: FlaskClient, world: World) -> None:
    _admin(client, world)
    response = client.post("/admin/rooms", data={"room-name": "Night", "room-ruleset": "tda-2024"})
    assert response.status_code == 302 and response.headers["Location"] == "/admin"
    keeper = world.accounts()
    try:
        found = keeper.room_by_name("Night")
    finally:
        keeper.store.close()
    assert found is not None and found.ruleset == "tda-2024"
    assert "Room Night added" in client.get("/admin").text


def test_a_bad_room_is_refused_beside_its_field_keeping_what_was_typed(
    client: FlaskClient, world: World
) -> None:
    world.room("Night")
    _admin(client, world)
    taken = client.post("/admin/rooms", data={"room-name": "Night", "room-ruleset": "roberts"})
    assert taken.status_code == 422
    assert 'id="room-name-error"' in taken.text and "room of that name" in taken.text
    assert 'value="Night"' in taken.text
    empty = client.post("/admin/rooms", data={"room-name": "", "room-ruleset": "roberts"})
    assert empty.status_code == 422 and 'aria-invalid="true"' in empty.text
    bad = client.post("/admin/rooms", data={"room-name": "Dawn", "room-ruleset": "poker-for-fun"})
    assert bad.status_code == 422 and 'id="room-ruleset-error"' in bad.text
    assert 'value="Dawn"' in bad.text


def test_an_admin_creates_a_person_with_a_one_time_password_shown_once(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    _admin(client, world)
    response = client.post(
        "/admin/people",
        data={"person-name": "Ana", "person-room": str(room.id), "person-role": TRAINER},
    )
    assert response.status_code == 200
    password = _one_time_password(response.text)
    assert "shown once" in response.text
    assert response.headers["Cache-Control"] == "no-store"
    # not in the cookie, and gone from the next page
    cookie = client.get_cookie("session")
    assert cookie is not None and password not in cookie.value
    assert password not in client.get("/admin").text
    keeper = world.accounts()
    try:
        ana = keeper.person_by_name("Ana")
        assert ana is not None and ana.must_change and not ana.admin
        assert keeper.role_in(person_id=ana.id, room_id=room.id) == TRAINER
    finally:
        keeper.store.close()
    # Ana signs in with it and must choose her own password first
    other = app.test_client()
    sign_in(other, "Ana", password)
    response = other.get("/")
    assert response.status_code == 302 and response.headers["Location"] == "/password"


def test_a_taken_person_name_is_refused_beside_the_field(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    _admin(client, world)
    response = client.post("/admin/people", data={"person-name": "Ana", "person-role": TRAINEE})
    assert response.status_code == 422
    assert 'id="person-name-error"' in response.text and "taken" in response.text
    assert 'class="secret"' not in response.text


def test_an_admin_adds_and_removes_a_role_and_it_ends_sessions(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening")
    ana = world.person("Ana", room=room, role=TRAINEE)
    _admin(client, world)
    ana_client = app.test_client()
    sign_in(ana_client, "Ana")
    response = client.post(
        f"/admin/people/{ana.id}/rooms", data={"member-room": str(room.id), "member-role": TRAINER}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/admin/people/{ana.id}"
    page = client.get(f"/admin/people/{ana.id}").text
    assert "Evening: trainer" in page
    # a role change ends her sessions
    assert ana_client.get("/").status_code == 302
    response = client.post(f"/admin/people/{ana.id}/rooms/{room.id}/remove")
    assert response.status_code == 302
    keeper = world.accounts()
    try:
        assert keeper.role_in(person_id=ana.id, room_id=room.id) is None
    finally:
        keeper.store.close()
    # removing again: she is not in the room (404); an unknown person too
    assert client.post(f"/admin/people/{ana.id}/rooms/{room.id}/remove").status_code == 404
    assert client.get("/admin/people/9999").status_code == 404
    missing_room = client.post(
        f"/admin/people/{ana.id}/rooms", data={"member-room": "9999", "member-role": TRAINEE}
    )
    assert missing_room.status_code == 422


def test_an_admin_resets_a_password_ending_the_old_session(
    app: Flask, client: FlaskClient, world: World
) -> None:
    ana = world.person("Ana")
    _admin(client, world)
    ana_client = app.test_client()
    sign_in(ana_client, "Ana")
    assert ana_client.get("/").status_code == 200
    response = client.post(f"/admin/people/{ana.id}/password")
    assert response.status_code == 200
    password = _one_time_password(response.text)
    assert password != PASSWORD
    # her old session has ended
    ended = ana_client.get("/")
    assert ended.status_code == 302 and ended.headers["Location"].startswith("/sign-in")
    # the old password no longer works; the new one leads to the password change
    refused = app.test_client().post("/sign-in", data={"name": "Ana", "password": PASSWORD})
    assert refused.status_code == 401
    fresh = app.test_client()
    sign_in(fresh, "Ana", password)
    assert fresh.get("/rules").headers["Location"] == "/password"


def test_an_admin_disables_and_enables_a_person(
    app: Flask, client: FlaskClient, world: World
) -> None:
    ana = world.person("Ana")
    _admin(client, world)
    ana_client = app.test_client()
    sign_in(ana_client, "Ana")
    assert (
        client.post(f"/admin/people/{ana.id}/access", data={"disabled": "yes"}).status_code == 302
    )
    assert ana_client.get("/").status_code == 302
    refused = app.test_client().post("/sign-in", data={"name": "Ana", "password": PASSWORD})
    assert refused.status_code == 401
    assert client.post(f"/admin/people/{ana.id}/access", data={"disabled": "no"}).status_code == 302
    sign_in(app.test_client(), "Ana")
    assert client.post(f"/admin/people/{ana.id}/access", data={"disabled": "x"}).status_code == 400


def test_an_admin_grants_and_takes_admin_rights(client: FlaskClient, world: World) -> None:
    ana = world.person("Ana")
    _admin(client, world)
    assert client.post(f"/admin/people/{ana.id}/admin", data={"admin": "yes"}).status_code == 302
    keeper = world.accounts()
    try:
        found = keeper.person(ana.id)
        assert found is not None and found.admin
    finally:
        keeper.store.close()
    assert client.post(f"/admin/people/{ana.id}/admin", data={"admin": "no"}).status_code == 302


def test_an_admin_cannot_lock_themselves_out(client: FlaskClient, world: World) -> None:
    me = _admin(client, world)
    assert client.post(f"/admin/people/{me}/admin", data={"admin": "no"}).status_code == 422
    assert client.post(f"/admin/people/{me}/access", data={"disabled": "yes"}).status_code == 422
    assert client.post(f"/admin/people/{me}/password").status_code == 422
    assert client.get("/admin").status_code == 200


def test_admin_actions_are_logged_without_passwords(
    client: FlaskClient, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    ana = world.person("Ana")
    _admin(client, world)
    with caplog.at_level(logging.INFO, logger="dealer_trainer.web"):
        created = client.post("/admin/people", data={"person-name": "Bo", "person-role": TRAINEE})
        reset = client.post(f"/admin/people/{ana.id}/password")
        client.post("/admin/rooms", data={"room-name": "Night", "room-ruleset": "roberts"})
    secrets = [_one_time_password(created.text), _one_time_password(reset.text)]
    text = caplog.text
    assert "added the person Bo" in text
    assert "reset the password of Ana" in text
    assert "added the room Night" in text
    for secret in secrets:
        assert secret not in text


def test_hostile_names_are_shown_as_text(client: FlaskClient, world: World) -> None:
    hostile = '<script>alert("x")</script>'
    room = world.room(hostile)
    person = world.person("<b>\"x'</b>", room=room)
    _admin(client, world)
    for url in ("/admin", f"/admin/people/{person.id}"):
        text = client.get(url).text
        assert "<script>alert" not in text and "<b>" not in text, url
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in text, url
    created = client.post("/admin/people", data={"person-name": "<i>new</i>"})
    assert created.status_code == 200
    assert "<i>new</i>" not in created.text and "&lt;i&gt;new&lt;/i&gt;" in created.text


def test_control_characters_in_a_name_are_refused(client: FlaskClient, world: World) -> None:
    _admin(client, world)
    response = client.post("/admin/people", data={"person-name": "Ana\x1b[31m"})
    assert response.status_code == 422
    assert "control characters" in response.text


def test_admin_forms_carry_csrf_tokens_and_refuse_posts_without(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    app = make_app(tmp_path / "csrf.sqlite3", WTF_CSRF_ENABLED=True)
    world = World(app)
    ana = world.person("Ana")
    world.person("Boss", admin=True)
    client = app.test_client()
    sign_in(client, "Boss")
    index = client.get("/admin").text
    person = client.get(f"/admin/people/{ana.id}").text
    for html in (index, person):
        forms = re.findall(r"<form [^>]*method=\"post\".*?</form>", html, re.S)
        assert forms
        for form in forms:
            assert re.search(r'name="(?:[a-z]+-)?csrf_token" [^>]*value="[^"]+"', form), form
    response = client.post(f"/admin/people/{ana.id}/password")
    assert response.status_code == 400
    response = client.post("/admin/rooms", data={"room-name": "Night", "room-ruleset": "roberts"})
    assert response.status_code == 400


def test_an_admins_first_sign_in_points_to_the_first_steps(
    client: FlaskClient, world: World
) -> None:
    """An admin in no room lands on a home with something to do: the first steps, which say
    how to make a room, give it a trainer, and where the guides are."""
    _admin(client, world)
    home = client.get("/").text
    assert 'href="/admin/first-steps"' in home and "Start here" in home
    steps = client.get("/admin/first-steps").text
    assert "Make a room" in steps and "Give each room a trainer" in steps
    assert "docs/training-room.md" in steps
    assert "✓ done" not in steps  # no room yet
    room = world.room("Evening")
    steps = client.get("/admin/first-steps").text
    assert "✓ done" in steps and f'href="/rooms/{room.id}/invite"' in steps
    assert "no trainer yet" in steps


def test_a_trainee_home_has_no_first_steps(client: FlaskClient, world: World) -> None:
    world.person("Ana", room=world.room("Evening"))
    sign_in(client, "Ana")
    assert "/admin/first-steps" not in client.get("/").text
