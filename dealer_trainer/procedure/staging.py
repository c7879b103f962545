"""How to bring a dealer error about on a table, as data: part of each error's record.

A :class:`Staging` is the lead-in that reaches the moment (the blinds, the deal, the round
played out ...), the events that make the error, then what must follow for its recovery to
fall due. Steps are typed events or :class:`Macro` steps that depend on the table.
:mod:`dealer_trainer.setups` plays a staging on a hand for the wizard, the drill and the docs'
examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dealer_trainer.procedure.events import Event

__all__ = ["MISDEAL_CARDS", "MOMENTS", "Macro", "Staging", "Step"]


class Macro(StrEnum):
    """A step of a staging that depends on the table."""

    BETTING = "betting"  # the players play the round out, each checking or calling
    ALL_BUT_ONE = "all_but_one"  # every live player but one checks or calls
    PITCHES = "pitches"  # some cards of the deal go out correctly first (Staging.pitches)
    GAP = "gap"  # 0 to 2 more go out correctly between two errors of a deal
    WRONG_FIRST = "wrong_first"  # the deal's first card to a wrong seat (first: the button)
    SKIP_SEAT = "skip_seat"  # the card due goes to the seat after the one due
    BURN = "burn_if_due"  # a burn, unless this street's burn is on the table already


Step = Event | Macro

#: the moments where the drill rolls for a dealer error, and the states it rolls in (the
#: first of them the hand reaches)
MOMENTS: dict[str, tuple[str, ...]] = {
    "deal": ("dealing",),
    "flop": ("preflop", "flop_burn", "flop_deal"),
    "turn": ("flop",),
    "river": ("turn",),
}
#: a bound of ``Staging.pitches`` that is the ruleset's ``exposed_misdeal_cards``
MISDEAL_CARDS = "misdeal_cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class Staging:
    """How to bring one dealer error about."""

    #: from a fresh table (``post_blinds`` on) to the moment; the drill's players play it
    lead_in: tuple[Step, ...]
    #: the events that make the error
    make: tuple[Step, ...]
    #: what the wizard and the docs play next, for the recovery to fall due
    follow: tuple[Step, ...] = ()
    #: the drill's moment (a key of :data:`MOMENTS`); None: the docs' example only
    moment: str | None = None
    #: the correct pitches first: from ``pitches[0]`` to below ``pitches[1]`` cards (zero or
    #: less counts back from the deal's last card)
    pitches: tuple[int | str, int | str] = (0, 0)
    #: the wizard's gap between two errors of a deal; the fewest players it needs
    gap: int = 0
    players: int = 2
    #: the docs example's stacked deck, top first, as text (the standard order when empty)
    deck: str = ""
    #: how the drill tells it, filled from :class:`dealer_trainer.setups.Made`
    told: str = ""
    #: the docs example's seats owing blinds (a cash game's ``owes``), for an error about them
    owes: tuple[tuple[int, str], ...] = ()
