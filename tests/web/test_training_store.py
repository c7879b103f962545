"""Runs in the store (dealer_trainer/training/runs/) on SQLite and on PostgreSQL: a run is read
only by its owner, an answer is kept once with its progress answer, the order tapped so far
is kept, a finished run closes its session, the home page's scores and misses."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from dealer_trainer.accounts import Accounts
from dealer_trainer.scenario import bank_dir, forget_proofs, load_scenario
from dealer_trainer.store import Store
from dealer_trainer.store.adapters import connect
from dealer_trainer.training import runs
from dealer_trainer.training.quiz import Selection
from tests.pg import store_on

from .conftest import HASHER, PASSWORD


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


@cache
def _choice_entries() -> list[runs.PlanItem]:
    folder = bank_dir()
    found = []
    for entry in sorted(runs.bank_entries(), key=lambda e: e.id):
        if load_scenario(entry.path).question.kind == "choice":
            path = entry.path.relative_to(folder).as_posix()
            found.append(runs.PlanItem(id=entry.id, path=path, seed=len(found) + 3))
        if len(found) == 3:
            break
    return found


def _setup(store: Store) -> tuple[int, int, int]:
    """A room with Ana and Bo; their ids."""
    accounts = Accounts(store, HASHER)
    room = accounts.create_room(name="Room", ruleset="roberts")
    ana = accounts.create_person(name="Ana", password=PASSWORD)
    bo = accounts.create_person(name="Bo", password=PASSWORD)
    return room.id, ana.id, bo.id


def _new_run(store: Store, room: int, person: int, name: str = "Ana") -> runs.Run:
    plan = runs.Plan(ruleset="roberts", items=tuple(_choice_entries()))
    number = runs.create_run(
        store, person_id=person, trainee=name, room_id=room, mode="quiz", plan=plan
    )
    found = runs.run(store, run_id=number, person_id=person)
    assert found is not None
    return found


def test_a_run_is_read_only_by_its_owner(store: Store) -> None:
    room, ana, bo = _setup(store)
    found = _new_run(store, room, ana)
    assert runs.run(store, run_id=found.id, person_id=bo) is None
    assert runs.run(store, run_id=found.id + 100, person_id=ana) is None
    assert found.plan.items == tuple(_choice_entries())
    assert found.session_id is not None and found.finished_at is None
    assert [r.id for r in runs.open_runs(store, person_id=ana)] == [found.id]
    assert runs.open_runs(store, person_id=bo) == []


def test_an_answer_is_kept_once_with_its_progress_answer(store: Store) -> None:
    room, ana, _bo = _setup(store)
    found = _new_run(store, room, ana)
    first = runs.answer(store, found, position=1, given=["c0"], trainee="Ana")
    second = runs.answer(store, found, position=1, given=["c1"], trainee="Ana")
    assert first.recorded and not second.recorded
    assert second.given == ("c0",) and second.feedback == first.feedback
    kept = runs.answers(store, found.id)
    assert [(a.position, a.answer) for a in kept] == [(1, ("c0",))]
    progress = store.answers("Ana")
    assert len(progress) == 1
    assert progress[0].session == found.session_id
    assert progress[0].item == found.plan.items[0].id
    assert progress[0].correct == kept[0].correct


def test_the_same_plan_lays_out_the_same_options(store: Store) -> None:
    room, ana, _bo = _setup(store)
    found = _new_run(store, room, ana)
    again = runs.run(store, run_id=found.id, person_id=ana)
    assert again is not None
    first = runs.item(found.plan, 2).options
    forget_proofs()  # as in another process
    assert runs.item(again.plan, 2).options == first


def test_the_steps_tapped_are_kept_in_the_run(store: Store) -> None:
    room, ana, _bo = _setup(store)
    found = _new_run(store, room, ana)
    runs.set_pending(store, found, 2, ["s1", "s0"])
    again = runs.run(store, run_id=found.id, person_id=ana)
    assert again is not None and again.plan.pending == {2: ("s1", "s0")}
    runs.set_pending(store, again, 2, [])
    cleared = runs.run(store, run_id=found.id, person_id=ana)
    assert cleared is not None and cleared.plan.pending == {}
    assert cleared.plan.items == found.plan.items


def test_finishing_a_run_closes_its_session(store: Store) -> None:
    room, ana, _bo = _setup(store)
    found = _new_run(store, room, ana)
    runs.answer(store, found, position=1, given=["c0"], trainee="Ana")
    runs.finish_run(store, found)
    done = runs.run(store, run_id=found.id, person_id=ana)
    assert done is not None and done.finished_at is not None
    assert runs.open_runs(store, person_id=ana) == []
    db = connect(store.target)  # a connection of the test's own (no password in the target)
    rows = db.execute("SELECT finished_at FROM sessions WHERE id = ?", (found.session_id,))
    db.close()
    assert rows[0][0] is not None
    result = runs.summary(store, done, "Ana")
    assert result.asked == 1 and result.planned == 3 and result.stopped


def test_scores_per_topic_and_recent_misses(store: Store) -> None:
    room, ana, _bo = _setup(store)
    found = _new_run(store, room, ana)
    outcomes = [
        runs.answer(store, found, position=p, given=["c0"], trainee="Ana") for p in (1, 2, 3)
    ]
    scores = runs.topic_scores(store, "Ana")
    assert sum(s.asked for s in scores) == 3
    assert sum(s.right for s in scores) == sum(o.feedback.correct for o in outcomes)
    misses = runs.recent_misses(store, "Ana")
    assert len(misses) == sum(not o.feedback.correct for o in outcomes)
    assert runs.topic_scores(store, "Bo") == []


def test_a_quiz_plan_keeps_to_the_rooms_ruleset_where_the_bank_has_items() -> None:
    entries = runs.bank_entries()
    plan = runs.quiz_plan(entries, Selection(length=8), seed=3, ruleset="tda-2024")
    rulesets = {e.id: e.ruleset for e in entries}
    assert len(plan.items) == 8
    assert {rulesets[i.id] for i in plan.items} == {"tda-2024"}
    house = runs.quiz_plan(entries, Selection(length=8), seed=3, ruleset="our-house")
    assert len(house.items) == 8  # no item under the house's name: any ruleset
    assert runs.quiz_plan(entries, Selection(length=8), seed=3, ruleset="roberts") == (
        runs.quiz_plan(entries, Selection(length=8), seed=3, ruleset="roberts")
    )


def test_a_plan_reads_back_from_json() -> None:
    plan = runs.Plan(
        ruleset="roberts",
        items=(runs.PlanItem(id="a", path="x/a.yaml", seed=5),),
        pending={1: ("s2", "s0")},
    )
    assert runs.Plan.from_json(plan.to_json()) == plan
    drill = runs.drill_plan(seed=9, ruleset="tda-2024", rate=0.5)
    assert runs.Plan.from_json(drill.to_json()) == drill


HOUSE = """name: river-room
base: tda-2024
description: TDA, except that only the very first card exposed is a misdeal.
options:
  exposed_misdeal_cards: 1
"""


def test_a_house_room_asks_the_bank_items_of_the_rulebook_it_follows() -> None:
    assert runs.bank_ruleset("roberts") == "roberts"
    assert runs.bank_ruleset("river-room", HOUSE) == "tda-2024"
    assert runs.bank_ruleset("broken", "name: [") == "broken"  # unreadable: its own name


def test_a_topic_with_no_item_under_the_rooms_ruleset_is_asked_under_any(tmp_path: Path) -> None:
    from dealer_trainer.training.quiz import Entry

    entries = [
        Entry("only-roberts", "buy-in", 1, "roberts", tmp_path / "a.yaml"),
        Entry("tda-one", "burns", 1, "tda-2024", tmp_path / "b.yaml"),
        Entry("roberts-one", "burns", 1, "roberts", tmp_path / "c.yaml"),
    ]
    lonely = runs.quiz_plan(
        entries, Selection(topics=("buy-in",), length=3), seed=1, ruleset="tda-2024",
        folder=tmp_path,
    )  # fmt: skip
    assert [item.id for item in lonely.items] == ["only-roberts"]
    both = runs.quiz_plan(
        entries, Selection(topics=("burns",), length=3), seed=1, ruleset="tda-2024",
        folder=tmp_path,
    )  # fmt: skip
    assert [item.id for item in both.items] == ["tda-one"]
    assert both.items[0].path == "b.yaml"


def test_a_house_drill_plays_under_the_house_options(store: Store) -> None:
    room, ana, _bo = _setup(store)
    plan = runs.drill_plan(seed=4, ruleset="river-room")
    number = runs.create_run(
        store, person_id=ana, trainee="Ana", room_id=room, mode="drill", plan=plan
    )
    found = runs.run(store, run_id=number, person_id=ana)
    assert found is not None
    state = runs.drill_state(found, [], HOUSE)
    try:
        assert state.drill.ruleset.name == "river-room"
        assert state.drill.ruleset.exposed_misdeal_cards == 1
    finally:
        runs.release_drill(found, state, HOUSE)


def test_a_drill_goes_on_from_where_this_process_left_it(store: Store) -> None:
    room, ana, _bo = _setup(store)
    plan = runs.drill_plan(seed=12, ruleset="roberts")
    number = runs.create_run(
        store, person_id=ana, trainee="Ana", room_id=room, mode="drill", plan=plan
    )
    found = runs.run(store, run_id=number, person_id=ana)
    assert found is not None
    for point in range(1, 6):
        state = runs.drill_answer(store, found, number=point, option=1, trainee="Ana")
        runs.release_drill(found, state)
    kept = runs.answers(store, found.id)
    live = runs.drill_state(found, kept)
    labels = [o.label for o in live.point.options]
    live_drill = live.drill
    runs.release_drill(found, live)
    runs.finish_run(store, found)  # the live drill is dropped
    fresh = runs.drill_state(found, kept)
    try:
        assert fresh.drill is not live_drill
        assert [o.label for o in fresh.point.options] == labels
        assert fresh.point.number == live.point.number == 6
    finally:
        runs.release_drill(found, fresh)
