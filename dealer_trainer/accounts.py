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
hasher). Invite codes (:mod:`dealer_trainer.invitecodes`: 60 bits from :mod:`secrets`, read
out and typed in any case) are kept only as a SHA-256 hash, are used once and expire. Each
person has an ``epoch``, a random token that a sign-out, a password reset, a role change or a
removal replaces: a session names the epoch it was opened under, so every older session of
that person ends at once.

Here live the policy (names, passwords and their hashes, invite codes); what is kept, and
its SQL, lives in :mod:`dealer_trainer.store.people` and :mod:`dealer_trainer.store.invites`.
Roles are :class:`dealer_trainer.roles.Role`; the web layer writes no SQL.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

from dealer_trainer.errors import NotFound, UsageError
from dealer_trainer.invitecodes import code_hash, code_hashes, make_code
from dealer_trainer.roles import Role
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.store import people as kept
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.invites import add_invites, redeem_invite
from dealer_trainer.store.people import Member, Membership, Person, Room

if TYPE_CHECKING:
    from dealer_trainer.store import Store

__all__ = [
    "ROLES",
    "TRAINEE",
    "TRAINER",
    "Accounts",
    "Invite",
    "Member",
    "Membership",
    "Person",
    "Role",
    "Room",
    "name_problem",
    "password_problem",
]

TRAINEE = Role.TRAINEE
TRAINER = Role.TRAINER
#: a person's role in a room (an admin is a person, not a role in a room)
ROLES: tuple[Role, ...] = tuple(Role)
#: the fewest characters a password may have (OWASP ASVS 6.2.1); no composition rules
MIN_PASSWORD = 8
MAX_PASSWORD = 128
MAX_NAME = 60
#: how long an invite code is good for, by default
INVITE_HOURS = 72
#: the most invite codes made at once (a count on the invite form, or a roster's names)
MAX_INVITES = 100


@dataclass(frozen=True, slots=True)
class Invite:
    """A code just made, as shown once (grouped), and the name of the person it is for."""

    code: str
    name: str | None = None


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


def _hasher() -> PasswordHasher:
    return PasswordHasher()


class Accounts:
    """People, rooms, roles and invites in one store: the policy (names, passwords, hashes,
    invite codes) here, what is kept in :mod:`dealer_trainer.store.people` and
    :mod:`dealer_trainer.store.invites`."""

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or _hasher()

    # --- people

    def create_person(
        self, *, name: str, password: str, admin: bool = False, must_change: bool = False
    ) -> Person:
        """A new person; their name must be free among people (a terminal trainee of that
        name becomes this person, with their history)."""
        problem = name_problem(name) or password_problem(password, name=name)
        if problem:
            raise UsageError(problem)
        return kept.add_person(
            self.store,
            name=_clean_name(name),
            password_hash=self.hasher.hash(password),
            admin=admin,
            must_change=must_change,
        )

    def person(self, person_id: int) -> Person | None:
        return kept.person(self.store, person_id)

    def person_by_name(self, name: str) -> Person | None:
        return kept.person_by_name(self.store, _clean_name(name))

    def people(self) -> list[Person]:
        return kept.people(self.store)

    def count_people(self) -> int:
        return kept.count_people(self.store)

    def authenticate(self, *, name: str, password: str) -> Person | None:
        """The person with this name and password, or None. Every try, whatever the name,
        runs one argon2 verify with this hasher's parameters and nothing else that takes time:
        an unknown name is checked against a dummy hash made once per parameter set, so it is
        refused exactly as fast as a wrong password. Nothing is written for a failure (the
        limits are the web layer's, per address and name); a success re-hashes a hash made
        under older parameters."""
        found = kept.credentials(self.store, _clean_name(name))
        digest = _dummy_hash(_parameters(self.hasher)) if found is None else found.password_hash
        try:
            self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            return None
        if found is None or found.disabled:
            return None
        if self.hasher.check_needs_rehash(found.password_hash):
            kept.replace_hash(self.store, found.person_id, self.hasher.hash(password))
        return self.person(found.person_id)

    def prepare_sign_in(self) -> None:
        """Make the dummy hash now (at start-up), so that the first unknown name refused is
        not slower than the others."""
        _dummy_hash(_parameters(self.hasher))

    def set_password(self, *, person_id: int, password: str, must_change: bool = False) -> str:
        """Set a new password (by its owner, or by an admin with ``must_change``); every
        session of that person ends. The new epoch."""
        person = self._require(person_id)
        problem = password_problem(password, name=person.name)
        if problem:
            raise UsageError(problem)
        return kept.set_password(
            self.store,
            person_id=person_id,
            password_hash=self.hasher.hash(password),
            must_change=must_change,
        )

    def end_sessions(self, person_id: int) -> str:
        """End every session of this person (sign-out everywhere): a new epoch."""
        return kept.end_sessions(self.store, person_id)

    def set_admin(self, *, person_id: int, admin: bool) -> None:
        self._require(person_id)
        kept.set_admin(self.store, person_id=person_id, admin=admin)

    def set_disabled(self, *, person_id: int, disabled: bool) -> None:
        self._require(person_id)
        kept.set_disabled(self.store, person_id=person_id, disabled=disabled)

    def _require(self, person_id: int) -> Person:
        person = self.person(person_id)
        if person is None:
            raise NotFound(f"there is no person {person_id}")
        return person

    # --- rooms

    def create_room(self, *, name: str, ruleset: str = "roberts") -> Room:
        problem = name_problem(name)
        if problem:
            raise UsageError(problem)
        if ruleset not in BUILTIN:
            raise UsageError(f"unknown ruleset {ruleset!r}: use one of {', '.join(BUILTIN)}")
        return kept.add_room(self.store, name=_clean_name(name), ruleset=ruleset)

    def room(self, room_id: int) -> Room | None:
        return kept.room(self.store, room_id)

    def room_by_name(self, name: str) -> Room | None:
        return kept.room_by_name(self.store, _clean_name(name))

    def rooms(self) -> list[Room]:
        return kept.rooms(self.store)

    def set_ruleset(self, *, room_id: int, ruleset: str, house_yaml: str | None = None) -> None:
        """The room's ruleset: a built-in name (``house_yaml`` None) or a house ruleset's name
        with its YAML text (checked by the caller with the ruleset loader)."""
        kept.set_ruleset(self.store, room_id=room_id, ruleset=ruleset, house_yaml=house_yaml)

    # --- membership

    def add_member(self, *, room_id: int, person_id: int, role: str) -> None:
        """Give a person a role in a room (replacing the role they had there)."""
        kept.add_member(self.store, room_id=room_id, person_id=person_id, role=_role(role))

    def remove_member(self, *, room_id: int, person_id: int) -> None:
        kept.remove_member(self.store, room_id=room_id, person_id=person_id)

    def memberships(self, person_id: int) -> list[Membership]:
        """The rooms a person belongs to, with their role in each, by room name."""
        return kept.memberships(self.store, person_id)

    def role_in(self, *, person_id: int, room_id: int) -> str | None:
        """The person's role in the room, or None when they are not in it."""
        return kept.role_in(self.store, person_id=person_id, room_id=room_id)

    def members(self, room_id: int) -> list[Member]:
        return kept.members(self.store, room_id)

    # --- invites

    def create_invite(
        self, *, room_id: int, role: str, created_by: int | None, hours: int = INVITE_HOURS
    ) -> str:
        """A one-time code that lets someone join the room with that role; only its hash is
        kept, so the code is shown once."""
        (made,) = self.create_invites(
            room_id=room_id, role=role, created_by=created_by, hours=hours, names=[None]
        )
        return made.code

    def create_invites(
        self,
        *,
        room_id: int,
        role: str,
        created_by: int | None,
        names: Sequence[str | None],
        hours: int = INVITE_HOURS,
    ) -> list[Invite]:
        """One code per entry of ``names`` (a person's name, or None for a code for anyone),
        all kept in one transaction; at most :data:`MAX_INVITES` at once."""
        checked = _role(role)
        if not 1 <= len(names) <= MAX_INVITES:
            raise UsageError(f"make from 1 to {MAX_INVITES} invite codes at once")
        made = [
            Invite(code=make_code(), name=None if name is None else _clean_name(name))
            for name in names
        ]
        add_invites(
            self.store,
            room_id=room_id,
            codes=[(code_hash(invite.code), invite.name) for invite in made],
            role=checked,
            created_by=created_by,
            expires_at=_now() + timedelta(hours=hours),
        )
        return made

    def redeem_invite(self, *, code: str, name: str, password: str) -> Person:
        """Join with an invite code: a new person (or, for a terminal trainee with that name
        and no account yet, that trainee) in the invite's room. The code is spent."""
        problem = name_problem(name) or password_problem(password, name=name)
        if problem:
            raise UsageError(problem)
        pid = redeem_invite(
            self.store,
            code_hash=code_hashes(code),
            name=_clean_name(name),
            password_hash=self.hasher.hash(password),
        )
        found = self.person(pid)
        assert found is not None
        return found

    # --- settings

    def setting(self, key: str) -> str | None:
        return kept.setting(self.store, key)

    def ensure_setting(self, key: str, make: str) -> str:
        """The setting's value, storing ``make`` first when it has none (the first of several
        processes to start wins; the others read its value)."""
        return kept.ensure_setting(self.store, key, make)


def _role(role: str) -> Role:
    try:
        return Role(role)
    except ValueError:
        raise UsageError(f"unknown role {role!r}: use one of {', '.join(ROLES)}") from None


def _parameters(hasher: PasswordHasher) -> tuple[Type, int, int, int, int, int]:
    """What decides an argon2 hash's cost, as a key (argon2's ``Parameters`` is unhashable)."""
    return (
        hasher.type,
        hasher.salt_len,
        hasher.hash_len,
        hasher.time_cost,
        hasher.memory_cost,
        hasher.parallelism,
    )


@lru_cache(maxsize=4)
def _dummy_hash(parameters: tuple[Type, int, int, int, int, int]) -> str:
    """A hash of a random password under ``parameters``: what an unknown name is checked
    against. Keyed by the parameters, not the hasher: the web layer builds a hasher per
    request, and a miss here would cost a second argon2 run for every unknown name."""
    kind, salt_len, hash_len, time_cost, memory_cost, parallelism = parameters
    hasher = PasswordHasher(
        time_cost=time_cost,
        memory_cost=memory_cost,
        parallelism=parallelism,
        hash_len=hash_len,
        salt_len=salt_len,
        type=kind,
    )
    return hasher.hash(secrets.token_urlsafe(16))
