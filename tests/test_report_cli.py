"""The progress report: the numbers (:mod:`dealer_trainer.report`) on a hand-made answer list,
and ``dealer-trainer report`` in text, JSON and CSV, with its filters and refusals."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.cli.main import _parser, main
from dealer_trainer.cli.report import parse_since
from dealer_trainer.errors import DealerTrainerError
from dealer_trainer.report import ROW_FIELDS, Report, TopicStats, build_report, weakest_topics
from dealer_trainer.training.progress import Answer, open_store

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

# Ana: exposed-card 1/3, extra-card 2/4, misdeal 1/2, premature-turn 2/2, wrong-seat 2/3;
# Bob: premature-turn 1/1. One answer an hour, in this order.
_PLAN = [
    ("Ana", "exposed-card", "F F T"),
    ("Ana", "premature-turn", "T T"),
    ("Ana", "misdeal", "F T"),
    ("Ana", "extra-card", "F T T F"),
    ("Ana", "wrong-seat", "F T T"),
    ("Bob", "premature-turn", "T"),
]


def _answers() -> list[Answer]:
    answers = []
    hour = 0
    for trainee, topic, results in _PLAN:
        for n, result in enumerate(results.split()):
            answers.append(
                Answer(
                    trainee=trainee,
                    item=f"{topic}-{n}",
                    topic=topic,
                    mode="quiz",
                    correct=result == "T",
                    answered_at=T0 + timedelta(hours=hour),
                )
            )
            hour += 1
    return answers


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Plain text, the room's clock on UTC, and no real home or environment store."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    with _timezone("UTC"):
        yield


class _timezone:
    """Run with the local time zone set to ``zone`` (POSIX TZ)."""

    def __init__(self, zone: str) -> None:
        self.zone = zone
        self.saved: str | None = None

    def __enter__(self) -> None:
        self.saved = os.environ.get("TZ")
        os.environ["TZ"] = self.zone
        time.tzset()

    def __exit__(self, *exc: object) -> None:
        if self.saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = self.saved
        time.tzset()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A store holding :func:`_answers`, each trainee in one session."""
    target = str(tmp_path / "progress.sqlite3")
    with open_store(target) as store:
        sessions: dict[str, int] = {}
        for answer in _answers():
            if answer.trainee not in sessions:
                sessions[answer.trainee] = store.start_session(answer.trainee, "quiz")
            store.record(sessions[answer.trainee], answer)
    return target


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["report", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- the numbers --------------------------------------------------------------------------------


def _topic(report: Report, trainee: str, topic: str) -> TopicStats:
    (entry,) = [t for t in report.trainees if t.trainee == trainee]
    (line,) = [line for line in entry.topics if line.topic == topic]
    return line


def test_report_counts_answers_per_trainee_and_topic() -> None:
    report = build_report(_answers())
    assert [t.trainee for t in report.trainees] == ["Ana", "Bob"]
    ana, bob = report.trainees
    assert [line.topic for line in ana.topics] == sorted(line.topic for line in ana.topics)
    assert [(line.topic, line.answered, line.correct) for line in ana.topics] == [
        ("exposed-card", 3, 1),
        ("extra-card", 4, 2),
        ("misdeal", 2, 1),
        ("premature-turn", 2, 2),
        ("wrong-seat", 3, 2),
    ]
    assert _topic(report, "Ana", "exposed-card").accuracy == pytest.approx(1 / 3)
    assert _topic(report, "Ana", "exposed-card").last_seen == T0 + timedelta(hours=2)
    assert _topic(report, "Ana", "wrong-seat").last_seen == T0 + timedelta(hours=13)
    assert (ana.answered, ana.correct, ana.last_seen) == (14, 8, T0 + timedelta(hours=13))
    assert ana.accuracy == pytest.approx(8 / 14)
    assert (bob.answered, bob.correct, bob.last_seen) == (1, 1, T0 + timedelta(hours=14))


def test_weakest_topics_lowest_accuracy_first_ties_to_more_answers_at_most_three() -> None:
    ana = build_report(_answers()).trainees[0]
    # misdeal and extra-card are both at 50%: extra-card has more answers; wrong-seat (67%)
    # is fourth; premature-turn (always right) is never weak
    assert [line.topic for line in ana.weakest] == ["exposed-card", "extra-card", "misdeal"]
    assert [line.topic for line in weakest_topics(ana.topics, limit=10)] == [
        "exposed-card",
        "extra-card",
        "misdeal",
        "wrong-seat",
    ]


def test_a_trainee_right_every_time_has_no_weakest_topic() -> None:
    bob = build_report(_answers()).trainees[1]
    assert bob.weakest == ()


def test_room_totals_add_up_every_trainee() -> None:
    room = build_report(_answers()).room
    assert (room.trainees, room.answered, room.correct) == (2, 15, 9)
    assert room.accuracy == pytest.approx(9 / 15)
    assert room.last_seen == T0 + timedelta(hours=14)
    turn = [line for line in room.topics if line.topic == "premature-turn"]
    assert [(line.answered, line.correct) for line in turn] == [(3, 3)]


def test_report_since_counts_only_later_answers() -> None:
    report = build_report(_answers(), since=T0 + timedelta(hours=11))
    assert [(t.trainee, t.answered) for t in report.trainees] == [("Ana", 3), ("Bob", 1)]
    assert report.since == T0 + timedelta(hours=11)


def test_no_answers_make_an_empty_report() -> None:
    report = build_report([])
    assert report.empty and report.trainees == ()
    assert report.to_dict()["room"] == {
        "trainees": 0,
        "answered": 0,
        "correct": 0,
        "accuracy": 0.0,
        "last_seen": None,
        "topics": [],
    }


def test_report_to_dict_is_plain_json() -> None:
    data = json.loads(json.dumps(build_report(_answers()).to_dict()))
    ana = data["trainees"][0]
    assert ana["trainee"] == "Ana"
    assert ana["weakest"] == ["exposed-card", "extra-card", "misdeal"]
    assert ana["topics"][0] == {
        "topic": "exposed-card",
        "answered": 3,
        "correct": 1,
        "accuracy": 0.3333,
        "last_seen": "2024-05-01T14:00:00+00:00",
    }
    assert data["room"]["answered"] == 15


def test_report_rows_are_a_row_per_trainee_and_topic() -> None:
    rows = list(build_report(_answers()).rows())
    assert len(ROW_FIELDS) == 6 and len(rows) == 6  # Ana: five topics, Bob: one
    assert rows[0] == ("Ana", "exposed-card", 3, 1, "0.333", "2024-05-01T14:00:00+00:00")
    assert [row[:2] for row in rows][-1] == ("Bob", "premature-turn")
    assert list(build_report([]).rows()) == []


# --- the command: text ----------------------------------------------------------------------------


def test_report_text_shows_a_block_per_trainee_with_topic_rows_and_weakest(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, err = _report(capsys, "--db", db)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == (
        "Progress: 2 trainees, 15 answers, 9 right (60%), last answer 2024-05-02 02:00"
    )
    ana = lines.index("Ana: 14 answers, 8 right (57%), last seen 2024-05-02 01:00")
    assert lines[ana + 1].split() == ["topic", "answered", "correct", "accuracy", "last", "seen"]
    assert lines[ana + 2].split() == ["exposed-card", "3", "1", "33%", "2024-05-01", "14:00"]
    assert lines[ana + 7] == "  weakest: exposed-card (33%), extra-card (50%), misdeal (50%)"
    bob = lines.index("Bob: 1 answer, 1 right (100%), last seen 2024-05-02 02:00")
    assert lines[bob + 2].split() == ["premature-turn", "1", "1", "100%", "2024-05-02", "02:00"]
    assert lines[bob + 3] == "  weakest: none, every topic answered right so far"
    room = lines.index("The room, by topic")
    assert lines[room + 2 :] and "premature-turn" in out.split("The room, by topic")[1]
    assert not ANSI.search(out)


def test_report_text_is_coloured_only_when_asked_and_stays_aligned(
    capsys: pytest.CaptureFixture[str], db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, plain, _ = _report(capsys, "--db", db)
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, coloured, _ = _report(capsys, "--db", db)
    assert code == 0
    assert "\x1b[31m     33%\x1b[0m" in coloured  # a weak accuracy in red, padded inside
    assert ANSI.sub("", coloured) == plain


def test_report_for_one_trainee(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = _report(capsys, "--db", db, "--trainee", " Bob ")
    assert code == 0
    assert "Bob: 1 answer" in out and "Ana" not in out
    assert "The room, by topic" not in out


# --- JSON and CSV ------------------------------------------------------------------------------


def test_report_json_is_one_object_with_the_report(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _report(capsys, "--db", db, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["store"] == db and data["trainee"] is None and data["since"] is None
    expected = build_report(_answers()).to_dict()
    assert {k: data[k] for k in expected} == expected


def test_report_csv_has_a_header_and_a_row_per_trainee_and_topic(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _report(capsys, "--db", db, "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["trainee", "topic", "answered", "correct", "accuracy", "last_seen"]
    assert [(r["trainee"], r["topic"]) for r in rows] == [
        ("Ana", "exposed-card"),
        ("Ana", "extra-card"),
        ("Ana", "misdeal"),
        ("Ana", "premature-turn"),
        ("Ana", "wrong-seat"),
        ("Bob", "premature-turn"),
    ]
    assert rows[0] == {
        "trainee": "Ana",
        "topic": "exposed-card",
        "answered": "3",
        "correct": "1",
        "accuracy": "0.333",
        "last_seen": "2024-05-01T14:00:00+00:00",
    }


def test_report_json_and_csv_together_are_refused(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["report", "--db", db, "--json", "--csv"])
    assert caught.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


# --- --since --------------------------------------------------------------------------------------


def test_report_since_a_date_counts_from_its_first_local_moment(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _report(capsys, "--db", db, "--since", "2024-05-02", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["since"] == "2024-05-02T00:00:00+00:00"
    assert [(t["trainee"], t["answered"]) for t in data["trainees"]] == [("Ana", 2), ("Bob", 1)]
    # in New York (EDT, UTC-4) the 2nd of May begins at 04:00 UTC: only Bob's answer is left
    with _timezone("EST5EDT,M3.2.0,M11.1.0"):
        code, out, _ = _report(capsys, "--db", db, "--since", "2024-05-02", "--json")
    data = json.loads(out)
    assert data["since"] == "2024-05-02T04:00:00+00:00"
    assert [(t["trainee"], t["answered"]) for t in data["trainees"]] == []
    with _timezone("EST5EDT,M3.2.0,M11.1.0"):
        code, out, _ = _report(capsys, "--db", db, "--since", "2024-05-01", "--json")
    assert json.loads(out)["room"]["answered"] == 15


def test_report_since_a_date_and_time(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = _report(capsys, "--db", db, "--since", "2024-05-02T01:00", "--csv")
    assert code == 0
    assert [row["trainee"] for row in csv.DictReader(io.StringIO(out))] == ["Ana", "Bob"]
    code, out, _ = _report(capsys, "--db", db, "--since", "2024-05-02T03:00+02:00", "--json")
    assert json.loads(out)["room"]["answered"] == 2


@pytest.mark.parametrize("text", ["yesterday", "2024-13-01", "01/05/2024", "2024-05-01T25:00"])
def test_report_since_not_a_date_is_refused_with_exit_2(
    capsys: pytest.CaptureFixture[str], db: str, text: str
) -> None:
    code, out, err = _report(capsys, "--db", db, "--since", text)
    assert code == 2 and out == ""
    assert err.startswith(f"dealer-trainer: --since: {text!r} is not a date; write YYYY-MM-DD")


def test_parse_since_gives_an_aware_moment() -> None:
    assert parse_since("2024-05-02") == datetime(2024, 5, 2, tzinfo=UTC)
    assert parse_since("2024-05-02T10:30Z") == datetime(2024, 5, 2, 10, 30, tzinfo=UTC)
    with pytest.raises(DealerTrainerError) as caught:
        parse_since("soon")
    assert caught.value.exit_code == 2


def test_report_with_nothing_since_says_so(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = _report(capsys, "--db", db, "--trainee", "Ana", "--since", "2030-01-01")
    assert code == 0
    assert out == f"No answers from Ana since 2030-01-01 in the progress store at {db}.\n"


# --- refusals and the empty store -------------------------------------------------------------


def test_report_unknown_trainee_exits_1_with_the_known_names(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, err = _report(capsys, "--db", db, "--trainee", "Anna")
    assert code == 1 and out == ""
    assert err == (
        f"dealer-trainer: no trainee named 'Anna' in the progress store at {db}; "
        "did you mean Ana? (known trainees: Ana, Bob)\n"
    )


def test_report_unknown_trainee_in_an_empty_store_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    open_store(tmp_path / "empty.sqlite3").close()  # a store nobody has answered in yet
    code, _, err = _report(capsys, "--db", str(tmp_path / "empty.sqlite3"), "--trainee", "Ana")
    assert code == 1
    assert "no trainee named 'Ana'" in err and "no trainee has answered anything yet" in err


def test_report_on_an_empty_store_says_so_and_exits_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = str(tmp_path / "empty.sqlite3")
    open_store(target).close()  # a store nobody has answered in yet
    code, out, _ = _report(capsys, "--db", target)
    assert (code, out) == (0, f"No answers in the progress store at {target}.\n")
    code, out, _ = _report(capsys, "--db", target, "--json")
    data = json.loads(out)
    assert code == 0 and data["trainees"] == [] and data["room"]["answered"] == 0
    code, out, _ = _report(capsys, "--db", target, "--csv")
    assert (code, out) == (0, "trainee,topic,answered,correct,accuracy,last_seen\n")


def test_report_reads_the_store_named_by_dealer_trainer_db(
    capsys: pytest.CaptureFixture[str], db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DB", db)
    code, out, _ = _report(capsys, "--json")
    assert code == 0 and json.loads(out)["room"]["answered"] == 15


def test_report_default_store_is_under_xdg_data_home(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _report(capsys)
    expected = tmp_path / "xdg-data" / "dealer-trainer" / "progress.sqlite3"
    assert (code, out) == (0, f"No answers in the progress store at {expected}.\n")


def test_report_on_a_store_it_cannot_open_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, out, err = _report(capsys, "--db", str(blocker / "p.sqlite3"))
    assert code == 2 and out == ""
    assert err.startswith("dealer-trainer: cannot open the progress store at ")


def test_installed_report_never_shows_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    open_store(tmp_path / "ok.sqlite3").close()  # a store nobody has answered in yet
    env = {**os.environ, "NO_COLOR": "1"}
    for argv, status in (
        (["--db", str(blocker / "p.sqlite3")], 2),
        (["--db", str(tmp_path / "ok.sqlite3"), "--since", "tomorrow"], 2),
        (["--db", str(tmp_path / "ok.sqlite3"), "--trainee", "Zed"], 1),
        (["--db", str(tmp_path / "ok.sqlite3")], 0),
    ):
        result = subprocess.run(
            [str(SCRIPT), "report", *argv],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert result.returncode == status, result.stderr
        assert "Traceback" not in result.stderr


# --- the command's shape --------------------------------------------------------------------------


def test_every_report_option_has_help() -> None:
    commands = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    report = commands.choices["report"]
    options = [a for a in report._actions if a.option_strings and a.dest != "help"]
    assert {a.dest for a in options} == {"trainee", "since", "json", "csv", "db", "items", "room"}
    assert all(a.help for a in options)


def test_importing_the_report_command_is_cheap() -> None:
    code = (
        "import sys, dealer_trainer.cli.report\n"
        "heavy = ('dealer_trainer.store', 'dealer_trainer.report', 'sqlite3', 'psycopg',"
        " 'fsrs', 'platformdirs', 'questionary', 'csv', 'difflib')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"


# --- bad input (issue 14) -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil","x")', "+1-1", "-2+3", "@SUM(A1)"])
def test_report_csv_never_writes_a_cell_a_spreadsheet_would_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    target = str(tmp_path / "p.sqlite3")
    with open_store(target) as store:
        session = store.start_session(name, "quiz")
        store.record(session, Answer(name, "item", "burns", "quiz", correct=True))
    code, out, _ = _report(capsys, "--db", target, "--csv")
    row = next(csv.reader(io.StringIO(out.splitlines()[1])))
    assert code == 0 and row[0] == "'" + name and row[1] == "burns"


def test_report_on_a_mistyped_db_is_refused_and_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = _report(capsys, "--db", str(tmp_path / "typo" / "progres.sqlite3"))
    assert code == 2 and out == ""
    assert "no such file" in err and "nothing has been recorded there" in err
    assert list(tmp_path.iterdir()) == []
