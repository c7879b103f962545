"""The store's public API (dealer_trainer.store and its repositories), on SQLite and on
PostgreSQL: each repository keeps and reads back what it is given, a role outside the roles is
refused by the database itself, and a store from before that CHECK upgrades cleanly."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.errors import StoreError, UsageError
from dealer_trainer.roles import Role
from dealer_trainer.store import SCHEMA_VERSION, Answer, Store, invites, open_store, people, runs
from dealer_trainer.store import assignments as assigned
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.answers import recent_misses, topic_scores
from dealer_trainer.store.rows import db_time
from dealer_trainer.training.review import next_card
from tests.pg import fresh_schema, store_on

HASH = "not-a-real-hash"


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    with fresh_schema() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _room_with(store: Store, *names: str) -> tuple[people.Room, list[people.Person]]:
    room = people.add_room(store, name="Evening", ruleset="roberts")
    found = [people.add_person(store, name=name, password_hash=HASH) for name in names]
    return room, found


# --- roles ---------------------------------------------------------------------------------------


def test_the_database_refuses_a_role_that_is_not_one_of_the_roles(target: str) -> None:
    store = open_store(target, scheduler=next_card)
    room, (ana,) = _room_with(store, "Ana")
    # below the repositories (which only take a Role): the schema's own CHECK, on a
    # connection of the test's own
    db = connect(target)
    with pytest.raises(db.errors), db.transaction():
        db.execute(
            "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
            (room.id, ana.id, "boss"),
        )
    with pytest.raises(db.errors), db.transaction():
        db.execute(
            "INSERT INTO invites (room_id, code_hash, role, created_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (room.id, "h", "boss", db_time(db.dialect, datetime.now(UTC)), "2099-01-01"),
        )
    db.close()
    assert people.members(store, room.id) == []
    store.close()


def test_every_role_is_accepted_by_the_database(store: Store) -> None:
    room, found = _room_with(store, "Ana", "Mia")
    for person, role in zip(found, Role, strict=False):
        people.add_member(store, room_id=room.id, person_id=person.id, role=role)
    assert [(m.person.name, m.role) for m in people.members(store, room.id)] == [
        ("Ana", Role.TRAINEE),
        ("Mia", Role.TRAINER),
    ]


def test_a_store_from_before_the_role_check_upgrades_keeping_members_and_invites(
    target: str,
) -> None:
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=3)
    room, (ana, mia) = _room_with(old, "Ana", "Mia")
    db = connect(target)  # the members as version 3 kept them (no totals yet)
    with db.transaction():
        for person, role in ((ana, Role.TRAINEE), (mia, Role.TRAINER)):
            db.execute(
                "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
                (room.id, person.id, role.value),
            )
    later = datetime.now(UTC) + timedelta(hours=1)
    first = invites.add_invite(
        old,
        room_id=room.id,
        code_hash="one",
        role=Role.TRAINER,
        created_by=mia.id,
        expires_at=later,
    )
    old.close()

    with open_store(target, scheduler=next_card) as store:
        assert store.schema_version() == SCHEMA_VERSION
        assert [(m.person.name, m.role) for m in people.members(store, room.id)] == [
            ("Ana", Role.TRAINEE),
            ("Mia", Role.TRAINER),
        ]
        second = invites.add_invite(
            store,
            room_id=room.id,
            code_hash="two",
            role=Role.TRAINEE,
            created_by=None,
            expires_at=later,
        )
        assert second > first  # the invites' numbering goes on
        bo = invites.redeem_invite(store, code_hash="one", name="Bo", password_hash=HASH)
        assert people.role_in(store, person_id=bo, room_id=room.id) == Role.TRAINER
        with pytest.raises(db.errors), db.transaction():
            db.execute("UPDATE members SET role = ? WHERE person_id = ?", ("admin", ana.id))
    db.close()


# --- people and rooms ---------------------------------------------------------------------------


def test_a_person_name_is_taken_once(store: Store) -> None:
    people.add_person(store, name="Ana", password_hash=HASH)
    with pytest.raises(UsageError, match="taken"):
        people.add_person(store, name="Ana", password_hash=HASH)
    assert [p.name for p in people.people(store)] == ["Ana"]
    assert people.count_people(store) == 1


def test_a_change_of_role_ends_the_persons_sessions_and_the_same_role_does_not(
    store: Store,
) -> None:
    room, (ana,) = _room_with(store, "Ana")
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    epoch = people.person(store, ana.id).epoch  # type: ignore[union-attr]
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    assert people.person(store, ana.id).epoch == epoch  # type: ignore[union-attr]
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINER)
    assert people.person(store, ana.id).epoch != epoch  # type: ignore[union-attr]
    assert [(m.room.name, m.role) for m in people.memberships(store, ana.id)] == [
        ("Evening", Role.TRAINER)
    ]


def test_a_rehashed_password_replaces_the_hash_and_keeps_the_sessions(store: Store) -> None:
    ana = people.add_person(store, name="Ana", password_hash=HASH)
    people.replace_hash(store, ana.id, "new-hash")
    assert people.credentials(store, "Ana").password_hash == "new-hash"  # type: ignore[union-attr]
    assert people.person(store, ana.id).epoch == ana.epoch  # type: ignore[union-attr]
    assert people.credentials(store, "Nobody") is None


def test_an_invite_is_spent_once_and_an_expired_one_never(store: Store) -> None:
    room, _ = _room_with(store)
    now = datetime.now(UTC)
    invites.add_invite(
        store,
        room_id=room.id,
        code_hash="h",
        role=Role.TRAINEE,
        created_by=None,
        expires_at=now + timedelta(hours=1),
    )
    invites.add_invite(
        store,
        room_id=room.id,
        code_hash="old",
        role=Role.TRAINEE,
        created_by=None,
        expires_at=now - timedelta(seconds=1),
    )
    ana = invites.redeem_invite(store, code_hash="h", name="Ana", password_hash=HASH)
    assert people.role_in(store, person_id=ana, room_id=room.id) == Role.TRAINEE
    for code in ("h", "old", "unknown"):
        with pytest.raises(UsageError, match="unknown, used or expired"):
            invites.redeem_invite(store, code_hash=code, name="Bo", password_hash=HASH)
    assert people.person_by_name(store, "Bo") is None


def test_a_setting_is_kept_by_the_first_to_ask(store: Store) -> None:
    assert people.setting(store, "k") is None
    assert people.ensure_setting(store, "k", "first") == "first"
    assert people.ensure_setting(store, "k", "second") == "first"


# --- assignments, runs, answers -----------------------------------------------------------------


def test_an_assignment_is_read_back_only_in_its_room(store: Store) -> None:
    room, _ = _room_with(store)
    other = people.add_room(store, name="Day", ruleset="roberts")
    number = assigned.add_assignment(
        store,
        room_id=room.id,
        title="Cards",
        topics=("burns", "misdeal"),
        length=5,
        due_on=date(2026, 12, 8),
        created_by=None,
    )
    found = assigned.assignment(store, room_id=room.id, assignment_id=number)
    assert found is not None and found.topics == ("burns", "misdeal")
    assert found.due_on == date(2026, 12, 8)
    assert assigned.assignment(store, room_id=other.id, assignment_id=number) is None
    assert [a.id for a in assigned.assignments(store, room.id)] == [number]


def test_a_run_keeps_each_answer_once_with_its_progress_answer(store: Store) -> None:
    room, (ana,) = _room_with(store, "Ana")
    number = runs.add_run(
        store, person_id=ana.id, trainee="Ana", room_id=room.id, mode="quiz", plan="{}"
    )
    found = runs.stored_run(store, run_id=number, person_id=ana.id)
    assert found is not None and found.plan == "{}"
    assert runs.stored_run(store, run_id=number, person_id=ana.id + 1) is None
    answer = Answer("Ana", "a1", "burns", "quiz", correct=False, given="x", expected="y")
    keep = {"run_id": number, "session_id": found.session_id, "position": 1}
    assert runs.keep_answer(store, **keep, given=["c1"], progress=answer)
    assert not runs.keep_answer(store, **keep, given=["c2"], progress=answer)
    assert [(a.position, a.answer) for a in runs.run_answers(store, number)] == [(1, ("c1",))]
    assert [(s.topic, s.right, s.asked) for s in topic_scores(store, "Ana")] == [("burns", 0, 1)]
    assert [m.item for m in recent_misses(store, "Ana")] == ["a1"]
    assert runs.change_plan(store, number, lambda plan: plan[:-1] + '"x": 1}') == '{"x": 1}'
    assert [r.id for r in runs.open_runs(store, person_id=ana.id)] == [number]
    runs.finish_run(store, run_id=number, session_id=found.session_id)
    assert runs.open_runs(store, person_id=ana.id) == []


def test_a_store_opened_without_a_scheduler_reads_but_keeps_no_answer(target: str) -> None:
    with open_store(target) as store:
        session = store.start_session("Ana", "quiz")
        with pytest.raises(StoreError, match="without a review scheduler"):
            store.record(session, Answer("Ana", "a1", "burns", "quiz", correct=True))
        assert store.answers() == []
        assert store.trainees() == ["Ana"]


# --- the report and the export, at any size ------------------------------------------------------


def test_the_reports_totals_added_up_by_the_database_equal_those_from_the_answers(
    target: str,
) -> None:
    from dealer_trainer.report import build_report, report_from_totals
    from dealer_trainer.store.reports import topic_totals

    t0 = datetime(2026, 11, 2, 9, tzinfo=UTC)
    with open_store(target, scheduler=next_card) as store:
        for name in ("Ana", "Bo"):
            session = store.start_session(name, "quiz")
            for i in range(12):
                store.record(
                    session,
                    Answer(
                        name,
                        f"i{i % 4}",
                        ("burns", "misdeal", "boxed-card")[i % 3],
                        "quiz",
                        correct=(i * 7 + len(name)) % 3 != 0,
                        answered_at=t0 + timedelta(hours=i),
                    ),
                )
        since = t0 + timedelta(hours=5)
        for who, when in ((None, None), ("Ana", None), (None, since), ("Bo", since)):
            by_sql = report_from_totals(topic_totals(store, trainee=who, since=when), since=when)
            by_python = build_report(store.answers(who, when), since=when)
            assert by_sql == by_python
        assert topic_totals(store, trainee="Nobody") == []


def test_the_export_is_read_a_batch_at_a_time_in_order(store: Store) -> None:
    from dealer_trainer.store import roomdata

    room, (ana,) = _room_with(store, "Ana")
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    session = store.start_session("Ana", "quiz")
    t0 = datetime(2026, 11, 2, 9, tzinfo=UTC)
    for i in range(250):  # more than two batches of 100
        store.record(
            session,
            Answer(
                "Ana",
                f"i{i % 7}",
                "burns",
                "quiz",
                correct=i % 2 == 0,
                answered_at=t0 + timedelta(seconds=i),
            ),
        )
    rows = roomdata.iter_export_rows(store, room.id, batch=100)
    first = next(rows)  # lazy: a generator, read as it is consumed
    assert first.answered_at == t0
    rest = list(rows)
    assert len(rest) == 249
    assert [r.answered_at for r in rest] == [t0 + timedelta(seconds=i) for i in range(1, 250)]
    assert roomdata.export_rows(store, room.id) == [first, *rest]


def test_the_admin_commands_role_choices_are_the_roles() -> None:
    import argparse

    from dealer_trainer.cli import admin

    parser = argparse.ArgumentParser()
    admin.configure(parser)
    actions = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name in ("person-add", "member", "invite"):
        role = next(a for a in actions.choices[name]._actions if a.dest == "role")
        assert tuple(role.choices or ()) == tuple(r.value for r in Role)


def test_a_new_sqlite_store_and_its_folder_are_the_owner_s_alone(tmp_path: Path) -> None:
    """The store holds the session-signing key and the password hashes: 0600 in a 0700 folder,
    its write-ahead log too."""
    target = tmp_path / "rooms" / "progress.sqlite3"
    with open_store(target) as store:
        store.start_session("Ana", "quiz")
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in target.parent.iterdir()}
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700
    assert modes and set(modes.values()) == {0o600}, modes
