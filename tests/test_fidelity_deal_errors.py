"""Dealing errors of issue 13: the button dealt two cards in a row (item 6, TDA24 35-B), a card
dealt to an empty seat noticed only after substantial action (item 8), and the citations of
the late rulings (item 7: TDA 35, not 34-A, which is about moving the button).

The table of tests/test_irregularities.py: three seats, button on 1, dealing order 2, 3, 1,
the deck in the standard order (2c 3c 4c 5c 6c 7c 8c ... off the top).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_irregularities import (
    BOTH,
    ROBERTS,
    TDA,
    act,
    holes,
    irregularities,
    pitch,
    run,
)

from dealer_trainer.procedure.rulings import SITUATIONS, situation
from dealer_trainer.rules.corpus import by_cite
from dealer_trainer.rules.rulesets import builtin

# --- item 6: the button dealt two cards in a row (TDA24 35-B; RRoP-MD(f)) -----------------

#: the first round 2, 3, 1, then the button again: two cards in a row on the button
BUTTON_AGAIN = ["post_blinds", "pitch", "pitch", "pitch", pitch(to=1)]
#: the button skipped in the first round (its card to seat 2), then dealt both cards last
BUTTON_SKIPPED = ["post_blinds", "pitch", "pitch", pitch(to=2)]


def test_tda24_35b_button_two_consecutive_cards_is_no_misdeal() -> None:
    result = run([*BUTTON_AGAIN, "deal"], TDA)
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert irregularities(result) == [("wrong_seat", "TDA24 35-B", 4)]
    assert holes(result) == {2: ["2c", "6c"], 3: ["3c", "7c"], 1: ["4c", "5c"]}
    assert result["state"] == "preflop"
    assert result["expected_next"] == ["act"]


def test_tda24_35b_the_deal_goes_on_pitch_by_pitch_to_the_seats_still_owed_a_card() -> None:
    result = run([*BUTTON_AGAIN, "pitch", "pitch"], TDA)
    assert holes(result) == {2: ["2c", "6c"], 3: ["3c", "7c"], 1: ["4c", "5c"]}
    more = run([*BUTTON_AGAIN, "pitch", "pitch", "pitch"], TDA)
    # a third card now is an extra card: a wrong number of cards, a misdeal (TDA24 35-A-5)
    assert [kind for kind, _, _ in irregularities(more)] == ["wrong_seat", "extra_card", "misdeal"]
    assert more["misdeals"] == 1


def test_tda24_35b_the_button_skipped_gets_both_cards_last_no_misdeal() -> None:
    result = run([*BUTTON_SKIPPED, "deal"], TDA)
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert irregularities(result) == [("wrong_seat", "TDA24 35-B", 3)]
    assert holes(result) == {2: ["2c", "4c"], 3: ["3c", "5c"], 1: ["6c", "7c"]}


def test_tda24_35b_hand_plays_on_to_the_flop_after_the_button_got_two_in_a_row() -> None:
    events = [*BUTTON_AGAIN, "deal", act(1, "call"), act(2, "call"), act(3, "check")]
    result = run([*events, "burn", "flop"], TDA)
    assert result["rejected"] == []
    assert result["board"] == ["9c", "Tc", "Jc"]  # burn 8c: nothing was lost from the stub


@pytest.mark.parametrize("events", [BUTTON_AGAIN, BUTTON_SKIPPED])
def test_rrop_mdf_button_two_consecutive_cards_is_out_of_sequence_a_misdeal(
    events: list[Any],
) -> None:
    result = run([*events, "deal"], ROBERTS)
    index = len(events) - 1
    assert irregularities(result) == [
        ("wrong_seat", "RRoP-MD(f)", index),
        ("misdeal", "RRoP-MD(f)", index),
    ]
    assert result["misdeals"] == 1
    assert all(len(cards) == 2 for cards in holes(result).values())  # redealt


@BOTH
def test_tda24_35a4_a_card_to_a_later_seat_is_still_a_missed_seat(ruleset: str) -> None:
    # the button's second card is not consecutive here: seat 3 was skipped
    result = run(["post_blinds", "pitch", "pitch", "pitch", "pitch", pitch(to=1)], ruleset)
    rule = {ROBERTS: "RRoP-MD(f)", TDA: "TDA24 35-A-4"}[ruleset]
    assert irregularities(result)[:2] == [("wrong_seat", rule, 5), ("misdeal", rule, 5)]


def test_tda24_35a4_heads_up_the_big_blind_given_the_buttons_card_is_a_missed_seat() -> None:
    script_events = ["post_blinds", "pitch", pitch(to=2), "deal"]
    from dealer_trainer.engine import play, snapshot

    result = snapshot(
        play(
            {
                "table": {"seats": 2, "button": 1, "ruleset": TDA},
                "deck": [],
                "events": script_events,
            },
            auto_recover=True,
            check=True,
        )
    )
    assert [item["rule"] for item in result["irregularities"]] == ["TDA24 35-A-4"] * 2


# --- item 8: a card to an empty seat, noticed after substantial action ---------------------

#: the card after seat 2's goes to empty seat 7 unnoticed; the deal goes on as due
EMPTY_UNNOTICED = ["post_blinds", "pitch", pitch(to=7, unnoticed=True), "deal"]
LATE_EMPTY_RULE = {ROBERTS: "RRoP-MD", TDA: "TDA24 35-D"}
EARLY_EMPTY_RULE = {ROBERTS: "RRoP-MD(i)", TDA: "TDA24 35-A-3"}


@BOTH
def test_rrop_md_tda24_35d_empty_seat_card_after_substantial_action_is_dead_play_goes_on(
    ruleset: str,
) -> None:
    events = [*EMPTY_UNNOTICED, act(1, "call"), act(2, "call"), "notice"]
    result = run(events, ruleset)
    assert result["rejected"] == []
    assert result["misdeals"] == 0
    assert irregularities(result) == [("wrong_seat", LATE_EMPTY_RULE[ruleset], 6)]
    assert result["muck"] == ["3c"]  # the empty seat's card is dead
    assert result["set_aside"] == []
    assert holes(result) == {2: ["2c", "6c"], 3: ["4c", "7c"], 1: ["5c", "8c"]}
    assert result["to_act"] == 3  # the big blind's option: the hand goes on
    played = run([*events, act(3, "check"), "burn", "flop"], ruleset)
    assert played["burns"] == ["9c"]  # one burn, as usual
    assert played["board"] == ["Tc", "Jc", "Qc"]


@BOTH
def test_rrop_mdi_tda24_35a3_empty_seat_card_noticed_before_substantial_action_is_a_misdeal(
    ruleset: str,
) -> None:
    result = run([*EMPTY_UNNOTICED, act(1, "call"), "notice"], ruleset, auto=False)
    rule = EARLY_EMPTY_RULE[ruleset]
    assert irregularities(result) == [("wrong_seat", rule, 5), ("misdeal", rule, 5)]
    assert result["expected_next"] == ["retrieve"]


@BOTH
def test_an_unnoticed_card_to_an_empty_seat_leaves_the_deal_as_due(ruleset: str) -> None:
    result = run(EMPTY_UNNOTICED, ruleset)
    assert result["irregularities"] == []
    assert result["set_aside"] == ["3c"]  # it lies at the empty seat until someone notices
    assert holes(result) == {2: ["2c", "6c"], 3: ["4c", "7c"], 1: ["5c", "8c"]}


# --- item 7: the citations of the late rulings ---------------------------------------------


@BOTH
def test_tda24_35d_a_deal_begun_at_the_wrong_seat_after_substantial_action_cites_35d_not_34a(
    ruleset: str,
) -> None:
    events = ["post_blinds", pitch(to=3, unnoticed=True), "deal", act(1, "call")]
    result = run([*events, act(2, "call"), "notice"], ruleset)
    assert result["misdeals"] == 0
    assert irregularities(result) == [("wrong_seat", LATE_EMPTY_RULE[ruleset], 5)]


@BOTH
def test_tda24_38_rrop_dead_hands_a_wrong_count_after_substantial_action_kills_the_hand(
    ruleset: str,
) -> None:
    # seat 3 skipped unnoticed: the deal goes on from seat 1, and seat 3 ends a card short
    events = ["post_blinds", "pitch", pitch(to=1, unnoticed=True), "deal"]
    result = run([*events, act(1, "call"), act(2, "call"), "notice"], ruleset)
    rule = {ROBERTS: "RRoP Dead Hands", TDA: "TDA24 38"}[ruleset]
    assert irregularities(result) == [("dead_hand", rule, 6)]


def test_only_the_misplaced_button_ruling_cites_the_button_movement_rule_34a() -> None:
    """TDA24 34-A (the button moved wrongly) is the wrong_button ruling's (issue 25), no deal
    error's."""
    citing = {item.name for item in SITUATIONS if "TDA24 34-A" in item.rules}
    assert citing and all(name.startswith("wrong_button") for name in citing), citing


def test_every_ruling_cites_a_rule_of_the_corpus() -> None:
    cites = by_cite()
    for item in SITUATIONS:
        for rule in item.rules:
            assert rule in cites, (item.name, rule)


@pytest.mark.parametrize("name", ["button_two_cards", "late_empty_seat"])
def test_the_new_rulings_have_no_recovery_steps_under_tda(name: str) -> None:
    outcome = situation(name).outcome(builtin(TDA))
    assert outcome.steps == ()
    assert not outcome.misdeal
