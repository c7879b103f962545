"""Quizzes a trainer assigns to a room: which topics, how many questions, by when.

::

    number = create_assignment(store, room_id=room.id, title="Premature cards",
                               topics=("premature-turn", "premature-river"), length=10,
                               due_on=date(2026, 12, 8), created_by=boss.id)
    assignments(store, room.id)      # newest first
    assignment(store, room_id=room.id, assignment_id=number)   # None when not that room's
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.progress import _now

if TYPE_CHECKING:
    from dealer_trainer.progress import Store

__all__ = ["MAX_LENGTH", "Assignment", "assignment", "assignments", "create_assignment"]

MAX_LENGTH = 100
MAX_TITLE = 80


@dataclass(frozen=True, slots=True, kw_only=True)
class Assignment:
    id: int
    room_id: int
    title: str
    #: topic slugs; empty: every topic
    topics: tuple[str, ...]
    length: int
    due_on: date | None


def create_assignment(
    store: Store,
    *,
    room_id: int,
    title: str,
    topics: tuple[str, ...],
    length: int,
    due_on: date | None,
    created_by: int | None,
) -> int:
    """Assign a quiz to the room; its number."""
    from dealer_trainer.rules.topics import TOPICS

    title = " ".join(title.split())
    if not title or len(title) > MAX_TITLE:
        raise UsageError(f"a title of 1 to {MAX_TITLE} characters is needed")
    if not 1 <= length <= MAX_LENGTH:
        raise UsageError(f"a quiz has 1 to {MAX_LENGTH} questions")
    known = {topic.slug for topic in TOPICS}
    unknown = [slug for slug in topics if slug not in known]
    if unknown:
        raise UsageError(f"unknown topic {unknown[0]!r}")
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
                store._to_db_time(_now()),
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
