"""All-in hands are tabled under TDA (rule 16): a muck is refused once a player is all-in and the
betting is over. Robert's Rules let a hand be mucked unshown as at any showdown.
"""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.rules.rulesets import BUILTIN
from tests.script_items import act

#: button on 1: seat 2 gets Kc Kd, seat 3 As Ah, seat 1 2c 7d; board Qs 9h 5c / 4d / 3h
DECK = ["Kc", "As", "2c", "Kd", "Ah", "7d", "8s", "Qs", "9h", "5c", "6s", "4d", "Ts", "3h"]


def script(ruleset: str, events: list[Any], stacks: Any = None) -> dict[str, Any]:
    seats = stacks or {1: 100, 2: 30, 3: 100}
    table = {"seats": seats, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return {"table": table, "deck": DECK, "events": events}


#: seat 1 folds; seat 2 (30 chips) is all-in preflop, seat 3 calls: the betting is over
ALL_IN = [
    "post_blinds",
    "deal",
    act(1, "fold"),
    act(2, "all_in"),
    act(3, "call"),
    "burn",
    "flop",
    "burn",
    "turn",
    "burn",
    "river",
]


def test_tda24_16_the_all_in_players_hand_may_not_be_mucked() -> None:
    result = replay(script("tda-2024", [*ALL_IN, {"show": {"seat": 3}}, {"muck": {"seat": 2}}]))
    assert [(r["event"], r["name"], r["rule"]) for r in result["rejected"]] == [
        (12, "muck", "TDA24 16")
    ]
    assert "every hand still in is tabled" in result["rejected"][0]["reason"]
    assert result["state"] == "showdown"
    assert result["seats"]["2"]["hole"] == ["Kc", "Kd"]  # still in front of the player
    assert result["expected_next"] == ["show", "declare_board"]


def test_tda24_16_the_caller_of_an_all_in_may_not_muck_either() -> None:
    result = replay(script("tda-2024", [*ALL_IN, {"muck": {"seat": 3}}]))
    assert [(r["name"], r["rule"]) for r in result["rejected"]] == [("muck", "TDA24 16")]
    tabled = replay(script("tda-2024", [*ALL_IN, {"show": {"seat": 2}}, {"show": {"seat": 3}}]))
    assert tabled["rejected"] == []
    assert tabled["hand_over"] is True
    assert tabled["pots"] == [{"amount": 60, "eligible": [2, 3], "winners": [3]}]


def test_rrop_hep_9_an_all_in_player_may_still_muck_under_roberts() -> None:
    result = replay(script("roberts", [*ALL_IN, {"show": {"seat": 3}}, {"muck": {"seat": 2}}]))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["seats"]["3"]["chips"] == 130
    assert result["seats"]["2"]["mucked"] is True


def test_tda24_16_without_an_all_in_a_hand_may_be_mucked_as_usual() -> None:
    checked = [
        "post_blinds",
        "deal",
        act(1, "fold"),
        act(2, "call"),
        act(3, "check"),
        *(
            item
            for street in ("flop", "turn", "river")
            for item in ("burn", street, act(2, "check"), act(3, "check"))
        ),
        {"show": {"seat": 2}},
        {"muck": {"seat": 3}},
    ]
    result = replay(script("tda-2024", checked))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["pots"][0]["winners"] == [2]


@pytest.mark.parametrize(("ruleset", "tabled"), [("roberts", False), ("tda-2024", True)])
def test_all_in_tabled_is_a_ruleset_option(ruleset: str, tabled: bool) -> None:
    assert BUILTIN[ruleset].all_in_tabled is tabled
