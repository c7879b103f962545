"""Changing one's password checks the current one under limits, as signing in does: a borrowed
session cannot guess at the current password at full speed, from one address or from many.
Only a wrong current password counts; a new password the policy refuses does not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import PASSWORD, World, make_app, sign_in

WRONG = "not the password at all"
NEW = "a brand new phrase here"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield make_app(tmp_path / "room.sqlite3", RATELIMIT_ENABLED=True)


@pytest.fixture
def world(app: Flask) -> World:
    return World(app)


def _client(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _change(client: FlaskClient, current: str, new: str = NEW) -> Any:
    return client.post("/password", data={"current": current, "password": new, "confirm": new})


def test_the_sixth_wrong_current_password_gets_429_and_the_right_one_waits_too(
    app: Flask, world: World
) -> None:
    world.person("Ana")
    client = _client(app, "10.0.0.1")
    sign_in(client, "Ana")
    for _ in range(5):
        assert _change(client, WRONG).status_code == 422
    refused = _change(client, WRONG)
    assert refused.status_code == 429 and "Too many tries" in refused.text
    assert _change(client, PASSWORD).status_code == 429  # the limit holds the right one too


def test_the_limit_follows_the_person_across_addresses(app: Flask, world: World) -> None:
    world.person("Ana")
    sessions = []
    for address in ("10.0.0.1", "10.0.0.2"):
        client = _client(app, address)
        sign_in(client, "Ana")
        sessions.append(client)
    for i in range(5):
        assert _change(sessions[i % 2], WRONG).status_code == 422
    assert _change(sessions[1], WRONG).status_code == 429
    # someone else at either address is not held back by Ana's tries
    world.person("Bo")
    other = _client(app, "10.0.0.1")
    sign_in(other, "Bo")
    assert _change(other, WRONG).status_code == 422


def test_one_address_is_limited_across_people(app: Flask, world: World) -> None:
    limit = int(str(app.config["SIGN_IN_LIMIT_PER_ADDRESS"]).split("/")[0])
    per_person = int(str(app.config["SIGN_IN_LIMIT"]).split("/")[0])
    clients = []
    for n in range(limit // per_person + 1):
        world.person(f"Trainee {n}")
        client = _client(app, "10.9.9.9")
        sign_in(client, f"Trainee {n}")
        clients.append(client)
    tries = 0
    for client in clients:
        for _ in range(per_person):
            if tries == limit:
                break
            assert _change(client, WRONG).status_code == 422
            tries += 1
    assert _change(clients[-1], WRONG).status_code == 429


def test_a_refused_new_password_does_not_count(app: Flask, world: World) -> None:
    world.person("Ana")
    client = _client(app, "10.0.0.1")
    sign_in(client, "Ana")
    for _ in range(8):
        assert _change(client, PASSWORD, new="short").status_code == 422
    assert _change(client, PASSWORD).status_code in (302, 303)
