"""How a training session went: each answer as marked, and the sum of them at the end.

A :class:`Mark` is one answer judged: what was asked, what was given, what was right and
why, as plain text, so that the terminal, the browser and the progress store can all use
it. A :class:`Summary` is the end of a session (quiz, review or drill): the score per
topic, the time taken and the misses, each with its right answer and its rule.
:func:`summarise` makes one from the marks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dealer_trainer.rules.topics import TOPICS

__all__ = ["Mark", "Summary", "TopicScore", "summarise"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    """One answer, judged."""

    #: what was asked: a scenario id, or a drill item such as ``drill:premature_turn``
    item: str
    #: a topic slug (:data:`dealer_trainer.rules.topics.TOPICS`) or ``procedure``
    topic: str
    correct: bool
    #: the answer given and the right one, in words
    given: str
    expected: str
    #: the question in words (a scenario's title, a drill point's situation)
    title: str = ""
    #: which question or point of the session it was, counting from 1
    number: int = 0
    #: why the answer given is wrong, in the engine's words ("" when right or not known)
    reason: str = ""
    #: the rule that decides it: its id and its title (from the rules corpus)
    rule: str | None = None
    rule_title: str = ""
    #: the ruleset the question was judged under, and its difficulty (1 to 3) if it has one
    ruleset: str = ""
    difficulty: int | None = None
    #: how long the trainee took, in seconds (None: not timed)
    seconds: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicScore:
    """The right answers out of those asked, for one topic."""

    topic: str
    title: str
    right: int
    asked: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """The end of a session: the score per topic, the time taken, the misses."""

    trainee: str
    #: the progress store's mode: ``quiz``, ``review`` or ``drill``
    mode: str
    asked: int
    right: int
    #: seconds from the start of the session to this summary
    seconds: float
    topics: tuple[TopicScore, ...]
    #: the wrong answers, in the order given, with the right answer and the rule
    misses: tuple[Mark, ...]
    #: how many questions the session meant to ask (None: no end set, as in a drill)
    planned: int | None = None
    #: the session ended before its questions did (Ctrl-C, or the answers ran out)
    stopped: bool = False

    @property
    def wrong(self) -> int:
        return self.asked - self.right

    @property
    def accuracy(self) -> float | None:
        """The share of right answers (None before any answer)."""
        return self.right / self.asked if self.asked else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        accuracy = self.accuracy
        return {
            "trainee": self.trainee,
            "mode": self.mode,
            "asked": self.asked,
            "right": self.right,
            "planned": self.planned,
            "accuracy": None if accuracy is None else round(accuracy, 3),
            "seconds": round(self.seconds, 1),
            "stopped": self.stopped,
            "topics": [
                {"topic": t.topic, "title": t.title, "right": t.right, "asked": t.asked}
                for t in self.topics
            ],
            "misses": [
                {
                    "id": miss.item,
                    "title": miss.title,
                    "given": miss.given,
                    "expected": miss.expected,
                    "rule": miss.rule,
                }
                for miss in self.misses
            ],
        }


def summarise(
    marks: Iterable[Mark],
    *,
    trainee: str,
    mode: str,
    seconds: float,
    planned: int | None = None,
    stopped: bool = False,
) -> Summary:
    """The summary of a session whose answers were ``marks`` (in the order given)."""
    given = tuple(marks)
    titles = {item.slug: item.title for item in TOPICS}
    scores: dict[str, list[int]] = {}
    for mark in given:
        score = scores.setdefault(mark.topic, [0, 0])
        score[0] += mark.correct
        score[1] += 1
    return Summary(
        trainee=trainee,
        mode=mode,
        asked=len(given),
        right=sum(mark.correct for mark in given),
        seconds=seconds,
        topics=tuple(
            TopicScore(topic=slug, title=titles.get(slug, slug), right=right, asked=asked)
            for slug, (right, asked) in scores.items()
        ),
        misses=tuple(mark for mark in given if not mark.correct),
        planned=planned,
        stopped=stopped,
    )
