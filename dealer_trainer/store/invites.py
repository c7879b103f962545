"""Invites to a room, as kept in the store: only a hash of each code, used once, expiring.

The code itself is made (and hashed) above the store (:mod:`dealer_trainer.accounts`); here a
code's hash is kept, and spent in the same transaction that adds the person who redeems it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from dealer_trainer.errors import UsageError
from dealer_trainer.roles import Role
from dealer_trainer.store.adapters import now
from dealer_trainer.store.people import insert_member, insert_person

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["add_invite", "redeem_invite"]


def add_invite(
    store: Store,
    *,
    room_id: int,
    code_hash: str,
    role: Role,
    created_by: int | None,
    expires_at: datetime,
) -> int:
    """Keep an invite (by its code's hash) to the room with that role; its number."""
    role = Role(role)
    with store._writing("make an invite"):
        return store._db.insert(
            "INSERT INTO invites (room_id, code_hash, role, created_by, created_at,"
            " expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            (
                room_id,
                code_hash,
                role.value,
                created_by,
                store._to_db_time(now()),
                store._to_db_time(expires_at),
            ),
        )


def redeem_invite(store: Store, *, code_hash: str, name: str, password_hash: str) -> int:
    """Spend the invite whose code has this hash: a new person named ``name`` in the invite's
    room with its role, in one transaction. Their id; a :class:`UsageError` for a code that is
    unknown, used or expired, or a name that is taken (and then nothing changes)."""
    at = now()
    with store._writing("use an invite"):
        rows = store._db.execute(
            "SELECT id, room_id, role, expires_at, used_at FROM invites WHERE code_hash = ?",
            (code_hash,),
        )
        if not rows or rows[0][4] is not None or store._from_db_time(rows[0][3]) <= at:
            raise UsageError("that invite code is unknown, used or expired: ask for a new one")
        invite_id, room_id, role = int(rows[0][0]), int(rows[0][1]), str(rows[0][2])
        pid = insert_person(
            store, name=name, password_hash=password_hash, admin=False, must_change=False
        )
        insert_member(store, room_id=room_id, person_id=pid, role=Role(role))
        store._db.execute(
            "UPDATE invites SET used_at = ?, used_by = ? WHERE id = ?",
            (store._to_db_time(at), pid, invite_id),
        )
    return pid
