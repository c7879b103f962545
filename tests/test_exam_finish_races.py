"""Finishing an attempt is idempotent and race-safe (issue 23): an attempt whose time ran out
is submitted by whichever request reads it first (the exam's pages, the trainee's home, the
dashboard), and two finishes at once, from two threads each with its own connection as two
processes would have, keep one result and issue at most one certificate."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.store import certificates
from dealer_trainer.store import exams as stored
from dealer_trainer.store.exams import AttemptRefused, StoredAttempt
from dealer_trainer.training.exam.attempts import (
    asked,
    finish,
    load_exam,
    save_answer,
    settle,
    start,
)
from dealer_trainer.training.progress import open_store
from tests.exam_answers import right_answer
from tests.pg import fresh_schema

EXAM = load_exam("tda-style-dealer")
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "progress.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def _answered_in_time(db: str) -> StoredAttempt:
    """An attempt with every item answered right before its deadline, never submitted."""
    with open_store(db) as store:
        found = start(store, EXAM, trainee="Ana", seed=3, now=T0)
        for position in range(1, found.items + 1):
            given = right_answer(asked(found, position))
            save_answer(store, found, position, given, now=T0 + timedelta(minutes=1))
    return found


def _at_once(db: str, work: list[object], run: object) -> list[object]:
    """``run(store, found)`` in two threads released together, each with its own store."""
    barrier = threading.Barrier(len(work))
    results: list[object] = [None] * len(work)

    def one(index: int) -> None:
        with open_store(db) as store:
            barrier.wait()
            try:
                results[index] = run(store, work[index])  # type: ignore[operator]
            except AttemptRefused as exc:
                results[index] = exc

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_settles_at_once_of_an_attempt_out_of_time_keep_one_result_and_one_certificate(
    db: str,
) -> None:
    found = _answered_in_time(db)
    late = found.deadline + timedelta(minutes=5)
    results = _at_once(db, [found, found], lambda store, f: settle(store, f, now=late))
    assert all(isinstance(r, StoredAttempt) for r in results), results
    first, second = results
    assert isinstance(first, StoredAttempt) and isinstance(second, StoredAttempt)
    assert (first.submitted_at, first.right, first.passed) == (
        second.submitted_at,
        second.right,
        second.passed,
    )
    assert first.submitted_at == found.deadline and first.right == found.items and first.passed
    with open_store(db) as store:
        issued = [c for c in certificates.certificates_of(store, "Ana") if c.attempt_id == found.id]
        again = settle(store, stored.attempt(store, found.id) or found, now=late)
    assert len(issued) == 1 and issued[0].issued_at == found.deadline
    assert again.submitted_at == found.deadline  # settling once more changes nothing


def test_two_submits_at_once_keep_one_result_refuse_the_other_and_issue_one_certificate(
    db: str,
) -> None:
    found = _answered_in_time(db)
    at = T0 + timedelta(minutes=2)
    results = _at_once(db, [found, found], lambda store, f: finish(store, f, now=at))
    kept = [r for r in results if isinstance(r, StoredAttempt)]
    refused = [r for r in results if isinstance(r, AttemptRefused)]
    assert len(kept) == 1 and len(refused) == 1, results
    with open_store(db) as store:
        issued = [c for c in certificates.certificates_of(store, "Ana") if c.attempt_id == found.id]
        done = stored.attempt(store, found.id)
    assert len(issued) == 1 and done is not None and done.submitted_at == at
    assert issued[0].score_percent == 100.0


def test_a_result_is_never_kept_without_the_certificate_it_earned(db: str) -> None:
    """The certificate is issued in the submit's transaction: when issuing fails, the submit
    is undone too (and the next finish does both)."""
    found = _answered_in_time(db)

    def broken(done: StoredAttempt) -> certificates.NewCertificate:
        raise RuntimeError("the disk is full")

    with open_store(db) as store:
        with pytest.raises(RuntimeError):
            stored.submit(
                store,
                found.id,
                lambda given: stored.Graded(right=len(given), passed=True, verdicts=()),
                certify=broken,
            )
        assert (stored.attempt(store, found.id) or found).submitted_at is None
        done = finish(store, found, now=T0 + timedelta(minutes=3))
        assert done.passed and certificates.of_attempt(store, found.id) is not None
