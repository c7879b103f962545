"""``dealer-trainer rules``: every subcommand, its JSON, its refusals and their exit codes.

Most tests call :func:`dealer_trainer.cli.main.main` in process; a few run the installed
``dealer-trainer`` script to prove there is no traceback, the exit codes, and colour only
where it is wanted (NO_COLOR, FORCE_COLOR).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.cli.main import _parser, main
from dealer_trainer.procedure.rulings import SITUATIONS
from dealer_trainer.rules.corpus import load_corpus, rule

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = _run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def _installed(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environ.update(env)
    return subprocess.run(
        [str(SCRIPT), "rules", *argv],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
        check=False,
    )


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


# --- list --------------------------------------------------------------------------------------


def test_list_prints_every_rule_with_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list")
    assert code == 0
    for item in load_corpus().rules:
        assert item.id in out
    assert out.rstrip().endswith(f"{len(load_corpus().rules)} rules")


def test_list_json_is_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "list")
    assert [r["id"] for r in doc["rules"]] == [r.id for r in load_corpus().rules]


def test_list_topic_keeps_only_that_topics_rules(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "list", "--topic", "flop-too-many")
    ids = {r["id"] for r in doc["rules"]}
    assert {"RRoP-HE-2", "TDA24-39-A"} <= ids
    assert all("flop-too-many" in rule(i).topics for i in ids)


def test_list_ruleset_keeps_only_that_rulesets_rules(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "list", "--ruleset", "tda-2024")
    assert doc["rules"]
    assert all("tda-2024" in r["rulesets"] for r in doc["rules"])
    assert "TDA24-39-A" in {r["id"] for r in doc["rules"]}
    assert "RRoP-HE-2" not in {r["id"] for r in doc["rules"]}


def test_list_unknown_topic_is_refused_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "list", "--topic", "premature-trun")
    assert code == 1
    assert out == ""
    assert "did you mean" in err
    assert "premature-turn" in err


def test_list_unknown_ruleset_is_refused_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _run(capsys, "list", "--ruleset", "tda")
    assert code == 1
    assert "did you mean" in err
    assert "tda-2024" in err


# --- show --------------------------------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["TDA24-39-A", "tda24-39a", "TDA24 39-A", "TDA24-39A"])
def test_show_finds_a_rule_in_any_spelling(
    capsys: pytest.CaptureFixture[str], spelling: str
) -> None:
    code, out, _ = _run(capsys, "show", spelling)
    assert code == 0
    item = load_corpus().by_cite["TDA24 39-A"]
    assert out.startswith(f"TDA24 39-A  {item.title}")
    assert item.text.split()[0] in out


def test_show_takes_a_citation_in_two_words(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "show", "RRoP-HE", "4")
    assert doc["id"] == "RRoP-HE-4"
    assert doc["cite"] == "RRoP-HE 4"
    assert doc["source"] == "RRoP"
    assert doc["source_title"]
    assert doc["text"]


def test_show_unknown_id_is_refused_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "show", "RRoP-HE-44")
    assert code == 1
    assert out == ""
    assert err.startswith("dealer-trainer: no rule 'RRoP-HE-44'; did you mean ")
    assert "RRoP-HE-4" in err


# --- search ------------------------------------------------------------------------------------


def test_search_prints_the_best_rule_first_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "search", "flashed", "card")
    assert code == 0
    top = load_corpus().by_cite["RRoP-HE 1"]
    assert out.splitlines()[0] == f"RRoP-HE 1  {top.title}"


def test_search_json_ranks_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "search", "dealer turned the turn early")
    assert doc["query"] == "dealer turned the turn early"
    assert doc["results"][0]["id"] == "RRoP-HE-4"
    scores = [r["score"] for r in doc["results"]]
    assert scores == sorted(scores, reverse=True)
    assert len(scores) <= 5


def test_search_ruleset_filter_finds_the_tda_rule(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "search", "4 card flop", "--ruleset", "tda-2024")
    assert doc["ruleset"] == "tda-2024"
    assert doc["results"][0]["id"] == "TDA24-39-A"
    assert all("tda-2024" in r["rulesets"] for r in doc["results"])


def test_search_limit_caps_the_results(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "search", "card", "--limit", "2")
    assert 1 <= len(doc["results"]) <= 2


def test_search_that_finds_nothing_is_refused_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "search", "zqxv wkjh")
    assert code == 1
    assert out == ""
    assert "no rule matches 'zqxv wkjh'" in err
    assert "did you mean" in err


def test_search_of_blank_words_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "search", "   ")
    assert code == 2
    assert "give some words" in err


# --- term --------------------------------------------------------------------------------------


def test_term_defines_a_glossary_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "term", "kicker")
    assert code == 0
    assert out.splitlines()[0].startswith("kicker")


def test_term_finds_an_alias_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "term", "Play", "The", "Board")
    assert "board" in doc["term"].casefold()
    assert doc["text"]


def test_term_unknown_word_is_refused_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _run(capsys, "term", "kiker")
    assert code == 1
    assert "no glossary term 'kiker'; did you mean" in err
    assert "kicker" in err


# --- what-if -----------------------------------------------------------------------------------


def test_what_if_prints_numbered_steps_events_and_the_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "what-if", "premature_turn")
    assert code == 0
    lines = out.splitlines()
    assert "[RRoP-HE 4; roberts]" in lines[0]
    assert lines[1].startswith("  1. Take the card out of play")
    assert any("dealer events: set_aside ->" in line for line in lines)
    assert load_corpus().by_cite["RRoP-HE 4"].text.split()[0] in out


@pytest.mark.parametrize(
    ("words", "ruleset", "situation", "rule"),
    [
        ("premature turn", "roberts", "premature_turn", "RRoP-HE 4"),
        ("premature-turn", "tda-2024", "premature_turn", "TDA24 RP-5B"),
        ("4 card flop", "roberts", "flop_too_many_cards", "RRoP-HE 2"),
        ("4 card flop", "tda-2024", "flop_too_many_cards", "TDA24 39-A"),
        ("flop_without_burn", "tda-2024", "flop_without_burn", "TDA24 39-B"),
        ("boxed card", "roberts", "boxed_card", "RRoP-IR 7"),
    ],
)
def test_what_if_finds_the_situation_by_name_topic_or_words(
    capsys: pytest.CaptureFixture[str], words: str, ruleset: str, situation: str, rule: str
) -> None:
    doc = _json(capsys, "what-if", *words.split(), "--ruleset", ruleset)
    assert doc["ruleset"] == ruleset
    first = doc["situations"][0]
    assert (first["situation"], first["rule"]) == (situation, rule)
    assert first["rule_id"] == rule.replace(" ", "-")
    assert first["rule_text"]


def test_what_if_an_irregularity_kind_gives_each_of_its_situations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = _json(capsys, "what-if", "exposed_hole_card")
    assert doc["found_by"] == "kind"
    assert [s["situation"] for s in doc["situations"]] == [
        s.name for s in SITUATIONS if s.kind == "exposed_hole_card"
    ]


def test_what_if_a_topic_gives_each_of_its_situations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = _json(capsys, "what-if", "flop-too-many", "--ruleset", "tda-2024")
    assert doc["found_by"] == "topic"
    assert [s["situation"] for s in doc["situations"]] == [
        "flop_too_many_cards",
        "flop_five_or_more_cards",
    ]
    assert [s["rule"] for s in doc["situations"]] == ["TDA24 39-A", "LA26 167"]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
@pytest.mark.parametrize("name", [s.name for s in SITUATIONS])
def test_what_if_answers_every_situation_with_its_rule_text(
    capsys: pytest.CaptureFixture[str], name: str, ruleset: str
) -> None:
    doc = _json(capsys, "what-if", name, "--ruleset", ruleset)
    assert doc["found_by"] == "name"
    [found] = doc["situations"]
    assert found["situation"] == name
    assert found["rule_text"] == load_corpus().by_cite[found["rule"]].text
    assert found["words"]


def test_what_if_json_matches_the_engines_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_trainer.rules.rulesets import builtin

    doc = _json(capsys, "what-if", "premature_flop", "--ruleset", "tda-2024")
    outcome = next(s for s in SITUATIONS if s.name == "premature_flop").outcome(builtin("tda-2024"))
    got = doc["situations"][0]
    assert got["words"] == list(outcome.words)
    assert got["steps"] == list(outcome.steps)
    assert got["misdeal"] is outcome.misdeal


def test_what_if_takes_a_house_ruleset_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("name: my-room\nbase: roberts\noptions:\n  extra_card: misdeal\n")
    doc = _json(capsys, "what-if", "extra_card", "--ruleset", str(house))
    assert doc["ruleset"] == "my-room"
    assert doc["situations"][0]["rule"] == "TDA24 35-A-5"
    assert doc["situations"][0]["misdeal"] is True


def test_what_if_unknown_situation_is_refused_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "what-if", "zqxv")
    assert code == 1
    assert out == ""
    assert "no situation 'zqxv'" in err


def test_what_if_missing_house_ruleset_file_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = _run(capsys, "what-if", "extra_card", "--ruleset", str(tmp_path / "no.yaml"))
    assert code == 2
    assert "no such ruleset file" in err


# --- diff --------------------------------------------------------------------------------------


def test_diff_lists_every_situation_whose_recovery_differs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dealer_trainer.rules.rulesets import builtin
    from dealer_trainer.whatif import SCOPES

    doc = _json(capsys, "diff", "roberts", "tda-2024")
    roberts, tda = builtin("roberts"), builtin("tda-2024")
    # a recovery that differs, or the cases a situation covers (an option such as
    # substantial_action moves the line between an early and a late deal error)
    expected = [
        s.name
        for s in SITUATIONS
        if (s.outcome(roberts).steps, s.outcome(roberts).words)
        != (s.outcome(tda).steps, s.outcome(tda).words)
        or any(
            scope.situation == s.name
            and getattr(roberts, scope.option) != getattr(tda, scope.option)
            for scope in SCOPES
        )
    ]
    assert [d["situation"] for d in doc["differ"]] == expected
    assert "premature_turn" in expected
    assert {d["situation"] for d in doc["differ"]} | set(doc["same"]) == {
        s.name for s in SITUATIONS
    }
    turn = next(d for d in doc["differ"] if d["situation"] == "premature_turn")
    assert turn["roberts"]["rule"] == "RRoP-HE 4"
    assert turn["tda-2024"]["rule"] == "TDA24 RP-5B"
    assert {o["option"] for o in doc["options"]} >= {"premature_turn", "flop_too_many"}


def test_diff_prints_the_two_rulesets_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "diff", "roberts", "tda-2024")
    assert code == 0
    assert out.splitlines()[0].endswith("recover differently under roberts and tda-2024")
    assert re.search(r"^roberts \[RRoP-HE 4\] +\| tda-2024 \[TDA24 RP-5B\]$", out, re.M)


def test_diff_of_a_ruleset_with_itself_finds_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "diff", "roberts", "roberts")
    assert doc["differ"] == []
    assert doc["options"] == []


def test_diff_shows_a_house_option_no_situation_decides(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("name: river-room\nbase: roberts\noptions:\n  exposed_misdeal_cards: 1\n")
    doc = _json(capsys, "diff", "roberts", str(house))
    # issue 15: the option moves the second card off the deck from a misdeal to a replacement
    assert [d["situation"] for d in doc["differ"]] == ["exposed_first_cards", "exposed_other_card"]
    assert doc["options"] == [
        {
            "option": "exposed_misdeal_cards",
            "question": doc["options"][0]["question"],
            "roberts": 2,
            "river-room": 1,
        }
    ]


def test_diff_unknown_ruleset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "diff", "roberts", "robert")
    assert code == 1
    assert "no ruleset 'robert'; did you mean roberts" in err


# --- the command group -------------------------------------------------------------------------


def test_rules_without_a_subcommand_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys)
    assert code == 0
    for name in ("list", "show", "search", "term", "what-if", "diff"):
        assert name in out


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_rules_command_and_option_has_help() -> None:
    rules = _subparsers(_parser())["rules"]
    commands = _subparsers(rules)
    assert set(commands) == {"list", "show", "search", "term", "what-if", "diff"}
    for name, command in commands.items():
        assert command.description, name
        for action in command._actions:
            assert action.help, f"rules {name} {action.dest}"
        assert any(a.dest == "json" for a in command._actions), name


# --- the installed script ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (("show", "nonsense-99"), 1),
        (("search", "zqxv", "wkjh"), 1),
        (("term", "zqxv"), 1),
        (("what-if", "zqxv"), 1),
        (("list", "--ruleset", "zqxv"), 1),
        (("search", "card", "--limit", "0"), 2),
        (("list", "--ruleset", "missing-house-rules.yaml"), 2),
    ],
)
def test_installed_script_refuses_without_a_traceback(argv: tuple[str, ...], code: int) -> None:
    result = _installed(*argv, NO_COLOR="1")
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(("dealer-trainer: ", "usage: "))


def test_installed_script_answers_a_search_in_plain_text_under_no_color() -> None:
    result = _installed("search", "flashed card", NO_COLOR="1", FORCE_COLOR="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("RRoP-HE 1  ")
    assert not ANSI.search(result.stdout)


def test_installed_script_paints_under_force_color() -> None:
    result = _installed("search", "flashed card", FORCE_COLOR="1")
    assert result.returncode == 0, result.stderr
    assert ANSI.search(result.stdout)
    assert ANSI.sub("", result.stdout).startswith("RRoP-HE 1  ")


def test_installed_script_json_is_one_document() -> None:
    result = _installed("what-if", "4", "card", "flop", "--json", FORCE_COLOR="1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["situations"][0]["rule"] == "RRoP-HE 2"


def test_the_lookup_path_imports_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "from dealer_trainer.cli.main import main\n"
        "assert main(['rules', 'search', 'flashed card']) == 0\n"
        "assert main(['rules', 'show', 'RRoP-HE-1']) == 0\n"
        "assert main(['rules', 'term', 'kicker']) == 0\n"
        "assert main(['rules', 'list']) == 0\n"
        "heavy = [m for m in ('transitions', 'questionary', 'hypothesis', 'prompt_toolkit',\n"
        "    'dealer_trainer.engine', 'dealer_trainer.procedure.hand', 'numpy')\n"
        "    if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert main(['rules', 'what-if', 'premature_turn']) == 0\n"
        "assert main(['rules', 'diff', 'roberts', 'tda-2024']) == 0\n"
        "assert 'transitions' not in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr


def test_a_rules_search_imports_only_the_rules_command() -> None:
    """The command registry is lazy: ``rules search`` imports no other command, no session,
    no store and no prompt library (proved on the real console entry, ``-m dealer_trainer``)."""
    code = (
        "import runpy, sys\n"
        "sys.argv = ['dealer-trainer', 'rules', 'search', 'flashed card']\n"
        "try:\n"
        "    runpy.run_module('dealer_trainer', run_name='__main__')\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0, exc.code\n"
        "prefixes = ('dealer_trainer.cli.', 'dealer_trainer.training', 'dealer_trainer.drill',\n"
        "    'dealer_trainer.engine', 'dealer_trainer.procedure', 'dealer_trainer.store',\n"
        "    'dealer_trainer.scenario', 'questionary', 'prompt_toolkit', 'transitions', 'fsrs',\n"
        "    'sqlite3', 'platformdirs')\n"
        "print(sorted(m for m in sys.modules if m.startswith(prefixes)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == str(
        ["dealer_trainer.cli.main", "dealer_trainer.cli.render", "dealer_trainer.cli.rules"]
    )


def test_every_command_is_listed_without_importing_any_of_them() -> None:
    code = (
        "import sys\n"
        "from dealer_trainer.cli.main import COMMANDS, main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(name for name in COMMANDS if f'dealer_trainer.cli.{name}' in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    *shown, loaded = result.stdout.splitlines()
    assert loaded == "[]"
    listing = "\n".join(shown)
    from dealer_trainer.cli.main import COMMANDS

    for name, summary in COMMANDS.items():
        assert name in listing and summary[:30] in " ".join(listing.split())
