"""Review cards (spaced repetition): one per trainee and item, updated after each answer with
the scheduler the store is handed (:class:`~dealer_trainer.store.records.Scheduler`), inside
the transaction that keeps the answer."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.rows import warn

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["review"]


def review(
    store: Store, trainee_id: int, item: str, topic: str, correct: bool, when: datetime
) -> None:
    """Update (or create) the trainee's review card for ``item`` after an answer."""
    if store._scheduler is None:
        raise StoreError(
            f"the progress store at {store.target} was opened without a review scheduler, "
            "so it cannot keep answers (open it with dealer_trainer.training.progress)"
        )
    lock = " FOR UPDATE" if store._db.dialect == "postgresql" else ""
    rows = store._db.execute(
        f"SELECT card FROM review_cards WHERE trainee_id = ? AND item = ?{lock}",
        (trainee_id, item),
    )
    kept = str(rows[0][0]) if rows else None
    try:
        card, due = store._scheduler(kept, correct, when)
    except (ValueError, KeyError, TypeError):  # not a card (JSONDecodeError is a ValueError)
        if kept is None:
            raise
        warn(
            f"the progress store at {store.target} holds a damaged review card for "
            f"{excerpt(item)} ({excerpt(kept)}): it starts afresh from this answer"
        )
        card, due = store._scheduler(None, correct, when)
    store._db.execute(
        "INSERT INTO review_cards (trainee_id, item, topic, card, due, missed, reviewed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (trainee_id, item) DO UPDATE SET topic = excluded.topic,"
        " card = excluded.card, due = excluded.due, missed = excluded.missed,"
        " reviewed_at = excluded.reviewed_at",
        (
            trainee_id,
            item,
            topic,
            card,
            store._to_db_time(due),
            not correct,
            store._to_db_time(when),
        ),
    )
