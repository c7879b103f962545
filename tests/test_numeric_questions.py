"""Number questions (issue 16): the trainee types an amount or a count, and the engine's value
is the answer: loading, proof, the hidden view, grading, the recorder, ``--answers``, ``scenarios
show`` and a real session in a pseudo-terminal."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.scenario import (
    FACT_UNITS,
    FACTS,
    NUMBER_FACTS,
    bank_dir,
    bank_length_cues,
    check,
    lint,
    load_scenario,
    loads_scenario,
    verify,
)
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Entry, Quiz, grade, number_problem, prepare, read_number
from dealer_trainer.view import trainee_view

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = {
    "side-pots-number-main-pot": (ROOT / "scenarios" / "side-pots", 240),
    "side-pots-number-side-pot": (ROOT / "scenarios" / "side-pots", 210),
    "betting-number-pot-limit-reraise": (ROOT / "scenarios" / "betting", 30),
}


def _path(ident: str) -> Path:
    folder, _ = SHIPPED[ident]
    return folder / f"{ident}.yaml"


def _item(ident: str) -> Any:
    scenario = load_scenario(_path(ident))
    entry = Entry(ident, scenario.topic.slug, scenario.difficulty, "roberts", _path(ident))
    return prepare(entry, random.Random(3))


#: a pot-limit table where seat 4 raised the pot and the button called; the small blind acts
POT_LIMIT = """
id: number-test
title: T
topic: betting
difficulty: 2
table: {seats: 4, button: 1, blinds: [1, 2], structure: pot-limit, stacks: 300}
deck: []
setup:
  - post_blinds
  - deal
  - act: {seat: 4, action: raise, amount: 7}
  - act: {seat: 1, action: call}
question:
  kind: number
  fact: FACT
  ask: How much?
  explain: Because.
"""


def _number(fact: str, extra: str = "") -> str:
    return POT_LIMIT.replace("FACT", fact) + extra


# --- reading ----------------------------------------------------------------------------------


def test_number_question_loads_with_no_choices_and_its_stated_answer() -> None:
    scenario = loads_scenario(_number("max_bet", "  answer: 30\n"))
    question = scenario.question
    assert (question.kind, question.fact, question.answer, question.choices) == (
        "number",
        "max_bet",
        30,
        (),
    )


def test_number_facts_are_the_amounts_and_counts_only() -> None:
    assert {"pot", "main_pot", "side_pot", "max_bet", "min_bet", "to_call"} <= set(NUMBER_FACTS)
    assert not {"to_act", "winners", "odd_chip", "misdeal", "next_step"} & set(NUMBER_FACTS)
    assert set(NUMBER_FACTS) <= set(FACTS)


@pytest.mark.parametrize(
    ("extra", "fact", "message"),
    [
        ("  choices: [{text: '30', answer: 30, correct: true}]\n", "max_bet", "no 'choices'"),
        ("", "to_act", "asks an amount or a count, not 'to_act'"),
        ("  answer: true\n", "max_bet", "whole number of 0 or more, not true/false"),
        ("  answer: '30'\n", "max_bet", "whole number of 0 or more, not text"),
        ("  answer: -3\n", "max_bet", "whole number of 0 or more"),
    ],
)
def test_a_badly_written_number_question_is_refused_at_its_place(
    extra: str, fact: str, message: str
) -> None:
    with pytest.raises(ScriptError, match=message) as caught:
        loads_scenario(_number(fact, extra), source="n.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("n.yaml:")


def test_a_number_question_needs_its_fact() -> None:
    text = _number("max_bet").replace("  fact: max_bet\n", "")
    with pytest.raises(ScriptError, match="a number question needs 'fact'"):
        loads_scenario(text)


def test_only_a_number_question_has_an_answer_of_its_own() -> None:
    text = _number("max_bet", "  answer: 30\n").replace("kind: number", "kind: fact")
    with pytest.raises(ScriptError, match="only a number question has an 'answer'"):
        loads_scenario(text)


# --- proof ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("fact", "value"), [("max_bet", 30), ("min_bet", 12), ("to_call", 6)])
def test_engine_computes_the_pot_limit_numbers(fact: str, value: int) -> None:
    # pot-limit RRoP-LIM 3: the call (6 more for the small blind) first, then the pot (23)
    assert verify(loads_scenario(_number(fact))).fact == value


def test_a_stated_answer_the_engine_disagrees_with_is_refused() -> None:
    scenario = loads_scenario(_number("max_bet", "  answer: 23\n"))
    _, errors = check(scenario)
    assert [e.message for e in errors] == [
        "the question's answer is 23, but the engine's max_bet is 30"
    ]


def test_a_side_pot_asked_where_there_is_none_is_refused() -> None:
    _, errors = check(loads_scenario(_number("side_pot")))
    assert len(errors) == 1 and "the engine has no number for 'side_pot'" in errors[0].message


def test_a_raise_amount_asked_when_nobody_is_to_act_is_refused() -> None:
    text = _number("to_call").replace(
        "  - act: {seat: 1, action: call}\n",
        "  - act: {seat: 1, action: call}\n  - act: {seat: 2, action: fold}\n"
        "  - act: {seat: 3, action: fold}\n",
    )
    _, errors = check(loads_scenario(text))
    assert any("asked when nobody is to act" in e.message for e in errors)


@pytest.mark.parametrize("ident", sorted(SHIPPED))
def test_shipped_number_item_is_the_engines_number_and_its_view_hides_the_pot(ident: str) -> None:
    proved = verify(load_scenario(_path(ident)))
    assert proved.fact == SHIPPED[ident][1]
    view = trainee_view(proved)
    if proved.scenario.question.fact in ("main_pot", "side_pot"):
        assert view.pot is None and view.pots is None
        assert {"pot", "in_front"} <= view.hidden
    assert lint(proved.scenario) == []  # no choices is no "fewer than three choices"


def test_side_pots_are_the_layers_of_the_all_ins() -> None:
    # seats 3 (50) and 4 (120) all-in; seats 1 and 2 call 120 and bet 40 more on the flop
    text = _path("side-pots-number-side-pot").read_text(encoding="utf-8")
    main_pot = loads_scenario(text.replace("fact: side_pot", "fact: main_pot"))
    assert verify(main_pot).fact == 200
    total = loads_scenario(text.replace("fact: side_pot", "fact: pot"))
    assert verify(total).fact == 200 + 210 + 80


def test_number_items_do_not_count_as_choice_items_for_the_length_cue() -> None:
    scenarios = [load_scenario(_path(ident)) for ident in SHIPPED]
    cued, items, allowed = bank_length_cues(scenarios)
    assert (cued, items, allowed) == ([], 0, 0)


# --- grading and keeping ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "value"), [("240", 240), (" 240 ", 240), ("1,250", 1250), ("$30", 30), ("0", 0)]
)
def test_a_typed_number_reads_as_whole_chips(typed: str, value: int) -> None:
    assert read_number(typed) == value and number_problem(typed) is None


@pytest.mark.parametrize("typed", ["", "thirty", "3.5", "-3", "²", "1e3", "9" * 10])
def test_anything_but_whole_chips_in_digits_is_refused(typed: str) -> None:
    with pytest.raises(UsageError, match="is not a number"):
        read_number(typed)
    assert number_problem(typed) is not None


def test_the_typed_number_is_graded_against_the_engines_value() -> None:
    item = _item("side-pots-number-main-pot")
    assert item.options == ()
    right = grade(item, ["240"])
    assert right.correct and right.given == right.expected == "240"
    wrong = grade(item, ["270"])
    assert not wrong.correct and (wrong.given, wrong.expected) == ("270", "240")
    assert wrong.rule == "RRoP-BET-7" and wrong.title == item.scenario.title
    with pytest.raises(UsageError):
        grade(item, ["240", "1"])


def test_the_recorder_saves_the_typed_number_and_the_engines(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "p.sqlite3")) as store:
        entry = _item("betting-number-pot-limit-reraise").entry
        quiz = Quiz("Ida", [entry], seed=1, store=store)
        (item,) = list(quiz.items())
        assert not quiz.answer(item, ["23"], 4.0).correct
        quiz.finish()
        (saved,) = store.answers("Ida")
    assert (saved.item, saved.correct, saved.given, saved.expected) == (
        "betting-number-pot-limit-reraise",
        False,
        "23",
        "30",
    )


# --- the terminal -----------------------------------------------------------------------------


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ}
    env.update(
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        DEALER_TRAINER_DB=str(home / "progress.sqlite3"),
        NO_COLOR="1",
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


def _bank(home: Path, *idents: str) -> Path:
    folder = home / "bank"
    folder.mkdir(exist_ok=True)
    for ident in idents:
        shutil.copy(_path(ident), folder / f"{ident}.yaml")
    return folder


def _quiz(home: Path, answers: str, *idents: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "dealer_trainer",
            "quiz",
            "--trainee",
            "Kim",
            "--length",
            "all",
            "--seed",
            "4",
            "--bank",
            str(_bank(home, *idents)),
            "--answers",
            "-",
            "--json",
        ],
        input=answers,
        capture_output=True,
        text=True,
        env=_env(home),
        timeout=120,
        check=False,
    )


def test_an_answers_file_gives_the_number_itself(tmp_path: Path) -> None:
    done = _quiz(tmp_path, "240\n", "side-pots-number-main-pot")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["right"] == 1 and summary["asked"] == 1


def test_an_answers_line_that_is_no_number_is_refused_with_its_line(tmp_path: Path) -> None:
    done = _quiz(tmp_path, "two hundred\n", "side-pots-number-main-pot")
    assert done.returncode == 2
    assert "<stdin> line 1: 'two hundred' is not a number" in done.stderr


def test_scenarios_show_draws_a_number_question_and_its_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    path = str(_path("side-pots-number-side-pot"))
    assert main(["scenarios", "show", path]) == 0
    out = capsys.readouterr().out
    assert "(type a number)" in out and "210" not in out and "pot:" not in out
    assert main(["scenarios", "show", path, "--answer"]) == 0
    assert "(type a number)  <- 210" in capsys.readouterr().out
    assert main(["scenarios", "show", path, "--answer", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["question"]["kind"] == "number" and data["answer"]["number"] == 210
    assert data["table"]["pot"] is None


def test_a_real_session_types_the_number_and_is_told_right_or_not(tmp_path: Path) -> None:
    bank = _bank(tmp_path, "side-pots-number-main-pot", "betting-number-pot-limit-reraise")
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "dealer_trainer",
            "quiz",
            "--trainee",
            "Lee",
            "--length",
            "all",
            "--difficulty",
            "any",
            "--ruleset",
            "any",
            "--topic",
            "all",
            "--seed",
            "2",
            "--bank",
            str(bank),
        ],
        env=_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 120),
    )
    typed: dict[str, bool] = {}
    for number in (1, 2):
        child.expect(f"Question {number} of 2")
        child.expect("Type the number\\.")
        main_pot = "main pot" in child.before  # the question asked
        child.expect("Your answer \\(a number of chips\\):")
        if number == 1:  # a word is refused at the prompt, and the prompt stays
            child.send("lots")
            child.expect("is not a number")
            child.send("\x15")  # clear the line
        answer = "240" if main_pot else "23"
        child.send(f"{answer}\r")
        child.expect("Right\\.|Not quite\\.")
        typed[answer] = child.after == "Right."
        child.expect("Why:")
    child.expect("2 answer\\(s\\) saved for Lee")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert typed == {"240": True, "23": False}
    with open_store(str(tmp_path / "progress.sqlite3")) as store:
        saved = {(a.given, a.expected, a.correct) for a in store.answers("Lee")}
    assert saved == {("240", "240", True), ("23", "30", False)}


# --- units: chips, cards -----------------------------------------------------------------------


def test_every_number_fact_says_its_unit() -> None:
    assert set(FACT_UNITS) == set(NUMBER_FACTS)
    assert {FACT_UNITS[fact] for fact in ("burns", "board_cards")} == {"cards"}
    assert {FACT_UNITS[fact] for fact in ("pot", "main_pot", "to_call", "max_bet")} == {"chips"}


def test_a_burn_count_is_asked_and_refused_in_cards_not_chips() -> None:
    path = bank_dir() / "burns" / "burns-count-on-the-turn-roberts.yaml"
    scenario = load_scenario(path)
    entry = Entry(scenario.id, scenario.topic.slug, scenario.difficulty, "roberts", path)
    item = prepare(entry, random.Random(3))
    assert item.unit == "cards"
    with pytest.raises(UsageError) as caught:
        grade(item, ["two"])
    assert "cards" in str(caught.value) and "chips" not in str(caught.value)
    assert number_problem("two", "cards") == str(caught.value)


def test_a_pot_is_asked_and_refused_in_chips() -> None:
    item = _item("side-pots-number-main-pot")
    assert item.unit == "chips"
    with pytest.raises(UsageError, match="whole chips"):
        grade(item, ["lots"])


def test_the_terminal_prompt_names_the_unit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    source = bank_dir() / "burns" / "burns-count-on-the-turn-roberts.yaml"
    shutil.copy(source, bank / "one.yaml")
    answers = tmp_path / "answers.txt"
    answers.write_text("two\n", encoding="utf-8")
    argv = ["quiz", "--trainee", "Unit", "--bank", str(bank), "--answers", str(answers)]
    argv += ["--db", str(tmp_path / "p.sqlite3"), "--length", "1"]
    assert main(argv) == 2
    assert "how many cards" in capsys.readouterr().err
