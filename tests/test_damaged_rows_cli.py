"""One damaged row never stops a command: a review card that is not a card, a time written in
another format, a ``report --since`` at the edge of the calendar. ``quiz``, ``review`` and
``report`` go on (the bad row passed over with a warning naming it on standard error) or
stop with a clear message and exit 2, never an internal error (70)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.store import SCHEMA_VERSION, Store
from dealer_trainer.store.adapters import connect
from dealer_trainer.training.progress import open_store

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
TIMEOUT = 120


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


def _answers(tmp_path: Path) -> Path:
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n2\n")
    return answers


def _quiz_argv(tmp_path: Path, db: Path) -> list[str]:
    return [
        *("quiz", "--db", str(db), "--trainee", "Ana", "--length", "2", "--seed", "3"),
        *("--answers", str(_answers(tmp_path))),
    ]


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A store where Ana answered two questions."""
    path = tmp_path / "progress.sqlite3"
    assert main(_quiz_argv(tmp_path, path)) == 0
    capsys.readouterr()
    return path


def _sql(db: Path, statement: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(statement)
    conn.close()


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it: its own process, its own standard error."""
    env = {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    env.pop("DEALER_TRAINER_DB", None)
    return subprocess.run(
        [str(SCRIPT), *argv], capture_output=True, text=True, timeout=TIMEOUT, env=env
    )


def test_quiz_starts_a_damaged_review_card_afresh_and_says_so(db: Path, tmp_path: Path) -> None:
    _sql(db, "UPDATE review_cards SET card = '{broken'")
    result = _run(*_quiz_argv(tmp_path, db))
    assert result.returncode == 0, result.stderr
    assert "holds a damaged review card for" in result.stderr
    assert "'{broken'" in result.stderr and "it starts afresh from this answer" in result.stderr
    with sqlite3.connect(db) as conn:
        cards = [row[0] for row in conn.execute("SELECT card FROM review_cards")]
    conn.close()
    assert cards and all(json.loads(card)["card_id"] == 1 for card in cards)


@pytest.mark.parametrize("due", ["soon", "03/12/2026 10:00", "", "9999-99-99"])
def test_review_asks_an_item_whose_due_time_is_damaged_and_says_so(
    db: Path, tmp_path: Path, due: str
) -> None:
    _sql(db, f"UPDATE review_cards SET due = '{due}'")
    argv = ["review", "--db", str(db), "--trainee", "Ana", "--answers", str(_answers(tmp_path))]
    result = _run(*argv, "--json")
    assert result.returncode == 0, result.stderr
    assert f"whose due time {due!r} cannot be read: it is due now" in result.stderr
    assert json.loads(result.stdout)["asked"] == 2  # both asked, and so rescheduled
    again = _run(*argv, "--json")
    assert again.returncode == 0 and "cannot be read" not in again.stderr


@pytest.mark.parametrize(
    ("when", "read"), [("2025-12-03 10:00:00", True), ("1764756000", True), ("03/12/2026", False)]
)
def test_report_reads_a_time_in_another_format_or_passes_it_over_with_a_warning(
    db: Path, when: str, read: bool
) -> None:
    _sql(db, f"UPDATE answers SET answered_at = '{when}'")
    result = _run("report", "--db", str(db), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["room"]["answered"] == 2  # every answer still counts
    if read:
        assert result.stderr == ""
        assert report["room"]["last_seen"].startswith("2025-12-03T10:00:00")
    else:
        assert f"with a time that cannot be read ({when!r}): shown as unknown" in result.stderr


def test_answers_with_an_unreadable_time_are_left_out_one_by_one_with_a_warning(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _sql(db, "UPDATE answers SET answered_at = 'yesterday' WHERE id = 1")
    with open_store(db, create=False) as store:
        kept = store.answers()
    assert len(kept) == 1
    assert "an answer of 'Ana' to" in caplog.text
    assert "('yesterday')" in caplog.text and caplog.text.rstrip().endswith("left out")


def test_an_old_store_with_an_unreadable_time_is_a_clear_error_not_an_internal_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    old = Store(connect(str(path)), str(path))
    old.migrate(upto=1)  # a store from before review cards
    old.close()
    _sql(path, "INSERT INTO trainees (name, created_at) VALUES ('Ana', '2024-05-01T12:00:00')")
    _sql(path, "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (1, 'quiz', 'x')")
    _sql(
        path,
        "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct, answered_at)"
        " VALUES (1, 1, 'misdeal-1', 'misdeal', 'quiz', 1, 'yesterday')",
    )
    result = _run("report", "--db", str(path))
    assert result.returncode == 2, result.stderr
    assert "with a time that cannot be read ('yesterday')" in result.stderr
    assert "internal error" not in result.stderr
    assert SCHEMA_VERSION > 1  # opening it means upgrading it


# --- report --since at the edges of the calendar ------------------------------------------------


@pytest.fixture(params=["UTC", "Pacific/Kiritimati", "America/Los_Angeles"])
def zone(request: pytest.FixtureRequest) -> Iterator[str]:
    saved = os.environ.get("TZ")
    os.environ["TZ"] = request.param
    time.tzset()
    yield request.param
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


@pytest.mark.parametrize(
    ("since", "answered"),
    [
        ("0001-01-01", 2),
        ("0001-01-01T00:00", 2),
        ("0001-01-01T00:00+14:00", 2),
        ("9999-12-31", 0),
        ("9999-12-31T23:59", 0),
        ("9999-12-31T23:59-12:00", 0),
    ],
)
def test_report_since_a_date_at_the_edge_of_the_calendar_counts_everything_or_nothing(
    db: Path, capsys: pytest.CaptureFixture[str], zone: str, since: str, answered: int
) -> None:
    code = main(["report", "--db", str(db), "--since", since, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["room"]["answered"] == answered
