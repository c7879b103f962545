"""Dealer errors and their recoveries, one test per ruling and ruleset, on stacked decks.

Every expectation here is worked out from the rulings (DESIGN.md, "The rulings"; the
catalogue in ../shared/reference), not read off the engine. The table is always the same:
three seats, button on 1, blinds 1-2 (small blind 2, big blind 3), 100 chips each, and the
deck in the standard order unless a test stacks it. Dealing order is 2, 3, 1, so a correct
deal gives::

    seat 2: 2c 5c    seat 3: 3c 6c    seat 1: 4c 7c
    flop burn 8c, flop 9c Tc Jc, turn burn Qc, turn Kc, river burn Ac, river 2d

Where a reshuffle makes cards random, the tests pin only what the rules determine (burns,
counts, where the premature cards went) and prove that all 52 cards are accounted for.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.engine import play, snapshot
from dealer_trainer.irregularities_doc import example_script
from dealer_trainer.procedure.rulings import EXAMPLE_TABLE, situation
from dealer_trainer.rules.rulesets import builtin
from tests.script_items import act

ROBERTS = "roberts"
TDA = "tda-2024"
BOTH = pytest.mark.parametrize("ruleset", [ROBERTS, TDA])

ALL_CARDS = sorted(card.text for card in STANDARD_DECK)

# --- helpers -------------------------------------------------------------------------------


def pitch(**flags: Any) -> dict[str, Any]:
    return {"pitch": flags}


#: preflop: the button calls, the small blind completes, the big blind checks its option
PREFLOP = [act(1, "call"), act(2, "call"), act(3, "check")]
#: a postflop round checked around, from the seat left of the button
CHECKS = [act(2, "check"), act(3, "check"), act(1, "check")]


def script(
    events: list[Any],
    ruleset: str = ROBERTS,
    *,
    deck: list[str] | None = None,
    seed: int = 7,
) -> dict[str, Any]:
    """A hand at the three-seat table; ``deck`` on top of the standard order."""
    return {
        "table": {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100, "ruleset": ruleset},
        "deck": deck or [],
        "seed": seed,
        "events": events,
    }


def run(events: list[Any], ruleset: str = ROBERTS, *, auto: bool = True, **kw: Any) -> Any:
    """Replay with the card and chip invariants proved after every event."""
    result = snapshot(play(script(events, ruleset, **kw), auto_recover=auto, check=True))
    assert_all_cards_accounted_for(result)
    return result


def assert_all_cards_accounted_for(result: dict[str, Any]) -> None:
    cards = [*result["stub"], *result["board"], *result["burns"]]
    cards += [*result["muck"], *result["set_aside"]]
    for seat in result["seats"].values():
        cards += seat["hole"]
    assert sorted(cards) == ALL_CARDS


def holes(result: dict[str, Any]) -> dict[int, list[str]]:
    return {int(seat): info["hole"] for seat, info in result["seats"].items()}


def chips(result: dict[str, Any]) -> dict[int, int]:
    return {int(seat): info["chips"] for seat, info in result["seats"].items()}


def irregularities(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(item["kind"], item["rule"], item["event"]) for item in result["irregularities"]]


def without_rejections(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "rejected"}


STANDARD_HOLES = {2: ["2c", "5c"], 3: ["3c", "6c"], 1: ["4c", "7c"]}


def clean_deal() -> Any:
    """A clean deal, for comparison: what a redeal must look like, bar the cards."""
    return run(["post_blinds", "deal"])


def assert_redealt_after_one_misdeal(result: dict[str, Any]) -> None:
    """A misdeal's redeal (TDA24 35-C): same button, blinds posted once, fresh hands."""
    assert result["rejected"] == []
    assert result["misdeals"] == 1
    assert result["button"] == 1
    assert result["state"] == "preflop"
    assert result["expected_next"] == ["act"]
    assert result["to_act"] == 1
    assert chips(result) == {1: 100, 2: 99, 3: 98}
    assert 300 - sum(chips(result).values()) == 3  # the blinds, in the middle once
    assert result["pots"] == clean_deal()["pots"]  # the pot as right after a clean deal
    assert all(len(hole) == 2 for hole in holes(result).values())
    assert result["board"] == result["burns"] == result["muck"] == result["set_aside"] == []
    assert len(result["stub"]) == 52 - 6


def assert_rejected_and_unchanged(
    events: list[Any], wrong: Any, ruleset: str, rule: str, expected: str
) -> None:
    """Without auto-recover, ``wrong`` after ``events`` is refused and changes nothing."""
    before = run(events, ruleset, auto=False)
    assert before["rejected"] == []
    after = run([*events, wrong], ruleset, auto=False)
    assert len(after["rejected"]) == 1
    rejection = after["rejected"][0]
    assert rejection["event"] == len(events)
    assert rejection["rule"] == rule
    assert f"expected: {expected}" in rejection["reason"]
    assert without_rejections(after) == without_rejections(before)


def house_ruleset(tmp_path: Path, base: str, **options: Any) -> str:
    lines = ["name: house-rules", f"base: {base}", "options:"]
    lines += [f"  {name}: {value}" for name, value in options.items()]
    path = tmp_path / "house.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# --- 1. exposed hole cards (RRoP-HE 1; TDA24 35-A-7; LA26 108) ----------------------------

EXPOSED_MISDEAL_RULE = {ROBERTS: "RRoP-HE 1", TDA: "TDA24 35-A-7"}
EXPOSED_OTHER_RULE = {ROBERTS: "RRoP-HE 1", TDA: "LA26 108"}


@BOTH
def test_rrop_he1_tda24_35a7_exposed_first_card_is_a_misdeal_and_the_hand_is_redealt(
    ruleset: str,
) -> None:
    result = run(["post_blinds", pitch(exposed=True), "deal"], ruleset)
    rule = EXPOSED_MISDEAL_RULE[ruleset]
    assert irregularities(result) == [("exposed_hole_card", rule, 1), ("misdeal", rule, 1)]
    assert_redealt_after_one_misdeal(result)


@BOTH
def test_rrop_he1_tda24_35a7_exposed_second_card_is_a_misdeal_and_the_hand_is_redealt(
    ruleset: str,
) -> None:
    result = run(["post_blinds", "pitch", pitch(exposed=True), "deal"], ruleset)
    rule = EXPOSED_MISDEAL_RULE[ruleset]
    assert irregularities(result) == [("exposed_hole_card", rule, 2), ("misdeal", rule, 2)]
    assert_redealt_after_one_misdeal(result)


@BOTH
def test_rrop_md_misdeal_spelled_out_retrieve_reshuffle_cut_is_accepted(ruleset: str) -> None:
    steps = ["post_blinds", pitch(exposed=True), "retrieve", "reshuffle", "cut", "deal"]
    explicit = run(steps, ruleset, auto=False)
    assert_redealt_after_one_misdeal(explicit)
    # the same steps the engine takes itself under auto-recover: the same hand
    assert explicit == run(["post_blinds", pitch(exposed=True), "deal"], ruleset)


@BOTH
def test_rrop_md_after_a_misdeal_the_deal_stops_and_retrieve_is_due(ruleset: str) -> None:
    stopped = run(["post_blinds", pitch(exposed=True)], ruleset, auto=False)
    assert stopped["expected_next"] == ["retrieve"]
    assert holes(stopped) == {2: ["2c"], 3: [], 1: []}


@BOTH
def test_rrop_md_retrieve_brings_every_dealt_card_back_to_the_stub(ruleset: str) -> None:
    result = run(["post_blinds", "pitch", pitch(exposed=True), "retrieve"], ruleset, auto=False)
    assert result["state"] == "dealing"
    assert len(result["stub"]) == 52
    assert all(hole == [] for hole in holes(result).values())
    assert chips(result) == {1: 100, 2: 99, 3: 98}  # the blinds stay posted
    assert result["expected_next"] == ["reshuffle"]


@BOTH
def test_shuffle_is_accepted_for_a_due_reshuffle(ruleset: str) -> None:
    steps = ["post_blinds", pitch(exposed=True), "retrieve", "shuffle", "cut", "deal"]
    assert_redealt_after_one_misdeal(run(steps, ruleset, auto=False))


EXPOSED_FOURTH = ["post_blinds", "pitch", "pitch", "pitch", pitch(exposed=True), "deal"]


@BOTH
def test_rrop_he1_la26_108_exposed_later_card_is_replaced_and_becomes_the_flop_burn(
    ruleset: str,
) -> None:
    # the fourth card off the deck (5c, seat 2's second card) is flashed; the deal goes on
    # (6c to seat 3, 7c to seat 1); then seat 2 gets the top card 8c in its place and 5c is
    # the flop's burn: the flop is 9c Tc Jc with no other burn; the turn is burned normally.
    events = [*EXPOSED_FOURTH, *PREFLOP, "flop", *CHECKS, "burn", "turn"]
    result = run(events, ruleset)
    assert irregularities(result) == [("exposed_hole_card", EXPOSED_OTHER_RULE[ruleset], 4)]
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert holes(result) == {2: ["2c", "8c"], 3: ["3c", "6c"], 1: ["4c", "7c"]}
    assert result["burns"] == ["5c", "Qc"]
    assert result["board"] == ["9c", "Tc", "Jc", "Kc"]
    assert result["set_aside"] == []
    assert result["stub"][:2] == ["Ac", "2d"]
    assert result["state"] == "turn"
    assert result["expected_next"] == ["act"]


@BOTH
def test_rrop_he1_la26_108_exposed_later_card_no_other_card_is_burned_for_the_flop(
    ruleset: str,
) -> None:
    result = run([*EXPOSED_FOURTH, *PREFLOP], ruleset)
    assert result["state"] == "flop_deal"
    assert result["expected_next"] == ["flop"]
    assert result["burns"] == ["5c"]
    assert result["stub"][:3] == ["9c", "Tc", "Jc"]
    burned = run([*EXPOSED_FOURTH, *PREFLOP, "burn"], ruleset)
    assert [r["name"] for r in burned["rejected"]] == ["burn"]
    assert "expected: flop" in burned["rejected"][0]["reason"]
    assert without_rejections(burned) == without_rejections(result)


@BOTH
def test_rrop_he1_la26_108_exposed_later_card_spelled_out_replace_is_accepted(ruleset: str) -> None:
    tail = [*PREFLOP, "flop", *CHECKS, "burn", "turn"]
    explicit = run([*EXPOSED_FOURTH, "replace", *tail], ruleset, auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*EXPOSED_FOURTH, *tail], ruleset)


@BOTH
def test_rrop_he1_la26_108_exposed_later_card_replace_is_due_only_when_the_deal_is_complete(
    ruleset: str,
) -> None:
    early = run(EXPOSED_FOURTH[:-1], ruleset, auto=False)
    assert early["expected_next"] == ["pitch", "deal"]
    stopped = run(EXPOSED_FOURTH, ruleset, auto=False)
    assert stopped["expected_next"] == ["replace"]
    assert holes(stopped) == {2: ["2c", "5c"], 3: ["3c", "6c"], 1: ["4c", "7c"]}


@BOTH
def test_rrop_he1_tda24_35a7_two_exposed_cards_are_a_misdeal(ruleset: str) -> None:
    events = ["post_blinds", "pitch", "pitch", pitch(exposed=True), "pitch"]
    events += [pitch(exposed=True), "deal"]
    result = run(events, ruleset)
    misdeal_rule = EXPOSED_MISDEAL_RULE[ruleset]
    assert irregularities(result) == [
        ("exposed_hole_card", EXPOSED_OTHER_RULE[ruleset], 3),
        ("exposed_hole_card", misdeal_rule, 5),
        ("misdeal", misdeal_rule, 5),
    ]
    assert_redealt_after_one_misdeal(result)


@BOTH
def test_house_first_card_only_the_first_card_exposed_is_still_a_misdeal(
    ruleset: str, tmp_path: Path
) -> None:
    house = house_ruleset(tmp_path, ruleset, exposed_misdeal_cards=1)
    result = run(["post_blinds", pitch(exposed=True), "deal"], house)
    rule = EXPOSED_MISDEAL_RULE[ruleset]
    assert irregularities(result) == [("exposed_hole_card", rule, 1), ("misdeal", rule, 1)]
    assert_redealt_after_one_misdeal(result)


@BOTH
def test_house_first_card_only_the_second_card_exposed_is_replaced_and_burned(
    ruleset: str, tmp_path: Path
) -> None:
    # exposed_misdeal_cards: 1 (the older copies of RRoP-HE 1): 3c to seat 3 is flashed; the
    # deal goes on, seat 3 gets the top card 8c in its place, 3c is the flop's burn.
    house = house_ruleset(tmp_path, ruleset, exposed_misdeal_cards=1)
    events = ["post_blinds", "pitch", pitch(exposed=True), "deal", *PREFLOP, "flop"]
    result = run(events, house)
    assert irregularities(result) == [("exposed_hole_card", EXPOSED_OTHER_RULE[ruleset], 2)]
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert holes(result) == {2: ["2c", "5c"], 3: ["8c", "6c"], 1: ["4c", "7c"]}
    assert result["burns"] == ["3c"]
    assert result["board"] == ["9c", "Tc", "Jc"]
    assert result["stub"][:2] == ["Qc", "Kc"]
    assert result["state"] == "flop"


# --- 2. extra cards (RRoP-HE 5; TDA24 35-A-5) -----------------------------------------------

EXTRA = ["post_blinds", "deal", "pitch"]


def test_rrop_he5_one_extra_card_goes_back_on_top_and_is_the_flop_burn() -> None:
    # the extra card 8c goes to seat 2 (first left of the button), back on top of the stub,
    # and the flop's burn takes it: the flop is 9c Tc Jc as in a clean hand.
    result = run([*EXTRA, *PREFLOP, "burn", "flop"])
    assert irregularities(result) == [("extra_card", "RRoP-HE 5", 2)]
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert holes(result) == STANDARD_HOLES
    assert result["burns"] == ["8c"]
    assert result["board"] == ["9c", "Tc", "Jc"]
    assert result["stub"][:2] == ["Qc", "Kc"]
    assert result["state"] == "flop"


def test_rrop_he5_one_extra_card_spelled_out_retrieve_is_accepted() -> None:
    stopped = run(EXTRA, auto=False)
    assert holes(stopped)[2] == ["2c", "5c", "8c"]
    retrieved = run([*EXTRA, "retrieve"], auto=False)
    assert holes(retrieved) == STANDARD_HOLES
    assert retrieved["stub"][:2] == ["8c", "9c"]
    explicit = run([*EXTRA, "retrieve", *PREFLOP, "burn", "flop"], auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*EXTRA, *PREFLOP, "burn", "flop"])


def test_tda24_35a5_one_extra_card_is_a_wrong_number_of_cards_a_misdeal() -> None:
    result = run([*EXTRA, "deal"], TDA)
    assert irregularities(result) == [
        ("extra_card", "TDA24 35-A-5", 2),
        ("misdeal", "TDA24 35-A-5", 2),
    ]
    assert_redealt_after_one_misdeal(result)


def test_tda24_35a5_one_extra_card_misdeal_spelled_out() -> None:
    explicit = run([*EXTRA, "retrieve", "reshuffle", "cut", "deal"], TDA, auto=False)
    assert_redealt_after_one_misdeal(explicit)


def test_rrop_he5_two_extra_cards_are_one_error_a_misdeal() -> None:
    result = run([*EXTRA, "pitch", "deal"])
    assert irregularities(result) == [("extra_card", "RRoP-HE 5", 2), ("misdeal", "RRoP-HE 5", 3)]
    assert_redealt_after_one_misdeal(result)


def test_tda24_35a5_two_extra_cards_are_one_misdeal() -> None:
    result = run([*EXTRA, "pitch", "deal"], TDA)
    assert irregularities(result) == [
        ("extra_card", "TDA24 35-A-5", 2),
        ("misdeal", "TDA24 35-A-5", 2),
    ]
    assert_redealt_after_one_misdeal(result)


# --- boxed cards (RRoP-IR 7, LA26 23; RRoP-MD(c), TDA24 35-A-1) -----------------------------

BOXED_RULE = {ROBERTS: "RRoP-IR 7", TDA: "LA26 23"}
BOXED_MISDEAL_RULE = {ROBERTS: "RRoP-MD(c)", TDA: "TDA24 35-A-1"}
BOXED_THIRD = ["post_blinds", "pitch", "pitch", pitch(boxed=True)]


@BOTH
def test_rrop_ir7_la26_23_boxed_card_is_set_aside_and_the_player_gets_the_next_card(
    ruleset: str,
) -> None:
    # 4c (third card, seat 1) is boxed: a scrap of paper; seat 1 gets 5c; the deal goes on
    # with 6c to seat 2, 7c to seat 3, 8c to seat 1; burn 9c, flop Tc Jc Qc.
    result = run([*BOXED_THIRD, "deal", *PREFLOP, "burn", "flop"], ruleset)
    assert irregularities(result) == [("boxed_card", BOXED_RULE[ruleset], 3)]
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert holes(result) == {2: ["2c", "6c"], 3: ["3c", "7c"], 1: ["5c", "8c"]}
    assert result["set_aside"] == ["4c"]
    assert result["burns"] == ["9c"]
    assert result["board"] == ["Tc", "Jc", "Qc"]
    assert result["stub"][:2] == ["Kc", "Ac"]
    assert result["state"] == "flop"


@BOTH
def test_rrop_ir7_la26_23_boxed_card_replace_is_due_at_once(ruleset: str) -> None:
    stopped = run(BOXED_THIRD, ruleset, auto=False)
    assert stopped["expected_next"] == ["replace"]
    replaced = run([*BOXED_THIRD, "replace"], ruleset, auto=False)
    assert holes(replaced) == {2: ["2c"], 3: ["3c"], 1: ["5c"]}
    assert replaced["set_aside"] == ["4c"]
    assert replaced["stub"][0] == "6c"
    tail = ["deal", *PREFLOP, "burn", "flop"]
    explicit = run([*BOXED_THIRD, "replace", *tail], ruleset, auto=False)
    assert explicit == run([*BOXED_THIRD, *tail], ruleset)


@BOTH
def test_rrop_mdc_tda24_35a1_two_boxed_cards_are_a_misdeal(ruleset: str) -> None:
    events = ["post_blinds", pitch(boxed=True), "pitch", pitch(boxed=True), "deal"]
    result = run(events, ruleset)
    rule = BOXED_MISDEAL_RULE[ruleset]
    assert irregularities(result) == [
        ("boxed_card", BOXED_RULE[ruleset], 1),
        ("boxed_card", rule, 3),
        ("misdeal", rule, 3),
    ]
    assert_redealt_after_one_misdeal(result)


# --- cards to the wrong seat (RRoP-MD(g), (e), (i); TDA24 35-A-2, -4, -3) -------------------
# The notes for this engine say only `misdeal` is recorded for these (no kind of their own).


def assert_only_a_misdeal(result: dict[str, Any], rule: str, event: int) -> None:
    """A card to the wrong seat: the error (wrong_seat), then the misdeal it makes."""
    assert irregularities(result) == [("wrong_seat", rule, event), ("misdeal", rule, event)]


@BOTH
def test_rrop_mdg_tda24_35a2_first_card_to_the_wrong_seat_is_a_misdeal(ruleset: str) -> None:
    result = run(["post_blinds", pitch(to=3), "deal"], ruleset)
    assert_redealt_after_one_misdeal(result)
    assert_only_a_misdeal(result, {ROBERTS: "RRoP-MD(h)", TDA: "TDA24 35-A-2"}[ruleset], 1)


@BOTH
def test_rrop_mde_tda24_35a4_a_missed_seat_is_a_misdeal(ruleset: str) -> None:
    result = run(["post_blinds", "pitch", pitch(to=1), "deal"], ruleset)
    assert_redealt_after_one_misdeal(result)
    assert_only_a_misdeal(result, {ROBERTS: "RRoP-MD(f)", TDA: "TDA24 35-A-4"}[ruleset], 2)


@BOTH
def test_rrop_mdi_tda24_35a3_card_to_an_empty_seat_is_set_aside_then_a_misdeal(
    ruleset: str,
) -> None:
    rule = {ROBERTS: "RRoP-MD(i)", TDA: "TDA24 35-A-3"}[ruleset]
    events = ["post_blinds", "pitch", pitch(to=5)]
    stopped = run(events, ruleset, auto=False)
    assert stopped["set_aside"] == ["3c"]  # the card lies where no player sits
    assert holes(stopped) == {2: ["2c"], 3: [], 1: []}
    assert stopped["expected_next"] == ["retrieve"]
    result = run([*events, "deal"], ruleset)
    assert_redealt_after_one_misdeal(result)
    assert_only_a_misdeal(result, rule, 2)


# --- 4. premature flop (RRoP-HE 3; TDA24 RP-5A) ---------------------------------------------

PREMATURE_FLOP_RULE = {ROBERTS: "RRoP-HE 3", TDA: "TDA24 RP-5A"}
#: everyone calls; the big blind has not used its option when the dealer burns and flops
PREMATURE_FLOP = ["post_blinds", "deal", act(1, "call"), act(2, "call"), "burn", "flop"]


@BOTH
def test_rrop_he3_tda24_rp5a_premature_flop_bb_option_burn_stays_new_flop_without_burn(
    ruleset: str,
) -> None:
    result = run([*PREMATURE_FLOP, act(3, "check"), "flop"], ruleset)
    assert irregularities(result) == [("premature_flop", PREMATURE_FLOP_RULE[ruleset], 5)]
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert holes(result) == STANDARD_HOLES
    assert result["burns"] == ["8c"]  # the burn stays; no second burn for the new flop
    assert len(result["board"]) == 3
    assert len(result["stub"]) == 52 - 6 - 1 - 3
    # the premature cards were mixed back into the stub: not burned, mucked or set aside
    assert {"9c", "Tc", "Jc"} <= {*result["stub"], *result["board"]}
    assert result["set_aside"] == result["muck"] == []
    assert result["state"] == "flop"
    assert chips(result) == {1: 98, 2: 98, 3: 98}
    assert result["to_act"] == 2


@BOTH
def test_rrop_he3_tda24_rp5a_premature_flop_goes_back_on_the_stub_at_once(ruleset: str) -> None:
    flopped = run(PREMATURE_FLOP, ruleset, auto=False)
    assert flopped["board"] == ["9c", "Tc", "Jc"]
    assert flopped["expected_next"] == ["retrieve"]
    back = run([*PREMATURE_FLOP, "retrieve"], ruleset, auto=False)
    assert back["board"] == []
    assert back["burns"] == ["8c"]
    assert back["stub"][:3] == ["9c", "Tc", "Jc"]
    assert back["state"] == "preflop"
    assert back["to_act"] == 3  # the big blind's option
    assert back["expected_next"] == ["act"]


def test_rrop_he3_premature_flop_spelled_out_reshuffle_and_cut_then_flop() -> None:
    done = [*PREMATURE_FLOP, "retrieve", act(3, "check")]
    assert run(done, auto=False)["expected_next"] == ["reshuffle"]
    assert run([*done, "reshuffle"], auto=False)["expected_next"] == ["cut"]
    explicit = run([*done, "reshuffle", "cut", "flop"], auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*PREMATURE_FLOP, act(3, "check"), "flop"])


def test_tda24_rp5a_premature_flop_spelled_out_shuffle_only_then_flop() -> None:
    done = [*PREMATURE_FLOP, "retrieve", act(3, "check")]
    # RP-5A is silent on a cut: one is allowed, not required (issue 13, item 3)
    assert run([*done, "reshuffle"], TDA, auto=False)["expected_next"] == ["cut", "flop"]
    explicit = run([*done, "reshuffle", "flop"], TDA, auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*PREMATURE_FLOP, act(3, "check"), "flop"], TDA)


@BOTH
def test_la26_127_premature_flop_cards_do_not_play_even_if_the_big_blind_folds(
    ruleset: str,
) -> None:
    result = run([*PREMATURE_FLOP, act(3, "fold"), "flop"], ruleset)
    assert irregularities(result) == [("premature_flop", PREMATURE_FLOP_RULE[ruleset], 5)]
    assert result["rejected"] == []
    assert result["burns"] == ["8c"]
    assert result["muck"] == ["3c", "6c"]
    assert len(result["board"]) == 3
    assert {"9c", "Tc", "Jc"} <= {*result["stub"], *result["board"]}
    assert result["state"] == "flop"


# --- 3. flop with too many cards (RRoP-HE 2; TDA24 39-A) ------------------------------------

FOUR_CARD_FLOP = ["post_blinds", "deal", *PREFLOP, "burn", {"flop": {"cards": 4}}]


def test_rrop_he2_four_card_flop_is_mixed_into_the_stub_burn_stays_new_flop_no_burn() -> None:
    result = run([*FOUR_CARD_FLOP, "flop", *CHECKS])
    assert irregularities(result) == [("flop_too_many_cards", "RRoP-HE 2", 6)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert result["burns"] == ["8c"]
    assert len(result["board"]) == 3
    assert {"9c", "Tc", "Jc", "Qc"} <= {*result["stub"], *result["board"]}
    assert len(result["stub"]) == 52 - 6 - 1 - 3
    assert result["expected_next"] == ["burn"]  # the turn is burned as usual


def test_rrop_he2_four_card_flop_spelled_out() -> None:
    flopped = run(FOUR_CARD_FLOP, auto=False)
    assert flopped["board"] == ["9c", "Tc", "Jc", "Qc"]
    assert flopped["expected_next"] == ["retrieve"]
    back = run([*FOUR_CARD_FLOP, "retrieve"], auto=False)
    assert back["board"] == []
    assert back["burns"] == ["8c"]
    assert back["stub"][:4] == ["9c", "Tc", "Jc", "Qc"]
    steps = ["retrieve", "reshuffle", "cut", "flop", *CHECKS]
    explicit = run([*FOUR_CARD_FLOP, *steps], auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*FOUR_CARD_FLOP, "flop", *CHECKS])


def test_tda24_39a_four_card_flop_one_random_card_is_the_turn_burn() -> None:
    result = run([*FOUR_CARD_FLOP, *CHECKS, "turn"], TDA)
    assert irregularities(result) == [("flop_too_many_cards", "TDA24 39-A", 6)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert result["burns"][0] == "8c"
    assert len(result["burns"]) == 2
    four = {"9c", "Tc", "Jc", "Qc"}
    assert result["burns"][1] in four
    assert set(result["board"][:3]) == four - {result["burns"][1]}
    assert result["board"][3] == "Kc"  # the turn comes with no burn off the stub
    assert result["stub"][:2] == ["Ac", "2d"]
    assert result["state"] == "turn"


def test_tda24_39a_four_card_flop_scramble_naming_the_burn_then_turn_and_river() -> None:
    events = [*FOUR_CARD_FLOP, {"scramble": {"burn": "Tc"}}, *CHECKS, "turn", *CHECKS]
    result = run([*events, "burn", "river"], TDA, auto=False)
    assert result["rejected"] == []
    assert result["burns"] == ["8c", "Tc", "Ac"]
    assert result["board"] == ["9c", "Jc", "Qc", "Kc", "2d"]
    assert result["state"] == "river"
    assert run(FOUR_CARD_FLOP, TDA, auto=False)["expected_next"] == ["scramble"]


# --- flop without a burn (LA26 168; TDA24 39-B) ---------------------------------------------

FLOP_NO_BURN = ["post_blinds", "deal", *PREFLOP, "flop"]


def test_la26_168_flop_without_burn_is_reshuffled_then_burned_and_flopped() -> None:
    result = run([*FLOP_NO_BURN, "burn", "flop"])
    assert irregularities(result) == [("flop_without_burn", "LA26 168", 5)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert len(result["burns"]) == 1
    assert len(result["board"]) == 3
    assert {"8c", "9c", "Tc"} <= {*result["stub"], *result["board"], *result["burns"]}
    assert len(result["stub"]) == 52 - 6 - 1 - 3
    assert result["state"] == "flop"


def test_la26_168_flop_without_burn_spelled_out() -> None:
    flopped = run(FLOP_NO_BURN, auto=False)
    assert flopped["board"] == ["8c", "9c", "Tc"]
    assert flopped["burns"] == []
    assert flopped["expected_next"] == ["retrieve"]
    back = run([*FLOP_NO_BURN, "retrieve"], auto=False)
    assert back["board"] == []
    assert back["stub"][:3] == ["8c", "9c", "Tc"]
    explicit = run([*FLOP_NO_BURN, "retrieve", "reshuffle", "cut", "burn", "flop"], auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*FLOP_NO_BURN, "burn", "flop"])


def test_tda24_39b_flop_without_burn_one_random_card_burns_and_the_next_completes() -> None:
    result = run([*FLOP_NO_BURN, *CHECKS, "burn", "turn"], TDA)
    assert irregularities(result) == [("flop_without_burn", "TDA24 39-B", 5)]
    assert result["rejected"] == []
    three = {"8c", "9c", "Tc"}
    burn = result["burns"][0]
    assert burn in three
    assert result["burns"] == [burn, "Qc"]
    assert set(result["board"][:3]) == (three - {burn}) | {"Jc"}
    assert result["board"][3] == "Kc"
    assert result["state"] == "turn"


def test_tda24_39b_flop_without_burn_scramble_naming_the_burn() -> None:
    events = [*FLOP_NO_BURN, {"scramble": {"burn": "9c"}}, *CHECKS, "burn", "turn"]
    result = run(events, TDA, auto=False)
    assert result["rejected"] == []
    assert result["burns"] == ["9c", "Qc"]
    assert sorted(result["board"][:3]) == sorted(["8c", "Tc", "Jc"])
    assert result["board"][3] == "Kc"


# --- 5. premature turn (RRoP-HE 4; TDA24 RP-5B) ---------------------------------------------

#: seat 2 checks on the flop; the dealer burns Qc and turns Kc before seats 3 and 1 act
PREMATURE_TURN = ["post_blinds", "deal", *PREFLOP, "burn", "flop", act(2, "check"), "burn", "turn"]
FINISH_FLOP = [act(3, "check"), act(1, "check")]


def test_rrop_he4_premature_turn_card_is_set_aside_and_turn_is_next_card() -> None:
    # Kc is set aside; after the flop betting the dealer burns Ac and turns 2d (what would
    # have been the river); after the turn betting Kc is shuffled into the stub (not the
    # burns), cut, and the river comes with no burn.
    result = run([*PREMATURE_TURN, *FINISH_FLOP, "burn", "turn"])
    assert irregularities(result) == [("premature_turn", "RRoP-HE 4", 9)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert result["set_aside"] == ["Kc"]
    assert result["burns"] == ["8c", "Qc", "Ac"]
    assert result["board"] == ["9c", "Tc", "Jc", "2d"]
    assert result["stub"][:2] == ["3d", "4d"]
    assert result["state"] == "turn"
    assert result["expected_next"] == ["act"]


def test_rrop_he4_premature_turn_set_aside_card_is_shuffled_in_and_river_has_no_burn() -> None:
    result = run([*PREMATURE_TURN, *FINISH_FLOP, "burn", "turn", *CHECKS, "river"])
    assert result["rejected"] == []
    assert result["set_aside"] == []
    assert result["burns"] == ["8c", "Qc", "Ac"]
    assert result["board"][:4] == ["9c", "Tc", "Jc", "2d"]
    assert len(result["board"]) == 5
    assert "Kc" in {*result["stub"], *result["board"]}
    assert len(result["stub"]) == 52 - 6 - 3 - 5
    assert result["state"] == "river"


def test_rrop_he4_premature_turn_spelled_out() -> None:
    assert run(PREMATURE_TURN, auto=False)["expected_next"] == ["set_aside"]
    set_aside = [*PREMATURE_TURN, "set_aside"]
    aside = run(set_aside, auto=False)
    assert aside["set_aside"] == ["Kc"]
    assert aside["board"] == ["9c", "Tc", "Jc"]
    assert aside["expected_next"] == ["act"]
    turned = [*set_aside, *FINISH_FLOP, "burn", "turn", *CHECKS]
    assert run(turned, auto=False)["expected_next"] == ["reshuffle"]
    explicit = run([*turned, "reshuffle", "cut", "river"], auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*PREMATURE_TURN, *FINISH_FLOP, "burn", "turn", *CHECKS, "river"])


def test_rrop_he4_premature_turn_card_stays_out_even_if_the_players_to_act_fold() -> None:
    events = [*PREMATURE_TURN, act(3, "fold"), act(1, "check"), "burn", "turn"]
    result = run(events)
    assert result["rejected"] == []
    assert result["set_aside"] == ["Kc"]
    assert result["burns"] == ["8c", "Qc", "Ac"]
    assert result["board"] == ["9c", "Tc", "Jc", "2d"]
    assert result["muck"] == ["3c", "6c"]


def test_tda24_rp5b_premature_turn_goes_back_burn_stays_reshuffle_turn_without_burn() -> None:
    events = [*PREMATURE_TURN, *FINISH_FLOP, "turn", *CHECKS, "burn", "river"]
    result = run(events, TDA)
    assert irregularities(result) == [("premature_turn", "TDA24 RP-5B", 9)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert result["set_aside"] == []
    # the turn's burn Qc stays; the turn has no second burn; the river is burned as usual
    assert result["burns"][:2] == ["8c", "Qc"]
    assert len(result["burns"]) == 3
    assert result["board"][:3] == ["9c", "Tc", "Jc"]
    assert len(result["board"]) == 5
    assert "Kc" in {*result["stub"], *result["board"], result["burns"][2]}
    assert len(result["stub"]) == 52 - 6 - 3 - 5
    assert result["state"] == "river"


def test_tda24_rp5b_premature_turn_spelled_out() -> None:
    assert run(PREMATURE_TURN, TDA, auto=False)["expected_next"] == ["retrieve"]
    back = run([*PREMATURE_TURN, "retrieve"], TDA, auto=False)
    assert back["board"] == ["9c", "Tc", "Jc"]
    assert back["burns"] == ["8c", "Qc"]
    assert back["stub"][0] == "Kc"
    done = [*PREMATURE_TURN, "retrieve", *FINISH_FLOP]
    assert run(done, TDA, auto=False)["expected_next"] == ["reshuffle"]
    # RP-5B is silent on a cut: one is allowed, not required (issue 13, item 3)
    assert run([*done, "reshuffle"], TDA, auto=False)["expected_next"] == ["cut", "turn"]
    tail = [*CHECKS, "burn", "river"]
    explicit = run([*done, "reshuffle", "turn", *tail], TDA, auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*PREMATURE_TURN, *FINISH_FLOP, "turn", *tail], TDA)


# --- 6. premature river (RRoP-HE 4; TDA24 RP-5C) --------------------------------------------

PREMATURE_RIVER_RULE = {ROBERTS: "RRoP-HE 4", TDA: "TDA24 RP-5C"}
#: seat 2 checks on the turn; the dealer burns Ac and turns 2d before seats 3 and 1 act
PREMATURE_RIVER = [
    *("post_blinds", "deal", *PREFLOP, "burn", "flop", *CHECKS, "burn", "turn"),
    *(act(2, "check"), "burn", "river"),
]
FINISH_TURN = [act(3, "check"), act(1, "check")]


@BOTH
def test_rrop_he4_tda24_rp5c_premature_river_set_aside_reshuffled_river_without_burn(
    ruleset: str,
) -> None:
    result = run([*PREMATURE_RIVER, *FINISH_TURN, "river"], ruleset)
    assert irregularities(result) == [("premature_river", PREMATURE_RIVER_RULE[ruleset], 14)]
    assert result["rejected"] == []
    assert holes(result) == STANDARD_HOLES
    assert result["set_aside"] == []
    assert result["burns"] == ["8c", "Qc", "Ac"]  # the river's burn stays; no second one
    assert result["board"][:4] == ["9c", "Tc", "Jc", "Kc"]
    assert len(result["board"]) == 5
    assert "2d" in {*result["stub"], *result["board"]}
    assert len(result["stub"]) == 52 - 6 - 3 - 5
    assert result["state"] == "river"


def test_rrop_he4_premature_river_spelled_out() -> None:
    ruleset = ROBERTS  # TDA's RP-5C puts the card back at once: see the test after this one
    assert run(PREMATURE_RIVER, ruleset, auto=False)["expected_next"] == ["set_aside"]
    aside = run([*PREMATURE_RIVER, "set_aside"], ruleset, auto=False)
    assert aside["set_aside"] == ["2d"]
    assert aside["board"] == ["9c", "Tc", "Jc", "Kc"]
    assert aside["burns"] == ["8c", "Qc", "Ac"]
    done = [*PREMATURE_RIVER, "set_aside", *FINISH_TURN]
    assert run(done, ruleset, auto=False)["expected_next"] == ["reshuffle"]
    explicit = run([*done, "reshuffle", "cut", "river"], ruleset, auto=False)
    assert explicit["rejected"] == []
    assert explicit == run([*PREMATURE_RIVER, *FINISH_TURN, "river"], ruleset)


def test_tda24_rp5c_premature_river_goes_back_into_the_stub_which_is_reshuffled() -> None:
    """RP-5C: the river's burn stays, the early card goes back into the stub at once (nothing
    is set aside), the turn betting ends, the whole stub is reshuffled, and the river is dealt
    again with no burn."""
    assert run(PREMATURE_RIVER, TDA, auto=False)["expected_next"] == ["retrieve"]
    back = run([*PREMATURE_RIVER, "retrieve"], TDA, auto=False)
    assert back["set_aside"] == []
    assert back["board"] == ["9c", "Tc", "Jc", "Kc"]
    assert back["burns"] == ["8c", "Qc", "Ac"]
    assert back["stub"][0] == "2d"  # on top of the stub until the reshuffle
    done = [*PREMATURE_RIVER, "retrieve", *FINISH_TURN]
    assert run(done, TDA, auto=False)["expected_next"] == ["reshuffle"]
    explicit = run([*done, "reshuffle", "river"], TDA, auto=False)
    assert explicit["rejected"] == []
    assert explicit["burns"] == ["8c", "Qc", "Ac"]  # no second burn for the river
    assert explicit == run([*PREMATURE_RIVER, *FINISH_TURN, "river"], TDA)


# --- 7. play the board (RRoP-HE 6; TDA24 19) ------------------------------------------------

#: holes 2c 5c / 3c 6c / 4c 7c; burns 8c 9c 2d; the board Ts Js Qs Ks As, a royal flush
ROYAL_DECK = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "Ts", "Js", "Qs", "9c", "Ks", "2d", "As"]
TO_SHOWDOWN = [
    *("post_blinds", "deal", *PREFLOP, "burn", "flop", *CHECKS),
    *("burn", "turn", *CHECKS, "burn", "river", *CHECKS),
]  # 20 events: the showdown starts at index 20


def show(seat: int) -> dict[str, Any]:
    return {"show": {"seat": seat}}


def declare(seat: int) -> dict[str, Any]:
    return {"declare_board": {"seat": seat}}


def muck(seat: int) -> dict[str, Any]:
    return {"muck": {"seat": seat}}


def showdown(events: list[Any], ruleset: str) -> Any:
    result = run([*TO_SHOWDOWN, *events], ruleset, deck=ROYAL_DECK)
    assert result["board"] == ["Ts", "Js", "Qs", "Ks", "As"]
    assert result["burns"] == ["8c", "9c", "2d"]
    assert result["rejected"] == []
    assert result["hand_over"] is True
    return result


def winners(result: dict[str, Any]) -> list[int]:
    assert len(result["pots"]) == 1
    assert result["pots"][0]["amount"] == 6
    return sorted(result["pots"][0]["winners"])


def test_rrop_he6_declaring_the_board_then_mucking_keeps_the_claim() -> None:
    result = showdown([show(2), declare(3), muck(3), show(1)], ROBERTS)
    assert irregularities(result) == []
    assert winners(result) == [1, 2, 3]
    assert chips(result) == {1: 100, 2: 100, 3: 100}


def test_rrop_he6_mucking_without_declaring_forfeits_board_not_declared() -> None:
    result = showdown([show(2), muck(3), show(1)], ROBERTS)
    assert irregularities(result) == [("board_not_declared", "RRoP-HE 6", 21)]
    assert winners(result) == [1, 2]
    assert chips(result) == {1: 101, 2: 101, 3: 98}
    assert result["muck"] == ["3c", "6c"]


def test_tda24_19_declaring_the_board_and_mucking_forfeits() -> None:
    result = showdown([show(2), declare(3), muck(3), show(1)], TDA)
    assert irregularities(result) == [("board_not_declared", "TDA24 19", 22)]
    assert winners(result) == [1, 2]
    assert chips(result) == {1: 101, 2: 101, 3: 98}


def test_tda24_19_a_tabled_hand_playing_the_board_shares() -> None:
    result = showdown([show(2), show(3), show(1)], TDA)
    assert irregularities(result) == []
    assert winners(result) == [1, 2, 3]


# --- explicit mode: a wrong recovery step is refused with the rule and changes nothing -----


def wrong(case: str, events: list[Any], step: Any, ruleset: str, rule: str, expected: str) -> Any:
    name = step if isinstance(step, str) else next(iter(step))
    slug = re.sub(r"[^a-z0-9]+", "", rule.lower())
    label = f"{slug}-{case}-{name}-instead-of-{expected.split()[0]}"
    return pytest.param(events, step, ruleset, rule, expected, id=label)


def _both(case: str, events: list[Any], step: Any, rules: dict[str, str], expected: str) -> Any:
    return [wrong(case, events, step, rs, rules[rs], expected) for rs in (ROBERTS, TDA)]


_EXPOSED_FIRST = ["post_blinds", pitch(exposed=True)]
_PF_BET_DONE = [*PREMATURE_FLOP, "retrieve", act(3, "check")]
_PT_TURNED = [*PREMATURE_TURN, "set_aside", *FINISH_FLOP, "burn", "turn", *CHECKS]
_PT_TDA_DONE = [*PREMATURE_TURN, "retrieve", *FINISH_FLOP]
_PR_DONE = [*PREMATURE_RIVER, "set_aside", *FINISH_TURN]
_PR_TDA_DONE = [*PREMATURE_RIVER, "retrieve", *FINISH_TURN]
_MISDIRECTED = ["post_blinds", "pitch", pitch(to=5)]

WRONG_STEPS = [
    # misdeal: retrieve, reshuffle, cut, in that order, before any redeal
    *_both("exposed-first", _EXPOSED_FIRST, "deal", EXPOSED_MISDEAL_RULE, "retrieve"),
    *_both("exposed-first", _EXPOSED_FIRST, "pitch", EXPOSED_MISDEAL_RULE, "retrieve"),
    *_both(
        "exposed-first", [*_EXPOSED_FIRST, "retrieve"], "deal", EXPOSED_MISDEAL_RULE, "reshuffle"
    ),
    *_both(
        "exposed-first",
        [*_EXPOSED_FIRST, "retrieve", "reshuffle"],
        "deal",
        EXPOSED_MISDEAL_RULE,
        "cut",
    ),
    *_both(
        "empty-seat",
        _MISDIRECTED,
        "pitch",
        {ROBERTS: "RRoP-MD(i)", TDA: "TDA24 35-A-3"},
        "retrieve",
    ),
    # exposed later card: the deal goes on first, then replace before anything else
    *_both(
        "exposed-later", EXPOSED_FOURTH[:-1], "replace", EXPOSED_OTHER_RULE, "the deal to go on"
    ),
    *_both("exposed-later", EXPOSED_FOURTH, act(1, "call"), EXPOSED_OTHER_RULE, "replace"),
    *_both("exposed-later", EXPOSED_FOURTH, "burn", EXPOSED_OTHER_RULE, "replace"),
    # boxed card: replace at once
    *_both("boxed", BOXED_THIRD, "pitch", BOXED_RULE, "replace"),
    *_both("boxed", BOXED_THIRD, "deal", BOXED_RULE, "replace"),
    # extra card: retrieve at the first event that is not a pitch
    wrong("extra", EXTRA, act(1, "call"), ROBERTS, "RRoP-HE 5", "retrieve"),
    wrong("extra", EXTRA, "burn", ROBERTS, "RRoP-HE 5", "retrieve"),
    wrong("extra", EXTRA, act(1, "call"), TDA, "TDA24 35-A-5", "retrieve"),
    wrong("extra", EXTRA, "deal", TDA, "TDA24 35-A-5", "retrieve"),
    # premature flop: retrieve at once; after the betting, reshuffle (and cut, roberts)
    *_both("premature-flop", PREMATURE_FLOP, act(3, "check"), PREMATURE_FLOP_RULE, "retrieve"),
    *_both("premature-flop", PREMATURE_FLOP, "flop", PREMATURE_FLOP_RULE, "retrieve"),
    *_both("premature-flop", _PF_BET_DONE, "flop", PREMATURE_FLOP_RULE, "reshuffle"),
    wrong("premature-flop", _PF_BET_DONE, "burn", ROBERTS, "RRoP-HE 3", "reshuffle"),
    wrong("premature-flop", [*_PF_BET_DONE, "reshuffle"], "flop", ROBERTS, "RRoP-HE 3", "cut"),
    # four-card flop
    wrong("four-card-flop", FOUR_CARD_FLOP, "scramble", ROBERTS, "RRoP-HE 2", "retrieve"),
    wrong("four-card-flop", FOUR_CARD_FLOP, act(2, "check"), ROBERTS, "RRoP-HE 2", "retrieve"),
    wrong(
        "four-card-flop", [*FOUR_CARD_FLOP, "retrieve"], "flop", ROBERTS, "RRoP-HE 2", "reshuffle"
    ),
    wrong(
        "four-card-flop", [*FOUR_CARD_FLOP, "retrieve"], "burn", ROBERTS, "RRoP-HE 2", "reshuffle"
    ),
    wrong("four-card-flop", FOUR_CARD_FLOP, "retrieve", TDA, "TDA24 39-A", "scramble"),
    wrong("four-card-flop", FOUR_CARD_FLOP, act(2, "check"), TDA, "TDA24 39-A", "scramble"),
    # flop without a burn
    wrong("flop-no-burn", FLOP_NO_BURN, "burn", ROBERTS, "LA26 168", "retrieve"),
    wrong("flop-no-burn", FLOP_NO_BURN, "scramble", ROBERTS, "LA26 168", "retrieve"),
    wrong("flop-no-burn", FLOP_NO_BURN, "burn", TDA, "TDA24 39-B", "scramble"),
    wrong("flop-no-burn", FLOP_NO_BURN, "retrieve", TDA, "TDA24 39-B", "scramble"),
    # premature turn
    wrong("premature-turn", PREMATURE_TURN, act(3, "check"), ROBERTS, "RRoP-HE 4", "set_aside"),
    wrong("premature-turn", _PT_TURNED, "burn", ROBERTS, "RRoP-HE 4", "reshuffle"),
    wrong("premature-turn", _PT_TURNED, "river", ROBERTS, "RRoP-HE 4", "reshuffle"),
    wrong("premature-turn", [*_PT_TURNED, "reshuffle"], "river", ROBERTS, "RRoP-HE 4", "cut"),
    wrong("premature-turn", PREMATURE_TURN, act(3, "check"), TDA, "TDA24 RP-5B", "retrieve"),
    wrong("premature-turn", PREMATURE_TURN, "set_aside", TDA, "TDA24 RP-5B", "retrieve"),
    wrong("premature-turn", _PT_TDA_DONE, "turn", TDA, "TDA24 RP-5B", "reshuffle"),
    wrong("premature-turn", _PT_TDA_DONE, "burn", TDA, "TDA24 RP-5B", "reshuffle"),
    # premature river: set aside (roberts) or back into the stub at once (TDA RP-5C)
    wrong("premature-river", PREMATURE_RIVER, act(3, "check"), ROBERTS, "RRoP-HE 4", "set_aside"),
    wrong("premature-river", _PR_DONE, "river", ROBERTS, "RRoP-HE 4", "reshuffle"),
    wrong("premature-river", _PR_DONE, "burn", ROBERTS, "RRoP-HE 4", "reshuffle"),
    wrong("premature-river", [*_PR_DONE, "reshuffle"], "river", ROBERTS, "RRoP-HE 4", "cut"),
    wrong("premature-river", PREMATURE_RIVER, act(3, "check"), TDA, "TDA24 RP-5C", "retrieve"),
    wrong("premature-river", PREMATURE_RIVER, "set_aside", TDA, "TDA24 RP-5C", "retrieve"),
    wrong("premature-river", _PR_TDA_DONE, "river", TDA, "TDA24 RP-5C", "reshuffle"),
    wrong("premature-river", _PR_TDA_DONE, "burn", TDA, "TDA24 RP-5C", "reshuffle"),
]


@pytest.mark.parametrize(("events", "step", "ruleset", "rule", "expected"), WRONG_STEPS)
def test_a_wrong_recovery_step_is_rejected_with_the_rule_and_changes_nothing(
    events: list[Any], step: Any, ruleset: str, rule: str, expected: str
) -> None:
    assert_rejected_and_unchanged(events, step, ruleset, rule, expected)


# --- the rulings table's own examples produce their situation ------------------------------

EXAMPLES = [
    "exposed_first_cards",
    "exposed_other_card",
    "exposed_two_cards",
    "extra_card",
    "extra_cards",
    "boxed_card",
    "boxed_cards",
    "wrong_first_seat",
    "missed_seat",
    "empty_seat",
    "premature_flop",
    "flop_too_many_cards",
    "flop_without_burn",
    "premature_turn",
    "premature_river",
    "board_not_declared",
]


@BOTH
@pytest.mark.parametrize("name", EXAMPLES)
def test_each_situations_example_records_its_own_kind_and_rule(name: str, ruleset: str) -> None:
    """The lookup and the docs show these examples: each must be the situation it names."""
    found = situation(name)
    rule = found.outcome(builtin(ruleset)).rule
    table = {**EXAMPLE_TABLE, "stacks": 100, "ruleset": ruleset}
    script = example_script(found)
    example = {"table": table, "deck": script["deck"], "events": script["events"]}
    hand = play(example, auto_recover=True, check=True)
    result = snapshot(hand)
    assert result["rejected"] == []
    assert (found.kind, rule) in [(kind, rule) for kind, rule, _ in irregularities(result)]


#: the spelled-out recovery of a premature river, up to the reshuffle, per rulebook
RIVER_RECOVERY_START = {ROBERTS: "set_aside", TDA: "retrieve"}
RIVER_RECOVERY_END = {ROBERTS: ["cut"], TDA: []}


@BOTH
def test_shuffle_is_accepted_for_a_due_reshuffle_of_a_premature_river(ruleset: str) -> None:
    start, end = RIVER_RECOVERY_START[ruleset], RIVER_RECOVERY_END[ruleset]
    events = [*PREMATURE_RIVER, start, *FINISH_TURN, "shuffle", *end, "river"]
    result = run(events, ruleset, auto=False)
    assert result["rejected"] == []
    assert result == run([*PREMATURE_RIVER, *FINISH_TURN, "river"], ruleset)
