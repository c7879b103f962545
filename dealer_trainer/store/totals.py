"""Totals kept as answers are recorded, so that a page reads a room's figures without adding
up its answers (a room of a group's store holds tens of thousands of them).

What the pages show, and the totals that give it (migration 10):

- per trainee, room and topic, answers and right ones (``trainee_topics``): the dashboard's
  grid, a trainee's topics in a room, a trainee's own scores on their home;
- per trainee, room, item and topic (``trainee_items``): a trainee's most missed items;
- per trainee, room and day, UTC (``trainee_days``): a trainee's activity chart;
- the same three per room (``room_topics``, ``room_items``, ``room_days``): the sums over the
  room's members with the trainee role, what the dashboard shows.

A trainee's totals are kept apart by the room the answers were given in (``answers.room_id``;
none for those given in the terminal). Results belong to the room they were answered in
(:mod:`~dealer_trainer.store.roomdata`): room R's figures of a member are the member's totals
in R plus those in no room, never those of another room. So an answer given in room R adds to
R's totals (if the trainee is a trainee of R), and one given in the terminal adds to the
totals of every room where the trainee is a trainee.

A room's totals follow its members: when a person becomes a trainee of room R (joins, is
invited, or has their role changed) their totals in R and in no room are added to R's, and
when they stop being one (leave, or another role) they are taken off; a room row that falls to
nothing is removed. Answers are never deleted, so trainee totals only grow.

:func:`count_answer` and :func:`member_changed` run inside the transaction of the write they
follow (in PostgreSQL they lock the trainee's row first, so that an answer and a change of
membership of the same trainee cannot miss each other). :func:`rebuild` counts every total
again from the answers (the migration's backfill, or after a bulk import);
:func:`differences` says where the kept totals and a count from scratch disagree (none: they
agree)::

    rebuild(store)                 # after rows were loaded behind the store's back
    assert differences(store) == []
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.roles import Role
from dealer_trainer.store.adapters import utc

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "TABLES",
    "backfill",
    "count_answer",
    "day_of",
    "differences",
    "member_changed",
    "rebuild",
]

_TRAINEE = f"'{Role.TRAINEE.value}'"

#: each table of totals: its key columns and its counted columns (a trainee table's
#: ``room_id`` is the answers' room, NULL for the terminal)
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "trainee_topics": (("trainee_id", "room_id", "topic"), ("answered", "correct")),
    "trainee_items": (("trainee_id", "room_id", "item", "topic"), ("answered", "correct")),
    "trainee_days": (("trainee_id", "room_id", "day"), ("answered",)),
    "room_topics": (("room_id", "topic"), ("answered", "correct")),
    "room_items": (("room_id", "item", "topic"), ("answered", "correct")),
    "room_days": (("room_id", "day"), ("answered",)),
}

#: the trainee tables, each with the room table that sums it
_ROOM_OF = {
    "trainee_topics": "room_topics",
    "trainee_items": "room_items",
    "trainee_days": "room_days",
}

_RIGHT = "SUM(CASE WHEN a.correct THEN 1 ELSE 0 END)"


def day_of(when: datetime) -> str:
    """The day (UTC) an answer given at ``when`` counts for, as ``YYYY-MM-DD``."""
    return utc(when).date().isoformat()


def _day_sql(store: Store) -> str:
    """The SQL for an answer's day (UTC), the same text as :func:`day_of`."""
    if store._db.dialect == "postgresql":
        return "to_char(a.answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
    return "substr(a.answered_at, 1, 10)"  # ISO 8601 text in UTC


#: a trainee table's key as its unique index has it: a room or none (NULL, which a unique
#: key of its own would never find equal to another NULL), none as 0 (ids start at 1)
_ROOM_KEY = "(COALESCE(room_id, 0))"


def _key_index(table: str) -> str:
    """The columns (and expressions) of ``table``'s unique key, as in its index."""
    keys, _ = TABLES[table]
    if table in _ROOM_OF:
        keys = tuple(_ROOM_KEY if key == "room_id" else key for key in keys)
    return ", ".join(keys)


def _add(table: str) -> str:
    """``ON CONFLICT``: add the new row's counts to those kept."""
    _, counts = TABLES[table]
    adds = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in counts)
    return f" ON CONFLICT ({_key_index(table)}) DO UPDATE SET {adds}"


def _columns(table: str) -> str:
    keys, counts = TABLES[table]
    return ", ".join((*keys, *counts))


def _lock_trainee(store: Store, trainee_id: int) -> None:
    if store._db.dialect == "postgresql":
        store._db.execute("SELECT id FROM trainees WHERE id = ? FOR UPDATE", (trainee_id,))


def count_answer(
    store: Store,
    *,
    trainee_id: int,
    room_id: int | None,
    item: str,
    topic: str,
    correct: bool,
    when: datetime,
) -> None:
    """Count one answer just kept, given in room ``room_id`` (None: in the terminal): the
    trainee's totals in that room, and the totals of that room if the trainee is a trainee
    there (of every room where they are one, for the terminal's), inside the caller's
    transaction."""
    _lock_trainee(store, trainee_id)
    right = 1 if correct else 0
    day = day_of(when)
    values: dict[str, tuple[Any, ...]] = {
        "trainee_topics": (topic, 1, right),
        "trainee_items": (item, topic, 1, right),
        "trainee_days": (day, 1),
    }
    rooms = (
        " FROM members m JOIN people p ON p.id = m.person_id"
        f" WHERE p.trainee_id = ? AND m.role = {_TRAINEE}"
    )
    in_room: tuple[int, ...] = ()
    if room_id is not None:
        rooms += " AND m.room_id = ?"
        in_room = (room_id,)
    for table, row in values.items():
        marks = ", ".join("?" * len(row))
        store._db.execute(
            f"INSERT INTO {table} ({_columns(table)}) VALUES (?, ?, {marks})" + _add(table),
            (trainee_id, room_id, *row),
        )
        room_table = _ROOM_OF[table]
        store._db.execute(
            f"INSERT INTO {room_table} ({_columns(room_table)}) SELECT m.room_id, {marks}"
            + rooms
            + " ORDER BY m.room_id"
            + _add(room_table),
            (*row, trainee_id, *in_room),
        )


def member_changed(
    store: Store, *, room_id: int, person_id: int, was: Role | None, now: Role | None
) -> None:
    """A person's role in a room went from ``was`` to ``now`` (None: not a member): add their
    trainee totals in that room and in no room (the terminal) to the room's when they became a
    trainee there, take them off when they stopped being one (inside the caller's
    transaction)."""
    if (was == Role.TRAINEE) == (now == Role.TRAINEE):
        return
    sign = 1 if now == Role.TRAINEE else -1
    rows = store._db.execute("SELECT trainee_id FROM people WHERE id = ?", (person_id,))
    if not rows:
        return
    trainee_id = int(rows[0][0])
    _lock_trainee(store, trainee_id)
    for table, room_table in _ROOM_OF.items():
        keys, counts = TABLES[table]
        grouped = ", ".join(f"x.{k}" for k in keys[2:])
        summed = ", ".join(f"? * SUM(x.{c})" for c in counts)
        store._db.execute(
            f"INSERT INTO {room_table} ({_columns(room_table)}) SELECT ?, {grouped}, {summed}"
            f" FROM {table} x WHERE x.trainee_id = ? AND (x.room_id = ? OR x.room_id IS NULL)"
            f" GROUP BY {grouped} ORDER BY {grouped}" + _add(room_table),
            (room_id, *([sign] * len(counts)), trainee_id, room_id),
        )
        store._db.execute(
            f"DELETE FROM {room_table} WHERE room_id = ? AND answered = 0", (room_id,)
        )


# --- counting from scratch ----------------------------------------------------------------------


def _counted(store: Store, table: str) -> str:
    """A query giving ``table``'s rows counted from the answers (and the members)."""
    day = _day_sql(store)
    of_rooms = (
        " FROM members m JOIN people p ON p.id = m.person_id"
        f" JOIN answers a ON a.trainee_id = p.trainee_id WHERE m.role = {_TRAINEE}"
        " AND (a.room_id = m.room_id OR a.room_id IS NULL)"
    )
    return {
        "trainee_topics": f"SELECT a.trainee_id, a.room_id, a.topic, COUNT(*), {_RIGHT}"
        " FROM answers a GROUP BY a.trainee_id, a.room_id, a.topic",
        "trainee_items": f"SELECT a.trainee_id, a.room_id, a.item, a.topic, COUNT(*), {_RIGHT}"
        " FROM answers a GROUP BY a.trainee_id, a.room_id, a.item, a.topic",
        "trainee_days": f"SELECT a.trainee_id, a.room_id, {day}, COUNT(*) FROM answers a"
        f" GROUP BY a.trainee_id, a.room_id, {day}",
        "room_topics": f"SELECT m.room_id, a.topic, COUNT(*), {_RIGHT}{of_rooms}"
        " GROUP BY m.room_id, a.topic",
        "room_items": f"SELECT m.room_id, a.item, a.topic, COUNT(*), {_RIGHT}{of_rooms}"
        " GROUP BY m.room_id, a.item, a.topic",
        "room_days": f"SELECT m.room_id, {day}, COUNT(*){of_rooms} GROUP BY m.room_id, {day}",
    }[table]


def rebuild(store: Store) -> None:
    """Count every total again from the answers and the rooms' members (the migration's
    backfill; after rows were loaded behind the store's back, as a bulk import does)."""
    with store._writing("count the totals"):
        backfill(store)


def backfill(store: Store) -> None:
    """:func:`rebuild`'s statements, inside a transaction the caller holds (the migration)."""
    for table in TABLES:
        store._db.execute(f"DELETE FROM {table}", ())
        store._db.execute(f"INSERT INTO {table} ({_columns(table)}) " + _counted(store, table), ())


def differences(store: Store) -> list[str]:
    """Where the kept totals and a count from scratch disagree, one line per row (none: they
    agree)."""
    found: list[str] = []
    with store._reading("check the totals"):
        for table in TABLES:
            kept = {
                tuple(row)
                for row in store._db.execute(f"SELECT {_columns(table)} FROM {table}", ())
            }
            counted = {tuple(row) for row in store._db.execute(_counted(store, table), ())}
            # sorted as text: a room may be None
            found += [
                f"{table}: kept {row}, not counted" for row in sorted(kept - counted, key=repr)
            ]
            found += [
                f"{table}: counted {row}, not kept" for row in sorted(counted - kept, key=repr)
            ]
    return found
