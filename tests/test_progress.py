"""The progress store: what it keeps, in what order, and that it loses nothing.

Every store test runs against SQLite, and against PostgreSQL when the server at
127.0.0.1:5432 answers (in database ``test``: a fresh schema, dropped afterwards, for the
tests of making and migrating a store, an emptied one for the others;
``DEALER_TRAINER_TEST_PG`` names another server). Crashes and concurrent writers are real
processes: one is killed with SIGKILL after three answers, two others write 200 answers each
into one store at the same time.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import store as progress
from dealer_trainer.errors import DealerTrainerError, StoreError
from dealer_trainer.store import MIGRATIONS, SCHEMA_VERSION, Answer, Due, Store, default_target
from dealer_trainer.store.adapters import connect, redact
from dealer_trainer.store.rows import db_time
from dealer_trainer.store.testing import refuse_writes
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.pg import PG_BASE, store_on
from tests.pg import admin as _admin
from tests.pg import postgres_unavailable as _postgres_unavailable

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
TIMEOUT = 120


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test touches the real home, or a store named by the environment."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store: an SQLite file, or a fresh schema in PostgreSQL."""
    if request.param == "sqlite":
        yield str(tmp_path / "store" / "progress.sqlite3")
        return
    reason = _postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    schema = f"dt_{secrets.token_hex(6)}"
    _admin(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        _admin(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A new, empty store at the current version (on PostgreSQL a schema an earlier test of
    this worker emptied, tests/pg.py: making one and migrating it is a second a test); the
    tests of making, opening and migrating a store take ``target``, always a fresh one."""
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _answer(item: str = "premature-turn-basic", correct: bool = True, **fields: Any) -> Answer:
    values: dict[str, Any] = {
        "trainee": "Ana",
        "item": item,
        "topic": "premature-turn",
        "mode": "quiz",
        "correct": correct,
    }
    values.update(fields)
    return Answer(**values)


def _rows(store: Store, sql: str) -> list[tuple[Any, ...]]:
    """What the database holds, read on a connection of the test's own (the tests' targets
    carry no password, so the store's shown target is its target)."""
    db = connect(store.target)
    try:
        return db.execute(sql, ())
    finally:
        db.close()


# --- record and read back -----------------------------------------------------------------------


def test_record_and_answers_round_trip_every_field(store: Store) -> None:
    session = store.start_session("Ana", "quiz")
    given = _answer(
        ruleset="tda-2024",
        difficulty=3,
        given="It stays; it is the turn.",
        expected="It is set aside for this round.",
        seconds=12.5,
        correct=False,
        answered_at=T0,
    )
    store.record(session, given)
    (back,) = store.answers()
    assert back == Answer(
        trainee="Ana",
        item="premature-turn-basic",
        topic="premature-turn",
        mode="quiz",
        correct=False,
        ruleset="tda-2024",
        difficulty=3,
        given="It stays; it is the turn.",
        expected="It is set aside for this round.",
        seconds=12.5,
        answered_at=T0,
        session=session,
    )
    assert back.answered_at is not None and back.answered_at.tzinfo is not None


def test_answer_times_are_kept_as_the_same_instant_in_utc(store: Store) -> None:
    session = store.start_session("Ana", "quiz")
    paris = timezone(timedelta(hours=2))
    store.record(session, _answer("a", answered_at=datetime(2024, 5, 1, 14, 0, tzinfo=paris)))
    store.record(session, _answer("b", answered_at=datetime(2024, 5, 1, 13, 0)))  # naive: UTC
    times = [a.answered_at for a in store.answers()]
    assert times == [T0, T0 + timedelta(hours=1)]
    assert all(when is not None and when.utcoffset() == timedelta(0) for when in times)


def test_record_fills_in_the_time_when_none_is_given(store: Store) -> None:
    session = store.start_session("Ana", "review")
    before = datetime.now(UTC)
    store.record(session, _answer(item="premature-turn-basic", topic="procedure", mode="review"))
    after = datetime.now(UTC)
    (back,) = store.answers()
    assert back.answered_at is not None and before <= back.answered_at <= after
    assert (back.item, back.topic, back.mode, back.session) == (
        "premature-turn-basic",
        "procedure",
        "review",
        session,
    )


def test_answers_come_back_oldest_first_whatever_the_order_they_were_recorded(
    store: Store,
) -> None:
    session = store.start_session("Ana", "quiz")
    for hours in (3, 1, 2, 0):
        store.record(session, _answer(f"item-{hours}", answered_at=T0 + timedelta(hours=hours)))
    assert [a.item for a in store.answers()] == ["item-0", "item-1", "item-2", "item-3"]


def test_answers_filter_by_trainee_and_since(store: Store) -> None:
    ana = store.start_session("Ana", "quiz")
    bob = store.start_session("Bob", "quiz")
    for day in range(4):
        when = T0 + timedelta(days=day)
        store.record(ana, _answer(f"ana-{day}", answered_at=when))
        store.record(bob, _answer(f"bob-{day}", trainee="Bob", answered_at=when))
    assert [a.item for a in store.answers("Ana")] == ["ana-0", "ana-1", "ana-2", "ana-3"]
    assert [a.item for a in store.answers(" Bob ")] == ["bob-0", "bob-1", "bob-2", "bob-3"]
    assert store.answers("Nobody") == []
    # a date counts from its first moment (UTC); a datetime from that instant, inclusive
    assert [a.item for a in store.answers("Ana", since=date(2024, 5, 3))] == ["ana-2", "ana-3"]
    since = T0 + timedelta(days=1)
    assert [a.item for a in store.answers(since=since)] == ["ana-1", "bob-1"] + [
        f"{who}-{day}" for day in (2, 3) for who in ("ana", "bob")
    ]
    assert store.answers(since=T0 + timedelta(days=10)) == []


def test_trainee_names_are_kept_as_given_trimmed_and_listed_sorted(store: Store) -> None:
    assert store.trainees() == []
    store.start_session("  Zoé Martin ", "quiz")
    store.start_session("Ana", "review")
    store.start_session("Ana", "quiz")
    assert store.trainees() == ["Ana", "Zoé Martin"]


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_an_empty_trainee_name_is_refused(store: Store, name: str) -> None:
    with pytest.raises(StoreError, match="trainee needs a name"):
        store.start_session(name, "quiz")
    assert store.trainees() == []


def test_sessions_are_numbered_and_finished(store: Store) -> None:
    first = store.start_session("Ana", "quiz")
    second = store.start_session("Ana", "review")
    assert first != second
    store.record(second, _answer(mode="review"))
    store.finish_session(second)
    rows = _rows(store, "SELECT id, mode, finished_at FROM sessions ORDER BY id")
    assert [(r[0], r[1], r[2] is not None) for r in rows] == [
        (first, "quiz", False),
        (second, "review", True),
    ]
    assert [a.session for a in store.answers()] == [second]


def test_an_unknown_session_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="no session 999"):
        store.record(999, _answer())
    with pytest.raises(StoreError, match="no session 999"):
        store.finish_session(999)
    assert store.answers() == []


def test_an_answer_from_another_trainee_than_the_sessions_is_refused(store: Store) -> None:
    session = store.start_session("Ana", "quiz")
    with pytest.raises(StoreError, match="'Ana''s, not 'Bob''s"):
        store.record(session, _answer(trainee="Bob"))
    store.record(session, _answer(trainee=""))  # no name: the session's trainee
    assert [a.trainee for a in store.answers()] == ["Ana"]


def test_an_unknown_mode_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="unknown answer mode 'exam'"):
        store.start_session("Ana", "exam")
    session = store.start_session("Ana", "quiz")
    with pytest.raises(StoreError, match="unknown answer mode"):
        store.record(session, _answer(mode="exam"))


def test_a_closed_store_says_so(target: str) -> None:
    store = open_store(target)
    store.close()
    store.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        store.answers()


# --- spaced repetition ---------------------------------------------------------------------------


def test_due_lists_missed_items_first_then_the_longest_overdue(store: Store) -> None:
    ana = store.start_session("Ana", "quiz")
    store.record(ana, _answer("right-early", True, answered_at=T0))
    store.record(ana, _answer("missed-late", False, answered_at=T0 + timedelta(hours=2)))
    store.record(ana, _answer("right-late", True, answered_at=T0 + timedelta(hours=1)))
    store.record(ana, _answer("missed-early", False, answered_at=T0 + timedelta(minutes=30)))
    bob = store.start_session("Bob", "quiz")
    store.record(bob, _answer("bobs", False, trainee="Bob", answered_at=T0))

    later = T0 + timedelta(days=30)
    due = store.due("Ana", now=later)
    assert [d.item for d in due] == ["missed-early", "missed-late", "right-early", "right-late"]
    assert [d.missed for d in due] == [True, True, False, False]
    assert due[0] == Due(
        item="missed-early",
        topic="premature-turn",
        due=T0 + timedelta(minutes=31),  # FSRS: Again brings a new card back in a minute
        missed=True,
    )
    assert [d.item for d in store.due("Ana", now=later, limit=2)] == [
        "missed-early",
        "missed-late",
    ]
    assert store.due("Ana", now=later, limit=0) == []
    assert [d.item for d in store.due("Bob", now=later)] == ["bobs"]
    assert store.due("Nobody", now=later) == []


def test_nothing_is_due_before_its_time(store: Store) -> None:
    session = store.start_session("Ana", "quiz")
    store.record(session, _answer("missed", False, answered_at=T0))
    store.record(session, _answer("right", True, answered_at=T0))
    assert store.due("Ana", now=T0 + timedelta(seconds=30)) == []
    assert [d.item for d in store.due("Ana", now=T0 + timedelta(minutes=2))] == ["missed"]
    assert [d.item for d in store.due("Ana", now=T0 + timedelta(minutes=11))] == [
        "missed",
        "right",
    ]


def test_next_due_is_the_earliest_card_of_that_trainee(store: Store) -> None:
    assert store.next_due("Ana") is None
    session = store.start_session("Ana", "quiz")
    store.record(session, _answer("right", True, answered_at=T0))
    store.record(session, _answer("missed", False, answered_at=T0))
    first = store.next_due("Ana")
    assert first is not None and first == min(
        d.due for d in store.due("Ana", now=T0 + timedelta(days=99))
    )
    assert T0 < first < T0 + timedelta(minutes=11)
    assert store.next_due("Bo") is None


def test_a_missed_item_answered_right_is_no_longer_missed_and_comes_back_later(
    store: Store,
) -> None:
    session = store.start_session("Ana", "quiz")
    store.record(session, _answer("x", False, answered_at=T0))
    first = store.due("Ana", now=T0 + timedelta(days=1))[0]
    store.record(session, _answer("x", True, answered_at=T0 + timedelta(days=1)))
    assert store.due("Ana", now=T0 + timedelta(days=1)) == []
    second = store.due("Ana", now=T0 + timedelta(days=400))[0]
    assert first.missed and not second.missed
    assert second.due > T0 + timedelta(days=1)


def test_the_review_card_is_written_with_the_answer(store: Store) -> None:
    session = store.start_session("Ana", "quiz")
    store.record(session, _answer("x", False, topic="exposed-card", answered_at=T0))
    ((item, topic, card, missed),) = _rows(
        store, "SELECT item, topic, card, missed FROM review_cards"
    )
    assert (item, topic, bool(missed)) == ("x", "exposed-card", True)
    assert datetime.fromisoformat(json.loads(card)["last_review"]) == T0


def test_an_interrupted_record_keeps_neither_the_answer_nor_the_card(target: str) -> None:
    with open_store(target) as store:
        session = store.start_session("Ana", "quiz")

        def interrupted(*args: object) -> tuple[str, datetime]:
            raise KeyboardInterrupt

        # the same store, opened with a review scheduler that is interrupted
        with (
            progress.open_store(target, scheduler=interrupted) as stopped,
            pytest.raises(KeyboardInterrupt),
        ):
            stopped.record(session, _answer())
        assert store.answers() == []
        assert _rows(store, "SELECT item FROM review_cards") == []
        store.record(session, _answer())  # the store is still usable
        assert len(store.answers()) == 1


# --- crashes and concurrent writers --------------------------------------------------------------

_KILLED = textwrap.dedent(
    """
    import sys, time
    from dealer_trainer.training.progress import Answer, open_store

    store = open_store(sys.argv[1])
    session = store.start_session("Ana", "quiz")
    for n in range(3):
        store.record(session, Answer("Ana", f"item-{n}", "misdeal", "quiz", n != 1))
    print("recorded", flush=True)
    time.sleep(600)
    """
)

_WRITER = textwrap.dedent(
    """
    import os, sys, time
    from dealer_trainer.training.progress import Answer, open_store

    target, trainee, go, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    while not os.path.exists(go):
        time.sleep(0.005)
    with open_store(target) as store:  # both open a fresh store at once: both migrate it
        session = store.start_session(trainee, "quiz")
        for n in range(count):
            item = f"item-{n % 10}"
            store.record(session, Answer(trainee, item, "procedure", "quiz", n % 3 != 0))
        store.finish_session(session)
    print("done", flush=True)
    """
)


def _python(code: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_answers_recorded_before_a_sigkill_are_all_kept(target: str) -> None:
    process = _python(_KILLED, target)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip() == "recorded", process.stderr.read() if process.stderr else ""
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=TIMEOUT)  # and closes its pipes (filterwarnings = error)
    assert process.returncode == -signal.SIGKILL
    with open_store(target) as store:
        answers = store.answers()
        assert [(a.item, a.correct) for a in answers] == [
            ("item-0", True),
            ("item-1", False),
            ("item-2", True),
        ]
        due = store.due("Ana", now=datetime.now(UTC) + timedelta(days=3650))
        assert sorted(d.item for d in due) == ["item-0", "item-1", "item-2"]
        # the session was never finished: killed before finish_session
        assert [row[0] for row in _rows(store, "SELECT finished_at FROM sessions")] == [None]


def test_two_processes_writing_at_once_lose_no_row(target: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    writers = [_python(_WRITER, target, name, str(go), "200") for name in ("Ana", "Bob")]
    time.sleep(0.3)  # both are started and waiting
    go.touch()
    for writer in writers:
        out, err = writer.communicate(timeout=TIMEOUT)
        assert writer.returncode == 0, err
        assert out.strip() == "done"
    with open_store(target) as store:
        answers = store.answers()
        assert len(answers) == 400
        assert sum(a.trainee == "Ana" for a in answers) == 200
        assert len({a.session for a in answers}) == 2
        assert store.trainees() == ["Ana", "Bob"]
        far = datetime.now(UTC) + timedelta(days=36500)
        assert len(store.due("Ana", now=far)) == len(store.due("Bob", now=far)) == 10
        versions = _rows(store, "SELECT version FROM schema_version ORDER BY version")
        assert [v for (v,) in versions] == list(range(1, SCHEMA_VERSION + 1))


# --- the schema and its migrations ---------------------------------------------------------------


def test_a_fresh_store_has_every_migration_recorded_once(store: Store) -> None:
    rows = _rows(store, "SELECT version, description FROM schema_version ORDER BY version")
    assert [(v, d) for v, d in rows] == [(m.version, m.description) for m in MIGRATIONS]
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


def test_a_store_opened_again_is_not_migrated_again(target: str) -> None:
    with open_store(target) as store:
        session = store.start_session("Ana", "quiz")
        store.record(session, _answer(answered_at=T0))
    with open_store(target) as store:
        assert len(store.answers()) == 1
        assert len(_rows(store, "SELECT version FROM schema_version")) == SCHEMA_VERSION


def test_a_store_left_at_version_1_migrates_to_2_keeping_its_rows(target: str) -> None:
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=1)
    assert _rows(old, "SELECT MAX(version) FROM schema_version") == [(1,)]
    db = connect(target)  # the rows as version 1 wrote them
    now = db_time(db.dialect, T0)
    with db.transaction():
        trainee = db.insert("INSERT INTO trainees (name, created_at) VALUES (?, ?)", ("Ana", now))
        session = db.insert(
            "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (?, ?, ?)",
            (trainee, "quiz", now),
        )
        for minutes, item, correct in ((0, "x", True), (5, "y", False), (9, "x", False)):
            db.insert(
                "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
                " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session,
                    trainee,
                    item,
                    "misdeal",
                    "quiz",
                    correct,
                    db_time(db.dialect, T0 + timedelta(minutes=minutes)),
                ),
            )
    db.close()
    old.close()

    with open_store(target) as store:
        versions = _rows(store, "SELECT version FROM schema_version ORDER BY version")
        assert [v for (v,) in versions] == list(range(1, SCHEMA_VERSION + 1))
        assert [(a.item, a.correct, a.session) for a in store.answers("Ana")] == [
            ("x", True, session),
            ("y", False, session),
            ("x", False, session),
        ]
        # the migration gave each item answered before it its review card, from its answers
        due = store.due("Ana", now=T0 + timedelta(days=1))
        assert [(d.item, d.missed) for d in due] == [("y", True), ("x", True)]
        # and the store goes on from there
        new_session = store.start_session("Ana", "review")
        store.record(new_session, _answer("x", True, answered_at=T0 + timedelta(days=1)))
        assert len(store.answers()) == 4


def test_a_store_newer_than_the_tool_is_refused(target: str) -> None:
    open_store(target).close()
    db = connect(target)  # a later dealer-trainer's migration
    with db.transaction():
        db.execute(
            "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)",
            (SCHEMA_VERSION + 1, "from the future", db_time(db.dialect, T0)),
        )
    db.close()
    with pytest.raises(StoreError) as caught:
        open_store(target)
    message = str(caught.value)
    assert f"schema version {SCHEMA_VERSION + 1}, newer than" in message
    assert "upgrade dealer-trainer" in message
    assert caught.value.exit_code == 2


def test_sqlite_store_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        assert _rows(store, "PRAGMA journal_mode") == [("wal",)]
        assert _rows(store, "PRAGMA busy_timeout") == [(30000,)]


# --- where the store is, and when it cannot be opened -------------------------------------------


def test_default_store_is_in_the_data_folder_under_xdg_data_home(tmp_path: Path) -> None:
    expected = tmp_path / "xdg-data" / "dealer-trainer" / "progress.sqlite3"
    assert default_target() == str(expected)
    with open_store() as store:
        assert store.target == str(expected)
        store.start_session("Ana", "quiz")
    assert expected.is_file()


def test_dealer_trainer_db_names_the_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chosen = tmp_path / "room" / "shared.sqlite3"
    monkeypatch.setenv("DEALER_TRAINER_DB", str(chosen))
    assert default_target() == str(chosen)
    with open_store() as store:
        store.start_session("Ana", "quiz")
    assert chosen.is_file()
    assert not (tmp_path / "xdg-data").exists()
    # an explicit target wins over the environment
    other = tmp_path / "other.sqlite3"
    with open_store(other) as store:
        assert store.target == str(other)
    assert other.is_file()


def test_dealer_trainer_db_may_be_a_postgresql_url(monkeypatch: pytest.MonkeyPatch) -> None:
    reason = _postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    schema = f"dt_{secrets.token_hex(6)}"
    _admin(f"CREATE SCHEMA {schema}")
    try:
        monkeypatch.setenv("DEALER_TRAINER_DB", f"{PG_BASE}?options=-csearch_path%3D{schema}")
        with open_store() as store:
            store.start_session("Ana", "quiz")
            assert store.target.startswith("postgresql://")
            assert store.trainees() == ["Ana"]
    finally:
        _admin(f"DROP SCHEMA {schema} CASCADE")


def test_a_path_under_a_file_is_a_clear_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match=r"cannot open the progress store at .*a-file/sub"):
        open_store(blocker / "sub" / "p.sqlite3")


def test_a_folder_as_the_store_is_a_clear_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open the progress store"):
        open_store(tmp_path)


def test_a_file_that_is_not_a_database_is_a_clear_store_error(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(StoreError, match="not a database"):
        open_store(junk)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_a_read_only_folder_is_a_clear_store_error(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="cannot open the progress store"):
            open_store(locked / "p.sqlite3")
    finally:
        locked.chmod(0o700)


def test_an_unreachable_postgresql_url_is_a_clear_store_error_without_its_password() -> None:
    url = "postgresql://coach:s3cret-pw@127.0.0.1:1/rooms?connect_timeout=2"
    with pytest.raises(StoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert message.startswith("cannot connect to the progress store at postgresql://coach:***@")
    assert "s3cret-pw" not in message
    assert caught.value.exit_code == 2


def test_a_malformed_postgresql_url_is_a_clear_store_error() -> None:
    with pytest.raises(StoreError, match="cannot connect to the progress store"):
        open_store("postgresql://[::1/test?sslmode=nonsense")


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("mysql://root@localhost/rooms", "'mysql' databases are not supported"),
        ("", "no progress store given"),
        ("sqlite://relative.db", "write sqlite:///PATH"),
        ("sqlite:///", "write sqlite:///PATH"),
    ],
)
def test_targets_the_store_cannot_use_are_refused(target: str, words: str) -> None:
    with pytest.raises(StoreError, match=words):
        open_store(target)


def test_sqlite_urls_name_a_file_relative_or_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "by-url.sqlite3"
    with open_store(f"sqlite:///{path}") as store:  # sqlite:////tmp/...: absolute
        store.start_session("Ana", "quiz")
    assert path.is_file()
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///here/relative.sqlite3") as store:
        store.start_session("Ana", "quiz")
    assert (tmp_path / "here" / "relative.sqlite3").is_file()


def test_without_psycopg_a_postgresql_store_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    wanted = r"install dealer-trainer's postgres extra .*PATH\[postgres\]"
    with pytest.raises(StoreError, match=wanted):
        open_store("postgresql://postgres@127.0.0.1:5432/test")


def test_the_target_shown_in_messages_hides_a_password() -> None:
    assert redact("postgresql://u:pw@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert redact("postgres://h/db?password=pw&x=1") == "postgres://h/db?password=***&x=1"
    assert redact("/home/ana/progress.sqlite3") == "/home/ana/progress.sqlite3"


def test_store_errors_are_dealer_trainer_errors_with_exit_code_2() -> None:
    assert issubclass(StoreError, DealerTrainerError)
    assert StoreError("x").exit_code == 2


def test_a_bad_store_on_the_command_line_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code = (
        "import sys\n"
        "from dealer_trainer.errors import DealerTrainerError\n"
        "from dealer_trainer.training.progress import open_store\n"
        "try:\n"
        "    open_store(sys.argv[1])\n"
        "except DealerTrainerError as exc:\n"
        "    print(f'dealer-trainer: {exc}', file=sys.stderr)\n"
        "    sys.exit(exc.exit_code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(blocker / "x.sqlite3")],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("dealer-trainer: cannot open the progress store at ")


def test_importing_the_store_imports_neither_psycopg_nor_fsrs() -> None:
    code = (
        "import sys, dealer_trainer.store, dealer_trainer.training.progress\n"
        "print(sorted(m for m in ('psycopg', 'fsrs', 'platformdirs') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT, check=True
    )
    assert result.stdout.strip() == "[]"


# --- bad input (issue 14) -----------------------------------------------------------------------


def test_opening_for_reading_never_creates_a_store(target: str) -> None:
    with pytest.raises(progress.NoStore, match="nothing has been recorded there"):
        open_store(target, create=False)
    if "://" not in target:
        assert not Path(target).exists() and not Path(target).parent.exists()
    with open_store(target) as made:
        made.start_session("Ana", "quiz")
    with open_store(target, create=False) as read:
        assert read.trainees() == ["Ana"]


def test_a_writable_store_passes_the_write_check_and_keeps_nothing_of_it(store: Store) -> None:
    store.check_writable()
    store.check_writable()
    assert store.trainees() == [] and store.schema_version() == progress.SCHEMA_VERSION


def test_a_read_only_store_is_found_by_the_write_check(target: str) -> None:
    open_store(target).close()
    # PostgreSQL: a read-only session (a replica, a read-only user); SQLite: query_only below
    pg = "://" in target
    read_only = f"{target}%20-cdefault_transaction_read_only%3Don" if pg else target
    with open_store(read_only) as store:
        if "://" not in target:
            refuse_writes(store)  # as a read-only file would (root writes to any file)
        with pytest.raises(StoreError, match="cannot keep answers in the progress store"):
            store.check_writable()
        assert store.trainees() == []  # reading still works


@pytest.mark.parametrize("password", ["S3cr/3t", "S3c?r3t", "S3c#r3t", "S3c@r3t", "S3c%r3t", "a b"])
def test_a_password_with_url_characters_never_reaches_a_message(password: str) -> None:
    url = f"postgresql://coach:{password}@127.0.0.1:1/rooms?connect_timeout=2"
    with pytest.raises(StoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert message.startswith("cannot connect to the progress store at postgresql://coach:***@")
    assert password not in message and "S3c" not in message and "r3t" not in message


def test_a_missing_postgresql_schema_is_named_plainly() -> None:
    reason = _postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    url = f"{PG_BASE}?options=-csearch_path%3Ddt_no_such_schema"
    with pytest.raises(StoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert "no schema of its search_path ('dt_no_such_schema') exists" in message
    assert "CREATE SCHEMA" in message and "psycopg" not in message
