"""An exam attempt is graded once, at its submit: the verdict at each position is kept with its
score, and item analysis and the room's export read the kept verdicts, never grading again. A
store from before verdicts were kept is brought up to date by the migration, which grades each
submitted attempt once (one whose plan is damaged is left ungraded, with a warning, and keeps
its score), and gives the same figures as a store whose attempts were submitted with
verdicts. On SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.roles import Role
from dealer_trainer.store import MIGRATIONS, SCHEMA_VERSION, Store, people
from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.rows import db_time
from dealer_trainer.training.exam import graded
from dealer_trainer.training.exam.attempts import asked
from dealer_trainer.training.itemreport import item_report
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.pg import fresh_schema
from tests.test_exam_item_analysis import COHORT, HASH, IDS, T0, _sit

#: the migration that keeps verdicts
STEP = next(m.version for m in MIGRATIONS if m.description.startswith("the verdict at each"))


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store's target: an SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "progress.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def _cohort(store: Store, *, submit: bool) -> tuple[int, list[stored.StoredAttempt]]:
    """The fixed cohort of tests/test_exam_item_analysis.py sitting the four-item exam in a
    room (submitted with verdicts, or left open); the room and the attempts."""
    room = people.add_room(store, name="Day shift", ruleset="tda-2024")
    sat = []
    for seed, (name, rights) in enumerate(COHORT.items()):
        person = people.add_person(store, name=name, password_hash=HASH)
        people.add_member(store, room_id=room.id, person_id=person.id, role=Role.TRAINEE)
        sat.append(_sit(store, name, rights, room_id=room.id, seed=seed, submit=submit))
    return room.id, sat


def _figures(store: Store, room_id: int) -> tuple[Any, ...]:
    """What readers show: item analysis, the export's exam rows (but the attempts' ids) and the
    attempts' scores."""
    rows = [
        (row.trainee, row.item, row.topic, row.correct, row.given, row.expected, row.ruleset)
        for row in graded.export_rows(store, room_id)
    ]
    scores = [(a.trainee, a.right, a.passed) for a in stored.results(store, room_id=room_id)]
    return item_report(store, room_id=room_id).to_dict(), rows, scores


def _right(rights: tuple[bool | None, ...]) -> int:
    return sum(1 for right in rights if right)


def test_a_store_from_before_verdicts_upgrades_and_gives_the_same_figures(
    db: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # the same cohort submitted with verdicts, on a store of this version
    with open_store(str(tmp_path / "now.sqlite3")) as now:
        room_now, _ = _cohort(now, submit=True)
        expected = _figures(now, room_now)
    # ... and in a store of the version before, submitted as that version's submit did: the
    # score kept, no verdict; one more attempt whose plan was damaged since
    old = Store(connect(db), db, scheduler=next_card)
    old.migrate(upto=STEP - 1)
    room_old, sat = _cohort(old, submit=False)
    damaged = _sit(old, "Ana", (True, True, True, True), room_id=room_old, seed=11, submit=False)
    old.close()
    raw = connect(db)
    with raw.transaction():
        for found, rights in [*zip(sat, COHORT.values(), strict=True), (damaged, (True,) * 4)]:
            right = _right(rights)
            raw.execute(
                "UPDATE exam_attempts SET submitted_at = ?, answered_right = ?, passed = ?"
                " WHERE id = ?",
                (db_time(raw.dialect, T0 + timedelta(minutes=5)), right, right >= 3, found.id),
            )
        raw.execute("UPDATE exam_attempts SET plan = ? WHERE id = ?", ("{not json", damaged.id))
    raw.close()
    with caplog.at_level(logging.WARNING, logger="dealer_trainer.store"), open_store(db) as store:
        assert store.schema_version() == SCHEMA_VERSION
        report, rows, scores = _figures(store, room_old)
    assert (report, rows) == expected[:2]
    assert scores == [*expected[2], ("Ana", 4, True)]  # the damaged attempt keeps its score
    (warning,) = [r.getMessage() for r in caplog.records if "cannot be graded" in r.getMessage()]
    assert f"exam attempt {damaged.id} of 'Ana'" in warning and "leave it out" in warning


def test_the_submit_keeps_the_verdict_at_each_position_in_its_transaction(db: str) -> None:
    with open_store(db) as store:
        room_id, sat = _cohort(store, submit=True)
        kept = {a.kept.attempt.id: a for a in graded.graded_attempts(store, room_id=room_id)}
        for found, rights in zip(sat, COHORT.values(), strict=True):
            lines = kept[found.id].items
            assert [line.position for line in lines] == [1, 2, 3, 4]
            assert found.right == _right(rights) == sum(line.correct for line in lines)
            for line in lines:
                item = asked(found, line.position, store=store)
                assert line.item == item.entry.id
                assert line.correct is bool(rights[IDS.index(line.item)])
                assert (line.answered_at is None) is (rights[IDS.index(line.item)] is None)


def _grading_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way of grading an exam answer, in every module that holds one, raises."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("graded at read time")

    for name, module in list(sys.modules.items()):
        if name.startswith("dealer_trainer."):
            for function in ("grade", "prepare", "asked_all", "verdicts", "verdicts_for"):
                if callable(getattr(module, function, None)):
                    monkeypatch.setattr(module, function, refuse)


def test_item_analysis_and_the_export_read_the_kept_verdicts_and_grade_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(str(tmp_path / "store.sqlite3")) as store:
        room_id, _ = _cohort(store, submit=True)
        expected = _figures(store, room_id)
        _grading_fails(monkeypatch)
        assert _figures(store, room_id) == expected
        assert expected[0]["forms"][0]["sittings"] == len(COHORT)
