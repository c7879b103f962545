"""Stopping waitress without dropping a request: what ``dealer-trainer serve`` does on SIGTERM
(``systemctl stop``/``restart``) and on Ctrl-C.

waitress's own ``run()`` ends on Ctrl-C by cancelling the requests still queued and closing
every connection, and Python's default SIGTERM kills the process outright: either way an answer
being submitted gets no reply (a 502 through nginx), though it may have been kept. Here the
server instead

1. stops listening: the kernel is made to complete no new connection (web/listening.py), the
   connections it has already completed are accepted, so that none is reset, then the
   listening socket is closed (new connections are refused, and nginx tries another process);
2. finishes every request in flight or already received, and sends its reply; a connection
   it accepted and has heard nothing on yet is given :data:`FIRST_REQUEST_WAIT` seconds to
   send its request (a client between its ``connect`` and its request, preempted on a loaded
   machine, would otherwise find its connection closed: ``RemoteDisconnected``, a 502
   through nginx);
3. closes the idle kept-alive connections, and stops, all within ``grace`` seconds.

Only waitress's public attributes of its channels and dispatchers are read.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

from dealer_trainer.web.listening import refuse_new_connections

__all__ = ["FIRST_REQUEST_WAIT", "GRACE_SECONDS", "serve_until_stopped"]

#: how long a stopping server waits for the requests in flight (systemd's TimeoutStopSec is
#: longer: docs/deploy.md)
GRACE_SECONDS = 8
#: how often the loop looks up from its sockets to see whether it was asked to stop
_TICK = 0.2
#: how long a stopping server waits for the first request on a connection it accepted but
#: has received nothing on (an idle kept-alive connection, which has served a request, is
#: closed at once)
FIRST_REQUEST_WAIT = 2.0


def _socket_map(server: Any) -> dict[int, Any]:
    """The sockets waitress serves: one server's, or several listening addresses' shared map."""
    found = getattr(server, "map", None)
    if found is None:
        found = server._map  # a single listening address: waitress names its map so
    mapping: dict[int, Any] = found
    return mapping


def _listeners(mapping: dict[int, Any]) -> Iterator[BaseWSGIServer]:
    yield from (d for d in list(mapping.values()) if isinstance(d, BaseWSGIServer))


def _busy(channel: HTTPChannel) -> bool:
    """A request being received, waiting, being served, or its reply not yet sent."""
    return bool(
        channel.requests
        or channel.request is not None
        or channel.total_outbufs_len
        or channel.close_when_flushed
    )


def _awaiting_first_request(channel: HTTPChannel, now: float) -> bool:
    """Accepted less than :data:`FIRST_REQUEST_WAIT` ago, and nothing received or sent since
    (waitress sets both times when it makes the channel, and the last one on every read and
    write)."""
    created: float = channel.creation_time
    last: float = channel.last_activity
    return last == created and now - created < FIRST_REQUEST_WAIT


def _stop_listening(mapping: dict[int, Any]) -> None:
    for listener in _listeners(mapping):
        refuse_new_connections(listener.socket)  # else one completed after the last accept is reset
        while True:  # the connections the kernel completed: accepted, then served
            before = len(mapping)
            listener.handle_accept()
            if len(mapping) == before:
                break
        wasyncore.dispatcher.close(listener)  # the socket only (not waitress's trigger)


def _drain(server: Any, mapping: dict[int, Any], grace: float) -> None:
    deadline = time.monotonic() + grace
    _stop_listening(mapping)
    while time.monotonic() < deadline:
        wasyncore.loop(timeout=0.05, map=mapping, use_poll=True, count=1)
        channels = [c for c in list(mapping.values()) if isinstance(c, HTTPChannel)]
        now = time.time()  # waitress's own clock for a channel's times
        if not any(_busy(c) or _awaiting_first_request(c, now) for c in channels):
            break
    server.task_dispatcher.shutdown(
        cancel_pending=False, timeout=max(deadline - time.monotonic(), 0)
    )
    wasyncore.close_all(mapping)


def serve_until_stopped(server: Any, *, grace: float = GRACE_SECONDS) -> None:
    """Serve until SIGTERM or SIGINT, then stop as the module says. Called in the main
    thread (signal handlers are set there)."""
    stopping = threading.Event()

    def stop(_signum: int, _frame: FrameType | None) -> None:
        stopping.set()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    mapping = _socket_map(server)
    try:
        while not stopping.is_set():
            wasyncore.loop(timeout=_TICK, map=mapping, use_poll=True, count=1)
        _drain(server, mapping, grace)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
