"""Issue 26 in the terminal: ``drill money`` and ``drill hands`` keep each answer per skill for
the trainee (``--trainee``, ``--db``), never as an item, and ``report`` shows the figures."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from dealer_trainer.cli.main import main
from dealer_trainer.store import Answer, skills, totals
from dealer_trainer.training.drill.money import money_items
from dealer_trainer.training.progress import open_store
from tests.dbrows import rows

DOCS = Path(__file__).resolve().parents[1] / "docs" / "drill.md"


def _cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``dealer-trainer ARGS`` in this process, with ``stdin`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(list(args))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def _answer_line(item: dict[str, Any]) -> str:
    answer = item["answer"]
    if isinstance(answer, list):
        return " ".join(str(pot["amount"]) for pot in answer)
    return str(answer)


def _item_figures(target: str) -> dict[str, Any]:
    """What the item figures are made of: the answers, the review cards, the kept totals."""
    with open_store(target) as store:
        answers = [(a.trainee, a.item, a.mode, a.correct) for a in store.answers()]
        due = [(d.item, d.missed) for d in store.due("ann", now=datetime(2999, 1, 1))]
    return {
        "answers": answers,
        "due": due,
        "review_cards": rows(target, "SELECT trainee_id, item, missed FROM review_cards"),
        **{
            table: sorted(map(repr, rows(target, f"SELECT * FROM {table}")))
            for table in totals.TABLES
        },
    }


def _store_with_a_quiz(tmp_path: Path) -> str:
    target = str(tmp_path / "progress.sqlite3")
    with open_store(target) as store:
        session = store.start_session("ann", "quiz")
        store.record(session, Answer("ann", "premature-turn-basic", "premature-turn", "quiz", True))
        store.record(session, Answer("ann", "misdeal-two-exposed", "misdeal", "quiz", False))
        store.finish_session(session)
    return target


def test_an_answers_session_keeps_one_skill_answer_each_and_no_item_figure_moves(
    tmp_path: Path,
) -> None:
    target = _store_with_a_quiz(tmp_path)
    before = _item_figures(target)
    items = [item.to_dict() for item in money_items(2, 11, None)]
    typed = f"{_answer_line(items[0])}\n{_answer_line(items[1])}\n99999\n"
    code, out, err = _cli(
        "drill", "money", "--seed", "11", "--trainee", "ann", "--db", target,
        "--answers", "-", "--json", stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    summary = json.loads(out)
    assert summary["trainee"] == "ann"
    # and hands, with the trainee given to the parent command: either place works
    code, out, err = _cli(
        "drill", "--trainee", "ann", "--db", target, "hands", "--seed", "3", "--answers", "-",
        stdin="1\n2\n",
    )  # fmt: skip
    assert code == 0, err
    assert "kept per skill for ann" in out
    with open_store(target) as store:
        kept = skills.skill_answers(store, "ann")
    assert [(a.skill, a.kind, a.correct, a.ruleset) for a in kept[:3]] == [
        ("money", answer["kind"], answer["correct"], "roberts") for answer in summary["answers"]
    ]
    assert [a.skill for a in kept[3:]] == ["hands", "hands"]
    assert all(a.seconds is not None and a.seconds >= 0 for a in kept)
    assert _item_figures(target) == before
    with open_store(target) as store:
        assert totals.differences(store) == []


def test_print_keeps_nothing_and_without_any_name_nothing_is_kept_and_it_says_so(
    tmp_path: Path,
) -> None:
    target = _store_with_a_quiz(tmp_path)
    code, _, err = _cli(
        "drill", "money", "--print", "3", "--seed", "2", "--trainee", "ann", "--db", target
    )
    assert code == 0, err
    with open_store(target) as store:
        assert skills.skill_answers(store, "ann") == []
    # no --trainee, no --db, no name remembered, answers from a file: as before, nothing kept
    code, out, err = _cli("drill", "hands", "--seed", "3", "--answers", "-", stdin="1\n")
    assert code == 0, err
    assert "not kept (--trainee NAME keeps them)" in out
    assert not any(Path(os.environ["XDG_DATA_HOME"]).rglob("*.sqlite3"))
    # --db without a name is refused plainly
    code, _, err = _cli("drill", "hands", "--db", target, "--answers", "-", stdin="1\n")
    assert code == 2 and "give --trainee NAME" in err


def test_report_shows_each_trainees_skills_with_weak_in_text_and_json(tmp_path: Path) -> None:
    target = _store_with_a_quiz(tmp_path)
    code, _, err = _cli(
        "drill", "money", "--seed", "4", "--trainee", "bo", "--db", target, "--answers", "-",
        stdin="99999\n99999\n99999\n",
    )  # fmt: skip
    assert code == 0, err
    code, out, err = _cli("report", "--db", target, "--json")
    assert code == 0, err
    report = json.loads(out)
    assert [t["trainee"] for t in report["trainees"]] == ["ann"]  # the items: ann's quiz only
    assert report["room"]["answered"] == 2
    (entry,) = report["skills"]
    assert entry["trainee"] == "bo"
    (money,) = entry["skills"]
    assert {k: money[k] for k in ("skill", "answered", "correct", "accuracy", "weak")} == {
        "skill": "money",
        "answered": 3,
        "correct": 0,
        "accuracy": 0.0,
        "weak": True,
    }
    assert sum(kind["answered"] for kind in money["kinds"]) == 3
    assert all(not kind["weak"] for kind in money["kinds"])  # one answer each: not judged yet
    code, out, _ = _cli("report", "--db", target)
    assert "Drills per skill" in out
    assert re.search(r"Money math\s+3\s+0\s+0%\s+[\d.]+\s+weak", out)
    code, out, _ = _cli("report", "--db", target, "--trainee", "ann", "--json")
    assert json.loads(out)["skills"] == []


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in _keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in _keys(inner)}
    return set()


def test_every_key_of_the_reports_skills_json_is_documented(tmp_path: Path) -> None:
    target = str(tmp_path / "progress.sqlite3")
    code, _, err = _cli(
        "drill", "hands", "--seed", "1", "--trainee", "cy", "--db", target, "--answers", "-",
        stdin="1\n",
    )  # fmt: skip
    assert code == 0, err
    skills_json = json.loads(_cli("report", "--db", target, "--json")[1])["skills"]
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    start = text.index("`report --json` carries them as `skills`")
    paragraph = text[start : text.index("```", start)]
    missing = sorted(key for key in _keys(skills_json) if f"`{key}`" not in paragraph)
    assert skills_json and missing == []
