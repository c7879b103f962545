"""Certificates, as kept in the store: who passed which exam, under which ruleset and its
version, when, until when, and whether a trainer revoked it (when, who, why).

A certificate is known by its public id: 16 characters drawn by :mod:`secrets` from 30
digits and capitals that cannot be taken for one another (no ``0``, ``O``, ``1``, ``I``,
``L``, nor ``U``, read as ``V``), about 78 bits, so that nobody finds a certificate by
guessing its id. The id is what the verification page (``/verify/<id>``) is opened with;
it is printed in four groups (``7KQM-2XHD-PW9A-FT3R``), which :func:`normal_id` takes
back, with lower case too.

Whether a certificate holds is computed, never stored: :meth:`Certificate.status` at a time
passed in (revoked before expired). ::

    made = issue_certificate(store, person_id=ana.id, room_id=room.id, exam_id="dealer-cert",
                             exam_title="Hold'em dealer certification", ruleset="tda-2024",
                             ruleset_version="dealer-trainer 0.1.0", score_percent=92.5,
                             expires_at=issued + timedelta(days=730), issued_at=issued)
    certificate(store, made.id).status(now)          # Status.VALID
    revoke(store, made.id, by=boss.id, reason="answers shared")
    expiring_within(store, room.id, days=60)         # to recertify soon

The exam attempt that earned a certificate is kept as a plain number (``attempt_id``): the
attempts' table comes later, and its foreign key with it.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.adapters import utc
from dealer_trainer.store.rows import time_or_fail

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "ID_ALPHABET",
    "ID_LENGTH",
    "MAX_REASON",
    "Certificate",
    "NewCertificate",
    "Status",
    "certificate",
    "certificates_of",
    "expiring_within",
    "issue_certificate",
    "new_public_id",
    "normal_id",
    "of_attempt",
    "of_room",
    "revoke",
    "shown_id",
]

#: the characters of a public id: digits and capitals, without those read as another
ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
#: the characters of a public id (30 ** 16 is about 2 ** 78)
ID_LENGTH = 16
#: the most characters a revocation's reason may have
MAX_REASON = 500
#: the longest text :func:`normal_id` looks at (an id in groups, with spaces around)
_MAX_TYPED = 40
_ID = re.compile(f"[{ID_ALPHABET}]{{{ID_LENGTH}}}")
_SEPARATORS = re.compile(r"[\s-]")

_COLUMNS = (
    "c.id, c.trainee_id, t.name, c.room_id, c.exam_id, c.exam_title, c.ruleset,"
    " c.ruleset_version, c.issued_at, c.expires_at, c.attempt_id, c.score_percent,"
    " c.revoked_at, c.revoked_by, c.revoke_reason"
)
_FROM = " FROM certificates c JOIN trainees t ON t.id = c.trainee_id"


class Status(Enum):
    """What a certificate says at one moment."""

    VALID = "valid"
    EXPIRED = "expired"
    REVOKED = "revoked"


@dataclass(frozen=True, slots=True, kw_only=True)
class Certificate:
    """A certificate as issued, and its revocation if any."""

    #: the public id (:data:`ID_LENGTH` characters of :data:`ID_ALPHABET`)
    id: str
    #: the trainee it names (the progress store's trainee: a person of the room signs in with
    #: that name; one certified in the terminal may have no sign-in)
    trainee_id: int
    #: the person's name (as they sign in)
    person_name: str
    #: the room it was earned in (None: an exam taken in the terminal)
    room_id: int | None
    exam_id: str
    exam_title: str
    #: the ruleset's name (``tda-2024``, a house ruleset's name)
    ruleset: str
    #: which text of that ruleset (docs/certificates.md: the package version of a built-in
    #: one, the digest of a house ruleset's file)
    ruleset_version: str
    issued_at: datetime
    expires_at: datetime
    #: the exam attempt that earned it (None: issued otherwise)
    attempt_id: int | None
    score_percent: float
    revoked_at: datetime | None = None
    #: who revoked it (a person's id; None from the terminal, or not revoked)
    revoked_by: int | None = None
    revoke_reason: str | None = None

    def status(self, now: datetime) -> Status:
        """Revoked (from its revocation on), else expired (from its expiry on), else
        valid."""
        at = utc(now)
        if self.revoked_at is not None and self.revoked_at <= at:
            return Status.REVOKED
        if self.expires_at <= at:
            return Status.EXPIRED
        return Status.VALID


def new_public_id() -> str:
    """A fresh public id, from :mod:`secrets`."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def normal_id(text: str) -> str | None:
    """The public id ``text`` is, as typed or printed (groups, lower case, spaces around), or
    None when it is no id at all: looked at before any query, so that a long or strange
    text costs nothing."""
    if len(text) > _MAX_TYPED:
        return None
    bare = _SEPARATORS.sub("", text).upper()
    return bare if _ID.fullmatch(bare) else None


def shown_id(public_id: str) -> str:
    """The id in groups of four, as printed (``7KQM-2XHD-PW9A-FT3R``)."""
    return "-".join(public_id[i : i + 4] for i in range(0, len(public_id), 4))


def _certificate(store: Store, row: tuple[Any, ...]) -> Certificate:
    (ident, trainee_id, name, room_id, exam_id, title, ruleset, version) = row[:8]
    issued, expires, attempt, score, revoked_at, revoked_by, reason = row[8:]
    what = f"the certificate {excerpt(str(ident))}"
    return Certificate(
        id=str(ident),
        trainee_id=int(trainee_id),
        person_name=str(name),
        room_id=None if room_id is None else int(room_id),
        exam_id=str(exam_id),
        exam_title=str(title),
        ruleset=str(ruleset),
        ruleset_version=str(version),
        issued_at=time_or_fail(issued, store.target, what),
        expires_at=time_or_fail(expires, store.target, what),
        attempt_id=None if attempt is None else int(attempt),
        score_percent=float(score),
        revoked_at=None if revoked_at is None else time_or_fail(revoked_at, store.target, what),
        revoked_by=None if revoked_by is None else int(revoked_by),
        revoke_reason=None if reason is None else str(reason),
    )


def _select(store: Store, doing: str, where: str, params: tuple[Any, ...]) -> list[Certificate]:
    with store._reading(doing):
        rows = store._db.execute(f"SELECT {_COLUMNS}{_FROM} WHERE {where}", params)
    return [_certificate(store, row) for row in rows]


def _text(value: str, what: str) -> str:
    value = value.strip()
    if not value:
        raise UsageError(f"a certificate needs {what}: the one given is empty")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class NewCertificate:
    """A certificate to issue (:func:`issue_certificate` takes the same fields): ``trainee``
    is the name the person signs in or answers in the terminal with; ``room_id`` None: an
    exam taken in the terminal; ``issued_at`` None: now."""

    trainee: str
    room_id: int | None
    exam_id: str
    exam_title: str
    ruleset: str
    ruleset_version: str
    score_percent: float
    expires_at: datetime
    issued_at: datetime | None = None
    attempt_id: int | None = None


def issue_certificate(
    store: Store,
    *,
    trainee: str,
    room_id: int | None,
    exam_id: str,
    exam_title: str,
    ruleset: str,
    ruleset_version: str,
    score_percent: float,
    expires_at: datetime,
    issued_at: datetime | None = None,
    attempt_id: int | None = None,
) -> Certificate:
    """Keep a new certificate (issued now, or at ``issued_at``) with a fresh public id; the
    certificate kept. A :class:`UsageError` for an empty field, a score outside 0..100, an
    expiry not after the issue, or a trainee or room the store does not hold. ``trainee``
    is the name the person signs in or answers in the terminal with; ``room_id`` None: an
    exam taken in the terminal."""
    new = NewCertificate(
        trainee=trainee,
        room_id=room_id,
        exam_id=exam_id,
        exam_title=exam_title,
        ruleset=ruleset,
        ruleset_version=ruleset_version,
        score_percent=score_percent,
        expires_at=expires_at,
        issued_at=issued_at,
        attempt_id=attempt_id,
    )
    with store._writing("issue a certificate"):
        public_id = _insert(store, new)
    made = certificate(store, public_id)
    assert made is not None  # just written
    return made


def _insert(store: Store, new: NewCertificate) -> str:
    """Write ``new`` inside the caller's transaction (checked as :func:`issue_certificate`
    says); its public id. An exam's submit issues the certificate a pass earns so, in the
    transaction that keeps the result: a result is never kept without its certificate."""
    issued = _now() if new.issued_at is None else utc(new.issued_at)
    expires = utc(new.expires_at)
    if expires <= issued:
        raise UsageError("a certificate must expire after it is issued")
    if not 0 <= new.score_percent <= 100:
        raise UsageError(f"a score is a percentage from 0 to 100, not {new.score_percent}")
    values = (
        _text(new.exam_id, "an exam id"),
        _text(new.exam_title, "an exam title"),
        _text(new.ruleset, "a ruleset"),
        _text(new.ruleset_version, "a ruleset version"),
    )
    found = store._db.execute("SELECT id FROM trainees WHERE name = ?", (new.trainee,))
    if not found:
        raise UsageError(f"there is no trainee {excerpt(new.trainee)} to certify")
    trainee_id = int(found[0][0])
    if new.room_id is not None and not store._db.execute(
        "SELECT 1 FROM rooms WHERE id = ?", (new.room_id,)
    ):
        raise UsageError(f"there is no room {new.room_id} to certify in")
    while True:  # a clash of 78 random bits: never seen, but never a failure either
        public_id = new_public_id()
        taken = store._db.execute("SELECT 1 FROM certificates WHERE id = ?", (public_id,))
        if not taken:
            break
    store._db.execute(
        "INSERT INTO certificates (id, trainee_id, room_id, exam_id, exam_title, ruleset,"
        " ruleset_version, issued_at, expires_at, attempt_id, score_percent)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            public_id,
            trainee_id,
            new.room_id,
            *values,
            store._to_db_time(issued),
            store._to_db_time(expires),
            new.attempt_id,
            float(new.score_percent),
        ),
    )
    return public_id


def certificate(store: Store, public_id: str) -> Certificate | None:
    """The certificate with this public id (as typed or printed), or None: an id of the
    wrong form is None at once, with no query."""
    ident = normal_id(public_id)
    if ident is None:
        return None
    found = _select(store, "read a certificate", "c.id = ?", (ident,))
    return found[0] if found else None


def certificates_of(store: Store, trainee: str) -> list[Certificate]:
    """One person's certificates (by the name they sign in or answer with), the newest
    first."""
    return _select(
        store,
        "read a person's certificates",
        "t.name = ? ORDER BY c.issued_at DESC, c.id",
        (trainee,),
    )


def of_attempt(store: Store, attempt_id: int) -> Certificate | None:
    """The certificate an exam attempt earned (None: none)."""
    found = _select(store, "read an attempt's certificate", "c.attempt_id = ?", (attempt_id,))
    return found[0] if found else None


def of_room(store: Store, room_id: int) -> list[Certificate]:
    """The certificates issued in a room, the newest first."""
    return _select(
        store,
        "read a room's certificates",
        "c.room_id = ? ORDER BY c.issued_at DESC, c.id",
        (room_id,),
    )


def expiring_within(
    store: Store, room_id: int, days: int, *, now: datetime | None = None
) -> list[Certificate]:
    """The room's certificates that hold now and expire within ``days`` days (to recertify
    soon: the dashboard's 60 days), the soonest first."""
    if days < 0:
        raise UsageError(f"a number of days ahead is 0 or more, not {days}")
    at = _now() if now is None else utc(now)
    return _select(
        store,
        "read the certificates expiring soon",
        "c.room_id = ? AND c.revoked_at IS NULL AND c.expires_at > ? AND c.expires_at <= ?"
        " ORDER BY c.expires_at, c.id",
        (room_id, store._to_db_time(at), store._to_db_time(at + timedelta(days=days))),
    )


def revoke(
    store: Store,
    public_id: str,
    *,
    by: int | None,
    reason: str,
    now: datetime | None = None,
) -> Certificate:
    """Revoke the certificate (from ``now``), saying who (a person's id; None from the
    terminal) and why; the certificate as revoked. A :class:`UsageError` for an empty or
    too long reason, an id the store does not hold, or a certificate already revoked (the
    first revocation stands)."""
    reason = reason.strip()
    if not reason:
        raise UsageError("revoking a certificate needs a reason")
    if len(reason) > MAX_REASON:
        raise UsageError(f"a revocation's reason has at most {MAX_REASON} characters")
    ident = normal_id(public_id)
    if ident is None:
        raise UsageError(f"there is no certificate {excerpt(public_id)}")
    at = _now() if now is None else utc(now)
    lock = " FOR UPDATE" if store._db.dialect == "postgresql" else ""
    with store._writing("revoke a certificate"):
        rows = store._db.execute(
            f"SELECT revoked_at FROM certificates WHERE id = ?{lock}", (ident,)
        )
        if not rows:
            raise UsageError(f"there is no certificate {excerpt(public_id)}")
        if rows[0][0] is not None:
            raise UsageError(f"the certificate {shown_id(ident)} is already revoked")
        store._db.execute(
            "UPDATE certificates SET revoked_at = ?, revoked_by = ?, revoke_reason = ?"
            " WHERE id = ?",
            (store._to_db_time(at), by, reason, ident),
        )
    done = certificate(store, ident)
    assert done is not None  # just written
    return done
