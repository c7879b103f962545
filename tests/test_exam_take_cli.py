"""``dealer-trainer exam take``, ``exam list`` and ``exam results``: an exam sat from an answers
file (an empty one answers nothing and scores 0), exit 0 passed / 1 failed / 3 no attempt
left, the feedback only at the end, and the results as JSON and CSV rows carrying the attempt,
the trainee, the exam, the score, whether it passed and its certificate."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from dealer_trainer.cli.exam_take import take
from dealer_trainer.cli.main import _parser, main
from dealer_trainer.store import exams as stored
from dealer_trainer.store.certificates import certificate
from dealer_trainer.training.exam.attempts import asked, load_exam, start
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Item
from tests.exam_answers import right_answer

EXAM = load_exam("tda-style-dealer")


def _line(item: Item, answer: list[str]) -> str:
    """An answers-file line for ``answer``: option numbers as printed, or the number."""
    if item.typed:
        return answer[0]
    places = {option.value: str(n) for n, option in enumerate(item.options, 1)}
    return " ".join(places[value] for value in answer)


def _take(
    db: Path, answers: Path, *extra: str, trainee: str = "Ana", exam: str = "tda-style-dealer"
) -> int:
    words = ["exam", "take", exam, "--trainee", trainee, "--db", str(db)]
    return main([*words, "--answers", str(answers), *extra])


def test_an_empty_answers_file_submits_an_attempt_with_nothing_answered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "none.txt"
    empty.write_text("")
    code = _take(tmp_path / "p.db", empty, "--seed", "4", "--json")
    result = json.loads(capsys.readouterr().out)
    assert code == 1
    assert result["right"] == 0 and result["score_percent"] == 0.0 and result["passed"] is False
    assert result["submitted_at"] is not None and len(result["feedback"]) == EXAM.blueprint.items
    assert not any(row["answered"] for row in result["feedback"])


def test_an_answers_file_with_the_keys_passes_and_the_feedback_comes_after_the_items(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    with open_store(str(db)) as store:  # the same seed draws the same attempt: read its keys
        preview = start(store, EXAM, trainee="someone else", seed=9)
    lines = [_line(asked(preview, p), right_answer(asked(preview, p))) for p in range(1, 41)]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(lines) + "\n")
    assert _take(db, answers, "--seed", "9") == 0
    out = capsys.readouterr().out
    assert "40 of 40 right" in out and "PASSED" in out
    first_item = asked(preview, 1)
    # nothing is said of an answer before the last item is asked
    asking, _sep, feedback = out.partition("of 40 right")
    assert first_item.scenario.question.explain not in asking
    assert first_item.scenario.question.explain in feedback


def test_over_the_attempt_limit_the_command_is_refused_with_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, empty = tmp_path / "p.db", tmp_path / "none.txt"
    empty.write_text("")
    for _ in range(EXAM.blueprint.attempts):
        assert _take(db, empty) == 1
    capsys.readouterr()
    assert _take(db, empty) == 3
    err = capsys.readouterr().err
    assert "2 of 2 attempt(s)" in err and "Traceback" not in err
    with open_store(str(db)) as store:
        assert len(stored.attempts_of(store, "Ana")) == EXAM.blueprint.attempts


def test_a_bad_answer_line_exits_2_and_keeps_the_attempt_open_with_its_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    answers = tmp_path / "answers.txt"
    answers.write_text("1\nnot a number\n")
    assert _take(db, answers, "--seed", "2") == 2
    assert "line 2" in capsys.readouterr().err
    with open_store(str(db)) as store:
        (found,) = stored.attempts_of(store, "Ana")
        assert found.submitted_at is None
        assert [a.position for a in stored.attempt_answers(store, found.id)] == [1]
    empty = tmp_path / "none.txt"
    empty.write_text("")
    assert _take(db, empty) == 1  # resumed (no new attempt), then submitted
    with open_store(str(db)) as store:
        (again,) = stored.attempts_of(store, "Ana")
    assert again.id == found.id and again.submitted_at is not None


def test_results_rows_carry_the_attempt_trainee_exam_score_passed_and_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, empty = tmp_path / "p.db", tmp_path / "none.txt"
    empty.write_text("")
    _take(db, empty)
    _take(db, empty, trainee="=Bo")
    capsys.readouterr()
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["trainee"] for row in rows] == ["Ana", "=Bo"]
    for row in rows:
        assert {"attempt", "trainee", "exam", "score_percent", "passed", "certificate"} <= set(row)
        assert row["exam"] == "tda-style-dealer" and row["score_percent"] == 0.0
        assert row["passed"] is False and row["certificate"] is None
    assert main(["exam", "results", "--db", str(db), "--trainee", "Ana", "--csv"]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["trainee"] for row in table] == ["Ana"]
    main(["exam", "results", "--db", str(db), "--csv"])
    assert "'=Bo" in capsys.readouterr().out  # no formula for a spreadsheet to run


def test_exam_list_shows_the_shipped_blueprints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exam", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"id": "tda-style-dealer", "items": 40, "pass_mark": 90}.items() <= rows[0].items()


def test_an_unknown_blueprint_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "none.txt"
    empty.write_text("")
    code = main(
        [
            "exam",
            "take",
            "no-such-exam",
            "--trainee",
            "Ana",
            "--db",
            str(tmp_path / "p.db"),
            "--answers",
            str(empty),
        ]
    )
    assert code == 2 and "tda-style-dealer" in capsys.readouterr().err


class _Scripted:
    """A prompter that answers each item with its first option (or a number), and at the
    last menu first changes item 2, then submits."""

    def __init__(self) -> None:
        self.menus: list[list[str]] = []

    def select(self, message: str, choices: Sequence[tuple[str, str]], default: str) -> str:
        if message.startswith("Submit"):
            self.menus.append([label for _value, label in choices])
            return "2" if len(self.menus) == 1 else "submit"
        return choices[0][0]

    def text(self, message: str, default: str, check: Callable[[str], str | None]) -> str:
        return "1"

    def checkbox(
        self, message: str, choices: Sequence[tuple[str, str]], default: Sequence[str]
    ) -> list[str]:
        return []


def test_in_a_terminal_the_last_menu_changes_an_answer_then_submits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    args = _parser("exam").parse_args(
        ["exam", "take", "tda-style-dealer", "--trainee", "Ana", "--db", str(db), "--seed", "8"]
    )
    prompter = _Scripted()
    code = take(args, prompter)
    assert code in (0, 1)
    first, _second = prompter.menus
    assert first[0].startswith("Submit") and len(first) == 1 + EXAM.blueprint.items
    assert "not answered" not in " ".join(first)
    with open_store(str(db)) as store:
        (done,) = stored.attempts_of(store, "Ana")
        kept = stored.attempt_answers(store, done.id)
    assert done.submitted_at is not None and len(kept) == EXAM.blueprint.items
    assert kept[1].answered_at >= kept[-1].answered_at  # item 2 answered again, last
    assert "of 40 right" in capsys.readouterr().out


def test_a_passed_exam_earns_a_certificate_that_results_name_and_the_terminal_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "p.db"
    with open_store(str(db)) as store:  # the same seed draws the same attempt: read its keys
        preview = start(store, EXAM, trainee="someone else", seed=9)
    lines = [_line(asked(preview, p), right_answer(asked(preview, p))) for p in range(1, 41)]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(lines) + "\n")
    assert _take(db, answers, "--seed", "9", trainee="Cleo") == 0
    failed = tmp_path / "none.txt"
    failed.write_text("")
    assert _take(db, failed, "--seed", "9", trainee="Dan") == 1
    capsys.readouterr()
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    rows = {row["trainee"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["Dan"]["certificate"] is None and rows["someone else"]["certificate"] is None
    ident = rows["Cleo"]["certificate"]
    assert rows["Cleo"]["passed"] is True and isinstance(ident, str)
    with open_store(str(db)) as store:
        earned = certificate(store, ident)
    assert earned is not None and earned.person_name == "Cleo" and earned.room_id is None
    assert (earned.exam_id, earned.ruleset, earned.score_percent) == (
        EXAM.blueprint.id,
        EXAM.blueprint.ruleset.name,
        100.0,
    )
    # the blueprint's two years, from the day of the submit
    assert (earned.expires_at.date() - earned.issued_at.date()).days in (730, 731)
    monkeypatch.setenv("DEALER_TRAINER_PUBLIC_URL", "https://room.example")
    out = tmp_path / "cleo.pdf"
    assert main(["exam", "certificate", ident, "--out", str(out), "--db", str(db)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
