"""What item analysis reads and keeps: every answer that counts for it, sitting by sitting, and
the items a trainer retired from a room's exams (the ``retired_items`` table).

A *sitting* is a session (a quiz, a review or an exam run, in the terminal or the browser):
answers carry their session's id. Drill steps are practice, not items to judge: answers given
in the ``drill`` mode are left out. The statistics are
:mod:`dealer_trainer.training.itemstats`'s; this module returns plain rows::

    for row in sitting_answers(store, room_id=room.id):     # by session, in the order given
        ...
    retire(store, room_id=room.id, item="premature-turn-basic", reason="too-easy",
           retired_by=boss.id)
    {r.item for r in retired_items(store, room.id)}          # what an exam never draws
    unretire(store, room_id=room.id, item="premature-turn-basic")

A room's answers are those of its trainees given in that room, or in no room (the terminal),
as on the room's dashboard (:mod:`dealer_trainer.store.roomdata`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.roles import Role
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import now, utc
from dealer_trainer.store.rows import time_or_none

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "RetiredItem",
    "SittingAnswer",
    "retire",
    "retired_items",
    "sitting_answers",
    "unretire",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SittingAnswer:
    """One answer, with the sitting (session) it was given in."""

    #: the answer's own id (ids grow as answers are kept)
    answer_id: int
    session: int
    trainee: str
    #: the session's mode (``quiz``, ``review``, ...; never ``drill``)
    mode: str
    #: the assignment the browser run answered (None: none, or the terminal)
    assignment: int | None
    assignment_title: str | None
    item: str
    topic: str
    correct: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RetiredItem:
    """An item a trainer took out of a room's exams."""

    item: str
    #: why (the flags it had, or the trainer's words)
    reason: str
    #: who retired it (None: from the terminal, or a person since removed)
    retired_by: str | None
    retired_at: datetime | None


def sitting_answers(
    store: Store,
    *,
    room_id: int | None = None,
    since: datetime | None = None,
    after_id: int | None = None,
) -> Iterator[SittingAnswer]:
    """The answers that count for item analysis, session by session and in the order given
    within each: the whole store's (``room_id`` None) or one room's; all, or those given at or
    after ``since``; with ``after_id``, only the answers whose id is greater (what came since an
    earlier read). Streamed: read them before the store closes."""
    where = ["a.mode <> ?"]
    params: list[Any] = ["drill"]
    if room_id is None:
        source = " FROM answers a JOIN trainees t ON t.id = a.trainee_id"
    else:
        source = (
            " FROM members m JOIN people p ON p.id = m.person_id"
            " JOIN trainees t ON t.id = p.trainee_id"
            " JOIN answers a ON a.trainee_id = p.trainee_id"
        )
        where += ["m.room_id = ?", "m.role = ?", "(a.room_id = m.room_id OR a.room_id IS NULL)"]
        params += [room_id, Role.TRAINEE.value]
    if since is not None:
        where.append("a.answered_at >= ?")
        params.append(store._to_db_time(utc(since)))
    if after_id is not None:
        where.append("a.id > ?")
        params.append(after_id)
    sql = (
        "SELECT a.id, a.session_id, t.name, a.mode, r.assignment_id, g.title, a.item, a.topic,"
        " a.correct"
        + source
        # the browser run whose session it is, and the assignment it answered
        + " LEFT JOIN runs r ON r.session_id = a.session_id"
        " LEFT JOIN assignments g ON g.id = r.assignment_id"
        " WHERE " + " AND ".join(where) + " ORDER BY a.session_id, a.answered_at, a.id"
    )
    for answer, session, name, mode, assignment, title, item, topic, correct in store._stream(
        "read the answers for item analysis", sql, tuple(params)
    ):
        yield SittingAnswer(
            answer_id=int(answer),
            session=int(session),
            trainee=str(name),
            mode=str(mode),
            assignment=None if assignment is None else int(assignment),
            assignment_title=None if title is None else str(title),
            item=str(item),
            topic=str(topic),
            correct=bool(correct),
        )


def retire(store: Store, *, room_id: int, item: str, reason: str, retired_by: int | None) -> None:
    """Take ``item`` out of the room's exams, saying why and who (a person's id, or None from
    the terminal); retiring it again records the new reason, person and time."""
    item, reason = item.strip(), reason.strip()
    if not item:
        raise UsageError("an item to retire needs its id: the id given is empty")
    if not reason:
        raise UsageError(
            f"retiring {excerpt(item)} needs a reason (the flag it has, or your words)"
        )
    with store._writing("retire an item"):
        store._db.execute(
            "INSERT INTO retired_items (room_id, item, reason, retired_by, retired_at)"
            " VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (room_id, item) DO UPDATE SET reason = excluded.reason,"
            " retired_by = excluded.retired_by, retired_at = excluded.retired_at",
            (room_id, item, reason, retired_by, store._to_db_time(now())),
        )


def unretire(store: Store, *, room_id: int, item: str) -> bool:
    """Put ``item`` back in the room's exams; whether it was retired."""
    with store._writing("put a retired item back"):
        found = store._db.execute(
            "SELECT item FROM retired_items WHERE room_id = ? AND item = ?",
            (room_id, item.strip()),
        )
        store._db.execute(
            "DELETE FROM retired_items WHERE room_id = ? AND item = ?", (room_id, item.strip())
        )
    return bool(found)


def retired_items(store: Store, room_id: int) -> list[RetiredItem]:
    """The items retired from the room's exams, by id."""
    with store._reading("read the retired items"):
        rows = store._db.execute(
            "SELECT x.item, x.reason, t.name, x.retired_at FROM retired_items x"
            " LEFT JOIN people p ON p.id = x.retired_by"
            " LEFT JOIN trainees t ON t.id = p.trainee_id"
            " WHERE x.room_id = ? ORDER BY x.item",
            (room_id,),
        )
    return [
        RetiredItem(
            item=str(item),
            reason=str(reason),
            retired_by=None if name is None else str(name),
            retired_at=time_or_none(
                when, store.target, f"the retired item {excerpt(str(item))}", "shown as unknown"
            ),
        )
        for item, reason, name, when in rows
    ]
