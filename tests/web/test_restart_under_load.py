"""A restart loses nothing: trainees answer as fast as they can, from threads, while the
server gets SIGTERM (what ``systemctl stop`` and ``restart`` send). Every request the server
took is answered (no dropped connection, no 5xx), connections made after it stopped listening
are refused (nginx then tries another process), every answer the server replied to is in the
store, and the server exits 0 having said it stopped. Under waitress (``serve``'s default)
and gunicorn (``serve --server gunicorn``, docs/deploy.md)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dealer_trainer.accounts import TRAINEE, Accounts
from dealer_trainer.training import runs
from dealer_trainer.training.progress import open_store
from tests.web.conftest import HASHER, PASSWORD
from tests.web.trainee import Trainee, answer_until_refused

TRAINEES = 4


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _room(target: str, names: list[str]) -> None:
    with open_store(target) as store:
        accounts = Accounts(store, HASHER)
        room = accounts.create_room(name="Evening shift")
        for name in names:
            person = accounts.create_person(name=name, password=PASSWORD)
            accounts.add_member(room_id=room.id, person_id=person.id, role=TRAINEE)


def spawn_serve(
    target: str, log: Path, port: int, *options: str, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """``dealer-trainer serve`` on ``port``, started in a process group of its own (gunicorn's
    workers with it), so that :func:`end_group` can stop everything it started; its output
    goes to ``log``."""
    command = [sys.executable, "-m", "dealer_trainer", "serve", "--db", target]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")}
    environment.update(env or {})
    with log.open("ab") as out:
        return subprocess.Popen(
            [*command, "--port", str(port), *options],
            env=environment,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill whatever is left of ``process``'s group (itself, gunicorn's workers, nginx's):
    a test that failed or timed out leaves no server behind to slow or break later tests."""
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.wait(timeout=30)


def wait_listening(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Until ``process`` listens on ``port`` (it failing, or a minute passing, fails)."""
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, log.read_text(errors="replace")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline, f"nothing listens on {port}"
            time.sleep(0.05)


def answers_kept(target: str, run_ids: set[int]) -> int:
    with open_store(target) as store:
        return sum(len(runs.answers(store, run_id)) for run_id in run_ids)


@pytest.mark.parametrize("server", ["waitress", "gunicorn"])
def test_sigterm_finishes_the_answers_in_flight_and_loses_none(tmp_path: Path, server: str) -> None:
    if server == "gunicorn" and sys.platform == "win32":
        pytest.skip("gunicorn runs on Unix only")
    target = str(tmp_path / "room.sqlite3")
    names = [f"Trainee {n}" for n in range(TRAINEES)]
    _room(target, names)
    log = tmp_path / "serve.log"
    port = _free_port()
    process = spawn_serve(target, log, port, "--server", server, "--threads", "4")
    stop: threading.Event = threading.Event()
    failures: list[BaseException] = []
    threads: list[threading.Thread] = []
    try:
        wait_listening(process, port, log)
        trainees = [Trainee("127.0.0.1", port) for _ in names]
        started = []
        for trainee, name in zip(trainees, names, strict=True):
            trainee.sign_in(name)
            started.append(trainee.start_quiz())
        threads = [
            threading.Thread(target=answer_until_refused, args=(t, run, stop, failures))
            for t, run in zip(trainees, started, strict=True)
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while sum(t.answered for t in trainees) < 2 * TRAINEES and not failures:
            assert time.monotonic() < deadline, "the trainees did not get to answer"
            time.sleep(0.05)  # answering at full speed
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0, log.read_text(errors="replace")
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        end_group(process)
    output = log.read_text(errors="replace")
    assert not failures, (failures, output[-2000:])
    assert "has stopped; every answer given is kept" in output
    in_flight = [span for t in trainees for span in t.spans if span[0] < signalled < span[1]]
    assert in_flight, "no request was in flight when SIGTERM came"
    replied = sum(t.answered for t in trainees)
    assert replied > 0
    assert answers_kept(target, set().union(*(t.runs for t in trainees))) == replied


def test_serve_with_gunicorn_missing_exits_2_before_making_the_first_admin(
    tmp_path: Path,
) -> None:
    shadow = tmp_path / "shadow" / "gunicorn"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("not here", name="gunicorn")\n')
    target = str(tmp_path / "room.sqlite3")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")}
    env["PYTHONPATH"] = str(shadow.parent)
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", "serve", "--db", target, "--server", "gunicorn"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert "--server gunicorn needs gunicorn" in done.stderr and "Traceback" not in done.stderr
    assert "First start" not in done.stdout
    with open_store(target) as store:
        assert Accounts(store).count_people() == 0
