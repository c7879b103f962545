"""The room's rake: what the house takes from a pot, as its ruleset file says.

A house ruleset file may name the room's rake (the rulebooks leave it to the house: Robert's
Rules and the TDA rules set no rake, so a rake is always the room's own posted rule)::

    rake:
      percent: 10          # of the pot, taken before it is pushed
      cap: 5               # at most this many chips a hand
      no_flop_no_drop: true  # no rake from a hand that ends before the flop
      chip: 1              # the smallest chip the rake is taken in

The rake is rounded down to the smallest chip: the house never takes a part of a chip, and a
pot too small for one chip pays none. :meth:`Rake.take` is the one computation of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["RAKE_FIELDS", "Rake"]

#: the fields of a ruleset file's ``rake``, in the order the docs list them
RAKE_FIELDS = ("percent", "cap", "no_flop_no_drop", "chip")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rake:
    """A room's rake: ``percent`` of the pot up to ``cap`` chips, in chips of ``chip``."""

    percent: Fraction
    cap: int
    no_flop_no_drop: bool = True
    chip: int = 1

    def __post_init__(self) -> None:
        if not 0 < self.percent <= 100:
            raise ValueError(f"a rake is more than 0 and at most 100 percent, not {self.percent}")
        if self.chip < 1 or self.cap < self.chip:
            raise ValueError(
                "the rake's smallest chip is at least 1, and its cap at least one chip"
            )

    def take(self, pot: int, *, flop_dealt: bool) -> int:
        """The chips the house takes from a pot of ``pot`` chips (none before a flop when there
        is no flop, no drop): the percent of the pot, rounded down to the smallest chip, at most
        the cap (itself rounded down to the chip)."""
        if pot < 0:
            raise ValueError(f"a pot cannot hold {pot} chips")
        if self.no_flop_no_drop and not flop_dealt:
            return 0
        chips = int(pot * self.percent / 100 // self.chip) * self.chip
        return min(chips, self.cap // self.chip * self.chip)

    def describe(self) -> str:
        """The rake in words: ``10% up to 5, in chips of 1, no flop no drop``."""
        percent = f"{float(self.percent):g}"
        drop = ", no flop no drop" if self.no_flop_no_drop else ", taken with or without a flop"
        return f"{percent}% of the pot up to {self.cap}, in chips of {self.chip}{drop}"

    def to_dict(self) -> dict[str, object]:
        """The rake as a ruleset file writes it (``percent`` a number)."""
        percent = self.percent
        return {
            "percent": int(percent) if percent.denominator == 1 else float(percent),
            "cap": self.cap,
            "no_flop_no_drop": self.no_flop_no_drop,
            "chip": self.chip,
        }
