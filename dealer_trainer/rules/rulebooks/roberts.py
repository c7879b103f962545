"""Robert's Rules of Poker: the built-in ruleset ``roberts``, the default.

Its options and rulebook fields are :class:`~dealer_trainer.rules.options.Ruleset`'s defaults;
the records' ``roberts`` variants are its recoveries.
"""

from __future__ import annotations

from dealer_trainer.rules.options import Ruleset

ORDER = 1

RULESET = Ruleset(
    name="roberts",
    base="roberts",
    description="Robert's Rules of Poker: its hold'em irregularity rules and misdeal list",
    family="roberts",
)
