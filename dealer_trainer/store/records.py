"""What the store keeps of training: an answer, an item due for review, the modes, and what
the store is handed (it imports nothing above it): the spaced-repetition step and the grading
of exam attempts kept before their verdicts were."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import excerpt

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer_trainer.store.exams import AttemptAnswer, ExamVerdict, StoredAttempt
    from dealer_trainer.store.store import Store

__all__ = ["MAX_ID", "MODES", "Answer", "Due", "Scheduler", "VerdictGrader", "check_mode"]

#: the largest id the store keeps (a signed 64-bit integer, in SQLite and PostgreSQL alike): a
#: larger one names nothing, and must be refused before it reaches a driver
MAX_ID = 2**63 - 1
#: the modes an answer (and a session) can be given in
MODES = ("quiz", "review", "drill")


class Scheduler(Protocol):
    """The spaced-repetition step: the card (JSON) after an answer, and when it is next due.
    ``card`` is the card as kept (``None`` for an item never answered before)."""

    def __call__(
        self, card: str | None, correct: bool, when: datetime, /
    ) -> tuple[str, datetime]: ...


class VerdictGrader(Protocol):
    """The grading of an exam attempt submitted before verdicts were kept (the migration that
    keeps them runs it once): the store, the attempt and its answers, to a verdict per
    position; a :class:`~dealer_trainer.errors.ScriptError` when its plan cannot be read."""

    def __call__(
        self, store: Store, found: StoredAttempt, given: Sequence[AttemptAnswer], /
    ) -> Sequence[ExamVerdict]: ...


# --- what the store keeps -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: who answered what, in which mode, and whether it was right."""

    trainee: str
    #: a scenario id, or a drill item id such as ``drill:premature_turn``
    item: str
    #: a topic slug (:data:`dealer_trainer.rules.topics.TOPICS`) or ``procedure``
    topic: str
    #: one of :data:`MODES`
    mode: str
    correct: bool
    ruleset: str = ""
    difficulty: int | None = None
    #: what the trainee answered, as plain text
    given: str = ""
    #: the right answer, as plain text
    expected: str = ""
    #: seconds the trainee took to answer
    seconds: float | None = None
    #: when it was answered (UTC); :meth:`Store.record` uses the current time when ``None``
    answered_at: datetime | None = None
    #: the session it was given in; filled in when read back from the store
    session: int | None = None


@dataclass(frozen=True, slots=True)
class Due:
    """An item due for review: its review card says it should come back by ``due``."""

    item: str
    topic: str
    due: datetime
    #: the last answer to this item was wrong
    missed: bool


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise StoreError(f"unknown answer mode {excerpt(mode)}: use one of {', '.join(MODES)}")
