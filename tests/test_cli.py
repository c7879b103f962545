"""The command line end to end: the installed ``dealer-trainer`` script in a real subprocess.

Also ``python -m dealer_trainer``, a pseudo-terminal (pexpect) for colour, and the Python API
``dealer_trainer.replay`` on the same scripts.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
import yaml

from dealer_trainer import replay

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
TIMEOUT = 60

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
ERROR_LINE = re.compile(
    r"^dealer-trainer: (?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<msg>.+)$"
)

#: the complete hand of docs/engine.md, plus one rejected event (a turn where the river is due;
#: a second burn there is no longer rejected: it is the dealer error extra_burn, LA26 169)
HAND = """\
table: {seats: 3, button: 1, blinds: [1, 2], stacks: 100}
deck: [Ah, Kc, Qd, As, Kd, Qc, 2c, 7h, 8d, 9s, 3c, Jh, 4d, Th]
events:
  - post_blinds
  - deal
  - act: {seat: 1, action: call}
  - act: {seat: 2, action: call}
  - act: {seat: 3, action: check}
  - burn
  - flop
  - act: {seat: 2, action: check}
  - act: {seat: 3, action: bet, amount: 4}
  - act: {seat: 1, action: fold}
  - act: {seat: 2, action: call}
  - burn
  - turn
  - act: {seat: 2, action: check}
  - act: {seat: 3, action: check}
  - burn
  - turn
  - river
  - act: {seat: 2, action: check}
  - act: {seat: 3, action: check}
  - show: {seat: 2}
  - show: {seat: 3}
"""
HAND_EVENTS = 22
HAND_REJECTED = 16  # the turn card where the river is due

CONTRACT_KEYS = {
    "state": str,
    "hand_over": bool,
    "button": int,
    "stub": list,
    "board": list,
    "burns": list,
    "muck": list,
    "set_aside": list,
    "seats": dict,
    "pots": list,
    "irregularities": list,
    "rejected": list,
    "misdeals": int,
    "expected_next": list,
}


def _env(**extra: str) -> dict[str, str]:
    """The environment without any colour setting of the caller, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(extra)
    return env


def run(
    *args: str | Path,
    stdin: str | None = None,
    cwd: Path | None = None,
    module: bool = False,
    **env: str,
) -> subprocess.CompletedProcess[str]:
    """Run ``dealer-trainer ARGS`` (or ``python -m dealer_trainer ARGS``)."""
    command = [sys.executable, "-m", "dealer_trainer"] if module else [str(SCRIPT)]
    return subprocess.run(
        [*command, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_env(**env),
        timeout=TIMEOUT,
        check=False,
    )


@pytest.fixture
def hand_file(tmp_path: Path) -> Path:
    path = tmp_path / "hand.yaml"
    path.write_text(HAND, encoding="utf-8")
    return path


def _all_cards(result: dict[str, Any]) -> list[str]:
    cards = [
        *result["stub"],
        *result["board"],
        *result["burns"],
        *result["muck"],
        *result["set_aside"],
    ]
    for info in result["seats"].values():
        cards.extend(info["hole"])
    return cards


# --- help, version, quiz ---------------------------------------------------------------------


def test_console_script_is_installed_next_to_the_interpreter() -> None:
    assert SCRIPT.is_file()
    assert os.access(SCRIPT, os.X_OK)


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        ((), ["replay", "quiz", "review", "drill", "report", "--version", "--help"]),
        (("replay",), ["script", "--json", "--auto-recover", "standard input"]),
        (
            ("quiz",),
            ["--topic", "--difficulty", "--ruleset", "--length", "--trainee", "--db", "--answers"],
        ),
        (("review",), ["--length", "--trainee", "--db", "--answers", "--json"]),
        (("drill",), ["--rate", "--seed", "--trainee", "--db"]),
        (("report",), ["--trainee", "--since", "--json", "--csv", "--db"]),
    ],
    ids=["top-level", "replay", "quiz", "review", "drill", "report"],
)
@pytest.mark.parametrize("module", [False, True], ids=["script", "python-m"])
def test_help_exits_zero_and_mentions_every_option(
    args: tuple[str, ...], mentions: list[str], module: bool
) -> None:
    done = run(*args, "--help", module=module)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "usage:" in done.stdout
    for word in mentions:
        assert word in done.stdout


def test_no_command_prints_help_and_exits_zero() -> None:
    done = run()
    assert done.returncode == 0
    assert "usage:" in done.stdout
    assert "replay" in done.stdout


def test_version_names_the_program_and_the_installed_version() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout == f"dealer-trainer {metadata.version('dealer-trainer')}\n"


def test_quiz_without_a_terminal_says_how_to_answer_without_one(tmp_path: Path) -> None:
    done = run(
        "quiz", "--trainee", "Ann", "--db", tmp_path / "p.sqlite3",
        XDG_CONFIG_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 2
    assert "--answers FILE" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_replay_without_a_script_is_a_usage_error() -> None:
    done = run("replay")
    assert done.returncode == 2
    assert "usage:" in done.stderr
    assert "Traceback" not in done.stderr


# --- replay --json: the contract ---------------------------------------------------------------


def test_replay_json_prints_one_object_with_every_contract_key(hand_file: Path) -> None:
    done = run("replay", hand_file, "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    result = json.loads(done.stdout)  # one object: anything else after it would not parse
    assert isinstance(result, dict)
    for key, kind in CONTRACT_KEYS.items():
        assert key in result, key
        assert isinstance(result[key], kind), (key, result[key])
    assert result["state"] == "hand_over"
    assert result["hand_over"] is True
    assert result["button"] == 1
    assert result["misdeals"] == 0
    assert result["irregularities"] == []
    assert result["expected_next"] == ["next_hand"]


def test_replay_json_seats_are_keyed_by_seat_number_strings(hand_file: Path) -> None:
    result = json.loads(run("replay", hand_file, "--json").stdout)
    assert list(result["seats"]) == ["1", "2", "3"]
    for info in result["seats"].values():
        assert isinstance(info["hole"], list)
        assert isinstance(info["folded"], bool)
        assert isinstance(info["chips"], int) and not isinstance(info["chips"], bool)
        assert isinstance(info["won"], int) and not isinstance(info["won"], bool)
    assert result["seats"]["1"]["folded"] is True
    assert result["seats"]["1"]["hole"] == []  # a folded hand is in the muck
    assert result["seats"]["2"]["hole"] == ["Ah", "As"]  # tabled hands stay in hole
    # seats 2 and 3 split the pot of 14 (docs/engine.md)
    assert {seat: info["won"] for seat, info in result["seats"].items()} == {
        "1": 0,
        "2": 7,
        "3": 7,
    }
    assert [info["chips"] for info in result["seats"].values()] == [98, 101, 101]


def test_replay_json_pots_have_amount_eligible_and_winners(hand_file: Path) -> None:
    result = json.loads(run("replay", hand_file, "--json").stdout)
    assert result["pots"], "a pot was played for"
    for pot in result["pots"]:
        assert set(pot) >= {"amount", "eligible", "winners"}
        assert isinstance(pot["amount"], int)
        assert all(isinstance(seat, int) for seat in pot["eligible"])
        assert all(isinstance(seat, int) for seat in pot["winners"])
    assert result["pots"][0]["amount"] == 14
    assert sorted(result["pots"][0]["winners"]) == [2, 3]


def test_replay_json_writes_every_card_as_rank_then_suit(hand_file: Path) -> None:
    result = json.loads(run("replay", hand_file, "--json").stdout)
    cards = _all_cards(result)
    assert len(cards) == 52
    assert len(set(cards)) == 52
    for card in cards:
        assert CARD.match(card), card
    assert result["board"] == ["7h", "8d", "9s", "Jh", "Th"]
    assert "Td" not in result["board"] and "10d" not in cards


def test_replay_json_names_the_rejected_event_with_reason_and_rule(hand_file: Path) -> None:
    result = json.loads(run("replay", hand_file, "--json").stdout)
    assert len(result["rejected"]) == 1
    rejected = result["rejected"][0]
    assert rejected["event"] == HAND_REJECTED
    assert rejected["name"] == "turn"
    assert isinstance(rejected["reason"], str) and rejected["reason"]
    assert rejected["rule"] == "RRoP-HEP 7"


# --- replay: the readable account ---------------------------------------------------------------


def test_replay_lists_each_event_with_its_verdict_then_the_table(hand_file: Path) -> None:
    done = run("replay", hand_file, NO_COLOR="1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    event_lines = [line for line in lines if re.match(r"^\s*\d+\s", line)]
    assert len(event_lines) == HAND_EVENTS
    for number, line in enumerate(event_lines):
        assert line.split()[0] == str(number)
        verdict = "REJECTED" if number == HAND_REJECTED else " ok"
        assert verdict in line, line
    assert "turn" in event_lines[HAND_REJECTED]
    assert "RRoP-HEP 7" in event_lines[HAND_REJECTED]
    assert "act seat 3 bet 4" in done.stdout
    table = "\n".join(lines[HAND_EVENTS:])
    assert "state: hand_over" in table
    assert "board:  7h 8d 9s Jh Th" in table
    for seat in (1, 2, 3):
        assert re.search(rf"^seat +{seat}\b", table, re.MULTILINE), seat
    assert "main pot: 14" in table


def test_no_color_gives_no_ansi_escapes_even_when_colour_is_forced(hand_file: Path) -> None:
    forced = run("replay", hand_file, FORCE_COLOR="1")
    assert ANSI.search(forced.stdout), "FORCE_COLOR=1 paints the verdicts"
    plain = run("replay", hand_file, FORCE_COLOR="1", NO_COLOR="1")
    assert plain.returncode == 0
    assert "\x1b" not in plain.stdout
    assert ANSI.sub("", forced.stdout) == plain.stdout


def test_output_to_a_pipe_has_no_colour(hand_file: Path) -> None:
    done = run("replay", hand_file)
    assert "\x1b" not in done.stdout


def _spawn_output(args: list[str], env: dict[str, str]) -> tuple[str, int | None]:
    child = pexpect.spawn(
        str(SCRIPT), args, env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 200)
    )
    output = child.read()
    child.close()
    return output, child.exitstatus


def test_replay_in_a_terminal_is_coloured_unless_no_color(hand_file: Path) -> None:
    coloured, status = _spawn_output(["replay", str(hand_file)], _env(TERM="xterm"))
    assert status == 0
    assert ANSI.search(coloured), coloured
    assert "\x1b[32mok\x1b[0m" in coloured
    assert "\x1b[31mREJECTED\x1b[0m" in coloured
    plain, status = _spawn_output(["replay", str(hand_file)], _env(TERM="xterm", NO_COLOR="1"))
    assert status == 0
    assert "\x1b" not in plain
    assert "REJECTED" in plain


# --- standard input, python -m -----------------------------------------------------------------


def test_replay_dash_reads_the_script_from_standard_input(hand_file: Path) -> None:
    from_stdin = run("replay", "-", "--json", stdin=HAND)
    assert from_stdin.returncode == 0, from_stdin.stderr
    from_file = run("replay", hand_file, "--json")
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout)


def test_replay_dash_reports_script_errors_with_their_place() -> None:
    done = run("replay", "-", stdin="table: {seats: 6}\nevents:\n  - shuffle\n  - flpo\n")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "4:5: unknown event 'flpo'" in done.stderr


def test_python_m_gives_the_same_result_as_the_console_script(hand_file: Path) -> None:
    module = run("replay", hand_file, "--json", module=True)
    script = run("replay", hand_file, "--json")
    assert module.returncode == script.returncode == 0
    assert module.stdout == script.stdout


# --- broken scripts: one message with the right place, exit 2 -----------------------------------

# (id, script text, line of the error, the text the column points at, words of the message)
BROKEN: list[tuple[str, str, int, str, list[str]]] = [
    (
        "yaml-syntax",
        "table: {seats: 6}\nevents:\n  - act: {seat: 4, action: call]\n",
        3,
        "]",
        ["YAML syntax", "the { opened at line 3, column 10 is closed with ]: close it with }"],
    ),
    (
        "duplicate-key",
        "table: {seats: 6}\nseed: 1\nseed: 2\nevents: [shuffle]\n",
        3,
        "seed",
        ["duplicate key 'seed'", "line 2"],
    ),
    (
        "unknown-top-level-key",
        "table: {seats: 6}\neventz: [shuffle]\n",
        2,
        "eventz",
        ["unknown key 'eventz'", "did you mean 'events'"],
    ),
    (
        "unknown-event",
        "table: {seats: 6}\nevents:\n  - shuffle\n  - flpo\n",
        4,
        "flpo",
        ["unknown event 'flpo'", "did you mean 'flop'"],
    ),
    (
        "unknown-event-argument",
        "table: {seats: 6}\nevents:\n  - shuffle\n  - cut: {att: 20}\n",
        4,
        "att",
        ["cut has no argument 'att'", "did you mean 'at'"],
    ),
    (
        "card-named-twice",
        "table: {seats: 6}\ndeck: [As, Kd, 7c, As]\nevents: [post_blinds]\n",
        2,
        "As]",
        ["As twice"],
    ),
    (
        "seat-does-not-exist",
        "table: {seats: 6}\nevents:\n  - shuffle\n  - act: {seat: 9, action: call}\n",
        4,
        "9",
        ["seat 9"],
    ),
    (
        "wrong-type",
        "table:\n  seats: six\nevents: [shuffle]\n",
        2,
        "six",
        ["'seats' must be a whole number"],
    ),
    (
        "unknown-structure",
        "table:\n  seats: 6\n  structure: no-limmit\nevents: [shuffle]\n",
        3,
        "no-limmit",
        ["unknown structure 'no-limmit'", "did you mean 'no-limit'"],
    ),
    (
        "unknown-ruleset",
        "table:\n  seats: 6\n  ruleset: robert\nevents: [shuffle]\n",
        3,
        "robert",
        ["unknown ruleset 'robert'", "did you mean 'roberts'"],
    ),
    (
        "button-on-empty-seat",
        "table:\n  seats: {1: 100, 2: 100, 4: 100}\n  button: 3\nevents: [shuffle]\n",
        3,
        "3",
        ["button", "seat 3", "no player"],
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "token", "words"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_broken_script_gives_one_located_message_and_exit_2(
    tmp_path: Path, text: str, line: int, token: str, words: list[str]
) -> None:
    (tmp_path / "broken.yaml").write_text(text, encoding="utf-8")
    done = run("replay", "broken.yaml", cwd=tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    found = ERROR_LINE.match(lines[0])
    assert found, lines[0]
    assert found["file"] == "broken.yaml"
    column = text.splitlines()[line - 1].index(token) + 1
    assert (int(found["line"]), int(found["col"])) == (line, column), lines[0]
    for word in words:
        assert word in found["msg"], found["msg"]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_missing_file_gives_exit_2_and_names_the_file(tmp_path: Path, as_json: bool) -> None:
    done = run("replay", "no-such-hand.yaml", *(["--json"] if as_json else []), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == ["dealer-trainer: no such file: no-such-hand.yaml"]


def test_folder_instead_of_a_file_gives_exit_2(tmp_path: Path) -> None:
    (tmp_path / "hands").mkdir()
    done = run("replay", "hands", cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("dealer-trainer: hands")
    assert "folder" in lines[0]


# --- the Python API -----------------------------------------------------------------------------


def test_python_replay_gives_the_same_result_for_path_text_and_mapping(hand_file: Path) -> None:
    from_str_path = replay(str(hand_file))
    from_path = replay(hand_file)
    from_text = replay(HAND)
    from_mapping = replay(yaml.safe_load(HAND))
    assert from_str_path == from_path == from_text == from_mapping
    assert from_path["rejected"][0]["event"] == HAND_REJECTED


def test_python_replay_matches_the_command_line_json(hand_file: Path) -> None:
    done = run("replay", hand_file, "--json")
    assert json.loads(done.stdout) == replay(hand_file)


# --- dealer errors, recoveries and house rulesets ------------------------------------------------

PREMATURE_TURN = """\
table: {seats: 3, button: 1, blinds: [1, 2]}
deck: []
events:
  - post_blinds
  - deal
  - act: {seat: 1, action: call}
  - act: {seat: 2, action: call}
  - act: {seat: 3, action: check}
  - burn
  - flop
  - act: {seat: 2, action: check}
  - burn
  - turn
  - act: {seat: 3, action: check}
  - act: {seat: 1, action: check}
  - burn
  - turn
"""


def test_rrop_he4_replay_auto_recover_json_sets_the_premature_turn_aside(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text(PREMATURE_TURN, encoding="utf-8")
    done = run("replay", path, "--json", "--auto-recover")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["irregularities"] == [{"kind": "premature_turn", "rule": "RRoP-HE 4", "event": 9}]
    assert result["set_aside"] == ["Kc"]  # out of play for the round
    assert result["burns"] == ["8c", "Qc", "Ac"]  # the early burn stays; a fresh one for the turn
    assert result["board"] == ["9c", "Tc", "Jc", "2d"]  # the next card is the turn
    assert result["rejected"] == []
    assert sorted(_all_cards(result)) == sorted(set(_all_cards(result)))
    assert len(_all_cards(result)) == 52


def test_rrop_he4_replay_without_auto_recover_rejects_the_skipped_step(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text(PREMATURE_TURN, encoding="utf-8")
    done = run("replay", path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "IRREGULARITY: premature_turn [RRoP-HE 4]" in out
    assert "expected: set_aside [RRoP-HE 4]" in out
    assert "next: set_aside" in out


def test_replay_reports_a_broken_house_ruleset_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "room.yaml").write_text(
        "name: room\nbase: roberts\noptions:\n  misdeal_on_first: true\n", encoding="utf-8"
    )
    path = tmp_path / "hand.yaml"
    path.write_text("table: {seats: 3, ruleset: room.yaml}\nevents: [shuffle]\n", "utf-8")
    done = run("replay", path, cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "room.yaml:4:3: unknown option 'misdeal_on_first'" in lines[0]
    assert "exposed_misdeal_cards" in lines[0]
