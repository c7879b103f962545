"""Spaced repetition: when each item should come back to a trainee, and which come back now.

Every answer updates the trainee's card for that item with FSRS (the ``fsrs`` package): a wrong
answer is rated *Again* (the item comes back within minutes), a right one *Good* (it comes back
later and later as the trainee keeps getting it right). Fuzzing is off, so the same answers at
the same times always give the same schedule.

The card is kept as the JSON that ``fsrs.Card.to_json()`` writes; :func:`next_card` is a pure
function from the card before an answer to the card after it. ``fsrs`` is imported the first
time a card is reviewed, not when this module is imported.

A review session is a quiz (:class:`dealer_trainer.training.quiz.Quiz`, mode ``review``) over
:func:`due_entries`: the bank's questions among the items the store says are due.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING

from dealer_trainer.training.families import one_per_family

if TYPE_CHECKING:
    import fsrs

    from dealer_trainer.store import Due
    from dealer_trainer.training.quiz import Entry

__all__ = ["CARD_ID", "due_entries", "next_card"]

#: every stored card carries this id: the store keys cards by (trainee, item), and a fixed id
#: keeps the card JSON reproducible (fsrs would otherwise use the clock)
CARD_ID = 1


# fsrs is imported inside the functions that review a card, for start-up: importing this
# module (as the store and the quiz do) must not load it (tests/test_review.py)


@cache
def _scheduler() -> fsrs.Scheduler:
    import fsrs  # start-up: see above (tests/test_review.py)

    return fsrs.Scheduler(enable_fuzzing=False)


def _utc(when: datetime) -> datetime:
    """``when`` in UTC; a naive datetime is taken to be UTC already."""
    if when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def next_card(card_json: str | None, correct: bool, when: datetime) -> tuple[str, datetime]:
    """Review a card: the card after an answer given at ``when``, and when it is next due.

    ``card_json`` is the card as stored (``None`` for an item never answered before); the result
    is the new card's JSON and its due time (UTC).
    """
    import fsrs  # start-up: see above (tests/test_review.py)

    at = _utc(when)
    card = (
        fsrs.Card(card_id=CARD_ID, due=at) if card_json is None else fsrs.Card.from_json(card_json)
    )
    if card.last_review is not None and at < card.last_review:
        at = _utc(card.last_review)  # an answer older than the card's last review (a clock skew)
    rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
    card, _log = _scheduler().review_card(card, rating, at)
    return card.to_json(), _utc(card.due)


def due_entries(due: Iterable[Due], entries: Sequence[Entry]) -> list[Entry]:
    """The bank entries of the due items, in the order given (items not in the bank left out),
    at most one of a family (the first due)."""
    by_id = {entry.id: entry for entry in entries}
    return one_per_family(by_id[item.item] for item in due if item.item in by_id)
