"""Scenario drafts, as the store keeps them: the ``scenario_drafts`` table, one row per draft,
its body the draft as JSON text (the store neither reads nor checks it:
:mod:`dealer_trainer.workbench` does). A draft belongs to its author in its room: every
read, write and removal names both, and another person's or another room's draft is not
found::

    number = create_draft(store, room_id=room.id, person_id=boss.id, body=text)
    save_draft(store, number, room_id=room.id, person_id=boss.id, body=text)   # False: not theirs
    found = draft(store, number, room_id=room.id, person_id=boss.id)           # None: not theirs
    mine = drafts(store, room_id=room.id, person_id=boss.id)                   # newest first

Statements use ``?`` placeholders and work on SQLite and PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.store.adapters import now as _now

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "MAX_DRAFTS",
    "DraftRow",
    "count_drafts",
    "create_draft",
    "delete_draft",
    "draft",
    "drafts",
    "save_draft",
]

#: the most drafts one author keeps in one room
MAX_DRAFTS = 50


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftRow:
    """A kept draft: its number, whose and where, its body, and when it was last saved."""

    id: int
    room_id: int
    person_id: int
    body: str
    created_at: datetime
    updated_at: datetime


_COLUMNS = "id, room_id, person_id, body, created_at, updated_at"


def _row(store: Store, row: tuple[Any, ...]) -> DraftRow:
    number, room_id, person_id, body, created, updated = row
    return DraftRow(
        id=int(number),
        room_id=int(room_id),
        person_id=int(person_id),
        body=str(body),
        created_at=store._from_db_time(created),
        updated_at=store._from_db_time(updated),
    )


def count_drafts(store: Store, *, room_id: int, person_id: int) -> int:
    """How many drafts the author keeps in the room."""
    with store._reading("count the drafts"):
        rows = store._db.execute(
            "SELECT COUNT(*) FROM scenario_drafts WHERE room_id = ? AND person_id = ?",
            (room_id, person_id),
        )
    return int(rows[0][0])


def create_draft(store: Store, *, room_id: int, person_id: int, body: str) -> int | None:
    """Keep a new draft; its number (None: the author keeps :data:`MAX_DRAFTS` in the room
    already, counted in the same transaction)."""
    stamp = store._to_db_time(_now())
    with store._writing("keep a draft"):
        rows = store._db.execute(
            "SELECT COUNT(*) FROM scenario_drafts WHERE room_id = ? AND person_id = ?",
            (room_id, person_id),
        )
        if int(rows[0][0]) >= MAX_DRAFTS:
            return None
        return store._db.insert(
            "INSERT INTO scenario_drafts (room_id, person_id, body, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (room_id, person_id, body, stamp, stamp),
        )


def save_draft(store: Store, number: int, *, room_id: int, person_id: int, body: str) -> bool:
    """Replace the body of the author's draft; False (nothing changed) when it is not theirs
    in that room, or gone."""
    with store._writing("save a draft"):
        rows = store._db.execute(
            "SELECT id FROM scenario_drafts WHERE id = ? AND room_id = ? AND person_id = ?",
            (number, room_id, person_id),
        )
        if rows:
            store._db.execute(
                "UPDATE scenario_drafts SET body = ?, updated_at = ? WHERE id = ?",
                (body, store._to_db_time(_now()), number),
            )
    return bool(rows)


def draft(store: Store, number: int, *, room_id: int, person_id: int | None) -> DraftRow | None:
    """The author's draft of that number in that room (None: none, or not theirs).
    ``person_id`` None reads any author's draft of the room (for an admin, from whom nothing
    is hidden)."""
    where = "id = ? AND room_id = ?" + ("" if person_id is None else " AND person_id = ?")
    params = (number, room_id) if person_id is None else (number, room_id, person_id)
    with store._reading("read a draft"):
        rows = store._db.execute(f"SELECT {_COLUMNS} FROM scenario_drafts WHERE {where}", params)
    return _row(store, rows[0]) if rows else None


def drafts(store: Store, *, room_id: int, person_id: int) -> list[DraftRow]:
    """The author's drafts in the room, the last saved first."""
    with store._reading("read the drafts"):
        rows = store._db.execute(
            f"SELECT {_COLUMNS} FROM scenario_drafts WHERE room_id = ? AND person_id = ?"
            " ORDER BY updated_at DESC, id DESC",
            (room_id, person_id),
        )
    return [_row(store, row) for row in rows]


def delete_draft(store: Store, number: int, *, room_id: int, person_id: int) -> bool:
    """Remove the author's draft; whether there was one of theirs."""
    with store._writing("remove a draft"):
        rows = store._db.execute(
            "SELECT id FROM scenario_drafts WHERE id = ? AND room_id = ? AND person_id = ?",
            (number, room_id, person_id),
        )
        if rows:
            store._db.execute("DELETE FROM scenario_drafts WHERE id = ?", (number,))
    return bool(rows)


#: migration 14 (:mod:`~dealer_trainer.store.migrations`): the drafts' table
MIGRATION_DESCRIPTION = (
    "scenario drafts: a trainer's half-written scenario in a room, kept as they write it"
)
MIGRATION_STATEMENTS = (
    # body: the draft as JSON (dealer_trainer/workbench/draft.py writes and reads it)
    "CREATE TABLE scenario_drafts ("
    " id {pk},"
    " room_id {ref} NOT NULL REFERENCES rooms (id),"
    " person_id {ref} NOT NULL REFERENCES people (id),"
    " body TEXT NOT NULL,"
    " created_at {ts} NOT NULL,"
    " updated_at {ts} NOT NULL)",
    "CREATE INDEX scenario_drafts_by_author ON scenario_drafts (room_id, person_id)",
)
