"""TDA24 16: once a player is all-in and no more betting can happen, the hands are tabled at
once, before the board is out; under Robert's Rules a hand is shown at the showdown only."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay

DECK = ["As", "Ks", "Ad", "Kd", "Qh", "Qc"]  # seat 1: As Kd, seat 2: Ks Qh, seat 3: Ad Qc
ALL_IN = [
    "post_blinds",
    "deal",
    {"act": {"seat": 3, "action": "call"}},
    {"act": {"seat": 1, "action": "all_in"}},
    {"act": {"seat": 2, "action": "all_in"}},
    {"act": {"seat": 3, "action": "call"}},
]


def _run(ruleset: str, events: list[Any]) -> dict[str, Any]:
    table = {"seats": {1: 50, 2: 50, 3: 200}, "button": 3, "blinds": [1, 2], "ruleset": ruleset}
    return replay({"table": table, "deck": DECK, "events": ALL_IN + events})


def test_tda24_16_all_in_hands_are_tabled_before_the_board_is_out() -> None:
    shows = [{"show": {"seat": seat}} for seat in (1, 2, 3)]
    result = _run("tda-2024", [*shows, "burn", "flop", "burn", "turn", "burn", "river"])
    assert result["rejected"] == []
    assert result["hand_over"] is True  # every hand was tabled: the pot goes at the river
    assert result["pots"][0]["winners"] == [3]


def test_tda24_16_a_hand_may_be_tabled_between_streets_too() -> None:
    result = _run("tda-2024", ["burn", "flop", {"show": {"seat": 3}}, "burn", "turn"])
    assert result["rejected"] == []
    assert "show" not in result["expected_next"]  # offered by the floor, not the procedure


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_rrop_hep_9_no_hand_is_tabled_before_the_showdown_without_an_all_in(ruleset: str) -> None:
    table = {"seats": 3, "button": 3, "blinds": [1, 2], "ruleset": ruleset}
    events = ["post_blinds", "deal", *({"act": {"seat": s, "action": "call"}} for s in (3, 1))]
    events += [{"act": {"seat": 2, "action": "check"}}, "burn", "flop", {"show": {"seat": 1}}]
    result = replay({"table": table, "deck": DECK, "events": events})
    assert [item["name"] for item in result["rejected"]] == ["show"]


def test_rrop_hep_9_under_roberts_an_all_in_hand_is_still_shown_at_the_showdown() -> None:
    result = _run("roberts", [{"show": {"seat": 1}}])
    assert [item["name"] for item in result["rejected"]] == ["show"]
