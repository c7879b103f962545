"""The verdicts of submitted exam attempts, as their submit kept them, for what reads a room's
answers besides the answers table: item analysis (an attempt is one sitting, each exam one
form) and the room's export (an exam answer is a row naming its attempt).

Nothing is graded here: each attempt's verdict at each position was decided once, at its
submit (or, for an attempt submitted before verdicts were kept, by the migration that keeps
them), and is read back from the store (:mod:`dealer_trainer.store.exam_verdicts`)::

    for graded in graded_attempts(store, room_id=room.id):     # oldest first, streamed
        graded.sitting()            # itemstats.Sitting: (item, right) for every position
    export_rows(store, room.id)     # ExportRow per answer given, mode "exam"
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from dealer_trainer.store import Store
from dealer_trainer.store.exam_verdicts import VerdictedAttempt, verdicted_attempts
from dealer_trainer.store.roomdata import ExportRow
from dealer_trainer.training.itemstats import Sitting

__all__ = ["EXAM_MODE", "GradedAttempt", "GradedItem", "export_rows", "graded_attempts"]

#: the mode an exam answer is exported under (as a quiz's is ``quiz``)
EXAM_MODE = "exam"


@dataclass(frozen=True, slots=True, kw_only=True)
class GradedItem:
    """One position of a submitted attempt and its verdict, as its submit kept it."""

    position: int
    item: str
    #: the scenario's topic and difficulty ("" and None: gone from the bank since the draw)
    topic: str
    difficulty: int | None
    correct: bool
    #: the answer given and the right one, in words ("": left unanswered, or not gradable)
    given: str
    expected: str
    #: when it was answered (None: left unanswered)
    answered_at: datetime | None


@dataclass(frozen=True, slots=True, kw_only=True)
class GradedAttempt:
    """A submitted attempt, the verdict at every position."""

    kept: VerdictedAttempt
    ruleset: str
    items: tuple[GradedItem, ...]

    @property
    def form(self) -> str:
        """The form its reliability is computed with: the exam and its length."""
        count = len(self.items)
        return f"exam {self.kept.attempt.exam_id}, {count} item{'' if count == 1 else 's'}"

    def sitting(self) -> Sitting:
        """The attempt as item analysis reads a sitting: every position, right or wrong."""
        return Sitting(
            id=self.kept.attempt.id,
            person=self.kept.attempt.trainee,
            answers=tuple((line.item, line.correct) for line in self.items),
            form=self.form,
        )


def _ruleset(plan: str) -> str:
    """The ruleset the attempt's plan names ("": none, or a plan that cannot be read)."""
    try:
        read = json.loads(plan)
    except ValueError:
        return ""
    return str(read.get("ruleset", "")) if isinstance(read, dict) else ""


def _graded(kept: VerdictedAttempt) -> GradedAttempt:
    lines = tuple(
        GradedItem(
            position=line.verdict.position,
            item=line.verdict.item,
            topic=line.verdict.topic,
            difficulty=line.verdict.difficulty,
            correct=line.verdict.correct,
            given=line.verdict.given,
            expected=line.verdict.expected,
            answered_at=line.answered_at,
        )
        for line in kept.verdicts
    )
    return GradedAttempt(kept=kept, ruleset=_ruleset(kept.attempt.plan), items=lines)


def graded_attempts(
    store: Store, *, room_id: int | None = None, since: datetime | None = None
) -> Iterator[GradedAttempt]:
    """The submitted attempts (every one, or a room's trainees' in that room or in no room;
    started at or after ``since``), oldest first, each with the verdicts its submit kept (one
    left without verdicts, its plan damaged, is left out). Streamed: an attempt at a time."""
    for kept in verdicted_attempts(store, room_id=room_id, since=since):
        yield _graded(kept)


def export_rows(store: Store, room_id: int) -> Iterator[ExportRow]:
    """Every exam answer the room's trainees gave in submitted attempts, an attempt at a time
    (oldest first) and by position: a row of the room's export, mode ``exam``, naming its
    attempt (``exam_attempt``) and the exam assignment it was sat under."""
    for graded in graded_attempts(store, room_id=room_id):
        found = graded.kept.attempt
        for line in graded.items:
            if line.answered_at is None:
                continue
            yield ExportRow(
                trainee=found.trainee,
                item=line.item,
                topic=line.topic,
                mode=EXAM_MODE,
                correct=line.correct,
                ruleset=graded.ruleset,
                difficulty=line.difficulty,
                given=line.given,
                expected=line.expected,
                seconds=None,
                answered_at=line.answered_at,
                assignment=graded.kept.assignment_title,
                assignment_id=found.assignment_id,
                exam_attempt=found.id,
            )
