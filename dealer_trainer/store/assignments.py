"""Quizzes assigned to a room, as kept in the store (what a title or a topic may be is
decided above it, in :mod:`dealer_trainer.assignments`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from dealer_trainer.store.adapters import now

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["Assignment", "add_assignment", "assignment", "assignments"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Assignment:
    id: int
    room_id: int
    title: str
    #: topic slugs; empty: every topic
    topics: tuple[str, ...]
    length: int
    due_on: date | None


def add_assignment(
    store: Store,
    *,
    room_id: int,
    title: str,
    topics: tuple[str, ...],
    length: int,
    due_on: date | None,
    created_by: int | None,
) -> int:
    """Keep a quiz assigned to the room; its number."""
    with store._writing("assign a quiz"):
        return store._db.insert(
            "INSERT INTO assignments (room_id, title, topics, length, due_on, created_by,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                room_id,
                title,
                ",".join(topics),
                length,
                None if due_on is None else due_on.isoformat(),
                created_by,
                store._to_db_time(now()),
            ),
        )


def _assignment(row: tuple[Any, ...]) -> Assignment:
    number, room_id, title, topics, length, due_on = row
    return Assignment(
        id=int(number),
        room_id=int(room_id),
        title=str(title),
        topics=tuple(slug for slug in str(topics).split(",") if slug),
        length=int(length),
        due_on=None if due_on is None else date.fromisoformat(str(due_on)),
    )


_SELECT = "SELECT id, room_id, title, topics, length, due_on FROM assignments"


def assignments(store: Store, room_id: int) -> list[Assignment]:
    """The room's assignments, newest first."""
    with store._reading("read the assignments"):
        rows = store._db.execute(_SELECT + " WHERE room_id = ? ORDER BY id DESC", (room_id,))
    return [_assignment(row) for row in rows]


def assignment(store: Store, *, room_id: int, assignment_id: int) -> Assignment | None:
    """One assignment of that room (None: there is none, or it is another room's)."""
    with store._reading("read an assignment"):
        rows = store._db.execute(
            _SELECT + " WHERE id = ? AND room_id = ?", (assignment_id, room_id)
        )
    return _assignment(rows[0]) if rows else None
