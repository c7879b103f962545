"""Whether a seat may bet or raise, and to how much: the legality checks of a
:class:`~dealer_trainer.betting.Betting` (functions of it, which it calls), each refusal an
:class:`~dealer_trainer.errors.IllegalAction` that says why and cites its rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_trainer.errors import IllegalAction
from dealer_trainer.stakes import RULE_BETTING, RULE_HEADS_UP, Action, Street, Structure

if TYPE_CHECKING:  # the class these checks belong to (it imports this module)
    from dealer_trainer.betting import Betting

_FOLD = 0
_CHECK = 1
_CALL = 2
_RAISE = 3

# Why a seat may not bet or raise (0: it may).
_CAN_RAISE = 0
_COVERED = 1
_CAPPED = 2
_NOT_REOPENED = 3
_NOBODY_TO_CALL = 4


def legal_actions(betting: Betting, seat: int) -> list[Action]:
    """The actions ``seat`` may take now ([] when it is not its turn)."""
    if seat != betting.to_act:
        return []
    bet = betting.bets[seat]
    cb = betting.current_bet
    actions = [Action.FOLD, Action.CHECK if bet >= cb else Action.CALL]
    block = raise_block(betting, seat)
    if block == _CAN_RAISE:
        actions.append(Action.BET if cb == 0 else Action.RAISE)
        if bet + betting.stacks[seat] <= max_to(betting, seat):
            actions.append(Action.ALL_IN)
    elif block == _COVERED:
        actions.append(Action.ALL_IN)  # an all-in call
    return actions


def min_raise_to(betting: Betting) -> int:
    """The smallest total the seat to act may bet or raise to (its all-in if that is less)."""
    return min_to(betting, betting._require_turn())


def max_raise_to(betting: Betting) -> int:
    """The largest total the seat to act may bet or raise to."""
    return max_to(betting, betting._require_turn())


def min_to(betting: Betting, seat: int) -> int:
    rule = (
        betting._level + betting._size if betting._limit else betting.current_bet + betting._min_inc
    )
    return min(rule, betting.bets[seat] + betting.stacks[seat])


def max_to(betting: Betting, seat: int) -> int:
    total = betting.bets[seat] + betting.stacks[seat]
    structure = betting.stakes.structure
    if structure is Structure.NO_LIMIT:
        return total
    if structure is Structure.LIMIT:
        return min(total, betting._level + betting._size)
    cb = betting.current_bet
    pot_size = (
        cb + betting.pot + betting._phantom + (cb - betting.bets[seat])
    )  # the call goes in first
    return min(total, max(cb + betting._min_inc, pot_size))


def raise_block(betting: Betting, seat: int) -> int:
    """Why ``seat`` (to act) may not bet or raise, or ``_CAN_RAISE``."""
    bet = betting.bets[seat]
    cb = betting.current_bet
    if betting.stacks[seat] <= cb - bet:
        return _COVERED
    if (
        betting._limit
        and betting._raises > betting.stakes.max_raises
        and (betting._capped or betting._n_active > 2 or not betting._heads_up_uncapped)
    ):
        return _CAPPED
    if seat in betting._acted and (
        2 * (cb - bet) < betting._size if betting._limit else cb - bet < betting._min_inc
    ):
        return _NOT_REOPENED
    folded, bets, stacks = betting.folded, betting.bets, betting.stacks
    for other in betting.order:
        if other != seat and other not in folded and bets[other] + stacks[other] > cb:
            return _CAN_RAISE
    return _NOBODY_TO_CALL


def block_reason(betting: Betting, seat: int, block: int, word: str) -> IllegalAction:
    cb = betting.current_bet
    if block == _COVERED:
        return IllegalAction(
            f"Seat {seat} has only {betting.stacks[seat]} chips, not more than the "
            f"{cb - betting.bets[seat]} it needs to call, so it cannot {word}: "
            "it can call all-in or fold.",
            rule=RULE_BETTING,
        )
    if block == _CAPPED:
        if betting._heads_up_uncapped and betting._n_active <= 2:
            return IllegalAction(
                f"The betting was capped while three or more players were in: a fold that "
                f"leaves two heads-up does not lift the cap, so seat {seat} can only call "
                "or fold.",
                rule=RULE_HEADS_UP,
            )
        heads_up = " (heads-up too)" if betting._n_active <= 2 else ""
        return IllegalAction(
            f"The betting is capped{heads_up}: one bet and {betting.stakes.max_raises} raises "
            f"have been made this round, so seat {seat} can only call or fold.",
            rule=betting._cap_rule,
        )
    if block == _NOT_REOPENED:
        if betting._limit:
            return IllegalAction(
                f"Seat {seat} has already acted and faces only {cb - betting.bets[seat]} more, "
                f"less than half a bet ({betting._size}): the all-in to {cb} does not reopen "
                "the raising, so it can only call or fold.",
                rule=betting._cites.all_in_limit,
            )
        return IllegalAction(
            f"The all-in to {cb} was less than a full raise, so it does not reopen the "
            f"betting: seat {seat} has already acted and can only call or fold.",
            rule=betting._cites.all_in,
        )
    return IllegalAction(
        f"Nobody is left to call a raise: every other player has folded or is all-in, "
        f"so seat {seat} can only call or fold.",
        rule=RULE_BETTING,
    )


def _check_amount(
    betting: Betting, seat: int, action: Action, amount: int | None, total: int
) -> None:
    if amount is not None and amount != total:
        raise IllegalAction(
            f"A {action.value.replace('_', '-')} by seat {seat} makes its bet this round "
            f"{total}, not {amount}.",
            rule=RULE_BETTING,
        )


def judge(betting: Betting, seat: int, action: Action, amount: int | None) -> tuple[int, int]:
    """Check an action; return what it comes down to and the seat's total after it."""
    if seat not in betting._index:
        raise IllegalAction(f"Seat {seat} is not in this hand.", rule=RULE_BETTING)
    if seat in betting.folded:
        raise IllegalAction(
            f"Seat {seat} has folded and has no more decisions in this hand.",
            rule=RULE_BETTING,
        )
    if seat in betting.all_in:
        raise IllegalAction(
            f"Seat {seat} is all-in and has no more decisions in this hand.",
            rule=RULE_BETTING,
        )
    to_act = betting.to_act
    if to_act is None:
        raise IllegalAction(betting._no_action_reason(), rule=RULE_BETTING)
    if seat != to_act:
        raise IllegalAction(f"It is seat {to_act}'s turn, not seat {seat}'s.", rule=RULE_BETTING)
    bet = betting.bets[seat]
    total = bet + betting.stacks[seat]
    cb = betting.current_bet
    if action is Action.FOLD:
        _check_amount(betting, seat, action, amount, bet)
        return _FOLD, bet
    if action is Action.CHECK:
        if bet < cb:
            raise IllegalAction(
                f"Seat {seat} cannot check facing a bet of {cb}: "
                f"it must call {min(cb, total) - bet}, raise or fold.",
                rule=RULE_BETTING,
            )
        _check_amount(betting, seat, action, amount, bet)
        return _CHECK, bet
    if action is Action.CALL:
        if bet >= cb:
            raise IllegalAction(
                f"There is no bet for seat {seat} to call: it can check.", rule=RULE_BETTING
            )
        to = min(cb, total)
        _check_amount(betting, seat, action, amount, to)
        return _CALL, to
    if action is Action.ALL_IN:
        _check_amount(betting, seat, action, amount, total)
        if total <= cb:
            return _CALL, total
        check_raise(betting, seat, total, "raise" if cb else "bet")
        return _RAISE, total
    if action is Action.BET:
        if cb > 0:
            if betting.street is Street.PREFLOP:
                raise IllegalAction(
                    f"Seat {seat} cannot bet before the flop: the big blind is the opening "
                    "bet, so the choice is to call, raise or fold.",
                    rule=RULE_BETTING,
                )
            raise IllegalAction(
                f"Seat {seat} cannot bet: there is already a bet of {cb} this round, "
                "so the choice is to call, raise or fold.",
                rule=RULE_BETTING,
            )
    elif cb == 0:  # a raise
        raise IllegalAction(
            f"There is no bet for seat {seat} to raise this round: it can bet or check.",
            rule=RULE_BETTING,
        )
    word = action.value
    if amount is None:
        raise IllegalAction(
            f"A {word} needs an amount: the total seat {seat} puts in this round.",
            rule=RULE_BETTING,
        )
    check_raise(betting, seat, amount, word)
    return _RAISE, amount


def check_raise(betting: Betting, seat: int, to: int, word: str) -> None:
    """Refuse a bet or raise of ``seat`` to the total ``to`` unless it is legal."""
    block = raise_block(betting, seat)
    if block != _CAN_RAISE:
        raise block_reason(betting, seat, block, word)
    bet = betting.bets[seat]
    total = bet + betting.stacks[seat]
    if to > total:
        raise IllegalAction(
            f"Seat {seat} has only {betting.stacks[seat]} chips behind, so it cannot {word} "
            f"to {to}: the most it can make its bet this round is {total}, all-in.",
            rule=RULE_BETTING,
        )
    low = min_to(betting, seat)
    if to < low:
        if betting._limit:
            raise IllegalAction(
                f"In limit the {word} is to exactly {low} ({betting._size} a bet on the "
                f"{betting.street.value}), or all-in for less.",
                rule=betting._cites.limit_low,
            )
        if betting.current_bet == 0:
            raise IllegalAction(
                f"A bet must be at least the big blind, {low}, unless it is all-in.",
                rule=betting._cites.min_raise,
            )
        raise IllegalAction(
            f"The minimum raise is to {low}: a raise must be at least the last full bet or "
            f"raise of this round ({betting._min_inc}), unless it is all-in.",
            rule=betting._cites.min_raise,
        )
    high = max_to(betting, seat)
    if to > high:
        if betting._limit:
            raise IllegalAction(
                f"In limit the {word} is to exactly {high} ({betting._size} a bet on the "
                f"{betting.street.value}).",
                rule=betting._cites.limits,
            )
        preflop = betting.street is Street.PREFLOP
        counted = " (the blinds counted in full)" if preflop and betting._phantom else ""
        raise IllegalAction(
            f"In pot-limit seat {seat} can {word} to at most {high}, the size of the pot "
            f"after its call{counted}.",
            rule=betting._cites.pot_limit_preflop if preflop else betting._cites.pot_limit,
        )


def return_uncalled(betting: Betting, seat: int) -> int:
    """A folded ``seat``'s bet that no live seat has matched goes back to it (a hand the
    dealer killed, TDA24 65-A): the others face the highest live bet again (back at the round's
    opening, the blind or straddle, when nothing else stands). Return the chips given back."""
    live = [betting.bets[other] for other in betting.order if other not in betting.folded]
    highest = max(live, default=0)
    excess = betting.bets[seat] - highest
    if excess <= 0:
        return 0
    betting.bets[seat] -= excess
    betting.contributed[seat] -= excess
    betting.stacks[seat] += excess
    betting.current_bet = highest
    if betting.last_aggressor == seat:
        betting.last_aggressor = None
    preflop = betting.street is Street.PREFLOP
    if highest == (betting._open_level if preflop else 0):
        # back to the round's opening: no bet or raise stands but the blind (or straddle)
        betting._level, betting._min_inc = highest, betting._open_inc if preflop else betting._size
        betting._raises = 1 if betting.street is Street.PREFLOP else 0
    else:  # an earlier bet stands: whoever matched it has acted on it
        betting._level = highest
        betting._raises = max(betting._raises - 1, 0)
        betting._acted.update(
            other
            for other in betting.order
            if other not in betting.folded and betting.bets[other] == highest
        )
    if betting.to_act is not None:  # the seat due may owe nothing now
        betting.to_act = betting._next_after(betting._index[betting.to_act] - 1)
    return excess
