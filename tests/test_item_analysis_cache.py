"""The item analysis cache (issue 28) is exact: its key (the room's trainees, its answers in the
kept totals, its submitted exam attempts, the first day read) moves with any of them, so a
cached report always equals one worked out afresh; an attempt not yet submitted leaves it; an
analysis worked out while the inputs moved is not kept; the oldest analysis goes first. On
SQLite and PostgreSQL (several server processes share one PostgreSQL: the key is read from
it)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from dealer_trainer.roles import Role
from dealer_trainer.store import Answer, Store, people
from dealer_trainer.store.analysis_inputs import analysis_inputs
from dealer_trainer.training.itemcache import DEFAULT_SIZE, Analysed, AnalysisCache
from dealer_trainer.training.itemgather import ID_SLACK, extend, gather
from dealer_trainer.training.itemreport import item_report
from dealer_trainer.training.itemstats import analyse
from tests.pg import store_on
from tests.test_exam_item_analysis import T0, _sit

HASH = "not-a-real-hash"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """On both databases: what the key reads."""
    with store_on(request.param, tmp_path) as opened:
        yield opened


@pytest.fixture
def lite(tmp_path: Path) -> Iterator[Store]:
    """On SQLite only: how the cache keeps what it read (the same on both)."""
    with store_on("sqlite", tmp_path) as opened:
        yield opened


def _room(store: Store, name: str, trainees: tuple[str, ...]) -> int:
    room = people.add_room(store, name=name, ruleset="tda-2024")
    for trainee in trainees:
        person = people.add_person(store, name=trainee, password_hash=HASH)
        people.add_member(store, room_id=room.id, person_id=person.id, role=Role.TRAINEE)
    return room.id


def _answer(store: Store, name: str, correct: bool) -> None:
    session = store.start_session(name, "quiz")
    store.record(session, Answer(name, "an-item", "odd-chip", "quiz", correct=correct))
    store.finish_session(session)


def test_a_submitted_attempt_moves_the_cached_report_and_an_open_one_does_not(
    store: Store,
) -> None:
    room_id = _room(store, "Day shift", ("Ana", "Bo"))
    _sit(store, "Ana", (True, True, False, False), room_id=room_id, seed=1)
    cache = AnalysisCache()
    first = item_report(store, room_id=room_id, cache=cache)
    assert first == item_report(store, room_id=room_id) and first.sittings == 1
    _sit(store, "Bo", (True, False, False, False), room_id=room_id, seed=2, submit=False)
    assert item_report(store, room_id=room_id, cache=cache) == first
    assert (cache.hits, cache.misses) == (1, 1)
    _sit(store, "Ana", (False, False, False, False), room_id=room_id, seed=3)
    moved = item_report(store, room_id=room_id, cache=cache)
    assert moved.sittings == 2 and moved == item_report(store, room_id=room_id)
    assert cache.misses == 2


def test_each_input_of_the_key_moves_with_what_it_counts(store: Store) -> None:
    room_id = _room(store, "Day shift", ("Ana",))
    empty = analysis_inputs(store, room_id)
    assert (empty.answers, empty.submitted_attempts, len(empty.trainees)) == (0, 0, 1)
    _answer(store, "Ana", correct=True)
    assert analysis_inputs(store, room_id).answers == 1
    _sit(store, "Ana", (True, True, True, True), room_id=room_id, seed=1)
    assert analysis_inputs(store, room_id).submitted_attempts == 1
    cy = people.add_person(store, name="Cy", password_hash=HASH)
    people.add_member(store, room_id=room_id, person_id=cy.id, role=Role.TRAINEE)
    assert len(analysis_inputs(store, room_id).trainees) == 2  # no answers, still a new key


def test_an_analysis_worked_out_while_an_answer_came_in_is_not_kept(lite: Store) -> None:
    room_id = _room(lite, "Day shift", ("Ana",))
    _answer(lite, "Ana", correct=False)
    cache = AnalysisCache()
    made = Analysed(analysis=analyse([]), topics={})

    def racing() -> Analysed:
        _answer(lite, "Ana", correct=True)  # kept while the analysis is read
        return made

    assert cache.analysed(lite, room_id=room_id, since=None, compute=racing) is made
    assert len(cache) == 0
    report = item_report(lite, room_id=room_id, cache=cache)
    assert report == item_report(lite, room_id=room_id) and report.items[0].stat.answers == 2


def test_the_least_recently_used_analysis_goes_first(lite: Store) -> None:
    day = _room(lite, "Day shift", ("Ana",))
    night = _room(lite, "Night shift", ("Bo",))
    cache = AnalysisCache(size=1)
    since = datetime(2026, 1, 1, tzinfo=T0.tzinfo)
    item_report(lite, room_id=day, cache=cache)
    item_report(lite, room_id=night, cache=cache)
    item_report(lite, room_id=night, since=since, cache=cache)
    assert len(cache) == 1 and cache.misses == 3
    item_report(lite, room_id=night, since=since, cache=cache)
    item_report(lite, room_id=day, cache=cache)
    assert (cache.hits, cache.misses) == (1, 4)
    with pytest.raises(ValueError, match="at least one"):
        AnalysisCache(size=0)


def test_the_docs_say_how_many_analyses_a_process_keeps() -> None:
    text = (Path(__file__).parents[1] / "docs" / "item-analysis.md").read_text(encoding="utf-8")
    assert f"per server process, the {DEFAULT_SIZE} most recent" in text


def _record(store: Store, session: int, name: str, item: str, correct: bool) -> None:
    store.record(session, Answer(name, item, "odd-chip", "quiz", correct=correct))


def test_new_answers_extend_the_kept_analysis_to_what_a_fresh_one_gives(store: Store) -> None:
    """A new answer reads only what is new (answers are never changed once kept): a session
    going on, a new session, another trainee's; the report equals one worked out whole."""
    room_id = _room(store, "Day shift", ("Ana", "Bo"))
    going_on = store.start_session("Ana", "quiz")
    for item, correct in (("a", True), ("b", False)):
        _record(store, going_on, "Ana", item, correct)
    _answer(store, "Bo", correct=False)
    cache = AnalysisCache()
    item_report(store, room_id=room_id, cache=cache)
    _record(store, going_on, "Ana", "c", True)  # the same sitting, one item longer
    _record(store, going_on, "Ana", "a", False)  # a second answer: the first one counts
    _answer(store, "Bo", correct=True)
    _answer(store, "Ana", correct=True)
    extended = item_report(store, room_id=room_id, cache=cache)
    assert cache.extended == 1 and cache.misses == 2
    assert extended == item_report(store, room_id=room_id)
    assert {form.form for form in extended.forms} == {"quiz, 1 item", "quiz, 3 items"}


def test_an_analysis_is_worked_out_whole_when_an_attempt_or_a_trainee_comes(store: Store) -> None:
    room_id = _room(store, "Day shift", ("Ana",))
    _answer(store, "Ana", correct=True)
    cache = AnalysisCache()
    item_report(store, room_id=room_id, cache=cache)
    _sit(store, "Ana", (True, False, True, False), room_id=room_id, seed=1)
    assert item_report(store, room_id=room_id, cache=cache) == item_report(store, room_id=room_id)
    cy = people.add_person(store, name="Cy", password_hash=HASH)
    people.add_member(store, room_id=room_id, person_id=cy.id, role=Role.TRAINEE)
    item_report(store, room_id=room_id, cache=cache)
    assert (cache.misses, cache.extended) == (3, 0)


def test_an_answer_with_a_lower_id_seen_late_is_still_read(lite: Store) -> None:
    """On PostgreSQL an answer kept by a transaction begun earlier can become visible after
    one with a higher id: an extension reads again a little below the highest id it had."""
    room_id = _room(lite, "Day shift", ("Ana",))
    for correct in (True, False, True):
        _answer(lite, "Ana", correct=correct)
    whole = gather(lite, room_id=room_id, since=None)
    lowest = min(whole.answer_ids)
    assert max(whole.answer_ids) - lowest < ID_SLACK
    seen_early = type(whole)(
        sessions={s: v for s, v in whole.sessions.items() if v[0].answer_id != lowest},
        attempts=whole.attempts,
        answer_topics=whole.answer_topics,
        attempt_topics=whole.attempt_topics,
        answer_ids=whole.answer_ids - {lowest},
    )
    assert extend(lite, seen_early, room_id=room_id, since=None) == whole
