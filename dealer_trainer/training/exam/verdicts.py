"""An exam attempt's verdicts, decided once at its submit (and by the migration that keeps
them for attempts submitted before): right or not at each position, with the answer given and
the right one in words. Read back by every reader from the store
(:mod:`dealer_trainer.store.exam_verdicts`), never decided again::

    ids = plan_ids(found)                           # the item at each position; ScriptError:
                                                    # the plan cannot be read
    verdicts(ids, asked_all(store, found), given)   # ExamVerdict per position
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.store.exams import AttemptAnswer, ExamVerdict, StoredAttempt
from dealer_trainer.training.quiz import Item, grade

__all__ = ["plan_ids", "verdicts"]


def plan_ids(found: StoredAttempt) -> list[str]:
    """The item named at each position of the attempt's plan; a :class:`ScriptError` when the
    plan cannot be read (a damaged row), so that nothing is graded from it."""
    damaged = f"the plan of exam attempt {found.id} cannot be read"
    try:
        plan = json.loads(found.plan)
    except ValueError:  # not JSON
        raise ScriptError(damaged) from None
    items = plan.get("items") if isinstance(plan, dict) else None
    if not isinstance(items, list) or len(items) != found.items:
        raise ScriptError(f"{damaged}: it does not list its {found.items} items")
    for planned in items:
        if not (
            isinstance(planned, dict)
            and isinstance(planned.get("id"), str)
            and isinstance(planned.get("seed"), int)
        ):
            raise ScriptError(f"{damaged}: an item has no id or seed")
    return [str(planned["id"]) for planned in items]


def verdicts(
    ids: Sequence[str], items: dict[int, Item], given: Iterable[AttemptAnswer]
) -> tuple[ExamVerdict, ...]:
    """The verdict at each position: an item left unanswered, gone from the bank since the
    draw, or answered with what is no longer an answer to it, is wrong."""
    answers = {kept.position: kept.answer for kept in given}
    lines: list[ExamVerdict] = []
    for position, ident in enumerate(ids, start=1):
        item, answer = items.get(position), answers.get(position)
        feedback = None
        if item is not None and answer is not None:
            try:
                feedback = grade(item, answer)
            except UsageError:
                feedback = None
        lines.append(
            ExamVerdict(
                position=position,
                item=ident if item is None else item.entry.id,
                topic="" if item is None else item.entry.topic,
                difficulty=None if item is None else item.entry.difficulty,
                correct=feedback is not None and feedback.correct,
                given="" if feedback is None else feedback.given,
                expected="" if feedback is None else feedback.expected,
            )
        )
    return tuple(lines)
