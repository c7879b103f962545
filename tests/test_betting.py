"""Betting: turn order, blinds, bet sizes, caps, all-ins; cross-checked against PokerKit."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import Automation, Mode, NoLimitTexasHoldem, PotLimitOmahaHoldem
from strategies import examples

from dealer_trainer.betting import (
    RULE_ALL_IN,
    RULE_ALL_IN_LIMIT,
    RULE_BETTING,
    RULE_LIMITS,
    RULE_MIN_RAISE,
    Action,
    Betting,
    Stakes,
    Street,
    Structure,
)
from dealer_trainer.errors import IllegalAction

F, X, C, B, R, A = (
    Action.FOLD,
    Action.CHECK,
    Action.CALL,
    Action.BET,
    Action.RAISE,
    Action.ALL_IN,
)
NL = Stakes(Structure.NO_LIMIT, 1, 2)
PL = Stakes(Structure.POT_LIMIT, 1, 2)
FL = Stakes(Structure.LIMIT, 1, 2, small_bet=2, big_bet=4)


def table(stacks: list[int], stakes: Stakes = NL, *, blinds: bool = True) -> Betting:
    """Seats 1..n in order (seat n is the button), with the blinds posted."""
    order = list(range(1, len(stacks) + 1))
    betting = Betting(order, dict(zip(order, stacks, strict=True)), stakes)
    if blinds:
        betting.post_blinds()
    return betting


def snapshot(betting: Betting) -> dict[str, Any]:
    return {name: copy.copy(getattr(betting, name)) for name in Betting.__slots__}


def refused(
    betting: Betting, seat: int, action: Action, amount: int | None = None
) -> IllegalAction:
    """Assert the action is refused, by both verify and act, and leaves the state unchanged."""
    before = snapshot(betting)
    with pytest.raises(IllegalAction) as verified:
        betting.verify(seat, action, amount)
    with pytest.raises(IllegalAction) as acted:
        betting.act(seat, action, amount)
    assert snapshot(betting) == before
    assert str(verified.value) == str(acted.value)
    assert verified.value.reason.endswith(".")
    return acted.value


def play(betting: Betting, *moves: tuple[int, Action] | tuple[int, Action, int]) -> None:
    for move in moves:
        betting.act(*move)


# -- blinds and order -------------------------------------------------------------------------


def test_rrop_preflop_action_starts_left_of_big_blind() -> None:
    betting = Betting([3, 5, 7, 8, 1], dict.fromkeys([3, 5, 7, 8, 1], 100), NL)
    assert betting.post_blinds() == [(3, 1), (5, 2)]
    assert betting.street is Street.PREFLOP
    assert betting.current_bet == 2
    assert betting.to_act == 7
    assert betting.bets == {3: 1, 5: 2, 7: 0, 8: 0, 1: 0}
    assert betting.pot == 3
    assert betting.last_aggressor is None
    assert betting.legal_actions(7) == [F, C, R, A]
    assert betting.legal_actions(8) == []
    assert betting.min_raise_to() == 4
    assert betting.max_raise_to() == 100


def test_rrop_big_blind_option_when_all_call() -> None:
    betting = table([100, 100, 100, 100])
    play(betting, (3, C), (4, C), (1, C))
    assert betting.to_act == 2
    assert not betting.round_complete
    assert betting.legal_actions(2) == [F, X, R, A]
    betting.act(2, X)
    assert betting.round_complete
    assert betting.to_act is None
    assert betting.pot == 8


def test_rrop_big_blind_option_raise_makes_everyone_act_again() -> None:
    betting = table([100, 100, 100])
    play(betting, (3, C), (1, C), (2, R, 8))
    assert betting.last_aggressor == 2
    assert betting.to_act == 3
    play(betting, (3, C), (1, F))
    assert betting.round_complete
    assert betting.live == [2, 3]


def test_rrop_postflop_action_starts_left_of_button() -> None:
    betting = table([100, 100, 100, 100])
    play(betting, (3, C), (4, C), (1, F), (2, X))
    betting.start_street(Street.FLOP)
    assert betting.bets == dict.fromkeys([1, 2, 3, 4], 0)
    assert betting.contributed == {1: 1, 2: 2, 3: 2, 4: 2}
    assert betting.current_bet == 0
    assert betting.to_act == 2
    assert betting.legal_actions(2) == [F, X, B, A]
    assert betting.min_raise_to() == 2
    play(betting, (2, X), (3, X), (4, X))
    assert betting.round_complete
    betting.start_street(Street.TURN)
    assert betting.to_act == 2


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after() -> None:
    betting = Betting([4, 9], {4: 100, 9: 100}, NL)  # seat 9 is the button
    assert betting.post_blinds() == [(9, 1), (4, 2)]
    assert betting.to_act == 9
    play(betting, (9, C))
    assert betting.to_act == 4  # the big blind's option
    play(betting, (4, X))
    betting.start_street(Street.FLOP)
    assert betting.to_act == 4
    play(betting, (4, X))
    assert betting.to_act == 9
    play(betting, (9, X))
    assert betting.round_complete


def test_short_stack_blind_is_all_in() -> None:
    betting = Betting([1, 2, 3], {1: 3, 2: 4, 3: 100}, Stakes(Structure.NO_LIMIT, 5, 10))
    assert betting.post_blinds() == [(1, 3), (2, 4)]
    assert betting.all_in == {1, 2}
    assert betting.stacks == {1: 0, 2: 0, 3: 100}
    assert betting.current_bet == 10  # the full blind
    assert betting.to_act == 3
    # nobody has chips to call a raise: seat 3 may only call the blind or fold
    assert betting.legal_actions(3) == [F, C]
    assert refused(betting, 3, R, 20).rule == RULE_BETTING
    betting.act(3, C)
    assert betting.bets[3] == 10
    assert betting.betting_over
    assert betting.round_complete


def test_post_blinds_twice_is_refused() -> None:
    betting = table([10, 10])
    refused_before = snapshot(betting)
    with pytest.raises(IllegalAction):
        betting.post_blinds()
    assert snapshot(betting) == refused_before


def test_no_action_before_the_blinds() -> None:
    betting = table([10, 10], blinds=False)
    assert betting.to_act is None
    assert not betting.round_complete
    assert "blinds" in refused(betting, 1, C).reason


# -- minimum and maximum ----------------------------------------------------------------------


def test_tda24_min_raise_is_the_largest_prior_raise() -> None:
    betting = table([500] * 6)
    betting.act(3, R, 6)  # a raise of 4
    assert betting.min_raise_to() == 10
    error = refused(betting, 4, R, 9)
    assert error.rule == RULE_MIN_RAISE
    assert "10" in error.reason
    betting.act(4, R, 30)  # a raise of 24
    assert betting.min_raise_to() == 54
    betting.act(5, R, 54)
    assert betting.min_raise_to() == 78


def test_tda24_min_bet_is_the_big_blind() -> None:
    betting = table([100, 100, 100])
    play(betting, (3, C), (1, C), (2, X))
    betting.start_street(Street.FLOP)
    assert refused(betting, 1, B, 1).rule == RULE_MIN_RAISE
    betting.act(1, B, 2)
    assert betting.min_raise_to() == 4


def test_rrop_bet_preflop_is_refused_because_the_blind_is_the_bet() -> None:
    betting = table([100, 100, 100])
    assert "big blind is the opening bet" in refused(betting, 3, B, 6).reason


def test_rrop_raise_without_a_bet_is_refused() -> None:
    betting = table([100, 100])
    play(betting, (2, C), (1, X))
    betting.start_street(Street.FLOP)
    assert "no bet" in refused(betting, 1, R, 4).reason
    assert "no bet" in refused(betting, 1, C).reason


def test_check_facing_a_bet_is_refused() -> None:
    betting = table([100, 100, 100])
    assert "cannot check facing a bet of 2" in refused(betting, 3, X).reason


def test_bet_more_chips_than_the_stack_names_the_stack() -> None:
    betting = table([100, 100, 50])
    error = refused(betting, 3, R, 60)
    assert "only 50 chips" in error.reason


def test_no_limit_all_in_for_less_than_a_raise_is_allowed() -> None:
    betting = table([100, 100, 3])
    assert betting.min_raise_to() == 3  # the all-in is the most it can do
    betting.act(3, R, 3)  # an all-in raise of 1: incomplete
    assert betting.current_bet == 3
    assert betting.min_raise_to() == 5  # still a raise of the big blind
    assert betting.last_aggressor == 3


def test_pot_limit_max_raise_counts_the_call() -> None:
    betting = table([500] * 4, PL)
    assert betting.max_raise_to() == 7  # call 2 (pot 5), raise 5
    error = refused(betting, 3, R, 8)
    assert error.rule == RULE_LIMITS
    betting.act(3, R, 7)
    assert betting.max_raise_to() == 24  # call 7 (pot 17), raise 17
    play(betting, (4, C), (1, C), (2, C))
    betting.start_street(Street.FLOP)
    assert betting.max_raise_to() == 28  # a bet of the pot
    betting.act(1, B, 10)
    assert betting.max_raise_to() == 58  # call 10 (pot 48), raise 48


def test_pot_limit_all_in_above_the_pot_is_refused() -> None:
    betting = table([500] * 3, PL)
    assert A not in betting.legal_actions(3)
    assert refused(betting, 3, A).rule == RULE_LIMITS


# -- all-ins ----------------------------------------------------------------------------------


def test_incomplete_all_in_does_not_reopen_raising() -> None:
    # RRoP: A bets 100, B raises to 200, C all-in for 250: A may raise, B may not.
    betting = table([1000, 1000, 252])
    play(betting, (3, C), (1, C), (2, X))
    betting.start_street(Street.FLOP)
    play(betting, (1, B, 100), (2, R, 200), (3, A))
    assert betting.current_bet == 250
    assert betting.last_aggressor == 3
    assert betting.min_raise_to() == 350  # the full raise is still 100
    assert betting.legal_actions(1) == [F, C, R, A]
    betting.act(1, C)
    assert betting.to_act == 2
    assert betting.legal_actions(2) == [F, C]
    error = refused(betting, 2, R, 400)
    assert error.rule == RULE_ALL_IN
    assert "does not reopen" in error.reason
    refused(betting, 2, A)
    betting.act(2, C)
    assert betting.round_complete


def test_incomplete_all_in_lets_a_seat_yet_to_act_raise() -> None:
    betting = table([1000, 1000, 1000, 7, 1000])
    play(betting, (3, R, 6), (4, A))  # a raise of 1 on top of a raise of 4
    assert betting.to_act == 5
    assert betting.legal_actions(5) == [F, C, R, A]
    assert betting.min_raise_to() == 11
    play(betting, (5, C), (1, C), (2, C))
    assert betting.to_act == 3
    assert betting.legal_actions(3) == [F, C]


def test_rrop_short_all_ins_that_add_up_to_a_full_raise_reopen_raising() -> None:
    betting = table([1000, 1000, 1000, 130, 165])
    play(betting, (3, R, 100))  # a raise of 98
    play(betting, (4, A))  # 130: short by 68
    play(betting, (5, A))  # 165: 65 over seat 3's 100, less than the full raise of 98
    play(betting, (1, C), (2, F))
    assert betting.legal_actions(3) == [F, C]
    betting = table([1000, 1000, 1000, 150, 205])
    play(betting, (3, R, 100), (4, A), (5, A))  # 150 then 205: 105 over seat 3's 100
    play(betting, (1, C), (2, F))
    assert betting.legal_actions(3) == [F, C, R, A]
    assert betting.min_raise_to() == 303  # 205 + the full raise of 98


def test_rrop_nobody_left_to_call_a_raise() -> None:
    betting = table([100, 100, 40, 100])
    play(betting, (3, A), (4, C), (1, F))
    assert betting.legal_actions(2) == [F, C, R, A]  # seat 4 can still call a raise
    betting = table([100, 100, 40])
    play(betting, (3, A), (1, F))
    assert betting.legal_actions(2) == [F, C]
    betting = table([30, 100, 40])
    play(betting, (3, A), (1, A))
    assert betting.legal_actions(2) == [F, C]
    error = refused(betting, 2, R, 80)
    assert "Nobody is left to call a raise" in error.reason
    refused(betting, 2, A)
    betting.act(2, C)
    assert betting.betting_over


def test_all_in_call_for_less() -> None:
    betting = table([100, 100, 5])
    play(betting, (3, C), (1, R, 20))
    assert betting.to_act == 2
    play(betting, (2, C), (3, C))
    assert betting.bets[3] == 5
    assert betting.all_in == {3}
    assert betting.round_complete
    assert not betting.betting_over


def test_covered_seat_can_only_call_all_in() -> None:
    betting = table([100, 100, 5])
    play(betting, (3, C), (1, R, 20), (2, C))
    assert betting.legal_actions(3) == [F, C, A]
    assert refused(betting, 3, R, 5).rule == RULE_BETTING
    betting.act(3, A, 5)
    assert betting.all_in == {3}


def test_betting_over_when_all_but_one_all_in() -> None:
    betting = table([100, 50, 30, 200])
    play(betting, (3, A), (4, C), (1, A), (2, A))
    assert betting.to_act == 4
    assert not betting.betting_over
    betting.act(4, C)
    assert betting.betting_over
    assert betting.round_complete
    betting.start_street(Street.FLOP)
    assert betting.to_act is None
    assert betting.betting_over


def test_betting_over_when_everyone_folds() -> None:
    betting = table([100, 100, 100])
    play(betting, (3, F), (1, F))
    assert betting.live == [2]
    assert betting.betting_over
    assert betting.round_complete
    with pytest.raises(IllegalAction):
        betting.start_street(Street.FLOP)


# -- limit ------------------------------------------------------------------------------------


def test_rrop_limit_cap_one_bet_three_raises() -> None:
    betting = table([500] * 4, FL)
    assert (betting.min_raise_to(), betting.max_raise_to()) == (4, 4)
    assert refused(betting, 3, R, 5).rule == RULE_LIMITS
    play(betting, (3, R, 4), (4, R, 6), (1, R, 8))  # the blind and three raises
    assert betting.legal_actions(2) == [F, C]
    error = refused(betting, 2, R, 10)
    assert error.rule == RULE_LIMITS
    assert "capped" in error.reason
    play(betting, (2, C), (3, C), (4, C))
    betting.start_street(Street.FLOP)
    play(betting, (1, B, 2), (2, R, 4), (3, R, 6), (4, R, 8))
    assert betting.legal_actions(1) == [F, C]


def test_rrop_limit_bet_sizes_small_then_big() -> None:
    betting = table([500] * 3, FL)
    play(betting, (3, C), (1, C), (2, X))
    betting.start_street(Street.FLOP)
    assert (betting.min_raise_to(), betting.max_raise_to()) == (2, 2)
    play(betting, (1, X), (2, X), (3, X))
    betting.start_street(Street.TURN)
    assert (betting.min_raise_to(), betting.max_raise_to()) == (4, 4)
    assert refused(betting, 1, B, 8).rule == RULE_LIMITS
    betting.act(1, B, 4)
    assert (betting.min_raise_to(), betting.max_raise_to()) == (8, 8)
    assert A not in betting.legal_actions(2)  # an all-in would be more than a raise


def test_rrop_limit_half_bet_rule() -> None:
    stakes = Stakes(Structure.LIMIT, 5, 10, 10, 20)
    # less than half a bet: not reopened; a seat yet to act may complete to the full bet
    b = Betting([1, 2, 3, 4], {1: 100, 2: 100, 3: 24, 4: 100}, stakes)
    b.post_blinds()
    play(b, (3, C), (4, C), (1, C), (2, X))
    b.start_street(Street.FLOP)
    play(b, (1, X), (2, B, 10), (3, A))  # 4 more than the bet: less than half
    assert b.current_bet == 14
    assert (b.min_raise_to(), b.max_raise_to()) == (20, 20)  # complete to a full raise
    b.act(4, C)
    b.act(1, R, 20)  # seat 1 only checked: it has not acted since the bet, so it may complete
    assert b.to_act == 2
    assert b.legal_actions(2) == [F, C, R]
    # half a bet or more: a full raise
    b = Betting([1, 2, 3, 4], {1: 100, 2: 100, 3: 25, 4: 100}, stakes)
    b.post_blinds()
    play(b, (3, C), (4, C), (1, C), (2, X))
    b.start_street(Street.FLOP)
    play(b, (1, X), (2, B, 10), (3, A))  # 15: half a bet more
    assert (b.min_raise_to(), b.max_raise_to()) == (25, 25)
    play(b, (4, C), (1, C))
    assert b.legal_actions(2) == [F, C, R]  # reopened for the bettor
    b2 = Betting([1, 2, 3, 4], {1: 100, 2: 100, 3: 24, 4: 100}, stakes)
    b2.post_blinds()
    play(b2, (3, C), (4, C), (1, C), (2, X))
    b2.start_street(Street.FLOP)
    play(b2, (1, X), (2, B, 10), (3, A), (4, C), (1, C))  # 14: less than half more
    assert b2.legal_actions(2) == [F, C]
    # limit's rule is half a bet (issue 18): Robert's betting rule 6, not TDA 47-A's full raise
    assert refused(b2, 2, R, 20).rule == RULE_ALL_IN_LIMIT


# -- refusals ---------------------------------------------------------------------------------


def test_rrop_acting_out_of_turn_is_refused() -> None:
    betting = table([100] * 5)
    error = refused(betting, 1, C)
    assert error.reason == "It is seat 3's turn, not seat 1's."
    assert error.rule == RULE_BETTING


def test_folded_all_in_and_unknown_seats_cannot_act() -> None:
    betting = table([100, 100, 100, 10])
    play(betting, (3, F), (4, A))
    assert "folded" in refused(betting, 3, C).reason
    assert "all-in" in refused(betting, 4, C).reason
    assert "not in this hand" in refused(betting, 9, C).reason


def test_no_action_due_when_round_complete() -> None:
    betting = table([100, 100])
    play(betting, (2, C), (1, X))
    assert "No action is due" in refused(betting, 1, X).reason
    with pytest.raises(IllegalAction):
        betting.min_raise_to()


def test_amounts_are_totals_and_must_match() -> None:
    betting = table([100, 100, 100])
    assert "makes its bet this round 2, not 1" in refused(betting, 3, C, 1).reason
    betting.act(3, C, 2)
    betting.act(1, C, 2)
    refused(betting, 2, X, 0)
    betting.act(2, X, 2)
    betting.start_street(Street.FLOP)
    refused(betting, 1, A, 50)
    refused(betting, 1, B)  # a bet needs an amount
    betting.act(1, A, 98)


def test_start_street_out_of_order_or_early_is_refused() -> None:
    betting = table([100, 100, 100])
    with pytest.raises(IllegalAction, match="not finished"):
        betting.start_street(Street.FLOP)
    play(betting, (3, C), (1, C), (2, X))
    before = snapshot(betting)
    with pytest.raises(IllegalAction, match="not the turn"):
        betting.start_street(Street.TURN)
    assert snapshot(betting) == before


def test_illegal_action_leaves_state_unchanged() -> None:
    betting = table([100, 100, 100, 9], PL)
    play(betting, (3, R, 7), (4, A))
    attempts: list[tuple[int, Action, int | None]] = [
        (1, X, None),
        (1, B, 20),
        (1, R, 10),  # below the minimum
        (1, R, 40),  # above the pot
        (1, R, 101),  # more than the stack
        (1, R, None),
        (1, C, 3),
        (2, C, None),
        (3, C, None),
        (4, F, None),
        (7, F, None),
    ]
    for seat, action, amount in attempts:
        refused(betting, seat, action, amount)
    play(betting, (1, C), (2, C))
    assert betting.legal_actions(3) == [F, C]
    refused(betting, 3, R, 20)
    refused(betting, 3, A)


# -- random play ------------------------------------------------------------------------------


def check_invariants(betting: Betting, total: int) -> None:
    assert sum(betting.stacks.values()) + betting.pot == total
    assert all(stack >= 0 for stack in betting.stacks.values())
    assert all(betting.bets[s] <= betting.contributed[s] for s in betting.order)
    assert betting.all_in == {s for s in betting.order if betting.stacks[s] == 0}
    if betting.to_act is not None:
        seat = betting.to_act
        assert seat not in betting.folded and seat not in betting.all_in
        assert betting.min_raise_to() <= betting.max_raise_to()


STREETS = (Street.FLOP, Street.TURN, Street.RIVER)


@pytest.mark.slow
@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_play_conserves_chips_and_refuses_illegal_actions(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 10), label="seats")
    stacks = data.draw(st.lists(st.integers(1, 300), min_size=n, max_size=n), label="stacks")
    structure = data.draw(st.sampled_from(Structure), label="structure")
    stakes = {
        Structure.NO_LIMIT: NL,
        Structure.POT_LIMIT: PL,
        Structure.LIMIT: FL,
    }[structure]
    betting = table(stacks, stakes)
    total = sum(stacks)
    streets = iter(STREETS)
    seats = [*betting.order, 99]
    for _ in range(200):
        check_invariants(betting, total)
        if betting.betting_over:
            break
        if betting.round_complete:
            street = next(streets, None)
            if street is None:
                break
            betting.start_street(street)
            continue
        seat = betting.to_act
        assert seat is not None
        # a random attempt: verify never changes anything, and passes only for legal actions
        who = data.draw(st.sampled_from(seats), label="who")
        what = data.draw(st.sampled_from(Action), label="what")
        how = data.draw(st.none() | st.integers(-5, 400), label="how much")
        before = snapshot(betting)
        try:
            betting.verify(who, what, how)
        except IllegalAction as error:
            assert error.reason
            assert snapshot(betting) == before
            with pytest.raises(IllegalAction):
                betting.act(who, what, how)
            assert snapshot(betting) == before
        else:
            assert who == seat
            assert what in betting.legal_actions(seat)
            if what in (B, R):
                assert how is not None
                assert betting.min_raise_to() <= how <= betting.max_raise_to()
        assert snapshot(betting) == before
        # a legal move
        legal = betting.legal_actions(seat)
        assert legal
        action = data.draw(st.sampled_from(legal), label="action")
        amount = None
        if action in (B, R):
            low, high = betting.min_raise_to(), betting.max_raise_to()
            amount = data.draw(st.integers(low, high), label="amount")
        betting.act(seat, action, amount)
    check_invariants(betting, total)


# -- PokerKit ---------------------------------------------------------------------------------

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def compare_with_pokerkit(rng: random.Random, structure: Structure) -> int:
    """Play one random hand in both engines, comparing at each step; return the steps."""
    n = rng.randint(2, 6)
    # stacks of at least 3 keep the blinds full: PokerKit lets players call a short big
    # blind for what it posted, where our table makes them call the full blind
    stacks = [rng.choice((rng.randint(3, 30), rng.randint(3, 300))) for _ in range(n)]
    # pot-limit Omaha bets exactly like pot-limit hold'em
    game = NoLimitTexasHoldem if structure is Structure.NO_LIMIT else PotLimitOmahaHoldem
    ps = game.create_state(AUTOMATIONS, True, 0, (1, 2), 2, tuple(stacks), n, mode=Mode.CASH_GAME)
    betting = table(stacks, NL if structure is Structure.NO_LIMIT else PL)
    streets = iter(STREETS)
    steps = 0
    while True:
        if betting.round_complete:
            street = next(streets, None)
            if betting.betting_over or street is None:
                assert ps.actor_index is None
                return steps
            betting.start_street(street)
        seat = betting.to_act
        assert seat is not None
        index = betting.order.index(seat)
        assert ps.actor_index == index
        assert ps.stacks[index] == betting.stacks[seat]
        legal = betting.legal_actions(seat)
        assert ps.can_check_or_call() == (X in legal or C in legal)
        ours = B in legal or R in legal
        theirs = ps.can_complete_bet_or_raise_to()
        if ours != theirs:
            # The one known difference. PokerKit measures the first raise of a round against
            # nothing (its running raise size starts at 0, not at the big blind), so an all-in
            # for less than the big blind (postflop) or for less than a full raise over it
            # (preflop) counts there as a full raise and reopens the raising for seats that have
            # already acted. Robert's Rules and TDA say an all-in for less than a full bet or
            # raise never reopens it: we keep our rule and skip the comparison here.
            assert not ours and theirs
            assert ps.completion_betting_or_raising_amount < 2
            assert seat in betting._acted
        elif ours:
            assert betting.min_raise_to() == ps.min_completion_betting_or_raising_to_amount
            assert betting.max_raise_to() == ps.max_completion_betting_or_raising_to_amount
        choices = [C if C in legal else X]
        if C in legal:
            choices.append(F)
        if ours:
            choices += [R, R]
        action = rng.choice(choices)
        if action is F:
            betting.act(seat, F)
            ps.fold()
        elif action is R:
            amount = rng.randint(betting.min_raise_to(), betting.max_raise_to())
            if rng.random() < 0.3:
                amount = rng.choice((betting.min_raise_to(), betting.max_raise_to()))
            betting.act(seat, B if B in legal else R, amount)
            ps.complete_bet_or_raise_to(amount)
        else:
            betting.act(seat, action)
            ps.check_or_call()
        steps += 1


@pytest.mark.parametrize("structure", [Structure.NO_LIMIT, Structure.POT_LIMIT])
def test_betting_legal_amounts_match_pokerkit(structure: Structure) -> None:
    rng = random.Random(20240611)
    steps = sum(compare_with_pokerkit(rng, structure) for _ in range(150))
    assert steps > 500


def test_pokerkit_reopens_raising_after_a_short_all_in_over_the_blind_and_we_do_not() -> None:
    """The documented difference: see compare_with_pokerkit."""
    stacks = [200, 200, 200, 3]
    ps = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, tuple(stacks), 4, mode=Mode.CASH_GAME
    )
    betting = table(stacks)
    play(betting, (3, C), (4, A), (1, C), (2, C))  # seat 4 is all-in to 3: a raise of 1
    ps.check_or_call()
    ps.complete_bet_or_raise_to(3)
    ps.check_or_call()
    ps.check_or_call()
    assert ps.actor_index == 2
    assert betting.to_act == 3
    assert ps.can_complete_bet_or_raise_to()
    assert betting.legal_actions(3) == [F, C]
