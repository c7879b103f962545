"""The board's dealer errors of issue 13, one test per ruling and ruleset, on a stacked deck.

The expectations are worked out from the rule texts (LA26 23 and 169, TDA24 37, 38, 39-B, RP-4
and RP-14, RRoP-IR 7 and RRoP-MD(e)), not read off the engine. The table: three seats, button on
1, blinds 1-2, 100 chips each (five seats where the button's short card needs substantial action
before the button acts). On three seats the dealing order is 2, 3, 1 and the stacked deck gives::

    seat 2: Ah Jh    seat 3: Kh Th    seat 1: Qh 9h
    flop burn 2s, flop 3s 4s 5s, turn burn 6s, turn 7s, river burn 8s, river 9s, then Ts Js Qs

Every replay proves the 52-card and chip invariants after every event (``check=True``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.engine import play, snapshot
from dealer_trainer.handscript import parse_script, script_item
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import BUILTIN
from tests.script_items import act

ROBERTS = "roberts"
TDA = "tda-2024"
BOTH = pytest.mark.parametrize("ruleset", [ROBERTS, TDA])

#: the stacked deck, top first (the rest follows in the standard order)
DECK = [
    "Ah", "Kh", "Qh", "Jh", "Th", "9h",  # the deal: seats 2, 3, 1, twice
    "2s", "3s", "4s", "5s",  # flop burn, flop
    "6s", "7s",  # turn burn, turn
    "8s", "9s",  # river burn, river
    "Ts", "Js", "Qs", "Ks",
]  # fmt: skip


#: the deal and preflop: the button calls, the small blind completes, the big blind checks
PREFLOP = ["post_blinds", "deal", act(1, "call"), act(2, "call"), act(3, "check")]
#: a postflop round checked around, from the seat left of the button
CHECKS = [act(2, "check"), act(3, "check"), act(1, "check")]
TO_TURN = [*PREFLOP, "burn", "flop", *CHECKS]
TO_RIVER = [*TO_TURN, "burn", "turn", *CHECKS]


def run(
    events: list[Any],
    ruleset: str = ROBERTS,
    *,
    auto: bool = True,
    seats: int = 3,
    deck: list[str] | None = None,
) -> dict[str, Any]:
    """Replay on the stacked deck, proving the card and chip invariants after every event."""
    script = {
        "table": {"seats": seats, "button": 1, "blinds": [1, 2], "stacks": 100,
                  "ruleset": ruleset},
        "deck": DECK if deck is None else deck,
        "seed": 7,
        "events": events,
    }  # fmt: skip
    result = snapshot(play(script, auto_recover=auto, check=True))
    cards = [*result["stub"], *result["board"], *result["burns"], *result["muck"]]
    cards += result["set_aside"]
    for seat in result["seats"].values():
        cards += seat["hole"]
    assert Counter(cards) == Counter(card.text for card in STANDARD_DECK)
    return result


def found(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


# --- 1. a burn missed or doubled on the turn or river (LA26 169; Robert's Rules agree) ---------


@BOTH
def test_la26_169_turn_without_burn_before_action_the_turned_card_becomes_the_burn(
    ruleset: str,
) -> None:
    waiting = run([*TO_TURN, "turn"], ruleset, auto=False)
    assert found(waiting) == [("missed_burn", "LA26 169")]
    assert waiting["expected_next"] == ["replace"]
    assert waiting["board"] == ["3s", "4s", "5s", "6s"]  # the turn burn, turned
    result = run([*TO_TURN, "turn", "replace", act(2, "check")], ruleset, auto=False)
    assert result["rejected"] == []
    assert result["burns"] == ["2s", "6s"]
    assert result["board"] == ["3s", "4s", "5s", "7s"]  # the turn that would have come
    assert run([*TO_TURN, "turn", act(2, "check")], ruleset)["board"] == result["board"]


@BOTH
def test_la26_169_river_without_burn_before_action_is_put_right_the_same_way(
    ruleset: str,
) -> None:
    result = run([*TO_RIVER, "river", act(2, "check")], ruleset)
    assert found(result) == [("missed_burn", "LA26 169")]
    assert result["burns"] == ["2s", "6s", "8s"]
    assert result["board"] == ["3s", "4s", "5s", "7s", "9s"]
    assert result["rejected"] == []


@BOTH
def test_la26_169_a_turn_without_burn_found_after_action_on_it_stands(ruleset: str) -> None:
    events = [*TO_TURN, {"turn": {"unnoticed": True}}, act(2, "check"), "notice"]
    result = run([*events, act(3, "check"), act(1, "check"), "burn", "river"], ruleset)
    assert found(result) == [("missed_burn", "LA26 169")]
    assert result["irregularities"][0]["event"] == len(events) - 1  # ruled at the notice
    assert result["board"] == ["3s", "4s", "5s", "6s", "8s"]  # the turn stands; one burn
    assert result["burns"] == ["2s", "7s"]
    assert result["rejected"] == []


@BOTH
def test_la26_169_a_turn_without_burn_noticed_before_action_is_put_right(ruleset: str) -> None:
    result = run([*TO_TURN, {"turn": {"unnoticed": True}}, "notice"], ruleset)
    assert found(result) == [("missed_burn", "LA26 169")]
    assert result["board"] == ["3s", "4s", "5s", "7s"]
    assert result["burns"] == ["2s", "6s"]


def test_la26_169_a_turn_without_burn_nobody_notices_plays_on() -> None:
    events = [*TO_TURN, {"turn": {"unnoticed": True}}, *CHECKS, "burn", "river"]
    result = run(events)
    assert result["irregularities"] == [] and result["rejected"] == []
    assert result["board"] == ["3s", "4s", "5s", "6s", "8s"]


@BOTH
def test_la26_169_two_burns_before_the_turn_the_second_goes_back_and_is_turned(
    ruleset: str,
) -> None:
    waiting = run([*TO_TURN, "burn", "burn"], ruleset, auto=False)
    assert found(waiting) == [("extra_burn", "LA26 169")]
    assert waiting["burns"] == ["2s", "6s", "7s"]
    assert waiting["expected_next"] == ["retrieve"]
    result = run([*TO_TURN, "burn", "burn", "retrieve", "turn"], ruleset, auto=False)
    assert result["rejected"] == []
    assert result["burns"] == ["2s", "6s"]
    assert result["board"] == ["3s", "4s", "5s", "7s"]


@BOTH
def test_la26_169_two_burns_and_the_turn_noticed_before_action_the_second_burn_is_the_turn(
    ruleset: str,
) -> None:
    events = [*TO_TURN, "burn", {"burn": {"unnoticed": True}}, "turn", "notice"]
    result = run([*events, *CHECKS, "burn", "river"], ruleset)
    assert ("extra_burn", "LA26 169") in found(result)
    # the board and burns are what they would have been without the error
    assert result["board"] == ["3s", "4s", "5s", "7s", "9s"]
    assert result["burns"] == ["2s", "6s", "8s"]
    assert result["rejected"] == []


def test_la26_169_roberts_two_burns_found_after_action_the_extra_burn_is_the_rivers_burn() -> None:
    events = [*TO_TURN, "burn", {"burn": {"unnoticed": True}}, "turn", act(2, "check"), "notice"]
    result = run([*events, act(3, "check"), act(1, "check"), "burn", "river"], ROBERTS)
    assert found(result) == [("extra_burn", "LA26 169")]
    assert result["board"] == ["3s", "4s", "5s", "8s", "9s"]  # the turn stands; river as due
    assert result["burns"] == ["2s", "6s", "7s"]  # 7s went back and was the river's burn


def test_tda24_38_two_burns_found_after_action_the_extra_burn_stays_and_one_card_is_burned() -> (
    None
):
    events = [*TO_TURN, "burn", {"burn": {"unnoticed": True}}, "turn", act(2, "check"), "notice"]
    result = run([*events, act(3, "check"), act(1, "check"), "burn", "river"], TDA)
    assert found(result) == [("extra_burn", "TDA24 38")]
    assert result["board"] == ["3s", "4s", "5s", "8s", "Ts"]
    assert result["burns"] == ["2s", "6s", "7s", "9s"]


def test_la26_169_a_second_burn_before_the_flop_is_still_out_of_procedure() -> None:
    result = run([*PREFLOP, "burn", "burn"])
    assert [item["name"] for item in result["rejected"]] == ["burn"]
    assert result["irregularities"] == []


def test_a_burn_error_flag_where_there_is_no_burn_error_is_refused() -> None:
    result = run([*TO_TURN, {"burn": {"unnoticed": True}}])
    assert [item["name"] for item in result["rejected"]] == ["burn"]
    assert result["burns"] == ["2s"]


# --- 2. a flop without its burn, noticed after action (TDA24 39-B, second half) ---------------


@pytest.mark.parametrize(("ruleset", "rule"), [(ROBERTS, "LA26 169"), (TDA, "TDA24 39-B")])
def test_tda24_39b_a_flop_without_burn_found_after_a_check_plays_and_the_turn_burns_one(
    ruleset: str, rule: str
) -> None:
    events = [*PREFLOP, {"flop": {"unnoticed": True}}, act(2, "check"), "notice"]
    result = run([*events, act(3, "check"), act(1, "check"), "burn", "turn"], ruleset)
    assert found(result) == [("flop_without_burn", rule)]
    assert result["board"] == ["2s", "3s", "4s", "6s"]  # the three cards stand
    assert result["burns"] == ["5s"]  # one burn for the turn, not two
    assert result["rejected"] == []


def test_tda24_39b_a_flop_without_burn_noticed_before_any_action_is_scrambled() -> None:
    events = [*PREFLOP, {"flop": {"unnoticed": True}}, "notice", {"scramble": {"burn": "3s"}}]
    result = run(events, TDA, auto=False)
    assert found(result) == [("flop_without_burn", "TDA24 39-B")]
    assert result["board"] == ["2s", "4s", "5s"]
    assert result["burns"] == ["3s"]
    assert result["expected_next"] == ["act"]
    assert result["rejected"] == []


def test_la26_168_roberts_a_flop_without_burn_noticed_before_any_action_is_dealt_again() -> None:
    events = [*PREFLOP, {"flop": {"unnoticed": True}}, "notice"]
    waiting = run(events, ROBERTS, auto=False)
    assert found(waiting) == [("flop_without_burn", "LA26 168")]
    assert waiting["expected_next"] == ["retrieve"]
    result = run([*events, "burn", "flop", act(2, "check")], ROBERTS)
    assert result["rejected"] == []
    assert len(result["board"]) == 3 and len(result["burns"]) == 1
    assert result["state"] == "flop"


# --- 3. a boxed card on the board (RRoP-IR 7; LA26 23) ---------------------------------------

BOXED_RULE = {ROBERTS: "RRoP-IR 7", TDA: "LA26 23"}


@BOTH
def test_rrop_ir7_la26_23_a_boxed_turn_card_is_set_aside_and_the_next_card_is_the_turn(
    ruleset: str,
) -> None:
    result = run([*TO_TURN, "burn", {"turn": {"boxed": True}}, act(2, "check")], ruleset)
    assert found(result) == [("boxed_card", BOXED_RULE[ruleset])]
    assert result["set_aside"] == ["7s"]
    assert result["board"] == ["3s", "4s", "5s", "8s"]
    assert result["burns"] == ["2s", "6s"]


def test_rrop_ir7_he4_a_boxed_card_as_a_recoverys_turn_is_replaced_and_it_goes_on() -> None:
    # a premature turn (7s) is set aside (RRoP-HE 4); once the flop betting is over the dealer
    # burns (8s) and turns the new turn, which is boxed (9s): the boxed card is set aside and
    # replaced (RRoP-IR 7), and the premature turn's recovery has had its turn: the turn
    # betting follows, then the set-aside 7s goes back into the stub for the river
    premature = [*PREFLOP, "burn", "flop", act(2, "check"), "burn", "turn"]
    made = [*premature, act(3, "check"), act(1, "check"), "burn", {"turn": {"boxed": True}}]
    waiting = run(made, auto=False)
    assert waiting["expected_next"] == ["set_aside"]  # the script spells out nothing
    result = run(made)
    assert found(result) == [("premature_turn", "RRoP-HE 4"), ("boxed_card", "RRoP-IR 7")]
    assert result["board"] == ["3s", "4s", "5s", "Ts"]
    assert result["set_aside"] == ["7s", "9s"]
    assert result["expected_next"] == ["act"]
    river = run([*made, *CHECKS, "river"])
    assert river["rejected"] == []
    assert river["state"] == "river"
    assert river["set_aside"] == ["9s"]  # the premature card went back into the stub


@BOTH
def test_rrop_ir7_la26_23_a_boxed_first_flop_card_is_set_aside_and_the_flop_is_the_next_three(
    ruleset: str,
) -> None:
    waiting = run([*PREFLOP, "burn", {"flop": {"boxed": True}}], ruleset, auto=False)
    assert waiting["expected_next"] == ["replace"]
    result = run([*PREFLOP, "burn", {"flop": {"boxed": True}}, "replace"], ruleset, auto=False)
    assert result["set_aside"] == ["3s"]
    assert result["board"] == ["4s", "5s", "6s"]


@BOTH
def test_rrop_ir7_la26_23_a_boxed_burn_card_is_set_aside_and_the_next_card_is_burned(
    ruleset: str,
) -> None:
    result = run([*PREFLOP, {"burn": {"boxed": True}}, "flop"], ruleset)
    assert found(result) == [("boxed_card", BOXED_RULE[ruleset])]
    assert result["set_aside"] == ["2s"]
    assert result["burns"] == ["3s"]
    assert result["board"] == ["4s", "5s", "6s"]


@BOTH
def test_la26_23_a_boxed_card_in_the_deal_and_one_on_the_board_void_the_hand(
    ruleset: str,
) -> None:
    deal = ["post_blinds", "pitch", {"pitch": {"boxed": True}}, "replace", "deal"]
    preflop = [act(1, "raise", 6), act(2, "call"), act(3, "call")]
    result = run([*deal, *preflop, "burn", {"flop": {"boxed": True}}], ruleset)
    assert ("boxed_card", "LA26 23") in found(result)
    assert ("misdeal", "LA26 23") in found(result)
    assert result["misdeals"] == 1
    assert result["state"] == "dealing"  # the hand is void: it is dealt again
    # every bet comes back; the blinds stay posted for the replay
    assert [result["seats"][seat]["chips"] for seat in ("1", "2", "3")] == [100, 99, 98]
    assert result["board"] == [] and result["set_aside"] == []


@BOTH
def test_la26_23_two_boxed_cards_on_the_board_void_the_hand(ruleset: str) -> None:
    events = [
        *PREFLOP,
        {"burn": {"boxed": True}},
        "flop",
        *CHECKS,
        "burn",
        {"turn": {"boxed": True}},
    ]
    result = run(events, ruleset)
    assert found(result)[-2:] == [("boxed_card", "LA26 23"), ("misdeal", "LA26 23")]
    assert result["misdeals"] == 1


# --- 4. the button a card short (TDA24 37; RRoP-MD(e)) ---------------------------------------

#: five seats, button 1: dealing order 2, 3, 4, 5, 1; preflop 4, 5, 1, 2, 3
SHORT_DEAL = ["post_blinds", *["pitch"] * 9]  # the button's second card is not dealt


def test_tda24_37_the_button_short_a_card_is_completed_even_after_substantial_action() -> None:
    events = [*SHORT_DEAL, act(4, "call"), act(5, "call"), "pitch", act(1, "call")]
    result = run(events, TDA, seats=5, deck=[])
    assert found(result) == [("button_short_card", "TDA24 37")]
    assert len(result["seats"]["1"]["hole"]) == 2
    assert result["seats"]["1"]["hole"][1] == "Jc"  # the card that came next: 10th off
    assert result["rejected"] == []


def test_tda24_37_a_button_that_acts_a_card_short_has_a_dead_hand() -> None:
    events = [*SHORT_DEAL, act(4, "call"), act(5, "call"), act(1, "call"), "notice"]
    result = run(events, TDA, seats=5, deck=[])
    assert found(result) == [("button_short_card", "TDA24 37")]
    assert result["seats"]["1"]["hole"] == []
    assert result["seats"]["1"]["folded"] is True  # dead: its call stays in the pot
    assert result["seats"]["1"]["chips"] == 98
    assert result["expected_next"] == ["act"]


def test_rrop_md_e_the_button_is_owed_the_next_card_in_order_even_after_it_acted() -> None:
    events = [*SHORT_DEAL, act(4, "call"), act(5, "call"), act(1, "call"), "pitch"]
    result = run(events, ROBERTS, seats=5, deck=[])
    assert found(result) == [("button_short_card", "RRoP-MD(e)")]
    assert result["seats"]["1"]["hole"] == ["6c", "Jc"]
    assert result["rejected"] == []


@pytest.mark.parametrize(("ruleset", "rule"), [(ROBERTS, "RRoP-MD(e)"), (TDA, "TDA24 37")])
def test_tda24_37_the_button_speaks_up_at_once_and_gets_the_next_card(
    ruleset: str, rule: str
) -> None:
    waiting = run([*SHORT_DEAL, "notice"], ruleset, seats=5, deck=[], auto=False)
    assert found(waiting) == [("button_short_card", rule)]
    assert waiting["expected_next"] == ["pitch"]
    assert waiting["state"] == "preflop"
    result = run([*SHORT_DEAL, "notice", "pitch", act(4, "call")], ruleset, seats=5, deck=[])
    assert result["seats"]["1"]["hole"] == ["6c", "Jc"]
    assert result["rejected"] == []


def test_an_act_during_the_deal_with_more_than_the_buttons_card_missing_is_refused() -> None:
    result = run(["post_blinds", *["pitch"] * 8, act(4, "call")], seats=5, deck=[])
    assert [item["name"] for item in result["rejected"]] == ["act"]
    assert result["state"] == "dealing"


# --- 5. an exposed burn card: the floor decides (TDA24 RP-14), a house option ---------------


def test_tda24_rp14_an_exposed_burn_is_a_house_option_that_lets_it_stand_by_default() -> None:
    assert {BUILTIN[name].exposed_burn for name in (ROBERTS, TDA)} == {"stays"}
    for outcome in situation("exposed_burn").variants.values():
        assert "floor decides" in outcome.words[0] and "RP-14" in outcome.words[0]


@BOTH
def test_tda24_rp14_an_exposed_burn_stays_the_streets_burn(ruleset: str) -> None:
    result = run([*PREFLOP, {"burn": {"exposed": True}}, "flop"], ruleset, auto=False)
    assert found(result) == [("exposed_burn", "TDA24 RP-14")]
    assert result["burns"] == ["2s"]
    assert result["board"] == ["3s", "4s", "5s"]
    assert result["rejected"] == []


def test_tda24_rp14_a_house_that_burns_again_sets_the_shown_burn_aside(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("name: reburn-room\nbase: tda-2024\noptions:\n  exposed_burn: reburn\n")
    result = run([*PREFLOP, {"burn": {"exposed": True}}, "flop"], str(house))
    assert found(result) == [("exposed_burn", "TDA24 RP-14")]
    assert result["set_aside"] == ["2s"]
    assert result["burns"] == ["3s"]
    assert result["board"] == ["4s", "5s", "6s"]


# --- 6. a dropped or disordered stub (TDA24 RP-4) --------------------------------------------


@BOTH
def test_tda24_rp4_a_dropped_stub_is_shuffled_and_cut_from_its_own_cards(ruleset: str) -> None:
    before = run([*TO_TURN, "burn"], ruleset)
    waiting = run([*TO_TURN, "burn", "drop_stub"], ruleset, auto=False)
    assert found(waiting) == [("dropped_stub", "TDA24 RP-4")]
    assert waiting["expected_next"] == ["reshuffle"]
    result = run([*TO_TURN, "burn", "drop_stub"], ruleset)
    assert sorted(result["stub"]) == sorted(before["stub"])  # the stub's cards, no others
    assert result["stub"] != before["stub"]
    assert result["burns"] == before["burns"] == ["2s", "6s"]
    turned = run([*TO_TURN, "burn", "drop_stub", "turn"], ruleset)
    assert turned["board"][-1] == result["stub"][0]  # play goes on from the new stub
    assert turned["rejected"] == []


@BOTH
def test_tda24_rp4_a_stub_dropped_into_the_muck_and_burns_takes_them_in(ruleset: str) -> None:
    events = [*PREFLOP, "burn", "flop", act(2, "check"), act(3, "check"), act(1, "fold")]
    before = run([*events, "burn"], ruleset)
    result = run([*events, "burn", {"drop_stub": {"mixed": True}}], ruleset)
    assert found(result) == [("dropped_stub", "TDA24 RP-4")]
    assert result["muck"] == [] and result["burns"] == []
    assert sorted(result["stub"]) == sorted([*before["stub"], *before["muck"], *before["burns"]])


# --- the script events -----------------------------------------------------------------------


def test_the_new_error_flags_and_drop_stub_build_back_into_their_script_items() -> None:
    items = [
        {"burn": {"exposed": True}},
        {"burn": {"boxed": True}},
        {"burn": {"unnoticed": True}},
        {"flop": {"boxed": True}},
        {"flop": {"unnoticed": True}},
        {"turn": {"boxed": True}},
        {"river": {"unnoticed": True}},
        "drop_stub",
        {"drop_stub": {"mixed": True}},
    ]
    parsed = parse_script({"table": {"seats": 3}, "deck": [], "events": items})
    assert [script_item(event) for event in parsed.events] == items
