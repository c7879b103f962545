"""Play the board at the showdown (issue 13, item 1), on a stacked deck whose board is a royal
flush, so that every hand plays the board and every claim is worth a share.

Robert's Rules (RRoP-HE 6): a player who plays the board declares it, then throws the cards
away; the claim stands. TDA 2024 (TDA24 19): only tabled hands win, so declaring and mucking
forfeits the claim. And a showdown never runs out of live hands: once one live hand is left
with no other claim against it, it wins unshown (TDA24 17-B).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_irregularities import ROBERTS, TDA, chips, irregularities, run

from dealer_trainer.procedure.rulings import situation

#: the `board_not_declared` staging deck: holes 2c 5c / 3c 6c / 4c 7c, board Ts Js Qs Ks As
ROYAL_DECK = situation("board_not_declared").staging.deck.split()
#: seat 1 (button) calls, seat 2 (small blind) completes, seat 3 (big blind) checks; every
#: later street is checked around from seat 2
_CHECKS = [{"act": {"seat": seat, "action": "check"}} for seat in (2, 3, 1)]
TO_SHOWDOWN: list[Any] = [
    "post_blinds",
    "deal",
    {"act": {"seat": 1, "action": "call"}},
    {"act": {"seat": 2, "action": "call"}},
    {"act": {"seat": 3, "action": "check"}},
    *("burn", "flop", *_CHECKS, "burn", "turn", *_CHECKS, "burn", "river", *_CHECKS),
]  # 20 events: the showdown starts at event 20


def at(name: str, seat: int) -> dict[str, Any]:
    return {name: {"seat": seat}}


def showdown(events: list[Any], ruleset: str) -> Any:
    result = run([*TO_SHOWDOWN, *events], ruleset, deck=ROYAL_DECK)
    assert result["board"] == ["Ts", "Js", "Qs", "Ks", "As"]
    return result


def test_rrop_he6_declare_then_muck_as_the_last_hand_is_accepted_and_keeps_the_claim() -> None:
    result = showdown(
        [at("show", 2), at("show", 1), at("declare_board", 3), at("muck", 3)], ROBERTS
    )
    assert result["rejected"] == []
    assert irregularities(result) == []
    assert result["hand_over"] is True
    assert sorted(result["pots"][0]["winners"]) == [1, 2, 3]
    assert chips(result) == {1: 100, 2: 100, 3: 100}
    assert sorted(result["muck"]) == ["3c", "6c"]  # seat 3's cards went in; the claim stayed


def test_rrop_he6_the_pot_waits_for_the_declared_hand_to_be_thrown_away() -> None:
    result = showdown([at("show", 2), at("show", 1), at("declare_board", 3)], ROBERTS)
    assert result["hand_over"] is False
    assert result["state"] == "showdown"
    assert "muck" in result["expected_next"]


def test_tda24_19_declare_then_muck_as_the_last_hand_forfeits_the_claim() -> None:
    result = showdown([at("show", 2), at("show", 1), at("declare_board", 3), at("muck", 3)], TDA)
    assert result["rejected"] == []
    assert irregularities(result) == [("board_not_declared", "TDA24 19", 23)]
    assert sorted(result["pots"][0]["winners"]) == [1, 2]
    assert chips(result) == {1: 101, 2: 101, 3: 98}


@pytest.mark.parametrize("ruleset", [ROBERTS, TDA])
def test_tda24_17b_the_last_live_hand_wins_unshown_even_after_declaring(ruleset: str) -> None:
    # seat 3 declares, seats 2 and 1 muck: seat 3 is the last hand and nobody contests it
    result = showdown([at("declare_board", 3), at("muck", 2), at("muck", 1)], ruleset)
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["pots"][0]["winners"] == [3]
    assert result["seats"]["3"]["hole"] == ["3c", "6c"]  # never shown, never killed


def test_a_showdown_never_runs_out_of_live_hands_when_hands_are_killed() -> None:
    # seat 2 holds three cards (an extra card nobody noticed), seat 3 declares the board, seat 2
    # tables its three cards and is dead: seat 3 is then the last hand and wins unshown
    events: list[Any] = [
        "post_blinds",
        "deal",
        {"pitch": {"unnoticed": True}},
        *TO_SHOWDOWN[2:],
        at("declare_board", 3),
        at("muck", 1),
        at("show", 2),
    ]
    result = run(events, ROBERTS, deck=ROYAL_DECK)
    assert result["rejected"] == []
    assert [kind for kind, _, _ in irregularities(result)] == ["dead_hand"]
    assert result["hand_over"] is True
    assert result["pots"][0]["winners"] == [3]
