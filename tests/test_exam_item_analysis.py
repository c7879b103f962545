"""Exam answers count in item analysis and in the room's export (issue 23, item 6): each
submitted attempt is a sitting of every item it drew (one left unanswered is wrong, as its
grade had it), each exam a form; on a fixed cohort the figures are the textbook's. The export
carries each exam answer given, mode ``exam``, naming its attempt, after the existing columns.
A room counts its trainees' attempts sat in it or in no room (a paper recorded), never another
room's, never one not yet submitted. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.exports import csv_pieces, json_pieces
from dealer_trainer.roles import Role
from dealer_trainer.store import Store, people
from dealer_trainer.store.exams import StoredAttempt
from dealer_trainer.store.roomdata import EXPORT_FIELDS
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam import graded
from dealer_trainer.training.exam.attempts import (
    asked,
    exam_from_text,
    finish,
    save_answer,
    start,
)
from dealer_trainer.training.exam.roombank import shipped_bank
from dealer_trainer.training.itemreport import item_report
from dealer_trainer.training.itemstats import Basis
from tests.exam_answers import right_answer, wrong_answer
from tests.pg import store_on

HASH = "not-a-real-hash"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

#: four items of distinct families, so that every attempt draws the same four (in its own order)
FOUR: list[Entry] = sorted(
    (e for e in shipped_bank() if e.topic == "odd-chip" and e.ruleset == "tda-2024"),
    key=lambda e: e.id,
)[:4]
IDS = [e.id for e in FOUR]
EXAM = exam_from_text(
    """\
id: chips-four
title: Four odd chips
ruleset: tda-2024
time_limit: 10m
pass_mark: 75%
attempts: 3
valid_for: 1y
sections:
  - {topics: [odd-chip], count: 4}
""",
    "chips-four.yaml",
)
#: the cohort: who got which of the four items right (a Guttman pattern); None: left blank
COHORT: dict[str, tuple[bool | None, ...]] = {
    "Ana": (True, True, True, True),
    "Bo": (True, True, True, False),
    "Cy": (True, True, False, None),  # the blank counts wrong
    "Di": (True, False, False, False),
    "Ed": (None, None, None, None),  # submitted blank: every item wrong
}


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _sit(
    store: Store,
    trainee: str,
    rights: tuple[bool | None, ...],
    *,
    room_id: int | None,
    seed: int,
    submit: bool = True,
) -> StoredAttempt:
    """An attempt at the four items, answered as ``rights`` says (by item, in IDS order)."""
    found = start(store, EXAM, trainee=trainee, seed=seed, entries=FOUR, room_id=room_id, now=T0)
    for position in range(1, found.items + 1):
        item = asked(found, position, store=store)
        right = rights[IDS.index(item.entry.id)]
        if right is not None:
            answer = right_answer(item) if right else wrong_answer(item)
            save_answer(store, found, position, answer, now=T0 + timedelta(seconds=position))
    return finish(store, found, now=T0 + timedelta(minutes=5)) if submit else found


def _textbook_rpb(item: list[int], rest: list[int]) -> float:
    """The point-biserial as textbooks write it: (M1 - M0) / s * sqrt(p q), s the population
    standard deviation of the rest scores."""
    n = len(item)
    p = sum(item) / n
    right = [r for x, r in zip(item, rest, strict=True) if x]
    wrong = [r for x, r in zip(item, rest, strict=True) if not x]
    mean = sum(rest) / n
    s = math.sqrt(sum((r - mean) ** 2 for r in rest) / n)
    return (sum(right) / len(right) - sum(wrong) / len(wrong)) / s * math.sqrt(p * (1 - p))


@pytest.fixture
def room_id(store: Store) -> int:
    """A room whose five trainees sat the exam (Ed's on paper, in no room), an outsider who sat
    it in another room, and an attempt still open."""
    room = people.add_room(store, name="Day shift", ruleset="tda-2024")
    other = people.add_room(store, name="Night shift", ruleset="tda-2024")
    for seed, (name, rights) in enumerate(COHORT.items()):
        person = people.add_person(store, name=name, password_hash=HASH)
        people.add_member(store, room_id=room.id, person_id=person.id, role=Role.TRAINEE)
        _sit(store, name, rights, room_id=None if name == "Ed" else room.id, seed=seed)
    outsider = people.add_person(store, name="Zed", password_hash=HASH)
    people.add_member(store, room_id=other.id, person_id=outsider.id, role=Role.TRAINEE)
    _sit(store, "Zed", (False, False, False, True), room_id=other.id, seed=9)
    _sit(store, "Ana", (False, False, False, False), room_id=room.id, seed=10, submit=False)
    return room.id


def test_a_fixed_cohort_of_exam_attempts_gives_the_textbook_p_rpb_and_kr20(
    store: Store, room_id: int
) -> None:
    report = item_report(store, room_id=room_id)
    (form,) = report.forms
    assert form.form == "exam chips-four, 4 items"
    assert form.sittings == 5 and form.items == 4 and form.basis is Basis.ITEMS
    # totals 4 3 2 1 0: variance 2; sum of p q = .16 + .24 + .24 + .16 = .8
    assert form.kr20 == pytest.approx(4 / 3 * (1 - 0.8 / 2))  # 0.8
    matrix = [[1 if right else 0 for right in rights] for rights in COHORT.values()]
    totals = [sum(row) for row in matrix]
    stats = {line.stat.item: line for line in report.items}
    assert set(stats) == set(IDS)
    for column, ident in enumerate(IDS):
        scores = [row[column] for row in matrix]
        line = stats[ident]
        assert line.topic == "odd-chip"
        assert line.stat.answers == 5 and line.stat.right == sum(scores)
        assert line.stat.p == pytest.approx([0.8, 0.6, 0.4, 0.2][column])
        rest = [total - x for total, x in zip(totals, scores, strict=True)]
        assert line.stat.discrimination == pytest.approx(_textbook_rpb(scores, rest))
    assert stats[IDS[0]].stat.discrimination == pytest.approx(0.5145, abs=1e-4)
    assert stats[IDS[1]].stat.discrimination == pytest.approx(0.7206, abs=1e-4)
    # the whole store's analysis counts the other room's attempt too
    assert item_report(store).forms[0].sittings == 6


def test_the_export_carries_each_exam_answer_given_naming_its_attempt(
    store: Store, room_id: int
) -> None:
    assert EXPORT_FIELDS[-1] == "exam_attempt"
    assert EXPORT_FIELDS[:-1] == (
        "trainee",
        "item",
        "topic",
        "mode",
        "correct",
        "ruleset",
        "difficulty",
        "given",
        "expected",
        "seconds",
        "answered_at",
        "assignment",
        "assignment_id",
    )
    rows = list(graded.export_rows(store, room_id))
    given = sum(1 for rights in COHORT.values() for right in rights if right is not None)
    assert len(rows) == given  # blanks, the outsider and the open attempt left out
    assert {row.mode for row in rows} == {"exam"} and {row.ruleset for row in rows} == {"tda-2024"}
    for row in rows:
        assert row.exam_attempt is not None
        assert row.correct is COHORT[row.trainee][IDS.index(row.item)]
        assert row.given and row.expected and (row.given == row.expected) is row.correct
    text = "".join(csv_pieces(rows))
    header, first = text.splitlines()[:2]
    assert header.split(",") == list(EXPORT_FIELDS)
    assert first.endswith(f",{rows[0].exam_attempt}")
    data = json.loads("".join(json_pieces({"id": room_id}, rows)))
    assert data["answers"][0]["exam_attempt"] == rows[0].exam_attempt
    assert data["answers"][0]["mode"] == "exam"
