"""What a room's item analysis depends on, read in three small indexed queries, so that an
analysis kept from an earlier request can be known to be still true
(:mod:`dealer_trainer.training.itemcache`).

A room's item analysis (:func:`dealer_trainer.training.itemreport.item_report`) reads the
answers of the room's trainees given in the room or in no room, and their submitted exam
attempts sat there or in no room. Nothing of either is ever changed or deleted once kept
(answers and verdicts are written once; an attempt's submit is its last write; a session's run,
an assignment's title and a trainee's name are not edited), so with the set of trainees fixed,
both only grow, and their counts name them:

- the room's trainees (their trainee ids): a member joining, leaving or changing role;
- the room's answers, from the kept totals (``room_days``, :mod:`~dealer_trainer.store.totals`,
  which count every answer of the room's trainees as it is kept): any new answer;
- the room's submitted exam attempts: any new submit.

Equal inputs mean the same answers and attempts, hence the same analysis. Retired items are not
among them: the report marks them afresh on every read (one small query).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_trainer.roles import Role

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["AnalysisInputs", "analysis_inputs"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AnalysisInputs:
    """The figures a room's item analysis is a function of (with the first day it reads)."""

    room_id: int
    #: the trainee ids of the room's members with the trainee role, ascending
    trainees: tuple[int, ...]
    #: every answer of those trainees counted in the room (drill steps included)
    answers: int
    #: their submitted exam attempts sat in the room or in no room
    submitted_attempts: int


def analysis_inputs(store: Store, room_id: int) -> AnalysisInputs:
    """The room's :class:`AnalysisInputs` as the store holds them now."""
    trainee = Role.TRAINEE.value
    with store._reading("read what the room's item analysis depends on"):
        trainees = store._db.execute(
            "SELECT p.trainee_id FROM members m JOIN people p ON p.id = m.person_id"
            " WHERE m.room_id = ? AND m.role = ? ORDER BY p.trainee_id",
            (room_id, trainee),
        )
        answers = store._db.execute(
            "SELECT COALESCE(SUM(answered), 0) FROM room_days WHERE room_id = ?", (room_id,)
        )
        attempts = store._db.execute(
            "SELECT COUNT(*) FROM members m JOIN people p ON p.id = m.person_id"
            " JOIN exam_attempts a ON a.trainee_id = p.trainee_id"
            " WHERE m.room_id = ? AND m.role = ? AND a.submitted_at IS NOT NULL"
            " AND (a.room_id = m.room_id OR a.room_id IS NULL)",
            (room_id, trainee),
        )
    return AnalysisInputs(
        room_id=room_id,
        trainees=tuple(int(row[0]) for row in trainees),
        answers=int(answers[0][0]),
        submitted_attempts=int(attempts[0][0]),
    )
