"""Rows another program may have written or damaged (an SQLite file edited by hand or by
another tool): a time in another format, a review card that is not a card.

One damaged row never makes a command fail: a time written as ISO 8601 (with or without an
offset, ``T`` or a space) or as seconds since 1970 is read; an answer whose time cannot be read
is left out of what is read, a review card whose due time cannot be read is due now, and a card
that is not a card is started afresh by the next answer, each with a warning on the
``dealer_trainer.store`` logger (which a terminal command shows on standard error). A reader
that cannot do without the row's time raises :class:`DamagedRow` (exit 2).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import utc

__all__ = [
    "DamagedRow",
    "card_due",
    "db_time",
    "read_time",
    "time_or_fail",
    "time_or_none",
    "warn",
]

#: seconds since 1970, as another program may keep a time
_SECONDS = re.compile(r"^-?[0-9]+(?:\.[0-9]*)?$")


def db_time(dialect: str, when: datetime) -> Any:
    """``when`` as the database of ``dialect`` keeps a time: ISO 8601 text in UTC, fixed width
    so that text order is time order (SQLite), or the datetime in UTC (PostgreSQL)."""
    when = utc(when)
    if dialect == "sqlite":
        return when.isoformat(timespec="microseconds")
    return when


class DamagedRow(StoreError):
    """A row of the store that cannot be read (a time in no format the store knows)."""


def warn(message: str) -> None:
    """Say that a damaged row was passed over (a terminal command shows it on standard
    error)."""
    import logging  # start-up: only when a damaged row is met

    logging.getLogger("dealer_trainer.store").warning("warning: %s", message)


def read_time(value: Any) -> datetime | None:
    """A time as the store keeps it, or as another program may have written it: a datetime,
    ISO 8601 text (UTC when it names no offset) or seconds since 1970; None when it is none
    of these (or no calendar date)."""
    if isinstance(value, datetime):
        return utc(value)
    text = str(value).strip()
    try:
        return utc(datetime.fromisoformat(text))
    except ValueError:
        pass
    try:
        return datetime.fromtimestamp(float(text), UTC) if _SECONDS.match(text) else None
    except (ValueError, OverflowError, OSError):
        return None


def _unreadable(value: Any, target: str, what: str) -> str:
    return (
        f"the progress store at {target} holds {what} with a time that cannot be read "
        f"({excerpt(str(value))})"
    )


def time_or_fail(value: Any, target: str, what: str) -> datetime:
    """The time ``value`` (kept in the store at ``target``); :class:`DamagedRow` naming
    ``what`` holds it when it cannot be read."""
    when = read_time(value)
    if when is None:
        raise DamagedRow(
            f"{_unreadable(value, target, what)}: not ISO 8601 (2024-05-01T18:00:00+00:00)"
        )
    return when


def time_or_none(value: Any, target: str, what: str, then: str) -> datetime | None:
    """The time ``value``, or None with a warning naming ``what`` holds it and what ``then``
    becomes of it."""
    when = read_time(value)
    if when is None:
        warn(f"{_unreadable(value, target, what)}: {then}")
    return when


def card_due(value: Any, target: str, trainee: str, item: str, at: datetime) -> datetime:
    """A review card's due time; ``at`` (due now) when it cannot be read, with a warning: the
    next answer gives the card a new one."""
    when = read_time(value)
    if when is None:
        warn(
            f"the progress store at {target} holds a review card of {excerpt(trainee.strip())} "
            f"for {excerpt(str(item))} whose due time {excerpt(str(value))} cannot be read: it "
            "is due now"
        )
        return at
    return when
