"""The progress report: answers added up per trainee and topic, for the pit boss.

Pure aggregation, no store and no screen: :func:`report_from_totals` takes each trainee's
totals per topic (as the store adds them up in SQL:
:func:`dealer_trainer.store.reports.topic_totals`), :func:`build_report` takes answers (as
:meth:`dealer_trainer.store.Store.answers` returns them), and each gives a :class:`Report`:

- per trainee and per topic: answers, right answers, accuracy, when last seen;
- per trainee, the weakest topics: the lowest accuracy first, a tie going to the topic with
  more answers (more evidence); a topic answered right every time is never "weak";
- the room's totals, overall and per topic;
- apart from all that, each trainee's drill answers per skill and kind (:func:`skill_report`,
  from :func:`dealer_trainer.store.skills.skills_by_trainee`): answers, right, the mean
  seconds, and weak (below 90% over at least 3 answers, the drills' mastery rule).

``to_dict()`` gives the JSON form (times in ISO 8601, UTC; accuracy as a fraction 0..1), and
``rows()`` the table form (one row per trainee and topic, e.g. for CSV).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dealer_trainer.store import Answer
from dealer_trainer.store.reports import TopicTotal
from dealer_trainer.store.skills import SkillFigure
from dealer_trainer.training.skills import SkillLine, skill_lines

__all__ = [
    "ROW_FIELDS",
    "WEAKEST",
    "Report",
    "RoomTotals",
    "TopicStats",
    "TraineeReport",
    "TraineeSkills",
    "build_report",
    "report_from_totals",
    "skill_report",
    "weakest_topics",
]

#: how many weakest topics a trainee's report names
WEAKEST = 3
#: the columns of :meth:`Report.rows`
ROW_FIELDS = ("trainee", "topic", "answered", "correct", "accuracy", "last_seen")


def _accuracy(correct: int, answered: int) -> float:
    return correct / answered if answered else 0.0


def _iso(when: datetime | None) -> str | None:
    """ISO 8601, in UTC when the time is aware."""
    if when is None:
        return None
    return (when if when.tzinfo is None else when.astimezone(UTC)).isoformat()


@dataclass(frozen=True, slots=True)
class TopicStats:
    """Answers to one topic (by one trainee, or by the whole room)."""

    topic: str
    answered: int
    correct: int
    #: when the last of these answers was given (``None`` if no answer carries a time)
    last_seen: datetime | None

    @property
    def accuracy(self) -> float:
        """The share of right answers, 0..1."""
        return _accuracy(self.correct, self.answered)

    def to_dict(self) -> dict[str, Any]:
        return {
            "topic": self.topic,
            "answered": self.answered,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "last_seen": _iso(self.last_seen),
        }


@dataclass(frozen=True, slots=True)
class TraineeReport:
    """One trainee: totals, one line per topic (sorted by topic), the weakest topics."""

    trainee: str
    answered: int
    correct: int
    last_seen: datetime | None
    topics: tuple[TopicStats, ...]
    weakest: tuple[TopicStats, ...]

    @property
    def accuracy(self) -> float:
        """The share of right answers, 0..1."""
        return _accuracy(self.correct, self.answered)

    def to_dict(self) -> dict[str, Any]:
        return {
            "trainee": self.trainee,
            "answered": self.answered,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "last_seen": _iso(self.last_seen),
            "topics": [line.to_dict() for line in self.topics],
            "weakest": [line.topic for line in self.weakest],
        }


@dataclass(frozen=True, slots=True)
class RoomTotals:
    """The whole room: how many trainees answered, the totals, and per topic."""

    trainees: int
    answered: int
    correct: int
    last_seen: datetime | None
    topics: tuple[TopicStats, ...]

    @property
    def accuracy(self) -> float:
        """The share of right answers, 0..1."""
        return _accuracy(self.correct, self.answered)

    def to_dict(self) -> dict[str, Any]:
        return {
            "trainees": self.trainees,
            "answered": self.answered,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "last_seen": _iso(self.last_seen),
            "topics": [line.to_dict() for line in self.topics],
        }


@dataclass(frozen=True, slots=True)
class Report:
    """The report: one entry per trainee (sorted by name) and the room's totals."""

    trainees: tuple[TraineeReport, ...]
    room: RoomTotals
    #: the answers were those given at or after this moment (``None``: all of them)
    since: datetime | None = None

    @property
    def empty(self) -> bool:
        """No answer at all."""
        return self.room.answered == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "since": _iso(self.since),
            "room": self.room.to_dict(),
            "trainees": [trainee.to_dict() for trainee in self.trainees],
        }

    def rows(self) -> Iterator[tuple[str | int, ...]]:
        """One row per trainee and topic (:data:`ROW_FIELDS`): the accuracy to three places,
        the last answer's time in ISO 8601 (empty when unknown)."""
        for trainee in self.trainees:
            for line in trainee.topics:
                last_seen = "" if line.last_seen is None else line.last_seen.isoformat()
                accuracy = f"{line.accuracy:.3f}"
                yield trainee.trainee, line.topic, line.answered, line.correct, accuracy, last_seen


def _latest(first: datetime | None, second: datetime | None) -> datetime | None:
    if first is None:
        return second
    if second is None:
        return first
    return max(first, second)


class _Tally:
    """Answers, right answers and the last time, added up as the totals come."""

    __slots__ = ("answered", "correct", "last_seen")

    def __init__(self) -> None:
        self.answered = 0
        self.correct = 0
        self.last_seen: datetime | None = None

    def add(self, answered: int, correct: int, last_seen: datetime | None) -> None:
        self.answered += answered
        self.correct += correct
        self.last_seen = _latest(self.last_seen, last_seen)


def _lines(tallies: dict[str, _Tally]) -> tuple[TopicStats, ...]:
    return tuple(
        TopicStats(topic, tally.answered, tally.correct, tally.last_seen)
        for topic, tally in sorted(tallies.items())
    )


def weakest_topics(topics: Iterable[TopicStats], limit: int = WEAKEST) -> tuple[TopicStats, ...]:
    """The weakest of ``topics``: answered at least once and not always right; the lowest
    accuracy first, then the most answered, then by name; at most ``limit``."""
    weak = [line for line in topics if line.answered > 0 and line.correct < line.answered]
    weak.sort(key=lambda line: (line.accuracy, -line.answered, line.topic))
    return tuple(weak[: max(limit, 0)])


def build_report(
    answers: Iterable[Answer], *, since: datetime | None = None, weakest: int = WEAKEST
) -> Report:
    """Add ``answers`` up into a report. With ``since``, only the answers given at or after
    it count (an answer with no time then does not count)."""
    totals: dict[tuple[str, str], TopicTotal] = {}
    for answer in answers:
        if since is not None and (answer.answered_at is None or answer.answered_at < since):
            continue
        key = (answer.trainee, answer.topic)
        had = totals.get(key)
        totals[key] = TopicTotal(
            trainee=answer.trainee,
            topic=answer.topic,
            answered=(had.answered if had else 0) + 1,
            correct=(had.correct if had else 0) + int(answer.correct),
            last_seen=_latest(had.last_seen if had else None, answer.answered_at),
        )
    return report_from_totals(totals.values(), since=since, weakest=weakest)


def report_from_totals(
    totals: Iterable[TopicTotal], *, since: datetime | None = None, weakest: int = WEAKEST
) -> Report:
    """The report from each trainee's totals per topic (as the store adds them up:
    :func:`dealer_trainer.store.reports.topic_totals`), ``since`` being the moment they count
    from (only shown)."""
    per_trainee: dict[str, dict[str, _Tally]] = {}
    room: dict[str, _Tally] = {}
    for total in totals:
        figures = (total.answered, total.correct, total.last_seen)
        topics = per_trainee.setdefault(total.trainee, {})
        (topics.get(total.topic) or topics.setdefault(total.topic, _Tally())).add(*figures)
        (room.get(total.topic) or room.setdefault(total.topic, _Tally())).add(*figures)
    trainees = []
    for name in sorted(per_trainee):
        lines = _lines(per_trainee[name])
        last_seen: datetime | None = None
        for line in lines:
            last_seen = _latest(last_seen, line.last_seen)
        trainees.append(
            TraineeReport(
                trainee=name,
                answered=sum(line.answered for line in lines),
                correct=sum(line.correct for line in lines),
                last_seen=last_seen,
                topics=lines,
                weakest=weakest_topics(lines, weakest),
            )
        )
    room_lines = _lines(room)
    room_last: datetime | None = None
    for line in room_lines:
        room_last = _latest(room_last, line.last_seen)
    result = RoomTotals(
        trainees=len(trainees),
        answered=sum(line.answered for line in room_lines),
        correct=sum(line.correct for line in room_lines),
        last_seen=room_last,
        topics=room_lines,
    )
    return Report(trainees=tuple(trainees), room=result, since=since)


def _skill_dict(line: SkillLine) -> dict[str, Any]:
    return {
        "answered": line.answered,
        "correct": line.correct,
        "accuracy": round(line.correct / line.answered, 4) if line.answered else 0.0,
        "mean_seconds": line.mean_seconds,
        "weak": line.weak,
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class TraineeSkills:
    """One trainee's drill answers: each skill's line followed by its kinds' lines
    (:func:`dealer_trainer.training.skills.skill_lines`)."""

    trainee: str
    lines: tuple[SkillLine, ...]

    def to_dict(self) -> dict[str, Any]:
        """``{trainee, skills: [{skill, title, answered, correct, accuracy, mean_seconds,
        weak, kinds: [{kind, title, ...the same figures}]}]}``."""
        skills: list[dict[str, Any]] = []
        for line in self.lines:
            if not line.kind:
                skills.append({"skill": line.skill, "title": line.title, **_skill_dict(line)})
                skills[-1]["kinds"] = []
            else:
                kind = {"kind": line.kind, "title": line.title, **_skill_dict(line)}
                skills[-1]["kinds"].append(kind)
        return {"trainee": self.trainee, "skills": skills}


def skill_report(figures: Mapping[str, Sequence[SkillFigure]]) -> tuple[TraineeSkills, ...]:
    """Each trainee's drill figures (``figures``: per trainee, as
    :func:`dealer_trainer.store.skills.skills_by_trainee` reads them), by name."""
    return tuple(
        TraineeSkills(trainee=name, lines=tuple(skill_lines(figures[name])))
        for name in sorted(figures)
        if figures[name]
    )
