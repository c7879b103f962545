"""The drill: the engine deals, the trainee is the dealer, the engine judges every pick.

Core (:mod:`dealer_trainer.training.drill`): every point offers exactly the dealer events the engine
allows plus ones it refuses (proved by trying each on a copy of the hand); right picks run 50
hands without a rejection and with every card accounted for; a wrong pick is refused with a
rule the corpus knows; the dealer errors the drill makes are the engine's, and all of them
turn up; rate 0 makes none; the summary adds up; any picks keep the table consistent
(hypothesis). CLI (``dealer-trainer drill``): picks from standard input, --points, --json, the
no-terminal message, bad input, one stored answer per pick, an injected prompter, and a real
terminal session (pexpect) ended by Ctrl-C.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.authoring import situations
from dealer_trainer.cli import drill as drill_cli
from dealer_trainer.errors import DealerTrainerError
from dealer_trainer.handscript import Event
from dealer_trainer.procedure.events import PLAYER_EVENTS
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import situations_of
from dealer_trainer.rules.corpus import rule as corpus_rule
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.store import skills
from dealer_trainer.training.drill import players as drill_module
from dealer_trainer.training.drill.injection import GROUPS, injectable
from dealer_trainer.training.drill.options import Option, dealer_events
from dealer_trainer.training.drill.session import Drill, DrillError, Point, topic_of

RULESETS = ("roberts", "tda-2024")
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30


# --- helpers --------------------------------------------------------------------------------------


def _probe(hand: Hand, name: str) -> str:
    """What the engine makes of the dealer event ``name`` now, tried on a copy of the hand
    (the shared machine is shared, not copied).
    """
    machine = hand._machine
    # the shared machine is shared; the hand's long histories are copied shallow (their items
    # never change), which keeps the copy cheap however long the drill has run
    memo: dict[int, Any] = {id(machine): machine}
    for history in (hand._log, hand.rejected, hand.irregularities):
        memo[id(history)] = list(history)
    twin = copy.deepcopy(hand, memo)
    return twin.handle(Event(name=name, index=10**6)).outcome


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
@pytest.mark.parametrize("error", sorted(situations()))
def test_hand_refuses_only_what_handle_rejects_in_every_recovery(error: str, ruleset: str) -> None:
    """Hand.refuses is the first stage of Hand.handle: an event it refuses is rejected."""
    from dealer_trainer.authoring import setup_for
    from dealer_trainer.handscript import parse_script
    from dealer_trainer.procedure.events import EVENT_WORDS

    table = {"seats": 6, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    try:
        events = setup_for(table, error, BUILTIN[ruleset])
    except DealerTrainerError:
        pytest.skip(f"{error} cannot arise under {ruleset}")
    script = parse_script({"table": table, "deck": [], "events": events})
    with Hand(script) as hand:
        for event in script.events:
            assert hand.handle(event).outcome == "accepted"
        assert hand.recoveries, "the setup leaves a recovery under way"
        for name in EVENT_WORDS:
            if name in ("act", "show", "muck", "declare_board", "notice"):
                continue  # a player's event needs a seat: refused for its details
            if hand.refuses(name):
                assert _probe(hand, name) == "rejected", (error, ruleset, name)


def _right(point: Point) -> Option:
    return next(option for option in point.options if option.event in point.allowed)


def _wrong(point: Point) -> Option:
    return next(option for option in point.options if option.event not in point.allowed)


def _rejections(drill: Drill) -> list[Any]:
    return [rejection for hand in drill.hands for rejection in hand.rejected]


def _right_run(seed: int, rate: float, ruleset: str, hands: int) -> Drill:
    """A drill played right at every point until ``hands`` hands are over (cards checked)."""
    drill = Drill(seed, rate, ruleset)
    while drill.summary().hands <= hands:
        point = drill.point()
        drill.choose(_right(point))
        drill.hand.audit()
    drill.close()
    return drill


@pytest.fixture(scope="module")
def right_runs() -> dict[tuple[str, float], Drill]:
    """50 hands played right at rate 1 and 0.5, per ruleset (shared by several tests)."""
    return {
        (ruleset, rate): _right_run(11, rate, ruleset, 50)
        for ruleset in RULESETS
        for rate in (1.0, 0.5)
    }


# --- the core: points and options -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_point_offers_the_engines_allowed_dealer_events_plus_refused_ones(
    ruleset: str,
) -> None:
    rng = random.Random(3)
    with Drill(seed=4, rate=1.0, ruleset=ruleset) as drill:
        for _ in range(250):
            point = drill.point()
            hand = point.hand
            allowed = [name for name in hand.expected_next() if name not in PLAYER_EVENTS]
            assert allowed, "a point is a moment where the dealer acts"
            assert list(point.allowed) == allowed == dealer_events(hand)
            right = [option.event for option in point.options if option.event in allowed]
            wrong = [option.event for option in point.options if option.event not in allowed]
            assert sorted(right) == sorted(allowed)
            assert 2 <= len(wrong) <= 3
            assert len({option.label for option in point.options}) == len(point.options)
            for name in allowed:
                assert _probe(hand, name) == "accepted", (point.state, name)
            for name in wrong:
                assert hand.refuses(name)
                assert _probe(hand, name) == "rejected", (point.state, point.situation, name)
            drill.choose(rng.choice(point.options))


def test_a_recovery_point_offers_the_due_step_and_the_other_rulebooks_step() -> None:
    """During a recovery the right option is the step due; the other rulebook's different
    step for the same error is among the temptations when the engine refuses it.
    """
    seen_other = 0
    with Drill(seed=2, rate=1.0, ruleset="roberts") as drill:
        for _ in range(400):
            point = drill.point()
            recoveries = point.hand.recoveries
            if point.situation is not None and recoveries and recoveries[0].due() in point.allowed:
                recovery = recoveries[0]
                assert point.allowed == (recovery.due(),)
                other = recovery.situation.outcome(BUILTIN["tda-2024"]).steps
                offered = {option.event for option in point.options}
                seen_other += bool(offered & (set(other) - set(point.allowed)))
            drill.choose(_right(point))
    assert seen_other >= 5


def test_the_same_seed_and_picks_give_the_same_drill() -> None:
    def run() -> list[tuple[tuple[str, ...], tuple[Option, ...], bool]]:
        rng = random.Random(9)
        seen = []
        with Drill(seed=21, rate=0.5) as drill:
            for _ in range(120):
                point = drill.point()
                judgement = drill.choose(rng.choice(point.options))
                seen.append((point.lines, point.options, judgement.correct))
        return seen

    assert run() == run()


def test_a_wrong_pick_does_not_change_the_hands_dealt() -> None:
    """Right or wrong, the right move is what the table gets: the same points follow."""

    def states(pick: Callable[[Point], Option]) -> list[tuple[str, tuple[str, ...]]]:
        with Drill(seed=8, rate=0.5) as drill:
            seen = []
            for _ in range(100):
                point = drill.point()
                seen.append((point.state, point.lines))
                drill.choose(pick(point))
        return seen

    def primary(point: Point) -> Option:
        rights = [option for option in point.options if option.event in point.allowed]
        return next((option for option in rights if option.event == "deal"), rights[0])

    assert states(primary) == states(_wrong)


# --- the core: judging ----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_right_picks_run_50_hands_without_a_rejection_and_every_card_accounted_for(
    right_runs: dict[tuple[str, float], Drill], ruleset: str
) -> None:
    for rate in (1.0, 0.5):
        drill = right_runs[(ruleset, rate)]
        summary = drill.summary()
        assert summary.hands == 51  # 50 over, the 51st begun
        assert _rejections(drill) == []
        assert summary.points == summary.right > 50 * 10
        assert summary.misses == ()
        for hand in drill.hands:
            hand.audit()


def test_a_wrong_pick_is_refused_with_a_rule_the_corpus_knows_and_the_right_move_is_made() -> None:
    with Drill(seed=1, rate=0.0) as drill:
        point = drill.point()
        assert point.state == "shuffling"
        given = _wrong(point)
        judgement = drill.choose(given)
        assert not judgement.correct
        assert judgement.given == given
        assert judgement.right.event == "shuffle"
        assert judgement.reason.startswith(f"{given.event} is not the next step")
        assert judgement.rule == "TDA24 23"
        assert judgement.rule_title == corpus_rule("TDA24 23").title
        assert [r.reason for r in drill.hand.rejected] == [judgement.reason]
        assert drill.point().state == "cutting"  # the shuffle was made


@pytest.mark.parametrize("ruleset", RULESETS)
def test_wrong_picks_in_recoveries_cite_the_situations_rule(ruleset: str) -> None:
    rules = 0
    with Drill(seed=6, rate=1.0, ruleset=ruleset) as drill:
        for _ in range(300):
            point = drill.point()
            judgement = drill.choose(_wrong(point))
            assert judgement.rule is not None
            corpus_rule(judgement.rule)  # resolves (raises NotFound otherwise)
            assert judgement.rule_title
            if point.situation is not None and point.hand.recoveries:
                outcome = point.hand.recoveries[0].outcome
                expected = point.hand.recoveries[0].situation.outcome(BUILTIN[ruleset]).rule
                assert outcome.rule == expected
                rules += judgement.rule == expected
            drill.hand.audit()
    assert rules >= 10


def test_a_pick_that_is_not_an_option_is_refused() -> None:
    with Drill(seed=1) as drill, pytest.raises(DrillError, match="not one of this point"):
        drill.choose(Option("river", "Turn the river"))


# --- the core: the dealer errors the drill makes --------------------------------------------------


def test_the_drill_can_make_every_error_the_wizard_knows_how_to_inject() -> None:
    names = {name for group in GROUPS.values() for name in group}
    assert names == set(situations())
    assert injectable(BUILTIN["roberts"]) == names
    # under tda-2024 one extra card is already a misdeal: there is no second
    assert injectable(BUILTIN["tda-2024"]) == names - {"extra_cards"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_errors_met_cover_every_injectable_situation_and_are_the_engines(
    right_runs: dict[tuple[str, float], Drill], ruleset: str
) -> None:
    met: set[str] = set()
    for rate in (1.0, 0.5):
        drill = right_runs[(ruleset, rate)]
        errors = drill.summary().errors
        assert len(errors) >= 10
        recognised: dict[str, int] = {}
        for hand in drill.hands:
            for item in hand.irregularities:
                recognised[item.situation] = recognised.get(item.situation, 0) + 1
        for name, count in errors.items():
            assert recognised.get(name, 0) >= count, name
        met |= set(errors)
    assert met == injectable(BUILTIN[ruleset])


def test_rate_zero_makes_no_dealer_error() -> None:
    # seed 6: with the drill's straddles, seed 5's hands had a player muck a hand that played
    # the board without declaring it (RRoP-HE 6), the players' doing, not the dealer's
    drill = _right_run(6, 0.0, "roberts", 20)
    assert drill.summary().errors == {}
    assert all(not hand.irregularities for hand in drill.hands)
    assert _rejections(drill) == []


def test_an_error_is_told_in_plain_words_and_its_recovery_is_picked_step_by_step() -> None:
    with Drill(seed=5, rate=1.0) as drill:
        for _ in range(200):
            point = drill.point()
            if point.situation is not None:
                break
            drill.choose(_right(point))
        else:
            pytest.fail("no dealer error in 200 points at rate 1")
        assert point.item == f"drill:{point.situation}"
        assert point.topic == topic_of(point.situation) != "procedure"
        told = " ".join(point.lines)
        assert any(word in told for word in ("pitched", "turned", "went to", "face up"))
        steps = 0
        while point.situation is not None:
            drill.choose(_right(point))
            steps += 1
            point = drill.point()
        assert steps >= 1
        assert point.item == f"drill:{point.state}"
        assert point.topic == "procedure"


def test_topic_of_a_situation_is_its_topics_slug() -> None:
    for item in TOPICS:
        for name in situations_of(item.slug):
            assert topic_of(name) == item.slug
    assert topic_of(None) == "procedure"


def test_a_table_that_breaks_up_is_replaced_by_a_new_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drill_module, "STACK", 4)  # short stacks: players go broke fast
    with Drill(seed=3, rate=0.25) as drill:
        lines: list[str] = []
        for _ in range(600):
            point = drill.point()
            lines += point.lines
            drill.choose(_right(point))
            drill.hand.audit()
        assert len(drill.hands) >= 2
        assert any("the table breaks up" in line for line in lines)
        assert _rejections(drill) == []


# --- the core: the summary and the store ----------------------------------------------------------


def test_the_summary_counts_match_the_picks() -> None:
    rng = random.Random(4)
    right = wrong = 0
    misses = []
    with Drill(seed=12, rate=0.5, ruleset="tda-2024") as drill:
        for _ in range(150):
            point = drill.point()
            judgement = drill.choose(rng.choice(point.options))
            if judgement.correct:
                right += 1
            else:
                wrong += 1
                misses.append((point.number, judgement.given.label, judgement.right.label))
        summary = drill.summary()
    assert (summary.points, summary.right, summary.wrong) == (150, right, wrong)
    assert summary.accuracy == pytest.approx(right / 150)
    assert [(m.point, m.given, m.expected) for m in summary.misses] == misses
    assert summary.hands >= 1
    data = summary.to_dict()
    assert data["points"] == 150 and data["right"] == right and data["wrong"] == wrong
    assert data["ruleset"] == "tda-2024" and data["seed"] == 12
    assert sum(data["errors"].values()) == sum(summary.errors.values())
    json.dumps(data)


def test_hands_dealt_counts_each_hand_once() -> None:
    with Drill(seed=13, rate=1.0) as drill:
        next_hands = 0
        for _ in range(300):
            point = drill.point()
            option = _right(point)
            next_hands += option.event == "next_hand"
            drill.choose(option)
        assert drill.summary().hands == 1 + next_hands + len(drill.hands) - 1


def _store_or_skip(path: Path) -> Any:
    from dealer_trainer.training.progress import open_store

    return open_store(path)


def test_every_pick_is_recorded_in_the_store(tmp_path: Path) -> None:
    store = _store_or_skip(tmp_path / "progress.sqlite3")
    rng = random.Random(1)
    judgements = []
    with store, Drill(seed=3, rate=1.0, store=store, trainee="ann") as drill:
        for _ in range(40):
            point = drill.point()
            judgements.append(drill.choose(rng.choice(point.options), seconds=1.5))
        assert store.answers("ann") == []  # drill picks are kept per skill, never as items
        answers = skills.skill_answers(store, "ann")
    assert len(answers) == 40
    assert ["drill:" + a.kind for a in answers] == [j.item for j in judgements]
    assert [a.correct for a in answers] == [j.correct for j in judgements]
    assert {a.skill for a in answers} == {"dealing"}
    assert {a.ruleset for a in answers} == {"roberts"}
    assert {a.seconds for a in answers} == {1.5}
    assert any(j.topic != "procedure" for j in judgements)


# --- the core: any picks at all -------------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])  # the profile's examples (conftest.py)
@given(
    seed=st.integers(0, 2**31 - 1),
    rate=st.floats(0.0, 1.0),
    ruleset=st.sampled_from(RULESETS),
    picks=st.lists(st.integers(0, 9), min_size=1, max_size=300),
    mode=st.sampled_from(["learn", "guided", "practice", "table-ready"]),
)
def test_any_picks_keep_the_table_consistent(
    seed: int, rate: float, ruleset: str, picks: list[int], mode: str
) -> None:
    """In every mode; the floor (and any pick where the floor is due) is the drill's to judge,
    never sent to the engine."""
    with Drill(seed, rate, ruleset, mode=mode) as drill:
        right = engine_wrong = 0
        for pick in picks:
            point = drill.point()
            option = point.options[pick % len(point.options)]
            judgement = drill.choose(option)
            if point.spot is not None:
                assert judgement.correct == (option.event == "floor")
            elif option.event == "floor":
                assert not judgement.correct and judgement.false_alarm
            else:
                assert judgement.correct == (option.event in point.allowed)
                engine_wrong += not judgement.correct
            right += judgement.correct
            drill.hand.audit()
        summary = drill.summary()
        assert (summary.points, summary.right) == (len(picks), right)
        assert len(_rejections(drill)) == engine_wrong


# --- the command ----------------------------------------------------------------------------------


def _cli_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dealer-trainer")
    commands = parser.add_subparsers(dest="command")
    drill_cli.configure(commands.add_parser("drill"))
    return parser


def _registered() -> bool:
    from dealer_trainer.cli.main import _parser

    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return "drill" in action.choices
    return False


def _main(argv: Sequence[str], prompter: Any = None) -> int:
    """``dealer-trainer drill ARGS``: through the real main once it registers the command,
    else through the command's own parser with main's error handling.
    """
    if prompter is None and _registered():
        from dealer_trainer.cli.main import main

        return main(["drill", *argv])
    args = _cli_parser().parse_args(["drill", *argv])
    try:
        return drill_cli.run(args, prompter)
    except DealerTrainerError as exc:
        print(f"dealer-trainer: {exc}", file=sys.stderr)
        return exc.exit_code


@pytest.fixture(autouse=True)
def _quiet_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No terminal, no colour, and the user's folders (settings, store) in tmp_path."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


def _drill(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = _main(argv)
    out, err = capsys.readouterr()
    return code, out, err


BASE = ("--seed", "5", "--trainee", "ann")
PROMPT = drill_cli.PROMPT


def test_cli_answers_from_stdin_show_the_table_options_and_verdicts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = _drill(
        capsys, monkeypatch, *BASE, "--answers", "-", stdin="1\n\n# a comment\n2\n3\n"
    )
    assert code == 0, err
    assert "Traceback" not in out + err
    assert out.startswith("Dealer drill: roberts rules, error rate 0.25, seed 5 ")
    assert out.count("Your move:") == 4  # the fourth point is shown, then the answers end
    assert "point 1 · hand 1" in out and "point 4 · hand 1" in out
    assert "  seat " in out and "board:" in out  # the table is drawn
    assert "\n  1. " in out and "\n> 1. " in out and "\n> 3. " in out
    assert out.count("Right.") + out.count("Wrong: ") == 3
    assert "\nDrill over: 3 points, " in out
    assert "The same drill again: --seed 5 --ruleset roberts" in out


def test_cli_a_wrong_pick_shows_the_engines_reason_the_rule_and_the_right_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Drill(seed=5, rate=0.25) as drill:
        point = drill.point()
        wrong = next(i for i, o in enumerate(point.options, 1) if o.event not in point.allowed)
    code, out, _ = _drill(capsys, monkeypatch, *BASE, "--answers", "-", stdin=f"{wrong}\n")
    assert code == 0
    assert "Wrong: " in out and "is not the next step" in out
    assert "  rule TDA24 23: " + corpus_rule("TDA24 23").title in out
    assert "  the right move: Shuffle the deck" in out
    assert "Misses:\n  point 1, drill:shuffling: you picked " in out


def test_cli_points_stops_after_n_points(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _drill(
        capsys, monkeypatch, *BASE, "--points", "3", "--answers", "-", stdin="1\n" * 10
    )
    assert code == 0
    assert out.count("Your move:") == 3
    assert "Drill over: 3 points, " in out


def test_cli_answers_from_a_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    answers = tmp_path / "picks.txt"
    answers.write_text("2\n2\n", encoding="utf-8")
    code, out, _ = _drill(capsys, monkeypatch, *BASE, "--answers", str(answers))
    assert code == 0
    assert "Drill over: 2 points, " in out


def test_cli_json_prints_only_the_summary_as_one_object(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = _drill(
        capsys, monkeypatch, *BASE, "--rate", "1", "--json", "--answers", "-", stdin="1\n" * 25
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["points"] == 25 == len(data["picks"])
    assert data["right"] + data["wrong"] == 25
    assert data["right"] == sum(pick["correct"] for pick in data["picks"])
    assert (data["seed"], data["ruleset"], data["rate"], data["trainee"]) == (
        5,
        "roberts",
        1.0,
        "ann",
    )
    assert data["hands"] >= 1
    assert len(data["misses"]) == data["wrong"]
    assert all(pick["item"].startswith("drill:") for pick in data["picks"])
    assert data["errors"], "at rate 1 the first hand meets a dealer error"


def test_cli_the_same_seed_and_answers_print_the_same_drill(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    picks = "".join(f"{i % 3 + 1}\n" for i in range(30))
    first = _drill(capsys, monkeypatch, *BASE, "--rate", "0.5", "--answers", "-", stdin=picks)
    second = _drill(capsys, monkeypatch, *BASE, "--rate", "0.5", "--answers", "-", stdin=picks)
    assert first == second
    assert first[0] == 0


def test_cli_without_a_terminal_or_answers_says_how_and_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = _drill(capsys, monkeypatch, *BASE)
    assert code == 2
    assert out == ""
    assert err == f"dealer-trainer: {drill_cli.NO_TERMINAL}\n"
    assert "--answers FILE" in err and "--answers -" in err


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (("--rate", "1.5", "--answers", "-"), "", "--rate must be from 0 to 1, not 1.5"),
        (("--points", "0", "--answers", "-"), "", "--points must be at least 1, not 0"),
        (("--ruleset", "robert", "--answers", "-"), "", "--ruleset 'robert': the drill knows"),
        (("--json",), "", "--json needs --answers"),
        (("--answers", "no-such-file.txt"), "", "cannot read the answers file no-such-file.txt"),
        (("--answers", "-"), "1\nseven\n", "<stdin> line 2: 'seven' is not an option number"),
        (("--answers", "-"), "9\n", "<stdin> line 1: '9' is not an option number"),
    ],
    ids=["rate", "points", "ruleset", "json", "file", "word", "range"],
)
def test_cli_bad_input_is_a_clear_error_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    stdin: str,
    words: str,
) -> None:
    code, _, err = _drill(capsys, monkeypatch, *BASE, *args, stdin=stdin)
    assert code == 2
    assert err.startswith("dealer-trainer: ")
    assert words in err
    assert "Traceback" not in err


def test_cli_without_a_trainee_and_no_terminal_asks_for_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = _drill(capsys, monkeypatch, "--answers", "-", stdin="1\n")
    assert code == 2
    assert "--trainee" in err


def test_cli_the_store_gets_one_answer_per_pick(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = tmp_path / "room.sqlite3"
    store = _store_or_skip(db)
    store.close()
    code, out, err = _drill(
        capsys,
        monkeypatch,
        *BASE,
        "--rate",
        "1",
        "--db",
        str(db),
        "--json",
        "--answers",
        "-",
        stdin="2\n" * 30,
    )
    assert code == 0, err
    picks = json.loads(out)["picks"]
    with _store_or_skip(db) as store:
        assert store.answers("ann") == []  # drill picks are kept per skill, never as items
        answers = skills.skill_answers(store, "ann")
    assert len(answers) == 30
    assert ["drill:" + a.kind for a in answers] == [pick["item"] for pick in picks]
    assert [a.correct for a in answers] == [pick["correct"] for pick in picks]
    assert {a.skill for a in answers} == {"dealing"}
    assert len({a.session for a in answers}) == 1


def test_cli_the_default_store_lives_in_the_users_data_folder(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _store_or_skip(tmp_path / "probe.sqlite3").close()
    code, _, err = _drill(capsys, monkeypatch, *BASE, "--answers", "-", stdin="1\n1\n")
    assert code == 0, err
    assert list((tmp_path / "data").rglob("*.sqlite3"))


class _Fake:
    """A prompter that picks by a rule, and presses Ctrl-C after ``stop`` picks."""

    def __init__(self, stop: int, choose: Callable[[Sequence[tuple[str, str]]], str]) -> None:
        self.stop = stop
        self.choose = choose
        self.asked: list[tuple[str, list[tuple[str, str]]]] = []

    def select(self, message: str, choices: Sequence[tuple[str, str]], default: str) -> str:
        self.asked.append((message, list(choices)))
        if sum(asked == PROMPT for asked, _ in self.asked) > self.stop:
            raise KeyboardInterrupt
        return self.choose(choices)

    def text(self, message: str, default: str, check: Callable[[str], str | None]) -> str:
        self.asked.append((message, []))
        return "bea"

    def checkbox(
        self, message: str, choices: Sequence[tuple[str, str]], default: Sequence[str]
    ) -> list[str]:
        raise AssertionError("the drill asks no checkbox question")


def test_cli_with_a_prompter_ctrl_c_ends_with_a_summary_and_exit_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fake = _Fake(4, lambda choices: choices[-1][0])
    code = _main(["--seed", "3", "--db", str(tmp_path / "p.sqlite3")], prompter=fake)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert fake.asked[0][0] == "Your name:"  # no --trainee: asked, then remembered
    assert [message for message, _ in fake.asked[1:]] == ["Your move:"] * 5
    assert all(len(choices) >= 3 for _, choices in fake.asked[1:])
    assert "Drill over: 4 points, " in out
    assert "\n  1. " not in out  # the prompter shows the options, not a numbered list
    from dealer_trainer.cli.session import remembered_trainee

    assert remembered_trainee() == "bea"


def test_cli_module_imports_only_the_standard_library_and_errors() -> None:
    code = (
        "import sys; import dealer_trainer.cli.drill; "
        "print(sorted(m for m in sys.modules if m.startswith(('dealer_trainer', 'questionary', "
        "'prompt_toolkit', 'transitions'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert json.loads(result.stdout.replace("'", '"')) == [
        "dealer_trainer",
        "dealer_trainer.cli",
        "dealer_trainer.cli.drill",
        "dealer_trainer.errors",
    ]


def test_main_registers_the_drill_command() -> None:
    if not _registered():
        pytest.skip("cli/main.py does not register 'drill' yet (the lead wires it)")
    from dealer_trainer.cli.main import _parser

    args = _parser().parse_args(["drill", "--rate", "0.5", "--points", "2", "--answers", "-"])
    assert (args.rate, args.points, args.answers) == (0.5, 2, "-")


# --- a real terminal ------------------------------------------------------------------------------

ENTER = "\r"
DOWN = "\x1b[B"
#: runs the command as main would (the real console script once main registers it)
RUNNER = """
import argparse, sys
from dealer_trainer.cli import drill
from dealer_trainer.errors import DealerTrainerError
parser = argparse.ArgumentParser(prog="dealer-trainer")
drill.configure(parser.add_subparsers(dest="command").add_parser("drill"))
try:
    sys.exit(drill.run(parser.parse_args(sys.argv[1:])))
except DealerTrainerError as exc:
    print(f"dealer-trainer: {exc}", file=sys.stderr)
    sys.exit(exc.exit_code)
"""


def _spawn(folder: Path, *args: str) -> Any:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.pop("DEALER_TRAINER_DB", None)
    # no cursor-position requests: without them prompt_toolkit waits ~1 s at every prompt
    env.update(
        TERM="xterm",
        NO_COLOR="1",
        PROMPT_TOOLKIT_NO_CPR="1",
        XDG_DATA_HOME=str(folder / "data"),
        XDG_CONFIG_HOME=str(folder / "config"),
    )
    if _registered():
        command, argv = str(Path(sys.executable).parent / "dealer-trainer"), ["drill", *args]
    else:
        command, argv = sys.executable, ["-c", RUNNER, "drill", *args]
    return pexpect.spawn(
        command,
        argv,
        cwd=str(folder),
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 120),
    )


def test_a_real_terminal_session_answers_points_and_ctrl_c_ends_with_a_summary(
    tmp_path: Path,
) -> None:
    db = tmp_path / "progress.sqlite3"
    child = _spawn(tmp_path, "--seed", "5", "--trainee", "ann", "--db", str(db))
    try:
        for keys in (ENTER, DOWN + ENTER, DOWN + DOWN + ENTER):
            index = child.expect_exact(["Your move:", pexpect.EOF])
            assert index == 0, f"the drill ended early:\n{child.before[-1500:]}"
            child.send(keys)
            child.expect(["Right\\.", "Wrong: "])  # the verdict, before the next point
        child.expect_exact("Your move:")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    output = child.before
    assert child.exitstatus == 0, output
    assert "Traceback" not in output
    assert "Drill over: 3 points, " in output
    assert "The same drill again: --seed 5 --ruleset roberts" in output
    with _store_or_skip(db) as store:
        assert len(skills.skill_answers(store, "ann")) == 3


def test_the_drill_records_through_the_one_recorder_and_opens_no_session_before_a_pick(
    tmp_path: Path,
) -> None:
    from dealer_trainer.training.progress import open_store

    with open_store(tmp_path / "p.db") as store:
        with Drill(3, 0.5, "roberts", store=store, trainee="ann") as drill:
            drill.point()
            assert drill.recorder.session is None  # nothing saved: no session left behind
            point = drill.point()
            drill.choose(point.options[0])
            assert len(drill.recorder.marks) == 1
            mark = drill.recorder.marks[0]
            assert (mark.item, mark.number) == (point.item, 1)
            assert drill.summary().points == 1
        assert ["drill:" + a.kind for a in skills.skill_answers(store, "ann")] == [point.item]
