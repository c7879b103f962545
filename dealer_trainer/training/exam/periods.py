"""The two lengths of time a blueprint names, each with its own grammar.

``time_limit``: hours, minutes and seconds, each a whole number with its unit, largest first,
with no spaces: ``60m``, ``1h30m``, ``90s``, ``2h``. From one minute to 24 hours.

``valid_for``: one whole number with one unit of the calendar: ``d`` (days), ``w`` (weeks),
``mo`` (months) or ``y`` (years): ``2y``, ``18mo``, ``26w``, ``90d``. A bare ``m`` is refused
(it is minutes in a time limit). From one day to ten years.

Each parser returns the value or raises :class:`ValueError` whose message says what is wrong
and what is allowed (the reader puts it at the value's place in the file).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import Enum

__all__ = [
    "MAX_TIME_LIMIT",
    "MIN_TIME_LIMIT",
    "Period",
    "Validity",
    "parse_time_limit",
    "parse_valid_for",
    "show_time_limit",
]

MIN_TIME_LIMIT = timedelta(minutes=1)
MAX_TIME_LIMIT = timedelta(hours=24)

#: a time limit: ``1h30m``, ``60m``, ``90s`` (at most 6 digits a part: longer is absurd anyway)
_TIME = re.compile(r"(?:(?P<h>\d{1,6})h)?(?:(?P<m>\d{1,6})m)?(?:(?P<s>\d{1,6})s)?")
#: a validity: ``2y``, ``18mo``, ``26w``, ``90d``
_VALID = re.compile(r"(?P<n>\d{1,6})(?P<unit>mo|[dwy])")
_TIME_HELP = "hours, minutes and seconds, largest first (like 60m, 1h30m or 90s)"
_VALID_HELP = "days, weeks, months or years (like 2y, 18mo, 26w or 90d)"


def _shown(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= 20 else text[:20] + "...")


def show_time_limit(limit: timedelta) -> str:
    """A time limit as a blueprint writes it: ``1h30m``, ``60m``, ``90s`` -> ``1m30s``."""
    seconds = int(limit.total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [(hours, "h"), (minutes, "m"), (seconds, "s")]
    return "".join(f"{n}{unit}" for n, unit in parts if n) or "0s"


def parse_time_limit(value: object) -> timedelta:
    """``60m``, ``1h30m``, ``90s`` as a :class:`timedelta` (from 1 minute to 24 hours)."""
    if type(value) is int and value <= 0:
        raise ValueError(f"'time_limit' must be a positive length of time, not {value}")
    if type(value) is int:
        raise ValueError(
            f"'time_limit' needs its unit: write {value}m for minutes; it takes {_TIME_HELP}"
        )
    if not isinstance(value, str):
        raise ValueError(f"'time_limit' must be a length of time in {_TIME_HELP}")
    text = value.strip()
    if text.startswith("-"):
        raise ValueError(f"'time_limit' must be a positive length of time, not {_shown(value)}")
    found = _TIME.fullmatch(text)
    if not text or found is None:
        raise ValueError(f"'time_limit' takes {_TIME_HELP}, not {_shown(value)}")
    hours, minutes, seconds = (int(found.group(unit) or 0) for unit in "hms")
    limit = timedelta(hours=hours, minutes=minutes, seconds=seconds)
    if limit < MIN_TIME_LIMIT:
        raise ValueError(f"'time_limit' must be at least 1m, not {_shown(value)}")
    if limit > MAX_TIME_LIMIT:
        raise ValueError(f"'time_limit' must be at most 24h, not {_shown(value)}")
    return limit


class Period(Enum):
    """A unit of a certificate's life."""

    DAYS = "d"
    WEEKS = "w"
    MONTHS = "mo"
    YEARS = "y"


#: the longest a certificate may live, in each unit (ten years)
_MOST = {Period.DAYS: 3653, Period.WEEKS: 521, Period.MONTHS: 120, Period.YEARS: 10}


@dataclass(frozen=True, slots=True, kw_only=True)
class Validity:
    """How long a certificate lives: ``amount`` of ``unit`` (``2y``)."""

    amount: int
    unit: Period

    def __str__(self) -> str:
        return f"{self.amount}{self.unit.value}"

    def expiry(self, start: date) -> date:
        """The day the life ends, counted from ``start``: a month or a year later falls on the
        same day of the month, or on the month's last day when it has no such day (a
        certificate of 29 February with ``1y`` expires on 28 February)."""
        return self._moved(start, 1)

    def start_before(self, when: datetime) -> datetime:
        """The start of the life that ends at ``when`` (a month back is the same day, or the
        month's last day): attempts started after it count against a blueprint's limit."""
        day = self._moved(when.date(), -1)
        return when.replace(year=day.year, month=day.month, day=day.day)

    def _moved(self, start: date, sign: int) -> date:
        """``start`` moved by this length, forward (``sign`` 1) or back (-1)."""
        if self.unit is Period.DAYS:
            return start + sign * timedelta(days=self.amount)
        if self.unit is Period.WEEKS:
            return start + sign * timedelta(weeks=self.amount)
        months = sign * self.amount * (12 if self.unit is Period.YEARS else 1)
        year, month = divmod(start.month - 1 + months, 12)
        year += start.year
        day = min(start.day, calendar.monthrange(year, month + 1)[1])
        return date(year, month + 1, day)


def parse_valid_for(value: object) -> Validity:
    """``2y``, ``18mo``, ``26w``, ``90d`` as a :class:`Validity` (from 1 day to 10 years)."""
    if type(value) is int and value <= 0:
        raise ValueError(f"'valid_for' must be a positive length of time, not {value}")
    if type(value) is int:
        raise ValueError(
            f"'valid_for' needs its unit: write {value}y for years; it takes {_VALID_HELP}"
        )
    if not isinstance(value, str):
        raise ValueError(f"'valid_for' must be a length of time in {_VALID_HELP}")
    text = value.strip()
    if text.startswith("-"):
        raise ValueError(f"'valid_for' must be a positive length of time, not {_shown(value)}")
    found = _VALID.fullmatch(text)
    if found is None:
        if re.fullmatch(r"\d{1,6}m", text):
            raise ValueError(
                f"'valid_for' counts months as 'mo' (m is minutes in a time limit): write "
                f"{text}o, not {_shown(value)}"
            )
        raise ValueError(f"'valid_for' takes one of {_VALID_HELP}, not {_shown(value)}")
    amount, unit = int(found.group("n")), Period(found.group("unit"))
    if amount < 1:
        raise ValueError(f"'valid_for' must be at least 1d, not {_shown(value)}")
    if amount > _MOST[unit]:
        raise ValueError(
            f"'valid_for' must be at most ten years ({_MOST[unit]}{unit.value}), "
            f"not {_shown(value)}"
        )
    return Validity(amount=amount, unit=unit)
