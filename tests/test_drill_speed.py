"""Every decision's time graded against its target (issue 26 item 4) in the terminal's summary,
in every mode, and the grades of kept picks (the browser summary's) by what each decision was."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.store.skills import SkillAnswer
from dealer_trainer.training.drill.pace import Kind, Speed
from dealer_trainer.training.drill.timing import decision_kind, speed_counts, timings


def _drill(*args: str, stdin: str) -> str:
    out = io.StringIO()
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(stdin), out
    try:
        assert main(["drill", *args]) == 0
    finally:
        sys.stdin, sys.stdout = saved
    return out.getvalue()


@pytest.mark.parametrize("mode", ["learn", "guided", "practice", "table-ready"])
def test_the_terminal_summary_counts_each_grade_in_every_mode(tmp_path: Path, mode: str) -> None:
    out = _drill("--seed", "9", "--mode", mode, "--trainee", "ann", "--db", str(tmp_path / "p.db"),
                 "--answers", "-", stdin="1\n1\n1\n")  # fmt: skip
    assert "Drill over: 3 points" in out
    assert "\nSpeed: 3 fast (against each decision's target: fast at 60% of it or less" in out


@pytest.mark.parametrize(
    ("kept", "kind"),
    [
        ("flop_deal", Kind.STEP),
        ("shuffling", Kind.STEP),
        ("premature_turn", Kind.RECOVERY),
        ("spot:premature_turn", Kind.SPOT),
    ],
)
def test_a_kept_pick_is_graded_for_the_decision_it_was(kept: str, kind: Kind) -> None:
    assert decision_kind(kept) is kind


def test_kept_picks_are_graded_against_their_targets_in_order() -> None:
    def answer(kind: str, seconds: float | None) -> SkillAnswer:
        return SkillAnswer(trainee="ann", skill="dealing", kind=kind, correct=True, seconds=seconds)

    timed = timings(
        [
            answer("flop_deal", 2.4),  # 60% of 4 s: fast
            answer("premature_turn", 12.0),  # 150% of 8 s: steady
            answer("spot:premature_turn", 9.1),  # above 150% of 6 s: slow
            answer("turn_deal", None),
        ]
    )
    assert [t.speed for t in timed] == [Speed.FAST, Speed.STEADY, Speed.SLOW, Speed.UNTIMED]
    assert [t.number for t in timed] == [1, 2, 3, 4]
    assert timed[0].words == "2.4 s: fast (target 4 s)"
    assert speed_counts(timed) == {"fast": 1, "steady": 1, "slow": 1, "untimed": 1}
