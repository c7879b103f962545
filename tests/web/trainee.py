"""A trainee answering quizzes over real HTTP, as a tablet does (no browser): signs in through
the form, starts a quiz, and answers the current question again and again (a choice, a
number, or an order tapped step by step), starting another quiz when one ends. Used by the
tests that restart servers under load: every request opens a connection of its own, so a
connection the server refuses (it is stopping) is told apart from one it dropped after
taking it (an answer lost, a 502 through nginx)."""

from __future__ import annotations

import http.client
import re
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

from tests.web.conftest import PASSWORD

__all__ = ["Refused", "Reply", "Trainee", "answer_until_refused"]


class Refused(Exception):
    """The server refused the connection: the request never reached it."""


@dataclass(frozen=True, kw_only=True)
class Reply:
    status: int
    headers: http.client.HTTPMessage
    text: str


@dataclass
class Trainee:
    """One person's browser, reaching ``host:port`` (over TLS when ``tls`` is given)."""

    host: str
    port: int
    tls: ssl.SSLContext | None = None
    site: str | None = None  # the Host header and TLS name (nginx's server_name); None: host:port
    source: str | None = None  # the address to connect from (another loopback address)
    cookies: dict[str, str] = field(default_factory=dict)
    answered: int = 0  # answers the server replied to
    runs: set[int] = field(default_factory=set)
    #: (start, end) of every request, monotonic seconds
    spans: list[tuple[float, float]] = field(default_factory=list)

    def _connection(self) -> http.client.HTTPConnection:
        source = (self.source, 0) if self.source else None
        if self.tls is not None:
            return _SiteConnection(self, source)
        return http.client.HTTPConnection(self.host, self.port, timeout=30, source_address=source)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Reply:
        scheme = "https" if self.tls is not None else "http"
        site = self.site or f"{self.host}:{self.port}"
        headers = {"Host": site, "Referer": f"{scheme}://{site}/", "Connection": "close"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = self._connection()
        start = time.monotonic()
        try:
            try:
                connection.connect()
            except ConnectionRefusedError:
                raise Refused(f"{method} {path}") from None
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            reply = Reply(
                status=response.status, headers=response.headers, text=response.read().decode()
            )
        finally:
            connection.close()
            self.spans.append((start, time.monotonic()))
        for value in reply.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        assert reply.status < 500, (method, path, reply.status, reply.text[:300])
        return reply

    def get(self, path: str) -> tuple[str, Reply]:
        """``path`` with its redirects followed: the final path and its reply."""
        for _ in range(5):
            reply = self.request("GET", path)
            if reply.status not in (301, 302, 303):
                return path, reply
            path = reply.headers["Location"]
        raise AssertionError(f"too many redirects from {path}")

    def sign_in(self, name: str) -> None:
        _, page = self.get("/sign-in")
        done = self.request(
            "POST", "/sign-in", {"name": name, "password": PASSWORD, "csrf_token": _token(page)}
        )
        assert done.status in (302, 303), (done.status, done.text[:300])

    def start_quiz(self) -> str:
        _, home = self.get("/")
        room = re.search(r'name="room" value="(\d+)"', home.text)
        assert room, "the home page offers no quiz"
        started = self.request(
            "POST", "/quiz", {"room": room[1], "length": "20", "csrf_token": _token(home)}
        )
        assert started.status in (302, 303), started.text[:300]
        location = started.headers["Location"]
        found = re.match(r"/runs/(\d+)", location)
        assert found, location
        self.runs.add(int(found[1]))
        return f"/runs/{found[1]}"

    def answer_one(self, run: str) -> str:
        """Answer ``run``'s current question; the run to go on with (a new one after the
        last question)."""
        where, page = self.get(run)
        if where.endswith("/summary"):
            return self.start_quiz()
        action = re.search(r'<form class="question" method="post" action="([^"]+)"', page.text)
        assert action, page.text[:500]
        hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page.text))
        if 'name="number"' in page.text:
            self._submit(action[1], {**hidden, "number": "10"})
        elif 'name="step"' in page.text:
            for step in re.findall(r'name="step" value="(\d+)"', page.text):
                self.request("POST", action[1], {**hidden, "step": step})
                _, page = self.get(action[1])  # the form token of the page as it now is
                hidden = dict(
                    re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page.text)
                )
            self._submit(action[1], {**hidden, "done": "1"})
        else:
            option = re.search(r'name="option" value="([^"]+)"', page.text)
            assert option, page.text[:500]
            self._submit(action[1], {**hidden, "option": option[1]})
        return run

    def _submit(self, action: str, form: dict[str, str]) -> None:
        reply = self.request("POST", action, form)
        assert reply.status in (200, 302, 303), (reply.status, reply.text[:300])
        self.answered += 1


class _SiteConnection(http.client.HTTPSConnection):
    """TLS to ``trainee.host`` naming ``trainee.site`` (SNI and the certificate's name), as a
    browser that resolved the site's name to that address does."""

    def __init__(self, trainee: Trainee, source: tuple[str, int] | None) -> None:
        assert trainee.tls is not None and trainee.site is not None
        super().__init__(
            trainee.site, trainee.port, timeout=30, context=trainee.tls, source_address=source
        )
        self.address = trainee.host
        self.tls = trainee.tls

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout, self.source_address)
        self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)


def _token(page: Reply) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.text)
    assert found, page.text[:300]
    return found[1]


def answer_until_refused(
    trainee: Trainee, run: str, stop: threading.Event, failures: list[BaseException]
) -> None:
    """Answer ``run`` (and the quizzes after it) until the server refuses a connection (or
    ``stop`` is set); any other failure (a dropped connection, a 5xx) is kept in
    ``failures``."""
    try:
        while not stop.is_set():
            run = trainee.answer_one(run)
    except Refused:
        pass
    except BaseException as exc:
        failures.append(exc)
