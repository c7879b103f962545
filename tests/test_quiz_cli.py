"""``dealer-trainer quiz`` and ``review`` end to end: an injected prompter, answers from a file
or standard input, no terminal, and real sessions in a pseudo-terminal (pexpect)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pexpect
import pytest

from dealer_trainer.cli import quiz as quiz_cli
from dealer_trainer.cli.main import _parser
from dealer_trainer.cli.session import remembered_trainee
from dealer_trainer.errors import EXIT_INTERRUPTED
from dealer_trainer.scenario import bank_dir
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import catalogue, prepare

BANK = {entry.id: entry for entry in catalogue(bank_dir())[0]}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data/config folder and progress store for each test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("DEALER_TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


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


def _cli(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_env(home),
        timeout=120,
        check=False,
    )


def _one_answer(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A one-question quiz on the burns topic (fact questions), answered '1' on stdin."""
    return _cli(
        home, "quiz", "--length", "1", "--topic", "burns", "--answers", "-", *args, stdin="1\n"
    )


def _saved(home: Path, trainee: str | None = None) -> list[Any]:
    with open_store(str(home / "progress.sqlite3")) as store:
        return store.answers(trainee)


def _layout(entry_id: str, seed: int) -> Any:
    """The item as the quiz lays it out for ``seed`` when it is the only question."""
    import random

    return prepare(BANK[entry_id], random.Random(seed))


def _right_numbers(item: Any) -> str:
    question = item.scenario.question
    if question.kind == "order":
        return " ".join(
            str(next(n for n, o in enumerate(item.options, 1) if o.value == f"s{i}"))
            for i in range(len(question.order))
        )
    index = next(i for i, c in enumerate(question.choices) if c.correct)
    return str(next(n for n, o in enumerate(item.options, 1) if o.value == f"c{index}"))


class Scripted:
    """A prompter that answers from a script and records what it was asked."""

    def __init__(self, answer: Callable[[str, Sequence[tuple[str, str]]], Any]) -> None:
        self.answer = answer
        self.asked: list[str] = []

    def select(self, message: str, choices: Sequence[tuple[str, str]], default: str) -> str:
        self.asked.append(message)
        return str(self.answer(message, choices))

    def text(self, message: str, default: str, check: Callable[[str], str | None]) -> str:
        self.asked.append(message)
        value = str(self.answer(message, ()))
        assert check(value) is None
        return value

    def checkbox(
        self, message: str, choices: Sequence[tuple[str, str]], default: Sequence[str]
    ) -> list[str]:
        self.asked.append(message)
        return list(self.answer(message, choices))


def _run(argv: list[str], prompter: Any) -> int:
    return quiz_cli.run(_parser().parse_args(argv), prompter)


# --- an injected prompter ---------------------------------------------------------------------


def test_quiz_asks_every_missing_setting_then_the_questions_and_saves_each_answer(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(message: str, choices: Sequence[tuple[str, str]]) -> Any:
        if message == "Your name:":
            return "Ann Lee"
        if message.startswith("Topics"):
            return ["premature-turn", "exposed-card"]
        if message == "How many questions:":
            return "5"
        if message in ("Difficulty:", "Rulebook:"):
            return "any"
        if not choices:  # a number question: the trainee types an amount
            return "1"
        return choices[0][0]  # the first option shown, right or wrong

    prompter = Scripted(answer)
    assert _run(["quiz", "--seed", "3"], prompter) == 0
    assert prompter.asked[:5] == [
        "Your name:",
        "Topics (space to pick, enter when done; none picked = all):",
        "Difficulty:",
        "Rulebook:",
        "How many questions:",
    ]
    out = capsys.readouterr().out
    saved = _saved(home, "Ann Lee")
    assert len(saved) == 5
    assert {a.topic for a in saved} == {"premature-turn", "exposed-card"}
    assert out.count("Question ") == 5 and "Question 5 of 5" in out
    assert f"Quiz: {sum(a.correct for a in saved)} of 5 right" in out
    assert "5 answer(s) saved for Ann Lee." in out
    assert remembered_trainee() == "Ann Lee"


def test_quiz_with_every_setting_as_a_flag_asks_only_the_questions(home: Path) -> None:
    # the first option, or for a number question the amount 1
    prompter = Scripted(lambda message, choices: choices[0][0] if choices else "1")
    argv = ["quiz", "--trainee", "Bo", "--topic", "burns", "--difficulty", "any"]
    argv += ["--ruleset", "any", "--length", "2"]
    assert _run(argv, prompter) == 0
    typed = ("Your answer (a number of cards):", "Your answer (a number of chips):")
    assert all(m in ("Your answer:", *typed) or m.startswith("Step ") for m in prompter.asked)
    assert len(_saved(home, "Bo")) == 2


def test_an_order_question_is_answered_step_by_step(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    item = _layout("exposed-card-misdeal-order", 0)
    key = [f"s{i}" for i in range(len(item.options))]

    def answer(message: str, choices: Sequence[tuple[str, str]]) -> Any:
        values = [value for value, _ in choices]
        return next(value for value in key if value in values)  # always the next right step

    prompter = Scripted(answer)
    bank = home / "bank"
    bank.mkdir()
    (bank / "one.yaml").write_text(BANK["exposed-card-misdeal-order"].path.read_text())
    argv = ["quiz", "--trainee", "Cy", "--bank", str(bank), "--length", "all", "--seed", "0"]
    argv += ["--topic", "all", "--difficulty", "any", "--ruleset", "any"]
    assert _run(argv, prompter) == 0
    assert prompter.asked == ["Step 1 of 3:", "Step 2 of 3:"]  # the last step is the one left
    out = capsys.readouterr().out
    assert "Right." in out and "Quiz: 1 of 1 right" in out
    assert "Rule TDA24-35-A-7" in out
    assert "The recovery:\n  1. Call a misdeal" in out
    (saved,) = _saved(home, "Cy")
    assert saved.correct and saved.item == "exposed-card-misdeal-order"


def test_ctrl_c_at_a_question_keeps_every_answer_given_and_sums_up(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = 0

    def answer(message: str, choices: Sequence[tuple[str, str]]) -> Any:
        nonlocal count
        count += 1
        if count == 3:
            raise KeyboardInterrupt
        return choices[0][0]

    argv = ["quiz", "--trainee", "Di", "--topic", "premature-flop", "--difficulty", "any"]
    argv += ["--ruleset", "any", "--length", "4", "--seed", "1"]
    prompter = Scripted(answer)
    assert _run(argv, prompter) == EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert "stopped after 2 of 4 questions" in captured.out
    assert "every answer given is saved" in captured.err
    assert len(_saved(home, "Di")) == 2


# --- answers without a terminal ---------------------------------------------------------------


def test_without_a_terminal_the_quiz_says_how_to_answer_without_one(home: Path) -> None:
    done = _cli(home, "quiz", "--trainee", "Ed")
    assert done.returncode == 2
    assert "no" in done.stderr and "--answers FILE" in done.stderr
    assert "--answers -" in done.stderr
    assert "Traceback" not in done.stderr
    assert _saved(home) == []


def test_answers_from_standard_input_print_numbered_options_and_save_each(home: Path) -> None:
    item = _layout("big-blind-option-next-step", 4)
    bank = home / "bank"
    bank.mkdir()
    (bank / "one.yaml").write_text(BANK["big-blind-option-next-step"].path.read_text())
    right = _right_numbers(item)
    done = _cli(
        home, "quiz", "--trainee", "Flo", "--bank", str(bank), "--seed", "4",
        "--answers", "-", stdin=f"# my answers\n{right}\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for number, option in enumerate(item.options, 1):
        assert f"  {number}. {option.label}" in done.stdout
    assert f"> {right}" in done.stdout and "Right." in done.stdout
    assert "Quiz: 1 of 1 right" in done.stdout
    (saved,) = _saved(home, "Flo")
    assert saved.correct and saved.mode == "quiz" and saved.item == "big-blind-option-next-step"


def test_answers_file_that_runs_out_stops_with_what_was_answered(home: Path) -> None:
    answers = home / "answers.txt"
    answers.write_text("1\n2\n")
    done = _cli(
        home, "quiz", "--trainee", "Gus", "--length", "4", "--seed", "9",
        "--topic", "showdown-order", "--answers", str(answers), "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["asked"] == 2 and summary["planned"] == 4 and summary["stopped"] is True
    assert summary["trainee"] == "Gus" and len(summary["topics"]) == 1
    assert len(_saved(home, "Gus")) == 2


def test_a_bad_answer_line_is_a_clear_error_and_the_answers_before_it_are_kept(
    home: Path,
) -> None:
    answers = home / "answers.txt"
    answers.write_text("1\n\nseven\n")
    done = _cli(
        home, "quiz", "--trainee", "Hal", "--length", "3", "--seed", "2",
        "--topic", "action-order", "--answers", str(answers),
    )  # fmt: skip
    assert done.returncode == 2
    assert f"{answers} line 3: 'seven' is not an option number" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(_saved(home, "Hal")) == 1


@pytest.mark.parametrize("seed", range(4))
def test_a_scenario_the_engine_disproves_is_reported_wherever_it_falls(
    home: Path, seed: int
) -> None:
    bank = home / "bank"
    bank.mkdir()
    good = BANK["big-blind-option-next-step"].path.read_text()
    (bank / "a-good.yaml").write_text(good)
    bad = good.replace("      answer: burn\n      correct: true", "      answer: burn")
    bad = bad.replace("      answer: flop\n", "      answer: flop\n      correct: true\n")
    (bank / "b-bad.yaml").write_text(bad.replace("big-blind-option-next-step", "bad"))
    done = _cli(
        home, "quiz", "--trainee", "Ray", "--bank", str(bank), "--length", "all",
        "--seed", str(seed), "--answers", "-", stdin="1\n1\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("not asked: ") == 1 and "b-bad.yaml:" in done.stderr
    assert "the choice marked correct" in done.stderr
    assert "Quiz: " in done.stdout and " of 1 right" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--topic", "premature-trun"],
            "unknown topic 'premature-trun'; did you mean premature-turn",
        ),
        (["--length", "0"], "--length: '0' is not a number of questions"),
        (["--ruleset", "wsop"], "--ruleset: no scenario in the bank is under 'wsop'"),
        (["--answers", "/nonexistent/answers"], "cannot read the answers file"),
        (["--bank", "/nonexistent"], "is not a folder"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(
    home: Path, args: list[str], message: str
) -> None:
    done = _cli(home, "quiz", "--trainee", "Ida", "--answers", "-", *args, stdin="1\n")
    assert done.returncode == 2, done.stdout
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_the_trainee_name_is_remembered_for_the_next_run(home: Path) -> None:
    first = _one_answer(home, "--trainee", "Jo")
    assert first.returncode == 0, first.stderr
    second = _one_answer(home)
    assert second.returncode == 0, second.stderr
    assert "saved for Jo." in second.stdout
    assert len(_saved(home, "Jo")) == 2


def test_without_a_name_and_nothing_remembered_the_quiz_asks_for_trainee(home: Path) -> None:
    done = _one_answer(home)
    assert done.returncode == 2
    assert "give --trainee NAME" in done.stderr


# --- review -----------------------------------------------------------------------------------


def test_review_asks_the_due_questions_missed_ones_first(home: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from dealer_trainer.training.progress import Answer

    ids = ["pitch-order-heads-up", "burns-all-in-next-step", "side-pots-count"]
    ids = [i for i in ids if i in BANK] + ["drill:premature_turn"]
    past = datetime.now(UTC) - timedelta(days=30)
    with open_store(str(home / "progress.sqlite3")) as store:
        session = store.start_session("Kim", "quiz")
        for number, item in enumerate(ids):
            correct = number != 1  # the second one is missed
            topic = BANK[item].topic if item in BANK else "premature-turn"
            store.record(
                session,
                Answer("Kim", item, topic, "quiz", correct, answered_at=past),
            )
    review = _cli(home, "review", "--trainee", "Kim", "--answers", "-", "--json", stdin="1\n")
    assert review.returncode == 0, review.stderr
    summary = json.loads(review.stdout)
    assert summary["mode"] == "review" and summary["asked"] == 1
    assert summary["planned"] == len(ids) - 1  # the drill item is not a bank question
    saved = _saved(home, "Kim")
    assert saved[-1].item == ids[1] and saved[-1].mode == "review"


def test_review_with_nothing_due_says_so_and_when_the_next_item_is_due(home: Path) -> None:
    done = _cli(home, "review", "--trainee", "Lu", "--answers", "-", stdin="")
    assert done.returncode == 0
    assert "Nothing is due for review for Lu." in done.stdout
    quiz = _one_answer(home, "--trainee", "Lu")
    assert quiz.returncode == 0, quiz.stderr
    done = _cli(home, "review", "--trainee", "Lu", "--answers", "-", stdin="")
    assert done.returncode == 0
    assert "Nothing is due for review for Lu; the next item is due in " in done.stdout


# --- a real terminal --------------------------------------------------------------------------


def _spawn(home: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "dealer_trainer", *args],
        env=_env(home),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 120),
        cwd=str(ROOT),
    )


def test_a_real_session_answers_then_ctrl_c_and_the_report_has_every_answer(home: Path) -> None:
    child = _spawn(home, "quiz", "--topic", "premature-turn", "--seed", "8")
    child.expect("Your name:")
    child.send("Mo Reyes\r")
    child.expect("Difficulty:")
    child.send("\r")  # any
    child.expect("Rulebook:")
    child.send("\r")  # any
    child.expect("How many questions:")
    child.send("\r")  # 10
    for number in (1, 2):
        child.expect(f"Question {number} of ")
        child.expect("board:")
        child.expect("Your answer:|Step 1 of|Your answer \\(a number of (chips|cards)\\):")
        if "Step" in child.after:
            for _ in range(10):
                child.send("\r")
                index = child.expect(["Step \\d+ of", "Right\\.|Not quite\\."])
                if index == 1:
                    break
        elif "number" in child.after:  # a number question: the trainee types an amount
            child.send("2\r")
            child.expect("Right\\.|Not quite\\.")
        else:
            child.send("\r")
            child.expect("Right\\.|Not quite\\.")
        child.expect("Why:")
    child.expect("Question 3 of ")
    child.expect("Your answer:|Step 1 of|Your answer \\(a number of (chips|cards)\\):")
    child.sendintr()
    child.expect("stopped after 2 of")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    saved = _saved(home, "Mo Reyes")
    assert len(saved) == 2
    report = _cli(home, "report", "--trainee", "Mo Reyes", "--json")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    assert "premature-turn" in json.dumps(data) and '"answered": 2' in json.dumps(data)


def test_a_real_session_offers_the_remembered_name(home: Path) -> None:
    first = _one_answer(home, "--trainee", "Ned")
    assert first.returncode == 0
    child = _spawn(home, "quiz", "--topic", "burns", "--difficulty", "any", "--ruleset", "any")
    child.expect("Your name:")
    child.expect("Ned")  # offered as the default
    child.send("\r")
    child.expect("How many questions:")
    child.send("\r")
    child.expect("Your answer:|Step 1 of|Your answer \\(a number of (chips|cards)\\):")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert remembered_trainee() == "Ned"


def test_colour_where_the_terminal_supports_it_plain_under_no_color(home: Path) -> None:
    args = ("quiz", "--trainee", "Ola", "--length", "1", "--topic", "burns", "--answers", "-")
    plain = _cli(home, *args, stdin="1\n")
    env = {**_env(home), "FORCE_COLOR": "1"}
    del env["NO_COLOR"]
    coloured = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", *args],
        input="1\n", capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert plain.returncode == coloured.returncode == 0
    assert "\x1b[" not in plain.stdout
    assert "\x1b[1mQuestion 1 of 1" in coloured.stdout


def test_questionary_is_imported_only_where_a_prompt_is_shown(home: Path) -> None:
    code = (
        "import sys\n"
        "from dealer_trainer.cli.main import main\n"
        "code = main(['quiz', '--trainee', 'Pia', '--length', '1', '--topic', 'burns',\n"
        "             '--answers', '-'])\n"
        "print('loaded', 'questionary' in sys.modules, 'prompt_toolkit' in sys.modules, code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input="1\n", capture_output=True, text=True,
        env=_env(home), timeout=120, check=False,
    )  # fmt: skip
    assert "loaded False False 0" in done.stdout, done.stderr


def test_every_option_is_offered_in_full_by_the_prompt_and_printed_only_there(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: an option list is printed once. In a terminal the prompt lists the options
    (numbered, a number key picks one); the screen above it does not print them again."""
    offered: list[list[str]] = []

    def answer(message: str, choices: Sequence[tuple[str, str]]) -> Any:
        offered.append([label for _, label in choices])
        return choices[0][0]

    argv = ["quiz", "--trainee", "Rae", "--topic", "premature-turn", "--difficulty", "2"]
    argv += ["--ruleset", "tda-2024", "--length", "all", "--seed", "3"]
    assert _run(argv, Scripted(answer)) == 0
    out = " ".join(capsys.readouterr().out.split())  # unwrapped
    assert offered
    for labels in offered:
        for number, label in enumerate(labels, 1):
            assert not label.startswith(f"{number}. ")  # the prompt numbers them itself
            assert f"{number}. {' '.join(label.split())}" not in out


def test_two_quiz_sessions_on_one_database_at_once_lose_no_row(home: Path) -> None:
    answers = "1\n" * 12
    argv = [sys.executable, "-m", "dealer_trainer", "quiz", "--topic", "pitch-order"]
    argv += ["--topic", "action-order", "--topic", "burns", "--length", "12", "--answers", "-"]
    runs = [
        subprocess.Popen(
            [*argv, "--trainee", name, "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(home),
        )
        for seed, name in enumerate(("Uma", "Vic"))
    ]
    outputs = [run.communicate(answers, timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert len(_saved(home, "Uma")) == 12 and len(_saved(home, "Vic")) == 12
    assert len(_saved(home)) == 24
