"""``dealer-trainer scenarios validate | list | show``: JSON, filters, lookups and progress.

Most tests call ``main()`` with capsys on the small valid bank under tests/data/scenarios_ok/
(stable while the shipped bank grows); a few read the shipped bank itself.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest

from dealer_trainer.cli import scenarios as scenarios_cli
from dealer_trainer.cli.main import main
from dealer_trainer.scenario.bank import find_scenarios

ROOT = Path(__file__).resolve().parents[1]
OK = Path("tests/data/scenarios_ok")
BROKEN = Path("tests/data/broken_scenarios")
SHIPPED = sorted(find_scenarios([ROOT / "scenarios"]))  # house rulesets beside items left out


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


def _run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["scenarios", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


# --- validate ---------------------------------------------------------------------------------


def test_validate_json_counts_files_and_locates_every_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "validate", "--json", OK, BROKEN / "duplicate_ids")
    assert code == 1
    assert err == ""
    report = json.loads(out)
    assert set(report) == {"checked", "valid", "invalid", "errors"}
    assert (report["checked"], report["valid"], report["invalid"]) == (6, 5, 1)
    assert report["errors"] == [
        {
            "file": str(BROKEN / "duplicate_ids" / "b-second.yaml"),
            "line": 1,
            "col": 5,
            "message": "duplicate id 'same-id-twice': "
            f"{BROKEN / 'duplicate_ids' / 'a-first.yaml'} has it too",
        }
    ]


def test_validate_json_of_the_broken_folder_has_one_error_per_bad_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "validate", "--json", BROKEN)
    assert code == 1
    report = json.loads(out)
    files = sorted((ROOT / BROKEN).rglob("*.yaml"))
    assert report["checked"] == len(files)
    assert report["valid"] == 1  # duplicate_ids/a-first.yaml: the first holder of the id
    assert report["invalid"] == len(files) - 1 == len(report["errors"])
    for error in report["errors"]:
        assert set(error) == {"file", "line", "col", "message"}
        assert isinstance(error["line"], int) and error["line"] >= 1, error
        assert isinstance(error["col"], int) and error["col"] >= 1, error
        assert error["message"], error
        assert (ROOT / error["file"]).is_file()


def test_validate_json_of_a_valid_folder_has_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "validate", "--json", OK)
    assert code == 0
    assert json.loads(out) == {"checked": 4, "valid": 4, "invalid": 0, "errors": []}


def test_validate_names_a_missing_path_and_still_checks_the_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "validate", OK, "no-such-folder")
    assert code == 1
    assert "Traceback" not in out + err
    assert out.splitlines() == [
        "no-such-folder: no such file or folder",
        "4 scenario files checked: 4 valid, 1 with errors (errors)",
    ]


def test_validate_json_gives_a_missing_path_without_line_or_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "validate", "--json", "no-such-file.yaml")
    assert code == 1
    report = json.loads(out)
    assert report["checked"] == 0
    assert report["errors"] == [
        {
            "file": "no-such-file.yaml",
            "line": None,
            "col": None,
            "message": "no such file or folder",
        }
    ]


def test_validate_without_a_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["scenarios", "validate"])
    assert caught.value.code == 2
    assert "PATH" in capsys.readouterr().err


# --- progress on a terminal -------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _many(tmp_path: Path, count: int) -> Path:
    """``count`` valid scenario files, each with its own id."""
    text = (ROOT / OK / "action-order-flop.yaml").read_text(encoding="utf-8")
    for i in range(count):
        ident = f"copy-{i:03d}"
        body = text.replace("id: ok-action-order-flop", f"id: {ident}")
        (tmp_path / f"{ident}.yaml").write_text(body, encoding="utf-8")
    return tmp_path


def _validate_with_stderr(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    folder: Path,
    stderr: io.StringIO,
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stderr", stderr)
    code = main(["scenarios", "validate", str(folder)])
    return code, capsys.readouterr().out


def test_validate_shows_progress_on_a_terminal_for_a_large_bank(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    total = scenarios_cli.PROGRESS_FROM + 1
    terminal = _Terminal()
    code, out = _validate_with_stderr(capsys, monkeypatch, _many(tmp_path, total), terminal)
    assert code == 0
    shown = terminal.getvalue()
    assert f"validating 25/{total}" in shown
    assert f"validating {total}/{total}" in shown
    assert shown.endswith("\r"), "the progress line is wiped at the end"
    assert "validating" not in out
    assert out.splitlines() == [
        f"{total} scenario files checked: {total} valid, 0 with errors (all valid)"
    ]


def test_validate_shows_no_progress_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pipe = io.StringIO()
    total = scenarios_cli.PROGRESS_FROM + 1
    code, _ = _validate_with_stderr(capsys, monkeypatch, _many(tmp_path, total), pipe)
    assert code == 0
    assert pipe.getvalue() == ""


def test_validate_shows_no_progress_for_a_small_bank(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = _Terminal()
    folder = _many(tmp_path, scenarios_cli.PROGRESS_FROM)
    code, _ = _validate_with_stderr(capsys, monkeypatch, folder, terminal)
    assert code == 0
    assert terminal.getvalue() == ""


# --- list ---------------------------------------------------------------------------------------

ROW = re.compile(r"^(?P<id>[a-z0-9-]+) +(?P<topic>[a-z-]+) +(?P<level>\*{1,3}) +(?P<rs>\S+) +.+$")


def test_list_shows_every_shipped_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "list")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[-1] == f"{len(SHIPPED)} scenarios"
    rows = [ROW.match(line) for line in lines[:-1]]
    assert all(rows), [line for line, row in zip(lines, rows, strict=False) if not row]
    assert {row["id"] for row in rows if row} == {path.stem for path in SHIPPED}


def test_list_of_a_bank_sorts_by_topic_then_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--bank", OK)
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()[:-1]]
    assert ids == [
        "ok-action-order-flop",
        "ok-exposed-first-card",
        "ok-premature-turn-roberts",
        "ok-premature-turn-order-tda",
    ]
    assert out.splitlines()[-1] == "4 scenarios"
    first = ROW.match(out.splitlines()[0])
    assert first and first["topic"] == "action-order" and first["level"] == "*"


def test_list_topic_keeps_only_that_topic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--bank", OK, "--topic", "premature-turn")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == [
        "ok-premature-turn-roberts",
        "ok-premature-turn-order-tda",
    ]
    assert lines[-1] == "2 scenarios"


def test_list_ruleset_keeps_only_that_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--bank", OK, "--ruleset", "tda-2024", "--json")
    assert code == 0
    assert {row["id"] for row in json.loads(out)} == {
        "ok-exposed-first-card",
        "ok-premature-turn-order-tda",
    }


def test_list_shipped_topic_matches_the_topic_folder(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--topic", "premature-turn", "--json")
    assert code == 0
    rows = json.loads(out)
    assert {row["id"] for row in rows} == {
        p.stem for p in SHIPPED if p.parent.name == "premature-turn"
    }


def test_list_unknown_topic_exits_2_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "list", "--topic", "premature-trun")
    assert code == 2
    assert out == ""
    assert err.startswith(
        "dealer-trainer: unknown topic 'premature-trun' (did you mean 'premature-turn'?)"
    )


def test_list_of_a_topic_without_scenarios_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--bank", OK, "--topic", "odd-chip")
    assert code == 1
    assert out.strip() == "no scenarios match"


def test_list_json_gives_one_row_per_scenario_with_its_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "list", "--bank", OK, "--json")
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 4
    for row in rows:
        assert set(row) == {"id", "topic", "difficulty", "ruleset", "kind", "title", "file"}
    by_id = {row["id"]: row for row in rows}
    assert by_id["ok-premature-turn-order-tda"] == {
        "id": "ok-premature-turn-order-tda",
        "topic": "premature-turn",
        "difficulty": 3,
        "ruleset": "tda-2024",
        "kind": "order",
        "title": "Repairing a premature turn under TDA rules",
        "file": str(OK / "premature-turn-order-tda.yaml"),
    }
    assert by_id["ok-action-order-flop"]["kind"] == "fact"


def test_list_skips_a_broken_file_with_its_place_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(ROOT / OK / "action-order-flop.yaml", tmp_path)
    shutil.copy(ROOT / BROKEN / "unknown_field_titel.yaml", tmp_path)
    code, out, err = _run(capsys, "list", "--bank", tmp_path)
    assert code == 0
    assert out.splitlines()[-1] == "1 scenario"
    assert err.startswith(f"dealer-trainer: skipped {tmp_path / 'unknown_field_titel.yaml'}:2:1:")


def test_list_of_a_missing_bank_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "list", "--bank", "no-such-bank")
    assert code == 2
    assert err.strip() == "dealer-trainer: no such folder: no-such-bank"


# --- show ---------------------------------------------------------------------------------------


def test_show_draws_seats_button_blinds_board_burns_and_pot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "show", "ok-premature-turn-roberts", "--bank", OK)
    assert code == 0, err
    lines = out.splitlines()
    # issue 15: the trainee's view: no title nor topic before the answer
    assert lines[0] == "** · roberts"
    assert "The turn is shown before flop betting ends" not in out
    assert "premature-turn" not in out
    assert "blinds 1/2" in lines
    seats = [line for line in lines if line.lstrip().startswith("seat ")]
    assert len(seats) == 3
    assert re.match(r"^  seat  1 \(button\) +\[\] \[\] +chips +198$", seats[0]), seats[0]
    assert "(small blind)" in seats[1]
    assert "(big blind)" in seats[2] and seats[2].endswith("to act")
    board = next(line for line in lines if line.startswith("board:"))
    assert len(board.split()[1:]) == 4  # the flop and the premature turn
    burns = next(line for line in lines if line.startswith("burns:"))
    assert re.match(r"^burns: +2 face down$", burns), burns  # issue 15: a face-down count
    assert re.match(r"^pot: +6$", next(line for line in lines if line.startswith("pot:")))
    assert "Seat 3 has not acted on the flop and the turn is already out. What now?" in lines
    assert (
        "  2. Set the card aside, burn and turn a new one; reshuffle and cut before the river."
        in lines
    )
    assert "correct" not in out
    assert "rule:" not in out
    assert "Under Robert's Rules" not in out  # the explanation only with --answer


def test_show_answer_marks_the_correct_choice_and_cites_the_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "show", "ok-premature-turn-roberts", "--bank", OK, "--answer")
    assert code == 0
    lines = out.splitlines()
    marked = [line for line in lines if line.endswith("<- correct")]
    assert marked == [
        "  2. Set the card aside, burn and turn a new one; reshuffle and cut before the river."
        "  <- correct"
    ]
    rule = next(line for line in lines if line.startswith("rule: "))
    assert re.match(r"^rule: RRoP-HE[ -]4$", rule), rule
    assert lines[-1].startswith("Under Robert's Rules the premature turn is set aside")


def test_show_order_question_lists_the_steps_sorted_and_the_key_only_with_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = OK / "premature-turn-order-tda.yaml"
    code, out, _ = _run(capsys, "show", path)
    assert code == 0
    assert "  - Bring the turned card" in out  # issue 15: the steps as the trainee reads them
    assert "  - Shuffle the stub" in out
    assert "order:" not in out
    code, out, _ = _run(capsys, "show", path, "--answer")
    assert code == 0
    assert "order: retrieve, reshuffle" in out.splitlines()
    assert any(line.startswith("rule: TDA") for line in out.splitlines())


def test_show_exposed_card_is_drawn_face_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "show", OK / "exposed-first-card.yaml")
    assert code == 0
    lines = out.splitlines()
    assert "blinds 5/10" in lines
    seat3 = next(line for line in lines if line.startswith("  seat  3"))
    assert "(small blind)" in seat3 and " Qh " in seat3 and "5 in front" in seat3
    assert re.match(r"^exposed: +Qh$", next(line for line in lines if line.startswith("exposed")))
    assert re.match(r"^burns: +0$", next(line for line in lines if line.startswith("burns")))
    assert re.match(r"^board: +-$", next(line for line in lines if line.startswith("board")))


def test_show_json_has_the_table_and_the_question_without_the_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "show", "ok-premature-turn-roberts", "--bank", OK, "--json")
    assert code == 0
    shown = json.loads(out)
    # issue 15: the title and the topic only with --answer
    assert set(shown) == {"id", "difficulty", "ruleset", "table", "question"}
    table = shown["table"]
    assert set(table) >= {"button", "blinds", "seats", "board", "burns", "pot", "pots", "to_act"}
    assert table["button"] == 1
    assert table["blinds"] == {"small": 1, "big": 2}
    assert [seat["seat"] for seat in table["seats"]] == [1, 2, 3]
    assert table["seats"][0]["roles"] == ["button"]
    assert table["seats"][1]["roles"] == ["small blind"]
    assert table["seats"][2]["roles"] == ["big blind"]
    assert len(table["board"]) == 4 and table["burns"] == 2  # issue 15: a face-down count
    assert table["pot"] == 6 and table["to_act"] == 3
    assert shown["question"]["kind"] == "choice"
    assert len(shown["question"]["choices"]) == 3
    assert "correct" not in out


def test_show_json_answer_gives_the_engines_recovery_and_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("show", "ok-premature-turn-roberts", "--bank", OK, "--json", "--answer")
    code, out, _ = _run(capsys, *args)
    assert code == 0
    answer = json.loads(out)["answer"]
    assert answer["choice"].startswith("Set the card aside")
    assert answer["steps"] == ["set_aside", "burn", "turn", "reshuffle", "cut"]
    assert re.match(r"^RRoP-HE[ -]4$", answer["rule"])
    assert answer["explain"].startswith("Under Robert's Rules")


def test_show_json_of_an_order_question_does_not_give_the_key_away(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "show", OK / "premature-turn-order-tda.yaml", "--json")
    assert code == 0
    shown = json.loads(out)
    assert shown["question"]["order"] == ["reshuffle", "retrieve"]  # sorted, not the key
    assert "answer" not in shown


def test_show_of_a_shipped_id_works(capsys: pytest.CaptureFixture[str]) -> None:
    path = SHIPPED[0]
    code, out, err = _run(capsys, "show", path.stem)
    assert code == 0, err
    assert f"{path.stem} · {path.parent.name} · " not in out  # issue 15: only with the answer
    code, out, err = _run(capsys, "show", path.stem, "--answer")
    assert code == 0, err
    assert any(f"{path.stem} · {path.parent.name} · " in line for line in out.splitlines())


def test_show_unknown_id_exits_1_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "show", "ok-premature-turn-robert", "--bank", OK)
    assert code == 1
    assert out == ""
    assert err.strip() == (
        "dealer-trainer: no scenario 'ok-premature-turn-robert'; did you mean "
        "ok-premature-turn-roberts, ok-premature-turn-order-tda?"
    )


def test_show_unknown_id_without_a_close_one_points_to_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _run(capsys, "show", "zzz", "--bank", OK)
    assert code == 1
    assert err.strip() == "dealer-trainer: no scenario 'zzz'; 'scenarios list' shows them"


def test_show_of_a_broken_file_gives_its_place_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = BROKEN / "order_wrong.yaml"
    code, out, err = _run(capsys, "show", path)
    assert code == 2
    assert out == ""
    assert err.startswith(f"dealer-trainer: {path}:20:3: 'order' must be the recovery")


def test_show_of_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "show", "missing.yaml")
    assert code == 2
    assert err.strip() == "dealer-trainer: no such scenario file: missing.yaml"


# --- the command itself -----------------------------------------------------------------------


def test_scenarios_without_a_subcommand_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys)
    assert code == 0
    assert err == ""
    assert out.startswith("usage: ")
    for word in ("validate", "list", "show", "new"):
        assert re.search(rf"^\s+{word}\s", out, re.MULTILINE), word


@pytest.mark.parametrize(
    ("command", "mentions"),
    [
        ("validate", ["PATH", "--json"]),
        ("list", ["--topic", "--ruleset", "--bank", "--json"]),
        ("show", ["--answer", "--bank", "--json"]),
        ("new", ["--error", "--ruleset", "--kind", "--id", "--force", "--yes"]),
    ],
)
def test_subcommand_help_mentions_its_options(
    capsys: pytest.CaptureFixture[str], command: str, mentions: list[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["scenarios", command, "--help"])
    assert caught.value.code == 0
    out = capsys.readouterr().out
    for word in mentions:
        assert word in out, word
