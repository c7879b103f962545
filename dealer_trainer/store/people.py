"""People, rooms, their members' roles and the settings, as kept in the store.

The repository of people and rooms: plain reads and writes, each its own transaction. What a
name or a password may be, and how a password is hashed, is decided above the store
(:mod:`dealer_trainer.accounts`); this module is handed the hash. Every change of a person's
standing (a new password, sign-out everywhere, admin, disabled, a role changed or removed)
gives the person a new ``epoch``, which ends every session opened before it.

Failed sign-ins are not counted per person here: a count kept for a name would let anyone hold
that person out from anywhere, and its write would make a known name slower to refuse than an
unknown one. The sign-in limits are per address and name (docs/deploy.md); the ``failures``
and ``last_failure`` columns are left from schema 3 and no longer read.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.roles import Role
from dealer_trainer.store import totals
from dealer_trainer.store.adapters import now

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "Credentials",
    "Member",
    "Membership",
    "Person",
    "Room",
    "add_member",
    "add_person",
    "add_room",
    "count_people",
    "credentials",
    "end_sessions",
    "ensure_setting",
    "insert_member",
    "insert_person",
    "members",
    "memberships",
    "new_epoch",
    "people",
    "person",
    "person_by_name",
    "remove_member",
    "replace_hash",
    "role_in",
    "room",
    "room_by_name",
    "rooms",
    "set_admin",
    "set_disabled",
    "set_password",
    "set_ruleset",
    "setting",
]


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
    role: Role


@dataclass(frozen=True, slots=True, kw_only=True)
class Member:
    """A person and the role they have in one room."""

    person: Person
    role: Role


@dataclass(frozen=True, slots=True, kw_only=True)
class Credentials:
    """What signing in checks: the person, their password hash, and whether they are
    disabled."""

    person_id: int
    password_hash: str
    disabled: bool


def new_epoch() -> str:
    """A fresh epoch (a random token)."""
    return secrets.token_urlsafe(16)


def _person(row: tuple[Any, ...]) -> Person:
    pid, name, admin, epoch, must_change, disabled = row
    return Person(
        id=int(pid),
        name=str(name),
        admin=bool(admin),
        epoch=str(epoch),
        must_change=bool(must_change),
        disabled=bool(disabled),
    )


def _room(row: tuple[Any, ...]) -> Room:
    rid, name, ruleset, house = row
    return Room(
        id=int(rid),
        name=str(name),
        ruleset=str(ruleset),
        house_yaml=None if house is None else str(house),
    )


_PERSON = (
    "SELECT p.id, t.name, p.admin, p.epoch, p.must_change, p.disabled"
    " FROM people p JOIN trainees t ON t.id = p.trainee_id"
)
_ROOM = "SELECT id, name, ruleset, house_yaml FROM rooms"


# --- people ------------------------------------------------------------------------------------


def insert_person(
    store: Store, *, name: str, password_hash: str, admin: bool, must_change: bool
) -> int:
    """:func:`add_person`'s statements, inside a transaction the caller holds."""
    when = store._to_db_time(now())
    trainee_id = store._trainee_id(name, when)
    if store._db.execute("SELECT id FROM people WHERE trainee_id = ?", (trainee_id,)):
        raise UsageError("that name is taken: choose another")
    return store._db.insert(
        "INSERT INTO people (trainee_id, password, admin, epoch, must_change,"
        " disabled, failures, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
        (trainee_id, password_hash, admin, new_epoch(), must_change, False, when),
    )


def add_person(
    store: Store, *, name: str, password_hash: str, admin: bool = False, must_change: bool = False
) -> Person:
    """A new person named ``name`` (a terminal trainee of that name becomes this person, with
    their history); a :class:`UsageError` when a person has that name already."""
    with store._writing("add a person"):
        pid = insert_person(
            store, name=name, password_hash=password_hash, admin=admin, must_change=must_change
        )
    found = person(store, pid)
    assert found is not None
    return found


def person(store: Store, person_id: int) -> Person | None:
    with store._reading("read a person"):
        rows = store._db.execute(_PERSON + " WHERE p.id = ?", (person_id,))
    return _person(rows[0]) if rows else None


def person_by_name(store: Store, name: str) -> Person | None:
    with store._reading("read a person"):
        rows = store._db.execute(_PERSON + " WHERE t.name = ?", (name,))
    return _person(rows[0]) if rows else None


def people(store: Store) -> list[Person]:
    """Every person, by name."""
    with store._reading("read the people"):
        rows = store._db.execute(_PERSON + " ORDER BY t.name", ())
    return [_person(row) for row in rows]


def count_people(store: Store) -> int:
    with store._reading("count the people"):
        return int(store._db.execute("SELECT COUNT(*) FROM people", ())[0][0])


def credentials(store: Store, name: str) -> Credentials | None:
    """The password hash of the person named ``name`` (None: no such person)."""
    with store._reading("sign in"):
        rows = store._db.execute(
            "SELECT p.id, p.password, p.disabled FROM people p"
            " JOIN trainees t ON t.id = p.trainee_id WHERE t.name = ?",
            (name,),
        )
    if not rows:
        return None
    pid, digest, disabled = rows[0]
    return Credentials(person_id=int(pid), password_hash=str(digest), disabled=bool(disabled))


def replace_hash(store: Store, person_id: int, password_hash: str) -> None:
    """A sign-in succeeded with a hash made under older parameters: keep the new hash (the
    session epoch stays: this is the same password)."""
    with store._writing("sign in"):
        store._db.execute("UPDATE people SET password = ? WHERE id = ?", (password_hash, person_id))


def set_password(
    store: Store, *, person_id: int, password_hash: str, must_change: bool = False
) -> str:
    """A new password hash; every session of that person ends. The new epoch."""
    epoch = new_epoch()
    with store._writing("set a password"):
        store._db.execute(
            "UPDATE people SET password = ?, must_change = ?, epoch = ? WHERE id = ?",
            (password_hash, must_change, epoch, person_id),
        )
    return epoch


def end_sessions(store: Store, person_id: int) -> str:
    """End every session of this person (sign-out everywhere): the new epoch."""
    epoch = new_epoch()
    with store._writing("end the sessions"):
        store._db.execute("UPDATE people SET epoch = ? WHERE id = ?", (epoch, person_id))
    return epoch


def set_admin(store: Store, *, person_id: int, admin: bool) -> None:
    with store._writing("change a role"):
        store._db.execute(
            "UPDATE people SET admin = ?, epoch = ? WHERE id = ?", (admin, new_epoch(), person_id)
        )


def set_disabled(store: Store, *, person_id: int, disabled: bool) -> None:
    with store._writing("disable a person"):
        store._db.execute(
            "UPDATE people SET disabled = ?, epoch = ? WHERE id = ?",
            (disabled, new_epoch(), person_id),
        )


# --- rooms -------------------------------------------------------------------------------------


def add_room(store: Store, *, name: str, ruleset: str) -> Room:
    """A new room; a :class:`UsageError` when a room has that name already."""
    with store._writing("add a room"):
        if store._db.execute("SELECT id FROM rooms WHERE name = ?", (name,)):
            raise UsageError("there is a room of that name already")
        rid = store._db.insert(
            "INSERT INTO rooms (name, ruleset, created_at) VALUES (?, ?, ?)",
            (name, ruleset, store._to_db_time(now())),
        )
    found = room(store, rid)
    assert found is not None
    return found


def room(store: Store, room_id: int) -> Room | None:
    with store._reading("read a room"):
        rows = store._db.execute(_ROOM + " WHERE id = ?", (room_id,))
    return _room(rows[0]) if rows else None


def room_by_name(store: Store, name: str) -> Room | None:
    with store._reading("read a room"):
        rows = store._db.execute(_ROOM + " WHERE name = ?", (name,))
    return _room(rows[0]) if rows else None


def rooms(store: Store) -> list[Room]:
    """Every room, by name."""
    with store._reading("read the rooms"):
        rows = store._db.execute(_ROOM + " ORDER BY name", ())
    return [_room(row) for row in rows]


def set_ruleset(store: Store, *, room_id: int, ruleset: str, house_yaml: str | None) -> None:
    """The room's ruleset: a built-in name (``house_yaml`` None) or a house ruleset's name
    with its YAML text."""
    with store._writing("set the room's ruleset"):
        store._db.execute(
            "UPDATE rooms SET ruleset = ?, house_yaml = ? WHERE id = ?",
            (ruleset, house_yaml, room_id),
        )


# --- members -----------------------------------------------------------------------------------


def add_member(store: Store, *, room_id: int, person_id: int, role: Role) -> None:
    """Give a person a role in a room (replacing the role they had there: a change of role
    ends the person's sessions)."""
    role = Role(role)
    with store._writing("add a member"):
        had = store._db.execute(
            "SELECT role FROM members WHERE room_id = ? AND person_id = ?", (room_id, person_id)
        )
        if not had:
            insert_member(store, room_id=room_id, person_id=person_id, role=role)
            return
        store._db.execute(
            "UPDATE members SET role = ? WHERE room_id = ? AND person_id = ?",
            (role.value, room_id, person_id),
        )
        totals.member_changed(
            store, room_id=room_id, person_id=person_id, was=Role(had[0][0]), now=role
        )
        if had[0][0] != role:
            store._db.execute("UPDATE people SET epoch = ? WHERE id = ?", (new_epoch(), person_id))


def insert_member(store: Store, *, room_id: int, person_id: int, role: Role) -> None:
    """A new member of a room (the room's totals take in a trainee's answers), inside a
    transaction the caller holds."""
    store._db.execute(
        "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
        (room_id, person_id, Role(role).value),
    )
    totals.member_changed(store, room_id=room_id, person_id=person_id, was=None, now=Role(role))


def remove_member(store: Store, *, room_id: int, person_id: int) -> None:
    """Take a person out of a room (their sessions end)."""
    with store._writing("remove a member"):
        had = store._db.execute(
            "SELECT role FROM members WHERE room_id = ? AND person_id = ?", (room_id, person_id)
        )
        store._db.execute(
            "DELETE FROM members WHERE room_id = ? AND person_id = ?", (room_id, person_id)
        )
        if had:
            was = Role(had[0][0])
            totals.member_changed(store, room_id=room_id, person_id=person_id, was=was, now=None)
        store._db.execute("UPDATE people SET epoch = ? WHERE id = ?", (new_epoch(), person_id))


def memberships(store: Store, person_id: int) -> list[Membership]:
    """The rooms a person belongs to, with their role in each, by room name."""
    with store._reading("read the rooms"):
        rows = store._db.execute(
            "SELECT r.id, r.name, r.ruleset, r.house_yaml, m.role FROM members m"
            " JOIN rooms r ON r.id = m.room_id WHERE m.person_id = ? ORDER BY r.name",
            (person_id,),
        )
    return [Membership(room=_room(row[:4]), role=Role(row[4])) for row in rows]


def role_in(store: Store, *, person_id: int, room_id: int) -> Role | None:
    """The person's role in the room, or None when they are not in it."""
    with store._reading("read a role"):
        rows = store._db.execute(
            "SELECT role FROM members WHERE room_id = ? AND person_id = ?", (room_id, person_id)
        )
    return Role(rows[0][0]) if rows else None


def members(store: Store, room_id: int) -> list[Member]:
    """The room's members with their roles, by name."""
    with store._reading("read the members"):
        rows = store._db.execute(
            "SELECT p.id, t.name, p.admin, p.epoch, p.must_change, p.disabled, m.role"
            " FROM members m JOIN people p ON p.id = m.person_id"
            " JOIN trainees t ON t.id = p.trainee_id WHERE m.room_id = ? ORDER BY t.name",
            (room_id,),
        )
    return [Member(person=_person(row[:6]), role=Role(row[6])) for row in rows]


# --- settings ----------------------------------------------------------------------------------


def setting(store: Store, key: str) -> str | None:
    with store._reading("read a setting"):
        rows = store._db.execute("SELECT value FROM settings WHERE key = ?", (key,))
    return str(rows[0][0]) if rows else None


def ensure_setting(store: Store, key: str, make: str) -> str:
    """The setting's value, storing ``make`` first when it has none (the first of several
    processes to start wins; the others read its value)."""
    with store._writing("keep a setting"):
        store._db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
            (key, make),
        )
        rows = store._db.execute("SELECT value FROM settings WHERE key = ?", (key,))
    return str(rows[0][0])
