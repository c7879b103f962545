"""Each kept dealing-drill pick's time, graded against its target (:mod:`.pace`): for the
summary of a drill taken in the browser, where the picks are replayed without their times.

A pick is kept as a ``dealing`` skill answer whose kind says what the decision was: ``spot:<error>``
where the floor was due, an error's name during its recovery, else a step of the procedure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.procedure.rulings import situation
from dealer_trainer.store import Store
from dealer_trainer.store.skills import DEALING, SkillAnswer, skill_answers
from dealer_trainer.training.drill.pace import TARGETS, Kind, Speed, grade

__all__ = ["Timed", "decision_kind", "session_timings", "speed_counts", "timings"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Timed:
    """One pick's time against its target."""

    number: int
    kind: Kind
    seconds: float | None
    speed: Speed
    target: float

    @property
    def words(self) -> str:
        """``2.3 s: steady (target 4 s)``, or ``untimed``."""
        if self.seconds is None:
            return "untimed"
        return f"{self.seconds:.1f} s: {self.speed.value} (target {self.target:g} s)"


def decision_kind(kept: str) -> Kind:
    """What kind of decision a pick kept as ``kept`` was (its time target)."""
    if kept.startswith("spot:"):
        return Kind.SPOT
    try:
        situation(kept)
    except KeyError:  # a step of the procedure, not a dealer error
        return Kind.STEP
    return Kind.RECOVERY


def timings(answers: Sequence[SkillAnswer]) -> list[Timed]:
    """Each pick of ``answers`` (a drill's, in order), its time graded."""
    found: list[Timed] = []
    for number, answer in enumerate(answers, 1):
        kind = decision_kind(answer.kind)
        found.append(
            Timed(
                number=number,
                kind=kind,
                seconds=answer.seconds,
                speed=grade(answer.seconds, kind),
                target=TARGETS[kind],
            )
        )
    return found


def speed_counts(timed: Sequence[Timed]) -> dict[str, int]:
    """How many picks were fast, steady, slow and untimed (every grade named, 0 or more)."""
    counted = Counter(item.speed.value for item in timed)
    return {speed.value: counted[speed.value] for speed in Speed}


def session_timings(store: Store, trainee: str, session_id: int | None) -> list[Timed]:
    """The timed picks of the dealing drill kept in session ``session_id`` (a browser run's)."""
    if session_id is None:
        return []
    kept = [
        answer
        for answer in skill_answers(store, trainee)
        if answer.session == session_id and answer.skill == DEALING
    ]
    return timings(kept)
