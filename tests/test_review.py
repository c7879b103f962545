"""Spaced repetition: ``next_card`` rates a wrong answer Again and a right one Good (FSRS),
with no fuzz, so the schedule is reproducible."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone

import fsrs

from dealer_trainer.training.review import CARD_ID, next_card

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def _reference(ratings: list[fsrs.Rating], gaps: list[timedelta]) -> fsrs.Card:
    """The same reviews done directly with fsrs (no fuzz)."""
    scheduler = fsrs.Scheduler(enable_fuzzing=False)
    card = fsrs.Card(card_id=CARD_ID, due=T0)
    when = T0
    for rating, gap in zip(ratings, gaps, strict=True):
        when += gap
        card, _ = scheduler.review_card(card, rating, when)
    return card


def test_a_wrong_answer_is_rated_again_and_comes_back_within_minutes() -> None:
    card, due = next_card(None, False, T0)
    expected = _reference([fsrs.Rating.Again], [timedelta(0)])
    assert json.loads(card) == expected.to_dict()
    assert due == expected.due == T0 + timedelta(minutes=1)


def test_a_right_answer_is_rated_good_and_comes_back_later_than_a_wrong_one() -> None:
    card, due = next_card(None, True, T0)
    expected = _reference([fsrs.Rating.Good], [timedelta(0)])
    assert json.loads(card) == expected.to_dict()
    assert due == expected.due
    assert due > next_card(None, False, T0)[1]


def test_a_run_of_right_answers_spaces_the_reviews_out_and_a_miss_brings_it_back() -> None:
    card: str | None = None
    when = T0
    intervals = []
    for _ in range(6):
        card, due = next_card(card, True, when)
        intervals.append(due - when)
        when = due
    assert intervals == sorted(intervals) and intervals[-1] > timedelta(days=10)
    ratings = [fsrs.Rating.Good] * 6
    gaps = [timedelta(0), *intervals[:-1]]
    assert card is not None and json.loads(card) == _reference(ratings, gaps).to_dict()
    _missed, due = next_card(card, False, when)
    assert due - when < intervals[-1]


def test_the_schedule_is_reproducible() -> None:
    first = next_card(next_card(None, True, T0)[0], True, T0 + timedelta(days=1))
    second = next_card(next_card(None, True, T0)[0], True, T0 + timedelta(days=1))
    assert first == second


def test_times_are_utc_whatever_zone_they_come_in() -> None:
    paris = timezone(timedelta(hours=2))
    in_paris = next_card(None, True, datetime(2024, 5, 1, 14, 0, tzinfo=paris))
    naive = next_card(None, True, datetime(2024, 5, 1, 12, 0))
    assert in_paris == naive == next_card(None, True, T0)
    assert in_paris[1].tzinfo == UTC


def test_an_answer_older_than_the_last_review_does_not_go_back_in_time() -> None:
    card, _ = next_card(None, True, T0)
    later, due = next_card(card, False, T0 - timedelta(days=2))
    assert datetime.fromisoformat(json.loads(later)["last_review"]) == T0
    assert due >= T0


def test_importing_review_does_not_import_fsrs() -> None:
    code = "import sys, dealer_trainer.training.review; print('fsrs' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "False"
