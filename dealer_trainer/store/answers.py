"""Figures over one trainee's answers: the score per topic and the latest misses (the
trainee's home in the training room)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_trainer.store.records import Answer

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["TopicScore", "recent_misses", "topic_scores"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicScore:
    topic: str
    right: int
    asked: int


def topic_scores(store: Store, trainee: str) -> list[TopicScore]:
    """Right answers out of those given, per topic, over all of ``trainee``'s answers, in any
    room or none (the totals kept as they are recorded: :mod:`dealer_trainer.store.totals`)."""
    with store._reading("read the scores"):
        rows = store._db.execute(
            "SELECT x.topic, SUM(x.answered), SUM(x.correct) FROM trainee_topics x"
            " JOIN trainees t ON t.id = x.trainee_id WHERE t.name = ?"
            " GROUP BY x.topic ORDER BY x.topic",
            (trainee.strip(),),
        )
    return [
        TopicScore(topic=str(topic), asked=int(asked), right=int(right or 0))
        for topic, asked, right in rows
    ]


def recent_misses(store: Store, trainee: str, limit: int = 5) -> list[Answer]:
    """``trainee``'s last wrong answers, newest first."""
    with store._reading("read the misses"):
        rows = store._db.execute(
            "SELECT a.item, a.topic, a.mode, a.given, a.expected, a.answered_at"
            " FROM answers a JOIN trainees t ON t.id = a.trainee_id"
            " WHERE t.name = ? AND a.correct = ? ORDER BY a.answered_at DESC, a.id DESC LIMIT ?",
            (trainee.strip(), False, limit),
        )
    return [
        Answer(
            trainee=trainee,
            item=str(item_id),
            topic=str(topic),
            mode=str(mode),
            correct=False,
            given=str(given),
            expected=str(expected),
            answered_at=store._from_db_time(when),
        )
        for item_id, topic, mode, given, expected, when in rows
    ]
