"""TDA24 65-A (RRoP-IR 2): a hand the dealer kills is dead with no redress, but a bet or raise
of it that nobody has called yet goes back to its player."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay

TO_FLOP: list[Any] = [
    "post_blinds",
    "deal",
    {"act": {"seat": 3, "action": "call"}},
    {"act": {"seat": 1, "action": "call"}},
    {"act": {"seat": 2, "action": "check"}},
    "burn",
    "flop",
]


def _run(ruleset: str, events: list[Any]) -> dict[str, Any]:
    table = {"seats": 3, "button": 3, "blinds": [1, 2], "ruleset": ruleset, "stacks": 100}
    return replay({"table": table, "deck": ["As"], "events": TO_FLOP + events})


def _chips(result: dict[str, Any]) -> dict[int, int]:
    return {int(seat): info["chips"] for seat, info in result["seats"].items()}


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_tda24_65a_an_uncalled_bet_of_a_killed_hand_goes_back(ruleset: str) -> None:
    result = _run(
        ruleset, [{"act": {"seat": 1, "action": "bet", "amount": 10}}, {"kill": {"seat": 1}}]
    )
    assert result["rejected"] == []
    assert _chips(result) == {1: 98, 2: 98, 3: 98}  # the 10 is back; the preflop call stays
    assert result["pots"] == [{"amount": 6, "eligible": [2, 3], "winners": []}]
    more = [{"act": {"seat": 2, "action": "check"}}, {"act": {"seat": 3, "action": "check"}}]
    after = _run(
        ruleset, [{"act": {"seat": 1, "action": "bet", "amount": 10}}, {"kill": {"seat": 1}}, *more]
    )
    assert after["rejected"] == [] and after["state"] == "turn_burn"  # nobody faces the dead bet


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_tda24_65a_a_killed_raise_goes_back_down_to_the_bet_it_raised(ruleset: str) -> None:
    events = [
        {"act": {"seat": 1, "action": "bet", "amount": 10}},
        {"act": {"seat": 2, "action": "raise", "amount": 30}},
        {"kill": {"seat": 2}},
        {"act": {"seat": 3, "action": "call"}},
    ]
    result = _run(ruleset, events)
    assert result["rejected"] == []
    # the 20 over seat 1's bet comes back; the 10 that matched it stays, and seat 3 calls 10
    assert _chips(result) == {1: 88, 2: 88, 3: 88}
    assert result["state"] == "turn_burn"


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_tda24_65a_called_chips_of_a_killed_hand_stay_in_the_pot(ruleset: str) -> None:
    events = [
        {"act": {"seat": 1, "action": "bet", "amount": 10}},
        {"act": {"seat": 2, "action": "call"}},
        {"kill": {"seat": 1}},
    ]
    result = _run(ruleset, events)
    assert _chips(result)[1] == 88  # its bet was called: no redress
