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

__all__ = ["GAMES", "OWED", "HandScript", "TableSpec"]

#: the games a table plays: the rulings that differ between them follow the game
GAMES: tuple[str, ...] = ("cash", "tournament")
#: what a seat of a cash game owes before it is dealt in (``table: {owes: {seat: what}}``):
#: ``big`` a big blind, live (a new player, a seat change, a missed big blind alone); ``both``
#: the big blind live and the small blind dead (missed both); ``small`` the small blind, dead
OWED: tuple[str, ...] = ("big", "both", "small")


@dataclass(frozen=True, slots=True)
class TableSpec:
    """The table a hand is played at."""

    stacks: tuple[tuple[int, int], ...]  # (seat, chips), seat order
    button: int
    stakes: Stakes
    ruleset: Ruleset = BUILTIN["roberts"]
    #: ``cash`` or ``tournament``; empty: the ruleset's own game (its option ``game``)
    game: str = ""
    #: a cash game's seats that owe blinds to come in, with what (:data:`OWED`), seat order
    owes: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.game:
            object.__setattr__(self, "game", self.ruleset.game)
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}: {' or '.join(GAMES)}")

    @property
    def straddle(self) -> str:
        """Who may straddle at this table: the ruleset's option for its game."""
        if self.game == "cash":
            return self.ruleset.straddle
        return self.ruleset.tournament_straddle

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
