"""Mastery feeds the review queue (issue 26 item 4) without touching the items (item 6): a weak
drill skill (below 90% right over at least 3 answers) comes into ``dealer-trainer review`` as a
drill due, with the command that starts it, and any number of drill answers leave every item
figure (answers, review cards, kept totals) as it was."""

from __future__ import annotations

import io
import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.cli.main import main
from dealer_trainer.store import Answer, skills, totals
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.skills import SkillLine, drills_due, trainee_drills_due
from tests.dbrows import rows


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(""), out
    try:
        code = main(list(args))
    finally:
        sys.stdin, sys.stdout = saved
    return code, out.getvalue()


def _keep(target: str, skill: str, kind: str, results: list[bool], first: int = 0) -> None:
    with open_store(target) as store:
        for number, correct in enumerate(results):
            answer = skills.SkillAnswer(
                trainee="bo", skill=skill, kind=kind, correct=correct, seconds=3.0
            )
            skills.record_skill(store, answer, room_id=None, key=f"{skill}:{kind}:{first + number}")


def _item_figures(target: str) -> dict[str, Any]:
    with open_store(target) as store:
        answers = [(a.trainee, a.item, a.mode, a.correct) for a in store.answers()]
        due = [(d.item, d.missed) for d in store.due("bo", now=datetime(2999, 1, 1))]
    return {
        "answers": answers,
        "due": due,
        "review_cards": rows(target, "SELECT trainee_id, item, missed FROM review_cards"),
        **{
            table: sorted(map(repr, rows(target, f"SELECT * FROM {table}")))
            for table in totals.TABLES
        },
    }


def _line(skill: str, answered: int, correct: int, kind: str = "") -> SkillLine:
    return SkillLine(
        skill=skill, kind=kind, title=skill, answered=answered, correct=correct, mean_seconds=None
    )


def test_a_drill_is_due_for_a_weak_skill_only_below_90_percent_over_3_answers() -> None:
    lines = [
        _line("dealing", 2, 0),  # too few answers to judge
        _line("money", 10, 9),  # 90%: not weak
        _line("hands", 3, 2),  # weak
        _line("hands", 3, 0, kind="kicker"),  # a kind's line: its skill's drill covers it
    ]
    due = drills_due(lines)
    assert [(d.skill, d.command) for d in due] == [("hands", "dealer-trainer drill hands")]
    assert due[0].words == "hands: 2 of 3 right (67%), weak"


def test_review_lists_the_drills_due_with_their_commands_and_no_item_is_due(
    tmp_path: Path,
) -> None:
    target = str(tmp_path / "progress.sqlite3")
    _keep(target, "money", "side_pots", [False, False, True])
    _keep(target, "hands", "kicker", [True, True, True])
    before = _item_figures(target)
    code, out = _cli("review", "--trainee", "bo", "--db", target, "--answers", "-")
    assert code == 0
    assert (
        "Drill due: Money math: 1 of 3 right (33%), weak; start it: dealer-trainer drill money"
        in out
    )
    assert "Reading hands" not in out
    assert "Nothing is due for review for bo" in out
    code, out = _cli("review", "--trainee", "bo", "--db", target, "--answers", "-", "--json")
    found = json.loads(out)
    assert found["due"] == 0
    assert found["drills_due"] == [
        {
            "skill": "money",
            "title": "Money math",
            "answered": 3,
            "correct": 1,
            "command": "dealer-trainer drill money",
        }
    ]
    assert _item_figures(target) == before


def test_a_weak_dealing_skill_is_due_as_the_practice_drill_beside_the_items(
    tmp_path: Path,
) -> None:
    target = str(tmp_path / "progress.sqlite3")
    with open_store(target) as store:
        session = store.start_session("bo", "quiz")
        store.record(session, Answer("bo", "premature-turn-basic", "premature-turn", "quiz", False))
        store.finish_session(session)
    _keep(target, "dealing", "flop_deal", [False] * 4)
    code, out = _cli("review", "--trainee", "bo", "--db", target, "--answers", "-")
    assert code == 0
    assert out.index("Drill due: Dealing (the dealer drill)") < out.index("the next item is due")
    assert "dealer-trainer drill --mode practice" in out


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    answers=st.lists(
        st.tuples(st.sampled_from(["dealing", "money", "hands"]), st.booleans()), max_size=40
    )
)
def test_any_number_of_drill_answers_leaves_every_item_figure_unchanged(
    tmp_path_factory: Any, answers: list[tuple[str, bool]]
) -> None:
    target = str(tmp_path_factory.mktemp("store") / "progress.sqlite3")
    with open_store(target) as store:
        session = store.start_session("bo", "quiz")
        store.record(session, Answer("bo", "premature-turn-basic", "premature-turn", "quiz", False))
        store.record(session, Answer("bo", "misdeal-two-exposed", "misdeal", "quiz", True))
        store.finish_session(session)
    before = _item_figures(target)
    for number, (skill, correct) in enumerate(answers):
        _keep(target, skill, f"kind{number % 3}", [correct], first=number)
    assert _item_figures(target) == before
    with open_store(target) as store:
        assert totals.differences(store) == []
        due = {d.skill for d in trainee_drills_due(store, "bo")}
    for skill in ("dealing", "money", "hands"):
        mine = [correct for name, correct in answers if name == skill]
        weak = len(mine) >= 3 and sum(mine) < 0.9 * len(mine)
        assert (skill in due) == weak


def test_a_terminal_review_shows_the_drill_due(tmp_path: Path) -> None:
    """In a real terminal (a pseudo-terminal), with no question due: the drill due and its
    command, then the usual word that nothing is due; exit 0."""
    target = str(tmp_path / "progress.sqlite3")
    _keep(target, "hands", "kicker", [False, False, False])
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.pop("DEALER_TRAINER_DB", None)
    env.update(TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    command = str(Path(sys.executable).parent / "dealer-trainer")
    child = pexpect.spawn(command, ["review", "--trainee", "bo", "--db", target], env=env,
                          encoding="utf-8", timeout=30, dimensions=(40, 120))  # fmt: skip
    try:
        child.expect_exact("Drill due: Reading hands: 0 of 3 right (0%), weak")
        child.expect_exact("start it: dealer-trainer drill hands")
        child.expect_exact("Nothing is due for review for bo")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
