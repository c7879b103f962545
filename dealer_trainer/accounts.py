"""People, rooms and roles of the training room, kept in the progress store.

A person signs in with a name and a password; their answers are the store's trainee of the
same name, so ``dealer-trainer quiz --trainee Ana`` and Ana in the browser share one history.
A person is an admin or not; in each room they belong to they are a ``trainee`` or a
``trainer`` (DESIGN.md, "People, rooms and roles")::

    accounts = Accounts(store)
    room = accounts.create_room(name="Evening shift", ruleset="tda-2024")
    boss = accounts.create_person(name="Mia", password="a long password")
    accounts.add_member(room_id=room.id, person_id=boss.id, role=TRAINER)
    code = accounts.create_invite(room_id=room.id, role=TRAINEE, created_by=boss.id)
    ana = accounts.redeem_invite(code=code, name="Ana", password="another password")

Passwords are hashed with argon2id (argon2-cffi, its default profile; tests pass a cheaper
hasher). Invite codes come from :mod:`secrets`, are kept only as a SHA-256 hash, are used
once and expire. Each person has an ``epoch``, a random token that a sign-out, a password
reset, a role change or a removal replaces: a session names the epoch it was opened under,
so every older session of that person ends at once.

The SQL lives here and in :mod:`dealer_trainer.progress`; the web layer writes none.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import NotFound, UsageError
from dealer_trainer.progress import _now

if TYPE_CHECKING:
    from argon2 import PasswordHasher

    from dealer_trainer.progress import Store

__all__ = [
    "ROLES",
    "TRAINEE",
    "TRAINER",
    "Accounts",
    "Member",
    "Membership",
    "Person",
    "Room",
    "name_problem",
    "password_problem",
]

TRAINEE = "trainee"
TRAINER = "trainer"
#: a person's role in a room (an admin is a person, not a role in a room)
ROLES = (TRAINEE, TRAINER)
#: the fewest characters a password may have (OWASP ASVS 6.2.1); no composition rules
MIN_PASSWORD = 8
MAX_PASSWORD = 128
MAX_NAME = 60
#: how long an invite code is good for, by default
INVITE_HOURS = 72


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    """Someone who signs in."""

    id: int
    name: str
    admin: bool
    #: replaced on sign-out, reset, role change or removal: sessions opened before it end
    epoch: str
    #: the password was set by someone else: it must be changed at the next sign-in
    must_change: bool
    disabled: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Room:
    """A training group with its ruleset: a built-in name, or a house ruleset (YAML text)."""

    id: int
    name: str
    ruleset: str
    house_yaml: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Membership:
    """A room and the role one person has in it."""

    room: Room
    role: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Member:
    """A person and the role they have in one room."""

    person: Person
    role: str


def _clean_name(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


def name_problem(name: str) -> str | None:
    """What is wrong with a person's or a room's name (None: it will do)."""
    cleaned = _clean_name(name)
    if not cleaned:
        return "a name is needed"
    if len(cleaned) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        return "a name may not hold control characters"
    return None


@lru_cache(maxsize=1)
def _common_passwords() -> frozenset[str]:
    text = resources.files("dealer_trainer").joinpath("data/common-passwords.txt")
    lines = text.read_text("utf-8").splitlines()
    return frozenset(line.strip().lower() for line in lines if not line.startswith("#"))


def password_problem(password: str, *, name: str = "") -> str | None:
    """What is wrong with a new password (None: it will do). At least 8 characters, not one of
    the most common passwords, not the name; no rules on which characters (ASVS 6.2)."""
    if len(password) < MIN_PASSWORD:
        return f"a password has at least {MIN_PASSWORD} characters (a phrase is best)"
    if len(password) > MAX_PASSWORD:
        return f"a password has at most {MAX_PASSWORD} characters"
    if password.lower() in _common_passwords():
        return "that password is one of the most common ones: choose another"
    if name and password.strip().lower() == _clean_name(name).lower():
        return "a password may not be the name"
    return None


def _hash_code(code: str) -> str:
    return hashlib.sha256(code.strip().encode("utf-8")).hexdigest()


def _hasher() -> PasswordHasher:
    from argon2 import PasswordHasher

    return PasswordHasher()


class Accounts:
    """People, rooms, roles and invites in one store."""

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self._db = store._db
        self.hasher = hasher or _hasher()

    # --- people

    def _person(self, row: tuple[Any, ...]) -> Person:
        pid, name, admin, epoch, must_change, disabled = row
        return Person(
            id=int(pid),
            name=str(name),
            admin=bool(admin),
            epoch=str(epoch),
            must_change=bool(must_change),
            disabled=bool(disabled),
        )

    _PERSON = (
        "SELECT p.id, t.name, p.admin, p.epoch, p.must_change, p.disabled"
        " FROM people p JOIN trainees t ON t.id = p.trainee_id"
    )

    def create_person(
        self, *, name: str, password: str, admin: bool = False, must_change: bool = False
    ) -> Person:
        """A new person; their name must be free among people (a terminal trainee of that
        name becomes this person, with their history)."""
        problem = name_problem(name) or password_problem(password, name=name)
        if problem:
            raise UsageError(problem)
        cleaned = _clean_name(name)
        digest = self.hasher.hash(password)
        store = self.store
        now = store._to_db_time(_now())
        with store._writing("add a person"):
            trainee_id = store._trainee_id(cleaned, now)
            if self._db.execute("SELECT id FROM people WHERE trainee_id = ?", (trainee_id,)):
                raise UsageError("that name is taken: choose another")
            pid = self._db.insert(
                "INSERT INTO people (trainee_id, password, admin, epoch, must_change,"
                " disabled, failures, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
                (trainee_id, digest, admin, secrets.token_urlsafe(16), must_change, False, now),
            )
        found = self.person(pid)
        assert found is not None
        return found

    def person(self, person_id: int) -> Person | None:
        with self.store._reading("read a person"):
            rows = self._db.execute(self._PERSON + " WHERE p.id = ?", (person_id,))
        return self._person(rows[0]) if rows else None

    def person_by_name(self, name: str) -> Person | None:
        with self.store._reading("read a person"):
            rows = self._db.execute(self._PERSON + " WHERE t.name = ?", (_clean_name(name),))
        return self._person(rows[0]) if rows else None

    def people(self) -> list[Person]:
        with self.store._reading("read the people"):
            rows = self._db.execute(self._PERSON + " ORDER BY t.name", ())
        return [self._person(row) for row in rows]

    def count_people(self) -> int:
        with self.store._reading("count the people"):
            return int(self._db.execute("SELECT COUNT(*) FROM people", ())[0][0])

    def authenticate(self, *, name: str, password: str) -> Person | None:
        """The person with this name and password, or None: an unknown name costs as much as
        a wrong password (a dummy hash is verified). A success clears the failure count and
        re-hashes an old-parameter hash; a failure counts."""
        from argon2.exceptions import InvalidHashError, VerificationError

        cleaned = _clean_name(name)
        with self.store._reading("sign in"):
            rows = self._db.execute(
                "SELECT p.id, p.password, p.disabled FROM people p"
                " JOIN trainees t ON t.id = p.trainee_id WHERE t.name = ?",
                (cleaned,),
            )
        if not rows:
            with contextlib.suppress(VerificationError, InvalidHashError):
                self.hasher.verify(_dummy_hash(self.hasher), password + "x")
            return None
        pid, digest, disabled = int(rows[0][0]), str(rows[0][1]), bool(rows[0][2])
        try:
            self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            self._count_failure(pid)
            return None
        if disabled:
            return None
        with self.store._writing("sign in"):
            self._db.execute("UPDATE people SET failures = 0 WHERE id = ?", (pid,))
            if self.hasher.check_needs_rehash(digest):
                self._db.execute(
                    "UPDATE people SET password = ? WHERE id = ?",
                    (self.hasher.hash(password), pid),
                )
        return self.person(pid)

    def _count_failure(self, person_id: int) -> None:
        store = self.store
        with store._writing("count a failed sign-in"):
            self._db.execute(
                "UPDATE people SET failures = failures + 1, last_failure = ? WHERE id = ?",
                (store._to_db_time(_now()), person_id),
            )

    def failures(self, name: str) -> tuple[int, datetime | None]:
        """How many sign-ins with this name have failed in a row, and when the last did."""
        with self.store._reading("read the failed sign-ins"):
            rows = self._db.execute(
                "SELECT p.failures, p.last_failure FROM people p"
                " JOIN trainees t ON t.id = p.trainee_id WHERE t.name = ?",
                (_clean_name(name),),
            )
        if not rows:
            return 0, None
        last = rows[0][1]
        return int(rows[0][0]), None if last is None else self.store._from_db_time(last)

    def set_password(self, *, person_id: int, password: str, must_change: bool = False) -> str:
        """Set a new password (by its owner, or by an admin with ``must_change``); every
        session of that person ends. The new epoch."""
        person = self._require(person_id)
        problem = password_problem(password, name=person.name)
        if problem:
            raise UsageError(problem)
        digest = self.hasher.hash(password)
        epoch = secrets.token_urlsafe(16)
        with self.store._writing("set a password"):
            self._db.execute(
                "UPDATE people SET password = ?, must_change = ?, epoch = ?, failures = 0"
                " WHERE id = ?",
                (digest, must_change, epoch, person_id),
            )
        return epoch

    def end_sessions(self, person_id: int) -> str:
        """End every session of this person (sign-out everywhere): a new epoch."""
        epoch = secrets.token_urlsafe(16)
        with self.store._writing("end the sessions"):
            self._db.execute("UPDATE people SET epoch = ? WHERE id = ?", (epoch, person_id))
        return epoch

    def set_admin(self, *, person_id: int, admin: bool) -> None:
        self._require(person_id)
        with self.store._writing("change a role"):
            self._db.execute(
                "UPDATE people SET admin = ?, epoch = ? WHERE id = ?",
                (admin, secrets.token_urlsafe(16), person_id),
            )

    def set_disabled(self, *, person_id: int, disabled: bool) -> None:
        self._require(person_id)
        with self.store._writing("disable a person"):
            self._db.execute(
                "UPDATE people SET disabled = ?, epoch = ? WHERE id = ?",
                (disabled, secrets.token_urlsafe(16), person_id),
            )

    def _require(self, person_id: int) -> Person:
        person = self.person(person_id)
        if person is None:
            raise NotFound(f"there is no person {person_id}")
        return person

    # --- rooms

    _ROOM = "SELECT id, name, ruleset, house_yaml FROM rooms"

    @staticmethod
    def _room(row: tuple[Any, ...]) -> Room:
        rid, name, ruleset, house = row
        return Room(
            id=int(rid),
            name=str(name),
            ruleset=str(ruleset),
            house_yaml=None if house is None else str(house),
        )

    def create_room(self, *, name: str, ruleset: str = "roberts") -> Room:
        problem = name_problem(name)
        if problem:
            raise UsageError(problem)
        from dealer_trainer.rules.rulesets import BUILTIN

        if ruleset not in BUILTIN:
            raise UsageError(f"unknown ruleset {ruleset!r}: use one of {', '.join(BUILTIN)}")
        store = self.store
        with store._writing("add a room"):
            if self._db.execute("SELECT id FROM rooms WHERE name = ?", (_clean_name(name),)):
                raise UsageError("there is a room of that name already")
            rid = self._db.insert(
                "INSERT INTO rooms (name, ruleset, created_at) VALUES (?, ?, ?)",
                (_clean_name(name), ruleset, store._to_db_time(_now())),
            )
        found = self.room(rid)
        assert found is not None
        return found

    def room(self, room_id: int) -> Room | None:
        with self.store._reading("read a room"):
            rows = self._db.execute(self._ROOM + " WHERE id = ?", (room_id,))
        return self._room(rows[0]) if rows else None

    def room_by_name(self, name: str) -> Room | None:
        with self.store._reading("read a room"):
            rows = self._db.execute(self._ROOM + " WHERE name = ?", (_clean_name(name),))
        return self._room(rows[0]) if rows else None

    def rooms(self) -> list[Room]:
        with self.store._reading("read the rooms"):
            rows = self._db.execute(self._ROOM + " ORDER BY name", ())
        return [self._room(row) for row in rows]

    def set_ruleset(self, *, room_id: int, ruleset: str, house_yaml: str | None = None) -> None:
        """The room's ruleset: a built-in name (``house_yaml`` None) or a house ruleset's name
        with its YAML text (checked by the caller with the ruleset loader)."""
        with self.store._writing("set the room's ruleset"):
            self._db.execute(
                "UPDATE rooms SET ruleset = ?, house_yaml = ? WHERE id = ?",
                (ruleset, house_yaml, room_id),
            )

    # --- membership

    def add_member(self, *, room_id: int, person_id: int, role: str) -> None:
        """Give a person a role in a room (replacing the role they had there)."""
        if role not in ROLES:
            raise UsageError(f"unknown role {role!r}: use one of {', '.join(ROLES)}")
        with self.store._writing("add a member"):
            had = self._db.execute(
                "SELECT role FROM members WHERE room_id = ? AND person_id = ?",
                (room_id, person_id),
            )
            if had:
                self._db.execute(
                    "UPDATE members SET role = ? WHERE room_id = ? AND person_id = ?",
                    (role, room_id, person_id),
                )
                if had[0][0] != role:  # a role change ends the person's sessions
                    self._db.execute(
                        "UPDATE people SET epoch = ? WHERE id = ?",
                        (secrets.token_urlsafe(16), person_id),
                    )
            else:
                self._db.execute(
                    "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
                    (room_id, person_id, role),
                )

    def remove_member(self, *, room_id: int, person_id: int) -> None:
        with self.store._writing("remove a member"):
            self._db.execute(
                "DELETE FROM members WHERE room_id = ? AND person_id = ?", (room_id, person_id)
            )
            self._db.execute(
                "UPDATE people SET epoch = ? WHERE id = ?", (secrets.token_urlsafe(16), person_id)
            )

    def memberships(self, person_id: int) -> list[Membership]:
        """The rooms a person belongs to, with their role in each, by room name."""
        with self.store._reading("read the rooms"):
            rows = self._db.execute(
                "SELECT r.id, r.name, r.ruleset, r.house_yaml, m.role FROM members m"
                " JOIN rooms r ON r.id = m.room_id WHERE m.person_id = ? ORDER BY r.name",
                (person_id,),
            )
        return [Membership(room=self._room(row[:4]), role=str(row[4])) for row in rows]

    def role_in(self, *, person_id: int, room_id: int) -> str | None:
        """The person's role in the room, or None when they are not in it."""
        with self.store._reading("read a role"):
            rows = self._db.execute(
                "SELECT role FROM members WHERE room_id = ? AND person_id = ?",
                (room_id, person_id),
            )
        return str(rows[0][0]) if rows else None

    def members(self, room_id: int) -> list[Member]:
        with self.store._reading("read the members"):
            rows = self._db.execute(
                "SELECT p.id, t.name, p.admin, p.epoch, p.must_change, p.disabled, m.role"
                " FROM members m JOIN people p ON p.id = m.person_id"
                " JOIN trainees t ON t.id = p.trainee_id WHERE m.room_id = ? ORDER BY t.name",
                (room_id,),
            )
        return [Member(person=self._person(row[:6]), role=str(row[6])) for row in rows]

    # --- invites

    def create_invite(
        self, *, room_id: int, role: str, created_by: int | None, hours: int = INVITE_HOURS
    ) -> str:
        """A one-time code that lets someone join the room with that role; only its hash is
        kept, so the code is shown once."""
        if role not in ROLES:
            raise UsageError(f"unknown role {role!r}: use one of {', '.join(ROLES)}")
        code = secrets.token_urlsafe(12)
        store = self.store
        now = _now()
        with store._writing("make an invite"):
            self._db.insert(
                "INSERT INTO invites (room_id, code_hash, role, created_by, created_at,"
                " expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    room_id,
                    _hash_code(code),
                    role,
                    created_by,
                    store._to_db_time(now),
                    store._to_db_time(now + timedelta(hours=hours)),
                ),
            )
        return code

    def redeem_invite(self, *, code: str, name: str, password: str) -> Person:
        """Join with an invite code: a new person (or, for a terminal trainee with that name
        and no account yet, that trainee) in the invite's room. The code is spent."""
        problem = name_problem(name) or password_problem(password, name=name)
        if problem:
            raise UsageError(problem)
        store = self.store
        now = _now()
        digest = self.hasher.hash(password)
        cleaned = _clean_name(name)
        with store._writing("use an invite"):
            rows = self._db.execute(
                "SELECT id, room_id, role, expires_at, used_at FROM invites WHERE code_hash = ?",
                (_hash_code(code),),
            )
            if not rows or rows[0][4] is not None or store._from_db_time(rows[0][3]) <= now:
                raise UsageError("that invite code is unknown, used or expired: ask for a new one")
            invite_id, room_id, role = int(rows[0][0]), int(rows[0][1]), str(rows[0][2])
            db_now = store._to_db_time(now)
            trainee_id = store._trainee_id(cleaned, db_now)
            if self._db.execute("SELECT id FROM people WHERE trainee_id = ?", (trainee_id,)):
                raise UsageError("that name is taken: choose another")
            pid = self._db.insert(
                "INSERT INTO people (trainee_id, password, admin, epoch, must_change,"
                " disabled, failures, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
                (trainee_id, digest, False, secrets.token_urlsafe(16), False, False, db_now),
            )
            self._db.execute(
                "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
                (room_id, pid, role),
            )
            self._db.execute(
                "UPDATE invites SET used_at = ?, used_by = ? WHERE id = ?",
                (db_now, pid, invite_id),
            )
        found = self.person(pid)
        assert found is not None
        return found

    # --- settings

    def setting(self, key: str) -> str | None:
        with self.store._reading("read a setting"):
            rows = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def ensure_setting(self, key: str, make: str) -> str:
        """The setting's value, storing ``make`` first when it has none (the first of several
        processes to start wins; the others read its value)."""
        with self.store._writing("keep a setting"):
            self._db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (key, make),
            )
            rows = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0])


@lru_cache(maxsize=4)
def _dummy_hash(hasher: PasswordHasher) -> str:
    return hasher.hash(secrets.token_urlsafe(16))
