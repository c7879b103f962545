"""``dealer-trainer serve --server gunicorn``: the training room on gunicorn, for Linux
servers (docs/deploy.md). gunicorn is not installed with dealer-trainer (the ``gunicorn``
extra: ``pip install 'PATH[gunicorn]'`` of the clone or wheel); waitress stays the default,
and the only server on Windows.

One gunicorn process with one worker of ``--threads`` threads per port, as one waitress
process: a systemd unit per port, nginx in front. On SIGTERM (``systemctl stop`` or
``restart``) the worker stops listening and finishes the requests in flight within
:data:`~dealer_trainer.web.draining.GRACE_SECONDS` (gunicorn's ``graceful_timeout``).
gunicorn's own worker keeps its listening socket open while it finishes, so connections made
meanwhile would wait and then be reset (a 502 through nginx); :class:`DrainingThreadWorker`
makes the kernel complete no new connection (web/listening.py), accepts those it has already
completed and closes the socket at once, so that new ones are refused and nginx tries another
process.

gunicorn reads no ``X-Forwarded-*`` header here (``forwarded_allow_ips`` is empty): the
app's ProxyFix alone trusts exactly ``DEALER_TRAINER_PROXY_HOPS`` hops, as under waitress.
"""

from __future__ import annotations

import errno
from types import FrameType
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication
from gunicorn.workers.gthread import TConn, ThreadWorker

from dealer_trainer.web.draining import GRACE_SECONDS
from dealer_trainer.web.listening import refuse_new_connections

__all__ = ["DrainingThreadWorker", "GunicornServer", "gunicorn_options"]


class DrainingThreadWorker(ThreadWorker):
    """gunicorn's threaded worker, which on SIGTERM also stops listening at once."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.method_queue.defer(self._stop_listening)

    def _stop_listening(self) -> None:
        self.set_accept_enabled(False)
        for listener in self.sockets:
            refuse_new_connections(listener)  # else one completed after the last accept is reset
            while True:  # the connections the kernel completed: accepted, then served
                try:
                    client, address = listener.accept()
                except OSError as exc:
                    if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
                        break
                    if exc.errno == errno.ECONNABORTED:
                        continue
                    raise
                self._serve(listener, client, address)
            listener.close()

    def _serve(self, listener: Any, client: Any, address: Any) -> None:
        """What gunicorn's ``accept`` does with a connection it accepted."""
        self.nr_conns += 1
        client.setblocking(True)
        self.enqueue_req(TConn(self.cfg, client, address, listener.getsockname()))


def gunicorn_options(*, host: str, port: int, threads: int) -> dict[str, Any]:
    """gunicorn's settings for one process of ``threads`` threads on ``host:port``."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [bind],
        "workers": 1,
        "threads": threads,
        "worker_class": f"{DrainingThreadWorker.__module__}.{DrainingThreadWorker.__name__}",
        "graceful_timeout": GRACE_SECONDS,
        "timeout": 60,
        "keepalive": 5,
        "forwarded_allow_ips": "",
        "proc_name": f"dealer-trainer:{port}",
        # gunicorn's control socket (one path per user) would be shared by every process of
        # the group on the machine; nothing here uses it
        "control_socket_disable": True,
    }


class GunicornServer(BaseApplication):
    """The app made (and checked) by ``serve``, run by gunicorn's arbiter."""

    def __init__(self, app: Flask, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Flask:
        return self.application
