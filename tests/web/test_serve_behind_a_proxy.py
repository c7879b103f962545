"""docs/deploy.md's nginx setup, end to end through a real ``dealer-trainer serve`` (waitress):
the requests carry the headers nginx adds (``X-Forwarded-For`` with the client's address
appended to whatever the client sent, ``X-Forwarded-Proto``, ``X-Forwarded-Host``).

With ``DEALER_TRAINER_PROXY_HOPS=1`` the app sees each client's own address (two clients are
limited separately, and a forged first hop changes nothing) and sees https (HSTS, the secure
cookie). Without it the headers are ignored: everyone is the proxy, and nobody can claim https.
(waitress deletes untrusted proxy headers by default: before ``serve`` passed them on, the
app's ProxyFix never saw them.)"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "dealer-trainer"
SITE = "training.casino.example"
WRONG = "not the password at all"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Served:
    port: int
    process: subprocess.Popen[str]


@dataclass
class Browser:
    """A browser reached through nginx: its address, the scheme it used, its cookies."""

    served: Served
    address: str
    scheme: str = "https"
    forged: str = "203.0.113.9"  # what the client itself put in X-Forwarded-For
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: str = "") -> http.client.HTTPResponse:
        """One request as nginx passes it on; the response, its body read into ``.text``."""
        headers = {
            "Host": SITE,
            # nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for (appended)
            "X-Forwarded-For": f"{self.forged}, {self.address}",
            "X-Forwarded-Proto": self.scheme,
            "X-Forwarded-Host": SITE,
            "Referer": f"{self.scheme}://{SITE}/sign-in",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=30)
        try:
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            response.text = response.read().decode()  # type: ignore[attr-defined]
        finally:
            connection.close()
        # the cookie is Secure (https as the app sees it): kept here, as a browser would
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return response

    def try_sign_in(self, name: str, password: str) -> http.client.HTTPResponse:
        page = self.request("GET", "/sign-in").text  # type: ignore[attr-defined]
        token = re.search(r'name="csrf-token" content="([^"]+)"', page)
        assert token, page[:300]
        form = urllib.parse.urlencode({"name": name, "password": password, "csrf_token": token[1]})
        return self.request("POST", "/sign-in", form)


def _serve(tmp_path: Path, **env: str) -> Iterator[Served]:
    port = _free_port()
    environment = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")},
        "PYTHONUNBUFFERED": "1",
        "DEALER_TRAINER_HTTPS": "1",
        "DEALER_TRAINER_SECRET_KEY": secrets.token_urlsafe(48),
        **env,
    }
    process = subprocess.Popen(
        [str(BIN), "serve", "--db", str(tmp_path / "room.db"), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
        yield Served(port=port, process=process)
    finally:
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=30)
        assert "Traceback" not in err, err


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[Served]:
    yield from _serve(tmp_path, DEALER_TRAINER_PROXY_HOPS="1")


@pytest.fixture
def without_hops(tmp_path: Path) -> Iterator[Served]:
    yield from _serve(tmp_path)


def _held_back_after_five(browser: Browser) -> None:
    for _ in range(5):
        assert browser.try_sign_in("admin", WRONG).status == 401
    assert browser.try_sign_in("admin", WRONG).status == 429


@pytest.mark.slow
def test_behind_nginx_two_clients_are_limited_apart_and_a_forged_hop_is_ignored(
    behind_nginx: Served,
) -> None:
    one = Browser(behind_nginx, "10.0.0.1")
    _held_back_after_five(one)
    # another tablet, though it forges the same first hop as the first one did
    other = Browser(behind_nginx, "10.0.0.2")
    assert other.try_sign_in("admin", WRONG).status == 401


@pytest.mark.slow
def test_behind_nginx_https_gives_hsts_and_the_secure_host_cookie(behind_nginx: Served) -> None:
    browser = Browser(behind_nginx, "10.0.0.1")
    response = browser.request("GET", "/sign-in")
    assert response.status == 200
    assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    cookie = next(v for v in response.headers.get_all("Set-Cookie") or [] if "session" in v)
    assert cookie.startswith("__Host-session=") and "Secure" in cookie
    plain = Browser(behind_nginx, "10.0.0.1", scheme="http").request("GET", "/sign-in")
    assert "Strict-Transport-Security" not in plain.headers


@pytest.mark.slow
def test_without_proxy_hops_the_forwarded_headers_are_ignored(without_hops: Served) -> None:
    one = Browser(without_hops, "10.0.0.1")
    _held_back_after_five(one)
    # a claimed address of its own changes nothing: every request is the one peer
    assert Browser(without_hops, "10.0.0.2").try_sign_in("admin", WRONG).status == 429
    claimed = Browser(without_hops, "10.0.0.3").request("GET", "/sign-in")
    assert "Strict-Transport-Security" not in claimed.headers
