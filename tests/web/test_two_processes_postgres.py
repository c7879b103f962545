"""Two ``dealer-trainer serve`` processes on one PostgreSQL database, as a casino group runs
them behind a proxy (docs/deploy.md): they share the secret key through the store, so a
session opened on one works on the other, a form token from one is good on the other, and a
sign-out on one ends the session on both.

Each test gets a fresh schema of database ``test`` at 127.0.0.1:5432 (``DEALER_TRAINER_TEST_PG``
names another server), dropped afterwards; without a server the tests are skipped with the
reason, as tests/test_progress.py does. Plain HTTP from the standard library, no browser.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest

from dealer_trainer.accounts import TRAINEE, Accounts
from dealer_trainer.training.progress import open_store

#: each test starts two server processes (about 3 s each here)
from tests.pg import PG_BASE
from tests.pg import admin as _admin
from tests.pg import postgres_unavailable as _postgres_unavailable
from tests.web.conftest import HASHER, PASSWORD

pytestmark = pytest.mark.slow


START_TIMEOUT = 60


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh schema, with Ana (a trainee in one room) already in it."""
    reason = _postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    schema = f"dt_{secrets.token_hex(6)}"
    _admin(f"CREATE SCHEMA {schema}")
    url = f"{PG_BASE}?options=-csearch_path%3D{schema}"
    try:
        with open_store(url) as store:
            accounts = Accounts(store, HASHER)
            room = accounts.create_room(name="Evening shift")
            ana = accounts.create_person(name="Ana", password=PASSWORD)
            accounts.add_member(room_id=room.id, person_id=ana.id, role=TRAINEE)
        yield url
    finally:
        _admin(f"DROP SCHEMA {schema} CASCADE")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    text: str

    def cookie(self) -> str | None:
        """The session cookie this reply sets (name=value), if any."""
        for header in self.headers.get_all("Set-Cookie") or []:
            if header.startswith("session="):
                return header.split(";", 1)[0]
        return None


@dataclass
class Server:
    """One ``dealer-trainer serve`` process; its output goes to ``log`` (a pipe nobody reads
    while it runs would fill up and stall it)."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def request(
        self,
        method: str,
        path: str,
        *,
        cookie: str | None = None,
        form: dict[str, str] | None = None,
    ) -> Reply:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": cookie} if cookie else {}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return Reply(response.status, response.headers, response.read().decode())
        finally:
            connection.close()


def _start(url: str, log: Path) -> Server:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dealer_trainer", "serve", "--db", url, "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = Server(port, process, log)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            out = log.read_text(errors="replace")
            raise AssertionError(f"serve stopped with {process.returncode}:\n{out}")
        try:
            if server.request("GET", "/sign-in").status == 200:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"serve did not answer on port {port} in {START_TIMEOUT} s")
        time.sleep(0.2)


def _stop(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Process A starts first (and writes the secret key into the store), then B."""
    first = _start(database, tmp_path / "a.log")
    try:
        second = _start(database, tmp_path / "b.log")
        try:
            yield first, second
        finally:
            _stop(second)
    finally:
        _stop(first)


def _token(text: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', text)
    assert found, "no csrf-token meta"
    return found.group(1)


def _sign_in(server: Server, name: str = "Ana") -> str:
    """Sign in on ``server`` through its form; the session cookie."""
    page = server.request("GET", "/sign-in")
    cookie = page.cookie()
    assert cookie
    done = server.request(
        "POST",
        "/sign-in",
        cookie=cookie,
        form={"name": name, "password": PASSWORD, "csrf_token": _token(page.text)},
    )
    assert done.status in (302, 303), (done.status, done.text[:300])
    assert done.headers["Location"] == "/"
    signed_in = done.cookie()
    assert signed_in
    return signed_in


def _home(server: Server, cookie: str) -> Reply:
    return server.request("GET", "/", cookie=cookie)


def test_a_session_opened_on_one_process_works_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    cookie = _sign_in(a)
    for server in (a, b):
        home = _home(server, cookie)
        assert home.status == 200, (server.port, home.status)
        assert "Hello, Ana" in home.text
        assert "Evening shift" in home.text


def test_the_same_journey_passes_on_each_process(servers: tuple[Server, Server]) -> None:
    for server in servers:
        assert server.request("GET", "/").status == 302  # anonymous: to sign-in
        cookie = _sign_in(server)
        home = _home(server, cookie)
        assert home.status == 200 and "Hello, Ana" in home.text
        # the page's form token is kept in the session the page's reply sets
        out = server.request(
            "POST",
            "/sign-out",
            cookie=home.cookie() or cookie,
            form={"csrf_token": _token(home.text)},
        )
        assert out.status in (302, 303) and out.headers["Location"] == "/sign-in"
        assert _home(server, cookie).status == 302


def test_a_sign_out_on_one_process_ends_the_session_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    cookie = _sign_in(a)
    home = _home(a, cookie)
    token = _token(home.text)  # a form token made by A ...
    out = b.request("POST", "/sign-out", cookie=home.cookie() or cookie, form={"csrf_token": token})
    assert out.status in (302, 303), out.status  # ... is good on B
    for server in (a, b):
        assert _home(server, cookie).status == 302


def test_a_quiz_started_on_one_process_is_answered_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    """The quiz journey across processes: started on A, answered on B, its feedback on A;
    the answer is kept once, in the shared store."""
    first, second = servers
    cookie = _sign_in(first)
    home = _home(first, cookie)
    room = re.search(r'name="room" value="(\d+)"', home.text)
    assert room, "the home page offers no quiz"
    cookie = home.cookie() or cookie  # the session keeps the page's form token
    started = first.request(
        "POST",
        "/quiz",
        cookie=cookie,
        form={"room": room.group(1), "length": "5", "csrf_token": _token(home.text)},
    )
    assert started.status in (302, 303), started.text[:300]
    cookie = started.cookie() or cookie
    item = started.headers["Location"]
    assert re.fullmatch(r"/runs/\d+(/items/1)?", item), item
    question = second.request("GET", item, cookie=cookie)
    if question.status in (302, 303):
        question = second.request("GET", question.headers["Location"], cookie=cookie)
    assert question.status == 200 and "question 1 of 5" in question.text
    cookie = question.cookie() or cookie
    action = re.search(r'<form class="question" method="post" action="([^"]+)"', question.text)
    assert action, question.text[:500]
    answer = {"option": "1"} if 'name="option"' in question.text else {"number": "10"}
    if 'name="step"' in question.text:
        answer = {"step": re.findall(r'name="step" value="(\d+)"', question.text)[0]}
    answered = second.request(
        "POST",
        action.group(1),
        cookie=cookie,
        form={**answer, "csrf_token": _token(question.text)},
    )
    assert answered.status in (200, 302, 303), answered.text[:300]
    again = first.request("GET", action.group(1), cookie=cookie)
    assert again.status == 200
    if "step" not in answer:  # a choice or a number: answered, its feedback shown again
        assert re.search(r"\b(Right|Wrong)\b", again.text)
