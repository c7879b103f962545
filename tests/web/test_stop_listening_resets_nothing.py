"""A stopping server resets no connection: one a client makes just after the server's last
``accept`` (a stopping process preempted there, on a loaded machine) is refused, not completed
by the kernel and then reset when the listening socket closes (``ConnectionResetError`` after
the request was sent: a 502 through nginx). The race is made certain here by a listener whose
last ``accept`` lets a client connect first. Linux only (web/listening.py)."""

from __future__ import annotations

import socket
import sys
import threading
from typing import Any

import pytest
from waitress import create_server

from dealer_trainer.web import draining
from dealer_trainer.web.gunicorn_server import DrainingThreadWorker

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


class _LateClient:
    """A client that connects, sends a request and reads the reply, in a thread; ``outcome``
    is the reply or the error it met."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.outcome: object = None
        self.tried = threading.Event()
        self.thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        try:
            with socket.socket() as client:
                client.settimeout(10)
                try:
                    client.connect(("127.0.0.1", self.port))
                finally:
                    self.tried.set()
                client.sendall(b"POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                self.outcome = client.recv(100)
        except OSError as exc:
            self.outcome = exc

    def start(self) -> None:
        self.thread.start()
        self.tried.wait(0.3)  # connected (the race lost), or its connection is unanswered

    def finished(self) -> object:
        self.thread.join(10)
        return self.outcome


class _AcceptThenLateClient:
    """A non-blocking listening socket whose ``accept``, the first time it finds nothing, lets
    a :class:`_LateClient` connect before saying so."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.late = _LateClient(sock.getsockname()[1])

    def accept(self) -> tuple[socket.socket, Any]:
        try:
            return self.sock.accept()
        except BlockingIOError:
            if not self.late.thread.is_alive() and self.late.outcome is None:
                self.late.start()
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def _listening() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    sock.setblocking(False)
    return sock


def test_gunicorn_worker_refuses_a_connection_made_after_its_last_accept() -> None:
    listener = _AcceptThenLateClient(_listening())
    worker = DrainingThreadWorker.__new__(DrainingThreadWorker)
    worker.sockets = [listener]
    worker._accepting = False  # the listener is on no poller here
    worker._stop_listening()
    outcome = listener.late.finished()
    assert isinstance(outcome, ConnectionRefusedError), outcome


def test_waitress_refuses_a_connection_made_after_its_last_accept() -> None:
    server = create_server(lambda environ, start: [], host="127.0.0.1", port=0)
    late = _LateClient(server.socket.getsockname()[1])
    accept = server.accept

    def accept_then_late() -> Any:
        found = accept()
        if found is None and late.outcome is None and not late.thread.is_alive():
            late.start()
        return found

    server.accept = accept_then_late
    mapping = draining._socket_map(server)
    try:
        draining._stop_listening(mapping)
        outcome = late.finished()
    finally:
        server.close()
    assert isinstance(outcome, ConnectionRefusedError), outcome


def _ok(environ: Any, start_response: Any) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]


def _draining(server: Any) -> threading.Thread:
    """The server's stop (as on SIGTERM), in a thread."""
    mapping = draining._socket_map(server)
    thread = threading.Thread(target=draining._drain, args=(server, mapping, 5.0))
    thread.start()
    return thread


def test_waitress_answers_a_connection_whose_request_comes_just_after_the_stop() -> None:
    """A client that connected before the stop and sends its request a moment after (preempted
    between the two, on a loaded machine) is answered, not closed on as an idle connection."""
    server = create_server(_ok, host="127.0.0.1", port=0)
    with socket.create_connection(("127.0.0.1", server.socket.getsockname()[1])) as client:
        client.settimeout(10)
        stopping = _draining(server)
        stopping.join(0.3)
        assert stopping.is_alive(), "the stop did not wait for the connection's first request"
        client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = client.recv(100)
    stopping.join(10)
    assert reply.startswith(b"HTTP/1.1 200"), reply
    assert not stopping.is_alive()


def test_waitress_stops_waiting_for_a_silent_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection that never sends a request holds the stop for FIRST_REQUEST_WAIT only."""
    monkeypatch.setattr(draining, "FIRST_REQUEST_WAIT", 0.3)
    server = create_server(_ok, host="127.0.0.1", port=0)
    with socket.create_connection(("127.0.0.1", server.socket.getsockname()[1])):
        stopping = _draining(server)
        stopping.join(3)
        assert not stopping.is_alive(), "a silent connection held the stop"
