"""``dealer-trainer exam validate``: ``file:line:col: message`` per error, JSON, the exit codes
(0 valid, 1 invalid, 2 a path that is not a file), and a command that loads only what it runs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.training.exam.reader import shipped_blueprints

ROOT = Path(__file__).resolve().parents[1]
HOUSE_BANK = ROOT / "tests" / "data" / "house_bank"
(SHIPPED,) = [p for p in shipped_blueprints() if p.stem == "tda-style-dealer"]

BAD = """\
id: bad-exam
title: Bad
ruleset: tda-2024
time_limit: -5m
pass_mark: 120%
attempts: 2
valid_for: 9999y
sections:
  - {topics: [misdael], count: 2}
  - {topics: [odd-chip], count: 30}
"""

HOUSE = """\
id: house-exam
title: Our room's exam
ruleset: house-reburn.yaml
time_limit: 1h30m
pass_mark: 75%
attempts: 1
valid_for: 52w
sections:
  - {topics: [burn-error], count: COUNT}
"""


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "300")


def _run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["exam", "validate", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_shipped_blueprint_validates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, SHIPPED)
    assert (code, err) == (0, "")
    assert f"{SHIPPED}: valid: tda-style-dealer, 40 items in 5 sections under tda-2024" in out
    assert out.splitlines()[-1] == "1 blueprint file checked: 1 valid, 0 with errors (all valid)"


def test_every_error_is_one_line_with_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, out, _ = _run(capsys, path)
    assert code == 1
    places = [line.split(": ")[0] for line in out.splitlines() if line.startswith(str(path))]
    assert places == [f"{path}:{place}" for place in ("4:13", "5:12", "7:12", "9:15", "10:5")]
    assert "unknown topic 'misdael' (did you mean 'misdeal'?)" in out
    assert "the bank cannot fill this section: it asks for 30 items on odd-chip" in out
    assert out.splitlines()[-1] == "1 blueprint file checked: 0 valid, 1 with errors (errors)"


def test_json_counts_the_files_and_locates_every_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, out, _ = _run(capsys, "--json", path, SHIPPED)
    assert code == 1
    report = json.loads(out)
    assert (report["checked"], report["valid"], report["invalid"]) == (2, 1, 1)
    assert report["errors"][0] == {
        "file": str(path),
        "line": 4,
        "col": 13,
        "message": "'time_limit' must be a positive length of time, not '-5m'",
    }
    (good,) = report["blueprints"]
    assert (good["id"], good["items"], good["pass_mark"], good["attempts"]) == (
        "tda-style-dealer",
        40,
        90,
        2,
    )
    assert (good["time_limit"], good["valid_for"], good["ruleset"]) == ("1h", "2y", "tda-2024")
    assert [s["count"] for s in good["sections"]] == [10, 10, 8, 6, 6]
    assert all(s["available"] > s["count"] for s in good["sections"])


def test_a_missing_path_exits_2_and_the_others_are_still_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _run(capsys, tmp_path / "nope.yaml", SHIPPED)
    assert code == 2
    assert f"{tmp_path / 'nope.yaml'}: no such file or folder" in out
    assert f"{SHIPPED}: valid" in out


def test_a_folder_is_searched_for_blueprints_leaving_its_ruleset_files_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(HOUSE_BANK / "house-reburn.yaml", tmp_path)
    (tmp_path / "house-exam.yaml").write_text(HOUSE.replace("COUNT", "1"), encoding="utf-8")
    # the house ruleset's items are in a folder of scenarios given besides the bank
    code, out, _ = _run(capsys, tmp_path, "--scenarios", HOUSE_BANK)
    assert code == 0, out
    assert "house-exam, 1 items in 1 section under reburn-room, 1h30m, pass mark 75%" in out
    # without that folder, the bank has no item under the house's ruleset
    code, out, _ = _run(capsys, tmp_path)
    assert code == 1
    assert "house-exam.yaml:9:5: the bank cannot fill this section" in out
    assert "the bank has 0 (under reburn-room" in out


def test_a_retired_item_is_left_out_of_the_fill(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(HOUSE_BANK / "house-reburn.yaml", tmp_path)
    (tmp_path / "house-exam.yaml").write_text(HOUSE.replace("COUNT", "1"), encoding="utf-8")
    code, out, _ = _run(
        capsys,
        tmp_path / "house-exam.yaml",
        "--scenarios",
        HOUSE_BANK,
        "--retired",
        "burn-error-exposed-burn-reburn",
    )
    assert code == 1
    assert "retired items left out" in out


def test_two_blueprints_with_one_id_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = tmp_path / "copy.yaml"
    shutil.copy(SHIPPED, copy)
    code, out, _ = _run(capsys, SHIPPED, copy)
    assert code == 1
    assert f"{copy}:4:5: duplicate id 'tda-style-dealer': {SHIPPED} has it too" in out


def test_a_scenarios_folder_that_is_not_there_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = _run(capsys, SHIPPED, "--scenarios", tmp_path / "none")
    assert code == 2
    assert "--scenarios: no such folder" in err


def test_help_names_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["exam", "validate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "file:line:col" in out and "Exit 0 if all are valid, 1 if any has an error, 2" in out


def test_exam_validate_loads_neither_the_web_app_nor_questionary() -> None:
    code = (
        "import sys\n"
        "from dealer_trainer.cli.main import main\n"
        f"code = main(['exam', 'validate', {str(SHIPPED)!r}])\n"
        "heavy = ('flask', 'questionary', 'prompt_toolkit', 'dealer_trainer.web',\n"
        "         'dealer_trainer.store')\n"
        "print(code, sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "0 []"
