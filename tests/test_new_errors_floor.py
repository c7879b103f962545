"""The floor errors of issue 13, under both rulebooks, on stacked decks.

A pot pushed to the wrong player or a misread hand (RRoP-DM 5-6, TDA24 22); a dealer who kills
a hand (RRoP Showdown 2, RRoP-IR 2; TDA24 13-C, 65-A); two cards stuck together (RRoP-MD(e),
TDA24 35-A-5); a card the dealer drops (RRoP-IR 12, LA26 123) or a player flashes (RRoP-IR 12,
TDA24 68); a foul deck (RRoP-IR 3, 4, 8; TDA24 35-A-6, 35-D, 35-E; LA26 115) and a deck found
short (RRoP-IR 10, LA26 121).

The table: three seats, button on 1, blinds 1-2 (small blind 2, big blind 3), 100 chips each,
the deck in the standard order unless a test stacks it. Dealing order 2, 3, 1::

    seat 2: 2c 5c    seat 3: 3c 6c    seat 1: 4c 7c
    flop burn 8c, flop 9c Tc Jc, turn burn Qc, turn Kc, river burn Ac, river 2d

Every expectation is worked out from the rules, not read off the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.engine import play, snapshot
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import load_scenario
from tests.script_items import act

ROBERTS = "roberts"
TDA = "tda-2024"
BOTH = pytest.mark.parametrize("ruleset", [ROBERTS, TDA])
ALL_CARDS = sorted(card.text for card in STANDARD_DECK)


def seated(name: str, seat: int, **more: Any) -> dict[str, Any]:
    return {name: {"seat": seat, **more}}


PREFLOP = [act(1, "call"), act(2, "call"), act(3, "check")]
CHECKS = [act(2, "check"), act(3, "check"), act(1, "check")]
TO_SHOWDOWN = [
    "post_blinds",
    "deal",
    *PREFLOP,
    "burn",
    "flop",
    *CHECKS,
    "burn",
    "turn",
    *CHECKS,
    "burn",
    "river",
    *CHECKS,
]
#: with the standard deck the board is 9c Tc Jc Kc 2d: every hand is a club flush and seat 1's
#: (4c 7c: K J T 9 7) beats seat 3's (3c 6c: K J T 9 6) and seat 2's (2c 5c: K J T 9 5)
SHOWN = [seated("show", seat) for seat in (1, 2, 3)]


def script(events: list[Any], ruleset: str = ROBERTS, deck: list[str] | None = None) -> Any:
    return {
        "table": {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100, "ruleset": ruleset},
        "deck": deck or [],
        "seed": 7,
        "events": events,
    }


def run(events: list[Any], ruleset: str = ROBERTS, **options: Any) -> dict[str, Any]:
    hand = play(script(events, ruleset), check=True, **options)
    return snapshot(hand)


def chips(result: dict[str, Any]) -> dict[int, int]:
    return {int(seat): info["chips"] for seat, info in result["seats"].items()}


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


def every_card_once(result: dict[str, Any]) -> None:
    places = [*result["stub"], *result["board"], *result["burns"], *result["muck"]]
    places += result["set_aside"]
    for info in result["seats"].values():
        places += info["hole"]
    assert sorted(places) == ALL_CARDS


# --- a pot pushed to the wrong player, a misread hand ---------------------------------------

PUSH_RULE = {ROBERTS: "RRoP-DM 6", TDA: "TDA24 22"}
LATE_RULE = {ROBERTS: "RRoP-DM 5", TDA: "TDA24 22"}


@BOTH
def test_tda24_22_rrop_dm6_a_pot_pushed_to_the_wrong_player_is_corrected_before_the_next_hand(
    ruleset: str,
) -> None:
    pushed = run([*TO_SHOWDOWN, *SHOWN, seated("push", 2)], ruleset)
    assert kinds(pushed) == [("wrong_pot_award", PUSH_RULE[ruleset])]
    assert chips(pushed) == {1: 98, 2: 104, 3: 98}  # the 6-chip pot went to seat 2
    assert pushed["expected_next"] == ["correct_award"]
    refused = run([*TO_SHOWDOWN, *SHOWN, seated("push", 2), "next_hand"], ruleset)
    assert refused["rejected"][0]["name"] == "next_hand"
    assert refused["rejected"][0]["rule"] == PUSH_RULE[ruleset]
    fixed = run([*TO_SHOWDOWN, *SHOWN, seated("push", 2), "correct_award", "next_hand"], ruleset)
    assert fixed["rejected"] == []
    assert chips(fixed) == {1: 104, 2: 98, 3: 98}  # seat 1 won; the next hand has begun
    assert fixed["state"] == "shuffling"


@BOTH
def test_tda24_22_a_misread_pushed_unnoticed_is_corrected_when_noticed_before_the_next_hand(
    ruleset: str,
) -> None:
    unnoticed = run([*TO_SHOWDOWN, *SHOWN, seated("push", 3, unnoticed=True)], ruleset)
    assert unnoticed["irregularities"] == []
    assert chips(unnoticed) == {1: 98, 2: 98, 3: 104}
    assert unnoticed["pots"] == [{"amount": 6, "eligible": [2, 3, 1], "winners": [3]}]
    noticed = run(
        [*TO_SHOWDOWN, *SHOWN, seated("push", 3, unnoticed=True), "notice"],
        ruleset,
        auto_recover=True,
    )
    assert kinds(noticed) == [("wrong_pot_award", PUSH_RULE[ruleset])]
    assert chips(noticed) == {1: 104, 2: 98, 3: 98}
    assert noticed["pots"] == [{"amount": 6, "eligible": [2, 3, 1], "winners": [1]}]


@BOTH
def test_tda24_22_rrop_dm5_after_the_next_hand_begins_the_wrong_push_stands(
    ruleset: str,
) -> None:
    events = [*TO_SHOWDOWN, *SHOWN, seated("push", 2, unnoticed=True), "next_hand"]
    result = run(events, ruleset, auto_recover=True)
    assert kinds(result) == [("wrong_pot_award", LATE_RULE[ruleset])]
    assert result["irregularities"][0]["event"] == len(events) - 1  # the next hand began
    assert chips(result) == {1: 98, 2: 104, 3: 98}  # it stands
    assert result["state"] == "shuffling" and result["rejected"] == []
    late = run([*events, "notice"], ruleset)
    assert late["rejected"][0]["name"] == "notice"  # nothing left to dispute
    assert chips(late) == {1: 98, 2: 104, 3: 98}


@BOTH
def test_tda24_12_a_push_to_the_seat_that_won_is_no_error(ruleset: str) -> None:
    result = run([*TO_SHOWDOWN, *SHOWN, seated("push", 1), "next_hand"], ruleset)
    assert result["irregularities"] == [] and result["rejected"] == []
    assert chips(result) == {1: 104, 2: 98, 3: 98}


@BOTH
def test_tda24_22_a_split_pot_pushed_whole_to_one_winner_is_corrected(ruleset: str) -> None:
    # the board Ah Kd Qc Js Th plays for both hands: the 4-chip pot is split 2 and 2
    deck = ["2c", "3c", "4s", "7d", "8d", "5h", "6d", "Ah", "Kd", "Qc", "9c", "Js", "2h", "Th"]
    events = [
        "post_blinds",
        "deal",
        act(1, "fold"),
        act(2, "call"),
        act(3, "check"),
        "burn",
        "flop",
        act(2, "check"),
        act(3, "check"),
        "burn",
        "turn",
        act(2, "check"),
        act(3, "check"),
        "burn",
        "river",
        act(2, "check"),
        act(3, "check"),
        seated("show", 2),
        seated("show", 3),
        seated("push", 3),
    ]
    pushed = snapshot(play(script(events, ruleset, deck), check=True))
    assert kinds(pushed) == [("wrong_pot_award", PUSH_RULE[ruleset])]
    assert chips(pushed) == {1: 100, 2: 98, 3: 102}
    fixed = snapshot(play(script([*events, "correct_award"], ruleset, deck), check=True))
    assert chips(fixed) == {1: 100, 2: 100, 3: 100}
    assert fixed["pots"] == [{"amount": 4, "eligible": [2, 3], "winners": [2, 3]}]


# --- a dealer who kills a hand ----------------------------------------------------------------


@BOTH
def test_tda24_13c_rrop_showdown2_a_tabled_winning_hand_killed_is_taken_back_and_wins(
    ruleset: str,
) -> None:
    events = [*TO_SHOWDOWN, seated("show", 1), seated("kill", 1)]
    killed = run(events, ruleset)
    rule = {ROBERTS: "RRoP Showdown 2", TDA: "TDA24 13-C"}[ruleset]
    assert kinds(killed) == [("hand_killed", rule)]
    assert killed["muck"] == ["4c", "7c"] and killed["expected_next"] == ["retrieve"]
    result = run([*events, "retrieve", seated("show", 2), seated("show", 3)], ruleset)
    assert result["rejected"] == [] and result["hand_over"]
    assert result["seats"]["1"]["hole"] == ["4c", "7c"] and result["muck"] == []
    assert chips(result) == {1: 104, 2: 98, 3: 98}
    every_card_once(result)


@BOTH
def test_tda24_65a_rrop_ir2_a_hand_killed_unshown_at_the_showdown_has_no_redress(
    ruleset: str,
) -> None:
    events = [*TO_SHOWDOWN, seated("kill", 1), seated("show", 2), seated("show", 3)]
    result = run(events, ruleset)
    rule = {ROBERTS: "RRoP-IR 2", TDA: "TDA24 65-A"}[ruleset]
    assert kinds(result) == [("hand_killed", rule)]
    assert result["rejected"] == [] and result["hand_over"]
    # seat 1 held the best hand, but it is dead: seat 3 (K J T 9 6) takes the pot
    assert chips(result) == {1: 98, 2: 98, 3: 104}
    assert result["muck"] == ["4c", "7c"]


@BOTH
def test_tda24_65a_a_hand_killed_during_the_betting_is_dead_and_an_uncalled_bet_goes_back(
    ruleset: str,
) -> None:
    # seat 1 raises to 10 and the dealer kills seat 2's hand, then seat 3 folds: seat 1's raise
    # was called by nobody, so it gets back all but what seat 3 put in (the blinds stay)
    events = ["post_blinds", "deal", act(1, "raise", 10), seated("kill", 2), act(3, "fold")]
    result = run(events, ruleset)
    rule = {ROBERTS: "RRoP-IR 2", TDA: "TDA24 65-A"}[ruleset]
    assert kinds(result) == [("hand_killed", rule)]
    assert result["hand_over"] and result["rejected"] == []
    assert chips(result) == {1: 103, 2: 99, 3: 98}


def test_a_hand_already_folded_cannot_be_killed() -> None:
    result = run(["post_blinds", "deal", act(1, "fold"), seated("kill", 1)])
    assert result["irregularities"] == []
    assert result["rejected"][0]["name"] == "kill"


# --- two cards stuck together -----------------------------------------------------------------


@BOTH
def test_rrop_mde_tda24_35a5_two_cards_pitched_as_one_are_a_misdeal(ruleset: str) -> None:
    result = run(["post_blinds", "pitch", {"pitch": {"cards": 2}}], ruleset, auto_recover=True)
    rule = {ROBERTS: "RRoP-MD(e)", TDA: "TDA24 35-A-5"}[ruleset]
    assert kinds(result) == [("stuck_cards", rule), ("misdeal", rule)]
    assert result["misdeals"] == 1 and result["state"] == "dealing"
    assert all(info["hole"] == [] for info in result["seats"].values())
    assert chips(result) == {1: 100, 2: 99, 3: 98}  # the blinds stay posted
    every_card_once(result)


@BOTH
def test_rrop_dead_hands_tda24_38_stuck_cards_found_after_substantial_action_kill_the_hand(
    ruleset: str,
) -> None:
    # seat 3 is pitched 3c and 4c stuck together; the deal goes on a card late
    events = [
        "post_blinds",
        "pitch",
        {"pitch": {"cards": 2, "unnoticed": True}},
        "deal",
        act(1, "call"),
        act(2, "call"),
        "notice",
    ]
    result = run(events, ruleset)
    rule = {ROBERTS: "RRoP Dead Hands", TDA: "TDA24 38"}[ruleset]
    assert kinds(result) == [("dead_hand", rule)]
    assert result["seats"]["3"]["folded"] is True
    assert sorted(result["muck"]) == ["3c", "4c", "7c"]


@BOTH
def test_rrop_mde_stuck_cards_noticed_before_substantial_action_are_a_misdeal(
    ruleset: str,
) -> None:
    events = ["post_blinds", {"pitch": {"cards": 2, "unnoticed": True}}, "deal", "notice"]
    result = run(events, ruleset)
    rule = {ROBERTS: "RRoP-MD(e)", TDA: "TDA24 35-A-5"}[ruleset]
    assert kinds(result) == [("stuck_cards", rule), ("misdeal", rule)]


def test_two_cards_stuck_together_are_judged_only_in_the_deal() -> None:
    result = run(["post_blinds", "deal", {"pitch": {"cards": 2}}])
    assert result["rejected"][0]["name"] == "pitch"
    with pytest.raises(ScriptError):
        replay(script(["post_blinds", {"pitch": {"cards": "two"}}]))


# --- a card dropped or flashed ----------------------------------------------------------------


@BOTH
def test_rrop_ir12_la26_123_a_card_the_dealer_drops_is_an_exposed_card_replaced_as_the_burn(
    ruleset: str,
) -> None:
    # the fourth card off the deck (5c, to seat 2) falls off the table
    events = ["post_blinds", "pitch", "pitch", "pitch", {"pitch": {"dropped": True}}, "deal"]
    result = run(events, ruleset, auto_recover=True)
    rule = {ROBERTS: "RRoP-IR 12", TDA: "LA26 123"}[ruleset]
    assert kinds(result) == [("exposed_hole_card", rule)]
    assert result["seats"]["2"]["hole"] == ["2c", "8c"]  # the top card of the stub
    assert result["burns"] == ["5c"]  # the dropped card is the flop's burn
    flop = run([*events, *PREFLOP, "flop"], ruleset, auto_recover=True)
    assert flop["board"] == ["9c", "Tc", "Jc"] and flop["rejected"] == []


@BOTH
def test_rrop_he1_tda24_35a7_the_first_card_dropped_is_a_misdeal(ruleset: str) -> None:
    result = run(["post_blinds", {"pitch": {"dropped": True}}], ruleset)
    assert [kind for kind, _ in kinds(result)] == ["exposed_hole_card", "misdeal"]
    assert result["misdeals"] == 1


@BOTH
def test_la26_123_tda24_68_a_card_a_player_flashes_plays_and_is_no_misdeal(ruleset: str) -> None:
    # seat 2 flashes its first card (2c), the first card off the deck: no misdeal, it plays
    result = run(["post_blinds", "pitch", seated("flash", 2), "deal"], ruleset)
    rule = {ROBERTS: "RRoP-IR 12", TDA: "TDA24 68"}[ruleset]
    assert kinds(result) == [("player_exposed_card", rule)]
    assert result["misdeals"] == 0 and result["rejected"] == []
    assert result["seats"]["2"]["hole"] == ["2c", "5c"]
    assert result["state"] == "preflop" and result["burns"] == []


def test_a_seat_with_no_card_yet_cannot_flash_one() -> None:
    result = run(["post_blinds", seated("flash", 3)])
    assert result["rejected"][0]["name"] == "flash"


# --- a foul deck, a short deck ----------------------------------------------------------------


@BOTH
def test_tda24_35e_rrop_ir4_a_duplicate_card_voids_the_hand_and_returns_every_bet(
    ruleset: str,
) -> None:
    # substantial action has taken place: the flop is out and seat 3 has bet 10, seat 1 called
    events = [
        "post_blinds",
        "deal",
        *PREFLOP,
        "burn",
        "flop",
        act(2, "check"),
        act(3, "bet", 10),
        act(1, "call"),
        {"foul_deck": {"found": "duplicate"}},
    ]
    result = run(events, ruleset, auto_recover=True)
    rule = {ROBERTS: "RRoP-IR 4", TDA: "TDA24 35-E"}[ruleset]
    assert kinds(result) == [("foul_deck", rule), ("misdeal", rule)]
    assert result["state"] == "dealing" and result["board"] == []
    assert chips(result) == {1: 100, 2: 99, 3: 98}  # every bet back; the blinds for the redeal
    every_card_once(result)


@BOTH
def test_la26_115_rrop_ir3_a_card_with_another_back_voids_the_hand_even_at_the_showdown(
    ruleset: str,
) -> None:
    events = [*TO_SHOWDOWN, seated("show", 1), {"foul_deck": {"found": "back"}}]
    result = run(events, ruleset, auto_recover=True)
    rule = {ROBERTS: "RRoP-IR 3", TDA: "LA26 115"}[ruleset]
    assert kinds(result) == [("foul_deck", rule), ("misdeal", rule)]
    assert result["state"] == "dealing" and not result["hand_over"]
    assert chips(result) == {1: 100, 2: 99, 3: 98}
    assert not any(info["shown"] for info in result["seats"].values())
    redeal = run([*events, "deal", *PREFLOP], ruleset, auto_recover=True)
    assert redeal["rejected"] == [] and redeal["state"] == "flop_burn"


def test_tda24_35a6_a_joker_before_substantial_action_is_a_misdeal() -> None:
    result = run(["post_blinds", "pitch", {"foul_deck": {"found": "joker"}}], TDA)
    assert kinds(result) == [("foul_deck", "TDA24 35-A-6"), ("misdeal", "TDA24 35-A-6")]
    assert result["expected_next"] == ["retrieve"]


def test_tda24_35d_a_joker_after_substantial_action_is_a_scrap_of_paper() -> None:
    events = ["post_blinds", "deal", *PREFLOP, "burn", "flop", {"foul_deck": {"found": "joker"}}]
    result = run(events, TDA)
    assert kinds(result) == [("foul_deck", "TDA24 35-D")]
    assert result["misdeals"] == 0 and result["expected_next"] == ["act"]
    assert result["board"] == ["9c", "Tc", "Jc"]


@pytest.mark.parametrize("when", ["deal", "flop"])
def test_rrop_ir8_a_joker_is_a_scrap_of_paper_and_no_misdeal(when: str) -> None:
    before = ["post_blinds", "pitch"] if when == "deal" else ["post_blinds", "deal", *PREFLOP]
    result = run([*before, {"foul_deck": {"found": "joker"}}])
    assert kinds(result) == [("foul_deck", "RRoP-IR 8")]
    assert result["misdeals"] == 0 and result["rejected"] == []


@BOTH
def test_la26_121_rrop_ir10_a_deck_found_short_after_the_hand_leaves_the_result(
    ruleset: str,
) -> None:
    result = run([*TO_SHOWDOWN, *SHOWN, "short_deck", "next_hand"], ruleset)
    rule = {ROBERTS: "RRoP-IR 10", TDA: "LA26 121"}[ruleset]
    assert kinds(result) == [("short_deck", rule)]
    assert chips(result) == {1: 104, 2: 98, 3: 98}
    assert result["rejected"] == [] and result["state"] == "shuffling"


def test_a_foul_deck_names_what_was_found() -> None:
    with pytest.raises(ScriptError, match="joker"):
        replay(script(["post_blinds", {"foul_deck": {"found": "jocker"}}]))
    with pytest.raises(ScriptError, match="found"):
        replay(script(["post_blinds", "foul_deck"]))


def test_tda24_22_main_pot_pushed_then_side_pot_to_the_wrong_seat_moves_the_side_pot_only() -> None:
    """Each push moves the pots not pushed yet that the seat can win: after the main pot went
    to its winner, a push to another seat moves the side pot alone (not the main pot again)."""
    bank = Path(__file__).resolve().parents[1] / "scenarios" / "pot-award"
    hand = play(load_scenario(bank / "pot-award-side-pot-misread-tda.yaml").script)
    assert hand.table.stacks[1] == 150  # the main pot, pushed to its winner, stays there
    assert hand.table.stacks[3] == 190  # 110 behind and the side pot of 80, pushed wrongly
    assert hand.table.stacks[2] == 110
    assert [irregular.kind for irregular in hand.irregularities] == ["wrong_pot_award"]
