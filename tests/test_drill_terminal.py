"""The drills in a real pseudo-terminal (issue 26): the key ``f`` calls the floor in the
dealing drill's list, and ``drill money`` / ``drill hands`` take typed answers, ask again
after a bad one, and end with the summary at Ctrl-C. About a second each."""

from __future__ import annotations

from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from dealer_trainer.training.drill.session import Drill
from tests.test_drill_modes import _right, _spawn

SEED = 5  # practice, rate 1: the first untold error comes at point 4 (the deal)


def _keys_to_the_first_spot(seed: int) -> list[str]:
    """The number keys of the right picks before the first wrong moment."""
    keys = []
    with Drill(seed=seed, rate=1.0, mode="practice") as drill:
        while (point := drill.point()).spot is None:
            option = _right(point)
            keys.append(str(point.options.index(option) + 1))
            drill.choose(option)
    assert len(keys) <= 4, "the seed's error should come early"
    return keys


def test_key_f_calls_the_floor_rightly_at_the_wrong_moment(tmp_path: Path) -> None:
    keys = _keys_to_the_first_spot(SEED)
    child = _spawn(tmp_path, "--seed", str(SEED), "--mode", "practice", "--rate", "1",
                   "--trainee", "ann", "--db", str(tmp_path / "p.db"))  # fmt: skip
    try:
        for key in keys:
            assert child.expect_exact(["Your move:", pexpect.EOF]) == 0, child.before[-1500:]
            child.expect_exact("f: floor)")  # the hint names the key wherever it is offered
            child.send(key)
            child.expect_exact("Right.")
        child.expect_exact("Your move:")
        child.expect_exact("f: floor)")
        child.send("f")
        child.expect_exact("Floor called, rightly: ")
        child.expect_exact("Your move:")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    output = child.before
    assert child.exitstatus == 0, output
    assert "Traceback" not in output
    assert f"Drill over: {len(keys) + 1} points, {len(keys) + 1} right" in output


@pytest.mark.parametrize(
    ("drill", "prompt", "bad", "problem", "good"),
    [
        ("money", "Your answer", "lots", "'lots' is not a whole number", "12"),
        ("hands", "The winning seat", "11", "seat 11 is no seat: seats are 1 to 10", "3"),
    ],
)
def test_money_and_hands_take_typed_answers_and_ctrl_c_ends_with_the_summary(
    tmp_path: Path, drill: str, prompt: str, bad: str, problem: str, good: str
) -> None:
    child = _spawn(tmp_path, drill, "--seed", "4", "--trainee", "ann",
                   "--db", str(tmp_path / "p.db"))  # fmt: skip
    try:
        assert child.expect_exact([prompt, pexpect.EOF]) == 0, child.before[-1500:]
        child.send(bad + "\r")
        child.expect_exact(problem)  # asked again: the error under the prompt
        assert "Right." not in child.before and "Wrong:" not in child.before
        child.send("\x15" + good + "\r")  # Ctrl-U: clear the bad answer, type a good one
        assert child.expect(["Right\\.", "Wrong: "]) in (0, 1)
        child.expect_exact("item 2 · ")
        child.expect_exact(prompt)
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    output = child.before
    assert child.exitstatus == 0, output
    assert "Traceback" not in output
    assert "Drill over: 1 item, " in output
    assert "The same items again: --seed 4" in output
