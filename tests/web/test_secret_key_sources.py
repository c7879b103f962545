"""The session-signing key can be kept out of the store: in a file only its owner may read
(``DEALER_TRAINER_SECRET_KEY_FILE``) or in the environment (``DEALER_TRAINER_SECRET_KEY``).
A key file others can read, two sources at once, or a short key is refused with a message
that says what to do."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from dealer_trainer.errors import UsageError
from dealer_trainer.store import open_store, people
from dealer_trainer.web import create_app
from tests.web.conftest import HASHER

KEY = secrets.token_urlsafe(48)
BIN = Path(sys.executable).parent / "dealer-trainer"


def _app(tmp_path: Path, **extra: Any) -> Flask:
    config: dict[str, Any] = {
        "TESTING": True,
        "DATABASE": str(tmp_path / "room.sqlite3"),
        "PASSWORD_HASHER": HASHER,
        **extra,
    }
    return create_app(config)


def _stored_key(tmp_path: Path) -> str | None:
    with open_store(tmp_path / "room.sqlite3") as store:
        return people.setting(store, "secret_key")


def _key_file(tmp_path: Path, mode: int, text: str = KEY + "\n") -> Path:
    path = tmp_path / "secret-key"
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    return path


def test_an_owner_only_key_file_signs_the_sessions_and_the_store_keeps_no_key(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path, SECRET_KEY_FILE=str(_key_file(tmp_path, 0o600)))
    assert app.config["SECRET_KEY"] == KEY  # the line's end is not part of the key
    assert _stored_key(tmp_path) is None


def test_the_key_file_is_named_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_SECRET_KEY_FILE", str(_key_file(tmp_path, 0o400)))
    assert _app(tmp_path).config["SECRET_KEY"] == KEY


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o644])
def test_a_key_file_others_can_read_is_refused_with_what_to_do(tmp_path: Path, mode: int) -> None:
    path = _key_file(tmp_path, mode)
    expected = f"can be read by other users.*chmod 600 {re.escape(str(path))}"
    with pytest.raises(UsageError, match=expected):
        _app(tmp_path, SECRET_KEY_FILE=str(path))


def test_a_key_file_that_is_missing_or_a_link_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="cannot read the secret key file"):
        _app(tmp_path, SECRET_KEY_FILE=str(tmp_path / "nowhere"))
    link = tmp_path / "link"
    link.symlink_to(_key_file(tmp_path, 0o600))
    with pytest.raises(UsageError, match="cannot read the secret key file"):
        _app(tmp_path, SECRET_KEY_FILE=str(link))


def test_the_key_from_the_environment_is_used_and_not_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_SECRET_KEY", KEY)
    assert _app(tmp_path).config["SECRET_KEY"] == KEY
    assert _stored_key(tmp_path) is None


def test_a_key_in_both_places_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="keep one of them"):
        _app(tmp_path, SECRET_KEY=KEY, SECRET_KEY_FILE=str(_key_file(tmp_path, 0o600)))


def test_a_short_key_is_refused_outside_tests(tmp_path: Path) -> None:
    path = _key_file(tmp_path, 0o600, "hunter2")
    with pytest.raises(UsageError, match=r"holds 7 characters.*at least 32"):
        _app(tmp_path, TESTING=False, SECRET_KEY_FILE=str(path))


def test_without_a_given_key_the_store_keeps_one(tmp_path: Path) -> None:
    key = _app(tmp_path).config["SECRET_KEY"]
    assert key and _stored_key(tmp_path) == key


def test_serve_refuses_a_key_file_others_can_read_before_making_anyone(tmp_path: Path) -> None:
    path = _key_file(tmp_path, 0o644)
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")}
    result = subprocess.run(
        [str(BIN), "serve", "--db", str(tmp_path / "room.sqlite3"), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**environment, "DEALER_TRAINER_SECRET_KEY_FILE": str(path)},
    )
    assert result.returncode == 2
    assert f"make it owner-only (chmod 600 {path})" in result.stderr
    assert "Traceback" not in result.stderr
    assert "one-time password" not in result.stdout  # no admin made whose password is lost
    assert not (tmp_path / "room.sqlite3").exists()
