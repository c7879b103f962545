"""What ``--db`` (or ``$DEALER_TRAINER_DB``) names, as the terminal commands understand it and
say it: a libpq ``key=value`` connection string is a PostgreSQL store (never an SQLite file
named after it) and its password is never shown; a FIFO, a device or a folder is said to be
one; a damaged SQLite file is said to be damaged, not empty; a PostgreSQL schema the user may
not use is said to be refused, not missing."""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from tests.pg import PG_BASE, admin, fresh_schema

PASSWORD = "s3cret-pw"


@pytest.fixture(autouse=True)
def _in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _quiz(capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str) -> tuple[int, str, str]:
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n2\n")
    return _run(
        capsys,
        *("quiz", "--db", db, "--trainee", "Ana", "--length", "2", "--seed", "3"),
        *("--answers", str(answers)),
    )


def _conninfo(url: str, **extra: str) -> str:
    """``url`` as a libpq ``key=value`` string, with ``extra`` keys."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    return make_conninfo(**{**conninfo_to_dict(url), **extra})


# --- a libpq connection string (item 9) ---------------------------------------------------------


@pytest.fixture
def conninfo() -> Iterator[str]:
    """A ``key=value`` connection string to a fresh schema, holding a password."""
    with fresh_schema() as url:
        schema = url.rsplit("%3D", 1)[1]
        yield _conninfo(PG_BASE, password=PASSWORD, options=f"-csearch_path={schema}")


def test_a_libpq_connection_string_is_a_postgresql_store_and_no_file_is_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, conninfo: str
) -> None:
    assert conninfo.startswith(("host=", "user=", "dbname=", "port="))
    code, out, err = _quiz(capsys, tmp_path, conninfo)
    assert code == 0, err
    code, out, err = _run(capsys, "report", "--db", conninfo, "--json")
    assert code == 0, err
    assert '"answered": 2' in out
    assert PASSWORD not in out + err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt"]  # no SQLite file


def test_dealer_trainer_db_may_be_a_libpq_connection_string(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    conninfo: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DB", conninfo)
    code, _out, err = _run(capsys, "report")
    # the schema is empty: no dealer-trainer tables there, said of the store, masked
    assert code == 2
    assert "the database holds no dealer-trainer tables" in err
    assert "password=***" in err and PASSWORD not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "target",
    [
        f"host=127.0.0.1 port=1 dbname=rooms password={PASSWORD} connect_timeout=2",
        f"host=127.0.0.1 dbname=rooms password='{PASSWORD} and more",  # unterminated quote
        f"host = 127.0.0.1 password = '{PASSWORD}' nonsense_key=1",  # a key libpq refuses
    ],
    ids=["unreachable", "unterminated quote", "unknown key"],
)
@pytest.mark.parametrize("command", ["report", "quiz"])
def test_a_connection_string_that_cannot_connect_never_shows_its_password_nor_makes_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str, command: str
) -> None:
    if command == "quiz":
        code, out, err = _quiz(capsys, tmp_path, target)
    else:
        code, out, err = _run(capsys, "report", "--db", target)
    assert code == 2
    assert "cannot connect to the progress store at host" in err
    assert "password=***" in err or "password = ***" in err
    assert PASSWORD not in out + err and "and more" not in err
    assert [p.name for p in tmp_path.iterdir() if p.name != "answers.txt"] == []


# --- misleading messages (item 13) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda path: os.mkfifo(path), "a FIFO (named pipe)"),
        (lambda path: path.mkdir(), "a folder"),
    ],
    ids=["fifo", "folder"],
)
@pytest.mark.parametrize("command", ["report", "quiz"])
def test_a_store_path_that_is_not_a_regular_file_is_said_to_be_what_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, words: str, command: str
) -> None:
    path = tmp_path / "progress.sqlite3"
    make(path)  # type: ignore[operator]
    if command == "quiz":
        code, _out, err = _quiz(capsys, tmp_path, str(path))
    else:
        code, _out, err = _run(capsys, "report", "--db", str(path))
    assert code == 2
    assert f"cannot open the progress store at {path}: it is {words}, not a regular file" in err
    assert "no such file" not in err


def test_a_device_as_the_store_is_said_to_be_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "report", "--db", "/dev/null")
    assert code == 2
    assert "it is a character device, not a regular file" in err


def _damage_the_version_table(path: Path) -> None:
    """Random bytes over the page holding the schema_version table of an SQLite store."""
    with sqlite3.connect(path) as conn:
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'schema_version'"
        ).fetchone()
        (size,) = conn.execute("PRAGMA page_size").fetchone()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    with path.open("r+b") as stream:
        stream.seek((root - 1) * size)
        stream.write(secrets.token_bytes(size))


def test_report_says_a_damaged_store_is_damaged_not_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "progress.sqlite3"
    assert _quiz(capsys, tmp_path, str(path))[0] == 0
    _damage_the_version_table(path)
    code, _out, err = _run(capsys, "report", "--db", str(path))
    assert code == 2
    assert f"cannot open the progress store at {path}: it is damaged" in err
    assert "no dealer-trainer tables" not in err


def test_report_says_random_bytes_are_not_a_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(secrets.token_bytes(20_000))
    code, _out, err = _run(capsys, "report", "--db", str(path))
    assert code == 2
    assert "not a database" in err
    assert "no dealer-trainer tables" not in err


@pytest.fixture
def outsider() -> Iterator[tuple[str, str]]:
    """A schema and the URL of a user who may not use it."""
    with fresh_schema() as url:
        schema = url.rsplit("%3D", 1)[1]
        role = f"dt_outsider_{secrets.token_hex(4)}"
        admin(f"CREATE ROLE {role} LOGIN")
        try:
            base = _conninfo(PG_BASE, user=role, options=f"-csearch_path={schema}")
            yield schema, base
        finally:
            admin(f"DROP ROLE {role}")


@pytest.mark.parametrize("command", ["report", "quiz"])
def test_a_schema_the_user_may_not_use_is_said_to_be_refused_not_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, outsider: tuple[str, str], command: str
) -> None:
    schema, target = outsider
    if command == "quiz":
        code, _out, err = _quiz(capsys, tmp_path, target)
    else:
        code, _out, err = _run(capsys, "report", "--db", target)
    assert code == 2
    assert f"permission denied for schema '{schema}'" in err
    assert "GRANT USAGE" in err
    assert "exists in the database" not in err
