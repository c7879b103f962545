"""Who may see what, and the headers every response carries.

Each view declares who may use it (:mod:`.access`); the loaders here are what those
declarations are checked with. A view over a room takes the room's id from the URL and loads
it with :func:`room_or_404`: a room the person is not in is answered as if it did not exist
(404), a role the person lacks in their own room is 403. Membership is read from the store on
each request. An admin may see every room with a trainer's rights (DESIGN.md: nothing is
hidden from them). A run (a quiz, a review, a drill) is loaded with :func:`run_or_404`, for
its owner only: anyone else's is answered 404, as one that does not exist; an exam attempt
with :func:`attempt_or_404`, likewise; so is a certificate, with :func:`certificate_or_404`,
for the person it was issued to.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Response, abort, current_app, g, request
from flask_login import current_user
from flask_wtf.csrf import CSRFProtect
from itsdangerous import BadData, URLSafeTimedSerializer

from dealer_trainer.accounts import TRAINER, Person, Room
from dealer_trainer.errors import UsageError
from dealer_trainer.store import certificates, exams
from dealer_trainer.training import runs
from dealer_trainer.web.store import accounts, get_store

__all__ = [
    "CSP",
    "MIN_SECRET_KEY",
    "RotatingCSRFProtect",
    "User",
    "attempt_or_404",
    "certificate_or_404",
    "configured_secret_key",
    "csrf_token_under_current_key",
    "current_person",
    "room_or_404",
    "run_or_404",
    "safe_next",
    "secret_key_fallbacks",
    "secure_headers",
]

log = logging.getLogger("dealer_trainer.web")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


class User:
    """The signed-in person, as Flask-Login wants them. The id a session keeps is
    ``"id:epoch"`` (Flask-Login's alternative tokens): a new epoch ends older sessions."""

    is_authenticated = True
    is_active = True
    is_anonymous = False

    def __init__(self, person: Person) -> None:
        self.person = person

    def get_id(self) -> str:
        return f"{self.person.id}:{self.person.epoch}"


def load_user(token: str) -> User | None:
    """The person a session names, if the session is still theirs."""
    pid, _, epoch = token.partition(":")
    if not pid.isdigit() or not epoch:
        return None
    person = accounts().person(int(pid))
    if person is None or person.disabled or person.epoch != epoch:
        return None
    return User(person)


def current_person() -> Person:
    """The signed-in person (views behind the sign-in only)."""
    user: User = current_user
    return user.person


def room_or_404(room_id: int, *, need: str | None = None) -> tuple[Room, str]:
    """The room and the signed-in person's role in it (``"admin"`` for an admin who is not a
    member). Not theirs: 404, exactly as for a room that does not exist. ``need=TRAINER`` and
    they are a trainee there: 403."""
    person = current_person()
    found = accounts().room(room_id)
    if found is None:
        log.info("refused (404): person %s asked for missing room %s", person.id, room_id)
        abort(404)
    role = accounts().role_in(person_id=person.id, room_id=room_id)
    if role is None:
        if not person.admin:
            log.info("refused (404): person %s asked for room %s", person.id, room_id)
            abort(404)
        role = "admin"
    if need == TRAINER and role not in (TRAINER, "admin"):
        abort(403)
    g.room_role = role
    return found, role


def run_or_404(run_id: int) -> runs.Run:
    """The signed-in person's run ``run_id``; anyone else's: 404, as one that does not
    exist. Read once per request: the policy's check, then the view, get the same run."""
    loaded: dict[int, runs.Run] = g.setdefault("runs_loaded", {})
    if run_id not in loaded:
        found = runs.run(get_store(), run_id=run_id, person_id=current_person().id)
        if found is None:
            abort(404)
        loaded[run_id] = found
    return loaded[run_id]


def certificate_or_404(cert_id: str) -> certificates.Certificate:
    """The signed-in person's own certificate ``cert_id``; anyone else's, or an id that is no
    certificate's: 404, alike. Read once per request (the policy's check, then the view)."""
    loaded: dict[str, certificates.Certificate] = g.setdefault("certificates_loaded", {})
    if cert_id not in loaded:
        found = certificates.certificate(get_store(), cert_id)
        if found is None or found.person_name != current_person().name:
            abort(404)
        loaded[cert_id] = found
    return loaded[cert_id]


def attempt_or_404(attempt_id: int) -> exams.StoredAttempt:
    """The signed-in person's exam attempt ``attempt_id``; anyone else's (a trainer's, an
    admin's look included): 404, as one that does not exist. Read anew on each call: its
    answers and its submit change within a request."""
    found = exams.attempt(get_store(), attempt_id, trainee=current_person().name)
    if found is None:
        abort(404)
    return found


#: the fewest characters a session-signing key given by the operator may have
MIN_SECRET_KEY = 32


def _read_key_file(name: str) -> str:
    """The key kept in the file ``name``: a regular file that only its owner may read."""
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise UsageError(
            f"cannot read the secret key file {name} (DEALER_TRAINER_SECRET_KEY_FILE): "
            f"{exc.strerror}"
        ) from None
    try:  # what it is, before it is read as a file (a folder cannot be)
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise UsageError(f"the secret key file {name} is not a regular file")
        if found.st_mode & 0o077:
            raise UsageError(
                f"the secret key file {name} can be read by other users (mode "
                f"{found.st_mode & 0o777:04o}), so anyone on this machine could sign in as "
                f"anyone: make it owner-only (chmod 600 {name}), then start again"
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(64 * 1024)
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise UsageError(f"the secret key file {name} is not UTF-8 text") from None


def configured_secret_key(config: Mapping[str, Any]) -> str | None:
    """The session-signing key the operator gave: ``SECRET_KEY_FILE`` (a file only its owner
    may read; ``DEALER_TRAINER_SECRET_KEY_FILE``) or ``SECRET_KEY``
    (``DEALER_TRAINER_SECRET_KEY``); None when neither is set (the store keeps one)."""
    name = config.get("SECRET_KEY_FILE")
    given = config.get("SECRET_KEY")
    if name and given:
        raise UsageError(
            "both DEALER_TRAINER_SECRET_KEY and DEALER_TRAINER_SECRET_KEY_FILE are set: "
            "keep one of them"
        )
    if name:
        key = _read_key_file(str(name))
        where = f"the secret key file {name}"
    elif given:
        key, where = str(given), "DEALER_TRAINER_SECRET_KEY"
    else:
        return None
    if len(key) < MIN_SECRET_KEY and not config.get("TESTING"):
        raise UsageError(
            f"{where} holds {len(key)} characters: a session-signing key has at least "
            f"{MIN_SECRET_KEY} (make one with: python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(48))')"
        )
    return key


#: Flask-WTF's salt for form tokens (flask_wtf.csrf.generate_csrf)
_CSRF_SALT = "wtf-csrf-token"


def csrf_token_under_current_key(token: str) -> str:
    """``token`` as the current key would have signed it, when it was signed by one of the old
    keys still accepted (``SECRET_KEY_FALLBACKS``, while the key is rotated: docs/deploy.md,
    "The secret key"); otherwise ``token`` unchanged, for Flask-WTF to accept or refuse. A form
    opened before a restart with a new key is thereby still accepted, as its session is (Flask
    checks session cookies against the old keys itself); its value is still compared with the
    one in the session."""
    current = str(current_app.secret_key)
    limit = current_app.config.get("WTF_CSRF_TIME_LIMIT")
    try:
        URLSafeTimedSerializer(current, salt=_CSRF_SALT).loads(token, max_age=limit)
        return token
    except BadData:
        pass
    for old in current_app.config.get("SECRET_KEY_FALLBACKS") or ():
        try:
            value = URLSafeTimedSerializer(str(old), salt=_CSRF_SALT).loads(token, max_age=limit)
        except BadData:
            continue
        return URLSafeTimedSerializer(current, salt=_CSRF_SALT).dumps(value)
    return token


class RotatingCSRFProtect(CSRFProtect):
    """Flask-WTF's CSRF protection, with form tokens signed by an old key (still listed in
    ``SECRET_KEY_FALLBACKS``) accepted too: the referrer checks and the comparison with the
    session stay Flask-WTF's."""

    def _get_csrf_token(self) -> str | None:
        token: str | None = super()._get_csrf_token()
        return csrf_token_under_current_key(token) if token else token


def secret_key_fallbacks(config: Mapping[str, Any]) -> list[str]:
    """The old keys still accepted while rotating (``SECRET_KEY_FALLBACKS``, a JSON list in
    ``DEALER_TRAINER_SECRET_KEY_FALLBACKS``); one key given as plain text is a list of one
    (Flask would otherwise take each of its characters for a key)."""
    given = config.get("SECRET_KEY_FALLBACKS") or []
    if isinstance(given, str):
        return [given]
    if not isinstance(given, list) or not all(isinstance(key, str) and key for key in given):
        raise UsageError(
            "DEALER_TRAINER_SECRET_KEY_FALLBACKS must be a JSON list of the old keys, "
            "e.g. '[\"the old key\"]'"
        )
    return list(given)


def safe_next(target: str | None, fallback: str) -> str:
    """``target`` if it is a path on this site, else ``fallback``: no open redirect, and no
    control character (a CR or LF would split the ``Location`` header)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return fallback
    if not target.isprintable():
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return target


def secure_headers(response: Response) -> Response:
    """The headers every response carries (web-anchors.md's security checklist)."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
    if not request.path.startswith("/static/"):
        headers.setdefault("Cache-Control", "no-store")
    return response
