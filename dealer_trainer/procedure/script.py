"""What a hand is dealt from: the table and the typed events (the engine's own input).

:class:`HandScript` is a whole hand as the engine plays it; the YAML reader
(:mod:`dealer_trainer.handscript`) builds one from a script, and the drill, the wizard and the
benchmarks build one directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_trainer.betting import Stakes
from dealer_trainer.cards import Card
from dealer_trainer.procedure.events import Event
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset

__all__ = ["HandScript", "TableSpec"]


@dataclass(frozen=True, slots=True)
class TableSpec:
    """The table a hand is played at."""

    stacks: tuple[tuple[int, int], ...]  # (seat, chips), seat order
    button: int
    stakes: Stakes
    ruleset: Ruleset = BUILTIN["roberts"]

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.stacks)


@dataclass(frozen=True, slots=True)
class HandScript:
    """A whole hand: the table, the deck (None: the script shuffles), the seed, the events."""

    table: TableSpec
    deck: tuple[Card, ...] | None
    seed: int | None
    events: tuple[Event, ...]
