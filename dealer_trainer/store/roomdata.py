"""What a trainer sees of a room, read from the progress store: the dashboard's numbers, a
trainee's answers, the export, and the scenarios uploaded to the room.

A room's trainees are its members with the ``trainee`` role; a person's answers are those of
the store's trainee with the same name (:mod:`dealer_trainer.store.people`). An answer
carries the room of the browser run it was given in, and belongs to that room alone: a person
who trains in two rooms shows each room its own answers (and a private upload of one room
never shows in the other). Answers given in the terminal have no room and count in each of
the person's rooms. Every function takes the room's id and reads only its members' rows::

    grid = accuracy_grid(store, room.id)         # trainee x topic: answered, correct
    weakest_topics(store, room.id)               # the room's lowest accuracy first
    most_missed(store, room.id)                  # items by misses
    activity(store, room.id, since=date(2026, 11, 1))   # answers per day (UTC)
    save_room_scenario(store, room_id=room.id, scenario_id="x", yaml=text, uploaded_by=boss.id)

The repository of room figures; the scenarios uploaded to a room are
:mod:`dealer_trainer.store.uploads`' (its functions named here too). The web layer writes no
SQL.
Statements use ``?`` placeholders and work on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from dealer_trainer.roles import Role
from dealer_trainer.store.adapters import STREAM_BATCH
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.uploads import (
    RoomScenario,
    delete_room_scenario,
    room_scenario,
    room_scenarios,
    save_room_scenario,
)

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "EXPORT_FIELDS",
    "ExportRow",
    "ItemStats",
    "RoomScenario",
    "TopicCell",
    "TraineeAnswer",
    "accuracy_grid",
    "activity",
    "delete_room_scenario",
    "export_rows",
    "iter_export_rows",
    "latest_days",
    "most_missed",
    "room_scenario",
    "room_scenarios",
    "save_room_scenario",
    "topic_totals",
    "trainee_answers",
    "weakest_topics",
]

#: the answers of a room's members given in that room, or in no room (the terminal); never
#: those given in another room (the room's id is the first parameter)
_MEMBERS = (
    " FROM members m JOIN people p ON p.id = m.person_id"
    " JOIN trainees t ON t.id = p.trainee_id"
    " JOIN answers a ON a.trainee_id = p.trainee_id"
    " WHERE m.room_id = ? AND (a.room_id = m.room_id OR a.room_id IS NULL)"
)
#: ... of its trainees (the room's dashboard)
_TRAINEES = _MEMBERS + f" AND m.role = '{Role.TRAINEE.value}'"


#: a trainee's totals (:mod:`~dealer_trainer.store.totals`), ``x``, that count in the room:
#: those of answers given in it or in no room, as :data:`_MEMBERS`
_IN_ROOM = " AND (x.room_id = m.room_id OR x.room_id IS NULL)"


def _of_member(table: str) -> str:
    """A trainee table of totals, ``x``, of one member of the room, whatever their role, the
    rows that count in the room (parameters: the room's id, the person's id); a key's rows
    (one per room) are to be summed."""
    return (
        f" FROM members m JOIN people p ON p.id = m.person_id JOIN {table} x"
        " ON x.trainee_id = p.trainee_id WHERE m.room_id = ? AND p.id = ?" + _IN_ROOM
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicCell:
    """One trainee's answers to one topic (or, with no person, the room's)."""

    person_id: int | None
    name: str
    topic: str
    answered: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemStats:
    """One item (a scenario, or a drill step) and how the room did on it."""

    item: str
    topic: str
    answered: int
    missed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TraineeAnswer:
    """One answer, as a trainee's page shows it."""

    item: str
    topic: str
    mode: str
    correct: bool
    given: str
    expected: str
    answered_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ExportRow:
    """One answer of the room, for the CSV and JSON export."""

    trainee: str
    item: str
    topic: str
    mode: str
    correct: bool
    ruleset: str
    difficulty: int | None
    given: str
    expected: str
    seconds: float | None
    answered_at: datetime
    #: the assignment the answer was given under: its title and number (None: none, as in a
    #: quiz of one's own, a review or the terminal)
    assignment: str | None = None
    assignment_id: int | None = None
    #: the exam attempt the answer belongs to (None: not an exam answer); an exam answer's
    #: assignment is the exam assignment it was sat under
    exam_attempt: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "trainee": self.trainee,
            "item": self.item,
            "topic": self.topic,
            "mode": self.mode,
            "correct": self.correct,
            "ruleset": self.ruleset,
            "difficulty": self.difficulty,
            "given": self.given,
            "expected": self.expected,
            "seconds": self.seconds,
            "answered_at": self.answered_at.isoformat(),
            "assignment": self.assignment,
            "assignment_id": self.assignment_id,
            "exam_attempt": self.exam_attempt,
        }


#: the columns of the export, in order
EXPORT_FIELDS = tuple(ExportRow.__dataclass_fields__)
#: the fields an answer of the store fills (the others come from its run)
_ANSWER_FIELDS = EXPORT_FIELDS[: EXPORT_FIELDS.index("assignment")]


# --- the dashboard ----------------------------------------------------------------------------


def accuracy_grid(store: Store, room_id: int) -> list[TopicCell]:
    """Each trainee x topic the room's trainees have answered, by name then topic."""
    sql = (
        "SELECT p.id, t.name, x.topic, SUM(x.answered), SUM(x.correct) FROM members m"
        " JOIN people p ON p.id = m.person_id JOIN trainees t ON t.id = p.trainee_id"
        " JOIN trainee_topics x ON x.trainee_id = p.trainee_id"
        f" WHERE m.room_id = ? AND m.role = '{Role.TRAINEE.value}'{_IN_ROOM}"
        " GROUP BY p.id, t.name, x.topic ORDER BY t.name, x.topic"
    )
    with store._reading("read the room's results"):
        rows = store._db.execute(sql, (room_id,))
    return [
        TopicCell(
            person_id=int(pid),
            name=str(name),
            topic=str(topic),
            answered=int(answered),
            correct=int(correct),
        )
        for pid, name, topic, answered, correct in rows
    ]


def topic_totals(store: Store, room_id: int, person_id: int | None = None) -> list[TopicCell]:
    """The room's answers per topic (or one member's, with ``person_id``), by topic."""
    if person_id is None:
        sql = "SELECT x.topic, x.answered, x.correct FROM room_topics x WHERE x.room_id = ?"
        params: tuple[int, ...] = (room_id,)
    else:
        sql = "SELECT x.topic, SUM(x.answered), SUM(x.correct)" + _of_member("trainee_topics")
        sql += " GROUP BY x.topic"
        params = (room_id, person_id)
    with store._reading("read the room's results"):
        rows = store._db.execute(sql + " ORDER BY x.topic", params)
    return [
        TopicCell(
            person_id=person_id,
            name="",
            topic=str(topic),
            answered=int(answered),
            correct=int(correct),
        )
        for topic, answered, correct in rows
    ]


def weakest_topics(store: Store, room_id: int, limit: int = 5) -> list[TopicCell]:
    """The room's weakest topics: answered and not always right, the lowest accuracy first,
    then the most answered (more evidence), then by name."""
    weak = [cell for cell in topic_totals(store, room_id) if cell.correct < cell.answered]
    weak.sort(key=lambda cell: (cell.accuracy, -cell.answered, cell.topic))
    return weak[: max(limit, 0)]


def most_missed(
    store: Store, room_id: int, limit: int = 10, person_id: int | None = None
) -> list[ItemStats]:
    """The items the room's trainees (or one member) missed most: most misses first, then the
    highest share missed, then by id (and topic: an id asked under two topics is two rows).
    Items never missed are left out."""
    if person_id is None:
        sql = "SELECT x.item, x.topic, x.answered, x.answered - x.correct FROM room_items x"
        sql += " WHERE x.room_id = ? AND x.correct < x.answered"
        params: tuple[int, ...] = (room_id,)
    else:
        sql = "SELECT x.item, x.topic, SUM(x.answered), SUM(x.answered) - SUM(x.correct)"
        sql += _of_member("trainee_items") + " GROUP BY x.item, x.topic"
        sql += " HAVING SUM(x.correct) < SUM(x.answered)"
        params = (room_id, person_id)
    with store._reading("read the room's misses"):
        rows = store._db.execute(sql + " ORDER BY x.item, x.topic", params)
    found = [
        (str(item), str(topic), int(answered), int(missed))
        for item, topic, answered, missed in rows
    ]
    found.sort(key=lambda row: (-row[3], -row[3] / row[2], row[0]))  # stable: then by topic
    return [
        ItemStats(item=item, topic=topic, answered=answered, missed=missed)
        for item, topic, answered, missed in found[: max(limit, 0)]
    ]


def activity(
    store: Store,
    room_id: int,
    *,
    since: date,
    until: date | None = None,
    person_id: int | None = None,
) -> list[tuple[date, int]]:
    """Answers per day (UTC) from ``since`` to ``until`` (today), every day listed, days with
    no answer as 0: the room's trainees, or one member with ``person_id``."""
    last = until or _now().date()
    days_wanted = " AND x.day >= ? AND x.day <= ?"
    if person_id is None:
        sql = "SELECT x.day, x.answered FROM room_days x WHERE x.room_id = ?" + days_wanted
        params: tuple[Any, ...] = (room_id,)
    else:
        sql = "SELECT x.day, SUM(x.answered)" + _of_member("trainee_days") + days_wanted
        sql += " GROUP BY x.day"
        params = (room_id, person_id)
    with store._reading("read the room's activity"):
        rows = store._db.execute(sql, (*params, since.isoformat(), last.isoformat()))
    counts = {date.fromisoformat(str(key)): int(count) for key, count in rows}
    days = (last - since).days + 1
    return [
        (since + timedelta(days=i), counts.get(since + timedelta(days=i), 0))
        for i in range(max(days, 0))
    ]


def latest_days(store: Store, room_id: int, *, answers: int) -> tuple[date | None, int]:
    """The first of the room's latest days (UTC) that hold at least ``answers`` answers of its
    trainees, and how many they hold: a window of the room's recent answers whose size does
    not grow with the room's history. None (and every answer's count) when the room holds
    fewer than that in all. Read from the kept totals (one row per day answered)."""
    sql = "SELECT x.day, x.answered FROM room_days x WHERE x.room_id = ? ORDER BY x.day DESC"
    with store._reading("read the room's activity"):
        rows = store._db.execute(sql, (room_id,))
    counted = 0
    for day, count in rows:
        counted += int(count)
        if counted >= answers:
            return date.fromisoformat(str(day)), counted
    return None, counted


def trainee_answers(
    store: Store, room_id: int, person_id: int, limit: int = 30
) -> list[TraineeAnswer]:
    """A member's latest answers, newest first (none when the person is not in the room)."""
    # the member's trainee first, then their answers alone: so PostgreSQL walks the answers'
    # index backwards and stops at ``limit`` (joined to the member, it read and sorted every
    # answer of the trainee: 400 for 30 at 1M answers)
    member = (
        "SELECT p.trainee_id FROM members m JOIN people p ON p.id = m.person_id"
        " WHERE m.room_id = ? AND p.id = ?"
    )
    sql = (
        "SELECT a.item, a.topic, a.mode, a.correct, a.given, a.expected, a.answered_at"
        " FROM answers a WHERE a.trainee_id = ? AND (a.room_id = ? OR a.room_id IS NULL)"
        " ORDER BY a.answered_at DESC, a.id DESC LIMIT ?"
    )
    with store._reading("read a trainee's answers"):
        found = store._db.execute(member, (room_id, person_id))
        if not found:
            return []
        rows = store._db.execute(sql, (int(found[0][0]), room_id, int(limit)))
    return [
        TraineeAnswer(
            item=str(item),
            topic=str(topic),
            mode=str(mode),
            correct=bool(correct),
            given=str(given),
            expected=str(expected),
            answered_at=store._from_db_time(answered_at),
        )
        for item, topic, mode, correct, given, expected, answered_at in rows
    ]


def iter_export_rows(
    store: Store, room_id: int, *, batch: int = STREAM_BATCH
) -> Iterator[ExportRow]:
    """Every answer of the room's trainees, oldest first, read ``batch`` rows at a time: the
    export of a room of any size in constant memory (the web layer streams it)."""
    # the browser run whose session it is, and the assignment it was started from
    joined = _TRAINEES.replace(
        " WHERE ",
        " LEFT JOIN runs r ON r.session_id = a.session_id"
        " LEFT JOIN assignments g ON g.id = r.assignment_id WHERE ",
        1,
    )
    sql = f"SELECT {store.ANSWER_COLUMNS}, g.title, g.id" + joined + " ORDER BY a.answered_at, a.id"
    for row in store._stream("export the room's answers", sql, (room_id,), batch):
        answer = store._answer(row[:-2])
        title, number = row[-2:]
        yield ExportRow(
            **{name: getattr(answer, name) for name in _ANSWER_FIELDS},
            assignment=None if title is None else str(title),
            assignment_id=None if number is None else int(number),
        )


def export_rows(store: Store, room_id: int) -> list[ExportRow]:
    """Every answer of the room's trainees, oldest first (all at once: see
    :func:`iter_export_rows`)."""
    return list(iter_export_rows(store, room_id))
