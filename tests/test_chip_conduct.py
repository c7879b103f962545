"""Chips and hands at the table (issue 25): chips splashed into the pot (LA26 42), a stack knocked
over (LA26 50), a big chip hidden behind a stack (LA26 50; TDA24 63), one player to a hand
(LA26 20); each accepted or refused with its rule, bad input with its place."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.rules.search import search
from tests.script_items import act

# seat 1 the button, 2 the small blind, 3 the big blind, 4 under the gun
SIX = {"seats": 6, "button": 1, "blinds": [1, 2], "stacks": 200}
DEAL = ["shuffle", "cut", "post_blinds", "deal"]


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    return replay({"table": {**SIX, **table}, "seed": 7, "events": [*DEAL, *events]})


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


def refused(result: dict[str, Any]) -> list[str | None]:
    return [item["rule"] for item in result["rejected"]]


def chips_in(result: dict[str, Any], seat: int) -> int:
    return 200 - int(result["seats"][str(seat)]["chips"])


# --- chips splashed into the pot ---------------------------------------------------------------


def test_la26_42_splashed_chips_are_still_the_bet_at_the_amount_worked_out() -> None:
    result = play([{"splash": {"seat": 4, "chips": [1, 1]}}])
    assert refused(result) == [] and kinds(result) == [("splashed_chips", "LA26 42")]
    assert chips_in(result, 4) == 2 and result["to_act"] == 5  # a call of the big blind


def test_a_splash_worked_out_as_a_full_raise_is_a_raise() -> None:
    result = play([{"splash": {"seat": 4, "chips": [2, 2, 2]}}])
    assert refused(result) == [] and chips_in(result, 4) == 6
    assert result["floor_rulings"][0]["action"] == "raise"


def test_a_splash_under_half_a_raise_is_a_call_the_rest_back() -> None:
    # facing 10, chips of 12 are 2 over the call, less than half a raise of 10 (TDA 45-B)
    result = play([{"splash": {"seat": 4, "chips": [5, 5, 2]}}], blinds=[5, 10])
    assert refused(result) == [] and chips_in(result, 4) == 10


def test_a_splash_with_words_is_ruled_on_the_words() -> None:
    result = play([{"splash": {"seat": 4, "said": "call", "chips": [5]}}])
    assert refused(result) == [] and chips_in(result, 4) == 2


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_a_splash_nobody_can_verify_is_refused_and_the_action_stays(ruleset: str) -> None:
    result = play([{"splash": {"seat": 4}}], ruleset=ruleset)
    assert refused(result) == ["LA26 42"] and result["to_act"] == 4
    assert chips_in(result, 4) == 0 and kinds(result) == []


def test_a_splash_out_of_turn_is_refused_with_the_rule() -> None:
    result = play([{"splash": {"seat": 5, "chips": [2]}}])
    assert refused(result) == ["LA26 42"] and result["to_act"] == 4


def test_a_splash_before_the_deal_is_refused() -> None:
    events = ["shuffle", "cut", "post_blinds", {"splash": {"seat": 4, "chips": [2]}}]
    result = replay({"table": SIX, "seed": 7, "events": events})
    assert len(result["rejected"]) == 1 and result["irregularities"] == []


# --- a stack knocked over ----------------------------------------------------------------------


def test_la26_50_a_stack_knocked_over_is_no_bet_and_the_action_stays() -> None:
    result = play([{"knocked_over": {"seat": 4}}])
    assert kinds(result) == [("stack_knocked_over", "LA26 50")]
    assert chips_in(result, 4) == 0 and result["to_act"] == 4


def test_a_stack_knocked_over_of_a_seat_all_in_is_refused() -> None:
    result = play([act(4, "all_in"), {"knocked_over": {"seat": 4}}])
    assert refused(result) == ["LA26 50"]


# --- a big chip hidden -------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "LA26 50"), ("tda-2024", "TDA24 63")])
def test_a_big_chip_hidden_is_brought_into_sight_and_stays_the_players(
    ruleset: str, rule: str
) -> None:
    result = play([{"hidden_chip": {"seat": 6, "amount": 100}}], ruleset=ruleset)
    assert kinds(result) == [("hidden_chip", rule)]
    assert chips_in(result, 6) == 0 and result["to_act"] == 4


def test_a_hidden_chip_bigger_than_the_stack_is_refused() -> None:
    result = play([{"hidden_chip": {"seat": 6, "amount": 500}}])
    assert refused(result) == ["LA26 50"] and kinds(result) == []


# --- one player to a hand ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_la26_20_one_player_to_a_hand_a_warning_and_the_hand_plays_on(ruleset: str) -> None:
    result = play([act(4, "call"), {"one_player": {"seat": 5}}], ruleset=ruleset)
    assert kinds(result) == [("one_player_to_a_hand", "LA26 20")]
    assert not result["seats"]["5"]["folded"] and result["to_act"] == 5


def test_a_house_that_rules_the_hand_dead_kills_it_and_keeps_its_chips(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {one_player: dead}\n", encoding="utf-8"
    )
    script = {
        "table": {**SIX, "ruleset": "house.yaml"},
        "seed": 7,
        "events": [*DEAL, act(4, "call"), {"one_player": {"seat": 4}}],
    }
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    result = replay(path)
    assert kinds(result) == [("one_player_to_a_hand", "LA26 20")]
    assert result["seats"]["4"]["folded"] and chips_in(result, 4) == 2


def test_one_player_of_a_folded_seat_is_refused() -> None:
    result = play([act(4, "fold"), {"one_player": {"seat": 4}}])
    assert refused(result) == ["LA26 20"]


# --- bad input: its place ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "words"),
    [
        ({"splash": {"chips": [2]}}, "splash needs 'seat'"),
        ({"splash": {"seat": 4, "chips": 2}}, "'chips' must be a list"),
        ({"hidden_chip": {"seat": 4, "amount": 0}}, "'amount'"),
        ({"knocked_over": {"seat": 9}}, "seat 9"),
        ({"one_player": {"seat": 4, "advice": True}}, "one_player has no argument"),
    ],
)
def test_bad_input_is_a_script_error_with_its_place(
    tmp_path: Path, item: dict[str, Any], words: str
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump({"table": SIX, "events": [*DEAL, item]}), encoding="utf-8")
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    assert words in str(caught.value)
    assert re.search(r"hand\.yaml:\d+:\d+", str(caught.value))  # its file:line:col


# --- the rules lookup --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("splash", "LA26 42"),
        ("stack knocked over", "LA26 50"),
        ("hidden chip", "LA26 50"),
        ("one player to a hand", "LA26 20"),
        ("two people playing one hand", "LA26 20"),
        ("player splashed the pot", "LA26 42"),
        ("knocked his stack over", "LA26 50"),
    ],
)
def test_the_lookup_finds_each_by_a_floor_persons_words(words: str, rule: str) -> None:
    assert rule in [hit.rule.cite for hit in search(words, limit=5)]


def test_a_splash_is_the_action_while_a_recovery_waits_for_the_betting() -> None:
    # the turn dealt before the flop betting is over: set aside, the betting finishes first
    flop = [act(4, "call"), act(5, "call"), act(6, "call"), act(1, "call"), act(2, "call")]
    flop += [act(3, "check"), "burn", "flop", act(2, "bet", 4), "burn", "turn", "set_aside"]
    result = play([*flop, {"splash": {"seat": 3, "chips": [2, 2]}}])
    assert refused(result) == [] and result["to_act"] == 4
    assert [kind for kind, _ in kinds(result)] == ["premature_turn", "splashed_chips"]
    assert result["expected_next"] == ["act"]
