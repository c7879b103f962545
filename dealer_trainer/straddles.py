"""Whether a seat may post a live straddle now, and how much: the check of
:meth:`dealer_trainer.betting.Betting.verify_straddle` (a function of it, which it calls).

A straddle is a house option (``Betting``'s ``straddle``: ``none``, ``utg``, ``button`` or
``any``): a voluntary third blind of twice the big blind, posted before any action, by the
player under the gun (RRoP-BLD 4), under the gun or on the button with the button first
(Mississippi, LA26 22; no button straddle in limit), or any seat but the blinds. A second
straddle (a re-straddle) comes only from the seat left of the last one, at twice it. Each
refusal is an :class:`~dealer_trainer.errors.IllegalAction` citing the table's straddle rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_trainer.errors import IllegalAction
from dealer_trainer.stakes import Street

if TYPE_CHECKING:  # the class this check belongs to (it imports this module)
    from dealer_trainer.betting import Betting

__all__ = ["RE_STRADDLE_FROM", "due", "judge", "most_re_straddles", "post"]

#: the ``by_stakes`` re-straddle: one where the big blind is at least this (LA26 22: a 5-5-10
#: game and up allow one; a 1-2-5 game one straddle alone)
RE_STRADDLE_FROM = 10


def most_re_straddles(option: str, big_blind: int) -> int | None:
    """How many straddles may follow the first under the house's ``re_straddle`` option at a
    table of this big blind (None: no limit)."""
    if option == "unlimited":
        return None
    if option == "by_stakes":
        return 1 if big_blind >= RE_STRADDLE_FROM else 0
    return {"one": 1, "none": 0}[option]


def judge(betting: Betting, seat: int, amount: int | None, button: int | None) -> int:
    """The amount ``seat`` straddles for now, or :class:`IllegalAction` saying why not."""
    rule = betting._straddle_rule
    if not betting._posted:
        raise IllegalAction("A straddle comes after the blinds are posted.", rule=rule)
    if betting._straddle == "none":
        raise IllegalAction(
            "This table allows no straddle (the house's straddle option is none).", rule=rule
        )
    if betting.street is not Street.PREFLOP or betting._acted or betting.folded:
        raise IllegalAction(
            "A straddle is posted before anyone acts; the action has begun.", rule=rule
        )
    if seat not in betting._index:
        raise IllegalAction(f"Seat {seat} is not in this hand.", rule=rule)
    small, big = betting.blinds
    if seat in (small, big):
        raise IllegalAction(
            f"Seat {seat} has a blind in already; a blind cannot straddle.", rule=rule
        )
    order, n = betting.order, len(betting.order)
    utg = order[(betting._index[big] + 1) % n]
    button = order[-1] if button is None else button
    if betting.straddles:
        last = betting.straddles[-1][0]
        left = order[(betting._index[last] + 1) % n]
        if left in (small, big):
            raise IllegalAction(
                f"No second straddle here: the seat left of the straddle (seat {left}) is a blind.",
                rule=rule,
            )
        if seat != left:
            raise IllegalAction(
                f"A second straddle comes only from the seat left of the last straddle "
                f"(seat {left}); seat {seat} is out of turn.",
                rule=rule,
            )
    else:
        place = betting._straddle
        if place == "button" and betting._limit and seat == button and seat != utg:
            raise IllegalAction(
                "The button may not straddle in a limit game; only under the gun.", rule=rule
            )
        allowed = {"utg": (utg,), "button": (utg, button)}.get(place)
        if allowed is not None and seat not in allowed:
            where = " or the button" if place == "button" else ""
            raise IllegalAction(
                f"Only the player under the gun (seat {utg}){where} may straddle at this "
                f"table (house option: {place}); seat {seat} may not.",
                rule=rule,
            )
    size = due(betting)
    if amount is not None and amount != size:
        raise IllegalAction(
            f"A straddle is twice the big blind or the last straddle: {size}, not {amount}.",
            rule=rule,
        )
    if betting.stacks[seat] < size:
        raise IllegalAction(
            f"Seat {seat} has {betting.stacks[seat]} behind, less than the straddle of {size}.",
            rule=rule,
        )
    return size


def due(betting: Betting) -> int:
    """The size of a straddle now: twice the big blind, or twice the last straddle."""
    last = betting.straddles[-1][1] if betting.straddles else betting.stakes.big_blind
    return 2 * last


def post(betting: Betting, seat: int, amount: int | None, button: int | None) -> int:
    """Post ``seat``'s straddle (:func:`judge` first); return its amount.

    It is a blind: the seat's bet, the new preflop bring-in, and no action, so the straddler
    keeps its option and acts last; the action starts to its left. The smallest raise is to
    twice it (LA26 22; after the flop the big blind again, LA26 174); in limit it counts as no
    bet toward the cap (LA26 130): the count of raises is left as it was.
    """
    size = judge(betting, seat, amount, button)
    betting._put(seat, size)
    betting.straddles.append((seat, size))
    betting.current_bet = size
    betting._level = size
    betting._open_level = size
    if not betting._limit:  # the smallest raise is to twice the straddle (LA26 22)
        betting._min_inc = size
        betting._open_inc = size
    # limit: the straddle counts as no bet toward the cap (LA26 130): _raises is unchanged
    betting.to_act = betting._next_after(betting._index[seat])
    return size
