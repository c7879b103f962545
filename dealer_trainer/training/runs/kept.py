"""Runs as the progress store keeps them (:mod:`dealer_trainer.store.runs` holds the SQL): a
new run, one run or a person's open ones, a run's answers, an answer kept with its progress
answer in one transaction, and an order question's steps tapped so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from dealer_trainer.errors import UsageError
from dealer_trainer.store import Store
from dealer_trainer.store import runs as stored_runs
from dealer_trainer.store.records import Answer
from dealer_trainer.store.runs import RunAnswer
from dealer_trainer.store.uploads import upload_texts
from dealer_trainer.training.runs.plans import RUN_MODES, Plan, Run

__all__ = ["answers", "create_run", "keep", "open_runs", "run", "set_pending"]


def _run(stored: stored_runs.StoredRun) -> Run:
    return Run(
        id=stored.id,
        person_id=stored.person_id,
        room_id=stored.room_id,
        mode=stored.mode,
        assignment_id=stored.assignment_id,
        plan=Plan.from_json(stored.plan),
        session_id=stored.session_id,
        created_at=stored.created_at,
        finished_at=stored.finished_at,
    )


def create_run(
    store: Store,
    *,
    person_id: int,
    trainee: str,
    room_id: int,
    mode: str,
    plan: Plan,
    assignment_id: int | None = None,
) -> int:
    """Keep a new run of ``person_id`` (whose trainee name is ``trainee``) with a progress
    session of its own; its number."""
    if mode not in RUN_MODES:
        raise UsageError(f"unknown run mode {mode!r}")
    return stored_runs.add_run(
        store,
        person_id=person_id,
        trainee=trainee,
        room_id=room_id,
        mode=mode,
        plan=plan.to_json(),
        assignment_id=assignment_id,
    )


def run(store: Store, *, run_id: int, person_id: int) -> Run | None:
    """The run numbered ``run_id`` if it is ``person_id``'s (None: none, or someone else's)."""
    found = stored_runs.stored_run(store, run_id=run_id, person_id=person_id)
    return None if found is None else _with_texts(store, _run(found))


def _with_texts(store: Store, found: Run) -> Run:
    """The run with the texts of the uploads it asks read back from the store (a plan names
    them by digest)."""
    wanted = found.plan.digests
    if not wanted:
        return found
    return replace(found, plan=found.plan.with_texts(upload_texts(store, wanted)))


def open_runs(store: Store, *, person_id: int, limit: int = 5) -> list[Run]:
    """The person's unfinished runs, newest first (their uploads' texts not read: a run
    asked is read with :func:`run`)."""
    return [_run(found) for found in stored_runs.open_runs(store, person_id=person_id, limit=limit)]


def answers(store: Store, run_id: int) -> list[RunAnswer]:
    """The run's answers, by position."""
    return stored_runs.run_answers(store, run_id)


def keep(store: Store, found: Run, position: int, given: Sequence[str], progress: Answer) -> bool:
    """Keep the run's answer at ``position`` and the progress answer in one transaction;
    False (and nothing written) when that position is answered already."""
    return stored_runs.keep_answer(
        store,
        run_id=found.id,
        session_id=found.session_id,
        position=position,
        given=given,
        progress=progress,
    )


def set_pending(store: Store, found: Run, position: int, steps: Sequence[str]) -> Run:
    """Keep the steps of the order question at ``position`` tapped so far; the run as now."""

    def change(text: str) -> str:
        plan = Plan.from_json(text)
        pending = dict(plan.pending)
        if steps:
            pending[position] = tuple(steps)
        else:
            pending.pop(position, None)
        return replace(plan, pending=pending).to_json()

    kept = Plan.from_json(stored_runs.change_plan(store, found.id, change))
    return replace(found, plan=replace(found.plan, pending=kept.pending))
