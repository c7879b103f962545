"""The vocabulary of betting: structures, actions, streets, the stakes, the rule each refusal
cites (per rulebook), and who posts the blinds. :mod:`dealer_trainer.betting` plays a hand's
betting with them (and re-exports them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "ROBERTS_CITATIONS",
    "RULE_ALL_IN",
    "RULE_ALL_IN_LIMIT",
    "RULE_BETTING",
    "RULE_HEADS_UP",
    "RULE_LIMITS",
    "RULE_MIN_RAISE",
    "RULE_STRADDLE",
    "STRADDLE_PLACES",
    "TDA_CITATIONS",
    "Action",
    "Citations",
    "Ruling",
    "Stakes",
    "Street",
    "Structure",
    "blind_seats",
]

RULE_BETTING = "RRoP betting"
RULE_LIMITS = "RRoP limits"
RULE_MIN_RAISE = "TDA24 43"
RULE_ALL_IN = "TDA24 47-A"
#: no raise cap heads-up in limit, and a cap once reached is not lifted by a fold
RULE_HEADS_UP = "RRoP Betting 4"
#: limit: an all-in (or several) short of half a bet does not reopen the raising for a seat
#: that has already acted (Robert's betting rule 6; TDA 47-B is the same rule)
RULE_ALL_IN_LIMIT = "RRoP Betting 6"
#: the straddle: a voluntary third blind of twice the big blind, the straddler last preflop
RULE_STRADDLE = "RRoP-BLD 4"
#: who may post a live straddle: nobody, under the gun, under the gun or the button
#: (Mississippi), any seat but the blinds
STRADDLE_PLACES: tuple[str, ...] = ("none", "utg", "button", "any")


@dataclass(frozen=True, slots=True, kw_only=True)
class Citations:
    """The rule each refusal of a bet size cites, and the one rule on sizes that differs
    between the rulebooks: TDA 54-B's pot-limit count preflop, as if the full blinds were in.
    """

    #: a limit bet or raise above its one fixed size (and below it, :attr:`limit_low`)
    limits: str = RULE_LIMITS
    limit_low: str = RULE_LIMITS
    #: a bet or raise below the minimum (no-limit, pot-limit)
    min_raise: str = RULE_MIN_RAISE
    #: over the pot-limit maximum, before the flop and after it
    pot_limit_preflop: str = RULE_LIMITS
    pot_limit: str = RULE_LIMITS
    #: a short all-in does not reopen the raising: no-limit and pot-limit, and limit
    all_in: str = RULE_ALL_IN
    all_in_limit: str = RULE_ALL_IN_LIMIT
    #: pot-limit before the flop: a short or dead blind counts as posted in full (TDA 54-B)
    full_blinds_preflop: bool = False


#: Robert's Rules: limits and caps, its no-limit rule 3 (the minimum raise, and a short
#: all-in does not reopen) and betting rule 6 (half a bet in limit)
ROBERTS_CITATIONS = Citations(min_raise="RRoP No-Limit 3", all_in="RRoP No-Limit 3")
#: TDA 2024: 43 (raise amounts), 47-A/B (reopening), 54-B/C (pot-limit, preflop and after)
TDA_CITATIONS = Citations(
    limit_low="TDA24 43",
    pot_limit_preflop="TDA24 54-B",
    pot_limit="TDA24 54-C",
    all_in_limit="TDA24 47-B",
    full_blinds_preflop=True,
)


class Structure(Enum):
    """How much a seat may bet."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"


class Action(Enum):
    """A player's decision."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


class Street(Enum):
    """A betting round."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


@dataclass(frozen=True, slots=True)
class Stakes:
    """Blinds and bet sizes.

    In limit, ``small_bet`` defaults to the big blind and ``big_bet`` to twice the small bet.
    """

    structure: Structure
    small_blind: int
    big_blind: int
    small_bet: int = 0  # limit only: the bet size preflop and on the flop
    big_bet: int = 0  # limit only: the bet size on the turn and river
    max_raises: int = 3  # limit only: one bet and this many raises per round
    #: an ante from every seat, posted before the blinds; dead, not part of any bet
    ante: int = 0
    #: a big blind ante: the big blind posts it for the table after its blind (TDA RP-11)
    big_blind_ante: int = 0

    def __post_init__(self) -> None:
        if self.big_blind <= 0 or self.small_blind < 0:
            raise ValueError("the big blind must be positive and the small blind not negative")
        if self.small_bet < 0 or self.big_bet < 0 or self.max_raises < 0:
            raise ValueError("bet sizes and the raise cap cannot be negative")
        if self.ante < 0 or self.big_blind_ante < 0:
            raise ValueError("an ante cannot be negative")

    def bet_size(self, street: Street) -> int:
        """The limit bet size on ``street`` (the small bet preflop and on the flop)."""
        small = self.small_bet or self.big_blind
        if street is Street.PREFLOP or street is Street.FLOP:
            return small
        return self.big_bet or 2 * small


# What a verified action comes down to.
@dataclass(frozen=True, slots=True)
class Ruling:
    """What a legal action comes down to: fold, check, call or raise, and the seat's new total."""

    seat: int
    kind: int
    to: int


def blind_seats(order: Sequence[int]) -> tuple[int, int]:
    """The small and the big blind's seats, for seats in dealing order (left of the button
    first): heads-up the button posts the small blind (RRoP-HEP 2).
    """
    return (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
