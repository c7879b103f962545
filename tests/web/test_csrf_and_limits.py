"""CSRF and the sign-in limits switched on, as in production (the other web tests turn them
off): every POST route refuses a request without a token; the sign-in limit is keyed by the
address and the name tried together, with a looser one per address, counts only failures,
and never lets failures from one place hold a person back at another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from limits import parse_many
from werkzeug.routing import AnyConverter, IntegerConverter, Rule

from dealer_trainer.accounts import TRAINER, Accounts
from dealer_trainer.training.progress import open_store
from dealer_trainer.web.extensions import sign_in_key
from tests.web.conftest import HASHER, PASSWORD, csrf_token, make_app

WRONG = "not the password at all"
CSRF_REFUSAL = "The form had expired or came from elsewhere"


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "room.sqlite3"


@pytest.fixture
def app(database: Path) -> Iterator[Flask]:
    yield make_app(database, WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=True)


def _accounts(app: Flask) -> Accounts:
    return Accounts(open_store(app.config["DATABASE"]), HASHER)


def _person(app: Flask, name: str, *, admin: bool = False) -> None:
    accounts = _accounts(app)
    try:
        person = accounts.create_person(name=name, password=PASSWORD, admin=admin)
        room = accounts.create_room(name=f"{name}'s room")
        accounts.add_member(room_id=room.id, person_id=person.id, role=TRAINER)
    finally:
        accounts.store.close()


def _client(app: Flask, address: str = "127.0.0.1") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _token(client: FlaskClient) -> str:
    return csrf_token(client.get("/sign-in").text)


def _try(client: FlaskClient, name: str, password: str) -> Any:
    """One sign-in through the form, with the form's token."""
    return client.post(
        "/sign-in", data={"name": name, "password": password, "csrf_token": _token(client)}
    )


def _signed_in(client: FlaskClient, name: str) -> None:
    response = _try(client, name, PASSWORD)
    assert response.status_code in (302, 303), response.text[:300]


def _stand_in(converter: Any) -> Any:
    if isinstance(converter, IntegerConverter):
        return 1
    if isinstance(converter, AnyConverter):
        return sorted(converter.items)[0]
    return "x"


def _url(app: Flask, rule: Rule) -> str:
    """A URL for ``rule`` with stand-in values (an int for an int, the first of an
    ``any(...)``'s words, a word otherwise): the token is checked before the view loads
    anything."""
    values = {argument: _stand_in(rule._converters[argument]) for argument in rule.arguments}
    with app.test_request_context():
        return app.url_map.bind("localhost").build(rule.endpoint, values, method="POST")


def _post_rules(app: Flask) -> list[Rule]:
    rules = [rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())]
    assert rules, "no route takes POST"
    return rules


# --- CSRF ----------------------------------------------------------------------------------


def test_every_post_route_refuses_an_anonymous_request_without_a_token(app: Flask) -> None:
    client = _client(app)
    for rule in _post_rules(app):
        url = _url(app, rule)
        response = client.post(url, data={"name": "Ana", "password": PASSWORD})
        assert response.status_code == 400, (rule.endpoint, url, response.status_code)
        assert CSRF_REFUSAL in response.text, rule.endpoint


def test_every_post_route_refuses_a_signed_in_admin_without_a_token(app: Flask) -> None:
    _person(app, "Root", admin=True)
    client = _client(app)
    _signed_in(client, "Root")
    for rule in _post_rules(app):
        url = _url(app, rule)
        for headers in ({}, {"HX-Request": "true"}):
            response = client.post(url, data={}, headers=headers)
            assert response.status_code == 400, (rule.endpoint, url, headers)
    assert "Root" in client.get("/").text  # still signed in: nothing was done


def test_a_token_from_another_session_is_refused(app: Flask) -> None:
    _person(app, "Ana")
    stranger = _client(app)
    their_token = _token(stranger)
    client = _client(app)
    client.get("/sign-in")
    response = client.post(
        "/sign-in", data={"name": "Ana", "password": PASSWORD, "csrf_token": their_token}
    )
    assert response.status_code == 400
    assert client.get("/").status_code == 302  # not signed in


def test_htmx_sends_the_token_as_a_header_and_it_is_accepted(app: Flask) -> None:
    _person(app, "Ana")
    client = _client(app)
    _signed_in(client, "Ana")
    token = csrf_token(client.get("/").text)
    refused = client.post("/sign-out", headers={"HX-Request": "true"})
    assert refused.status_code == 400
    response = client.post("/sign-out", headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200 and response.headers["HX-Redirect"] == "/sign-in"
    assert client.get("/").status_code == 302


# --- the sign-in limit (Flask-Limiter) -----------------------------------------------------


def test_the_sixth_failed_sign_in_within_a_minute_gets_429(app: Flask) -> None:
    client = _client(app)
    # an unknown name: the store keeps no count for it, so the 429 is the limiter's own
    for _ in range(5):
        assert _try(client, "Nobody", WRONG).status_code == 401
    refused = _try(client, "Nobody", WRONG)
    assert refused.status_code == 429
    assert "Too many tries" in refused.text
    assert "Retry-After" in refused.headers


def test_the_limit_is_keyed_by_address_and_name(app: Flask) -> None:
    _person(app, "Ana")
    here = _client(app, "10.0.0.1")
    for _ in range(5):
        assert _try(here, "Nobody", WRONG).status_code == 401
    assert _try(here, "Nobody", WRONG).status_code == 429
    assert _try(here, "  NOBODY ", WRONG).status_code == 429  # the same name, typed otherwise
    # another name from the same address (one NAT for the card room), and the same name from
    # another address, are not held back by these failures
    assert _try(here, "Somebody", WRONG).status_code == 401
    assert _try(_client(app, "10.0.0.2"), "Nobody", WRONG).status_code == 401
    _signed_in(here, "Ana")


def test_the_limiter_key_is_the_address_and_the_name_folded(app: Flask) -> None:
    with app.test_request_context(
        "/sign-in",
        method="POST",
        data={"name": "  Ana Lee ", "password": "x"},
        environ_base={"REMOTE_ADDR": "10.1.2.3"},
    ):
        assert sign_in_key() == "10.1.2.3|ana lee"


def test_successful_sign_ins_are_not_counted(app: Flask) -> None:
    _person(app, "Ana")
    client = _client(app)
    for _ in range(8):
        _signed_in(client, "Ana")


def test_one_address_is_limited_loosely_across_names(app: Flask) -> None:
    client = _client(app, "10.9.9.9")
    limit = int(str(app.config["SIGN_IN_LIMIT_PER_ADDRESS"]).split("/")[0])
    for i in range(limit):
        assert _try(client, f"Nobody {i}", WRONG).status_code == 401, i
    assert _try(client, "Nobody else", WRONG).status_code == 429
    assert _try(_client(app, "10.9.9.8"), "Nobody else", WRONG).status_code == 401


# --- no one can hold a person out from elsewhere ------------------------------------------


def test_failures_from_another_address_never_stop_the_owner_with_the_right_password(
    database: Path,
) -> None:
    first = make_app(database, WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=True)
    _person(first, "Ana")
    attacker = _client(first, "10.0.0.66")
    for _ in range(5):
        assert _try(attacker, "Ana", WRONG).status_code == 401
    assert _try(attacker, "Ana", WRONG).status_code == 429
    assert _try(attacker, "Ana", PASSWORD).status_code == 429  # even the right one, from there
    # Ana at her own tablet is not held back by any of it, on this process or a restarted one
    _signed_in(_client(first, "10.0.0.2"), "Ana")
    second = make_app(database, WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=True)
    _signed_in(_client(second, "10.0.0.3"), "Ana")


def test_a_known_and_an_unknown_name_are_held_back_alike(app: Flask) -> None:
    _person(app, "Ana")
    client = _client(app, "10.0.0.7")
    answers = {}
    for name in ("Ana", "Nobody"):
        for _ in range(5):
            assert _try(client, name, WRONG).status_code == 401
        answers[name] = _try(client, name, WRONG)
    known, unknown = answers["Ana"], answers["Nobody"]
    assert known.status_code == unknown.status_code == 429
    assert "Retry-After" in known.headers and "Retry-After" in unknown.headers
    assert _without_token(known.text) == _without_token(unknown.text)
    assert "Too many tries" in known.text and "Ana" not in known.text


def test_the_limit_per_address_and_name_grows_over_the_hour_and_the_day(app: Flask) -> None:
    windows = [item.GRANULARITY.name for item in parse_many(app.config["SIGN_IN_LIMIT"])]
    assert windows == ["minute", "hour", "day"]


def _without_token(html: str) -> str:
    return html.replace(csrf_token(html), "")
