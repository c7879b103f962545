"""The ``report`` command's totals, added up by the database: per trainee and topic, how many
answers, how many right, and when the last was given.

One grouped query over the answers (the index ``answers_by_trainee_topic`` of migration 5 covers
it, so SQLite reads the index alone, in group order) instead of every answer built in Python:
a store of a million answers gives a few thousand rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import utc
from dealer_trainer.store.rows import time_or_none

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["TopicTotal", "topic_totals"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicTotal:
    """One trainee's answers to one topic."""

    trainee: str
    topic: str
    answered: int
    correct: int
    #: when the last of these answers was given (None: no answer carries a time)
    last_seen: datetime | None


def topic_totals(
    store: Store, *, trainee: str | None = None, since: datetime | None = None
) -> list[TopicTotal]:
    """Every trainee's (or one trainee's) totals per topic, over the answers given at or after
    ``since`` (all: None), in no particular order."""
    where: list[str] = []
    params: list[Any] = []
    if trainee is not None:
        where.append("a.trainee_id = (SELECT id FROM trainees WHERE name = ?)")
        params.append(trainee.strip())
    if since is not None:
        where.append("a.answered_at >= ?")
        params.append(store._to_db_time(utc(since)))
    sql = (
        "SELECT t.name, g.topic, g.answered, g.correct, g.last_seen FROM ("
        "SELECT a.trainee_id, a.topic, COUNT(*) AS answered,"
        " SUM(CASE WHEN a.correct THEN 1 ELSE 0 END) AS correct,"
        " MAX(a.answered_at) AS last_seen FROM answers a"
        + (" WHERE " + " AND ".join(where) if where else "")
        + " GROUP BY a.trainee_id, a.topic) g JOIN trainees t ON t.id = g.trainee_id"
    )
    with store._reading("add up the answers"):
        rows = store._db.execute(sql, tuple(params))
    return [
        TopicTotal(
            trainee=str(name),
            topic=str(topic),
            answered=int(answered),
            correct=int(correct or 0),
            last_seen=None
            if last_seen is None
            else time_or_none(
                last_seen,
                store.target,
                f"the last answer of {excerpt(name)} on {excerpt(topic)}",
                "shown as unknown",
            ),
        )
        for name, topic, answered, correct, last_seen in rows
    ]
