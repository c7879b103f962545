"""Floor rulings on how a player bets: words, chips, or both (issue 18).

A script's ``act`` may say what the player *said* and which *chips* they pushed out, instead of
(or besides) the action the dealer read::

    act: {seat: 3, action: call, chips: [1000]}             # one oversized chip, silently
    act: {seat: 3, action: raise, said: raise, amount: 800}  # "raise, eight hundred"
    act: {seat: 3, action: raise, chips: [500], more: [500]} # a second motion: a string bet

:func:`rule_on` turns them into the action they come down to, with the rule that says so under
the table's rulebook; the engine then carries that action out (the ``action`` the script wrote is
what the dealer read; where the rules make it something else, the ruling wins and the result's
``floor_rulings`` says so). The rules, in the order they are weighed:

* words first (TDA 40-A): a declaration in turn is binding (TDA 51-A; RRoP Betting 8); "call"
  is the full call whatever chips go out; "call" or "raise" with no bet to face is a check or a
  bet (TDA 55); "raise" with an amount is that total (TDA 43-B); "raise" with chips and no
  amount is a raise of those chips, at least the minimum, at most the most allowed (TDA 44);
  "raise" (or "bet") with neither an amount nor chips binds the player to the minimum raise
  (or bet), all-in if that is all they have (TDA 51-A; RRoP Betting 8: the word binds);
* a second motion (``more``) is not a raise (TDA 56): only the first motion's chips count, and
  the second's only to complete a call. Robert's Rules let a player who said "raise" put the
  raise in with more than one move (RRoP No-Limit 6; non-tournament play);
* silent chips: one oversized chip facing a bet is a call (TDA 44); several chips are a call
  when every chip is needed for it (TDA 45-A); otherwise half a raise or more obliges a full
  minimum raise and less is a call (the 50% rule, TDA 43-A, 45-B); a player's last chips are
  all-in (TDA 45-B); chips short of the call are an undercall, ruled a full call (TDA 51-B);
  with no bet to face, the chips are a bet (an overchip: the most it allows, TDA 44), at least
  the minimum bet.

Where the Robert's Rules text the project holds is silent (the chip rules), the roberts ruleset
follows the TDA's rule, as it does for a dropped stub (TDA RP-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.betting import Action, Betting
from dealer_trainer.errors import IllegalAction
from dealer_trainer.rules.rulesets import Ruleset

__all__ = ["WORDS", "FloorRuling", "rule_on", "rules_of"]

#: what a player may say
WORDS: tuple[str, ...] = tuple(action.value for action in Action)

#: the rule behind each ruling where Robert's Rules are silent and the TDA's serves both
_SHARED: dict[str, str] = {
    "words_first": "TDA24 40-A",
    "no_bet": "TDA24 55",
    "raise_amount": "TDA24 43-B",
    "overchip": "TDA24 44",
    "multichip": "TDA24 45",
    "half_raise": "TDA24 43",
    "last_chips": "TDA24 45",
    "undercall": "TDA24 51-B",
    "string": "TDA24 56",
}


def rules_of(ruleset: Ruleset) -> dict[str, str]:
    """The rule behind each ruling under ``ruleset``: the shared ones, and its rulebook's own
    for a verbal declaration and a declared raise in two motions."""
    return {
        **_SHARED,
        "verbal": ruleset.verbal_rule,
        "declared_string": ruleset.declared_string_rule,
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorRuling:
    """What a player's words and chips come down to, and the rule."""

    action: Action
    #: the seat's total this round after it (None: fold, check, call and all-in need none)
    amount: int | None
    rule: str
    why: str


def rule_on(
    betting: Betting,
    seat: int,
    *,
    ruleset: Ruleset,
    said: str | None = None,
    amount: int | None = None,
    chips: Sequence[int] = (),
    more: Sequence[int] = (),
) -> FloorRuling:
    """Rule on ``seat``'s words and chips now (it must be its turn; nothing changes)."""
    if seat != betting.to_act:
        raise IllegalAction(f"It is not seat {seat}'s turn to act.", rule="RRoP betting")
    rules = rules_of(ruleset)
    bet = betting.bets[seat]
    total = bet + betting.stacks[seat]
    facing = betting.current_bet > bet
    first, later = sum(chips), sum(more)
    if said is not None:
        return _words(betting, seat, rules, ruleset, said, amount, chips, first, later)
    if not chips:
        raise IllegalAction(
            "An act with neither words nor chips is the action the script names; give "
            "'said' or 'chips'.",
            rule=rules["words_first"],
        )
    put, note = first, ""
    if more:  # a second motion: not a raise, it may only complete a call (TDA 56)
        needed = max(0, betting.current_bet - bet - first)
        put = first + min(later, needed)
        note = "; the second motion is a string bet and does not count"
    if not facing:
        to = min(max(bet + put, _min_to(betting, seat)), total, betting_max(betting, seat))
        kind = "overchip" if len(chips) == 1 else "multichip"
        what = Action.BET if betting.current_bet == 0 else Action.RAISE
        return _made(what, to, total, rules[kind], f"chips with no bet to face are a bet{note}")
    call = betting.current_bet - bet
    if put < call:
        if put >= betting.stacks[seat]:
            return FloorRuling(
                action=Action.ALL_IN, amount=None, rule=rules["last_chips"], why="all-in"
            )
        return FloorRuling(
            action=Action.CALL,
            amount=None,
            rule=rules["undercall" if not more else "string"],
            why=f"chips short of the call: an undercall, ruled a full call{note}",
        )
    if len(chips) == 1 and not more:
        return FloorRuling(
            action=Action.CALL,
            amount=None,
            rule=rules["overchip"],
            why="one oversized chip with no raise declared is a call",
        )
    pieces = [*chips, *more] if more else list(chips)
    if put - min(pieces) < call:
        return FloorRuling(
            action=Action.CALL,
            amount=None,
            rule=rules["multichip" if not more else "string"],
            why=f"every chip is needed for the call, so it is a call{note}",
        )
    if put >= betting.stacks[seat]:
        return FloorRuling(
            action=Action.ALL_IN,
            amount=None,
            rule=rules["last_chips"],
            why="a player's last chips, more than a call: all-in",
        )
    low = _min_to(betting, seat)
    if 2 * (bet + put - betting.current_bet) >= low - betting.current_bet:
        to = min(max(bet + put, low), betting_max(betting, seat))
        return _made(Action.RAISE, to, total, rules["half_raise"], f"half a raise or more{note}")
    return FloorRuling(
        action=Action.CALL,
        amount=None,
        rule=rules["half_raise"],
        why=f"less than half a raise is a call; the extra chips go back{note}",
    )


def _words(
    betting: Betting,
    seat: int,
    rules: dict[str, str],
    ruleset: Ruleset,
    said: str,
    amount: int | None,
    chips: Sequence[int],
    first: int,
    later: int,
) -> FloorRuling:
    bet = betting.bets[seat]
    total = bet + betting.stacks[seat]
    facing = betting.current_bet > bet
    verbal = rules["verbal"]
    if said == "fold":
        return FloorRuling(action=Action.FOLD, amount=None, rule=verbal, why="said fold")
    if said == "all_in":
        return FloorRuling(action=Action.ALL_IN, amount=None, rule=verbal, why="said all-in")
    if said == "check":
        if not facing:
            return FloorRuling(action=Action.CHECK, amount=None, rule=verbal, why="said check")
        if chips:
            return FloorRuling(
                action=Action.CALL,
                amount=None,
                rule=rules["no_bet"],
                why="said check facing a bet: it may call or fold, not raise",
            )
        raise IllegalAction(
            f"Seat {seat} said check facing a bet: it may call or fold, but not raise.",
            rule=rules["no_bet"],
        )
    if said == "call":
        if not facing:
            return FloorRuling(
                action=Action.CHECK,
                amount=None,
                rule=rules["no_bet"],
                why="said call with no bet to face: a check",
            )
        return FloorRuling(
            action=Action.CALL,
            amount=None,
            rule=verbal,
            why="said call: the full call, whatever chips went out",
        )
    # bet or raise
    declared_string = ruleset.raise_takes_second_motion and said == "raise"
    if amount is not None:
        to, rule, why = amount, rules["raise_amount"], f"said {said} with an amount: the total"
    elif chips:
        put = first + (later if declared_string else 0)
        rule = rules["declared_string"] if later else rules["overchip"]
        to = min(bet + put, betting_max(betting, seat))
        why = f"said {said}, then chips: a {said} of those chips"
        if later and not declared_string:
            why += "; the second motion does not count"
    else:  # "raise" and nothing more: the word binds, to the least it can mean
        to, rule = _min_to(betting, seat), verbal
        why = f"said {said} with no amount and no chips: held to the minimum {said}"
    to = max(to, _min_to(betting, seat))
    what = Action.BET if betting.current_bet == 0 else Action.RAISE
    if said == "raise" and not facing and betting.current_bet == 0:
        rule, why = rules["no_bet"], "said raise with no bet to face: at least a minimum bet"
    return _made(what, to, total, rule, why)


def _made(action: Action, to: int, total: int, rule: str, why: str) -> FloorRuling:
    if to >= total:
        return FloorRuling(action=Action.ALL_IN, amount=None, rule=rule, why=f"{why} (all-in)")
    return FloorRuling(action=action, amount=to, rule=rule, why=why)


def _min_to(betting: Betting, seat: int) -> int:
    return betting.min_raise_to() if betting.to_act == seat else betting.current_bet


def betting_max(betting: Betting, seat: int) -> int:
    """The most ``seat`` (to act) may bet or raise to."""
    return betting.max_raise_to()
