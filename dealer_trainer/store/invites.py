"""Invites to a room, as kept in the store: only a hash of each code, used once, expiring,
with the name of the person it was made for when a roster named them (its ``label``).

The code itself is made (and hashed) above the store (:mod:`dealer_trainer.invitecodes`);
here a code's hash is kept, and spent in the same transaction that adds the person who
redeems it. A code is looked up by its SHA-256 hash (what an index lookup could reveal of a
hash tells nothing of the code), and the hash found is compared again in constant time.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.roles import Role
from dealer_trainer.store.adapters import now
from dealer_trainer.store.people import insert_member, insert_person

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["MAX_LABEL", "add_invite", "add_invites", "redeem_invite"]

#: the most characters a label (the name of the person an invite is for) may have
MAX_LABEL = 200


def add_invite(
    store: Store,
    *,
    room_id: int,
    code_hash: str,
    role: Role,
    created_by: int | None,
    expires_at: datetime,
    label: str | None = None,
) -> int:
    """Keep an invite (by its code's hash) to the room with that role; its number."""
    return add_invites(
        store,
        room_id=room_id,
        codes=[(code_hash, label)],
        role=role,
        created_by=created_by,
        expires_at=expires_at,
    )[0]


def add_invites(
    store: Store,
    *,
    room_id: int,
    codes: Sequence[tuple[str, str | None]],
    role: Role,
    created_by: int | None,
    expires_at: datetime,
) -> list[int]:
    """Keep several invites to the room with one role, in one transaction: each a code's
    hash and the name of the person it is for (or None). Their numbers, in order."""
    role = Role(role)
    for _, label in codes:
        if label is not None and len(label) > MAX_LABEL:
            raise UsageError(f"an invite's name has at most {MAX_LABEL} characters")
    made = store._to_db_time(now())
    expires = store._to_db_time(expires_at)
    with store._writing("make an invite"):
        return [
            store._db.insert(
                "INSERT INTO invites (room_id, code_hash, role, created_by, created_at,"
                " expires_at, label) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (room_id, code_hash, role.value, created_by, made, expires, label),
            )
            if label is not None
            else store._db.insert(  # no label column needed (a store before migration 8)
                "INSERT INTO invites (room_id, code_hash, role, created_by, created_at,"
                " expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                (room_id, code_hash, role.value, created_by, made, expires),
            )
            for code_hash, label in codes
        ]


def redeem_invite(
    store: Store,
    *,
    code_hash: str | tuple[str, ...],
    name: str,
    password_hash: str,
) -> int:
    """Spend the invite whose code has this hash (or the first of these hashes that one has:
    a code may be kept under its normalised or its typed form): a new person named ``name``
    in the invite's room with its role, in one transaction. Their id; a :class:`UsageError`
    for a code that is unknown, used or expired, or a name that is taken (and then nothing
    changes)."""
    wanted = (code_hash,) if isinstance(code_hash, str) else tuple(code_hash)
    at = now()
    with store._writing("use an invite"):
        rows: list[tuple[Any, ...]] = []
        if wanted:
            marks = ", ".join("?" for _ in wanted)
            rows = store._db.execute(
                "SELECT id, room_id, role, expires_at, used_at, code_hash FROM invites"
                f" WHERE code_hash IN ({marks})",
                wanted,
            )
        found = next(
            (
                row
                for hashed in wanted
                for row in rows
                if hmac.compare_digest(str(row[5]).encode(), hashed.encode())
            ),
            None,
        )
        if found is None or found[4] is not None or store._from_db_time(found[3]) <= at:
            raise UsageError("that invite code is unknown, used or expired: ask for a new one")
        invite_id, room_id, role = int(found[0]), int(found[1]), str(found[2])
        pid = insert_person(
            store, name=name, password_hash=password_hash, admin=False, must_change=False
        )
        insert_member(store, room_id=room_id, person_id=pid, role=Role(role))
        store._db.execute(
            "UPDATE invites SET used_at = ?, used_by = ? WHERE id = ?",
            (store._to_db_time(at), pid, invite_id),
        )
    return pid
