"""Rulesets as data: the built-in ones, house ruleset files, and the errors a file can hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dealer_trainer.rules
from dealer_trainer.engine import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import BUILTIN, OPTIONS, load_ruleset, resolve

HOUSE = """\
name: first-card-room
base: roberts
description: A misdeal on the first exposed card only.
options:
  exposed_misdeal_cards: 1
"""


def _house(tmp_path: Path, text: str = HOUSE, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _script(ruleset: str, events: list[object]) -> dict[str, object]:
    return {"table": {"seats": 3, "button": 1, "ruleset": ruleset}, "deck": [], "events": events}


def test_builtin_rulesets_set_every_option_to_a_documented_value() -> None:
    for ruleset in BUILTIN.values():
        for option in OPTIONS:
            assert getattr(ruleset, option.name) in option.values, (ruleset.name, option.name)


def test_roberts_and_tda_differ_where_the_rulebooks_differ() -> None:
    roberts, tda = BUILTIN["roberts"], BUILTIN["tda-2024"]
    differ = {name for name, value in roberts.options().items() if tda.options()[name] != value}
    assert differ == {
        "extra_card",
        "flop_too_many",
        "premature_turn",
        "recut_after_premature_flop",
        "board_claim",
        "flop_without_burn",
        "substantial_action",
        "heads_up_raises",
        "button",
        "all_in_tabled",
        "skipped_hand",
        "game",  # roberts: cash games; tda-2024: tournaments
        "straddle",  # a cash game: under the gun (RRoP-BLD 4); also the button (LA26 22)
        "re_straddle",  # no number set; LA26 22: one re-straddle from a 5-5-10 game up
        "run_it_twice",  # a cash game: Robert's Rules have none; LA26 187 allows it
        "buy_button",  # a cash game: Robert's Rules have the player wait; LA26 158 sells it
        "see_hand",  # any player dealt in (RRoP-SD 5); the river caller (TDA24 18)
    }


def test_house_ruleset_starts_from_its_base_and_overrides_named_options(tmp_path: Path) -> None:
    house = load_ruleset(_house(tmp_path))
    assert house.name == "first-card-room"
    assert house.family == "roberts"
    assert house.exposed_misdeal_cards == 1
    assert {k: v for k, v in house.options().items() if k != "exposed_misdeal_cards"} == {
        k: v for k, v in BUILTIN["roberts"].options().items() if k != "exposed_misdeal_cards"
    }


def test_rrop_he1_first_card_only_house_rule_makes_the_second_card_a_replace(
    tmp_path: Path,
) -> None:
    events: list[object] = ["post_blinds", "pitch", {"pitch": {"exposed": True}}, "deal"]
    house = _house(tmp_path)
    standard = replay(_script("roberts", events), auto_recover=True)
    first_only = replay(_script(str(house), events), auto_recover=True)
    assert standard["misdeals"] == 1
    assert first_only["misdeals"] == 0
    assert first_only["irregularities"] == [
        {"kind": "exposed_hole_card", "rule": "RRoP-HE 1", "event": 2}
    ]
    # seat 3 got 3c face up; it is the flop's burn, and seat 3 gets the top card of the stub
    assert first_only["burns"] == ["3c"]
    assert first_only["seats"]["3"]["hole"] == ["8c", "6c"]


def test_house_ruleset_path_is_read_relative_to_the_script(tmp_path: Path) -> None:
    _house(tmp_path, name="room.yaml")
    script = tmp_path / "hand.yaml"
    script.write_text(
        "table: {seats: 3, button: 1, ruleset: room.yaml}\ndeck: []\n"
        "events: [post_blinds, pitch, {pitch: {exposed: true}}, deal]\n",
        encoding="utf-8",
    )
    assert replay(script, auto_recover=True)["misdeals"] == 0


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "name: x\nbase: roberts\noptions:\n  exposed_misdeal_card: 1\n",
            ":4:3",
            [
                "unknown option 'exposed_misdeal_card'",
                "did you mean 'exposed_misdeal_cards'",
                "valid:",
                "board_claim",
                "substantial_action",
            ],
        ),
        (
            "name: x\nbase: roberts\noptions:\n  extra_card: burnt\n",
            ":4:15",
            ["option 'extra_card' cannot be burnt", "valid: burn, misdeal"],
        ),
        (
            "name: x\nbase: roberts\noptions:\n  exposed_misdeal_cards: '1'\n",
            ":4:26",
            ["option 'exposed_misdeal_cards' cannot be 1", "valid: 2, 1"],
        ),
        ("name: x\nbase: robert\n", ":2:7", ["unknown base ruleset 'robert'", "'roberts'"]),
        ("base: roberts\n", ":1:1", ["a ruleset needs a 'name'"]),
        ("name: x\nbase: roberts\nopts: {}\n", ":3:1", ["unknown field 'opts'", "'options'"]),
        ("- a list\n", ":1:1", ["a ruleset file is a mapping"]),
    ],
)
def test_house_ruleset_errors_name_the_place_and_the_valid_choices(
    tmp_path: Path, text: str, where: str, words: list[str]
) -> None:
    path = _house(tmp_path, text)
    with pytest.raises(ScriptError) as caught:
        load_ruleset(path)
    error = caught.value
    assert error.where is not None and error.where.endswith(where), error.where
    for word in words:
        assert word in error.message, error.message


def test_a_script_naming_a_missing_ruleset_file_is_a_script_error(tmp_path: Path) -> None:
    script = tmp_path / "hand.yaml"
    script.write_text("table:\n  seats: 3\n  ruleset: nowhere.yaml\nevents: []\n", "utf-8")
    with pytest.raises(ScriptError) as caught:
        replay(script)
    assert "no such ruleset file" in caught.value.message
    assert caught.value.where == f"{script}:3:12"


def test_an_unknown_ruleset_name_lists_the_builtin_ones() -> None:
    with pytest.raises(ScriptError) as caught:
        replay(_script("tda2024", ["post_blinds"]))
    assert "did you mean 'tda-2024'" in caught.value.message
    assert "roberts" in caught.value.message


def test_resolve_gives_builtin_rulesets_by_name() -> None:
    assert resolve("tda-2024") is BUILTIN["tda-2024"]
    with pytest.raises(KeyError):
        resolve("no-such-ruleset")


def test_a_ruleset_file_in_the_working_folder_never_overrides_the_one_beside_the_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank, cwd = tmp_path / "bank", tmp_path / "cwd"
    bank.mkdir()
    cwd.mkdir()
    _house(bank, name="room.yaml")  # first card only: the second exposed card is no misdeal
    _house(cwd, HOUSE.replace("exposed_misdeal_cards: 1", "exposed_misdeal_cards: 2"), "room.yaml")
    script = bank / "hand.yaml"
    script.write_text(
        "table: {seats: 3, button: 1, ruleset: room.yaml}\ndeck: []\n"
        "events: [post_blinds, pitch, {pitch: {exposed: true}}, deal]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(cwd)
    assert replay(script, auto_recover=True)["misdeals"] == 0


def test_a_house_ruleset_named_like_a_builtin_is_refused(tmp_path: Path) -> None:
    path = _house(tmp_path, "name: tda-2024\nbase: roberts\n")
    with pytest.raises(ScriptError, match="cannot take the built-in ruleset's name 'tda-2024'"):
        load_ruleset(path)


def test_a_yaml_file_that_is_no_ruleset_is_refused_without_a_word_of_its_content(
    tmp_path: Path,
) -> None:
    path = _house(tmp_path, "name: prod\ndb_password: hunter2\n", "config.yaml")
    with pytest.raises(ScriptError) as caught:
        load_ruleset(path)
    assert "not a house ruleset file" in caught.value.message
    assert "db_password" not in str(caught.value) and "hunter2" not in str(caught.value)


def test_a_third_built_in_rulebook_is_one_entry_and_rulesets_based_on_it_follow_its_family(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A built-in rulebook that follows tda-2024 is one new BUILTIN entry: its name reaches
    the help texts and messages, and a house ruleset based on it rules as tda-2024 does."""
    from dataclasses import replace

    from dealer_trainer.procedure.rulings import situation
    from dealer_trainer.rules import rulesets

    wsop = replace(rulesets.BUILTIN["tda-2024"], name="wsop-2026", base="tda-2024")
    monkeypatch.setitem(rulesets.BUILTIN, "wsop-2026", wsop)
    house = replace(wsop, name="our-room", base="wsop-2026")
    assert wsop.family == house.family == "tda-2024"
    assert situation("premature_river").outcome(house).rule == "TDA24 RP-5C"
    assert rulesets.builtin_names() == ", ".join(list(rulesets.BUILTIN)[:-1]) + " or wsop-2026"
    assert rulesets.other_family(house).name == "roberts"
    assert rulesets.other_family(rulesets.BUILTIN["roberts"]).name == "tda-2024"


def test_the_rules_never_import_the_engine() -> None:
    """rules/ sits beside procedure/: no module of it imports the procedure, nor anything above
    it (a what-if reads both, so it lives above both), imports inside functions included."""
    above = ("dealer_trainer.procedure", "dealer_trainer.training", "dealer_trainer.scenario",
             "dealer_trainer.whatif", "dealer_trainer.cli", "dealer_trainer.web")  # fmt: skip
    folder = Path(dealer_trainer.rules.__file__).parent
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not name.startswith(above), f"{path.name} imports {name}"
