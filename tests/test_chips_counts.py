"""Chips and counts (issue 25): chips pulled back once they crossed the line are refused with
their rule (TDA24 50-A in a tournament, LA26 69 in a cash game); a prior bet pulled back facing a
raise binds the player to call or raise (TDA24 46-B); a count of a stack on request follows the
table's game (LA26 76 in a cash game, TDA24 60 in a tournament); the rules lookup finds each by
a floor person's words."""

from __future__ import annotations

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
FOUR = {"seats": 4, "button": 1, "blinds": [1, 2], "stacks": 200}


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    script = {"table": {**FOUR, **table}, "seed": 5, "events": ["shuffle", "cut", *events]}
    return replay(script)


OPEN = ["post_blinds", "deal", act(4, "raise", 6)]


def rules_refused(result: dict[str, Any]) -> list[str]:
    return [str(item["rule"]) for item in result["rejected"]]


# --- chips pulled back -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "rule"), [("cash", "LA26 69"), ("tournament", "TDA24 50-A")])
def test_tda24_50a_la26_69_a_bet_released_in_turn_cannot_be_pulled_back(
    game: str, rule: str
) -> None:
    result = play([*OPEN, {"pull_back": {"seat": 4}}], game=game)
    assert rules_refused(result) == [rule]
    assert "crossed the line" in result["rejected"][0]["reason"]
    assert result["seats"]["4"]["chips"] == 194 and result["to_act"] == 1  # nothing changed


def test_chips_cannot_be_pulled_back_by_a_seat_with_none_out() -> None:
    result = play([*OPEN, {"pull_back": {"seat": 6}}], seats=6)  # seat 5 is to act
    assert "nothing to pull back" in result["rejected"][0]["reason"]


LIMIT = {"blinds": [2, 4], "structure": "limit", "stacks": 400, "game": "cash"}
LIMIT_FLOP = ["post_blinds", "deal", act(4, "call"), act(1, "call"), act(2, "call")]
LIMIT_FLOP += [act(3, "check"), "burn", "flop"]


def test_la26_138_a_forward_motion_in_limit_that_drew_action_must_complete_the_bet() -> None:
    drawn = [*LIMIT_FLOP, {"act": {"seat": 3, "action": "fold", "out_of_turn": True}}]
    drawn.append({"pull_back": {"seat": 2}})
    checked = play([*drawn, act(2, "check")], **LIMIT)
    assert rules_refused(checked) == ["LA26 138"]
    assert play([*drawn, act(2, "bet", 4)], **LIMIT)["rejected"] == []
    assert play([*drawn, act(2, "fold")], **LIMIT)["rejected"] == []  # or give up the hand


def test_a_forward_motion_that_drew_no_action_binds_nothing() -> None:
    quiet = [*LIMIT_FLOP, {"pull_back": {"seat": 2}}, act(2, "check")]
    assert play(quiet, **LIMIT)["rejected"] == []
    drawn = [*LIMIT_FLOP, {"act": {"seat": 3, "action": "fold", "out_of_turn": True}}]
    no_limit = play([*drawn, {"pull_back": {"seat": 2}}, act(2, "check")], game="cash")
    assert no_limit["rejected"] == []  # LA26 138 is a limit rule


def test_chips_taken_back_before_they_crossed_the_line_are_no_action() -> None:
    result = play([*OPEN, {"pull_back": {"seat": 1}}, act(1, "fold")])
    assert result["rejected"] == [] and result["to_act"] == 2


def test_tda24_46b_a_prior_bet_pulled_back_facing_a_raise_binds_a_call_or_raise() -> None:
    events = [*OPEN, act(1, "call"), act(2, "fold"), act(3, "raise", 20), act(4, "fold")]
    pulled = [*events, {"pull_back": {"seat": 1}}]
    folded = play([*pulled, act(1, "fold")])
    assert rules_refused(folded) == ["TDA24 46-B"]
    assert "not fold" in folded["rejected"][0]["reason"]
    called = play([*pulled, act(1, "call")])
    assert called["rejected"] == [] and called["state"] == "flop_burn"
    free = play([*events, act(1, "fold")])  # without the pull-back a fold is the player's own
    assert free["rejected"] == []


def test_a_pull_back_outside_a_betting_round_is_refused() -> None:
    result = play(["post_blinds", {"pull_back": {"seat": 3}}])
    assert len(result["rejected"]) == 1


# --- a count on request --------------------------------------------------------------------


def test_la26_76_in_a_cash_game_a_player_may_have_any_stack_counted() -> None:
    result = play([*OPEN, {"count": {"seat": 2, "of": 4}}], game="cash")
    assert result["rejected"] == [] and result["to_act"] == 1


def test_tda24_60_in_a_tournament_a_count_only_facing_an_all_in_in_turn() -> None:
    early = play([*OPEN, {"count": {"seat": 1, "of": 4}}], game="tournament")
    assert rules_refused(early) == ["TDA24 60"]
    all_in = ["post_blinds", "deal", act(4, "all_in")]
    asked = play([*all_in, {"count": {"seat": 1, "of": 4}}], game="tournament")
    assert asked["rejected"] == []
    not_his_turn = play([*all_in, {"count": {"seat": 2, "of": 4}}], game="tournament")
    assert rules_refused(not_his_turn) == ["TDA24 60"]


def test_a_count_of_ones_own_stack_or_a_seat_out_of_the_hand_is_refused() -> None:
    own = play([*OPEN, {"count": {"seat": 1, "of": 1}}], game="cash")
    assert "its own chips" in own["rejected"][0]["reason"]
    away = play([*OPEN, {"count": {"seat": 1, "of": 9}}], game="cash")
    assert len(away["rejected"]) == 1


def test_a_count_without_the_stack_to_count_is_refused_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - count: {seat: 2}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:4:5"
    assert "count needs 'of'" in str(caught.value)


def test_a_pull_back_with_an_argument_it_does_not_take_is_refused_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - pull_back: {seat: 2, of: 3}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:3:26"


# --- the rules lookup finds them by a floor person's words -----------------------------------


@pytest.mark.parametrize(
    ("words", "wanted"),
    [
        ("splash", {"LA26-42", "TDA24-70"}),
        ("splashed the pot", {"LA26-42", "TDA24-70"}),
        ("pulled back", {"TDA24-46-B", "TDA24-50-A", "LA26-69"}),
        ("hidden chip", {"TDA24-62"}),
        ("miscount", {"TDA24-49", "LA26-139"}),
        ("count", {"TDA24-60", "LA26-76"}),
        ("conditional", {"TDA24-59-A", "LA26-18"}),
        ("forward motion", {"TDA24-50-A", "LA26-138"}),
        ("stack knocked over", {"LA26-50"}),
        ("wrong change", {"LA26-141", "TDA24-61"}),
    ],
)
def test_the_rules_lookup_finds_the_chip_count_and_conditional_rules(
    words: str, wanted: set[str]
) -> None:
    top = [hit.rule.id for hit in search(words, limit=3)]
    assert wanted & set(top), top


# --- conditional statements -----------------------------------------------------------------


def conditional(seat: int, action: str) -> dict[str, Any]:
    return {"conditional": {"seat": seat, "action": action}}


@pytest.mark.parametrize(("game", "rule"), [("cash", "LA26 18"), ("tournament", "TDA24 59-A")])
def test_tda24_59a_la26_18_a_conditional_raise_binds_once_the_bet_comes(
    game: str, rule: str
) -> None:
    said = ["post_blinds", "deal", conditional(1, "raise"), act(4, "raise", 6)]
    called = play([*said, act(1, "call")], game=game)
    assert rules_refused(called) == [rule]
    assert "holds it to that" in called["rejected"][0]["reason"]
    raised = play([*said, act(1, "raise", 12)], game=game)
    assert raised["rejected"] == [] and raised["to_act"] == 2


def test_a_conditional_statement_lapses_when_the_seat_acts() -> None:
    events = ["post_blinds", "deal", conditional(2, "fold"), act(4, "call"), act(1, "call")]
    events += [act(2, "call"), act(3, "raise", 8), act(4, "call"), act(1, "call"), act(2, "call")]
    assert play(events)["rejected"] == []  # seat 2 called in turn: "fold" no longer holds it


def test_tda24_46b_the_pulled_back_prior_bet_binds_only_that_turn() -> None:
    events = [*OPEN, act(1, "call"), act(2, "fold"), act(3, "raise", 20), act(4, "fold")]
    events += [{"pull_back": {"seat": 1}}, act(1, "raise", 40), act(3, "raise", 80), act(1, "fold")]
    assert play(events)["rejected"] == []  # facing the re-raise, seat 1 may fold again


def test_a_conditional_statement_binds_nothing_when_no_bet_comes() -> None:
    result = play(["post_blinds", "deal", conditional(1, "raise"), act(4, "call"), act(1, "call")])
    assert result["rejected"] == []


def test_a_conditional_statement_lapses_when_the_round_ends() -> None:
    events = ["post_blinds", "deal", act(4, "call"), act(1, "call"), conditional(3, "fold")]
    events += [act(2, "call"), act(3, "check"), "burn", "flop", act(2, "bet", 4), act(3, "call")]
    assert play(events)["rejected"] == []  # seat 3 acted (checked): its statement lapsed


def test_a_house_that_holds_no_conditional_statement_takes_any_action(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {conditional: not_binding}\n", encoding="utf-8"
    )
    script = {
        "table": {**FOUR, "ruleset": "house.yaml"},
        "seed": 5,
        "events": [
            "shuffle",
            "cut",
            "post_blinds",
            "deal",
            conditional(1, "raise"),
            act(4, "raise", 6),
            act(1, "call"),
        ],
    }
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    assert replay(path)["rejected"] == []


@pytest.mark.parametrize(
    ("events", "words"),
    [
        (["post_blinds", "deal", conditional(4, "raise")], "its action in turn"),
        (["post_blinds", "deal", conditional(1, "check")], "not check"),
        (["post_blinds", conditional(1, "raise")], "conditional is not the next step"),
    ],
)
def test_a_conditional_statement_in_turn_or_of_the_wrong_kind_is_refused(
    events: list[Any], words: str
) -> None:
    result = play(events)
    assert len(result["rejected"]) == 1
    assert words in result["rejected"][0]["reason"], result["rejected"]


# --- a miscount acted on -------------------------------------------------------------------


@pytest.mark.parametrize(("game", "rule"), [("cash", "LA26 139"), ("tournament", "TDA24 49")])
def test_tda24_49_la26_139_a_caller_told_too_little_calls_the_true_bet(
    game: str, rule: str
) -> None:
    told = {"act": {"seat": 1, "action": "call", "chips": [5], "told": 5}}
    result = play(["post_blinds", "deal", act(4, "raise", 8), told], game=game)
    assert result["rejected"] == []
    assert [r["rule"] for r in result["floor_rulings"]] == [rule]
    assert result["seats"]["1"]["chips"] == 192  # the 3 short made up: a call of 8


def test_tda24_49_chips_matching_an_overstated_count_are_a_call_the_rest_back() -> None:
    told = {"act": {"seat": 1, "action": "call", "chips": [10, 10], "told": 20}}
    result = play(["post_blinds", "deal", act(4, "raise", 8), told], game="tournament")
    assert result["floor_rulings"][0]["action"] == "call"
    assert result["seats"]["1"]["chips"] == 192  # not a raise to 20: the 12 over goes back


def test_a_count_told_right_changes_nothing() -> None:
    told = {"act": {"seat": 1, "action": "call", "chips": [5], "told": 8}}
    result = play(["post_blinds", "deal", act(4, "raise", 8), told])
    assert result["floor_rulings"][0]["rule"] == "TDA24 51-B"  # an undercall, as always


def test_told_must_be_a_whole_number_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - act: {seat: 2, action: call, told: lots}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:3:40"
