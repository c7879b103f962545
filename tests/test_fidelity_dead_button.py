"""The button after a player busts: moving (Robert's Rules' default) or dead (TDA24 32).

Each hand below busts a player on a stacked deck, then deals the next hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.rules.rulesets import BUILTIN, load_ruleset
from dealer_trainer.table import dead_button_move
from tests.script_items import act

#: dealt from seat 2 (left of the button on 1): seat 2 gets 7c 2d, seat 3 As Ah, seat 4
#: 3d 5h, seat 1 4d 6h; the board is Ks Qs 9d / 8c / Jh: the aces win, 7-2 loses
DECK = ["7c", "As", "3d", "4d", "2d", "Ah", "5h", "6h"]
DECK += ["2s", "Ks", "Qs", "9d", "3s", "8c", "4s", "Jh"]


RUN_OUT = ["burn", "flop", "burn", "turn", "burn", "river"]


def bust(loser: int) -> list[Any]:
    """Hand 1, button on 1: seats 4 and 1 fold and the short blind (``loser``, holding the
    7-2) is all-in against the other blind's aces; then the next hand begins."""
    if loser == 2:
        blinds = [act(2, "all_in"), act(3, "call")]
    else:
        blinds = [act(2, "call"), act(3, "all_in"), act(2, "call")]
    return [
        "post_blinds",
        "deal",
        act(4, "fold"),
        act(1, "fold"),
        *blinds,
        *RUN_OUT,
        {"show": {"seat": 2}},
        {"show": {"seat": 3}},
        "next_hand",
    ]


def script(ruleset: str, stacks: dict[int, int], events: list[Any], deck: list[str]) -> Any:
    table = {"seats": stacks, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return {"table": table, "deck": deck, "seed": 3, "events": events}


SB_BUSTS = {1: 100, 2: 10, 3: 100, 4: 100}
#: seat 3 is short and holds the 7-2: seat 2 gets the aces
BB_BUSTS = {1: 100, 2: 100, 3: 10, 4: 100}
DECK_BB = ["As", "7c", "3d", "4d", "Ah", "2d", "5h", "6h", *DECK[8:]]
NEXT = ["shuffle", "cut", "post_blinds", "deal"]


def test_tda24_32_small_blind_busts_the_button_goes_dead_on_the_empty_seat() -> None:
    result = replay(script("tda-2024", SB_BUSTS, [*bust(2), *NEXT], DECK))
    assert result["rejected"] == []
    assert result["seats"]["2"]["chips"] == 0
    assert result["button"] == 2  # the empty seat of last hand's small blind
    # last hand's big blind (seat 3) posts the small blind, seat 4 the big blind
    assert result["seats"]["3"]["chips"] == 110 - 1
    assert result["seats"]["4"]["chips"] == 100 - 2
    assert result["seats"]["1"]["chips"] == 100
    assert result["to_act"] == 1


def test_rrop_blinds_2_moving_button_goes_on_to_the_next_player() -> None:
    result = replay(script("roberts", SB_BUSTS, [*bust(2), *NEXT], DECK))
    assert result["rejected"] == []
    assert result["button"] == 3
    assert result["seats"]["4"]["chips"] == 100 - 1
    assert result["seats"]["1"]["chips"] == 100 - 2
    assert result["to_act"] == 3


def test_tda24_32_big_blind_busts_the_small_blind_is_dead() -> None:
    events = [*bust(3), *NEXT]
    result = replay(script("tda-2024", BB_BUSTS, events, DECK_BB))
    assert result["rejected"] == []
    assert result["seats"]["3"]["chips"] == 0
    assert result["button"] == 2  # last hand's small blind has the button
    # seat 3's seat would post the small blind: it is empty, so no small blind is posted
    assert result["seats"]["4"]["chips"] == 100 - 2
    assert result["seats"]["1"]["chips"] == 100
    assert result["seats"]["2"]["chips"] == 110
    assert result["pots"] == [{"amount": 2, "eligible": [4], "winners": []}]
    assert result["to_act"] == 1
    # preflop: seat 1, then the button, then the big blind's option
    rest = [act(1, "call"), act(2, "call")]
    after = replay(script("tda-2024", BB_BUSTS, [*events, *rest], DECK_BB))
    assert after["rejected"] == []
    assert after["to_act"] == 4


def test_tda24_32_after_a_dead_small_blind_the_button_goes_dead_on_the_next_empty_seat() -> None:
    hand_2 = [*NEXT, act(1, "fold"), act(2, "fold"), "next_hand", *NEXT]
    result = replay(script("tda-2024", BB_BUSTS, [*bust(3), *hand_2], DECK_BB))
    assert result["rejected"] == []
    assert result["button"] == 3  # the empty seat of the dead small blind
    assert result["seats"]["4"]["chips"] == 100 - 1
    assert result["seats"]["1"]["chips"] == 100 - 2
    assert result["to_act"] == 2


def test_rrop_blinds_2_moving_button_after_the_big_blind_busts() -> None:
    result = replay(script("roberts", BB_BUSTS, [*bust(3), *NEXT], DECK_BB))
    assert result["rejected"] == []
    assert result["button"] == 2
    assert result["seats"]["4"]["chips"] == 100 - 1
    assert result["seats"]["1"]["chips"] == 100 - 2


def test_rrop_blinds_2_a_house_ruleset_on_roberts_may_use_a_dead_button(tmp_path: Path) -> None:
    house = tmp_path / "dead-button-room.yaml"
    house.write_text(
        "name: dead-button-room\nbase: roberts\noptions:\n  button: dead\n", encoding="utf-8"
    )
    assert load_ruleset(house).button == "dead"
    result = replay(script(str(house), SB_BUSTS, [*bust(2), *NEXT], DECK))
    assert result["rejected"] == []
    assert result["button"] == 2


@pytest.mark.parametrize("ruleset", sorted(BUILTIN))
def test_no_bust_both_button_rules_move_the_button_one_player(ruleset: str) -> None:
    events = ["post_blinds", "deal", act(4, "fold"), act(1, "fold"), act(2, "fold"), "next_hand"]
    result = replay(script(ruleset, {1: 100, 2: 100, 3: 100, 4: 100}, events, DECK))
    assert result["button"] == 2


def test_tda24_34b_dead_button_down_to_two_nobody_has_the_big_blind_twice() -> None:
    # three players: seat 2 (small blind, short) busts; seat 3 had the big blind, so seat 1
    # has it now, and seat 3 has the button and the small blind
    three = {1: 100, 2: 10, 3: 100}
    events = [
        "post_blinds",
        "deal",
        act(1, "fold"),
        act(2, "all_in"),
        act(3, "call"),
        *RUN_OUT,
        {"show": {"seat": 2}},
        {"show": {"seat": 3}},
        "next_hand",
        *NEXT,
    ]
    deck = ["7c", "As", "4d", "2d", "Ah", "6h", *DECK[8:]]
    result = replay(script("tda-2024", three, events, deck))
    assert result["rejected"] == []
    assert result["button"] == 3
    assert result["seats"]["3"]["chips"] == 110 - 1
    assert result["seats"]["1"]["chips"] == 100 - 2
    assert result["to_act"] == 3


def test_dead_button_move_places_the_button_and_blinds() -> None:
    # nobody busted: as a moving button
    assert dead_button_move([1, 2, 3, 4], 2, 3) == (2, 3, 4)
    # the small blind (seat 2) busted: a dead button on 2
    assert dead_button_move([1, 3, 4], 2, 3) == (2, 3, 4)
    # the big blind (seat 3) busted: a dead small blind on 3
    assert dead_button_move([1, 2, 4], 2, 3) == (2, 3, 4)
    # both blinds busted
    assert dead_button_move([1, 4, 5], 2, 3) == (2, 3, 4)
    # heads-up: the big blind moves on, the other player has the button and the small blind
    assert dead_button_move([1, 3], 2, 3) == (3, 3, 1)
    assert dead_button_move([1, 2], 2, 3) == (2, 2, 1)
