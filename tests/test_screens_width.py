"""Issue 15, screens: every command's text fits the terminal, wrapped between words.

End to end in a pseudo-terminal at 80 and at 60 columns (the width read from the terminal
itself), and through a pipe with ``COLUMNS`` set; the wrap helper on its own; and the prompt's
number keys, with each option list printed once.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from dealer_trainer.cli.render import wrap

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HOUSE = "name: river-room\nbase: roberts\noptions:\n  exposed_misdeal_cards: 1\n"
SCRIPT = """table: {seats: 3, button: 1, blinds: [1, 2]}
events: [shuffle, cut, post_blinds, pitch, {pitch: {exposed: true}}, flop]
"""
WIDTHS = (80, 60)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A private folder with a house ruleset, a hand script and answers to read."""
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "hand.yaml").write_text(SCRIPT, encoding="utf-8")
    (tmp_path / "answers.txt").write_text("1\n" * 12, encoding="utf-8")  # choice and fact items
    (tmp_path / "picks.txt").write_text("2\n" * 12, encoding="utf-8")  # the drill's picks
    return tmp_path


def _env(home: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR")}
    env.update(
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        DEALER_TRAINER_DB=str(home / "progress.sqlite3"),
        NO_COLOR="1",
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        **more,
    )
    return env


def _in_pty(home: Path, columns: int, *args: str) -> str:
    """What a command writes to a real terminal ``columns`` wide (no COLUMNS set)."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dealer_trainer", *args],
        env=_env(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, columns),
        cwd=str(home),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus in (0, 1, 2), child.before  # 2: a refusal, said in full
    return ANSI.sub("", child.before or "")


def _too_long(text: str, columns: int) -> list[str]:
    return [line for line in text.replace("\r\n", "\n").split("\n") if len(line) > columns]


def _quiz_answers(home: Path) -> None:
    """Some answers in the store, for the report."""
    args = ["quiz", "--trainee", "Ana Lucia", "--topic", "burns", "--length", "3", "--seed", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", *args, "--answers", "-"],
        input="1\n2\n1\n",
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=str(home),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


COMMANDS = {
    "help": ("--help",),
    "quiz-help": ("quiz", "--help"),
    "rules-list": ("rules", "list"),
    "rules-show": ("rules", "show", "RRoP-HE 1"),
    "rules-search": ("rules", "search", "dealer turned the turn early"),
    "rules-term": ("rules", "term", "burn"),
    "rules-what-if": ("rules", "what-if", "premature_turn", "--ruleset", "tda-2024"),
    "rules-what-if-house": ("rules", "what-if", "exposed card", "--ruleset", "house.yaml"),
    "rules-diff": ("rules", "diff", "roberts", "tda-2024"),
    "rules-diff-house": ("rules", "diff", "roberts", "house.yaml"),
    "scenarios-list": ("scenarios", "list"),
    "replay": ("replay", "hand.yaml", "--auto-recover"),
    "quiz": (
        *("quiz", "--trainee", "Bo", "--topic", "burns", "--topic", "action-order"),
        *("--length", "4", "--seed", "5", "--answers", "answers.txt"),
    ),
    "review": ("review", "--trainee", "Ana Lucia", "--answers", "answers.txt"),
    "drill": (
        *("drill", "--trainee", "Bo", "--seed", "4", "--rate", "1", "--points", "12"),
        *("--ruleset", "house.yaml", "--answers", "picks.txt"),
    ),
    "report": ("report",),
    "wizard": ("scenarios", "new", "--error", "premature_turn", "--kind", "fact", "--yes"),
    "wizard-refused": ("scenarios", "new", "--error", "premature-flop", "--yes"),
}


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_line_is_longer_than_the_terminal_in_a_pty(home: Path, name: str, columns: int) -> None:
    if name in ("report", "review"):
        _quiz_answers(home)
    text = _in_pty(home, columns, *COMMANDS[name])
    assert text.strip()
    assert "Traceback" not in text
    assert _too_long(text, columns) == []


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("name", ["rules-diff", "scenarios-list", "quiz", "drill"])
def test_no_line_is_longer_than_columns_through_a_pipe(home: Path, name: str, columns: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", *COMMANDS[name]],
        capture_output=True,
        text=True,
        env=_env(home, COLUMNS=str(columns)),
        cwd=str(home),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert _too_long(done.stdout, columns) == []


def test_rules_diff_is_side_by_side_at_80_and_one_under_the_other_at_60(home: Path) -> None:
    wide = _in_pty(home, 80, *COMMANDS["rules-diff"])
    narrow = _in_pty(home, 60, *COMMANDS["rules-diff"])
    assert re.search(r"^roberts \[RRoP-HE 4\] +\| tda-2024 \[TDA24 RP-5B\]", wide, re.M)
    assert " | " not in narrow
    assert re.search(r"^roberts \[RRoP-HE 4\]\s*$", narrow, re.M)
    assert re.search(r"^tda-2024 \[TDA24 RP-5B\]\s*$", narrow, re.M)


def test_scenarios_list_puts_the_title_under_its_row_when_narrow(home: Path) -> None:
    text = _in_pty(home, 60, "scenarios", "list", "--topic", "premature-turn")
    lines = text.replace("\r\n", "\n").splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("premature-turn-")]
    assert heads
    assert all(lines[i + 1].startswith("    ") for i in heads)


# --- the wrap helper --------------------------------------------------------------------------


def test_wrap_breaks_between_words_and_hangs_under_the_list_marker() -> None:
    text = "  12. " + " ".join(f"word{n}" for n in range(40))
    lines = wrap(text, 40)
    assert all(len(line) <= 40 for line in lines)
    assert lines[0].startswith("  12. word0 ")
    assert all(line.startswith("      word") for line in lines[1:])
    words = " ".join(line.strip() for line in lines).split()
    assert words == text.split()  # no word cut


def test_wrap_ignores_colour_codes_in_the_width_and_cuts_only_a_word_longer_than_a_line() -> None:
    coloured = "\x1b[1mRule\x1b[0m " + "abc " * 30
    assert all(len(ANSI.sub("", line)) <= 30 for line in wrap(coloured, 30))
    assert "\x1b[1mRule\x1b[0m" in wrap(coloured, 30)[0]
    long = "store: /" + "x" * 70
    assert all(len(line) <= 30 for line in wrap(long, 30))


def test_wrap_leaves_text_whole_in_a_pipe_without_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr("sys.__stdout__", None)
    text = "word " * 100
    assert wrap(text) == [text]


# --- the prompt: number keys, each option once ----------------------------------------------


def _first_question_options(home: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", *QUIZ, "--answers", "-"],
        input="1\n",
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=str(home),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return re.findall(r"^  \d\. (.+)$", done.stdout.split("> 1")[0], re.M)


QUIZ = ("quiz", "--trainee", "Cy", "--topic", "burns", "--difficulty", "any")
QUIZ += ("--ruleset", "any", "--length", "1", "--seed", "11")


def test_a_number_key_picks_its_option_and_the_list_is_shown_once(home: Path) -> None:
    labels = _first_question_options(home)
    assert len(labels) >= 2
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dealer_trainer", *QUIZ],
        env=_env(home),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
        cwd=str(home),
    )
    child.expect("Your answer:")
    child.expect(re.escape(labels[-1][:20]))
    shown = ANSI.sub("", (child.before or "") + (child.after or ""))
    for label in labels:
        assert shown.count(label[:20]) == 1, label  # listed by the prompt, and only there
    child.send("2")
    child.expect(r"Right\.|Not quite\.")
    child.expect(pexpect.EOF)
    child.close()
    after = ANSI.sub("", child.before or "")
    picked = " ".join(labels[1].split())
    assert picked[:20] in " ".join(after.split())  # the second option was the answer
    assert child.exitstatus == 0


# --- every shipped scenario, as `scenarios show` draws it --------------------------------------


def test_scenarios_show_fits_60_columns_for_every_shipped_scenario(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.cli.main import main
    from dealer_trainer.scenario import find_scenarios

    monkeypatch.setenv("COLUMNS", "60")
    too_long: list[str] = []
    for path in find_scenarios([ROOT / "scenarios"]):
        assert main(["scenarios", "show", str(path), "--answer"]) == 0
        out = ANSI.sub("", capsys.readouterr().out)
        too_long += [f"{path.stem}: {line}" for line in out.splitlines() if len(line) > 60]
    assert too_long == []


def test_scenarios_validate_fits_60_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.cli.main import main

    monkeypatch.setenv("COLUMNS", "60")
    main(["scenarios", "validate", str(ROOT / "tests" / "data" / "broken_scenarios")])
    out = ANSI.sub("", capsys.readouterr().out)
    assert out.strip()
    assert [line for line in out.splitlines() if len(line) > 60] == []
