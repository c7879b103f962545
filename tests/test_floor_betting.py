"""Floor rulings on betting (issue 18): short all-ins in limit, pot-limit with a short blind,
the citations of refusals, verbal declarations, betting with chips, antes.

Every test plays a stacked-deck hand script through :func:`dealer_trainer.replay` under the
rulebook it names (both where they agree).
"""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from tests.script_items import act

BOTH = ("roberts", "tda-2024")
CITES = {"roberts": "RRoP Betting 6", "tda-2024": "TDA24 47-B"}


def hand(table: dict[str, Any], *events: Any, ruleset: str = "roberts") -> dict[str, Any]:
    """Replay a stacked hand: the blinds, the deal, then ``events``."""
    return replay(
        {
            "table": {**table, "ruleset": ruleset},
            "deck": ["As", "Kd", "Qh", "Jc", "Ts", "9d", "8h", "7c"],
            "events": ["post_blinds", "deal", *events],
        }
    )


def rejected(result: dict[str, Any]) -> list[tuple[int, str | None]]:
    return [(item["event"], item["rule"]) for item in result["rejected"]]


# -- wrong today 1: several short all-ins in limit -----------------------------------------------

SHORT_ALL_INS = {
    "seats": {1: 16, 2: 500, 3: 13, 4: 500},
    "button": 4,
    "blinds": [5, 10],
    "structure": "limit",
    "bets": [10, 20],
}


@pytest.mark.parametrize("ruleset", BOTH)
def test_rrop_betting_6_tda_47b_limit_short_all_ins_reopen_only_from_half_a_bet(
    ruleset: str,
) -> None:
    result = hand(
        SHORT_ALL_INS,
        act(3, "all_in"),
        act(4, "call"),
        act(1, "all_in"),  # 16: half a bet over the big blind, a full raise for seats yet to act
        act(2, "call"),
        act(4, "raise", 26),  # seat 4 called 13 and faces only 3 more
        ruleset=ruleset,
    )
    assert rejected(result) == [(6, CITES[ruleset])]
    assert result["to_act"] == 4


@pytest.mark.parametrize("ruleset", BOTH)
def test_rrop_betting_6_short_all_ins_adding_up_to_half_a_bet_reopen_the_raising(
    ruleset: str,
) -> None:
    table = {**SHORT_ALL_INS, "seats": {1: 19, 2: 500, 3: 13, 4: 500}}
    result = hand(
        table,
        act(3, "all_in"),
        act(4, "call"),
        act(1, "all_in"),  # 19: seat 4 now faces 6 more, at least half a bet
        act(2, "call"),
        act(4, "raise", 29),
        ruleset=ruleset,
    )
    assert result["rejected"] == []


# -- wrong today 2: pot-limit preflop with a short all-in big blind --------------------------------

SHORT_BIG_BLIND = {
    "seats": {1: 1000, 2: 100, 3: 1000, 4: 1000},
    "button": 4,
    "blinds": [100, 200],
    "structure": "pot-limit",
}


def test_tda24_54b_pot_limit_preflop_counts_a_short_big_blind_as_posted_in_full() -> None:
    result = hand(SHORT_BIG_BLIND, act(3, "raise", 700), ruleset="tda-2024")
    assert result["rejected"] == []
    over = hand(SHORT_BIG_BLIND, act(3, "raise", 701), ruleset="tda-2024")
    assert rejected(over) == [(2, "TDA24 54-B")]


def test_rrop_limits_pot_limit_counts_the_chips_in_the_pot() -> None:
    result = hand(SHORT_BIG_BLIND, act(3, "raise", 700), ruleset="roberts")
    assert rejected(result) == [(2, "RRoP limits")]
    assert hand(SHORT_BIG_BLIND, act(3, "raise", 600))["rejected"] == []


def test_tda24_54c_pot_limit_after_the_flop_counts_the_actual_pot() -> None:
    result = hand(
        SHORT_BIG_BLIND,
        act(3, "call"),
        act(4, "call"),
        act(1, "call"),
        "burn",
        "flop",
        act(1, "bet", 701),  # the pot: 100 + 3 x 200 = 700
        ruleset="tda-2024",
    )
    assert rejected(result) == [(7, "TDA24 54-C")]


# -- wrong today 3: each refusal cites the table's own rulebook -----------------------------------

LIMIT = {"seats": 4, "button": 4, "blinds": [5, 10], "structure": "limit", "bets": [10, 20]}


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP limits"), ("tda-2024", "TDA24 48")]
)
def test_rrop_limits_tda24_48_a_raise_over_the_cap_cites_the_tables_rulebook(
    ruleset: str, rule: str
) -> None:
    result = hand(
        LIMIT,
        act(3, "raise", 20),
        act(4, "raise", 30),
        act(1, "raise", 40),
        act(2, "raise", 50),
        ruleset=ruleset,
    )
    assert rejected(result) == [(5, rule)]


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP limits"), ("tda-2024", "TDA24 54-B")]
)
def test_rrop_limits_tda24_54b_the_pot_limit_maximum_cites_the_tables_rulebook(
    ruleset: str, rule: str
) -> None:
    table = {"seats": 4, "button": 4, "blinds": [1, 2], "structure": "pot-limit"}
    assert rejected(hand(table, act(3, "raise", 8), ruleset=ruleset)) == [(2, rule)]


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP No-Limit 3"), ("tda-2024", "TDA24 43")]
)
def test_rrop_nl3_tda24_43_a_raise_below_the_minimum_cites_the_tables_rulebook(
    ruleset: str, rule: str
) -> None:
    table = {"seats": 4, "button": 4, "blinds": [1, 2]}
    assert rejected(hand(table, act(3, "raise", 3), ruleset=ruleset)) == [(2, rule)]


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP No-Limit 3"), ("tda-2024", "TDA24 47-A")]
)
def test_rrop_nl3_tda24_47a_a_short_all_in_in_no_limit_cites_the_tables_rulebook(
    ruleset: str, rule: str
) -> None:
    table = {"seats": {1: 200, 2: 200, 3: 200, 4: 5}, "button": 4, "blinds": [1, 2]}
    result = hand(
        table,
        act(3, "raise", 4),
        act(4, "all_in"),  # 5: one more, less than a full raise
        act(1, "call"),
        act(2, "call"),
        act(3, "raise", 9),
        ruleset=ruleset,
    )
    assert rejected(result) == [(6, rule)]


# -- antes and the big blind ante --------------------------------------------------------------


def seats_chips(result: dict[str, Any]) -> dict[int, int]:
    return {int(seat): info["chips"] for seat, info in result["seats"].items()}


def pots(result: dict[str, Any]) -> list[tuple[int, list[int]]]:
    return [(pot["amount"], pot["eligible"]) for pot in result["pots"]]


@pytest.mark.parametrize("ruleset", BOTH)
def test_rrop_bld_2_antes_are_posted_before_the_deal_and_are_not_live(ruleset: str) -> None:
    table = {"seats": 3, "button": 3, "blinds": [1, 2], "ante": 5, "stacks": 100}
    result = hand(table, ruleset=ruleset)
    assert seats_chips(result) == {1: 94, 2: 93, 3: 95}
    assert pots(result) == [(18, [1, 2, 3])]
    # the big blind's bet is its blind only: a call is 2, and its option stands
    called = hand(table, act(3, "call", 2), act(1, "call", 2), ruleset=ruleset)
    assert called["rejected"] == [] and called["to_act"] == 2


@pytest.mark.parametrize("ruleset", BOTH)
def test_rrop_bld_2_a_short_stack_antes_first_then_posts_what_is_left_as_its_blind(
    ruleset: str,
) -> None:
    table = {"seats": {1: 7, 2: 100, 3: 100}, "button": 3, "blinds": [5, 10], "ante": 5}
    result = hand(table, act(3, "call"), act(2, "check"), ruleset=ruleset)
    assert seats_chips(result)[1] == 0  # ante 5, then 2 of its small blind, all-in
    assert pots(result) == [(21, [1, 2, 3]), (16, [2, 3])]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_rp11_big_blind_ante_is_posted_by_the_big_blind_for_the_table(
    ruleset: str,
) -> None:
    table = {"seats": 3, "button": 3, "blinds": [100, 200], "big_blind_ante": 200}
    result = hand({**table, "stacks": 1000}, ruleset=ruleset)
    assert seats_chips(result) == {1: 900, 2: 600, 3: 1000}
    assert pots(result) == [(500, [1, 2, 3])]
    # dead money is not live: seat 3 calls 200, the small blind completes, the BB has its option
    called = hand({**table, "stacks": 1000}, act(3, "call", 200), act(1, "call", 200))
    assert called["to_act"] == 2


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_rp11_a_short_big_blind_posts_its_blind_before_the_big_blind_ante(
    ruleset: str,
) -> None:
    table = {
        "seats": {1: 1000, 2: 250, 3: 1000},
        "button": 3,
        "blinds": [100, 200],
        "big_blind_ante": 200,
    }
    result = hand(table, ruleset=ruleset)
    assert seats_chips(result)[2] == 0  # 200 blind first, the ante only 50
    assert pots(result) == [(350, [1, 2, 3])]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_rp11_the_big_blind_ante_is_in_the_main_pot_every_live_hand_can_win(
    ruleset: str,
) -> None:
    # seat 1 (small blind) is all-in for 150; seats 2 and 3 play on: the ante of 200 is dead
    # money in the main pot, which seat 1 can win, not a side pot
    table = {
        "seats": {1: 150, 2: 2000, 3: 2000},
        "button": 3,
        "blinds": [100, 200],
        "big_blind_ante": 200,
    }
    result = hand(
        table,
        act(3, "raise", 600),
        act(1, "all_in"),
        act(2, "call"),
        ruleset=ruleset,
    )
    assert pots(result) == [(650, [1, 2, 3]), (900, [2, 3])]


@pytest.mark.parametrize("ruleset", BOTH)
def test_rrop_bet_7_antes_build_side_pots_by_what_each_seat_put_in(ruleset: str) -> None:
    # seat 3 is all-in on its ante: it can win 4 from each of the others, no more
    table = {"seats": {1: 100, 2: 100, 3: 4}, "button": 3, "blinds": [5, 10], "ante": 5}
    result = hand(
        table,
        act(1, "call"),
        act(2, "check"),
        "burn",
        "flop",
        act(1, "check"),
        act(2, "check"),
        "burn",
        "turn",
        act(1, "check"),
        act(2, "check"),
        "burn",
        "river",
        act(1, "check"),
        act(2, "check"),
        {"show": {"seat": 1}},
        {"show": {"seat": 2}},
        {"show": {"seat": 3}},
        ruleset=ruleset,
    )
    assert result["hand_over"] and result["rejected"] == []
    assert pots(result) == [(12, [1, 2, 3]), (22, [1, 2])]
    assert sum(seats_chips(result).values()) == 204


# -- verbal declarations and betting with chips -------------------------------------------------

NL = {"seats": 4, "button": 4, "blinds": [250, 500], "stacks": 20000}
OPEN = act(3, "raise", 1100)  # seat 3 opens to 1100 (a raise of 600); seat 4 is next


def ruled(result: dict[str, Any]) -> list[tuple[str, int | None, str]]:
    assert result["rejected"] == []
    return [(r["action"], r["amount"], r["rule"]) for r in result["floor_rulings"]]


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP Betting 8"), ("tda-2024", "TDA24 51-A")]
)
def test_rrop_betting_8_tda24_51a_a_verbal_call_in_turn_binds_to_the_full_call(
    ruleset: str, rule: str
) -> None:
    result = hand(NL, OPEN, act(4, "call", said="call", chips=[500]), ruleset=ruleset)
    assert ruled(result) == [("call", None, rule)]
    assert seats_chips(result)[4] == 18900


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_43b_raise_with_an_amount_is_the_total(ruleset: str) -> None:
    result = hand(NL, OPEN, act(4, "raise", 8000, said="raise"), ruleset=ruleset)
    assert ruled(result) == [("raise", 8000, "TDA24 43-B")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_55_call_with_no_bet_is_a_check_raise_is_at_least_a_bet(ruleset: str) -> None:
    result = hand(
        NL,
        act(3, "call"),
        act(4, "call"),
        act(1, "call"),
        act(2, "check"),
        "burn",
        "flop",
        act(1, "check", said="call"),
        act(2, "bet", said="raise", chips=[100]),
        ruleset=ruleset,
    )
    assert ruled(result) == [("check", None, "TDA24 55"), ("bet", 500, "TDA24 55")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_44_one_oversized_chip_is_a_call_unless_raise_is_declared_first(
    ruleset: str,
) -> None:
    silent = hand(NL, OPEN, act(4, "raise", chips=[5000]), ruleset=ruleset)
    assert ruled(silent) == [("call", None, "TDA24 44")]
    declared = hand(NL, OPEN, act(4, "raise", said="raise", chips=[5000]), ruleset=ruleset)
    assert ruled(declared) == [("raise", 5000, "TDA24 44")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_45_several_chips_all_needed_for_the_call_are_a_call(ruleset: str) -> None:
    result = hand(NL, OPEN, act(4, "raise", chips=[1000, 500]), ruleset=ruleset)
    assert ruled(result) == [("call", None, "TDA24 45")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_43_the_50_percent_rule_makes_half_a_raise_a_full_raise_and_less_a_call(
    ruleset: str,
) -> None:
    # TDA 45 examples 2 and 3: 1500 facing 1100 is a raise to 1700; 1300 is a call
    half = hand(NL, OPEN, act(4, "raise", chips=[1000, 100, 100, 100, 100, 100]), ruleset=ruleset)
    assert ruled(half) == [("raise", 1700, "TDA24 43")]
    less = hand(NL, OPEN, act(4, "raise", chips=[1000, 100, 100, 100]), ruleset=ruleset)
    assert ruled(less) == [("call", None, "TDA24 43")]
    assert seats_chips(less)[4] == 18900  # 200 goes back


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_45b_a_players_last_chips_beyond_the_call_are_all_in(ruleset: str) -> None:
    table = {"seats": {1: 20000, 2: 20000, 3: 20000, 4: 1500}, "button": 4, "blinds": [250, 500]}
    result = hand(
        table, OPEN, act(4, "raise", chips=[1000, 100, 100, 100, 100, 100]), ruleset=ruleset
    )
    assert ruled(result) == [("all_in", None, "TDA24 45")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_56_a_second_motion_is_not_a_raise(ruleset: str) -> None:
    result = hand(NL, OPEN, act(4, "raise", chips=[1000, 100], more=[1000]), ruleset=ruleset)
    assert ruled(result) == [("call", None, "TDA24 56")]
    assert seats_chips(result)[4] == 18900


@pytest.mark.parametrize(
    ("ruleset", "ruling"),
    [("roberts", ("raise", 3100, "RRoP No-Limit 6")), ("tda-2024", ("raise", 2100, "TDA24 56"))],
)
def test_rrop_nl6_tda24_56_raise_declared_then_two_motions(
    ruleset: str, ruling: tuple[str, int, str]
) -> None:
    result = hand(
        NL, OPEN, act(4, "raise", said="raise", chips=[2000, 100], more=[1000]), ruleset=ruleset
    )
    assert ruled(result) == [ruling]


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_51b_an_undercall_is_ruled_a_full_call(ruleset: str) -> None:
    result = hand(NL, OPEN, act(4, "call", chips=[500]), ruleset=ruleset)
    assert ruled(result) == [("call", None, "TDA24 51-B")]
    assert seats_chips(result)[4] == 18900


@pytest.mark.parametrize("ruleset", BOTH)
def test_tda24_47a_a_short_all_in_by_chips_does_not_reopen_for_a_seat_that_acted(
    ruleset: str,
) -> None:
    table = {"seats": {1: 20000, 2: 20000, 3: 20000, 4: 1300}, "button": 4, "blinds": [250, 500]}
    result = hand(
        table,
        OPEN,
        act(4, "all_in", chips=[1000, 100, 100, 100]),  # 1300: a short all-in over 1100
        act(1, "call"),
        act(2, "call"),
        act(3, "raise", said="raise", chips=[5000]),
        ruleset=ruleset,
    )
    assert [item["event"] for item in result["rejected"]] == [6]
    assert result["floor_rulings"][0]["action"] == "all_in"
