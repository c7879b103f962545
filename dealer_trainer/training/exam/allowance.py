"""How many attempts at an exam a trainee has left in its validity period, and from when
they may sit it again when none is left (issue 23: attempts are limited per validity period).

The store counts, and refuses, under its lock when an attempt starts
(:func:`dealer_trainer.store.exams.start_attempt`); this says the same beforehand, so that the
pages offer no Start that would be refused, and say why in one sentence::

    found = allowance(store, exam.blueprint, trainee="Ana")
    found.left                 # 0
    found.refusal              # "You have used 2 of your 2 attempts ... again from ..."

An attempt counts while it started after the start of the validity period that ends now
(:meth:`~dealer_trainer.training.exam.periods.Validity.start_before`, as the store counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.adapters import utc
from dealer_trainer.training.exam.blueprint import Blueprint
from dealer_trainer.training.exam.periods import Period, Validity

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["Allowance", "allowance"]

_UNITS = {Period.DAYS: "day", Period.WEEKS: "week", Period.MONTHS: "month", Period.YEARS: "year"}


def _period(validity: Validity) -> str:
    unit = _UNITS[validity.unit]
    return f"{validity.amount} {unit}{'s' if validity.amount != 1 else ''}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Allowance:
    """A trainee's attempts at one exam in its validity period."""

    limit: int
    used: int
    validity: Validity
    #: when an attempt is free again (None: one is left now)
    again_at: datetime | None

    @property
    def left(self) -> int:
        return max(0, self.limit - self.used)

    @property
    def refusal(self) -> str:
        """Why no attempt may start, in one plain sentence (empty when one is left)."""
        if self.left:
            return ""
        words = (
            f"You have used {self.used} of your {self.limit} attempt"
            f"{'s' if self.limit != 1 else ''} at this exam in its validity period "
            f"({_period(self.validity)}), so you cannot start another now."
        )
        if self.again_at is not None:
            words += f" You may sit it again from {self.again_at:%Y-%m-%d %H:%M} UTC."
        return words


def _free_from(validity: Validity, started: datetime) -> datetime:
    """The first moment an attempt started at ``started`` no longer counts: the end of the
    validity period it opened (a day later when a short month cut that end back)."""
    when = datetime.combine(validity.expiry(started.date()), started.timetz())
    if validity.start_before(when) >= started:
        return when
    while validity.start_before(when) < started:
        when += timedelta(days=1)
    # the period back from a day jumps at its midnight (31 January, a month on: counted on
    # 28 February, since the period then starts on the 28th; free from 1 March, 00:00)
    midnight = when.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight if validity.start_before(midnight) >= started else when


def allowance(
    store: Store, blueprint: Blueprint, *, trainee: str, now: datetime | None = None
) -> Allowance:
    """The attempts ``trainee`` has used and has left at the blueprint's exam at ``now``."""
    at = _now() if now is None else utc(now)
    since = blueprint.valid_for.start_before(at)
    counted = sorted(
        a.started_at
        for a in stored.attempts_of(store, trainee, exam_id=blueprint.id)
        if a.started_at > since
    )
    used = len(counted)
    again = None
    if used >= blueprint.attempts:
        # the attempt whose leaving the period brings the count under the limit
        again = _free_from(blueprint.valid_for, counted[used - blueprint.attempts])
    return Allowance(
        limit=blueprint.attempts, used=used, validity=blueprint.valid_for, again_at=again
    )
