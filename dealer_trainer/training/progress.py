"""The progress store as training opens it: with the spaced-repetition step
(:func:`dealer_trainer.training.review.next_card`) that keeps each trainee's review cards, and
the exam grading that keeps, once, the verdicts of attempts submitted before verdicts were kept
(:func:`dealer_trainer.training.exam.attempts.verdicts_for`, run by the store's migration).

The store (:mod:`dealer_trainer.store`) imports nothing above it, so it is handed these
here; every command and page that records answers opens its store with :func:`open_store`::

    with open_store() as store:                 # $DEALER_TRAINER_DB, else the default file
        session = store.start_session("Ana", "quiz")
        store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz",
                                     correct=False))
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from dealer_trainer.store import ENV_VAR, Answer, Due, NoStore, Store, default_target
from dealer_trainer.store import open_store as _open_store
from dealer_trainer.store.exams import AttemptAnswer, ExamVerdict, StoredAttempt
from dealer_trainer.training.review import next_card

__all__ = ["ENV_VAR", "Answer", "Due", "NoStore", "Store", "default_target", "open_store"]


def open_store(target: str | os.PathLike[str] | None = None, *, create: bool = True) -> Store:
    """:func:`dealer_trainer.store.open_store` with training's review scheduler and exam
    grading."""
    return _open_store(target, create=create, scheduler=next_card, verdicts=_exam_verdicts)


def _exam_verdicts(
    store: Store, found: StoredAttempt, given: Sequence[AttemptAnswer]
) -> tuple[ExamVerdict, ...]:
    """The verdicts of an attempt submitted before verdicts were kept (the migration asks)."""
    # start-up: the exams and their bank load only when a store holding such attempts upgrades
    from dealer_trainer.training.exam.attempts import verdicts_for

    return verdicts_for(store, found, given)
