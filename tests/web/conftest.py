"""Fixtures for the training room (flaskr's pattern): an app on a temporary SQLite file, a
test client, factories for rooms and people, and ``sign_in`` through the real form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINEE, TRAINER, Accounts, Person, Room
from dealer_trainer.training.progress import open_store
from dealer_trainer.web import create_app

PASSWORD = "correct horse battery"
HASHER = PasswordHasher.from_parameters(CHEAPEST)


def make_app(database: Path, **extra: Any) -> Flask:
    config: dict[str, Any] = {
        "TESTING": True,
        "DATABASE": str(database),
        "SECRET_KEY": "test only, never a default",
        "PASSWORD_HASHER": HASHER,
        "RATELIMIT_ENABLED": False,
        "WTF_CSRF_ENABLED": False,
    }
    config.update(extra)
    return create_app(config)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield make_app(tmp_path / "room.sqlite3")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@dataclass
class World:
    """Rooms and people made straight in the store, for a test to sign in as."""

    app: Flask

    def accounts(self) -> Accounts:
        return Accounts(open_store(self.app.config["DATABASE"]), HASHER)

    def room(self, name: str, ruleset: str = "roberts") -> Room:
        accounts = self.accounts()
        try:
            return accounts.create_room(name=name, ruleset=ruleset)
        finally:
            accounts.store.close()

    def person(
        self, name: str, *, room: Room | None = None, role: str = TRAINEE, admin: bool = False
    ) -> Person:
        accounts = self.accounts()
        try:
            person = accounts.create_person(name=name, password=PASSWORD, admin=admin)
            if room is not None:
                accounts.add_member(room_id=room.id, person_id=person.id, role=role)
            return person
        finally:
            accounts.store.close()

    def trainer(self, name: str, room: Room) -> Person:
        return self.person(name, room=room, role=TRAINER)


@pytest.fixture
def world(app: Flask) -> World:
    return World(app)


def csrf_token(html: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    assert found, "the page carries no csrf-token meta"
    return found.group(1)


def without_token(html: str) -> str:
    """A page without its CSRF token wherever it stands (the head's meta, htmx's headers on the
    body, each form): the token is signed with the second it was made in, so two pages made a
    second apart differ there alone. A page with no token is returned as it is."""
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    return html if found is None else html.replace(found.group(1), "(token)")


def sign_in(client: FlaskClient, name: str, password: str = PASSWORD) -> None:
    """Sign in through the real form (with its CSRF token when CSRF is on)."""
    page = client.get("/sign-in")
    data = {"name": name, "password": password}
    if client.application.config.get("WTF_CSRF_ENABLED", True):
        data["csrf_token"] = csrf_token(page.text)
    response = client.post("/sign-in", data=data)
    assert response.status_code in (302, 303), response.text[:500]
