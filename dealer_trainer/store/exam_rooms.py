"""Exams offered in a room, as kept in the store: the blueprints uploaded to it (their text
kept once by digest, in ``upload_texts``), and the exams assigned to the room's trainees or to
one of them, each with a window (opens, closes). Attempts are :mod:`.exams`'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.uploads import _keep_text, upload_texts

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "ExamAssignment",
    "RoomExam",
    "add_exam_assignment",
    "blueprint_text",
    "exam_assignment",
    "exam_assignments",
    "keep_room_exam",
    "room_exam",
    "room_exams",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomExam:
    """A blueprint uploaded to a room."""

    room_id: int
    exam_id: str
    title: str
    digest: str
    uploaded_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ExamAssignment:
    """An exam offered in a room, to all its trainees or to one (``person_id``), from
    ``opens_at`` to ``closes_at``."""

    id: int
    room_id: int
    exam_id: str
    title: str
    #: the blueprint's text, kept by its digest
    digest: str
    person_id: int | None
    opens_at: datetime
    closes_at: datetime

    def open_at(self, when: datetime) -> bool:
        """Whether the window is open at ``when``."""
        return self.opens_at <= when < self.closes_at


# --- blueprints ----------------------------------------------------------------


def keep_room_exam(
    store: Store, *, room_id: int, exam_id: str, title: str, text: str, by: int | None
) -> None:
    """Keep a blueprint uploaded to the room (one of the same id is replaced)."""
    at = store._to_db_time(_now())
    with store._writing("keep an exam blueprint"):
        digest = _keep_text(store, text)
        store._db.execute(
            "INSERT INTO room_exams (room_id, exam_id, title, digest, uploaded_by, uploaded_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (room_id, exam_id) DO UPDATE SET"
            " title = excluded.title, digest = excluded.digest,"
            " uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at",
            (room_id, exam_id, title, digest, by, at),
        )


_ROOM_EXAM = "SELECT room_id, exam_id, title, digest, uploaded_at FROM room_exams"


def _room_exam(store: Store, row: tuple[Any, ...]) -> RoomExam:
    room, exam, title, digest, at = row
    return RoomExam(
        room_id=int(room),
        exam_id=str(exam),
        title=str(title),
        digest=str(digest),
        uploaded_at=store._from_db_time(at),
    )


def room_exams(store: Store, room_id: int) -> list[RoomExam]:
    """The blueprints uploaded to the room, by id."""
    with store._reading("read the room's exams"):
        rows = store._db.execute(_ROOM_EXAM + " WHERE room_id = ? ORDER BY exam_id", (room_id,))
    return [_room_exam(store, row) for row in rows]


def room_exam(store: Store, *, room_id: int, exam_id: str) -> RoomExam | None:
    """One blueprint of that room (None: none of that id there)."""
    with store._reading("read an exam"):
        rows = store._db.execute(
            _ROOM_EXAM + " WHERE room_id = ? AND exam_id = ?", (room_id, exam_id)
        )
    return _room_exam(store, rows[0]) if rows else None


def blueprint_text(store: Store, digest: str) -> str | None:
    """The blueprint text kept under ``digest`` (None: none)."""
    return upload_texts(store, [digest]).get(digest)


def add_exam_assignment(
    store: Store,
    *,
    room_id: int,
    exam_id: str,
    title: str,
    text: str,
    person_id: int | None,
    opens_at: datetime,
    closes_at: datetime,
    by: int | None,
) -> int:
    """Offer an exam (the blueprint ``text``) in the room, to every trainee or to
    ``person_id``, from ``opens_at`` until ``closes_at``; its number."""
    if closes_at <= opens_at:
        raise UsageError("the window must close after it opens")
    with store._writing("assign an exam"):
        digest = _keep_text(store, text)
        return store._db.insert(
            "INSERT INTO exam_assignments (room_id, exam_id, title, digest, person_id, opens_at,"
            " closes_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                room_id,
                exam_id,
                title,
                digest,
                person_id,
                store._to_db_time(opens_at),
                store._to_db_time(closes_at),
                by,
                store._to_db_time(_now()),
            ),
        )


_ASSIGNMENT = (
    "SELECT id, room_id, exam_id, title, digest, person_id, opens_at, closes_at"
    " FROM exam_assignments"
)


def _assignment(store: Store, row: tuple[Any, ...]) -> ExamAssignment:
    number, room, exam, title, digest, person, opens, closes = row
    return ExamAssignment(
        id=int(number),
        room_id=int(room),
        exam_id=str(exam),
        title=str(title),
        digest=str(digest),
        person_id=None if person is None else int(person),
        opens_at=store._from_db_time(opens),
        closes_at=store._from_db_time(closes),
    )


def exam_assignments(
    store: Store, room_id: int, *, person_id: int | None = None
) -> list[ExamAssignment]:
    """The room's exam assignments, newest first; with ``person_id``, only those that person
    may sit (the room's, and their own)."""
    sql, params = _ASSIGNMENT + " WHERE room_id = ?", [room_id]
    if person_id is not None:
        sql += " AND (person_id IS NULL OR person_id = ?)"
        params.append(person_id)
    with store._reading("read the exam assignments"):
        rows = store._db.execute(sql + " ORDER BY id DESC", tuple(params))
    return [_assignment(store, row) for row in rows]


def exam_assignment(store: Store, *, room_id: int, assignment_id: int) -> ExamAssignment | None:
    """One exam assignment of that room (None: none, or another room's)."""
    with store._reading("read an exam assignment"):
        rows = store._db.execute(
            _ASSIGNMENT + " WHERE id = ? AND room_id = ?", (assignment_id, room_id)
        )
    return _assignment(store, rows[0]) if rows else None
