"""A verbal "raise" with no amount and no chips (issue 25): the word binds, and the least it can
mean is the minimum raise (RRoP Betting 8; TDA24 51-A), or the minimum bet with no bet to face
(TDA24 55); a script says it as ``act: {seat, action: raise, said: raise}``."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay

FOUR = {"seats": 4, "button": 1, "blinds": [1, 2], "stacks": 200}


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    script = {"table": {**FOUR, **table}, "seed": 9, "events": ["shuffle", "cut", *events]}
    return replay(script)


def said(seat: int, word: str = "raise", action: str = "raise") -> dict[str, Any]:
    return {"act": {"seat": seat, "action": action, "said": word}}


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP Betting 8"), ("tda-2024", "TDA24 51-A")]
)
def test_said_raise_and_nothing_more_is_the_minimum_raise(ruleset: str, rule: str) -> None:
    result = play(["post_blinds", "deal", said(4)], ruleset=ruleset)
    assert result["rejected"] == []
    (ruling,) = result["floor_rulings"]
    assert (ruling["action"], ruling["amount"], ruling["rule"]) == ("raise", 4, rule)
    assert result["seats"]["4"]["chips"] == 196


def test_said_raise_over_a_raise_is_held_to_the_last_raise_size() -> None:
    result = play(
        ["post_blinds", "deal", {"act": {"seat": 4, "action": "raise", "amount": 10}}, said(1)]
    )
    assert result["floor_rulings"][0]["amount"] == 18  # 10 + the raise of 8


def test_said_raise_after_a_straddle_is_to_twice_the_straddle() -> None:
    result = play(["post_blinds", {"straddle": {"seat": 4}}, "deal", said(1)])
    assert result["rejected"] == []
    assert result["floor_rulings"][0]["amount"] == 8


def test_tda24_55_said_raise_with_no_bet_to_face_is_the_minimum_bet() -> None:
    calls = [
        {"act": {"seat": 4, "action": "call"}},
        {"act": {"seat": 1, "action": "call"}},
        {"act": {"seat": 2, "action": "call"}},
        {"act": {"seat": 3, "action": "check"}},
    ]
    result = play(["post_blinds", "deal", *calls, "burn", "flop", said(2, action="bet")])
    assert result["rejected"] == []
    ruling = result["floor_rulings"][0]
    assert (ruling["action"], ruling["amount"], ruling["rule"]) == ("bet", 2, "TDA24 55")


def test_said_raise_in_limit_is_the_one_fixed_raise() -> None:
    result = play(["post_blinds", "deal", said(4)], structure="limit", ruleset="tda-2024")
    assert result["floor_rulings"][0]["amount"] == 4


def test_said_raise_from_a_stack_short_of_the_minimum_is_all_in() -> None:
    result = play(["post_blinds", "deal", said(4)], seats={1: 200, 2: 200, 3: 200, 4: 3})
    assert result["rejected"] == []
    assert result["floor_rulings"][0]["action"] == "all_in"
    assert result["seats"]["4"]["chips"] == 0
