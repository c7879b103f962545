"""The normal dealing procedure, one test per rule, on stacked decks."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.engine import play
from dealer_trainer.procedure import machine as machine_module
from tests.script_items import act

CONTRACT_KEYS = {
    "state",
    "hand_over",
    "button",
    "stub",
    "board",
    "burns",
    "muck",
    "set_aside",
    "seats",
    "pots",
    "irregularities",
    "rejected",
    "misdeals",
    "expected_next",
}

# A deck whose first cards are easy to follow: 16 named cards, then the standard order.
DECK = ["Ah", "Kc", "Qd", "As", "Kd", "Qc", "2c", "7h", "8d", "9s", "3c", "Jh", "4d", "Th"]


def script(events: list[Any], *, deck: list[str] | None = DECK, **table: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100}
    spec.update(table)
    result: dict[str, Any] = {"table": spec, "events": events}
    if deck is not None:
        result["deck"] = deck
    return result


def check_down(*seats: int) -> list[Any]:
    """Burn and turn every street; the given seats check each one, in order."""
    events: list[Any] = []
    for street in ("flop", "turn", "river"):
        events += ["burn", street, *(act(seat, "check") for seat in seats)]
    return events


PREFLOP_CALLS = ["post_blinds", "deal", act(1, "call"), act(2, "call"), act(3, "check")]
CHECK_AROUND = [act(2, "check"), act(3, "check"), act(1, "check")]
TO_SHOWDOWN = [
    *PREFLOP_CALLS,
    "burn",
    "flop",
    *CHECK_AROUND,
    "burn",
    "turn",
    *CHECK_AROUND,
    "burn",
    "river",
    *CHECK_AROUND,
]


def test_contract_keys_are_all_present_even_before_anything_happens() -> None:
    result = replay(script([], deck=None))
    assert set(result) >= CONTRACT_KEYS
    assert result["state"] == "shuffling"
    assert result["expected_next"] == ["shuffle"]
    assert result["stub"] == [str(card) for card in STANDARD_DECK]
    assert result["board"] == result["burns"] == result["muck"] == result["set_aside"] == []
    assert result["pots"] == result["irregularities"] == result["rejected"] == []
    assert result["misdeals"] == 0
    assert result["seats"]["1"] == {
        "hole": [],
        "folded": False,
        "chips": 100,
        "won": 0,
        "shown": False,
        "mucked": False,
    }


def test_rrop_hep1_pitch_order_one_card_at_a_time_from_left_of_button_button_last() -> None:
    result = replay(script(["post_blinds", "pitch", "pitch", "pitch", "pitch"], seats=4, button=2))
    # seat 3 is left of the button: it gets the first card, seat 2 (the button) the last
    assert result["seats"]["3"]["hole"] == ["Ah"]
    assert result["seats"]["4"]["hole"] == ["Kc"]
    assert result["seats"]["1"]["hole"] == ["Qd"]
    assert result["seats"]["2"]["hole"] == ["As"]
    assert result["state"] == "dealing"
    result = replay(script(["post_blinds", *["pitch"] * 8], seats=4, button=2))
    assert result["seats"]["3"]["hole"] == ["Ah", "Kd"]
    assert result["seats"]["2"]["hole"] == ["As", "7h"]
    assert result["state"] == "preflop"


def test_rrop_hep1_deal_pitches_every_remaining_card_in_order() -> None:
    pitched = replay(script(["post_blinds", *["pitch"] * 6]))
    dealt = replay(script(["post_blinds", "pitch", "pitch", "deal"]))
    assert pitched["seats"] == dealt["seats"]
    assert dealt["seats"]["2"]["hole"] == ["Ah", "As"]  # seat 2 is left of the button
    assert dealt["seats"]["1"]["hole"] == ["Qd", "Qc"]  # the button gets the last card


def test_rrop_hep3_5_7_exactly_one_burn_before_each_street() -> None:
    result = replay(script(TO_SHOWDOWN))
    assert result["burns"] == ["2c", "3c", "4d"]
    assert result["board"] == ["7h", "8d", "9s", "Jh", "Th"]
    assert result["rejected"] == []
    assert result["state"] == "showdown"


def test_la26_168_flop_before_the_burn_is_a_dealer_error_not_a_flop() -> None:
    result = replay(script([*PREFLOP_CALLS, "flop"]))
    assert result["rejected"] == []
    assert result["irregularities"] == [
        {"kind": "flop_without_burn", "rule": "LA26 168", "event": 5}
    ]
    assert result["burns"] == []
    assert result["expected_next"] == ["retrieve"]


def test_rrop_hep3_a_second_burn_is_rejected() -> None:
    result = replay(script([*PREFLOP_CALLS, "burn", "burn"]))
    assert result["burns"] == ["2c"]
    assert [r["name"] for r in result["rejected"]] == ["burn"]
    assert result["expected_next"] == ["flop"]


def test_rrop_he4_the_turn_before_the_flop_betting_ends_is_a_premature_turn() -> None:
    result = replay(script([*PREFLOP_CALLS, "burn", "flop", act(2, "check"), "burn", "turn"]))
    assert result["rejected"] == []
    assert result["irregularities"] == [{"kind": "premature_turn", "rule": "RRoP-HE 4", "event": 9}]
    assert result["board"] == ["7h", "8d", "9s", "Jh"]
    assert result["expected_next"] == ["set_aside"]


def test_rrop_hep2_preflop_action_starts_left_of_the_big_blind() -> None:
    result = replay(script(["post_blinds", "deal"], seats=6, button=3))
    # button 3: small blind 4, big blind 5, first to act 6
    assert result["to_act"] == 6
    assert result["seats"]["4"]["chips"] == 99
    assert result["seats"]["5"]["chips"] == 98
    refused = replay(script(["post_blinds", "deal", act(1, "call")], seats=6, button=3))
    assert refused["rejected"][0]["name"] == "act"
    assert "seat 6" in refused["rejected"][0]["reason"]


def test_rrop_hep2_big_blind_keeps_its_option_when_everyone_calls() -> None:
    result = replay(script(["post_blinds", "deal", act(1, "call"), act(2, "call")]))
    assert result["state"] == "preflop"
    assert result["to_act"] == 3
    raised = replay(
        script(["post_blinds", "deal", act(1, "call"), act(2, "call"), act(3, "raise", 6)])
    )
    assert raised["rejected"] == []
    assert raised["to_act"] == 1
    assert raised["state"] == "preflop"


def test_rrop_hep4_after_the_flop_the_first_live_seat_left_of_the_button_acts() -> None:
    events = [
        "post_blinds",
        "deal",
        act(1, "call"),
        act(2, "fold"),
        act(3, "check"),
        "burn",
        "flop",
    ]
    result = replay(script(events))
    assert result["to_act"] == 3  # seat 2 folded: seat 3 is the first live seat left of button 1


def test_tda24_43_a_raise_must_be_at_least_the_largest_prior_raise() -> None:
    events = ["post_blinds", "deal", act(1, "raise", 10), act(2, "raise", 14)]
    result = replay(script(events, ruleset="tda-2024"))
    assert result["rejected"][0]["rule"] == "TDA24 43"
    assert "18" in result["rejected"][0]["reason"]  # 10 + the prior raise of 8
    # issue 18: a refusal cites the table's own rulebook; Robert's no-limit rule 3 under roberts
    assert replay(script(events))["rejected"][0]["rule"] == "RRoP No-Limit 3"
    ok = replay(script(["post_blinds", "deal", act(1, "raise", 10), act(2, "raise", 18)]))
    assert ok["rejected"] == []


def test_a_bet_larger_than_the_stack_is_rejected() -> None:
    result = replay(script(["post_blinds", "deal", act(1, "raise", 150)]))
    assert result["rejected"][0]["name"] == "act"
    assert "100" in result["rejected"][0]["reason"]
    assert result["seats"]["1"]["chips"] == 100


def test_checking_facing_a_bet_is_rejected() -> None:
    result = replay(script(["post_blinds", "deal", act(1, "check")]))
    assert result["rejected"][0]["name"] == "act"
    assert result["to_act"] == 1


def test_rrop_limits_fixed_limit_one_bet_and_three_raises() -> None:
    events = [
        "post_blinds",
        "deal",
        act(1, "raise", 4),
        act(2, "raise", 6),
        act(3, "raise", 8),
        act(1, "raise", 10),
    ]
    result = replay(script(events, structure="limit", bets=[2, 4]))
    assert [r["event"] for r in result["rejected"]] == [5]
    assert result["rejected"][0]["rule"] == "RRoP limits"
    assert result["to_act"] == 1


def test_rrop_limits_the_big_bet_from_the_turn_on() -> None:
    base = [*PREFLOP_CALLS, "burn", "flop", *CHECK_AROUND, "burn", "turn"]
    small = replay(script([*base, act(2, "bet", 2)], structure="limit", bets=[2, 4]))
    assert small["rejected"] and small["rejected"][0]["name"] == "act"
    big = replay(script([*base, act(2, "bet", 4)], structure="limit", bets=[2, 4]))
    assert big["rejected"] == []


def test_pot_limit_a_raise_is_at_most_the_pot_after_the_call() -> None:
    # preflop pot 3, seat 1 calls 2 first: pot 5, so seat 1 may raise to 2 + 5 = 7
    over = replay(script(["post_blinds", "deal", act(1, "raise", 8)], structure="pot-limit"))
    assert over["rejected"] and over["rejected"][0]["name"] == "act"
    full = replay(script(["post_blinds", "deal", act(1, "raise", 7)], structure="pot-limit"))
    assert full["rejected"] == []


def test_tda24_20_the_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # seat 2 (small blind) folds its 1 chip; seats 3 and 1 play the board's straight: pot 5
    events = [
        "post_blinds",
        "deal",
        act(1, "call"),
        act(2, "fold"),
        act(3, "check"),
        *check_down(3, 1),
        {"show": {"seat": 3}},
        {"show": {"seat": 1}},
    ]
    deck = ["Ah", "Kc", "2h", "As", "Kd", "2d", "2c", "7h", "8d", "9s", "3c", "Jh", "4d", "Th"]
    result = replay(script(events, deck=deck))
    assert result["hand_over"] is True
    assert result["pots"] == [{"amount": 5, "eligible": [3, 1], "winners": [3, 1]}]
    assert result["seats"]["3"]["won"] == 3  # first winner left of the button
    assert result["seats"]["1"]["won"] == 2
    assert result["seats"]["3"]["chips"] == 101
    assert result["seats"]["1"]["chips"] == 100
    assert result["seats"]["2"]["chips"] == 99


def test_tda24_12_cards_speak_the_best_hand_wins() -> None:
    deck = ["Ah", "Kc", "Qd", "As", "Kd", "Qc", "2c", "Ac", "8d", "9s", "3c", "Jh", "4d", "2h"]
    events = [
        *PREFLOP_CALLS,
        "burn",
        "flop",
        *CHECK_AROUND,
        "burn",
        "turn",
        *CHECK_AROUND,
        "burn",
        "river",
        *CHECK_AROUND,
        {"show": {"seat": 2}},
        {"show": {"seat": 3}},
        {"show": {"seat": 1}},
    ]
    result = replay(script(events, deck=deck))
    assert result["pots"][0]["winners"] == [2]  # three aces
    assert result["seats"]["2"]["chips"] == 104


def test_side_pots_are_settled_separately() -> None:
    # seat 2 is all-in for 20 with aces and wins the main pot; seat 1's queens beat seat 3's kings
    # for the side pot
    deck = ["Ah", "Kc", "Qd", "As", "Kd", "Qc", "2c", "7h", "8d", "9s", "3c", "Jh", "4d", "2s"]
    events = [
        "post_blinds",
        "deal",
        act(1, "raise", 50),
        act(2, "all_in"),
        act(3, "call"),
        *check_down(3, 1),
        {"show": {"seat": 2}},
        {"show": {"seat": 3}},
        {"show": {"seat": 1}},
    ]
    result = replay(script(events, seats={1: 100, 2: 20, 3: 100}, deck=deck))
    assert result["rejected"] == []
    assert result["pots"] == [
        {"amount": 60, "eligible": [2, 3, 1], "winners": [2]},
        {"amount": 60, "eligible": [3, 1], "winners": [3]},
    ]
    assert result["seats"]["2"]["chips"] == 60
    assert result["seats"]["3"]["chips"] == 110
    assert result["seats"]["1"]["chips"] == 50


def test_tda24_17a_the_last_aggressor_shows_first() -> None:
    base = [*PREFLOP_CALLS, "burn", "flop", *CHECK_AROUND, "burn", "turn", *CHECK_AROUND]
    bet = replay(
        script(
            [
                *base,
                "burn",
                "river",
                act(2, "check"),
                act(3, "bet", 4),
                act(1, "call"),
                act(2, "call"),
            ]
        )
    )
    assert bet["state"] == "showdown"
    assert bet["showdown_order"] == [3, 1, 2]
    checked = replay(script([*base, "burn", "river", *CHECK_AROUND]))
    assert checked["showdown_order"] == [2, 3, 1]  # no bet: first live seat left of the button


def test_all_but_one_fold_ends_the_hand_uncontested() -> None:
    result = replay(script(["post_blinds", "deal", act(1, "fold"), act(2, "fold")]))
    assert result["hand_over"] is True
    assert result["state"] == "hand_over"
    assert result["seats"]["3"]["chips"] == 101
    assert result["seats"]["3"]["won"] == 2  # the small blind; its own uncalled chip comes back
    assert result["pots"] == [{"amount": 2, "eligible": [3], "winners": [3]}]
    assert result["expected_next"] == ["next_hand"]
    assert sorted(result["muck"]) == sorted(["Ah", "As", "Qd", "Qc"])


def test_heads_up_the_button_posts_the_small_blind_acts_first_preflop_and_last_after() -> None:
    events = ["post_blinds", "deal"]
    result = replay(script(events, seats=2, button=2))
    assert result["seats"]["2"]["chips"] == 99  # the button posts the small blind
    assert result["seats"]["1"]["chips"] == 98
    assert result["to_act"] == 2
    assert result["seats"]["1"]["hole"] == ["Ah", "Qd"]  # the big blind gets the first card
    flop = replay(
        script([*events, act(2, "call"), act(1, "check"), "burn", "flop"], seats=2, button=2)
    )
    assert flop["to_act"] == 1


def test_all_in_players_see_every_street_dealt_with_its_burn() -> None:
    events = ["post_blinds", "deal", act(1, "all_in"), act(2, "fold"), act(3, "call")]
    result = replay(script([*events, "burn", "flop", "burn", "turn", "burn", "river"]))
    assert result["rejected"] == []
    assert result["burns"] == ["2c", "3c", "4d"]
    assert result["state"] == "showdown"
    assert result["to_act"] is None


def test_showdown_mucking_concedes_and_the_last_hand_wins_unshown() -> None:
    result = replay(script([*TO_SHOWDOWN, {"muck": {"seat": 2}}, {"muck": {"seat": 3}}]))
    assert result["hand_over"] is True
    assert result["seats"]["1"]["won"] == 6
    assert result["seats"]["1"]["hole"] == ["Qd", "Qc"]


def test_rrop_he6_a_declared_board_that_is_mucked_still_plays_the_board() -> None:
    events = [*TO_SHOWDOWN, {"declare_board": {"seat": 2}}, {"muck": {"seat": 2}}]
    events += [{"show": {"seat": 3}}, {"muck": {"seat": 1}}]
    result = replay(script(events))
    # the board is a straight 7-J; seat 3's kings do not improve it: the pot is split 2 and 3
    assert result["pots"][0]["winners"] == [2, 3]


def test_a_tabled_hand_cannot_be_mucked() -> None:
    result = replay(script([*TO_SHOWDOWN, {"show": {"seat": 2}}, {"muck": {"seat": 2}}]))
    assert result["rejected"][0]["rule"] == "TDA24 12"


def test_next_hand_moves_the_button_one_seat_clockwise_and_starts_with_a_shuffle() -> None:
    result = replay(script(["post_blinds", "deal", act(1, "fold"), act(2, "fold"), "next_hand"]))
    assert result["button"] == 2
    assert result["state"] == "shuffling"
    assert len(result["stub"]) == 52
    assert result["seats"]["3"]["chips"] == 101
    assert all(not seat["hole"] for seat in result["seats"].values())
    second = replay(
        script(
            [
                "post_blinds",
                "deal",
                act(1, "fold"),
                act(2, "fold"),
                "next_hand",
                "shuffle",
                "cut",
                "post_blinds",
            ],
        )
    )
    assert second["seats"]["3"]["chips"] == 100  # seat 3 is the small blind now
    assert second["seats"]["1"]["chips"] == 98


def test_tda24_23_a_seeded_shuffle_and_cut_repeat_exactly() -> None:
    events = ["shuffle", "cut", "post_blinds", "deal"]
    first = replay(script(events, deck=None) | {"seed": 11})
    again = replay(script(events, deck=None) | {"seed": 11})
    other = replay(script(events, deck=None) | {"seed": 12})
    assert first == again
    assert first["stub"] != other["stub"]


def test_cut_at_moves_the_top_cards_to_the_bottom() -> None:
    result = replay(script(["shuffle", {"cut": {"at": 20}}], deck=None) | {"seed": 5})
    shuffled = replay(script(["shuffle"], deck=None) | {"seed": 5})
    assert result["stub"] == shuffled["stub"][20:] + shuffled["stub"][:20]


def test_a_stacked_deck_starts_at_the_blinds_and_refuses_a_shuffle() -> None:
    result = replay(script(["shuffle"]))
    assert result["rejected"][0]["name"] == "shuffle"
    assert result["state"] == "blinds"
    assert result["stub"][:3] == ["Ah", "Kc", "Qd"]


def test_the_machine_is_built_once_and_hands_detach_after_a_replay() -> None:
    shared = machine_module.machine()
    hand = play(script(PREFLOP_CALLS))
    assert machine_module.machine() is shared
    assert hand not in shared.models
    play(script(PREFLOP_CALLS))
    assert machine_module.machine() is shared


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "limit"])
def test_chips_are_conserved_in_every_structure(structure: str) -> None:
    hand = play(
        script([*TO_SHOWDOWN, {"show": {"seat": 2}}, {"show": {"seat": 3}}], structure=structure),
        check=True,
    )
    assert sum(hand.table.stacks.values()) == 300


def test_tda24_12_when_the_others_muck_the_last_hand_wins_only_what_it_is_eligible_for() -> None:
    # seat 1 is all-in for 10; seats 2 and 3 build a side pot of 40, then both muck
    deck = ["2c", "7d", "3h", "8s", "4c", "Ks", "Kd", "Qh", "5c", "9d", "6c", "Jh", "Td", "2s"]
    events = [
        "post_blinds",
        "deal",
        act(1, "all_in"),
        act(2, "call"),
        act(3, "call"),
        "burn",
        "flop",
        act(2, "bet", 20),
        act(3, "call"),
        *check_down(2, 3)[4:],  # turn and river: both check
        {"muck": {"seat": 2}},
        {"muck": {"seat": 3}},
    ]
    result = replay(script(events, seats={1: 10, 2: 100, 3: 100}, deck=deck))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    main, side = result["pots"]
    assert main == {"amount": 30, "eligible": [2, 3, 1], "winners": [1]}
    assert side["amount"] == 40 and 1 not in side["winners"]
    assert result["seats"]["1"]["chips"] == 30


def test_uncalled_chips_go_back_when_the_bettor_mucks_at_the_showdown() -> None:
    deck = ["2c", "7d", "3h", "8s", "4c", "Ks", "Kd", "Qh", "5c", "9d", "6c", "Jh"]
    events = ["post_blinds", "deal", act(1, "all_in"), act(2, "call"), *check_down()]
    events.append({"muck": {"seat": 1}})
    result = replay(script(events, seats={1: 100, 2: 50}, button=1, deck=deck))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["seats"]["2"]["chips"] == 100
    assert result["seats"]["1"]["chips"] == 50  # the 50 nobody matched come back


# --- the one vocabulary of events -------------------------------------------------------------


def test_the_tables_triggers_are_exactly_the_event_vocabulary() -> None:
    from dealer_trainer.procedure.events import VOCABULARY

    triggers = {row["trigger"] for row in machine_module.TRANSITIONS} - {machine_module.ADVANCE}
    assert triggers == {item.name for item in VOCABULARY}


def test_every_check_the_vocabulary_names_is_a_method_of_the_hand() -> None:
    from dealer_trainer.procedure.events import VOCABULARY
    from dealer_trainer.procedure.hand import Hand

    for item in VOCABULARY:
        assert callable(getattr(Hand, item.verify, None)), (item.name, item.verify)


@pytest.mark.parametrize("name", ["act", "show", "muck", "declare_board"])
def test_an_event_written_bare_without_its_required_arguments_is_a_located_script_error(
    name: str,
) -> None:
    from dealer_trainer.errors import ScriptError

    text = "table: {seats: 3}\ndeck: []\nevents:\n  - post_blinds\n  - " + name + "\n"
    with pytest.raises(ScriptError, match=f"{name} needs") as caught:
        replay(text)
    assert caught.value.where == "5:5"
    assert caught.value.exit_code == 2


def test_an_event_builds_back_into_the_script_item_it_was_read_from() -> None:
    from dealer_trainer.handscript import parse_script, script_item

    items = [
        "burn",
        {"act": {"seat": 2, "action": "raise", "amount": 8}},
        {"pitch": {"exposed": True}},
        {"pitch": {"to": 3, "unnoticed": True}},
        {"flop": {"cards": 4}},
        {"cut": {"at": 20}},
        {"scramble": {"burn": "As"}},
    ]
    parsed = parse_script({"table": {"seats": 3}, "deck": [], "events": items})
    assert [script_item(event) for event in parsed.events] == items


# --- one record per dealer error --------------------------------------------------------------


def test_every_dealer_error_is_recognised_by_a_row_of_the_table_that_names_it() -> None:
    from dealer_trainer.procedure.rulings import SITUATIONS

    names = {item.name for item in SITUATIONS}
    for item in SITUATIONS:
        assert item.rows, item.name
    named = {name for _, _, found in machine_module.RECOGNISING_ROWS for name in found}
    assert named == names


def test_every_dealer_errors_window_and_moment_are_the_procedures() -> None:
    from dealer_trainer.procedure.rulings import SITUATIONS, situations_of
    from dealer_trainer.procedure.staging import MOMENTS
    from dealer_trainer.rules.topics import topic

    states = {state.name for state in machine_module.STATES}
    for item in SITUATIONS:
        assert item.window and item.window <= states, item.name
        assert item.staging.moment is None or item.staging.moment in MOMENTS
        assert item.name in situations_of(topic(item.topic).slug)
        assert item.rules
    assert {s for states_ in MOMENTS.values() for s in states_} <= states


def test_every_callback_and_condition_the_table_names_resolves_on_the_model() -> None:
    from dealer_trainer.procedure.hand import Hand

    for row in machine_module.TRANSITIONS:
        for key in ("conditions", "unless", "prepare", "before", "after"):
            names = row.get(key, ())
            for name in [names] if isinstance(names, str) else names:
                assert callable(getattr(Hand, name, None)), (row["trigger"], key, name)


def test_a_recovery_is_one_object_that_handle_refuses_and_expected_next_all_ask() -> None:
    from dealer_trainer.handscript import parse_script
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.procedure.recovery import Recoveries

    events = ["post_blinds", "deal", act(1, "call"), act(2, "call"), "burn", "flop"]
    parsed = parse_script(script(events))
    with Hand(parsed) as hand:
        for event in parsed.events:
            hand.handle(event)
        assert isinstance(hand.recovery, Recoveries)
        assert hand.recoveries is hand.recovery.pending
        assert hand.expected_next() == ["retrieve"] == hand.recovery.expected(True)
        assert hand.refuses("burn") and hand.recovery.performs("burn") is None
        assert not hand.refuses("retrieve") and hand.recovery.performs("retrieve") == "retrieve"


def test_a_quickly_built_event_is_the_same_frozen_event() -> None:
    import dataclasses

    from dealer_trainer.betting import Action
    from dealer_trainer.procedure.events import Event, EventName
    from dealer_trainer.script_events import quick_event

    quick = quick_event(name=EventName.ACT, index=3, where="4:5", seat=2, action=Action.CALL)
    slow = Event(name=EventName.ACT, index=3, where="4:5", seat=2, action=Action.CALL)
    assert type(quick) is Event and quick == slow and hash(quick) == hash(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.seat = 3  # type: ignore[misc]
