"""Money items asked while a betting round is open: the call, the minimum raise, the complete
raise after a short all-in and the pot-limit maximum (each the engine's own figure)."""

from __future__ import annotations

import random

from dealer_trainer.betting import Action, Betting, Structure
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.training.drill.money_deal import (
    BLINDS,
    RULES,
    MoneyItem,
    deal,
    deep_stacks,
    draw_seats,
    faces_raise,
    may_raise,
    moment,
    play_to,
)

__all__ = ["call_item", "complete_raise_item", "min_raise_item", "pot_limit_max_item"]

# --- the kinds ---------------------------------------------------------------------------------


def call_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(BLINDS)
    seats = draw_seats(rng, 3, 7)
    stacks = deep_stacks(rng, seats, blinds[1])
    if rng.random() < 0.3:  # a short stack may have less than the call
        stacks[rng.choice(seats)] = blinds[1] * rng.randint(2, 8)
    dealt = deal(rng, ruleset, stacks, blinds)
    try:
        seat = play_to(
            dealt, rng, lambda b, s: faces_raise(b, s) and b.current_bet > b.stakes.big_blind
        )
        if seat is None:
            return None
        betting = dealt.betting
        ruling = betting.verify(seat, Action.CALL)
        answer = ruling.to - betting.bets[seat]
        question = (
            f"{moment(dealt)} Seat {seat} is to act, with {betting.stacks[seat]} behind. "
            f"How many more chips does seat {seat} put in to call?"
        )
        return MoneyItem(
            kind="call",
            question=question,
            answer=answer,
            script=dealt.script(),
            rule=RULES["call"],
            seat=seat,
        )
    finally:
        dealt.close()


def min_raise_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(BLINDS)
    dealt = deal(rng, ruleset, deep_stacks(rng, draw_seats(rng, 3, 7), blinds[1]), blinds)
    try:
        seat = play_to(dealt, rng, may_raise, chance=0.4)
        if seat is None:
            return None
        betting = dealt.betting
        word = "raise" if betting.current_bet else "bet"
        question = (
            f"{moment(dealt)} Seat {seat} is to act. What is the smallest total seat {seat} "
            f"may {word} to this round?"
        )
        return MoneyItem(
            kind="min_raise",
            question=question,
            answer=betting.min_raise_to(),
            script=dealt.script(),
            rule=RULES["min_raise"],
            seat=seat,
        )
    finally:
        dealt.close()


def complete_raise_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(BLINDS)
    big = blinds[1]
    seats = draw_seats(rng, 4, 8)
    stacks = deep_stacks(rng, seats, big)
    button = rng.choice(seats)
    order = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
    folds = rng.randint(0, len(seats) - 4)
    opener, short = order[2 + folds], order[3 + folds] if 3 + folds < len(order) else order[0]
    if short in order[:2]:
        return None
    raise_to = big * rng.randint(3, 6)
    increment = raise_to - big
    stacks[short] = raise_to + rng.randint(1, increment - 1)  # all in for less than a raise
    dealt = deal(rng, ruleset, stacks, blinds, button=button)
    try:
        betting = dealt.betting
        for folder in order[2 : 2 + folds]:
            dealt.act(folder, Action.FOLD)
        dealt.act(opener, Action.RAISE, raise_to)
        dealt.act(short, Action.ALL_IN)
        to_act = betting.to_act
        if to_act is None or not may_raise(betting, to_act):
            return None
        question = (
            f"{moment(dealt)} Seat {short}'s all-in is less than a full raise. Seat {to_act} is "
            f"to act. What is the smallest total seat {to_act} may raise to?"
        )
        return MoneyItem(
            kind="complete_raise",
            question=question,
            answer=betting.min_raise_to(),
            script=dealt.script(),
            rule=RULES["complete_raise"],
            seat=to_act,
        )
    finally:
        dealt.close()


def pot_limit_max_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(BLINDS)
    stacks = {seat: blinds[1] * rng.randint(150, 400) for seat in draw_seats(rng, 3, 7)}
    dealt = deal(rng, ruleset, stacks, blinds, Structure.POT_LIMIT)
    try:

        def wanted(betting: Betting, seat: int) -> bool:
            earlier = betting.last_aggressor is not None  # a bet or raise before this seat
            legal = betting.legal_actions(seat)
            raising = Action.RAISE in legal or Action.BET in legal
            total = betting.bets[seat] + betting.stacks[seat]
            return earlier and raising and betting.max_raise_to() < total

        seat = play_to(dealt, rng, wanted, chance=0.35)
        if seat is None:
            return None
        betting = dealt.betting
        word = "raise" if betting.current_bet else "bet"
        question = (
            f"{moment(dealt)} Seat {seat} is to act. The pot is {betting.pot}. What is the "
            f"largest total seat {seat} may {word} to this round (pot-limit)?"
        )
        return MoneyItem(
            kind="pot_limit_max",
            question=question,
            answer=betting.max_raise_to(),
            script=dealt.script(),
            rule=RULES["pot_limit_max"],
            seat=seat,
        )
    finally:
        dealt.close()
