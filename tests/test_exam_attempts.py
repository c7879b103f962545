"""Sitting an exam, screen-free (DESIGN.md, contract 3): an attempt keeps the items and option
order it drew (each section's count, never an item or a family twice, never a retired item),
every answer as given (replaceable until the submit), its deadline (kept in the store, so it
holds across a reopen) and its result; an answer after the deadline, at a position outside
the plan or after the submit is refused with nothing lost; a second submit is refused; the
attempts per validity period are limited; the feedback comes only after the submit."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.errors import UsageError
from dealer_trainer.store import MIGRATIONS, SCHEMA_VERSION, Answer, Store
from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.exams import AttemptRefused, StoredAttempt
from dealer_trainer.training.exam.attempts import (
    asked,
    finish,
    load_exam,
    review,
    save_answer,
    settle,
    start,
    window_start,
)
from dealer_trainer.training.exam.fill import family_of
from dealer_trainer.training.exam.periods import Period, Validity
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.exam_answers import right_answer, wrong_answer
from tests.pg import fresh_schema

EXAM = load_exam("tda-style-dealer")
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The store's target: an SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "progress.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def _start(db: str, trainee: str = "Ana", seed: int = 5, at: datetime = T0) -> StoredAttempt:
    with open_store(db) as store:
        return start(store, EXAM, trainee=trainee, seed=seed, now=at)


def test_an_attempt_draws_each_sections_count_with_no_item_or_family_twice(db: str) -> None:
    found = _start(db, seed=11)
    plan = json.loads(found.plan)
    blueprint = EXAM.blueprint
    counts = Counter(item["section"] for item in plan["items"])
    assert [counts[i] for i in range(len(blueprint.sections))] == [
        s.count for s in blueprint.sections
    ]
    items = [asked(found, p) for p in range(1, found.items + 1)]
    assert len({i.entry.id for i in items}) == found.items == blueprint.items
    assert len({family_of(i.entry) for i in items}) == found.items
    for item, planned in zip(items, plan["items"], strict=True):
        section = blueprint.sections[planned["section"]]
        assert section.admits(topic=item.entry.topic, difficulty=item.entry.difficulty)
        assert item.entry.ruleset == blueprint.ruleset.name
        # the exact option order the attempt drew is kept, and asked again in that order
        assert [o.value for o in item.options] == planned["options"]


def test_the_same_seed_draws_the_same_attempt_and_retired_items_are_never_drawn(
    db: str,
) -> None:
    first, again = _start(db, "Ana", seed=3), _start(db, "Bo", seed=3)
    assert json.loads(first.plan) == json.loads(again.plan)
    drawn = {item["id"] for item in json.loads(first.plan)["items"]}
    with open_store(db) as store:
        other = start(store, EXAM, trainee="Cy", seed=3, retired=drawn, now=T0)
    assert drawn.isdisjoint(item["id"] for item in json.loads(other.plan)["items"])


def test_the_deadline_is_the_servers_and_holds_across_a_store_reopen(db: str) -> None:
    found = _start(db)
    assert found.deadline == T0 + EXAM.blueprint.time_limit
    with open_store(db) as store:  # a restarted server reads the same clock
        again = stored.attempt(store, found.id)
        assert again is not None and again.deadline == found.deadline
        first = asked(again, 1)
        save_answer(store, again, 1, right_answer(first), now=T0 + timedelta(minutes=59))
        with pytest.raises(AttemptRefused, match="time is up"):
            save_answer(store, again, 2, right_answer(asked(again, 2)), now=found.deadline)
        with pytest.raises(AttemptRefused):  # nor may an answer kept be replaced late
            save_answer(store, again, 1, wrong_answer(first), now=found.deadline)
    with open_store(db) as store:
        kept = stored.attempt_answers(store, found.id)
        assert [(a.position, list(a.answer)) for a in kept] == [(1, right_answer(first))]
        late = settle(store, found, now=found.deadline + timedelta(hours=3))
    assert late.submitted_at == found.deadline  # submitted at its deadline, with what was saved
    assert late.right == 1 and late.passed is False


def test_answers_are_replaceable_until_the_submit_and_a_second_submit_is_refused(
    db: str,
) -> None:
    found = _start(db)
    with open_store(db) as store:
        for position in range(1, found.items + 1):
            item = asked(found, position)
            save_answer(store, found, position, wrong_answer(item), now=T0)
            save_answer(store, found, position, right_answer(item), now=T0)  # changed mind
        done = finish(store, found, now=T0 + timedelta(minutes=30))
        assert done.right == found.items and done.passed and done.score_percent == 100.0
        with pytest.raises(AttemptRefused, match="submitted already"):
            finish(store, done, now=T0 + timedelta(minutes=31))
        with pytest.raises(AttemptRefused, match="submitted"):
            save_answer(store, done, 1, wrong_answer(asked(done, 1)), now=T0)
        again = stored.attempt(store, found.id)
    assert again is not None and again.right == found.items  # nothing changed


def test_a_position_outside_the_plan_or_an_answer_that_is_none_is_refused(db: str) -> None:
    found = _start(db)
    with open_store(db) as store:
        for position in (0, -1, found.items + 1):
            with pytest.raises(UsageError):
                stored.answer(store, found.id, position=position, given=["c0"], now=T0)
        with pytest.raises(UsageError):
            save_answer(store, found, 1, ["not-an-option"], now=T0)
        assert stored.attempt_answers(store, found.id) == []


def test_the_pass_mark_is_exact_and_unanswered_items_are_wrong(db: str) -> None:
    found = _start(db)
    needed = -(-EXAM.blueprint.pass_mark * found.items // 100)  # 36 of 40 at 90%
    with open_store(db) as store:
        for position in range(1, needed):
            save_answer(store, found, position, right_answer(asked(found, position)), now=T0)
        short = finish(store, found, now=T0)
        assert short.right == needed - 1 and not short.passed
        other = start(store, EXAM, trainee="Bo", seed=5, now=T0)
        for position in range(1, needed + 1):
            save_answer(store, other, position, right_answer(asked(other, position)), now=T0)
        assert finish(store, other, now=T0).passed


def test_attempts_are_limited_per_validity_period(db: str) -> None:
    limit = EXAM.blueprint.attempts
    for n in range(limit):
        _start(db, seed=n, at=T0 + timedelta(days=n))
    with pytest.raises(AttemptRefused, match=f"{limit} of {limit} attempt"):
        _start(db, seed=99, at=T0 + timedelta(days=limit))
    _start(db, "Bo", seed=99, at=T0 + timedelta(days=limit))  # another trainee's own count
    # two years on (the blueprint's validity), the first attempt no longer counts
    later = datetime(2028, 3, 2, 9, 1, tzinfo=UTC)
    assert window_start(EXAM.blueprint.valid_for, later) > T0
    _start(db, seed=100, at=later)
    with pytest.raises(AttemptRefused):
        _start(db, seed=101, at=later)


def test_a_validity_window_reaches_back_by_the_calendar() -> None:
    when = datetime(2028, 2, 29, 12, 0, tzinfo=UTC)
    assert window_start(Validity(amount=1, unit=Period.YEARS), when) == datetime(
        2027, 2, 28, 12, 0, tzinfo=UTC
    )
    assert window_start(Validity(amount=18, unit=Period.MONTHS), when).date().isoformat() == (
        "2026-08-29"
    )
    assert window_start(Validity(amount=2, unit=Period.WEEKS), when) == when - timedelta(days=14)


def test_the_feedback_comes_only_after_the_submit_and_covers_every_item(db: str) -> None:
    found = _start(db)
    with open_store(db) as store:
        with pytest.raises(AttemptRefused, match="after the attempt is submitted"):
            review(store, found)
        save_answer(store, found, 1, right_answer(asked(found, 1)), now=T0)
        save_answer(store, found, 2, wrong_answer(asked(found, 2)), now=T0)
        rows = review(store, finish(store, found, now=T0))
    assert len(rows) == found.items
    assert rows[0].correct and not rows[1].correct and rows[2].given is None
    assert all(row.key is not None and row.key.explain for row in rows)
    missed = rows[1]
    assert missed.feedback is not None and missed.key is not None
    assert missed.feedback.given != missed.key.expected


def test_a_store_from_before_exams_upgrades_and_keeps_an_attempt(db: str) -> None:
    exams_step = next(m.version for m in MIGRATIONS if m.description.startswith("exams:"))
    old = Store(connect(db), db, scheduler=next_card)
    old.migrate(upto=exams_step - 1)
    old.record(
        old.start_session("Ana", "quiz"),
        Answer(trainee="Ana", item="a", topic="misdeal", mode="quiz", correct=True),
    )
    old.close()
    found = _start(db)
    with open_store(db) as store:
        assert store.schema_version() == SCHEMA_VERSION
        assert stored.attempts_of(store, "Ana") == [found]
