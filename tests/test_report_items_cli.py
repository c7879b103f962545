"""``dealer-trainer report --items``: the item analysis of a store built with answers, in text,
JSON and CSV, for the whole store or one room, with its refusals and exit codes."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.roles import Role
from dealer_trainer.store import people, runs
from dealer_trainer.store.itemstats import retire
from dealer_trainer.training.itemstats import (
    MIN_ANSWERS_TO_JUDGE_DISCRIMINATION,
    TOO_EASY_ABOVE,
    TOO_HARD_BELOW,
    WEAK_BELOW,
)
from dealer_trainer.training.progress import Answer, open_store

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
ROOT = Path(__file__).resolve().parent.parent

# The textbook matrix of tests/test_itemstats.py (worked by hand there): five quiz sittings of
# four items. p = .8 .6 .6 .2; r = .6864 .4804 .4804 .4564; KR-20 = 8/11; i4 too hard.
TEXTBOOK = [[1, 1, 1, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0]]


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A store holding the textbook's five quiz sittings, and a drill sitting besides."""
    target = str(tmp_path / "progress.sqlite3")
    with open_store(target) as store:
        for n, row in enumerate(TEXTBOOK):
            person = f"P{n + 1}"
            session = store.start_session(person, "quiz")
            for j, right in enumerate(row):
                store.record(session, Answer(person, f"i{j + 1}", "misdeal", "quiz", bool(right)))
        drill = store.start_session("P1", "drill")
        store.record(drill, Answer("P1", "drill:burn", "procedure", "drill", correct=False))
    return target


def _items(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["report", "--items", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_items_json_carries_each_items_figures_flagged_first(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _items(capsys, "--db", db, "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["store"], data["room"], data["sittings"]) == (db, None, 5)
    assert [row["item"] for row in data["items"]] == ["i4", "i1", "i2", "i3"]  # no drill step
    first = data["items"][0]
    assert {"item", "answers", "p", "discrimination", "flags"} <= set(first)
    assert (first["answers"], first["flags"], first["retired"]) == (5, ["too-hard"], None)
    assert first["p"] == pytest.approx(0.2)
    assert first["discrimination"] == pytest.approx(0.5 / math.sqrt(1.2))
    assert data["items"][1]["discrimination"] == pytest.approx(0.7 / math.sqrt(1.04))
    assert data["forms"] == [
        {
            "form": "quiz, 4 items",
            "sittings": 5,
            "items": 4,
            "kr20": pytest.approx(8 / 11),
            "basis": "items",
        }
    ]
    assert data["thresholds"]["too_hard_below"] == 0.3


def test_items_text_lists_items_flagged_first_and_the_forms_reliability(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _items(capsys, "--db", db)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Item analysis of the whole store: 5 sittings, 4 items, 1 flagged"
    rows = [line.split() for line in lines if line.split()[:1] in (["i1"], ["i2"], ["i3"], ["i4"])]
    assert rows == [
        ["i4", "misdeal", "5", "0.20", "0.46", "too-hard"],
        ["i1", "misdeal", "5", "0.80", "0.69", "-"],
        ["i2", "misdeal", "5", "0.60", "0.48", "-"],
        ["i3", "misdeal", "5", "0.60", "0.48", "-"],
    ]
    assert "  quiz, 4 items         5   0.73  (by items)" in lines


def test_items_csv_is_a_row_per_item_with_no_cell_a_spreadsheet_would_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = str(tmp_path / "p.sqlite3")
    with open_store(target) as store:
        for person, right in (("Ana", True), ("Bob", False)):
            session = store.start_session(person, "quiz")
            store.record(session, Answer(person, "=SUM(A1)", "burns", "quiz", correct=right))
    code, out, _ = _items(capsys, "--db", target, "--csv")
    header, *rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert header == [
        "item",
        "topic",
        "answers",
        "right",
        "p",
        "discrimination",
        "flags",
        "retired",
    ]
    assert rows == [["'=SUM(A1)", "burns", "2", "1", "0.5", "", "", ""]]


def test_items_of_a_room_are_its_own_with_retired_items_marked(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    with open_store(db) as store:
        room = people.add_room(store, name="Evening", ruleset="roberts")
        people.add_room(store, name="Morning", ruleset="roberts")
        ana = people.add_person(store, name="Ana", password_hash="not-a-hash")
        people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
        run_id = runs.add_run(
            store, person_id=ana.id, trainee="Ana", room_id=room.id, mode="quiz", plan="{}"
        )
        stored = runs.stored_run(store, run_id=run_id, person_id=ana.id)
        assert stored is not None and stored.session_id is not None
        store.record(stored.session_id, Answer("Ana", "i1", "misdeal", "quiz", correct=True))
        retire(store, room_id=room.id, item="i1", reason="too-easy", retired_by=ana.id)
    code, out, _ = _items(capsys, "--db", db, "--room", "Evening", "--json")
    data = json.loads(out)
    assert code == 0 and data["room"] == "Evening" and data["sittings"] == 1
    (row,) = data["items"]
    assert (row["item"], row["flags"]) == ("i1", ["too-easy"])
    assert (row["retired"]["reason"], row["retired"]["by"]) == ("too-easy", "Ana")
    code, out, _ = _items(capsys, "--db", db, "--room", "Evening")
    assert code == 0
    assert "  i1    misdeal        1   1.00      -  too-easy [retired]" in out.splitlines()
    code, out, _ = _items(capsys, "--db", db, "--room", "Morning")
    assert code == 0
    assert out.startswith("No quiz, review or exam answers to analyse in room Morning")


def test_an_unknown_room_exits_1_with_the_rooms_there_are(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, err = _items(capsys, "--db", db, "--room", "Evening")
    assert code == 1 and out == ""
    assert "no room named 'Evening'" in err and "the store has no rooms" in err
    with open_store(db) as store:
        people.add_room(store, name="Evening shift", ruleset="roberts")
    code, _, err = _items(capsys, "--db", db, "--room", "Evening shif")
    assert code == 1 and "did you mean Evening shift?" in err and "rooms: Evening shift" in err


def test_items_refuse_a_trainee_and_a_room_needs_items(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, err = _items(capsys, "--db", db, "--trainee", "P1")
    assert code == 2 and out == "" and "takes no --trainee" in err
    code = main(["report", "--db", db, "--room", "Evening"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "--room goes with --items" in err


def test_items_since_filters_answers_and_refuses_a_non_date(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    code, out, _ = _items(capsys, "--db", db, "--since", "2999-01-01")
    assert code == 0
    assert out.startswith("No quiz, review or exam answers since 2999-01-01 to analyse")
    code, out, _ = _items(capsys, "--db", db, "--since", "2000-01-01", "--json")
    assert code == 0 and json.loads(out)["sittings"] == 5
    code, out, err = _items(capsys, "--db", db, "--since", "soon")
    assert code == 2 and out == "" and "--since: 'soon' is not a date" in err


def test_items_on_no_store_yet_is_empty_and_on_a_mistyped_db_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _items(capsys, "--json")  # nobody has answered on this computer
    data = json.loads(out)
    assert code == 0 and data["items"] == [] and data["forms"] == [] and data["sittings"] == 0
    code, out, err = _items(capsys, "--db", str(tmp_path / "typo.sqlite3"))
    assert code == 2 and out == "" and "nothing has been recorded there" in err
    assert not (tmp_path / "typo.sqlite3").exists()


def test_installed_report_items_exits_with_its_codes_and_no_traceback(db: str) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    for argv, status in (
        (["--items", "--db", db, "--json"], 0),
        (["--items", "--db", db, "--room", "Nowhere"], 1),
        (["--items", "--db", db, "--trainee", "P1"], 2),
        (["--items", "--db", db, "--json", "--csv"], 2),
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


# --- docs/item-analysis.md ----------------------------------------------------------------------


def test_the_docs_worked_example_is_what_the_command_prints_on_its_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The doc's table of answers, kept in a store, gives the doc's console output (the store
    line aside), and the doc states the thresholds the code uses."""
    text = (ROOT / "docs" / "item-analysis.md").read_text(encoding="utf-8")
    example = text.split("## An example, worked by hand", 1)[1]
    table = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in example.splitlines()
        if line.startswith("|") and not line.startswith("|---")
    ]
    header, *rows = table
    items = header[1:-1]
    target = str(tmp_path / "p.sqlite3")
    with open_store(target) as store:
        for row in rows:
            person = f"P{row[0]}"
            session = store.start_session(person, "quiz")
            for item, cell in zip(items, row[1:-1], strict=True):
                topic = item.rsplit("-", 1)[0]
                store.record(session, Answer(person, item, topic, "quiz", correct=cell == "1"))
    shown = example.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    assert shown[0] == "$ dealer-trainer report --items"
    code, out, _ = _items(capsys, "--db", target)
    printed = out.splitlines()
    assert code == 0
    assert [line for line in printed if not line.startswith("store: ")] == [
        line for line in shown[1:] if not line.startswith("store: ")
    ]
    for phrase in (
        f"`p > {TOO_EASY_ABOVE}`",
        f"`p < {TOO_HARD_BELOW}`",
        f"`r < {WEAK_BELOW}` with at least {MIN_ANSWERS_TO_JUDGE_DISCRIMINATION} answers",
    ):
        assert phrase in text
