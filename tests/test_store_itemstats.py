"""What item analysis reads and keeps (dealer_trainer.store.itemstats), on SQLite and on
PostgreSQL: the answers sitting by sitting (drill steps left out, a room's own answers only),
the retired items with who, when and why, and a store from before retirement upgrading; and the
room's item report built from them (dealer_trainer.training.itemreport)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.errors import UsageError
from dealer_trainer.roles import Role
from dealer_trainer.store import MIGRATIONS, SCHEMA_VERSION, Answer, Store, people, runs
from dealer_trainer.store import assignments as assigned
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.itemstats import retire, retired_items, sitting_answers, unretire
from dealer_trainer.training.itemreport import item_report
from dealer_trainer.training.itemstats import Flag
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.pg import fresh_schema, store_on

HASH = "not-a-real-hash"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _terminal(store: Store, trainee: str, mode: str, answers: list[tuple[str, bool]]) -> int:
    session = store.start_session(trainee, mode)
    for item, right in answers:
        store.record(session, Answer(trainee, item, "misdeal", mode, correct=right))
    return session


def _in_room(
    store: Store,
    person: people.Person,
    room_id: int,
    answers: list[tuple[str, bool]],
    assignment_id: int | None = None,
) -> int:
    """A browser quiz of ``person`` in the room; its session."""
    run_id = runs.add_run(
        store,
        person_id=person.id,
        trainee=person.name,
        room_id=room_id,
        mode="quiz",
        plan="{}",
        assignment_id=assignment_id,
    )
    stored = runs.stored_run(store, run_id=run_id, person_id=person.id)
    assert stored is not None and stored.session_id is not None
    for item, right in answers:
        store.record(stored.session_id, Answer(person.name, item, "exposed-card", "quiz", right))
    return stored.session_id


def test_sittings_come_session_by_session_in_the_order_given_without_drill_steps(
    store: Store,
) -> None:
    first = _terminal(store, "Ana", "quiz", [("b", True), ("a", False)])
    _terminal(store, "Ana", "drill", [("drill:burn", True)])
    second = _terminal(store, "Bob", "review", [("a", True)])
    rows = list(sitting_answers(store))
    assert [(r.session, r.trainee, r.mode, r.item, r.correct) for r in rows] == [
        (first, "Ana", "quiz", "b", True),
        (first, "Ana", "quiz", "a", False),
        (second, "Bob", "review", "a", True),
    ]
    assert rows[0].topic == "misdeal" and rows[0].assignment is None


def test_a_rooms_sittings_are_its_trainees_answers_given_there_or_in_the_terminal(
    store: Store,
) -> None:
    room = people.add_room(store, name="Evening", ruleset="roberts")
    other = people.add_room(store, name="Morning", ruleset="roberts")
    ana, mia, bob = (
        people.add_person(store, name=name, password_hash=HASH) for name in ("Ana", "Mia", "Bob")
    )
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    people.add_member(store, room_id=other.id, person_id=ana.id, role=Role.TRAINEE)
    people.add_member(store, room_id=room.id, person_id=mia.id, role=Role.TRAINER)
    people.add_member(store, room_id=other.id, person_id=bob.id, role=Role.TRAINEE)
    task = assigned.add_assignment(
        store,
        room_id=room.id,
        title="Week one",
        topics=("exposed-card",),
        length=1,
        due_on=None,
        created_by=mia.id,
    )
    here = _in_room(store, ana, room.id, [("here", True)], assignment_id=task)
    terminal = _terminal(store, "Ana", "quiz", [("terminal", False)])
    _in_room(store, ana, other.id, [("elsewhere", True)])  # Ana's, in the other room
    _in_room(store, bob, other.id, [("bob", True)])  # not a member here
    _terminal(store, "Mia", "quiz", [("trainer", True)])  # a trainer's practice
    rows = list(sitting_answers(store, room_id=room.id))
    assert sorted((r.session, r.item) for r in rows) == [(here, "here"), (terminal, "terminal")]
    (assigned_row,) = [r for r in rows if r.item == "here"]
    assert (assigned_row.assignment, assigned_row.assignment_title) == (task, "Week one")
    assert {r.item for r in sitting_answers(store, room_id=other.id)} == {
        "terminal",
        "elsewhere",
        "bob",
    }
    assert {r.item for r in sitting_answers(store, since=datetime.now(UTC) + timedelta(1))} == set()


def test_retiring_keeps_who_when_and_why_per_room_and_can_be_undone(store: Store) -> None:
    room = people.add_room(store, name="Evening", ruleset="roberts")
    other = people.add_room(store, name="Morning", ruleset="roberts")
    mia = people.add_person(store, name="Mia", password_hash=HASH)
    before = datetime.now(UTC) - timedelta(seconds=1)
    retire(store, room_id=room.id, item="easy-one", reason="too-easy", retired_by=mia.id)
    retire(store, room_id=room.id, item="hard-one", reason="too-hard", retired_by=None)
    (easy, hard) = retired_items(store, room.id)
    assert (easy.item, easy.reason, easy.retired_by) == ("easy-one", "too-easy", "Mia")
    assert easy.retired_at is not None and easy.retired_at >= before
    assert (hard.item, hard.retired_by) == ("hard-one", None)
    assert retired_items(store, other.id) == []
    retire(store, room_id=room.id, item="easy-one", reason="my words", retired_by=None)
    assert [(r.item, r.reason) for r in retired_items(store, room.id)] == [
        ("easy-one", "my words"),
        ("hard-one", "too-hard"),
    ]
    assert unretire(store, room_id=room.id, item="easy-one") is True
    assert unretire(store, room_id=room.id, item="easy-one") is False
    assert {r.item for r in retired_items(store, room.id)} == {"hard-one"}
    with pytest.raises(UsageError, match="needs a reason"):
        retire(store, room_id=room.id, item="x", reason="  ", retired_by=None)
    with pytest.raises(UsageError, match="needs its id"):
        retire(store, room_id=room.id, item="", reason="too-easy", retired_by=None)


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def test_a_store_from_before_retired_items_upgrades_and_can_retire(target: str) -> None:
    old = Store(connect(target), target, scheduler=next_card)
    retired_step = next(m.version for m in MIGRATIONS if "retired" in m.description)
    old.migrate(upto=retired_step - 1)
    room = people.add_room(old, name="Evening", ruleset="roberts")
    old.close()
    with open_store(target) as store:
        assert store.schema_version() == SCHEMA_VERSION
        retire(store, room_id=room.id, item="a", reason="too-easy", retired_by=None)
        assert [r.item for r in retired_items(store, room.id)] == ["a"]


def test_the_rooms_item_report_marks_retired_items_and_names_forms(store: Store) -> None:
    room = people.add_room(store, name="Evening", ruleset="roberts")
    ana, bob = (people.add_person(store, name=n, password_hash=HASH) for n in ("Ana", "Bob"))
    for person in (ana, bob):
        people.add_member(store, room_id=room.id, person_id=person.id, role=Role.TRAINEE)
    _in_room(store, ana, room.id, [("easy", True), ("split", True)])
    _in_room(store, bob, room.id, [("easy", True), ("split", False)])
    _terminal(store, "Ana", "review", [("split", True)])
    retire(store, room_id=room.id, item="easy", reason="too-easy", retired_by=None)
    report = item_report(store, room_id=room.id)
    assert report.sittings == 3
    by_item = {line.stat.item: line for line in report.items}
    assert by_item["easy"].stat.flags == (Flag.TOO_EASY,)
    assert by_item["easy"].retired is not None and by_item["easy"].retired.reason == "too-easy"
    assert by_item["split"].retired is None
    assert (by_item["split"].stat.answers, by_item["split"].stat.right) == (3, 2)
    assert by_item["split"].topic == "misdeal"  # its last answer's
    assert {(f.form, f.sittings) for f in report.forms} == {
        ("quiz, 2 items", 2),
        ("review, 1 item", 1),
    }
    whole = item_report(store)
    assert all(line.retired is None for line in whole.items)  # retiring is a room's
