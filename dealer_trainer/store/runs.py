"""Runs (quizzes, reviews and drills taken in the browser) as kept in the store: the ``runs``
and ``run_answers`` tables.

A run's plan is kept as the JSON text it is handed (:class:`dealer_trainer.training.runs.Plan`
reads and writes it); an answer's row and the progress answer (with the trainee's review card)
are written in one transaction, so a reload or a dropped connection loses nothing and a double
tap records once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.store.adapters import now

if TYPE_CHECKING:
    from dealer_trainer.store.records import Answer
    from dealer_trainer.store.store import Store

__all__ = [
    "RunAnswer",
    "StoredRun",
    "add_run",
    "change_plan",
    "finish_run",
    "keep_answer",
    "open_runs",
    "run_answers",
    "stored_run",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredRun:
    """A run as kept: whose, in which room, its mode, its plan (JSON), its progress
    session."""

    id: int
    person_id: int
    room_id: int
    mode: str
    assignment_id: int | None
    plan: str
    session_id: int | None
    created_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RunAnswer:
    """One answer of a run: the item's position (from 1) and the answer as given (option
    values, or the number typed; a drill's pick: the event)."""

    position: int
    answer: tuple[str, ...]
    correct: bool
    answered_at: datetime


_RUN = (
    "SELECT id, person_id, room_id, mode, assignment_id, plan, session_id, created_at,"
    " finished_at FROM runs"
)


def _run(store: Store, row: tuple[Any, ...]) -> StoredRun:
    rid, pid, room, mode, assignment, plan, session, created, finished = row
    return StoredRun(
        id=int(rid),
        person_id=int(pid),
        room_id=int(room),
        mode=str(mode),
        assignment_id=None if assignment is None else int(assignment),
        plan=str(plan),
        session_id=None if session is None else int(session),
        created_at=store._from_db_time(created),
        finished_at=None if finished is None else store._from_db_time(finished),
    )


def add_run(
    store: Store,
    *,
    person_id: int,
    trainee: str,
    room_id: int,
    mode: str,
    plan: str,
    assignment_id: int | None = None,
) -> int:
    """Keep a new run of ``person_id`` (whose trainee name is ``trainee``) with a progress
    session of its own; its number."""
    session = store.start_session(trainee, mode)
    with store._writing("start a run"):
        return store._db.insert(
            "INSERT INTO runs (person_id, room_id, mode, assignment_id, plan, session_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (person_id, room_id, mode, assignment_id, plan, session, store._to_db_time(now())),
        )


def stored_run(store: Store, *, run_id: int, person_id: int) -> StoredRun | None:
    """The run numbered ``run_id`` if it is ``person_id``'s (None: none, or someone else's)."""
    with store._reading("read a run"):
        rows = store._db.execute(_RUN + " WHERE id = ? AND person_id = ?", (run_id, person_id))
    return _run(store, rows[0]) if rows else None


def open_runs(store: Store, *, person_id: int, limit: int = 5) -> list[StoredRun]:
    """The person's unfinished runs, newest first."""
    with store._reading("read the runs"):
        rows = store._db.execute(
            _RUN + " WHERE person_id = ? AND finished_at IS NULL ORDER BY created_at DESC, id DESC"
            " LIMIT ?",
            (person_id, limit),
        )
    return [_run(store, row) for row in rows]


def run_answers(store: Store, run_id: int) -> list[RunAnswer]:
    """The run's answers, by position."""
    with store._reading("read a run's answers"):
        rows = store._db.execute(
            "SELECT position, answer, correct, answered_at FROM run_answers"
            " WHERE run_id = ? ORDER BY position",
            (run_id,),
        )
    return [
        RunAnswer(
            position=int(position),
            answer=tuple(str(part) for part in json.loads(str(given))),
            correct=bool(correct),
            answered_at=store._from_db_time(when),
        )
        for position, given, correct, when in rows
    ]


def keep_answer(
    store: Store,
    *,
    run_id: int,
    session_id: int | None,
    position: int,
    given: Sequence[str],
    progress: Answer,
) -> bool:
    """Keep the run's answer at ``position`` and the progress answer (in the run's session)
    in one transaction; False (and nothing written) when that position is answered already."""
    if session_id is None:
        raise UsageError("this run has no progress session")
    at = now()
    with store._writing("record an answer"):
        kept = store._db.execute(
            "INSERT INTO run_answers (run_id, position, answer, correct, answered_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (run_id, position) DO NOTHING"
            " RETURNING position",
            (run_id, position, json.dumps(list(given)), progress.correct, store._to_db_time(at)),
        )
        if not kept:
            return False
        store._record_rows(session_id, replace(progress, answered_at=at))
    return True


def change_plan(store: Store, run_id: int, change: Callable[[str], str]) -> str:
    """Replace the run's plan by ``change(plan)`` (JSON in, JSON out), the plan read and
    written under one lock so that no other change is lost; the plan written."""
    lock = " FOR UPDATE" if store._db.dialect == "postgresql" else ""
    with store._writing("keep the steps tapped"):
        rows = store._db.execute(f"SELECT plan FROM runs WHERE id = ?{lock}", (run_id,))
        plan = change(str(rows[0][0]))
        store._db.execute("UPDATE runs SET plan = ? WHERE id = ?", (plan, run_id))
    return plan


def finish_run(store: Store, *, run_id: int, session_id: int | None) -> None:
    """Mark the run and its progress session finished (again: nothing changes)."""
    at = store._to_db_time(now())
    with store._writing("finish a run"):
        store._db.execute(
            "UPDATE runs SET finished_at = ? WHERE id = ? AND finished_at IS NULL", (at, run_id)
        )
        if session_id is not None:
            store._db.execute(
                "UPDATE sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                (at, session_id),
            )
