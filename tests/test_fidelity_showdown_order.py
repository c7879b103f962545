"""Showdown order with side pots: the side pot's players show before a player all-in for the
main pot only (RRoP Showdown 7; LA26 149). Under TDA every hand is tabled at once when a
player is all-in (TDA24 16); the order given is the same, the side pot first.
"""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.rules.corpus import load_corpus
from dealer_trainer.showdown import Pot, showdown_order
from tests.script_items import act

#: button on 1: seat 2 gets Kc Kd, seat 3 As Ah, seat 1 Qc Qd; board 8s 9h 5c / 4d / 3h
DECK = ["Kc", "As", "Qc", "Kd", "Ah", "Qd", "2s", "8s", "9h", "5c", "6s", "4d", "Ts", "3h"]


def script(ruleset: str, events: list[Any]) -> dict[str, Any]:
    table = {"seats": {1: 100, 2: 20, 3: 100}, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return {"table": table, "deck": DECK, "events": events}


def check_street(street: str) -> list[Any]:
    return ["burn", street, act(3, "check"), act(1, "check")]


#: seat 2 is all-in preflop for 20; seats 3 and 1 bet a side pot on the flop, then check down:
#: no bet on the river, so without the side pot seat 2 (first left of the button) shows first
SIDE_POT = [
    "post_blinds",
    "deal",
    act(1, "call"),
    act(2, "all_in"),
    act(3, "call"),
    act(1, "call"),
    "burn",
    "flop",
    act(3, "bet", 10),
    act(1, "call"),
    *check_street("turn"),
    *check_street("river"),
]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_rrop_showdown_7_side_pot_players_show_before_the_main_pot_all_in(ruleset: str) -> None:
    result = replay(script(ruleset, SIDE_POT))
    assert result["rejected"] == []
    assert result["state"] == "showdown"
    assert result["pots"] == [
        {"amount": 60, "eligible": [2, 3, 1], "winners": []},
        {"amount": 20, "eligible": [3, 1], "winners": []},
    ]
    assert result["showdown_order"] == [3, 1, 2]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_la26_149_the_side_pot_is_shown_and_awarded_then_the_main_pot(ruleset: str) -> None:
    shows = [{"show": {"seat": seat}} for seat in (3, 1, 2)]
    result = replay(script(ruleset, [*SIDE_POT, *shows]))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["pots"] == [
        {"amount": 60, "eligible": [2, 3, 1], "winners": [3]},
        {"amount": 20, "eligible": [3, 1], "winners": [3]},
    ]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_rrop_showdown_7_the_last_aggressor_leads_the_side_pot_players(ruleset: str) -> None:
    river_bet = [*SIDE_POT[:-2], act(3, "check"), act(1, "bet", 10), act(3, "call")]
    result = replay(script(ruleset, river_bet))
    assert result["rejected"] == []
    assert result["showdown_order"] == [1, 3, 2]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_tda24_17a_an_all_in_with_no_side_pot_keeps_the_usual_order(ruleset: str) -> None:
    # seat 2 all-in preflop, called by both; no chips go in after: one pot, left of the button
    no_side = [*SIDE_POT[:6], "burn", "flop", act(3, "check"), act(1, "check")]
    no_side += [*check_street("turn"), *check_street("river")]
    result = replay(script(ruleset, no_side))
    assert len(result["pots"]) == 1
    assert result["showdown_order"] == [2, 3, 1]


def test_showdown_order_puts_the_seats_of_more_pots_first() -> None:
    order = [2, 3, 4, 1]
    pots = [Pot(40, (2, 3, 4, 1)), Pot(30, (3, 4, 1)), Pot(20, (4, 1))]
    # seat 4 the last aggressor: the top side pot (4, 1) first, then 3, then 2
    assert showdown_order([2, 3, 4, 1], 4, order, pots) == [4, 1, 3, 2]
    assert showdown_order([2, 3, 4, 1], None, order, pots) == [4, 1, 3, 2]
    assert showdown_order([2, 3, 4, 1], 3, order, pots) == [4, 1, 3, 2]
    assert showdown_order([2, 3, 4, 1], 1, order, pots) == [1, 4, 3, 2]
    assert showdown_order([2, 3, 4, 1], 3, order) == [3, 4, 1, 2]  # no side pots


def test_the_side_pot_showdown_rules_are_in_the_corpus() -> None:
    corpus = load_corpus()
    for cite in ("RRoP Showdown 7", "LA26 149", "TDA24 16"):
        assert "side pot" in corpus.by_cite[cite].text, cite
