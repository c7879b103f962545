"""The store's side of assignments tracked to done, on SQLite and PostgreSQL: the runs started
from a quiz assignment with their answers counted, the attempts started from an exam
assignment with their certificate, a room's trainees; and the statuses read from them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.roles import Role
from dealer_trainer.store import Answer, Store, exam_rooms, people
from dealer_trainer.store import runs as stored_runs
from dealer_trainer.store.assignments import add_assignment
from dealer_trainer.store.progressstatus import exam_sittings, quiz_sittings, trainees
from dealer_trainer.training.assignment_status import State, room_statuses
from dealer_trainer.training.exam.attempts import asked, finish, load_exam, save_answer, start
from dealer_trainer.training.runs.plans import Plan, PlanItem
from tests.exam_answers import right_answer
from tests.pg import store_on

EXAM = load_exam("tda-style-dealer")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _plan(count: int) -> str:
    return Plan(
        ruleset="roberts",
        items=tuple(
            PlanItem(id=f"item-{n}", path=f"x/item-{n}.yaml", seed=n) for n in range(count)
        ),
    ).to_json()


def test_quiz_runs_exam_attempts_and_trainees_are_read_per_room(store: Store) -> None:
    room = people.add_room(store, name="Evening", ruleset="roberts")
    other = people.add_room(store, name="Morning", ruleset="roberts")
    ana = people.add_person(store, name="Ana", password_hash="x")
    bo = people.add_person(store, name="Bo", password_hash="x")
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    people.add_member(store, room_id=room.id, person_id=bo.id, role=Role.TRAINER)
    people.add_member(store, room_id=other.id, person_id=ana.id, role=Role.TRAINEE)
    assert trainees(store, room.id) == [(ana.id, "Ana")]
    quiz = add_assignment(
        store,
        room_id=room.id,
        title="Week one",
        topics=(),
        length=3,
        due_on=date.today() - timedelta(days=1),
        created_by=bo.id,
    )
    run = stored_runs.add_run(
        store,
        person_id=ana.id,
        trainee="Ana",
        room_id=room.id,
        mode="quiz",
        plan=_plan(3),
        assignment_id=quiz,
    )
    found = stored_runs.stored_run(store, run_id=run, person_id=ana.id)
    assert found is not None
    for position, correct in ((1, True), (2, False)):
        stored_runs.keep_answer(
            store,
            run_id=run,
            session_id=found.session_id,
            position=position,
            given=["c0"],
            progress=Answer("Ana", f"item-{position}", "misdeal", "quiz", correct=correct),
        )
    (sitting,) = quiz_sittings(store, room.id)
    assert (sitting.run_id, sitting.person_id, sitting.answered, sitting.right) == (
        run,
        ana.id,
        2,
        1,
    )
    assert sitting.last_answer_at is not None and sitting.finished_at is None
    assert quiz_sittings(store, other.id) == []
    at = datetime.now(UTC)
    exam = exam_rooms.add_exam_assignment(
        store,
        room_id=room.id,
        exam_id=EXAM.blueprint.id,
        title=EXAM.blueprint.title,
        text=EXAM.text,
        person_id=None,
        opens_at=at - timedelta(days=1),
        closes_at=at + timedelta(days=1),
        by=bo.id,
    )
    attempt = start(store, EXAM, trainee="Ana", room_id=room.id, assignment_id=exam)
    for position in range(1, attempt.items + 1):
        save_answer(store, attempt, position, right_answer(asked(attempt, position)))
    done = finish(store, attempt)
    (sat,) = exam_sittings(store, room.id, person_id=ana.id)
    assert (sat.attempt_id, sat.right, sat.passed) == (attempt.id, attempt.items, True)
    assert sat.certificate_id is not None and sat.certificate_expires_at is not None
    assert sat.submitted_at == done.submitted_at
    assert exam_sittings(store, other.id) == []
    statuses = {s.title: s for s in room_statuses(store, room.id)}
    assert statuses["Week one"].state is State.OVERDUE and statuses["Week one"].started
    assert statuses[EXAM.blueprint.title].state is State.DONE
