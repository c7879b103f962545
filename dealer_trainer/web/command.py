"""``dealer-trainer serve``: the training room on waitress.

::

    dealer-trainer serve [--host 127.0.0.1] [--port 8000] [--db TARGET] [--threads 8]
                         [--server waitress|gunicorn]

``--host 0.0.0.0`` opens the room to tablets on the same network: then it prints the
machine's network addresses and a QR code of the join page (:mod:`dealer_trainer.web.lan`).

On the embedded SQLite store by default (``$DEALER_TRAINER_DB``, else the user's data folder),
or on a PostgreSQL URL for a casino group. On the first start (a store with nobody in it) it
makes an admin named ``admin`` and prints a one-time password, to be changed at the first
sign-in. The command line registers this module by name; nothing in ``cli`` imports it.

On SIGTERM (``systemctl stop``) or Ctrl-C the server stops taking connections and finishes
the requests in flight before it exits (:mod:`dealer_trainer.web.draining` for waitress,
:mod:`dealer_trainer.web.gunicorn_server` for ``--server gunicorn``, Linux servers).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from typing import Any

from flask import Flask
from waitress import create_server

from dealer_trainer.accounts import Accounts
from dealer_trainer.errors import DealerTrainerError, UsageError
from dealer_trainer.store import default_target
from dealer_trainer.training.progress import open_store
from dealer_trainer.web import create_app
from dealer_trainer.web import store as store_module
from dealer_trainer.web.draining import serve_until_stopped
from dealer_trainer.web.lan import announce, lan_addresses, local_url

__all__ = ["configure", "proxy_settings", "run"]

FIRST_ADMIN = "admin"
#: the HTTP servers ``--server`` offers
SERVERS = ("waitress", "gunicorn")


def configure(serve: argparse.ArgumentParser) -> None:
    serve.description = (
        "Start the training room in a browser: trainees take quizzes, reviews and drills on a "
        "tablet or phone, trainers see their room, anyone signed in looks up rules. Stop it "
        "with Ctrl-C; nothing is lost. By default only this machine can open it: "
        "--host 0.0.0.0 lets tablets on the same network join (it prints their addresses "
        "and a QR code)."
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (127.0.0.1: this machine only; 0.0.0.0: every IPv4 "
        "network this machine is on, for tablets; ::, IPv6 too)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--db",
        metavar="TARGET",
        help="the store: an SQLite file or a postgresql:// URL (default $DEALER_TRAINER_DB, "
        "else the user's data folder)",
    )
    serve.add_argument(
        "--threads", type=int, default=8, help="requests served at once (server threads, 8)"
    )
    serve.add_argument(
        "--server",
        choices=SERVERS,
        default="waitress",
        help="the HTTP server: waitress (the default, any system) or gunicorn (Linux servers; "
        "pip install gunicorn). Both finish the requests in flight on SIGTERM",
    )


def first_admin(target: str) -> str | None:
    """On a store with nobody in it, make the first admin; their one-time password. Of several
    processes starting together on an empty store, exactly one makes them: the name is unique,
    so the others' try is refused, and a refusal with somebody now in the store is theirs to
    ignore (they start without an admin of their own to announce)."""
    with open_store(target) as store:
        accounts = Accounts(store)
        if accounts.count_people():
            return None
        password = secrets.token_urlsafe(12)
        try:
            accounts.create_person(
                name=FIRST_ADMIN, password=password, admin=True, must_change=True
            )
        except DealerTrainerError:
            if accounts.count_people():  # another process made the first admin meanwhile
                return None
            raise
        return password


def proxy_settings(app: Flask) -> dict[str, Any]:
    """waitress's settings for the proxy headers. By default waitress deletes every
    ``X-Forwarded-*`` header of a peer it was not told to trust, so the app's ProxyFix
    (``PROXY_HOPS``) would never see the client's address or scheme. With ``PROXY_HOPS`` set,
    waitress passes them on and ProxyFix alone decides, trusting exactly that many hops (one
    place, the same under any WSGI server); without it, waitress keeps deleting them, so a
    client cannot forge its address."""
    hops = int(app.config.get("PROXY_HOPS") or 0)
    return {"clear_untrusted_proxy_headers": False} if hops > 0 else {}


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port} is not a port: use 1 to 65535")
    if args.threads < 1:
        raise UsageError("--threads must be at least 1")
    target = args.db or default_target()
    app = create_app({"DATABASE": target})  # first: a setting it refuses stops us before anything
    if args.server == "gunicorn":
        _require_gunicorn()  # before the first admin is made
    password = first_admin(target)
    if password is not None:
        print(
            f"First start: an admin was made. Sign in as '{FIRST_ADMIN}' with the one-time "
            f"password {password} and choose your own.",
            flush=True,
        )

    if args.server == "gunicorn":
        return _run_gunicorn(app, args)
    try:
        server = create_server(
            app, host=args.host, port=args.port, threads=args.threads, **proxy_settings(app)
        )
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    _announce(args)
    serve_until_stopped(server)  # SIGTERM or Ctrl-C: the requests in flight are finished
    _stopped()
    return 0


def _announce(args: argparse.Namespace) -> None:
    print(
        f"The training room is at {local_url(args.host, args.port)} (Ctrl-C stops it)",
        flush=True,
    )
    announce(args.host, args.port, sys.stdout, lan_addresses(args.host))


def _stopped() -> None:
    print("The training room has stopped; every answer given is kept.", flush=True)


def _require_gunicorn() -> None:
    try:
        import dealer_trainer.web.gunicorn_server  # noqa: F401 (gunicorn, and fcntl under it)
    except ImportError as exc:
        raise UsageError(
            f"--server gunicorn needs gunicorn, which cannot be imported here ({exc.name} is "
            "missing): install dealer-trainer's gunicorn extra from the clone or wheel it came "
            "from (pip install 'PATH[gunicorn]'; Linux and other Unix systems; docs/deploy.md, "
            "step 2), or leave --server out for waitress"
        ) from None


def _run_gunicorn(app: Flask, args: argparse.Namespace) -> int:
    """gunicorn's arbiter in this process, one threaded worker forked from it."""
    from dealer_trainer.web.gunicorn_server import GunicornServer, gunicorn_options

    store_module.release(app)  # the worker opens its own connections after the fork
    server = GunicornServer(
        app, gunicorn_options(host=args.host, port=args.port, threads=args.threads)
    )
    _announce(args)
    arbiter = os.getpid()
    try:
        server.run()
    except SystemExit as exc:  # the arbiter exits when it has stopped
        if os.getpid() != arbiter:
            raise  # the worker forked from it, ending
        code = exc.code if isinstance(exc.code, int) else 1
        if code != 0:
            raise UsageError(
                f"gunicorn stopped with exit status {code} (its log above says why)"
            ) from None
    _stopped()
    return 0
