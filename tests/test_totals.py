"""The totals kept as answers are recorded (dealer_trainer.store.totals, migration 10), on SQLite
and on PostgreSQL: after any answers (given in a room's browser run or in the terminal) and any
changes of membership (a role given, changed or taken away, an invite spent by a terminal
trainee with a history) every page figure equals a count from scratch of the answers and the
members under the room rule (a room counts its members' answers given in it or in no room,
never another room's), and so does a store upgraded from version 5 by the migrations'
backfills (answers.room_id from the runs, then the totals)."""

from __future__ import annotations

import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealer_trainer.roles import Role
from dealer_trainer.store import Answer, Store, invites, people, roomdata, runs, totals
from dealer_trainer.store.adapters import Database, connect
from dealer_trainer.store.answers import topic_scores
from dealer_trainer.store.rows import db_time
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.pg import fresh_schema, postgres_unavailable, store_on
from tests.strategies import examples

HASH = "not-a-real-hash"
#: people from the start; Dee trains in the terminal until she spends an invite
PEOPLE = ("Ana", "Ben", "Cid")
NAMES = (*PEOPLE, "Dee")
#: an item may be asked under two topics: the totals keep them apart, as the pages do
ITEMS = (("a1", "burns"), ("a1", "misdeal"), ("a2", "misdeal"), ("a3", "pot-award"))
ROOMS = ("Evening", "Day")
#: the answers' days: around midnight UTC, so that a day is the UTC day
START = datetime(2026, 11, 1, 23, 30, tzinfo=UTC)
BACKENDS = ("sqlite", "postgresql")
#: the room (its id) each session's answers were given in, None for the terminal's
Rooms = dict[int, int | None]


@dataclass(frozen=True, slots=True)
class Answered:
    name: str
    item: int
    correct: bool
    minutes: int
    room: int | None = None  # given in a browser run of that room; None: in the terminal


@dataclass(frozen=True, slots=True)
class RoleSet:
    name: str
    room: int
    role: Role | None  # None: taken out of the room


@dataclass(frozen=True, slots=True)
class Invited:
    room: int
    role: Role


STEPS = st.one_of(
    st.builds(
        Answered,
        st.sampled_from(NAMES),
        st.integers(0, len(ITEMS) - 1),
        st.booleans(),
        st.integers(0, 3 * 24 * 60),
        st.sampled_from([None, *range(len(ROOMS))]),
    ),
    st.builds(
        RoleSet,
        st.sampled_from(PEOPLE),
        st.integers(0, len(ROOMS) - 1),
        st.sampled_from([*Role, None]),
    ),
    st.builds(Invited, st.integers(0, len(ROOMS) - 1), st.sampled_from(list(Role))),
)


@contextmanager
def _target(backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="dt-totals-") as folder:
            yield str(Path(folder) / "store.sqlite3")
        return
    with fresh_schema() as url:
        yield url


@contextmanager
def _new_store(backend: str) -> Iterator[Store]:
    """A new, empty store at the current version: on PostgreSQL a schema an earlier example
    emptied (tests/pg.py), not one made and migrated again for each example (1.5 s each)."""
    if backend == "sqlite":
        with _target(backend) as target, open_store(target) as store:
            yield store
        return
    with (
        tempfile.TemporaryDirectory(prefix="dt-totals-") as folder,
        store_on(backend, Path(folder)) as store,
    ):
        yield store


def _needs(backend: str) -> None:
    reason = postgres_unavailable() if backend == "postgresql" else None
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")


# --- the figures counted from scratch ------------------------------------------------------------


def _expected_pages(store: Store, room_id: int, rooms: Rooms) -> dict[str, object]:
    """What each page shows for the room, counted in Python from every answer and member: a
    member's answers given in this room or in the terminal (``rooms``: each session's room)."""
    answers = store.answers()
    members = people.members(store, room_id)
    trainees = {m.person.name for m in members if m.role == Role.TRAINEE}
    by_name: dict[str, list[Answer]] = defaultdict(list)
    for answer in answers:
        assert answer.session is not None
        if rooms[answer.session] in (room_id, None):
            by_name[answer.trainee].append(answer)

    def topics(names: set[str]) -> list[tuple[str, int, int]]:
        count: Counter[str] = Counter()
        right: Counter[str] = Counter()
        for name in names:
            for answer in by_name[name]:
                count[answer.topic] += 1
                right[answer.topic] += answer.correct
        return [(topic, count[topic], right[topic]) for topic in sorted(count)]

    def missed(names: set[str]) -> list[tuple[str, str, int, int]]:
        count: Counter[tuple[str, str]] = Counter()
        wrong: Counter[tuple[str, str]] = Counter()
        for name in names:
            for answer in by_name[name]:
                count[(answer.item, answer.topic)] += 1
                wrong[(answer.item, answer.topic)] += not answer.correct
        rows = [(item, topic, count[item, topic], wrong[item, topic]) for item, topic in wrong]
        rows = [row for row in rows if row[3] > 0]
        return sorted(rows, key=lambda row: (-row[3], -row[3] / row[2], row[0], row[1]))

    def days(names: set[str]) -> dict[date, int]:
        return dict(
            Counter(a.answered_at.astimezone(UTC).date() for n in names for a in by_name[n])
        )

    expected: dict[str, object] = {
        "grid": [
            (m.person.id, name, topic, answered, right)
            for m in sorted(members, key=lambda m: m.person.name)
            if m.role == Role.TRAINEE
            for name in [m.person.name]
            for topic, answered, right in topics({name})
        ],
        "topics": topics(trainees),
        "missed": missed(trainees),
        "days": days(trainees),
    }
    for m in members:  # a member's own page, whatever their role
        expected[f"topics {m.person.id}"] = topics({m.person.name})
        expected[f"missed {m.person.id}"] = missed({m.person.name})
        expected[f"days {m.person.id}"] = days({m.person.name})
    return expected


def _shown_pages(store: Store, room_id: int) -> dict[str, object]:
    """What the store's page functions give for the room (read from the totals)."""
    since, until = START.date() - timedelta(days=1), START.date() + timedelta(days=5)

    def days(person_id: int | None = None) -> dict[date, int]:
        found = roomdata.activity(store, room_id, since=since, until=until, person_id=person_id)
        return {day: count for day, count in found if count}

    def topics(person_id: int | None = None) -> list[tuple[str, int, int]]:
        found = roomdata.topic_totals(store, room_id, person_id=person_id)
        return [(cell.topic, cell.answered, cell.correct) for cell in found]

    def missed(person_id: int | None = None) -> list[tuple[str, str, int, int]]:
        found = roomdata.most_missed(store, room_id, limit=100, person_id=person_id)
        return [(s.item, s.topic, s.answered, s.missed) for s in found]

    shown: dict[str, object] = {
        "grid": [
            (c.person_id, c.name, c.topic, c.answered, c.correct)
            for c in roomdata.accuracy_grid(store, room_id)
        ],
        "topics": topics(),
        "missed": missed(),
        "days": days(),
    }
    for m in people.members(store, room_id):
        shown[f"topics {m.person.id}"] = topics(m.person.id)
        shown[f"missed {m.person.id}"] = missed(m.person.id)
        shown[f"days {m.person.id}"] = days(m.person.id)
    return shown


def _check_against_a_count_from_scratch(store: Store, room_ids: list[int], rooms: Rooms) -> None:
    assert totals.differences(store) == []
    for room_id in room_ids:
        expected_pages = _expected_pages(store, room_id, rooms)
        assert _shown_pages(store, room_id) == expected_pages
        weakest = roomdata.weakest_topics(store, room_id, limit=100)
        expected = [
            row
            for row in expected_pages["topics"]  # type: ignore[attr-defined]
            if row[2] < row[1]
        ]
        expected.sort(key=lambda row: (row[2] / row[1], -row[1], row[0]))
        assert [(c.topic, c.answered, c.correct) for c in weakest] == expected
    by_name: dict[str, Counter[str]] = defaultdict(Counter)
    right: dict[str, Counter[str]] = defaultdict(Counter)
    for answer in store.answers():  # a trainee's home: every answer, in any room or none
        by_name[answer.trainee][answer.topic] += 1
        right[answer.trainee][answer.topic] += answer.correct
    for name in NAMES:
        scores = [(s.topic, s.asked, s.right) for s in topic_scores(store, name)]
        assert scores == [(t, by_name[name][t], right[name][t]) for t in sorted(by_name[name])]


# --- kept as answers come ------------------------------------------------------------------------


def _session(
    store: Store, ids: dict[str, int], name: str, room_id: int | None
) -> tuple[int, int | None]:
    """A new session of ``name``'s: a browser run's in the room (when they are a person), or
    the terminal's; and its room."""
    if room_id is None or name not in ids:  # Dee before her invite trains in the terminal
        return store.start_session(name, "quiz"), None
    number = runs.add_run(
        store, person_id=ids[name], trainee=name, room_id=room_id, mode="quiz", plan="{}"
    )
    run = runs.stored_run(store, run_id=number, person_id=ids[name])
    assert run is not None and run.session_id is not None
    return run.session_id, room_id


def _play(store: Store, steps: list[Answered | RoleSet | Invited]) -> tuple[list[int], Rooms]:
    """Run the steps through the store's public API; the rooms' ids, and each session's room."""
    room_ids = [people.add_room(store, name=name, ruleset="roberts").id for name in ROOMS]
    ids = {name: people.add_person(store, name=name, password_hash=HASH).id for name in PEOPLE}
    sessions: dict[tuple[str, int | None], int] = {}
    rooms: Rooms = {}
    for n, step in enumerate(steps):
        if isinstance(step, Answered):
            wanted = None if step.room is None else room_ids[step.room]
            key = (step.name, wanted if step.name in ids else None)
            if key not in sessions:
                sessions[key], room = _session(store, ids, *key)
                rooms[sessions[key]] = room
            item, topic = ITEMS[step.item]
            when = START + timedelta(minutes=step.minutes)
            answer = Answer(step.name, item, topic, "quiz", correct=step.correct, answered_at=when)
            store.record(sessions[key], answer)
        elif isinstance(step, RoleSet):
            room_id, person_id = room_ids[step.room], ids[step.name]
            if step.role is None:
                people.remove_member(store, room_id=room_id, person_id=person_id)
            else:
                people.add_member(store, room_id=room_id, person_id=person_id, role=step.role)
        elif "Dee" not in ids:  # Dee, a terminal trainee until now, joins with her history
            code = f"code-{n}"
            invites.add_invite(
                store,
                room_id=room_ids[step.room],
                code_hash=code,
                role=step.role,
                created_by=None,
                expires_at=datetime.now(UTC) + timedelta(hours=1),
            )
            ids["Dee"] = invites.redeem_invite(
                store, code_hash=code, name="Dee", password_hash=HASH
            )
    return room_ids, rooms


#: a trainee of both rooms answering in each and in the terminal, a room's trainee answering
#: in the other room, then a role taken away, changed and given back
TWO_ROOMS: list[Answered | RoleSet | Invited] = [
    RoleSet("Ana", 0, Role.TRAINEE),
    RoleSet("Ana", 1, Role.TRAINEE),
    RoleSet("Ben", 1, Role.TRAINEE),
    Answered("Ana", 0, False, 10, room=0),
    Answered("Ana", 1, True, 20, room=1),
    Answered("Ana", 0, False, 30, room=None),
    Answered("Ana", 2, False, 24 * 60, room=1),
    Answered("Ben", 3, False, 40, room=0),
    Answered("Ben", 3, True, 50, room=None),
    Invited(0, Role.TRAINEE),
    Answered("Dee", 1, False, 60, room=1),
    RoleSet("Ana", 1, None),
    Answered("Ana", 3, False, 70, room=None),
    RoleSet("Ana", 1, Role.TRAINER),
    RoleSet("Ana", 1, Role.TRAINEE),
    RoleSet("Ben", 0, Role.TRAINEE),
]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_totals_equal_a_count_from_scratch_after_any_answers_and_memberships(
    backend: str,
) -> None:
    _needs(backend)

    @settings(max_examples=examples(25 if backend == "sqlite" else 8))
    @given(steps=st.lists(STEPS, max_size=30))
    @example(steps=TWO_ROOMS)
    def check(steps: list[Answered | RoleSet | Invited]) -> None:
        with _new_store(backend) as store:
            room_ids, rooms = _play(store, steps)
            _check_against_a_count_from_scratch(store, room_ids, rooms)

    check()


# --- kept by the migration's backfill -------------------------------------------------------------


def _load_version_5(
    target: str, steps: list[Answered | RoleSet | Invited]
) -> tuple[list[int], dict[str, int], Rooms]:
    """A store left at version 5 (before answers had a room, and before totals), its rows
    written as that version did: the rooms, the people, their last roles, their answers and
    the runs whose sessions the answers given in a room are. The rooms' ids, the people's, and
    each session's room."""
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=5)
    room_ids = [people.add_room(old, name=name, ruleset="roberts").id for name in ROOMS]
    ids = {name: people.add_person(old, name=name, password_hash=HASH).id for name in NAMES}
    old.close()
    roles: dict[tuple[str, int], Role | None] = {}
    for step in steps:
        if isinstance(step, RoleSet):
            roles[(step.name, step.room)] = step.role
        elif isinstance(step, Invited):
            roles.setdefault(("Dee", step.room), step.role)
    db = connect(target)
    with db.transaction():
        for (name, room), role in roles.items():
            if role is not None:
                db.execute(
                    "INSERT INTO members (room_id, person_id, role) VALUES (?, ?, ?)",
                    (room_ids[room], ids[name], role.value),
                )
        trainee_of = {name: _trainee_id(db, name) for name in NAMES}
        at = db_time(db.dialect, START)
        sessions: dict[tuple[str, int | None], int] = {}
        rooms: Rooms = {}
        for name in NAMES:
            for room in (None, *room_ids):
                sessions[(name, room)] = session = db.insert(
                    "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (?, ?, ?)",
                    (trainee_of[name], "quiz", at),
                )
                rooms[session] = room
                if room is not None:  # a browser run's session
                    db.insert(
                        "INSERT INTO runs (person_id, room_id, mode, plan, session_id,"
                        " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                        (ids[name], room, "quiz", "{}", session, at),
                    )
        for step in steps:
            if isinstance(step, Answered):
                item, topic = ITEMS[step.item]
                room_id = None if step.room is None else room_ids[step.room]
                db.execute(
                    "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
                    " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        sessions[(step.name, room_id)],
                        trainee_of[step.name],
                        item,
                        topic,
                        "quiz",
                        step.correct,
                        db_time(db.dialect, START + timedelta(minutes=step.minutes)),
                    ),
                )
    db.close()
    return room_ids, ids, rooms


def _trainee_id(db: Database, name: str) -> int:
    rows = db.execute("SELECT id FROM trainees WHERE name = ?", (name,))
    return int(rows[0][0])


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_migration_counts_the_totals_of_a_store_from_before_them(backend: str) -> None:
    _needs(backend)

    @settings(max_examples=examples(10 if backend == "sqlite" else 4))
    @given(steps=st.lists(STEPS, min_size=1, max_size=30))
    @example(steps=TWO_ROOMS)
    def check(steps: list[Answered | RoleSet | Invited]) -> None:
        with _target(backend) as target:
            room_ids, ids, rooms = _load_version_5(target, steps)
            with open_store(target) as store:  # migrates, counting the totals
                _check_against_a_count_from_scratch(store, room_ids, rooms)
                # and they are kept from there on, in a room and in the terminal
                for room_id in (room_ids[1], None):
                    session, rooms_room = _session(store, ids, "Ana", room_id)
                    rooms[session] = rooms_room
                    store.record(
                        session,
                        Answer("Ana", "a9", "burns", "quiz", correct=False, answered_at=START),
                    )
                _check_against_a_count_from_scratch(store, room_ids, rooms)

    check()


@pytest.mark.parametrize("backend", BACKENDS)
def test_answers_loaded_behind_the_stores_back_are_found_and_rebuild_counts_them(
    backend: str,
) -> None:
    _needs(backend)
    with _target(backend) as target:
        with open_store(target) as store:
            room_ids, rooms = _play(
                store,
                [
                    RoleSet("Ana", 0, Role.TRAINEE),
                    Answered("Ana", 0, True, 5),
                    Answered("Ana", 1, False, 6, room=0),
                ],
            )
        db = connect(target)  # as a bulk import does: an answer in the terminal, one in room 0
        with db.transaction():
            for session, room in rooms.items():
                db.execute(
                    "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
                    " answered_at, room_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        session,
                        _trainee_id(db, "Ana"),
                        "a2",
                        "misdeal",
                        "quiz",
                        False,
                        db_time(db.dialect, START),
                        room,
                    ),
                )
        db.close()
        with open_store(target) as store:
            found = totals.differences(store)
            assert found and all("counted" in line for line in found)
            totals.rebuild(store)
            _check_against_a_count_from_scratch(store, room_ids, rooms)
