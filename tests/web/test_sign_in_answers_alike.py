"""Sign-in tells nobody which names exist: an unknown name, a wrong password and a disabled
person get the same status and the same words, and each costs exactly one argon2 verify and
nothing else that takes time (no hash, no write). The time itself is measured in
``benchmarks/signin.py``, not here: a timed unit test would be flaky on a shared machine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import argon2._password_hasher as argon2_hasher
import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Accounts
from dealer_trainer.store import Store
from dealer_trainer.training.progress import open_store
from tests.dbrows import rows
from tests.web.conftest import HASHER, PASSWORD, World, make_app, without_token

WRONG = "not the password at all"


@dataclass
class Argon2Calls:
    """Every argon2 hash and verify the process runs, whichever hasher object asks."""

    hashes: int = 0
    verifies: int = 0

    def reset(self) -> None:
        self.hashes = self.verifies = 0


@pytest.fixture
def argon2_calls(monkeypatch: pytest.MonkeyPatch) -> Argon2Calls:
    calls = Argon2Calls()
    hash_secret, verify_secret = argon2_hasher.hash_secret, argon2_hasher.verify_secret

    def counted_hash(*args: Any, **kwargs: Any) -> bytes:
        calls.hashes += 1
        return hash_secret(*args, **kwargs)

    def counted_verify(*args: Any, **kwargs: Any) -> bool:
        calls.verifies += 1
        return verify_secret(*args, **kwargs)

    monkeypatch.setattr(argon2_hasher, "hash_secret", counted_hash)
    monkeypatch.setattr(argon2_hasher, "verify_secret", counted_verify)
    return calls


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "people.sqlite3") as opened:
        yield opened


def _argon2_work(calls: Argon2Calls, attempt: Callable[[], object]) -> tuple[int, int]:
    calls.reset()
    attempt()
    return calls.verifies, calls.hashes


def test_an_unknown_name_costs_one_argon2_verify_as_a_wrong_password_does(
    store: Store, argon2_calls: Argon2Calls
) -> None:
    Accounts(store, HASHER).create_person(name="Ana", password=PASSWORD)
    Accounts(store, HASHER).prepare_sign_in()
    # a new hasher object per try, as the web layer makes one per request: the dummy hash is
    # still made only once (it is keyed by the parameters, not by the object)
    fresh = lambda: Accounts(store, PasswordHasher.from_parameters(CHEAPEST))  # noqa: E731
    unknown = _argon2_work(argon2_calls, lambda: fresh().authenticate(name="Bo", password=WRONG))
    wrong = _argon2_work(argon2_calls, lambda: fresh().authenticate(name="Ana", password=WRONG))
    again = _argon2_work(argon2_calls, lambda: fresh().authenticate(name="Cy", password=WRONG))
    assert unknown == wrong == again == (1, 0)


def test_a_disabled_person_with_the_right_password_costs_the_same_and_is_refused(
    store: Store, argon2_calls: Argon2Calls
) -> None:
    accounts = Accounts(store, HASHER)
    ana = accounts.create_person(name="Ana", password=PASSWORD)
    accounts.set_disabled(person_id=ana.id, disabled=True)
    accounts.prepare_sign_in()
    result: list[object] = []
    work = _argon2_work(
        argon2_calls, lambda: result.append(accounts.authenticate(name="Ana", password=PASSWORD))
    )
    assert work == (1, 0) and result == [None]


def test_a_failed_sign_in_writes_nothing_to_the_store(store: Store) -> None:
    accounts = Accounts(store, HASHER)
    accounts.create_person(name="Ana", password=PASSWORD)
    before = rows(store.target, "SELECT * FROM people")
    assert accounts.authenticate(name="Ana", password=WRONG) is None
    assert rows(store.target, "SELECT * FROM people") == before


def test_a_hash_made_under_older_parameters_is_replaced_at_the_next_sign_in(
    store: Store,
) -> None:
    old = Accounts(store, PasswordHasher.from_parameters(CHEAPEST))
    ana = old.create_person(name="Ana", password=PASSWORD)
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    signed = Accounts(store, stronger).authenticate(name="Ana", password=PASSWORD)
    assert signed is not None and signed.epoch == ana.epoch  # still signed in elsewhere
    kept = rows(store.target, "SELECT password FROM people WHERE id = ?", (ana.id,))[0][0]
    assert not stronger.check_needs_rehash(kept)


# --- through the page --------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield make_app(tmp_path / "room.sqlite3")


def _sign_in(client: FlaskClient, name: str, password: str) -> Any:
    return client.post("/sign-in", data={"name": name, "password": password})


def _words(html: str, *names: str) -> str:
    for name in names:
        html = html.replace(name, "")
    return without_token(html)


def test_the_page_answers_an_unknown_a_wrong_and_a_disabled_name_alike(
    app: Flask, world: World, argon2_calls: Argon2Calls
) -> None:
    world.person("Ana")
    off = world.person("Cy")
    accounts = world.accounts()
    try:
        accounts.set_disabled(person_id=off.id, disabled=True)
    finally:
        accounts.store.close()
    client = app.test_client()
    answers, work = {}, {}
    for name, password in (("Ana", WRONG), ("Nobody", WRONG), ("Cy", PASSWORD)):
        argon2_calls.reset()
        answers[name] = _sign_in(client, name, password)
        work[name] = (argon2_calls.verifies, argon2_calls.hashes)
    assert {answer.status_code for answer in answers.values()} == {401}
    assert work == {"Ana": (1, 0), "Nobody": (1, 0), "Cy": (1, 0)}
    texts = {_words(answer.text, "Ana", "Nobody", "Cy") for answer in answers.values()}
    assert len(texts) == 1
    assert "That name and password do not match." in answers["Nobody"].text


@pytest.fixture
def world(app: Flask) -> World:
    return World(app)
