"""Signing in and out, invites, password changes, sessions that end, and the headers."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINEE
from dealer_trainer.store.people import credentials
from tests.web.conftest import PASSWORD, World, sign_in, without_token


def test_an_anonymous_visitor_is_sent_to_sign_in(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/sign-in")


def test_an_anonymous_htmx_request_gets_401_and_hx_redirect(client: FlaskClient) -> None:
    response = client.get("/", headers={"HX-Request": "true"})
    assert response.status_code == 401
    assert response.headers["HX-Redirect"].startswith("/sign-in")


def test_sign_in_gives_one_message_for_an_unknown_name_and_a_wrong_password(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    wrong = client.post("/sign-in", data={"name": "Ana", "password": "not her password"})
    unknown = client.post("/sign-in", data={"name": "Nobody", "password": "not her password"})
    assert wrong.status_code == unknown.status_code == 401
    assert "That name and password do not match." in wrong.text
    # the CSRF token is signed with the second it was made in: two requests may straddle one
    strip = lambda text: without_token(text).replace("Ana", "").replace("Nobody", "")  # noqa: E731
    assert strip(wrong.text) == strip(unknown.text)


def test_signing_in_lands_on_the_home_page(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    assert "Ana" in client.get("/").text


def test_next_only_goes_to_a_path_on_this_site(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    response = client.post(
        "/sign-in?next=https://example.org/", data={"name": "Ana", "password": PASSWORD}
    )
    assert response.headers["Location"] == "/"
    client.post("/sign-out")
    response = client.post(
        "/sign-in?next=//evil.example/", data={"name": "Ana", "password": PASSWORD}
    )
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize(
    "next_",
    ["/x%0d%0aSet-Cookie:%20a=b", "/x%0aLocation:%20//evil", "/x%0d", "/x%09y", "/x%e2%80%a8"],
)
def test_a_line_break_in_next_lands_on_the_home_page_not_a_server_error(
    client: FlaskClient, world: World, next_: str
) -> None:
    world.person("Ana")
    assert client.get(f"/sign-in?next={next_}").status_code == 200
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(
            f"/sign-in?next={next_}", data={"name": "Ana", "password": PASSWORD}, headers=headers
        )
        where = response.headers.get("Location") or response.headers["HX-Redirect"]
        assert where == "/", (next_, headers)
        client.post("/sign-out")


def test_signing_out_ends_every_copy_of_the_session(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    cookie = client.get_cookie("session")
    assert cookie is not None
    stolen = cookie.value
    client.post("/sign-out")
    client.set_cookie("session", stolen)
    response = client.get("/")
    assert response.status_code == 302 and "/sign-in" in response.headers["Location"]


def test_the_session_cookie_holds_no_answer_only_ids(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    cookie = client.get_cookie("session")
    assert cookie is not None
    value = cookie.value
    compressed = value.startswith(".")
    payload = value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    data = json.loads(zlib.decompress(raw) if compressed else raw)
    assert set(data) <= {"_user_id", "_fresh", "_id", "csrf_token", "_flashes", "_permanent"}


def test_the_session_cookie_is_httponly_and_samesite(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    response = client.post("/sign-in", data={"name": "Ana", "password": PASSWORD})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_behind_https_the_cookie_is_secure_and_host_only(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.web.conftest import World as W
    from tests.web.conftest import make_app

    app = make_app(tmp_path / "s.db", HTTPS=True)
    W(app).person("Ana")
    response = app.test_client().post(
        "https://localhost/sign-in", data={"name": "Ana", "password": PASSWORD}
    )
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("__Host-session=") and "Secure" in cookie
    assert "Domain" not in cookie


def test_a_trainee_joins_with_a_one_time_code(client: FlaskClient, world: World) -> None:
    room = world.room("Evening")
    boss = world.trainer("Mia", room)
    accounts = world.accounts()
    code = accounts.create_invite(room_id=room.id, role=TRAINEE, created_by=boss.id)
    data = {"code": code, "name": "Ana", "password": PASSWORD, "confirm": PASSWORD}
    response = client.post("/join", data=data)
    assert response.status_code == 302
    assert accounts.role_in(person_id=accounts.person_by_name("Ana").id, room_id=room.id) == TRAINEE  # type: ignore[union-attr]
    client.post("/sign-out")
    again = client.post("/join", data={**data, "name": "Bo"})
    assert again.status_code == 422 and "unknown, used or expired" in again.text


def test_a_join_form_error_stays_beside_its_field_and_keeps_what_was_typed(
    client: FlaskClient,
) -> None:
    response = client.post(
        "/join", data={"code": "abc", "name": "Ana", "password": "short", "confirm": "short"}
    )
    assert response.status_code == 422
    assert 'aria-invalid="true"' in response.text
    assert 'value="Ana"' in response.text and "at least 8 characters" in response.text


def test_a_reset_password_must_be_changed_at_the_next_sign_in(
    client: FlaskClient, world: World
) -> None:
    person = world.person("Ana")
    world.accounts().set_password(
        person_id=person.id, password="temporary pass 1", must_change=True
    )
    sign_in(client, "Ana", "temporary pass 1")
    assert client.get("/").headers["Location"] == "/password"
    new = "my own good phrase"
    response = client.post(
        "/password", data={"current": "temporary pass 1", "password": new, "confirm": new}
    )
    assert response.status_code == 302
    assert client.get("/").status_code == 200


def test_a_common_password_is_refused(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    response = client.post(
        "/password", data={"current": PASSWORD, "password": "password1", "confirm": "password1"}
    )
    assert response.status_code == 422 and "most common" in response.text


def test_passwords_are_stored_as_argon2id(world: World) -> None:
    person = world.person("Ana")
    kept = credentials(world.accounts().store, person.name)
    assert kept is not None and kept.person_id == person.id
    assert kept.password_hash.startswith("$argon2id$")


def test_every_response_carries_the_security_headers(client: FlaskClient) -> None:
    response = client.get("/sign-in")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert response.headers["Cache-Control"] == "no-store"


def test_an_unknown_page_is_404_without_a_traceback(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    response = client.get("/no/such/page")
    assert response.status_code == 404 and "Traceback" not in response.text


def test_a_server_error_is_a_plain_page_and_is_logged(app: Flask, caplog) -> None:  # type: ignore[no-untyped-def]
    from dealer_trainer.web.access import Access, policy
    from tests.web.conftest import World as W

    @app.route("/boom")
    @policy(Access.PUBLIC)
    def boom() -> str:
        raise RuntimeError("secret detail")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    W(app)
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert "secret detail" not in response.text and "Traceback" not in response.text
    assert "secret detail" in caplog.text


def test_the_secret_key_is_generated_into_the_store_and_shared(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dealer_trainer.web import create_app

    first = create_app({"DATABASE": str(tmp_path / "k.db")})
    second = create_app({"DATABASE": str(tmp_path / "k.db")})
    assert first.secret_key and first.secret_key == second.secret_key
    assert len(str(first.secret_key)) >= 40


def test_a_hostile_name_is_shown_as_text(client: FlaskClient, world: World) -> None:
    world.person("<b>\"x'")
    sign_in(client, "<b>\"x'")
    text = client.get("/").text
    assert '<b>"x' not in text and "&lt;b&gt;" in text


def test_a_host_outside_trusted_hosts_gets_a_plain_400_not_a_server_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.web.conftest import make_app

    app = make_app(tmp_path / "h.db", TRUSTED_HOSTS=["room.example"])
    client = app.test_client()
    refused = client.get("/sign-in", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and "Traceback" not in refused.text
    assert client.get("/sign-in", headers={"Host": "room.example"}).status_code == 200


def test_every_page_names_an_empty_icon_so_no_favicon_request_is_a_404(
    client: FlaskClient,
) -> None:
    assert '<link rel="icon" href="data:,">' in client.get("/sign-in").text


def test_the_alert_region_is_hidden_while_empty_so_a_form_error_is_the_only_alert(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    wrong = client.post("/sign-in", data={"name": "Ana", "password": "not her password"})
    assert '<div id="alert" role="alert" class="alert" hidden>' in wrong.text
    assert wrong.text.count('role="alert"') == 2  # the hidden region and the form's error
    sign_in(client, "Ana")
    client.post("/sign-out")
    flashed = client.get("/sign-in").text
    assert '<div id="alert" role="alert" class="alert">' in flashed
    assert "You are signed out." in flashed
