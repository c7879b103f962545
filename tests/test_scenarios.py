"""Scenario files (contract 2): every error located as ``file:line:col``, and the shipped bank.

The broken files under tests/data/broken_scenarios/ hold one error each; each is checked with
``dealer-trainer scenarios validate`` (through ``main()``, and a handful through the console
script in a subprocess to prove that no traceback escapes). The shipped bank under scenarios/
must validate file by file, and its answer keys must be the only ones the engine accepts:
moving ``correct: true`` to another choice, or swapping two steps of an order, must fail.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer import yamlio
from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import (
    REQUIRED,
    Scenario,
    find_scenarios,
    load_scenario,
    loads_scenario,
    recovery_steps,
    verify,
)
from tests.yamlfast import FAST_LOADER

ROOT = Path(__file__).resolve().parents[1]
BROKEN = Path("tests/data/broken_scenarios")
OK = Path("tests/data/scenarios_ok")
SCRIPT = Path(sys.executable).parent / "dealer-trainer"
TIMEOUT = 60

SUMMARY = re.compile(
    r"^(?P<checked>\d+) scenario files? checked: (?P<valid>\d+) valid, "
    r"(?P<bad>\d+) with errors \((?P<verdict>all valid|errors)\)$"
)


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths in messages are relative to the repository root; no colour in captured output."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


def _validate(capsys: pytest.CaptureFixture[str], *paths: str | Path) -> tuple[int, list[str]]:
    code = main(["scenarios", "validate", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines()


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["NO_COLOR"] = "1"
    return env


def _console(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(),
        timeout=TIMEOUT,
        check=False,
    )


def _one_located_error(lines: list[str], file: Path, line: int, col: int, words: str) -> None:
    """Exactly one ``FILE:LINE:COL: message`` line, then the summary of one bad file."""
    assert len(lines) == 2, lines
    prefix = f"{file}:{line}:{col}: "
    assert lines[0].startswith(prefix), f"expected {prefix!r}, got {lines[0]!r}"
    assert words in lines[0][len(prefix) :], lines[0]
    summary = SUMMARY.match(lines[1])
    assert summary, lines[1]
    assert (summary["checked"], summary["valid"], summary["bad"]) == ("1", "0", "1")
    assert summary["verdict"] == "errors"


# --- one broken file per error kind -----------------------------------------------------------

#: file, line, column, a key part of the message
BROKEN_FILES: list[tuple[str, int, int, str]] = [
    (
        "yaml_syntax.yaml",
        6,
        1,
        "YAML syntax: the { opened at line 5, column 8 is not closed before this: end the mapping",
    ),
    ("duplicate_key.yaml", 4, 1, "duplicate key 'title' (first given at line 2)"),
    ("unknown_field_titel.yaml", 2, 1, "unknown field 'titel' (did you mean 'title'?)"),
    ("missing_question.yaml", 1, 1, "the scenario has no 'question'"),
    ("difficulty_hard.yaml", 4, 13, "'difficulty' must be 1 (easy), 2 or 3 (hard), not 'hard'"),
    ("choices_not_list.yaml", 9, 12, "'choices' must be a list, not text"),
    ("correct_yes.yaml", 11, 16, "'correct' must be true or false, not text"),
    ("setup_not_list.yaml", 6, 8, "'setup' must be a list of events, not text"),
    (
        "unknown_topic.yaml",
        3,
        8,
        "unknown topic 'premature-trun' (did you mean 'premature-turn'?)",
    ),
    ("unknown_rule.yaml", 5, 7, "unknown rule id 'RRoP-HE-99' (did you mean 'RRoP-HEP-9'"),
    ("unknown_ruleset.yaml", 5, 10, "unknown ruleset 'robert' (did you mean 'roberts'?)"),
    ("deck_card_twice.yaml", 10, 5, "the deck names Ah twice (also item 1)"),
    ("alias_bomb.yaml", 215, 5, "more than 200 aliases: this file is refused"),
    ("unknown_kind.yaml", 8, 9, "unknown question kind 'multiple'; expected one of: choice"),
    ("unknown_step.yaml", 11, 32, "unknown step 'trun' (did you mean 'turn'?)"),
    ("unknown_fact.yaml", 9, 9, "unknown fact 'next_stepp' (did you mean 'next_step'?)"),
    ("no_correct_choice.yaml", 10, 5, "exactly one choice must be marked correct: no choice is"),
    (
        "two_correct_choices.yaml",
        11,
        5,
        "exactly one choice must be marked correct: 2 choices are",
    ),
    ("mixed_steps.yaml", 15, 7, "every choice needs 'steps' once one has them"),
    (
        "setup_rejected.yaml",
        10,
        5,
        "the engine rejects this setup event (act seat 3 call): It is seat 1's turn",
    ),
    (
        "situation_not_arising.yaml",
        8,
        3,
        "the setup must produce premature_turn for topic 'premature-turn'; "
        "it produces no irregularity",
    ),
    (
        "correct_not_recovery.yaml",
        26,
        7,
        "the choice marked correct is not the recovery the engine requires under roberts for "
        "premature_turn: set_aside, burn, turn, reshuffle, cut; it says retrieve, reshuffle",
    ),
    (
        "another_choice_is_recovery.yaml",
        27,
        7,
        "this choice is also the engine's recovery (set_aside, burn, turn, reshuffle, cut)",
    ),
    (
        "order_wrong.yaml",
        20,
        3,
        "'order' must be the recovery the engine requires under tda-2024 for premature_turn: "
        "retrieve, reshuffle; it is reshuffle, retrieve",
    ),
    (
        "fact_contradicted.yaml",
        20,
        7,
        "the choice marked correct answers 1, but the engine's to_act is 2",
    ),
]
_IDS = [name.removesuffix(".yaml") for name, *_ in BROKEN_FILES]


@pytest.mark.parametrize(("name", "line", "col", "words"), BROKEN_FILES, ids=_IDS)
def test_broken_file_is_refused_with_its_place(
    capsys: pytest.CaptureFixture[str], name: str, line: int, col: int, words: str
) -> None:
    code, lines = _validate(capsys, BROKEN / name)
    assert code == 1
    _one_located_error(lines, BROKEN / name, line, col, words)


@pytest.mark.parametrize(("name", "line", "col", "words"), BROKEN_FILES, ids=_IDS)
def test_broken_file_raises_script_error_with_its_where(
    name: str, line: int, col: int, words: str
) -> None:
    path = BROKEN / name
    with pytest.raises(ScriptError) as caught:
        verify(load_scenario(path))
    assert caught.value.where == f"{path}:{line}:{col}"
    assert words in caught.value.message


def test_every_broken_file_is_in_the_table() -> None:
    on_disk = {p.name for p in (ROOT / BROKEN).glob("*.yaml")}
    assert on_disk == {name for name, *_ in BROKEN_FILES}


@pytest.mark.parametrize(
    "name",
    [
        *("yaml_syntax.yaml", "alias_bomb.yaml", "unknown_rule.yaml", "setup_rejected.yaml"),
        *("order_wrong.yaml", "fact_contradicted.yaml"),
    ],
)
def test_console_script_reports_a_broken_file_without_a_traceback(name: str) -> None:
    line, col, words = next(case[1:] for case in BROKEN_FILES if case[0] == name)
    done = _console("scenarios", "validate", BROKEN / name)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr == ""
    _one_located_error(done.stdout.splitlines(), BROKEN / name, line, col, words)


def test_duplicate_id_across_two_files_is_refused_with_the_second_files_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = BROKEN / "duplicate_ids"
    code, lines = _validate(capsys, folder)
    assert code == 1
    assert lines == [
        f"{folder / 'b-second.yaml'}:1:5: duplicate id 'same-id-twice': "
        f"{folder / 'a-first.yaml'} has it too",
        "2 scenario files checked: 1 valid, 1 with errors (errors)",
    ]


def test_duplicate_id_via_the_console_script_has_no_traceback() -> None:
    done = _console("scenarios", "validate", BROKEN / "duplicate_ids")
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.splitlines()[0].startswith(
        f"{BROKEN / 'duplicate_ids' / 'b-second.yaml'}:1:5: duplicate id 'same-id-twice'"
    )


def test_oversized_file_is_refused_at_its_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.yaml"
    text = (ROOT / OK / "action-order-flop.yaml").read_text(encoding="utf-8")
    padding = "# padding\n" * (yamlio.MAX_BYTES // 10 + 1)
    path.write_text(text + padding, encoding="utf-8")
    assert path.stat().st_size > yamlio.MAX_BYTES
    code, lines = _validate(capsys, path)
    assert code == 1
    _one_located_error(lines, path, 1, 1, f"at most {yamlio.MAX_BYTES:,} are read")


# --- in memory: the base scenario and every required field ------------------------------------

BASE = (ROOT / OK / "premature-turn-roberts.yaml").read_text(encoding="utf-8")


def _top_level_blocks(text: str) -> dict[str, str]:
    """The text of each top-level field (its line and its indented continuation lines)."""
    blocks: dict[str, str] = {}
    key = ""
    for line in text.splitlines(keepends=True):
        if line[:1] not in (" ", "-", "\n", ""):
            key = line.split(":", 1)[0]
            blocks[key] = ""
        blocks[key] += line
    return blocks


def test_the_base_scenario_validates() -> None:
    proved = verify(loads_scenario(BASE, "base.yaml"))
    assert proved.situation == "premature_turn"
    assert proved.steps == ("set_aside", "burn", "turn", "reshuffle", "cut")


@pytest.mark.parametrize("field", REQUIRED)
def test_missing_required_field_is_refused_at_the_start_of_the_file(field: str) -> None:
    blocks = _top_level_blocks(BASE)
    text = "".join(block for key, block in blocks.items() if key != field)
    with pytest.raises(ScriptError) as caught:
        loads_scenario(text, "mem.yaml")
    assert caught.value.where == "mem.yaml:1:1"
    assert caught.value.message == f"the scenario has no {field!r}"


@pytest.mark.parametrize("field", ["ask", "explain"])
def test_missing_question_field_is_refused_at_the_question(field: str) -> None:
    lines = [line for line in BASE.splitlines() if not line.startswith(f"  {field}:")]
    start = lines.index("question:") + 2  # the question's first field, 1-based
    with pytest.raises(ScriptError) as caught:
        loads_scenario("\n".join(lines), "mem.yaml")
    assert caught.value.where == f"mem.yaml:{start}:3"
    assert caught.value.message == f"the question has no {field!r}"


def test_missing_question_has_the_same_message_from_text_and_file() -> None:
    text = (ROOT / BROKEN / "missing_question.yaml").read_text(encoding="utf-8")
    with pytest.raises(ScriptError) as caught:
        loads_scenario(text, "x.yaml")
    assert str(caught.value) == "x.yaml:1:1: the scenario has no 'question'"


# --- bugs: values the checks let through and that crash later ---------------------------------


def test_float_difficulty_is_refused_with_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """BUG: ``difficulty: 2.0`` passes validate (2.0 == 2), then ``scenarios list`` and
    ``scenarios show`` crash with TypeError on ``"*" * 2.0``."""
    path = tmp_path / "float.yaml"
    path.write_text(BASE.replace("difficulty: 2\n", "difficulty: 2.0\n"), encoding="utf-8")
    code, lines = _validate(capsys, path)
    assert code == 1, lines
    _one_located_error(lines, path, 4, 13, "'difficulty' must be 1 (easy), 2 or 3 (hard)")


FACT_BASE = (ROOT / OK / "action-order-flop.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("answer", "fact"),
    [("[1, two]", "to_act"), ("[{a: 1}, {b: 2}]", "winners"), ("{burn: 1}", "next_step")],
    ids=["list-of-number-and-text", "list-of-mappings", "mapping-for-next-step"],
)
def test_fact_answer_of_an_odd_shape_is_refused_with_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, answer: str, fact: str
) -> None:
    """BUG: a fact choice's ``answer`` that is a list mixing numbers and text (or a list of
    mappings) crashes the loader with TypeError in ``_plain`` (``sorted``); a mapping answer
    to ``next_step`` crashes verify (``unhashable type: 'dict'``). Validate must report one
    located error (a bad list at the answer or its choice), not raise."""
    text = FACT_BASE.replace("fact: to_act", f"fact: {fact}").replace(
        "      answer: 1\n", f"      answer: {answer}\n"
    )
    path = tmp_path / "odd-answer.yaml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    answer_line = lines.index(f"      answer: {answer}") + 1
    places = {f"{path}:{answer_line}:15", f"{path}:{answer_line - 1}:7"}  # the value, its choice
    code = main(["scenarios", "validate", str(path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1, out
    assert len(out) == 2, out
    assert re.match(rf"^{re.escape(str(path))}:\d+:\d+: ", out[0]), out[0]
    if fact != "next_step":
        assert any(out[0].startswith(place + ": ") for place in places), out[0]


# --- the shipped bank ---------------------------------------------------------------------------

#: the bank's scenarios (a bank folder may also keep the house ruleset files they name)
SHIPPED = sorted(find_scenarios([ROOT / "scenarios"]))


def _question_kind(path: Path) -> str:
    """``choice-steps``, ``choice``, ``order`` or ``fact``; ``unreadable`` (tested by all)."""
    try:
        question = yaml.load(path.read_text(encoding="utf-8"), Loader=FAST_LOADER)["question"]
        kind = str(question.get("kind", "choice"))
        if kind == "choice":
            with_steps = any("steps" in choice for choice in question["choices"])
            return "choice-steps" if with_steps else "choice"
        return kind
    except Exception:
        return "unreadable"


KINDS = {path: _question_kind(path) for path in SHIPPED}


def _shipped(*kinds: str) -> Any:
    paths = [p for p in SHIPPED if KINDS[p] in (*kinds, "unreadable")]
    return pytest.mark.parametrize("path", paths, ids=[p.stem for p in paths])


def test_the_bank_is_not_empty_and_has_every_question_kind() -> None:
    assert len(SHIPPED) >= 20
    assert {"choice-steps", "order", "fact"} <= set(KINDS.values())


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_scenario_validates(path: Path) -> None:
    verify(load_scenario(path))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_file_is_named_after_its_id_in_its_topic_folder(path: Path) -> None:
    scenario = load_scenario(path)  # docs/authoring.md: one folder per topic, named after its id
    assert (path.parent.name, path.stem) == (scenario.topic.slug, scenario.id)


def test_validate_the_whole_bank_exits_zero_with_the_summary() -> None:
    done = _console("scenarios", "validate", "scenarios")
    assert done.returncode == 0, done.stdout
    assert done.stderr == ""
    n = len(SHIPPED)
    assert done.stdout.splitlines() == [
        f"{n} scenario files checked: {n} valid, 0 with errors (all valid)"
    ]


def _with_correct(scenario: Scenario, index: int) -> Scenario:
    question = scenario.question
    choices = tuple(replace(c, correct=i == index) for i, c in enumerate(question.choices))
    return replace(scenario, question=replace(question, choices=choices))


@_shipped("choice-steps", "fact")
def test_moving_correct_to_any_other_choice_fails_verify(path: Path) -> None:
    scenario = load_scenario(path)
    verify(scenario)
    question = scenario.question
    others = [i for i, choice in enumerate(question.choices) if not choice.correct]
    assert others
    for index in others:
        with pytest.raises(ScriptError) as caught:
            verify(_with_correct(scenario, index))
        assert caught.value.where == question.choices[index].where, caught.value


@_shipped("order")
def test_swapping_two_adjacent_steps_of_an_order_fails_verify(path: Path) -> None:
    scenario = load_scenario(path)
    verify(scenario)
    order = scenario.question.order
    swapped = 0
    for i in range(len(order) - 1):
        if recovery_steps(order[i : i + 1]) == recovery_steps(order[i + 1 : i + 2]):
            continue  # the same step (or an alias of it): swapping changes nothing
        changed = (*order[:i], order[i + 1], order[i], *order[i + 2 :])
        question = replace(scenario.question, order=changed)
        with pytest.raises(ScriptError, match="'order' must be the recovery"):
            verify(replace(scenario, question=question))
        swapped += 1
    assert swapped, f"no two different adjacent steps in {order}"


def test_moving_correct_in_the_yaml_text_of_a_shipped_file_fails_validate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = next(p for p in SHIPPED if KINDS[p] == "choice-steps")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    choices = data["question"]["choices"]
    right = next(i for i, c in enumerate(choices) if c.get("correct"))
    wrong = (right + 1) % len(choices)

    def write(name: str) -> Path:
        out = tmp_path / path.parent.name / name
        out.parent.mkdir(exist_ok=True)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
        out.write_text(text, encoding="utf-8")
        return out

    control = write("control.yaml")  # the same scenario, rewritten: still valid
    assert _validate(capsys, control)[0] == 0
    del choices[right]["correct"]
    choices[wrong]["correct"] = True
    moved = write("moved.yaml")
    code, lines = _validate(capsys, moved)
    assert code == 1
    assert len(lines) == 2, lines
    reread, locator = yamlio.load(moved.read_text(encoding="utf-8"), str(moved))
    place = locator.where(reread["question"]["choices"], wrong)  # the choice now marked correct
    assert lines[0].startswith(f"{place}: the choice marked correct is not the recovery"), lines
