"""The one recorder of answers and the one summary every training session uses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.recorder import Recorder
from dealer_trainer.training.summary import Mark, Summary, TopicScore, summarise


def _mark(item: str, topic: str, correct: bool, **more: Any) -> Mark:
    return Mark(item=item, topic=topic, correct=correct, given="a", expected="b", **more)


class FakeStore:
    """Records what the recorder asks of the store, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def start_session(self, trainee: str, mode: str) -> int:
        self.calls.append(("start", (trainee, mode)))
        return 3

    def record(self, session: int, answer: Any) -> None:
        self.calls.append(("record", (session, answer)))

    def finish_session(self, session: int) -> None:
        self.calls.append(("finish", session))


def test_the_store_session_opens_with_the_first_answer_and_closes_once() -> None:
    store = FakeStore()
    recorder = Recorder("Ann", "drill", store)  # type: ignore[arg-type]
    assert store.calls == [] and recorder.session is None
    recorder.record(_mark("drill:premature_turn", "premature-turn", False, seconds=1.23456))
    recorder.record(_mark("drill:procedure", "procedure", True))
    recorder.finish()
    recorder.finish()
    kinds = [kind for kind, _ in store.calls]
    assert kinds == ["start", "record", "record", "finish"]
    assert store.calls[0] == ("start", ("Ann", "drill"))
    first = store.calls[1][1][1]
    assert (first.trainee, first.mode, first.item, first.correct) == (
        "Ann",
        "drill",
        "drill:premature_turn",
        False,
    )
    assert first.seconds == 1.235  # to the millisecond
    assert store.calls[2][1][1].seconds is None  # not timed


def test_a_session_with_no_answer_leaves_nothing_in_the_store(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "p.sqlite3")) as store:
        recorder = Recorder("Bo", "quiz", store)
        recorder.finish()
        assert store.trainees() == []


def test_each_answer_is_in_the_store_before_record_returns(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "p.sqlite3")) as store:
        recorder = Recorder("Cy", "review", store)
        recorder.record(
            _mark("exposed-card-misdeal-order", "exposed-card", True, ruleset="roberts")
        )
        (saved,) = store.answers("Cy")
        assert (saved.item, saved.mode, saved.correct, saved.ruleset) == (
            "exposed-card-misdeal-order",
            "review",
            True,
            "roberts",
        )


def test_a_recorder_without_a_store_still_keeps_and_sums_up_the_answers() -> None:
    ticks = iter([10.0, 12.5])
    recorder = Recorder("Di", "quiz", clock=lambda: next(ticks))
    recorder.record(_mark("x", "burns", True))
    summary = recorder.summary(planned=3, stopped=True)
    assert (summary.asked, summary.right, summary.planned, summary.stopped) == (1, 1, 3, True)
    assert summary.seconds == 2.5


def test_the_summary_scores_each_topic_under_its_own_title_and_keeps_the_misses_in_order() -> None:
    titles = {topic.slug: topic.title for topic in TOPICS}
    marks = [
        _mark("a", "burns", True),
        _mark("b", "exposed-card", False, rule="RRoP-HE 1", number=2),
        _mark("c", "burns", False, number=3),
        _mark("d", "procedure", True),
    ]
    summary = summarise(marks, trainee="Ed", mode="quiz", seconds=30.0, planned=4)
    assert summary.topics == (
        TopicScore(topic="burns", title=titles["burns"], right=1, asked=2),
        TopicScore(topic="exposed-card", title=titles["exposed-card"], right=0, asked=1),
        TopicScore(topic="procedure", title="procedure", right=1, asked=1),
    )
    assert [miss.item for miss in summary.misses] == ["b", "c"]
    assert (summary.asked, summary.right, summary.wrong, summary.accuracy) == (4, 2, 2, 0.5)


def test_a_summary_is_plain_data_and_says_no_accuracy_before_any_answer() -> None:
    empty = summarise([], trainee="Flo", mode="drill", seconds=0.04)
    assert empty.accuracy is None
    data = empty.to_dict()
    assert data["accuracy"] is None and data["planned"] is None and data["misses"] == []
    assert isinstance(empty, Summary)
    with pytest.raises(AttributeError):
        empty.asked = 3  # type: ignore[misc]
