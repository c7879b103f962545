"""Paper exams (issue 23, item 5): ``exam print`` writes the form an attempt with the same seed
draws (the same items, options lettered in the same order), with no key on it, and its key
apart; ``exam record`` keys the paper's answers in as a submitted attempt (the key's letters
score 100% and ``exam results`` lists it, certificate and all), refuses a letter or a position
outside the form with its place (exit 2, nothing kept), and the attempt limit holds. A paper
sat on an earlier day (``--sat-on``) is dated then: the attempt, its certificate and the period
its attempt limit counts in; a malformed or future day is exit 2 with one line.

The PDFs are read back with poppler's ``pdftotext`` (.ci/run installs poppler-utils)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.exam_pdf import KEY_HEADING
from dealer_trainer.store.certificates import of_attempt
from dealer_trainer.store.exams import results as stored_results
from dealer_trainer.training.exam.attempts import asked, load_exam, start
from dealer_trainer.training.exam.paper import LETTERS, PaperForm, paper_form, paper_key
from dealer_trainer.training.progress import open_store

EXAM = load_exam("tda-style-dealer")


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "300")


@pytest.fixture(scope="module")
def form() -> PaperForm:
    """A form of the shipped exam with every way of answering: letters, letters in order, a
    number (the first seed that draws all three)."""
    for seed in range(200):
        drawn = paper_form(EXAM, seed)
        if {paper.answered for paper in drawn.items} == {"choice", "order", "type"}:
            return drawn
    raise AssertionError("no seed below 200 draws an order and a number question")


def _text(path: Path) -> str:
    """The PDF's text, its white space run together (a wrapped line reads on)."""
    tool = shutil.which("pdftotext")
    assert tool is not None, "pdftotext is missing: apt-get install poppler-utils"
    done = subprocess.run([tool, "-layout", path, "-"], check=True, capture_output=True, timeout=60)
    return " ".join(done.stdout.decode("utf-8").split())


def _print(tmp_path: Path, seed: int, *extra: str) -> tuple[Path, Path]:
    out, key = tmp_path / "form.pdf", tmp_path / "key.pdf"
    words = ["exam", "print", "tda-style-dealer", "--seed", str(seed)]
    assert main([*words, "--out", str(out), "--key-out", str(key), *extra]) == 0
    return out, key


def _record(db: Path, seed: int, answers: str, trainee: str = "Ana", *extra: str) -> int:
    words = ["exam", "record", "tda-style-dealer", "--seed", str(seed), "--trainee", trainee]
    return main([*words, "--db", str(db), "--answers", answers, *extra])


def _key_answers(key_pdf: Path) -> str:
    """The answers the printed key gives, keyed in as a trainer would: ``1:B 2:CAB 3:125``."""
    found = re.findall(r"Item (\d+): ((?:[A-Z] )*[A-Z]\b|\d+)", _text(key_pdf))
    return " ".join(f"{number}:{letters.replace(' ', '')}" for number, letters in found)


def test_the_form_is_the_draw_an_attempt_with_the_same_seed_makes(
    tmp_path: Path, form: PaperForm
) -> None:
    with open_store(str(tmp_path / "p.db")) as store:
        found = start(store, EXAM, trainee="Ana", seed=form.seed)
    assert len(form.items) == found.items == EXAM.blueprint.items
    for paper in form.items:
        item = asked(found, paper.position)
        assert paper.item.entry.id == item.entry.id
        letters = [letter for letter, _label in paper.options]
        assert letters == list(LETTERS[: len(item.options)])
        assert [label for _letter, label in paper.options] == [o.label for o in item.options]
    # the printed form shows each item's options, lettered in that order
    out, _key = _print(tmp_path, form.seed)
    text = _text(out)
    for paper in form.items:
        lettered = " ".join(
            f"{letter}. {' '.join(label.split())}" for letter, label in paper.options
        )
        assert lettered in text
    assert f"form seed {form.seed}" in text.lower() and form.code in text


def test_the_same_seed_prints_the_same_form_and_another_seed_another(form: PaperForm) -> None:
    again = paper_form(EXAM, form.seed)
    assert again.code == form.code
    assert [p.item.entry.id for p in again.items] == [p.item.entry.id for p in form.items]
    assert paper_form(EXAM, form.seed + 1).code != form.code


def test_the_form_holds_no_key_and_the_key_holds_it(tmp_path: Path, form: PaperForm) -> None:
    out, key = _print(tmp_path, form.seed)
    on_form, on_key = _text(out), _text(key)
    keyed = paper_key(form)
    assert KEY_HEADING in on_key and KEY_HEADING not in on_form
    for row in keyed:
        assert f"Item {row.position}: {row.letters}" in on_key
        assert f"Item {row.position}:" not in on_form
        assert row.rule is not None and row.rule_title
        assert f"Rule {row.rule}: {' '.join(row.rule_title.split())}" in on_key
        assert f"Rule {row.rule}" not in on_form
    # the key names its form: the same seed and code
    assert f"form seed {form.seed}" in on_key.lower() and form.code in on_key


def test_the_pdfs_are_written_owner_only_and_out_must_be_a_regular_file(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    out, key = _print(tmp_path, form.seed)
    for path in (out, key):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert path.read_bytes().startswith(b"%PDF")
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "link.pdf"
    os.symlink(out, link)
    for bad in (folder, link):
        code = main(["exam", "print", "tda-style-dealer", "--seed", "1", "--out", str(bad)])
        assert code == 2
        assert "not a regular file" in capsys.readouterr().err
    words = ["exam", "print", "tda-style-dealer", "--seed", "1", "--out", str(out)]
    assert main([*words, "--key-out", str(out)]) == 2
    assert "file of its own" in capsys.readouterr().err


def test_recording_the_printed_keys_letters_scores_100_and_results_list_the_attempt(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    _out, key = _print(tmp_path, form.seed)
    answers = _key_answers(key)
    assert len(answers.split()) == len(form.items)
    capsys.readouterr()
    db = tmp_path / "p.db"
    assert _record(db, form.seed, answers, "Ana", "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["score_percent"] == 100.0 and result["passed"] is True
    assert result["form_code"] == form.code
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["attempt"] == result["attempt"] and row["trainee"] == "Ana"
    assert row["submitted_at"] is not None and row["score_percent"] == 100.0
    assert row["certificate"] is not None


def test_a_wrong_or_blank_paper_answer_counts_wrong(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    keyed = paper_key(form)
    # every item right but the order question, written in another order, and one left blank
    order = next(row for row in keyed if " " in row.letters)
    blank = next(row for row in keyed if row.position != order.position)
    pairs = []
    for row in keyed:
        if row.position == blank.position:
            continue
        letters = row.letters.replace(" ", "")
        if row is order:
            letters = letters[1] + letters[0] + letters[2:]
        pairs.append(f"{row.position}:{letters}")
    assert _record(tmp_path / "p.db", form.seed, " ".join(pairs), "Ana", "--json") in (0, 1)
    result = json.loads(capsys.readouterr().out)
    assert result["right"] == len(form.items) - 2
    assert result["answered"] == len(form.items) - 1


@pytest.mark.parametrize(
    ("answers", "place", "why"),
    [
        ("1:Z", "answer 1", "item 1 has no option 'Z'"),
        ("1:A 41:A", "answer 2", "the form has items 1 to 40, not 41"),
        ("0:A", "answer 1", "the form has items 1 to 40, not 0"),
        ("1:A 1:B", "answer 2", "item 1 is answered twice"),
        ("1:A B", "answer 2", "'B' is not an answer"),
        ("1:AB", "answer 1", "item 1 takes one letter"),
    ],
)
def test_a_letter_or_position_outside_the_form_exits_2_with_its_place_and_keeps_nothing(
    tmp_path: Path,
    form: PaperForm,
    capsys: pytest.CaptureFixture[str],
    answers: str,
    place: str,
    why: str,
) -> None:
    assert form.items[0].answered == "choice"  # the cases take item 1 to ask one letter
    db = tmp_path / "p.db"
    assert _record(db, form.seed, answers) == 2
    err = capsys.readouterr().err
    assert f"--answers, {place}: " in err and why in err
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # no attempt used


def test_an_answers_file_names_the_line_of_a_bad_answer(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    keyed = paper_key(form)
    good = [f"{row.position}:{row.letters.replace(' ', '')}" for row in keyed[:2]]
    path = tmp_path / "answers.txt"
    path.write_text(f"# Ana, 3 December\n{good[0]} {good[1]}\n\n99:A\n")
    words = ["exam", "record", "tda-style-dealer", "--seed", str(form.seed), "--trainee", "Ana"]
    assert main([*words, "--db", str(tmp_path / "p.db"), "--answers-file", str(path)]) == 2
    assert "answers.txt line 4: '99:A': the form has items 1 to 40" in capsys.readouterr().err


def test_letters_for_a_number_question_exit_2(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    number = next(paper for paper in form.items if paper.answered == "type")
    assert _record(tmp_path / "p.db", form.seed, f"{number.position}:B") == 2
    assert f"item {number.position} asks a number" in capsys.readouterr().err


def test_the_attempt_limit_holds_for_paper_attempts(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    for _ in range(EXAM.blueprint.attempts):
        assert _record(db, form.seed, "1:A") in (0, 1)
    assert _record(db, form.seed, "1:A") == 3
    assert "no attempt is left" in capsys.readouterr().err
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == EXAM.blueprint.attempts


def test_a_paper_attempt_sat_on_a_past_day_is_dated_then_and_so_is_its_certificate(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    _out, key = _print(tmp_path, form.seed)
    db = tmp_path / "p.db"
    capsys.readouterr()
    assert _record(db, form.seed, _key_answers(key), "Ana", "--sat-on", "2025-01-15", "--json") == 0
    attempt_id = json.loads(capsys.readouterr().out)["attempt"]
    with open_store(str(db)) as store:
        (found,) = stored_results(store)
        cert = of_attempt(store, attempt_id)
    assert found.started_at.astimezone().date() == date(2025, 1, 15)
    assert found.submitted_at is not None and found.submitted_at.astimezone().date() == date(
        2025, 1, 15
    )
    assert found.deadline == found.started_at + EXAM.blueprint.time_limit
    assert cert is not None
    assert cert.issued_at.astimezone().date() == date(2025, 1, 15)
    assert cert.expires_at.astimezone().date() == date(2027, 1, 15)  # valid for 2y from then


def test_the_attempt_limit_follows_the_day_a_paper_was_sat(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    long_ago = (date.today() - timedelta(days=3 * 366)).isoformat()  # before the 2y period
    for _ in range(EXAM.blueprint.attempts):
        assert _record(db, form.seed, "1:A", "Ana", "--sat-on", long_ago) in (0, 1)
    assert _record(db, form.seed, "1:A") in (0, 1)  # today: those are outside its period
    recent = (date.today() - timedelta(days=30)).isoformat()
    assert _record(db, form.seed, "1:A", "Ana", "--sat-on", recent) in (0, 1)
    assert _record(db, form.seed, "1:A") == 3  # two in the period ending today: none left
    assert "no attempt is left" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("15/01/2025", "'15/01/2025' is not a date written YYYY-MM-DD"),
        ("2025-1-5", "'2025-1-5' is not a date written YYYY-MM-DD"),
        ("2025-02-30", "'2025-02-30' is not a date of the calendar"),
        # fullwidth digits: date.fromisoformat would read them
        ("\uff12\uff10\uff12\uff15-01-01", "is not a date written YYYY-MM-DD"),
        ("2999-01-01", "2999-01-01 is in the future (today is "),
    ],
)
def test_a_malformed_or_future_sat_on_exits_2_with_one_line_and_keeps_nothing(
    tmp_path: Path, form: PaperForm, capsys: pytest.CaptureFixture[str], given: str, why: str
) -> None:
    db = tmp_path / "p.db"
    assert _record(db, form.seed, "1:A", "Ana", "--sat-on", given) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("dealer-trainer: --sat-on: ") and why in err
    assert main(["exam", "results", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # no attempt used
