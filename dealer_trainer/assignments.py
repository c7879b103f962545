"""Quizzes a trainer assigns to a room: which topics, how many questions, by when (checked
here; kept by :mod:`dealer_trainer.store.assignments`).

::

    number = create_assignment(store, room_id=room.id, title="Premature cards",
                               topics=("premature-turn", "premature-river"), length=10,
                               due_on=date(2026, 12, 8), created_by=boss.id)
    assignments(store, room.id)      # newest first
    assignment(store, room_id=room.id, assignment_id=number)   # None when not that room's
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from dealer_trainer.errors import UsageError
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.store.assignments import Assignment, add_assignment, assignment, assignments

if TYPE_CHECKING:
    from dealer_trainer.store import Store

__all__ = ["MAX_LENGTH", "Assignment", "assignment", "assignments", "create_assignment"]

MAX_LENGTH = 100
MAX_TITLE = 80


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
    title = " ".join(title.split())
    if not title or len(title) > MAX_TITLE:
        raise UsageError(f"a title of 1 to {MAX_TITLE} characters is needed")
    if not 1 <= length <= MAX_LENGTH:
        raise UsageError(f"a quiz has 1 to {MAX_LENGTH} questions")
    known = {topic.slug for topic in TOPICS}
    unknown = [slug for slug in topics if slug not in known]
    if unknown:
        raise UsageError(f"unknown topic {unknown[0]!r}")
    return add_assignment(
        store,
        room_id=room_id,
        title=title,
        topics=topics,
        length=length,
        due_on=due_on,
        created_by=created_by,
    )
