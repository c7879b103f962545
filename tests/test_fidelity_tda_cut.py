"""The cut after a TDA reshuffle (issue 13, item 3): TDA 2024 reshuffles the stub after a
premature flop, turn or river (RP-5A, RP-5B, RP-5C) and says nothing of a cut. Under
``tda-2024`` a cut is allowed, not required: the engine accepts one, and accepts the next
dealing step without one. Robert's Rules (RRoP-HE 3, 4) cut: there the cut stays required.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_irregularities import (
    CHECKS,
    FINISH_FLOP,
    PREFLOP,
    PREMATURE_FLOP,
    PREMATURE_TURN,
    ROBERTS,
    TDA,
    act,
    run,
    script,
)

from dealer_trainer.engine import play
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import builtin

#: the TDA premature flop, turn and river, each played to its reshuffle; the dealing step next
_FLOP_DONE = [*PREMATURE_FLOP, "retrieve", act(3, "check"), "reshuffle"]
_TURN_DONE = [*PREMATURE_TURN, "retrieve", *FINISH_FLOP, "reshuffle"]
_RIVER_TO = ["post_blinds", "deal", *PREFLOP, "burn", "flop", *CHECKS, "burn", "turn"]
_RIVER_DONE = [*_RIVER_TO, act(2, "check"), "burn", "river", "retrieve"]
_RIVER_DONE += [act(3, "check"), act(1, "check"), "reshuffle"]
RESHUFFLED = {
    "TDA24 RP-5A": (_FLOP_DONE, "flop", 3),
    "TDA24 RP-5B": (_TURN_DONE, "turn", 4),
    "TDA24 RP-5C": (_RIVER_DONE, "river", 5),
}
TDA_RULES = pytest.mark.parametrize("rule", sorted(RESHUFFLED))


def _after(rule: str, *more: Any, auto: bool = False) -> Any:
    done, _, _ = RESHUFFLED[rule]
    return run([*done, *more], TDA, auto=auto)


@TDA_RULES
def test_tda24_rp5_a_cut_after_the_reshuffle_is_allowed(rule: str) -> None:
    _, deal, cards = RESHUFFLED[rule]
    result = _after(rule, {"cut": {"at": 10}}, deal)
    assert result["rejected"] == []
    assert [item["rule"] for item in result["irregularities"]] == [rule]
    assert len(result["board"]) == cards


@TDA_RULES
def test_tda24_rp5_no_cut_after_the_reshuffle_is_allowed_too(rule: str) -> None:
    _, deal, cards = RESHUFFLED[rule]
    result = _after(rule, deal)
    assert result["rejected"] == []
    assert len(result["board"]) == cards
    assert len(result["burns"]) == cards - 2  # one burn a street, none again for the redeal


@TDA_RULES
def test_tda24_rp5_expected_next_offers_the_cut_and_the_dealing_step(rule: str) -> None:
    _, deal, _ = RESHUFFLED[rule]
    assert _after(rule)["expected_next"] == ["cut", deal]


@TDA_RULES
def test_tda24_rp5_only_one_cut_and_only_before_the_dealing_step(rule: str) -> None:
    _, deal, _ = RESHUFFLED[rule]
    twice = _after(rule, "cut", "cut", deal)
    assert [item["event"] for item in twice["rejected"]] == [len(RESHUFFLED[rule][0]) + 1]
    assert _after(rule, "cut")["expected_next"] == [deal]


@TDA_RULES
def test_tda24_rp5_auto_recover_takes_no_cut(rule: str) -> None:
    done, deal, _ = RESHUFFLED[rule]
    hand = play(script([*done[:-1], deal], TDA), auto_recover=True, check=True)
    assert hand.rejected == []
    assert hand.recoveries == []


def test_tda24_rp5a_a_cut_before_the_reshuffle_is_still_refused() -> None:
    result = run([*PREMATURE_FLOP, "retrieve", act(3, "check"), "cut"], TDA, auto=False)
    assert result["rejected"][0]["rule"] == "TDA24 RP-5A"


def test_rrop_he3_the_cut_after_the_reshuffle_stays_required() -> None:
    result = run(
        [*PREMATURE_FLOP, "retrieve", act(3, "check"), "reshuffle", "flop"], ROBERTS, auto=False
    )
    assert result["rejected"][0]["name"] == "flop"
    assert result["rejected"][0]["rule"] == "RRoP-HE 3"
    assert result["expected_next"] == ["cut"]


@pytest.mark.parametrize("name", ["premature_flop", "premature_turn", "premature_river"])
def test_tda24_rp5_the_ruling_says_a_cut_is_allowed_not_required(name: str) -> None:
    outcome = situation(name).outcome(builtin(TDA))
    assert outcome.optional == ("cut",)
    assert "cut" not in outcome.steps
    assert any("allowed, not required" in line for line in outcome.words)
    assert "cut" in situation(name).outcome(builtin(ROBERTS)).steps
