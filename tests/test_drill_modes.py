"""The drill's graduated modes and spot-the-error (issue 26, items 3 and 4).

Core: the point right after an untold error is its first wrong moment, and the floor is right
there for every error the drill can make; the floor earlier is a false alarm, going on there a
missed error (a floor later does not undo it); the share of hands holding an untold error stays
within a few points of the mode's rate (seeded, about a second); learn is the drill as it was;
guided names the rule to look at; the speed grades and the mastery rule at their edges.
CLI: --mode, the floor line, the --json figures; a pseudo-terminal session in each mode.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.training.drill.injection import GROUPS, injectable
from dealer_trainer.training.drill.modes import FLOOR, FLOOR_WORDS, MODES, Mode
from dealer_trainer.training.drill.options import Option
from dealer_trainer.training.drill.pace import (
    TARGETS,
    Attempt,
    Kind,
    Speed,
    grade,
    mastery,
)
from dealer_trainer.training.drill.session import Drill, Point

TIMEOUT = 30


def _right(point: Point) -> Option:
    """The right pick: the floor where it is due, else the move the drill itself would make
    after a wrong pick (a whole round rather than one card)."""
    if point.spot is not None:
        return _floor(point)
    rights = [option for option in point.options if option.event in point.allowed]
    return next((option for option in rights if option.event == "deal"), rights[0])


def _floor(point: Point) -> Option:
    return next(option for option in point.options if option.event == FLOOR)


def _going_on(point: Point) -> Option:
    return next(option for option in point.options if option.event != FLOOR)


def _irregularities(drill: Drill) -> int:
    """The dealer errors the engine has recorded (a player's, like mucking a hand that plays
    the board undeclared, is not the drill's)."""
    made = {name for names in GROUPS.values() for name in names}
    return sum(item.situation in made for hand in drill.hands for item in hand.irregularities)


# --- spot the error -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_every_injected_error_can_be_stopped_at_its_first_wrong_moment(ruleset: str) -> None:
    """At rate 1 a hand each: the first point after the engine records an error (and only it)
    asks for the floor, the floor is judged right there, and every error the drill can make
    under the ruleset comes up."""
    spotted: set[str] = set()
    with Drill(seed=7, rate=1.0, ruleset=ruleset, mode="practice") as drill:
        seen = 0
        while drill.summary().hands <= 300 and spotted != injectable(BUILTIN[ruleset]):
            point = drill.point()
            now = _irregularities(drill)
            assert (point.spot is not None) == (now > seen), (point.number, point.spot)
            seen = now
            if point.spot is not None:
                assert point.hand.irregularities[-1].situation == point.spot
                assert point.situation is None  # nothing on the point gives it away
                assert point.options[-1] == Option(FLOOR, FLOOR_WORDS)
                assert not any(o.event in ("retrieve", "set_aside", "replace", "scramble")
                               for o in point.options)  # fmt: skip
                judgement = drill.choose(_floor(point))
                assert judgement.correct and not judgement.missed_error
                spotted.add(point.spot)
            else:
                assert drill.choose(_right(point)).correct
        summary = drill.summary()
    assert spotted == injectable(BUILTIN[ruleset])
    assert summary.missed_errors == () and summary.false_alarms == ()
    assert summary.spotted == sum(summary.errors.values())
    assert summary.skills["spotting"].accuracy == 1.0


def _first_spot(seed: int) -> int:
    """The number of the first point where the floor is due, picks all right."""
    with Drill(seed=seed, rate=1.0, mode="table-ready") as drill:
        while True:
            point = drill.point()
            if point.spot is not None:
                return point.number
            drill.choose(_right(point))


def test_the_floor_earlier_is_a_false_alarm_and_going_on_past_it_is_a_miss() -> None:
    first = _first_spot(3)
    with Drill(seed=3, rate=1.0, mode="table-ready") as drill:
        for _ in range(first - 2):
            drill.choose(_right(drill.point()))
        early = drill.point()
        assert early.spot is None
        alarm = drill.choose(_floor(early))  # one point too early
        assert not alarm.correct and alarm.false_alarm
        assert alarm.right == _right(early)  # the hand goes on as after any wrong pick
        assert "nothing was wrong" in alarm.reason
        wrong_moment = drill.point()
        assert wrong_moment.number == first and wrong_moment.spot is not None
        went_on = drill.choose(_going_on(wrong_moment))
        assert not went_on.correct and went_on.missed_error
        assert went_on.right.event == FLOOR
        assert went_on.rule == situation(wrong_moment.spot).outcome(BUILTIN["roberts"]).rule
        after = drill.point()  # now told, the recovery under way
        assert after.spot is None and after.situation is not None
        assert any("The floor was called for you" in line for line in after.lines)
        late = drill.choose(_floor(after))  # later: the error was missed already
        assert not late.correct and late.false_alarm
        summary = drill.summary()
    assert summary.false_alarms == (first - 1, first + 1)
    assert [m.point for m in summary.missed_errors] == [first]
    assert summary.missed_errors[0].error == wrong_moment.spot
    assert summary.spotted == 0
    assert summary.skills["spotting"].attempts == 3 and summary.skills["spotting"].right == 0
    assert summary.skills["spotting"].weak


def _share(mode: str, hands: int, rate: float | None = None) -> float:
    with Drill(seed=2, rate=rate, mode=mode) as drill:
        while drill.summary().hands <= hands:
            drill.choose(_right(drill.point()))
        return sum(drill.summary().errors.values()) / hands


@pytest.mark.parametrize(("mode", "rate"), [("practice", 0.12), ("table-ready", 0.25)])
def test_the_share_of_hands_with_an_untold_error_stays_near_the_modes_rate(
    mode: str, rate: float
) -> None:
    assert MODES[Mode(mode)].rate == rate
    assert abs(_share(mode, 100) - rate) <= 0.03


def test_rate_overrides_the_modes_rate() -> None:
    assert abs(_share("practice", 50, rate=0.5) - 0.5) <= 0.05
    assert _share("practice", 20, rate=0.0) == 0.0


# --- the told modes -------------------------------------------------------------------------------


def test_learn_is_the_drill_as_it_was_and_offers_no_floor() -> None:
    def run(**mode: Any) -> list[tuple[tuple[str, ...], tuple[Option, ...]]]:
        seen = []
        with Drill(5, 0.5, "roberts", **mode) as drill:
            for _ in range(150):
                point = drill.point()
                assert point.hint is None and point.spot is None
                seen.append((point.lines, point.options))
                drill.choose(_right(point))
            assert drill.summary().mode == "learn"
        return seen

    plain = run()
    assert plain == run(mode="learn")
    assert not any(o.event == FLOOR for _, options in plain for o in options)
    with Drill(5) as drill:
        assert drill.rate == 0.25  # the default rate, per moment, as before


def test_guided_names_the_rule_to_look_at_during_a_recovery() -> None:
    hints = 0
    with Drill(seed=6, rate=1.0, ruleset="tda-2024", mode="guided") as drill:
        for _ in range(200):
            point = drill.point()
            assert point.spot is None
            assert not any(o.event == FLOOR for o in point.options)
            if point.situation is None:
                assert point.hint is None
            else:
                rule = situation(point.situation).outcome(BUILTIN["tda-2024"]).rule
                assert point.hint is not None and point.hint.startswith(f"Look at rule {rule}: ")
                hints += 1
            drill.choose(_right(point))
    assert hints >= 10


# --- speed and mastery ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(Kind))
def test_a_decisions_time_is_graded_against_its_kinds_target(kind: Kind) -> None:
    target = TARGETS[kind]
    assert grade(0.6 * target, kind) is Speed.FAST
    assert grade(0.61 * target, kind) is Speed.STEADY
    assert grade(1.5 * target, kind) is Speed.STEADY
    assert grade(1.51 * target, kind) is Speed.SLOW
    assert grade(None, kind) is Speed.UNTIMED


def test_a_skill_is_weak_below_90_percent_over_at_least_3_attempts() -> None:
    def skill(right: int, wrong: int) -> Any:
        attempts = [Attempt(skill="s", correct=True)] * right
        attempts += [Attempt(skill="s", correct=False)] * wrong
        return mastery(attempts)["s"]

    assert not skill(0, 2).weak and not skill(0, 2).judged  # too few to judge
    assert skill(0, 3).weak
    assert not skill(9, 1).weak  # 90%
    assert skill(8, 1).weak  # 88.9%
    found = mastery([Attempt(skill="a", correct=True), Attempt(skill="b", correct=False)])
    assert list(found) == ["a", "b"] and found["b"].accuracy == 0.0


def test_each_pick_is_timed_and_counted_for_its_skill() -> None:
    with Drill(seed=3, rate=1.0, mode="table-ready") as drill:
        for seconds in (1.0, 3.0, 100.0):
            judgement = drill.choose(_right(drill.point()), seconds=seconds)
            assert judgement.seconds == seconds
            assert judgement.speed is grade(seconds, judgement.kind)
        summary = drill.summary()
    assert summary.speeds == {"fast": 1, "steady": 1, "slow": 1, "untimed": 0}
    assert summary.skills["procedure"].attempts == 3


# --- the command ----------------------------------------------------------------------------------


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)
    return tmp_path


def _answers_to(seed: int, mode: str, points: int, *, miss: bool = False) -> str:
    """Answer lines: the right option's number, ``floor`` where it is due (or the first
    option there, with ``miss``)."""
    lines = []
    with Drill(seed=seed, rate=1.0, mode=mode) as drill:
        for _ in range(points):
            point = drill.point()
            option = _going_on(point) if miss and point.spot is not None else _right(point)
            lines.append("floor" if option.event == FLOOR else str(point.options.index(option) + 1))
            drill.choose(option)
    return "\n".join(lines) + "\n"


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str,
         stdin: str) -> tuple[int, str, str]:  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["drill", "--trainee", "ann", "--answers", "-", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_carries_misses_false_alarms_skills_and_speeds(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = _answers_to(3, "practice", 40, miss=True) + "floor\n"
    code, out, err = _run(
        monkeypatch, capsys, "--seed", "3", "--mode", "practice", "--rate", "1", "--json",
        "--db", str(home / "p.db"), stdin=stdin,
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["mode"] == "practice" and data["rate"] == 1.0
    assert data["missed_errors"] and data["spotted"] == 0
    assert all(set(m) == {"point", "error", "title", "rule"} for m in data["missed_errors"])
    assert data["false_alarms"] == [41]  # the floor called at the last point, nothing wrong
    assert data["skills"]["spotting"]["weak"] is True
    assert data["skills"]["procedure"]["accuracy"] == 1.0
    assert sum(data["speeds"].values()) == data["points"] == 41
    picks = data["picks"]
    assert {p["speed"] for p in picks} <= {"fast", "steady", "slow"}
    assert sum(p["missed_error"] for p in picks) == len(data["missed_errors"])
    assert [p["point"] for p in picks if p["false_alarm"]] == [41]


def test_cli_floor_line_is_the_floor_where_offered_and_an_error_where_not(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ("--db", str(home / "p.db"))
    stdin = _answers_to(3, "table-ready", 30)
    code, out, err = _run(monkeypatch, capsys, "--seed", "3", "--mode", "table-ready", "--rate",
                          "1", *db, stdin=stdin)  # fmt: skip
    assert code == 0, err
    assert out.startswith("Dealer drill: table-ready mode, roberts rules, error rate 1 of hands")
    assert f"> {FLOOR_WORDS}" not in out and f". {FLOOR_WORDS}\nRight." not in out
    assert "Floor called, rightly: " in out
    assert " s: fast (target " in out  # every decision timed
    assert "Untold errors: " in out and "--mode table-ready" in out
    code, _, err = _run(monkeypatch, capsys, "--seed", "3", *db, stdin="floor\n")
    assert code == 2 and "<stdin> line 1: 'floor' is not an option number" in err
    with pytest.raises(SystemExit) as exited:
        _run(monkeypatch, capsys, "--mode", "expert", *db, stdin="")
    assert exited.value.code == 2
    assert "invalid choice: 'expert'" in capsys.readouterr().err


def _spawn(folder: Path, *args: str) -> Any:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.pop("DEALER_TRAINER_DB", None)
    env.update(TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
    env.update(XDG_DATA_HOME=str(folder / "data"), XDG_CONFIG_HOME=str(folder / "config"))
    command = str(Path(sys.executable).parent / "dealer-trainer")
    return pexpect.spawn(command, ["drill", *args], cwd=str(folder), env=env, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(40, 120))  # fmt: skip


@pytest.mark.parametrize("mode", ["guided", "practice", "table-ready"])
def test_a_real_terminal_session_in_each_mode(tmp_path: Path, mode: str) -> None:
    """learn is the plain drill's own terminal test (tests/test_drill.py)."""
    child = _spawn(tmp_path, "--seed", "5", "--mode", mode, "--trainee", "ann",
                   "--db", str(tmp_path / "p.db"))  # fmt: skip
    try:
        assert child.expect_exact(["Your move:", pexpect.EOF]) == 0, child.before[-1500:]
        if mode != "guided":
            child.expect_exact(FLOOR_WORDS)  # offered at every point
        child.send("\r")
        if mode == "table-ready":  # every decision timed, before its verdict
            child.expect(r" s: (fast|steady|slow) \(target 4 s\)")
        child.expect(["Right\\.", "Wrong: "])
        child.expect_exact("Your move:")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    output = child.before
    assert child.exitstatus == 0, output
    assert "Traceback" not in output
    assert "Drill over: 1 point, " in output
    assert f"--seed 5 --ruleset roberts --mode {mode}" in output
    if mode == "table-ready":
        assert "\nSpeed: 1 " in output
