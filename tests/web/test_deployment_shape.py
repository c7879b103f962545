"""The deployment's shape, as docs/deploy.md gives it: Debian's nginx with TLS (a self-signed
certificate made here) in front of two ``dealer-trainer serve --server gunicorn`` processes
on one store, with the settings of the guide's environment file. The nginx configuration is
the guide's own block, with only its ports, certificate paths and the third process changed.

Through nginx: plain http is sent to https; the app sees https (HSTS, the ``__Host-`` secure
cookie) and the client's own address (a second loopback address, not nginx's); a quiz moves
between the two processes; and one process restarted while trainees answer loses no answer
and fails no request (nginx sends what it refused to the other). .ci/run installs nginx; with
no nginx the test fails under CI and is skipped elsewhere."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.test_restart_under_load import (
    _free_port,
    _room,
    answers_kept,
    end_group,
    spawn_serve,
    wait_listening,
)
from tests.web.trainee import Trainee, answer_until_refused

ROOT = Path(__file__).resolve().parents[2]
SITE = "training.casino.example"
CLIENT = "127.0.0.2"  # the tablet: any 127/8 address reaches the loopback on Linux
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def _need_nginx() -> str:
    if NGINX is None:
        message = "nginx is not installed (.ci/run installs Debian's nginx)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return NGINX


def guide_nginx_block() -> str:
    found = re.search(r"```nginx\n(.*?)```", (ROOT / "docs/deploy.md").read_text(), re.S)
    assert found, "docs/deploy.md has no nginx block"
    return found[1]


def nginx_conf(tmp: Path, *, upstream: tuple[int, int], http: int, https: int) -> str:
    """The guide's block on this test's ports and certificate, inside a main configuration
    that keeps every file nginx writes in ``tmp``."""
    block = guide_nginx_block()
    block = block.replace("127.0.0.1:8001", f"127.0.0.1:{upstream[0]}")
    block = block.replace("127.0.0.1:8002", f"127.0.0.1:{upstream[1]}")
    block = re.sub(r"\n\s*server 127\.0\.0\.1:8003[^\n]*", "", block)
    block = block.replace("listen 443", f"listen 127.0.0.1:{https}")
    block = block.replace("listen 80", f"listen 127.0.0.1:{http}")
    block = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {tmp}/cert.pem;", block)
    block = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {tmp}/key.pem;", block)
    temps = "\n".join(
        f"    {kind}_temp_path {tmp}/{kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}worker_processes 1;\ndaemon off;\npid {tmp}/nginx.pid;\n"
        f"error_log {tmp}/error.log;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    access_log {tmp}/access.log;\n{temps}\n{block}\n}}\n"
    )


@pytest.fixture
def nginx_tls(tmp_path: Path) -> Iterator[tuple[Path, int, int, tuple[int, int]]]:
    """A certificate for SITE, the two upstream ports, nginx started on two free ports."""
    nginx = _need_nginx()
    conf_dir = tmp_path / "nginx"
    conf_dir.mkdir(mode=0o700)
    key, cert = str(conf_dir / "key.pem"), str(conf_dir / "cert.pem")
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt"),
            *("ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-keyout", key),
            *("-out", cert, "-subj", f"/CN={SITE}", "-addext", f"subjectAltName=DNS:{SITE}"),
        ],
        check=True,
        capture_output=True,
    )
    upstream = (_free_port(), _free_port())
    http, https = _free_port(), _free_port()
    conf = conf_dir / "nginx.conf"
    conf.write_text(nginx_conf(conf_dir, upstream=upstream, http=http, https=https))
    log = conf_dir / "error.log"
    process = subprocess.Popen(
        [nginx, "-e", str(log), "-p", str(conf_dir), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its worker with it: end_group stops both
    )
    try:
        wait_listening(process, https, log)
        yield conf_dir, http, https, upstream
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        finally:
            end_group(process)


def _serve(target: str, log: Path, port: int, key: str) -> subprocess.Popen[bytes]:
    """One process of the guide's unit, with the guide's environment file's settings."""
    env = {
        "DEALER_TRAINER_HTTPS": "1",
        "DEALER_TRAINER_PROXY_HOPS": "1",
        "DEALER_TRAINER_ACCESS_LOG": "1",
        "DEALER_TRAINER_SECRET_KEY": key,
    }
    return spawn_serve(target, log, port, "--server", "gunicorn", "--threads", "4", env=env)


def test_two_processes_behind_nginx_with_tls(
    tmp_path: Path, nginx_tls: tuple[Path, int, int, tuple[int, int]]
) -> None:
    conf_dir, http, https, ports = nginx_tls
    target = str(tmp_path / "room.sqlite3")
    names = ["Ana", "Ben", "Cleo"]
    _room(target, names)
    key = secrets.token_urlsafe(48)
    logs = (tmp_path / "a.log", tmp_path / "b.log")
    processes = [_serve(target, log, port, key) for log, port in zip(logs, ports, strict=True)]
    try:
        for process, port, log in zip(processes, ports, logs, strict=True):
            wait_listening(process, port, log)
        # plain http: sent to https
        plain = Trainee("127.0.0.1", http, site=SITE, source=CLIENT)
        moved = plain.request("GET", "/sign-in")
        assert moved.status == 301 and moved.headers["Location"] == f"https://{SITE}/sign-in"

        tls = ssl.create_default_context(cafile=str(conf_dir / "cert.pem"))
        trainees = [Trainee("127.0.0.1", https, tls=tls, site=SITE, source=CLIENT) for _ in names]
        first = trainees[0]
        _, page = first.get("/sign-in")
        assert page.headers["Strict-Transport-Security"].startswith("max-age=31536000")
        assert "__Host-session" in first.cookies  # the app saw https
        runs = []
        for trainee, name in zip(trainees, names, strict=True):
            trainee.sign_in(name)
            runs.append(trainee.start_quiz())
        for _ in range(3):  # round robin: the quiz's requests reach both processes
            first.answer_one(runs[0])
        served = [log.read_text(errors="replace") for log in logs]
        assert any(f"sign-in: Ana from {CLIENT}" in text for text in served)
        assert not any(" from 127.0.0.1" in text for text in served)
        item = re.compile(rf"access:{re.escape(CLIENT)} (GET|POST) {runs[0]}/items/")
        assert all(item.search(text) for text in served), "the quiz stayed on one process"

        # one process restarted while three trainees answer: nothing fails, nothing is lost
        stop: threading.Event = threading.Event()
        failures: list[BaseException] = []
        threads = [
            threading.Thread(target=answer_until_refused, args=(t, run, stop, failures))
            for t, run in zip(trainees, runs, strict=True)
        ]
        before = sum(t.answered for t in trainees)
        for thread in threads:
            thread.start()
        try:
            deadline = time.monotonic() + 20
            while sum(t.answered for t in trainees) < before + 6 and not failures:
                assert time.monotonic() < deadline, "the trainees did not get to answer"
                time.sleep(0.05)
            processes[0].send_signal(signal.SIGTERM)
            assert processes[0].wait(timeout=20) == 0
            stopped = sum(t.answered for t in trainees)
            processes.append(_serve(target, logs[0], ports[0], key))  # started again
            while sum(t.answered for t in trainees) < stopped + 3 and not failures:
                assert time.monotonic() < deadline + 20, "no answers while one process was down"
                time.sleep(0.02)  # answering on the other process meanwhile
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
        assert not failures, (failures, (conf_dir / "error.log").read_text()[-2000:])
        replied = sum(t.answered for t in trainees)
        assert answers_kept(target, set().union(*(t.runs for t in trainees))) == replied
        wait_listening(processes[-1], ports[0], logs[0])  # the restarted process is back
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        try:
            for process in processes:
                process.wait(timeout=20)
        finally:
            for process in processes:
                end_group(process)
