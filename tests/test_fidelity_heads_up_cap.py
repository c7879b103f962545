"""Fixed limit heads-up: Robert's Rules lift the raise cap (betting rule 4), TDA keeps it (48).

Stacked decks: every hand below is dealt from a known deck, under both rulesets.
"""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.betting import RULE_HEADS_UP, RULE_LIMITS, Action, Betting, Stakes, Structure
from dealer_trainer.errors import IllegalAction
from dealer_trainer.rules.corpus import load_corpus
from tests.script_items import act

#: seat 1 (the button, heads-up the small blind) gets As Ah, seat 2 gets Kc Kd
DECK = ["Kc", "As", "Kd", "Ah", "2c", "7d", "8h", "9s", "3c", "Jd", "4c", "Qh"]
LIMIT = {"structure": "limit", "bets": [2, 4], "blinds": [1, 2], "stacks": 100}


def script(ruleset: str, seats: int, events: list[Any]) -> dict[str, Any]:
    table = {"seats": seats, "button": 1, "ruleset": ruleset, **LIMIT}
    return {"table": table, "deck": DECK, "events": events}


#: heads-up preflop: the blind and three raises, then a fourth raise by the big blind
HEADS_UP_RAISES = [
    "post_blinds",
    "deal",
    act(1, "raise", 4),
    act(2, "raise", 6),
    act(1, "raise", 8),
    act(2, "raise", 10),
]


def test_rrop_betting_4_heads_up_limit_has_no_raise_cap() -> None:
    result = replay(
        script("roberts", 2, [*HEADS_UP_RAISES, act(1, "raise", 12), act(2, "raise", 14)])
    )
    assert result["rejected"] == []
    assert result["to_act"] == 1
    assert result["seats"]["2"]["chips"] == 86
    assert result["pots"] == [{"amount": 26, "eligible": [2, 1], "winners": []}]


def test_rrop_betting_4_heads_up_raising_to_the_showdown_pays_the_winner() -> None:
    events = [
        *HEADS_UP_RAISES,
        act(1, "raise", 12),
        act(2, "call"),
        "burn",
        "flop",
        act(2, "check"),
        act(1, "check"),
        "burn",
        "turn",
        act(2, "check"),
        act(1, "check"),
        "burn",
        "river",
        act(2, "check"),
        act(1, "check"),
        {"show": {"seat": 2}},
        {"show": {"seat": 1}},
    ]
    result = replay(script("roberts", 2, events))
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["pots"] == [{"amount": 24, "eligible": [2, 1], "winners": [1]}]
    assert result["seats"]["1"]["chips"] == 112


def test_tda24_48_heads_up_limit_is_still_capped() -> None:
    result = replay(script("tda-2024", 2, HEADS_UP_RAISES))
    assert [(r["event"], r["name"], r["rule"]) for r in result["rejected"]] == [
        (5, "act", "TDA24 48")
    ]
    assert "heads-up too" in result["rejected"][0]["reason"]
    assert result["to_act"] == 2


def test_tda24_48_three_handed_cap_cites_the_tda_rule() -> None:
    events = ["post_blinds", "deal", act(1, "raise", 4), act(2, "raise", 6), act(3, "raise", 8)]
    result = replay(script("tda-2024", 3, [*events, act(1, "raise", 10)]))
    assert [(r["event"], r["rule"]) for r in result["rejected"]] == [(5, "TDA24 48")]
    roberts = replay(script("roberts", 3, [*events, act(1, "raise", 10)]))
    assert [(r["event"], r["rule"]) for r in roberts["rejected"]] == [(5, "RRoP limits")]


@pytest.mark.parametrize(("ruleset", "rejected"), [("roberts", []), ("tda-2024", [6])])
def test_rrop_betting_4_action_heads_up_before_the_cap_is_unlimited(
    ruleset: str, rejected: list[int]
) -> None:
    # three-handed: seat 1 raises, the small blind folds (heads-up after one raise), then
    # seats 3 and 1 go on raising past the cap under Robert's Rules
    events = [
        "post_blinds",
        "deal",
        act(1, "raise", 4),
        act(2, "fold"),
        act(3, "raise", 6),
        act(1, "raise", 8),
        act(3, "raise", 10),
    ]
    result = replay(script(ruleset, 3, events))
    assert [r["event"] for r in result["rejected"]] == rejected


def test_rrop_betting_4_a_cap_reached_three_handed_is_not_lifted_by_a_fold() -> None:
    events = [
        "post_blinds",
        "deal",
        act(1, "raise", 4),
        act(2, "raise", 6),
        act(3, "raise", 8),  # capped: the blind and three raises, three players in
        act(1, "fold"),
        act(2, "raise", 10),
    ]
    result = replay(script("roberts", 3, events))
    assert [(r["event"], r["rule"]) for r in result["rejected"]] == [(6, RULE_HEADS_UP)]
    assert "does not lift the cap" in result["rejected"][0]["reason"]
    assert result["to_act"] == 2


def test_betting_keeps_the_cap_heads_up_unless_told_otherwise() -> None:
    stakes = Stakes(Structure.LIMIT, 1, 2)
    capped = Betting((2, 1), {1: 100, 2: 100}, stakes)
    free = Betting((2, 1), {1: 100, 2: 100}, stakes, heads_up_uncapped=True)
    for betting in (capped, free):
        betting.post_blinds()
        for seat, to in ((1, 4), (2, 6), (1, 8)):
            betting.act(seat, Action.RAISE, to)
    assert Action.RAISE not in capped.legal_actions(2)
    with pytest.raises(IllegalAction) as refused:
        capped.act(2, Action.RAISE, 10)
    assert refused.value.rule == RULE_LIMITS
    assert Action.RAISE in free.legal_actions(2)
    free.act(2, Action.RAISE, 10)
    assert free.current_bet == 10


def test_the_heads_up_rules_are_in_the_corpus() -> None:
    corpus = load_corpus()
    assert {RULE_HEADS_UP, "TDA24 48"} <= set(corpus.by_cite)
