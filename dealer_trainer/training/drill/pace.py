"""How fast and how sure: each decision's time against its target, and mastery per skill.

A decision's time is graded against the target for its kind (:data:`TARGETS`, the one table of
targets): **fast** at 60% of the target or less, **slow** above 150%, **steady** between.
A skill is **weak** while its accuracy is below 90% over at least 3 attempts; with fewer
attempts it is not judged yet. Both are plain functions over plain data, for the terminal, the
browser and the trainee's home alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "FAST_SHARE",
    "MASTERY_ACCURACY",
    "MASTERY_ATTEMPTS",
    "SLOW_SHARE",
    "TARGETS",
    "Attempt",
    "Kind",
    "Mastery",
    "Speed",
    "grade",
    "mastery",
]

#: at or below this share of the target a decision is fast; above SLOW_SHARE, slow
FAST_SHARE = 0.6
SLOW_SHARE = 1.5
#: a skill is weak below this accuracy once it has this many attempts
MASTERY_ACCURACY = 0.9
MASTERY_ATTEMPTS = 3


class Kind(StrEnum):
    """What kind of decision a point asks for."""

    STEP = "step"  # the next step of the procedure (shuffle, cut, pitch, burn, a street ...)
    RECOVERY = "recovery"  # a step of the recovery from a dealer error
    SPOT = "spot"  # the first moment after an untold dealer error: the floor is due


#: the target time of each kind of decision, in seconds
TARGETS: Mapping[Kind, float] = {
    Kind.STEP: 4.0,
    Kind.RECOVERY: 8.0,
    Kind.SPOT: 6.0,
}


class Speed(StrEnum):
    """A decision's time against its target."""

    FAST = "fast"
    STEADY = "steady"
    SLOW = "slow"
    UNTIMED = "untimed"


def grade(seconds: float | None, kind: Kind) -> Speed:
    """The speed of a decision of ``kind`` that took ``seconds`` (None: not timed)."""
    if seconds is None:
        return Speed.UNTIMED
    target = TARGETS[kind]
    if seconds <= FAST_SHARE * target:
        return Speed.FAST
    if seconds > SLOW_SHARE * target:
        return Speed.SLOW
    return Speed.STEADY


@dataclass(frozen=True, slots=True, kw_only=True)
class Attempt:
    """One decision as mastery counts it."""

    skill: str
    correct: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Mastery:
    """One skill's figures."""

    attempts: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0

    @property
    def judged(self) -> bool:
        """Enough attempts to say weak or not."""
        return self.attempts >= MASTERY_ATTEMPTS

    @property
    def weak(self) -> bool:
        """Below 90% over at least 3 attempts."""
        return self.judged and self.accuracy < MASTERY_ACCURACY


def mastery(attempts: Iterable[Attempt]) -> dict[str, Mastery]:
    """Each skill's attempts and right ones, in the order the skills were first met."""
    counts: dict[str, tuple[int, int]] = {}
    for attempt in attempts:
        tried, right = counts.get(attempt.skill, (0, 0))
        counts[attempt.skill] = (tried + 1, right + attempt.correct)
    return {skill: Mastery(attempts=n, right=r) for skill, (n, r) in counts.items()}
