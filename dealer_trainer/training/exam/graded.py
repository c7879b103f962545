"""The answers of submitted exam attempts graded item by item, for what reads a room's
answers besides the answers table: item analysis (an attempt is one sitting, each exam one
form) and the room's export (an exam answer is a row naming its attempt).

Exam answers are kept as given (:mod:`dealer_trainer.store.exams`), without a verdict: the
verdict is the attempt's plan and the scenario's key, so each attempt is graded here as its
submit graded it (an item left unanswered, or gone from the bank since, is wrong)::

    for graded in graded_attempts(store, room_id=room.id):     # oldest first, streamed
        graded.sitting()            # itemstats.Sitting: (item, right) for every position
    export_rows(store, room.id)     # ExportRow per answer given, mode "exam"
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from dealer_trainer.errors import UsageError
from dealer_trainer.store import Store
from dealer_trainer.store.exams import SubmittedAttempt, submitted_attempts
from dealer_trainer.store.roomdata import ExportRow
from dealer_trainer.training.exam.attempts import asked_all
from dealer_trainer.training.itemstats import Sitting
from dealer_trainer.training.quiz import grade

__all__ = ["EXAM_MODE", "GradedAttempt", "GradedItem", "export_rows", "graded_attempts"]

#: the mode an exam answer is exported under (as a quiz's is ``quiz``)
EXAM_MODE = "exam"


@dataclass(frozen=True, slots=True, kw_only=True)
class GradedItem:
    """One position of a submitted attempt and its verdict."""

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
    """A submitted attempt, every position graded."""

    kept: SubmittedAttempt
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


def _graded(store: Store, kept: SubmittedAttempt) -> GradedAttempt:
    found = kept.attempt
    plan = json.loads(found.plan)
    ids = [str(planned["id"]) for planned in plan["items"]]
    items = asked_all(store, found)
    given = {answer.position: answer for answer in kept.answers}
    lines: list[GradedItem] = []
    for position in range(1, found.items + 1):
        item = items.get(position)
        answer = given.get(position)
        feedback = None
        if item is not None and answer is not None:
            try:
                feedback = grade(item, answer.answer)
            except UsageError:  # no longer an answer to this item: wrong, as the submit had it
                feedback = None
        lines.append(
            GradedItem(
                position=position,
                item=item.entry.id if item is not None else ids[position - 1],
                topic=item.entry.topic if item is not None else "",
                difficulty=item.entry.difficulty if item is not None else None,
                correct=feedback is not None and feedback.correct,
                given=feedback.given if feedback is not None else "",
                expected=feedback.expected if feedback is not None else "",
                answered_at=None if answer is None else answer.answered_at,
            )
        )
    return GradedAttempt(kept=kept, ruleset=str(plan.get("ruleset", "")), items=tuple(lines))


def graded_attempts(
    store: Store, *, room_id: int | None = None, since: datetime | None = None
) -> Iterator[GradedAttempt]:
    """The submitted attempts (every one, or a room's trainees' in that room or in no room;
    started at or after ``since``), oldest first, each graded. Streamed: an attempt at a
    time."""
    for kept in submitted_attempts(store, room_id=room_id, since=since):
        yield _graded(store, kept)


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
