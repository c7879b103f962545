"""Money math items: the chips a dealer counts, generated on hands the engine deals.

Each item is asked at one moment of a hand the engine has dealt (:class:`.ScriptedHand`), and
its answer is the engine's own figure at that moment, never a second computation:

* ``call``: the chips the seat to act puts in to call (``Betting.verify`` of a call);
* ``min_raise``: the smallest total the seat to act may bet or raise to (``min_raise_to``);
* ``complete_raise``: the same after a short all-in, which reopens nothing (``min_raise_to``);
* ``pot_limit_max``: the largest pot-limit raise after an earlier bet (``max_raise_to``);
* ``side_pots``: the main pot and each side pot with its eligible seats (``build_pots``);
* ``uncalled``: the chips of a bet nobody matched, back to the bettor (``build_pots``);
* ``odd_chip``: the seat that gets the odd chip of a split pot (the engine's award);
* ``rake``: the chips the house takes, by the room's rake (``Rake.take``).

Every item carries the hand script (contract 1) that reaches its moment. The same seed gives
the same items.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dealer_trainer.errors import InvariantError
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset
from dealer_trainer.training.drill import money_bets, money_pots
from dealer_trainer.training.drill.money_deal import RAKES, MoneyItem

__all__ = ["KINDS", "RAKES", "MoneyItem", "money_item", "money_items"]

#: every kind of money item, in the order they come round
KINDS = (
    "call",
    "min_raise",
    "complete_raise",
    "pot_limit_max",
    "side_pots",
    "uncalled",
    "odd_chip",
    "rake",
)
#: how many times a kind may deal a hand that never reached its moment before giving up
_TRIES = 200


def money_items(
    count: int, seed: int, ruleset: Ruleset | None = None, kinds: tuple[str, ...] = KINDS
) -> list[MoneyItem]:
    """``count`` items, the kinds taken in turn from a random start; the same seed, the same
    items. The room's rake (``ruleset.rake``) is used for rake items when it names one."""
    rng = random.Random(seed)
    start = rng.randrange(len(kinds))
    return [money_item(kinds[(start + i) % len(kinds)], rng, ruleset) for i in range(count)]


def money_item(kind: str, rng: random.Random, ruleset: Ruleset | None = None) -> MoneyItem:
    """One item of ``kind``, dealt with ``rng``."""
    make = _MAKERS[kind]
    rules = ruleset or BUILTIN["roberts"]
    for _ in range(_TRIES):
        item = make(rng, rules)
        if item is not None:
            return item
    raise InvariantError(f"no {kind} item came out of {_TRIES} hands")  # pragma: no cover


_MAKERS: dict[str, Callable[[random.Random, Ruleset], MoneyItem | None]] = {
    "call": money_bets.call_item,
    "min_raise": money_bets.min_raise_item,
    "complete_raise": money_bets.complete_raise_item,
    "pot_limit_max": money_bets.pot_limit_max_item,
    "side_pots": money_pots.side_pots_item,
    "uncalled": money_pots.uncalled_item,
    "odd_chip": money_pots.odd_chip_item,
    "rake": money_pots.rake_item,
}
