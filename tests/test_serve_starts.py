"""Clear starts (issue 30): ``serve`` refuses a setting that would stop it later in one line,
with exit 2, before it makes anything; ``admin`` says which store it uses and never makes the
default one; several ``serve`` processes started at once on an empty store make exactly one
first admin, and all start."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from dealer_trainer.accounts import Accounts
from dealer_trainer.cli.main import main
from dealer_trainer.training.progress import open_store
from tests.pg import PG_BASE, fresh_schema

BIN = Path(sys.executable).parent / "dealer-trainer"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "this is a bug" not in err
    return lines[0]


@pytest.fixture
def quiet_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No setting of the room's from the caller's environment; messages on one line (no
    terminal width); the user's data folder in tmp_path."""
    for name in list(os.environ):
        if name.startswith("DEALER_TRAINER_") and name != "DEALER_TRAINER_TEST_PG":
            monkeypatch.delenv(name)
    monkeypatch.setenv("COLUMNS", "100000")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def _serve(db: str | Path) -> list[str]:
    return ["serve", "--db", str(db), "--port", str(_free_port())]


# --- serve: a one-line refusal before anything is made -------------------------------------------


@pytest.mark.parametrize(
    ("uri", "says"),
    [
        ("redis://:s3cret-pw@127.0.0.1:6379/0", "install dealer-trainer's redis extra"),
        ("nosuch://127.0.0.1", "cannot be used for the sign-in limits"),
    ],
)
def test_serve_with_a_limit_storage_it_cannot_use_stops_in_one_line_before_making_the_store(
    quiet_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    uri: str,
    says: str,
) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)  # no Redis driver installed
    monkeypatch.setenv("DEALER_TRAINER_RATELIMIT_STORAGE_URI", uri)
    db = quiet_env / "room" / "store.sqlite3"
    assert main(_serve(db)) == 2
    out, err = capsys.readouterr()
    line = _one_line(err)
    assert says in line and "DEALER_TRAINER_RATELIMIT_STORAGE_URI" in line
    assert "s3cret-pw" not in line
    assert not (quiet_env / "room").exists(), "nothing is made before the settings are checked"
    assert "admin" not in out


def test_serve_on_a_database_that_cannot_be_reached_stops_in_one_line(
    quiet_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(_serve("postgresql://trainer:s3cret-pw@127.0.0.1:1/dealer_trainer")) == 2
    line = _one_line(capsys.readouterr().err)
    assert "cannot connect to the progress store at postgresql://trainer:***@127.0.0.1:1" in line
    assert "s3cret-pw" not in line


@pytest.mark.parametrize("problem", ["missing", "open to others", "a folder"])
def test_serve_with_a_secret_key_file_it_cannot_use_stops_in_one_line_before_making_the_store(
    quiet_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    problem: str,
) -> None:
    key = quiet_env / "secret-key"
    if problem == "open to others":
        key.write_text("k" * 48)
        key.chmod(0o644)
    elif problem == "a folder":
        key.mkdir()
    monkeypatch.setenv("DEALER_TRAINER_SECRET_KEY_FILE", str(key))
    db = quiet_env / "room" / "store.sqlite3"
    assert main(_serve(db)) == 2
    line = _one_line(capsys.readouterr().err)
    assert f"the secret key file {key}" in line
    assert not (quiet_env / "room").exists()


# --- admin: which store, and never a new default one -------------------------------------------


def test_admin_with_no_store_named_and_none_made_refuses_rather_than_making_one(
    quiet_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", "person-add", "Ana", "--admin"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "--db TARGET or DEALER_TRAINER_DB" in line and "dealer-trainer serve" in line
    assert not (quiet_env / "data").exists(), "no store was made in the user's data folder"


def test_admin_uses_the_default_store_once_serve_has_made_it_and_says_so(
    quiet_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    default = quiet_env / "data" / "dealer-trainer" / "progress.sqlite3"
    open_store(default).close()  # what serve's first start makes
    assert main(["admin", "room-add", "Evening"]) == 0
    out, err = capsys.readouterr()
    assert _one_line(err) == f"dealer-trainer admin: using the store at {default}"
    assert out.startswith("Room Evening added")


def test_admin_names_the_store_it_uses_with_its_password_masked(
    quiet_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with fresh_schema() as url:
        # the test server trusts local connections: the password is there to be masked
        with_password = url.replace("://postgres@", "://postgres:s3cret-pw@", 1)
        assert with_password != url, PG_BASE
        monkeypatch.setenv("DEALER_TRAINER_DB", with_password)
        assert main(["admin", "rooms"]) == 0
    out, err = capsys.readouterr()
    line = _one_line(err)
    assert line.startswith("dealer-trainer admin: using the store at postgresql://postgres:***@")
    assert "s3cret-pw" not in line and out.startswith("No rooms yet")


# --- several processes started at once ----------------------------------------------------------


def _answers(port: int) -> int:
    """The status of the sign-in page on ``port``."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/sign-in", timeout=30) as reply:
        return int(reply.status)


def _start_three_at_once(target: str, home: Path) -> list[tuple[int, str, str]]:
    """Three ``serve`` processes started together on ``target``: each one's exit code,
    standard output and error, once every one has said where it is (or stopped), has been
    asked for its sign-in page, and has been stopped with Ctrl-C."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")},
        "PYTHONUNBUFFERED": "1",
        "XDG_DATA_HOME": str(home),
    }
    ports = [_free_port() for _ in range(3)]
    servers = [
        subprocess.Popen(
            [str(BIN), "serve", "--db", target, "--port", str(port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for port in ports
    ]
    outputs: list[tuple[int, str, str]] = []

    # a server that hangs before saying anything would block readline for ever: killed after
    # a bounded time, the test fails (its output empty) instead of hanging the run
    def kill_all() -> None:
        for server in servers:
            server.kill()

    watchdog = threading.Timer(120, kill_all)
    watchdog.start()
    try:
        said: list[str] = []
        for server in servers:
            assert server.stdout is not None
            lines = [server.stdout.readline()]
            if "First start" in lines[0]:
                lines.append(server.stdout.readline())
            said.append("".join(lines))
        statuses = [
            _answers(port) if "The training room is at" in text else None
            for port, text in zip(ports, said, strict=True)
        ]
        for server in servers:
            server.send_signal(signal.SIGINT)
        for server, text, status in zip(servers, said, statuses, strict=True):
            rest, err = server.communicate(timeout=60)
            outputs.append((server.returncode, f"{text}{rest}status {status}", err))
    finally:
        watchdog.cancel()
        for server in servers:
            if server.poll() is None:
                server.kill()
                server.communicate()
    return outputs


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_three_serves_started_at_once_on_an_empty_store_make_one_first_admin_and_all_start(
    tmp_path: Path, kind: str
) -> None:
    def check(target: str) -> None:
        outputs = _start_three_at_once(target, tmp_path / "data")
        for code, out, err in outputs:
            assert code == 0 and "The training room is at" in out, (code, out, err)
            assert "status 200" in out, out
            assert "Traceback" not in err and "name is taken" not in err, err
        announced = [
            found.group(1)
            for _code, out, _err in outputs
            if (found := re.search(r"the one-time password (\S+) and choose", out))
        ]
        assert len(announced) == 1, [out for _code, out, _err in outputs]
        with open_store(target) as store:
            accounts = Accounts(store)
            assert [person.name for person in accounts.people()] == ["admin"]
            assert accounts.authenticate(name="admin", password=announced[0]) is not None

    if kind == "sqlite":
        check(str(tmp_path / "room" / "store.sqlite3"))
    else:
        with fresh_schema() as url:
            check(url)
