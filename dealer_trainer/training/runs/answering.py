"""Answering a run: a quiz's or a review's answer graded and kept, a run finished, and its
summary (the score per topic and the misses)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.store import Store
from dealer_trainer.store import runs as stored_runs
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.records import Answer
from dealer_trainer.training.quiz import Feedback, grade
from dealer_trainer.training.runs.drills import drill_state, forget_drills, release_drill
from dealer_trainer.training.runs.kept import answers, keep
from dealer_trainer.training.runs.plans import Run, item
from dealer_trainer.training.runs.tables import forget_table, is_real_table, table_marks
from dealer_trainer.training.summary import Mark, Summary, summarise

__all__ = ["Outcome", "answer", "finish_run", "summary"]


def finish_run(store: Store, found: Run) -> None:
    """Mark the run and its progress session finished (again: nothing changes)."""
    if found.finished_at is not None:
        return
    forget_drills(found.id)  # a finished drill takes no more picks: drop it from this process
    forget_table(found.id)
    stored_runs.finish_run(store, run_id=found.id, session_id=found.session_id)


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """An answer judged: the feedback, and whether this request recorded it (False: the
    item was answered already, and ``feedback`` is that first answer's)."""

    feedback: Feedback
    recorded: bool
    given: tuple[str, ...]


def answer(
    store: Store,
    found: Run,
    *,
    position: int,
    given: Sequence[str],
    trainee: str,
    seconds: float | None = None,
) -> Outcome:
    """Grade ``given`` for the item at ``position`` and keep it (with the progress answer,
    and the ``seconds`` the trainee took, when known); an item answered already keeps its
    first answer. Raises :class:`UsageError` for an answer that is not one (not an option,
    not a number)."""
    if not 1 <= position <= found.length:
        raise UsageError("there is no such question in this run")
    asked = item(found.plan, position)
    feedback = grade(asked, given)
    scenario = asked.scenario
    progress = Answer(
        trainee=trainee,
        item=scenario.id,
        topic=scenario.topic.slug,
        mode=found.mode,
        correct=feedback.correct,
        ruleset=scenario.ruleset.name,
        difficulty=scenario.difficulty,
        given=feedback.given,
        expected=feedback.expected,
        seconds=seconds,
    )
    if keep(store, found, position, given, progress):
        return Outcome(feedback=feedback, recorded=True, given=tuple(given))
    first = next(a for a in answers(store, found.id) if a.position == position)
    return Outcome(feedback=grade(asked, first.answer), recorded=False, given=first.answer)


def summary(store: Store, found: Run, trainee: str, house_yaml: str | None = None) -> Summary:
    """The run's score per topic and its misses (items that no longer load are left out; a
    drill in a house room is replayed under ``house_yaml``)."""
    given = answers(store, found.id)
    marks: list[Mark] = []
    if is_real_table(found):
        marks = table_marks(found, given, house_yaml)
    elif found.mode == "drill":
        state = drill_state(found, given, house_yaml)
        marks = list(state.drill.recorder.marks)
        if found.finished_at is None:
            release_drill(found, state, house_yaml)
        else:
            state.drill.close()
    else:
        for kept in given:
            try:
                asked = item(found.plan, kept.position)
                feedback = grade(asked, kept.answer)
            except (ScriptError, UsageError):
                continue
            marks.append(
                Mark(
                    item=asked.scenario.id,
                    topic=asked.scenario.topic.slug,
                    correct=feedback.correct,
                    given=feedback.given,
                    expected=feedback.expected,
                    title=asked.scenario.title,
                    number=kept.position,
                    rule=feedback.rule,
                    rule_title=feedback.rule_title,
                )
            )
    end = found.finished_at or _now()
    return summarise(
        marks,
        trainee=trainee,
        mode=found.mode,
        seconds=(end - found.created_at).total_seconds(),
        planned=None if found.mode == "drill" else found.length,
        stopped=found.mode != "drill" and len(marks) < found.length,
    )
