"""Rotating the secret key keeps open forms working: a form rendered under the old key is
accepted after the server restarts with a new key and the old one in
``SECRET_KEY_FALLBACKS`` (docs/deploy.md, "The secret key"); without the fallback it is
refused as expired, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from dealer_trainer.errors import UsageError

from .conftest import PASSWORD, World, csrf_token, make_app

OLD_KEY = "the old key, kept as a fallback while rotating"
NEW_KEY = "the new key that every process now signs with"


def _restarted(tmp_path: Path, opened: FlaskClient, **config: object) -> FlaskClient:
    """A client of the same store's app, restarted with ``config``, holding the browser's
    cookies (the session that carries the form's token)."""
    app = make_app(tmp_path / "room.sqlite3", WTF_CSRF_ENABLED=True, **config)
    client = app.test_client()
    cookie = opened.get_cookie("session")
    assert cookie is not None
    client.set_cookie("session", cookie.value)
    return client


def _open_sign_in_form(tmp_path: Path) -> tuple[FlaskClient, str]:
    app = make_app(tmp_path / "room.sqlite3", WTF_CSRF_ENABLED=True, SECRET_KEY=OLD_KEY)
    World(app).person("Ana")
    client = app.test_client()
    return client, csrf_token(client.get("/sign-in").text)


def test_a_form_opened_under_the_old_key_is_accepted_with_the_old_key_as_fallback(
    tmp_path: Path,
) -> None:
    opened, token = _open_sign_in_form(tmp_path)
    client = _restarted(tmp_path, opened, SECRET_KEY=NEW_KEY, SECRET_KEY_FALLBACKS=[OLD_KEY])
    response = client.post(
        "/sign-in", data={"name": "Ana", "password": PASSWORD, "csrf_token": token}
    )
    assert response.status_code in (302, 303), response.text[:300]
    # signed in, and the next form is signed with the new key
    home = client.get("/")
    assert home.status_code == 200
    assert csrf_token(home.text) != token


def test_a_form_opened_under_the_old_key_is_refused_without_the_fallback(tmp_path: Path) -> None:
    opened, token = _open_sign_in_form(tmp_path)
    client = _restarted(tmp_path, opened, SECRET_KEY=NEW_KEY)
    response = client.post(
        "/sign-in", data={"name": "Ana", "password": PASSWORD, "csrf_token": token}
    )
    assert response.status_code == 400
    assert "The form had expired" in response.text


def test_a_token_signed_by_a_key_never_given_is_refused(tmp_path: Path) -> None:
    opened, token = _open_sign_in_form(tmp_path)
    client = _restarted(
        tmp_path, opened, SECRET_KEY=NEW_KEY, SECRET_KEY_FALLBACKS=["some other old key"]
    )
    response = client.post(
        "/sign-in", data={"name": "Ana", "password": PASSWORD, "csrf_token": token}
    )
    assert response.status_code == 400


def test_one_old_key_given_as_text_is_one_fallback_not_its_characters(tmp_path: Path) -> None:
    opened, token = _open_sign_in_form(tmp_path)
    client = _restarted(tmp_path, opened, SECRET_KEY=NEW_KEY, SECRET_KEY_FALLBACKS=OLD_KEY)
    assert client.application.config["SECRET_KEY_FALLBACKS"] == [OLD_KEY]
    response = client.post(
        "/sign-in", data={"name": "Ana", "password": PASSWORD, "csrf_token": token}
    )
    assert response.status_code in (302, 303)


def test_fallbacks_that_are_not_a_list_of_keys_stop_the_start(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="JSON list of the old keys"):
        make_app(tmp_path / "room.sqlite3", SECRET_KEY_FALLBACKS={"a": 1})
