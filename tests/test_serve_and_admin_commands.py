"""``dealer-trainer serve`` and ``dealer-trainer admin`` end to end, as a new user runs them."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "dealer-trainer"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _admin(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN), "admin", *args, "--db", str(db)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def test_admin_makes_a_room_a_trainer_and_an_invite(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    assert _admin("room-add", "Evening shift", "--ruleset", "tda-2024", db=db).returncode == 0
    made = _admin("person-add", "Mia", "--room", "Evening shift", "--role", "trainer", db=db)
    assert made.returncode == 0 and "One-time password:" in made.stdout
    invite = _admin("invite", "Evening shift", db=db)
    assert invite.returncode == 0 and re.search(r"Invite code for a trainee", invite.stdout)
    people = json.loads(_admin("people", "--json", db=db).stdout)
    assert people == [
        {"name": "Mia", "admin": False, "disabled": False, "rooms": {"Evening shift": "trainer"}}
    ]


def test_admin_refuses_an_unknown_room_with_the_known_ones(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    _admin("room-add", "Evening", db=db)
    result = _admin("invite", "Morning", db=db)
    assert result.returncode == 1
    assert "no room named 'Morning'" in result.stderr and "Evening" in result.stderr
    assert "Traceback" not in result.stderr


def test_admin_reset_password_gives_a_one_time_password(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    _admin("person-add", "Ana", db=db)
    result = _admin("reset-password", "Ana", db=db)
    assert result.returncode == 0 and "New one-time password for Ana" in result.stdout
    missing = _admin("reset-password", "Nobody", db=db)
    assert missing.returncode == 1 and "no person named 'Nobody'" in missing.stderr


def test_admin_refuses_a_name_that_is_taken(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    assert _admin("person-add", "Ana", db=db).returncode == 0
    again = _admin("person-add", "Ana", db=db)
    assert again.returncode == 2 and "that name is taken" in again.stderr


@pytest.mark.slow
def test_serve_makes_the_first_admin_prints_the_url_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    db, port = tmp_path / "room.db", _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [str(BIN), "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        found = re.search(r"Sign in as 'admin' with the one-time password (\S+)", first)
        assert found, first
        password = found.group(1)
        url_line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in url_line

        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(f"http://127.0.0.1:{port}/sign-in", timeout=10).read().decode()
        token = re.search(r'name="csrf-token" content="([^"]+)"', page)
        assert token
        form = urllib.parse.urlencode(
            {"name": "admin", "password": password, "csrf_token": token.group(1)}
        ).encode()
        landed = opener.open(f"http://127.0.0.1:{port}/sign-in", data=form, timeout=10)
        assert landed.geturl().endswith("/password")  # the one-time password must be changed
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "has stopped; every answer given is kept" in _out
    assert "Traceback" not in err


def test_serve_refuses_a_port_out_of_range(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(BIN), "serve", "--db", str(tmp_path / "r.db"), "--port", "70000"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and "is not a port" in result.stderr


def test_serve_says_plainly_when_the_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [str(BIN), "serve", "--db", str(tmp_path / "r.db"), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in result.stderr
