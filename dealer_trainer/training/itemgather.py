"""The sittings a room's item analysis is made of, gathered from the store whole, or extended by
the answers kept since an earlier gathering (:mod:`dealer_trainer.training.itemcache` keeps the
earlier one)::

    gathered = gather(store, room_id=room.id, since=start)      # every sitting: one read
    later = extend(store, gathered, room_id=room.id, since=start)  # only the new answers read
    later.sittings()                                              # as gather would give them

Extending is exact while the room's trainees and submitted exam attempts are unchanged (the
cache checks that): answers are never changed or deleted once kept, so the answers of a later
gathering are the earlier ones and the new ones. New answers are read by id, from a little
before the highest id gathered (:data:`ID_SLACK`), and the ids already gathered are skipped: on
PostgreSQL an answer kept in a transaction that began earlier can become visible after one with
a higher id, and the slack lets it be read when it does. A new answer joins its session's
sitting at its end (answers are kept in the order given), or starts a sitting of its own.

The trainer's dashboard analyses a room's latest 5,000 answers or so after each new answer: a
whole gathering read and parsed all 5,000 (about half of the analysis's time at 1M answers);
extending reads the few new ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_trainer.store.itemstats import SittingAnswer, sitting_answers
from dealer_trainer.training.exam.graded import graded_attempts
from dealer_trainer.training.itemstats import Sitting

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["ID_SLACK", "Gathered", "extend", "gather", "sitting_of"]

#: how far below the highest answer id gathered an extension reads again (the answers that may
#: still have been in flight, on PostgreSQL, when the earlier gathering read)
ID_SLACK = 256


@dataclass(frozen=True, slots=True, kw_only=True)
class Gathered:
    """The sittings of a room's answers (by session), of its submitted exam attempts, each
    item's topic, and which answers were read."""

    #: per session (ascending): its first answer (its mode and assignment) and its sitting
    sessions: Mapping[int, tuple[SittingAnswer, Sitting]]
    #: the submitted exam attempts' sittings, oldest first
    attempts: tuple[Sitting, ...]
    #: each item's topic as its answers and as the attempts name it
    answer_topics: Mapping[str, str]
    attempt_topics: Mapping[str, str]
    #: the ids of the answers read
    answer_ids: frozenset[int]

    @property
    def topics(self) -> dict[str, str]:
        """Each item's topic: an attempt's stands over the answers'."""
        return {**self.answer_topics, **self.attempt_topics}

    def sittings(self) -> list[Sitting]:
        """Every sitting: the answers' by session, then the attempts'."""
        return [sitting for _first, sitting in self.sessions.values()] + list(self.attempts)


def sitting_of(first: SittingAnswer, answers: tuple[tuple[str, bool], ...]) -> Sitting:
    """The sitting of one session whose first answer is ``first``: its form is its mode, or the
    assignment it answered, and its length in items."""
    label = (
        first.mode
        if first.assignment is None
        else f"assignment {first.assignment} ({first.assignment_title or ''})"
    )
    count = len({item for item, _right in answers})
    return Sitting(
        id=first.session,
        person=first.trainee,
        answers=answers,
        form=f"{label}, {count} item{'' if count == 1 else 's'}",
    )


def gather(store: Store, *, room_id: int | None, since: datetime | None) -> Gathered:
    """Every sitting of the room (``room_id``; None: the whole store's) from ``since``."""
    sessions, topics, ids = _merged(
        {}, {}, set(), sitting_answers(store, room_id=room_id, since=since)
    )
    attempts: list[Sitting] = []
    attempt_topics: dict[str, str] = {}
    for attempt in graded_attempts(store, room_id=room_id, since=since):
        attempts.append(attempt.sitting())
        attempt_topics.update((line.item, line.topic) for line in attempt.items if line.topic)
    return Gathered(
        sessions=sessions,
        attempts=tuple(attempts),
        answer_topics=topics,
        attempt_topics=attempt_topics,
        answer_ids=frozenset(ids),
    )


def extend(
    store: Store, earlier: Gathered, *, room_id: int | None, since: datetime | None
) -> Gathered:
    """``earlier`` (gathered with the same room and ``since``) with the answers kept since; its
    attempts are kept as they were (the caller knows no attempt was submitted since)."""
    after = max(earlier.answer_ids, default=0) - ID_SLACK
    rows = sitting_answers(store, room_id=room_id, since=since, after_id=max(after, 0))
    fresh = [row for row in rows if row.answer_id not in earlier.answer_ids]
    if not fresh:
        return earlier
    sessions, topics, ids = _merged(
        dict(earlier.sessions), dict(earlier.answer_topics), set(earlier.answer_ids), fresh
    )
    return replace(earlier, sessions=sessions, answer_topics=topics, answer_ids=frozenset(ids))


def _merged(
    sessions: dict[int, tuple[SittingAnswer, Sitting]],
    topics: dict[str, str],
    ids: set[int],
    rows: Iterable[SittingAnswer],
) -> tuple[dict[int, tuple[SittingAnswer, Sitting]], dict[str, str], set[int]]:
    """``sessions`` with ``rows`` (session by session, in the order given) added at the ends of
    their sittings, ascending by session."""
    grouped: dict[int, tuple[SittingAnswer, list[tuple[str, bool]]]] = {}
    for row in rows:
        topics[row.item] = row.topic
        ids.add(row.answer_id)
        found = grouped.get(row.session)
        if found is None:
            kept = sessions.get(row.session)
            found = (row, []) if kept is None else (kept[0], list(kept[1].answers))
            grouped[row.session] = found
        found[1].append((row.item, row.correct))
    for session, (first, answers) in grouped.items():
        sessions[session] = (first, sitting_of(first, tuple(answers)))
    return dict(sorted(sessions.items())), topics, ids
