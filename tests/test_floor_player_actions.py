"""The floor's rulings on what players do (issue 18): an action out of turn, a player away from
the seat when the deal ends, tabling at the showdown, killed, let-go and mucked hands.

Each test plays a stacked deck under both rulebooks (or the one the rule belongs to) and names
the rule it proves. The rulings: TDA24 53-A and RRoP Betting 11 (out of turn); TDA24 30 and
RRoP Tournaments (absent); TDA24 13-A, 15-A, 17-A and RRoP Showdown 1, 7 (tabling); TDA24 13-C,
14, 65-A and RRoP Showdown 2, Dead Hands, RRoP-IR 2 (killed and mucked hands).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.scenario import loads_scenario, verify

RULESETS = ("roberts", "tda-2024")
#: the out-of-turn rule each rulebook cites
OOT_RULE = {"roberts": "RRoP Betting 11", "tda-2024": "TDA24 53-A"}
ABSENT_RULE = {"roberts": "RRoP Tournaments", "tda-2024": "TDA24 30"}

#: four seats, button on 1 (small blind 2, big blind 3; seat 4 acts first preflop). Pitches go
#: 2, 3, 4, 1 twice: seat 2 Ah Ad, seat 3 7c 2s, seat 4 6d 3h, seat 1 Kd Kh; burn 3c, flop
#: Qs 9h 5c, burn 4h, turn Jd, burn 8d, river Td: seat 1's king-high straight wins
DECK4 = ["Ah", "7c", "6d", "Kd", "Ad", "2s", "3h", "Kh", "3c", "Qs", "9h", "5c", "4h", "Jd"]
DECK4 += ["8d", "Td"]
#: three seats, button on 1 (small blind 2, big blind 3; seat 1 acts first preflop): seat 2
#: Ah Ad, seat 3 7c 2s, seat 1 Kd Kh; the same board: seat 1 wins, seat 2 is second
DECK3 = ["Ah", "7c", "Kd", "Ad", "2s", "Kh", "3c", "Qs", "9h", "5c", "4h", "Jd", "8d", "Td"]


def act(seat: int, action: str, amount: int | None = None, *, early: bool = False) -> Any:
    args: dict[str, Any] = {"seat": seat, "action": action}
    if amount is not None:
        args["amount"] = amount
    if early:
        args["out_of_turn"] = True
    return {"act": args}


def four(ruleset: str, events: list[Any]) -> dict[str, Any]:
    table = {"seats": 4, "stacks": 200, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return {"table": table, "deck": DECK4, "events": ["post_blinds", "deal", *events]}


def three(ruleset: str, events: list[Any]) -> dict[str, Any]:
    table = {"seats": 3, "stacks": 200, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return {"table": table, "deck": DECK3, "events": ["post_blinds", *events]}


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


def refusals(result: dict[str, Any]) -> list[tuple[int, str, str | None]]:
    return [(item["event"], item["name"], item["rule"]) for item in result["rejected"]]


#: three seats to the river, everybody checking or calling: the showdown is next
TO_SHOWDOWN = [
    "deal",
    act(1, "call"),
    act(2, "call"),
    act(3, "check"),
    "burn",
    "flop",
    *(act(seat, "check") for seat in (2, 3, 1)),
    "burn",
    "turn",
    *(act(seat, "check") for seat in (2, 3, 1)),
    "burn",
    "river",
    *(act(seat, "check") for seat in (2, 3, 1)),
]


# --- 1. action out of turn (TDA24 53-A; RRoP Betting 11) --------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_rrop_betting_11_out_of_turn_raise_is_binding_when_the_action_is_unchanged(
    ruleset: str,
) -> None:
    # seat 4 is to act; the button raises to 6 early; seat 4 calls the big blind: the action
    # to the button is unchanged, so its raise goes in as made when its turn comes
    result = replay(four(ruleset, [act(1, "raise", 6, early=True), act(4, "call")]))
    assert kinds(result) == [("action_out_of_turn", OOT_RULE[ruleset])]
    assert result["rejected"] == []
    assert result["seats"]["1"]["chips"] == 194
    assert result["seats"]["4"]["chips"] == 198
    assert result["to_act"] == 2
    assert sum(pot["amount"] for pot in result["pots"]) == 11


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_the_held_action_is_not_in_the_pot_before_the_turn_comes(ruleset: str) -> None:
    result = replay(four(ruleset, [act(1, "raise", 6, early=True)]))
    assert result["to_act"] == 4  # the action backs up to the seat whose turn it was
    assert result["seats"]["1"]["chips"] == 200
    assert sum(pot["amount"] for pot in result["pots"]) == 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_out_of_turn_check_is_binding_when_everyone_before_checks(ruleset: str) -> None:
    events = [
        act(4, "call"),
        act(1, "call"),
        act(2, "call"),
        act(3, "check"),
        "burn",
        "flop",
        act(1, "check", early=True),  # seat 2 is first on the flop
        act(2, "check"),
        act(3, "check"),
        act(4, "check"),
    ]
    result = replay(four(ruleset, events))
    assert result["rejected"] == []
    assert result["state"] == "turn_burn"  # the button's check was taken: the round is over


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_rrop_betting_11_a_raise_in_between_voids_the_early_call(ruleset: str) -> None:
    # the button calls early; seat 4 raises to 6: the call is void and the button acts again
    events = [act(1, "call", early=True), act(4, "raise", 6), act(1, "raise", 12)]
    result = replay(four(ruleset, events))
    assert result["to_act"] in (1, 2)
    if ruleset == "tda-2024":  # every option again: the raise stands
        assert result["rejected"] == []
        assert result["seats"]["1"]["chips"] == 188
    else:  # Robert's Rules: a player who called out of turn may not make it a raise
        assert refusals(result) == [(4, "act", "RRoP Betting 11")]
        assert result["seats"]["1"]["chips"] == 200
        called = replay(four(ruleset, [*events[:2], act(1, "call")]))
        assert called["rejected"] == []
        assert called["seats"]["1"]["chips"] == 194


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_a_void_early_raise_gives_the_chips_back_and_every_option(ruleset: str) -> None:
    events = [act(1, "raise", 6, early=True), act(4, "raise", 10), act(1, "raise", 20)]
    result = replay(four(ruleset, events))
    assert result["rejected"] == []
    assert result["seats"]["1"]["chips"] == 180
    assert result["seats"]["4"]["chips"] == 190


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_an_out_of_turn_fold_is_binding_at_once(ruleset: str) -> None:
    result = replay(four(ruleset, [act(1, "fold", early=True), act(4, "raise", 6)]))
    assert result["seats"]["1"]["folded"] is True
    assert result["seats"]["1"]["hole"] == []
    assert {"Kd", "Kh"} <= set(result["muck"])
    assert result["to_act"] == 2  # the button is out: the small blind is next


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_skipped_players_keep_their_rights(ruleset: str) -> None:
    # seat 4 is due; the small blind calls early: seat 4 and the button, skipped, still act
    # with every option, and seat 4's raise changes the action to the small blind. (Two
    # early actions with chips would be substantial action out of turn: TDA24 53-B below.)
    events = [act(2, "call", early=True), act(4, "raise", 8), act(1, "raise", 16)]
    result = replay(four(ruleset, events))
    assert result["rejected"] == []
    assert result["to_act"] == 2
    assert result["seats"]["4"]["chips"] == 192
    assert result["seats"]["1"]["chips"] == 184
    assert result["seats"]["2"]["chips"] == 199  # its early call is void: only the blind in


# --- 1b. a skipped player silent through substantial action out of turn (TDA24 53-B; RRoP
# Betting 11 sets no such limit; option skipped_hand) -------------------------------------

SKIPPED_RULE = {"roberts": "RRoP Betting 11", "tda-2024": "TDA24 53-B"}
#: seat 4 is due preflop; both blinds act early, one putting chips in: substantial action out
#: of turn (TDA24 36) after seat 4 and the button, who both say nothing
BLINDS_EARLY = [act(2, "call", early=True), act(3, "check", early=True)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53b_substantial_action_out_of_turn_is_ruled_on_under_each_rulebook(
    ruleset: str,
) -> None:
    result = replay(four(ruleset, BLINDS_EARLY))
    assert kinds(result) == [
        ("action_out_of_turn", OOT_RULE[ruleset]),
        ("action_out_of_turn", OOT_RULE[ruleset]),
        ("skipped_player", SKIPPED_RULE[ruleset]),
    ]
    assert result["to_act"] == 4  # the action still backs up to the skipped seat
    assert sum(pot["amount"] for pot in result["pots"]) == 3  # the early call is held


def test_tda24_53b_a_silent_skipped_player_may_not_raise_and_the_early_actions_bind() -> None:
    refused = replay(four("tda-2024", [*BLINDS_EARLY, act(4, "raise", 8)]))
    assert refusals(refused) == [(4, "act", "TDA24 53-B")]
    assert refused["seats"]["4"]["chips"] == 200
    # seat 4 and the button (skipped too) may call; then both blinds' early actions bind
    events = [*BLINDS_EARLY, act(4, "call"), act(1, "raise", 6)]
    button = replay(four("tda-2024", events))
    assert refusals(button) == [(5, "act", "TDA24 53-B")]
    called = replay(four("tda-2024", [*BLINDS_EARLY, act(4, "call"), act(1, "call")]))
    assert called["rejected"] == []
    assert called["state"] == "flop_burn"  # the big blind's early check closed the round
    assert {seat: item["chips"] for seat, item in called["seats"].items()} == dict.fromkeys(
        ("1", "2", "3", "4"), 198
    )


def test_rrop_betting_11_a_skipped_player_keeps_every_right_through_many_early_actions() -> None:
    result = replay(four("roberts", [*BLINDS_EARLY, act(4, "raise", 8)]))
    assert result["rejected"] == []
    assert result["seats"]["4"]["chips"] == 192
    assert result["to_act"] == 1
    # the raise changed the action to both blinds: their early actions are void
    after = replay(four("roberts", [*BLINDS_EARLY, act(4, "raise", 8), act(1, "fold")]))
    assert after["to_act"] == 2
    assert after["seats"]["2"]["chips"] == 199


def test_tda24_53b_an_early_call_of_an_early_raise_binds_as_a_call_of_the_raise() -> None:
    # seat 4 is due; the button raises to 6 early and the small blind calls early: substantial
    # action out of turn. Seat 4 calls the blind (all it may do); the button's raise binds,
    # and so does the small blind's call, now a call of 6, though the bet it was made
    # against (2) has changed since
    events = [act(1, "raise", 6, early=True), act(2, "call", early=True), act(4, "call")]
    result = replay(four("tda-2024", events))
    assert result["rejected"] == []
    assert result["seats"]["1"]["chips"] == 194
    assert result["seats"]["2"]["chips"] == 194
    assert result["to_act"] == 3


def test_tda24_53b_the_addendums_example_one_action_out_of_turn_fold_and_call() -> None:
    # TDA 2024 addendum, 53-B example 1 on six seats (blinds 100-200, button 6): seat 3 makes
    # it 600, seat 5 calls out of turn, seat 6 folds out of turn; seat 4 said nothing
    table = {"seats": 6, "stacks": 10000, "button": 6, "blinds": [100, 200]}
    table["ruleset"] = "tda-2024"
    events = [
        "post_blinds",
        "deal",
        act(3, "raise", 600),
        act(5, "call", early=True),
        act(6, "fold", early=True),
        act(4, "raise", 1200),
        act(4, "call"),
    ]
    result = replay({"table": table, "deck": [], "events": events})
    assert ("skipped_player", "TDA24 53-B") in kinds(result)
    assert refusals(result) == [(5, "act", "TDA24 53-B")]
    assert result["seats"]["6"]["folded"] is True  # the fold out of turn binds (TDA24 58)
    assert result["seats"]["5"]["chips"] == 9400  # the call out of turn binds
    assert result["seats"]["4"]["chips"] == 9400
    assert result["to_act"] == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_36_53b_two_checks_out_of_turn_are_not_substantial_three_are(ruleset: str) -> None:
    flop = [act(4, "call"), act(1, "call"), act(2, "call"), act(3, "check"), "burn", "flop"]
    two = [act(3, "check", early=True), act(4, "check", early=True)]
    # seat 2 is first on the flop; two checks out of turn after it are not substantial action
    bet = replay(four(ruleset, [*flop, *two, act(2, "bet", 4)]))
    assert bet["rejected"] == []
    assert "skipped_player" not in [kind for kind, _ in kinds(bet)]
    three = [*two, act(1, "check", early=True)]
    result = replay(four(ruleset, [*flop, *three, act(2, "bet", 4)]))
    assert ("skipped_player", SKIPPED_RULE[ruleset]) in kinds(result)
    if ruleset == "tda-2024":
        assert refusals(result) == [(11, "act", "TDA24 53-B")]
        checked = replay(four(ruleset, [*flop, *three, act(2, "check")]))
        assert checked["state"] == "turn_burn"  # the three early checks bind
    else:
        assert result["rejected"] == []


def test_tda24_53b_a_house_may_rule_the_silent_skipped_hand_dead(tmp_path: Path) -> None:
    house = tmp_path / "dead-room.yaml"
    house.write_text("name: dead-room\nbase: tda-2024\noptions:\n  skipped_hand: dead\n")
    result = replay(four(str(house), BLINDS_EARLY))
    assert kinds(result)[-1] == ("skipped_player", "TDA24 53-B")
    for seat in ("4", "1"):  # both seats the early actions passed are dead
        assert result["seats"][seat]["folded"] is True
        assert result["seats"][seat]["hole"] == []
    assert {"Kd", "Kh", "6d", "3h"} <= set(result["muck"])
    assert result["state"] == "flop_burn"  # the blinds' early call and check bind
    assert sum(pot["amount"] for pot in result["pots"]) == 4


def test_tda24_53b_a_dead_ruling_never_leaves_the_hand_without_a_player(tmp_path: Path) -> None:
    house = tmp_path / "dead-room.yaml"
    house.write_text("name: dead-room\nbase: tda-2024\noptions:\n  skipped_hand: dead\n")
    folds = [act(seat, "fold", early=True) for seat in (1, 2, 3)]
    result = replay(four(str(house), folds))
    assert result["seats"]["4"]["folded"] is False
    assert result["hand_over"] is True
    assert result["seats"]["4"]["won"] == 3


# --- 1c. the most a seat may bet when the floor bars a raise (RRoP Betting 11; TDA24 53-A) ---

#: seat 4 is due preflop; the button calls early; seat 4 raises to 6: the early call is void
VOID_CALL = [act(1, "call", early=True), act(4, "raise", 6)]


def _scenario(ruleset: str, fact: str) -> str:
    lines = "\n".join(f"  - {json.dumps(event)}" for event in ["post_blinds", "deal", *VOID_CALL])
    return (
        "id: t\ntitle: T\ntopic: action-order\ndifficulty: 2\n"
        f"ruleset: {ruleset}\n"
        "table: {seats: 4, button: 1, blinds: [1, 2], stacks: 200}\n"
        f"deck: {json.dumps(DECK4)}\nsetup:\n{lines}\n"
        f"question:\n  kind: number\n  fact: {fact}\n  ask: How much?\n  explain: Because.\n"
    )


@pytest.mark.parametrize(("ruleset", "most"), [("roberts", 6), ("tda-2024", 200)])
def test_rrop_betting_11_max_bet_after_a_void_call_out_of_turn_is_the_call_tda24_53a_all_in(
    ruleset: str, most: int
) -> None:
    # Robert's Rules: a player who called out of turn may not make it a raise when the action
    # comes back, so the most the button may put in is the call (6); TDA gives every option
    # back (53-A): in no-limit, all 200
    assert verify(loads_scenario(_scenario(ruleset, "max_bet"))).fact == most
    assert verify(loads_scenario(_scenario(ruleset, "to_call"))).fact == 6
    all_in = replay(four(ruleset, [*VOID_CALL, act(1, "all_in")]))
    if ruleset == "roberts":  # the engine refuses any raise, and takes the call the fact names
        assert refusals(all_in) == [(4, "act", "RRoP Betting 11")]
        raised = replay(four(ruleset, [*VOID_CALL, act(1, "raise", 12)]))
        assert refusals(raised) == [(4, "act", "RRoP Betting 11")]
        called = replay(four(ruleset, [*VOID_CALL, act(1, "call")]))
        assert called["rejected"] == []
        assert called["seats"]["1"]["chips"] == 200 - most
    else:
        assert all_in["rejected"] == []
        assert all_in["seats"]["1"]["chips"] == 200 - most


def test_tda24_53b_max_bet_of_a_silent_skipped_player_is_the_call() -> None:
    hand_max = verify(loads_scenario(_skipped_scenario("max_bet"))).fact
    assert hand_max == 2  # seat 4 may call the big blind, no more
    assert verify(loads_scenario(_skipped_scenario("to_call"))).fact == 2


def _skipped_scenario(fact: str) -> str:
    text = _scenario("tda-2024", fact)
    void = "\n".join(f"  - {json.dumps(event)}" for event in VOID_CALL)
    early = "\n".join(f"  - {json.dumps(event)}" for event in BLINDS_EARLY)
    return text.replace(void, early)


def test_a_plain_act_out_of_turn_is_still_rejected() -> None:
    # contract 1 is only extended: without the flag an act out of turn is refused as before
    result = replay(four("roberts", [act(1, "call")]))
    assert refusals(result) == [(2, "act", "RRoP betting")]
    assert result["irregularities"] == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_53a_out_of_turn_flag_is_refused_where_it_does_not_apply(ruleset: str) -> None:
    events = [
        act(4, "call", early=True),  # seat 4's own turn: in turn, not out of turn
        act(1, "raise", 3, early=True),  # below the minimum raise: illegal in turn too
        act(1, "check", early=True),  # facing the big blind: a check is illegal
    ]
    result = replay(four(ruleset, events))
    assert [item["event"] for item in result["rejected"]] == [2, 3, 4]
    assert result["rejected"][0]["rule"] == OOT_RULE[ruleset]
    assert result["irregularities"] == []
    during_deal = replay(
        {**four(ruleset, []), "events": ["post_blinds", "pitch", act(1, "call", early=True)]}
    )
    assert [r["event"] for r in during_deal["rejected"]] == [2]


# --- 5. a player away from the seat when the deal ends (TDA24 30; RRoP Tournaments) ----------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_30_absent_players_hand_is_dead_and_its_blind_stays_in(ruleset: str) -> None:
    result = replay(three(ruleset, [{"absent": {"seat": 3}}, "deal"]))
    assert kinds(result) == [("absent_player", ABSENT_RULE[ruleset])]
    assert result["seats"]["3"]["folded"] is True
    assert result["seats"]["3"]["hole"] == []
    assert {"7c", "2s"} <= set(result["muck"])
    assert result["seats"]["3"]["chips"] == 198  # the big blind stays in the pot
    assert sum(pot["amount"] for pot in result["pots"]) == 3
    assert result["to_act"] == 1
    played = replay(
        three(ruleset, [{"absent": {"seat": 3}}, "deal", act(1, "call"), act(2, "call")])
    )
    assert played["state"] == "flop_burn"  # the dead big blind has no option
    assert sum(pot["amount"] for pot in played["pots"]) == 6


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_30_absent_found_preflop_kills_the_hand_and_the_blinds_go_to_the_winner(
    ruleset: str,
) -> None:
    result = replay(three(ruleset, ["deal", act(1, "fold"), {"absent": {"seat": 3}}]))
    assert result["hand_over"] is True
    assert result["seats"]["2"]["chips"] == 202
    assert result["seats"]["3"]["chips"] == 198


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_30_a_player_who_acted_was_at_the_seat(ruleset: str) -> None:
    result = replay(three(ruleset, ["deal", act(1, "call"), {"absent": {"seat": 1}}]))
    assert refusals(result) == [(3, "absent", ABSENT_RULE[ruleset])]
    assert result["seats"]["1"]["folded"] is False


# --- 6. tabling at the showdown (TDA24 13-A, 15-A, 16, 17-A; RRoP Showdown 1, 7) -----------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_13a_rrop_showdown_1_one_card_tabled_claims_nothing(ruleset: str) -> None:
    rule = {"roberts": "RRoP Showdown 1", "tda-2024": "TDA24 13-A"}[ruleset]
    half = [*TO_SHOWDOWN, {"show": {"seat": 1, "cards": 1}}, {"show": {"seat": 2}}]
    result = replay(three(ruleset, [*half, {"muck": {"seat": 3}}]))
    assert kinds(result) == [("partial_tabling", rule)]
    assert result["state"] == "showdown"  # seat 1 still has to table both cards, or muck
    assert result["seats"]["1"]["shown"] is False
    mucked = replay(three(ruleset, [*half, {"muck": {"seat": 3}}, {"muck": {"seat": 1}}]))
    assert mucked["hand_over"] is True
    assert mucked["pots"][0]["winners"] == [2]  # the half-tabled winner claimed nothing
    tabled = replay(three(ruleset, [*half, {"muck": {"seat": 3}}, {"show": {"seat": 1}}]))
    assert tabled["pots"][0]["winners"] == [1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_17a_rrop_showdown_7_a_hand_the_floor_orders_tabled_cannot_be_mucked(
    ruleset: str,
) -> None:
    rule = {"roberts": "RRoP Showdown 7", "tda-2024": "TDA24 17-A"}[ruleset]
    events = [*TO_SHOWDOWN, {"order_show": {"seat": 3}}, {"muck": {"seat": 3}}]
    result = replay(three(ruleset, events))
    assert kinds(result) == [("hand_ordered_tabled", rule)]
    assert refusals(result) == [(len(events), "muck", rule)]
    assert result["seats"]["3"]["hole"] == ["7c", "2s"]
    shown = replay(three(ruleset, [*events[:-1], {"show": {"seat": 3}}]))
    assert shown["seats"]["3"]["shown"] is True


def test_tda24_16_all_in_hands_cannot_be_let_go_unshown_either() -> None:
    table = {"seats": {1: 200, 2: 30, 3: 200}, "button": 1, "blinds": [1, 2]}
    events = ["post_blinds", "deal", act(1, "fold"), act(2, "all_in"), act(3, "call")]
    events += ["burn", "flop", "burn", "turn", "burn", "river", {"release": {"seat": 2}}]
    result = replay({"table": {**table, "ruleset": "tda-2024"}, "deck": DECK3, "events": events})
    assert refusals(result) == [(len(events) - 1, "release", "TDA24 16")]


# --- 7. killed, let-go and mucked hands (TDA24 13-C, 14, 65-A; RRoP Showdown 2, Dead Hands) --


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_13c_rrop_showdown_2_the_dealer_cannot_kill_a_tabled_winning_hand(
    ruleset: str,
) -> None:
    rule = {"roberts": "RRoP Showdown 2", "tda-2024": "TDA24 13-C"}[ruleset]
    events = [*TO_SHOWDOWN, {"show": {"seat": 1}}, {"kill": {"seat": 1}}, "retrieve"]
    events += [{"muck": {"seat": 2}}, {"muck": {"seat": 3}}]
    result = replay(three(ruleset, events))
    assert kinds(result) == [("hand_killed", rule)]
    assert result["rejected"] == []
    assert result["pots"][0]["winners"] == [1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_65a_rrop_ir_2_an_untabled_hand_the_dealer_kills_is_dead(ruleset: str) -> None:
    rule = {"roberts": "RRoP-IR 2", "tda-2024": "TDA24 65-A"}[ruleset]
    events = [*TO_SHOWDOWN, {"kill": {"seat": 1}}, {"show": {"seat": 2}}, {"muck": {"seat": 3}}]
    result = replay(three(ruleset, events))
    assert kinds(result) == [("hand_killed", rule)]
    assert result["pots"][0]["winners"] == [2]


def test_tda24_14_a_hand_let_go_face_down_is_live_until_it_reaches_the_muck() -> None:
    events = [*TO_SHOWDOWN, {"release": {"seat": 1}}, {"show": {"seat": 2}}]
    result = replay(three("tda-2024", [*events, {"muck": {"seat": 3}}]))
    assert kinds(result) == [("hand_released", "TDA24 14")]
    assert result["state"] == "showdown"  # the cards are not in the muck: still live
    assert result["seats"]["1"]["hole"] == ["Kd", "Kh"]
    changed = replay(three("tda-2024", [*events, {"muck": {"seat": 3}}, {"show": {"seat": 1}}]))
    assert changed["rejected"] == []
    assert changed["pots"][0]["winners"] == [1]  # the player changed their mind and tabled


def test_tda24_14_a_let_go_hand_pushed_into_the_muck_is_dead() -> None:
    events = [*TO_SHOWDOWN, {"release": {"seat": 1}}, {"muck": {"seat": 1}}]
    result = replay(three("tda-2024", [*events, {"show": {"seat": 1}}]))
    assert refusals(result) == [(len(events) + 1, "show", "TDA24 14")]
    assert {"Kd", "Kh"} <= set(result["muck"])


def test_rrop_dead_hands_a_hand_let_go_is_folded_at_once() -> None:
    events = [*TO_SHOWDOWN, {"release": {"seat": 1}}, {"show": {"seat": 1}}]
    result = replay(three("roberts", events))
    assert kinds(result) == [("hand_released", "RRoP Dead Hands")]
    assert refusals(result) == [(len(events), "show", "RRoP Dead Hands")]
    assert result["seats"]["1"]["mucked"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tda24_14_rrop_dead_hands_a_mucked_hand_is_dead(ruleset: str) -> None:
    rule = {"roberts": "RRoP Dead Hands", "tda-2024": "TDA24 14"}[ruleset]
    events = [*TO_SHOWDOWN, {"muck": {"seat": 1}}, {"show": {"seat": 1}}]
    result = replay(three(ruleset, events))
    assert refusals(result) == [(len(events), "show", rule)]
    assert "a mucked hand is dead" in result["rejected"][0]["reason"]
