"""The drill's graduated modes: how often it makes dealer errors, and whether it says so.

=============  ==========  =====================  ======  =====================================
mode           announced   hints (rule to read)   rate    the rate counts
=============  ==========  =====================  ======  =====================================
learn          yes         no                     0.25    per moment (deal, flop, turn, river)
guided         yes         yes                    0.25    per moment
practice       no          no                     0.12    per hand
table-ready    no          no                     0.25    per hand; every decision's time shown
=============  ==========  =====================  ======  =====================================

``learn`` is plain ``drill`` as it always was. In ``practice`` and ``table-ready`` the drill
makes its errors without a word: the trainee calls the floor at the first wrong moment
(:data:`FLOOR`) and then gives the recovery; going on past it is a missed error, calling the
floor when nothing is wrong a false alarm. A rate given by the trainee (``--rate``) overrides
the mode's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dealer_trainer.errors import UsageError

__all__ = ["FLOOR", "FLOOR_WORDS", "MODES", "Mode", "ModeSpec", "mode_named"]

#: the option that stops the hand: "Floor! Something is wrong" (never a dealer event)
FLOOR = "floor"
FLOOR_WORDS = "Floor! Something is wrong"


class Mode(StrEnum):
    """A drill mode, from the gentlest to the table test."""

    LEARN = "learn"
    GUIDED = "guided"
    PRACTICE = "practice"
    TABLE_READY = "table-ready"


@dataclass(frozen=True, slots=True, kw_only=True)
class ModeSpec:
    """What a mode does."""

    mode: Mode
    #: the drill tells each error it makes (else the trainee must spot it)
    announced: bool
    #: during a recovery, the rule to look at is named
    hints: bool
    #: the mode's error rate (``per_hand``: the share of hands with an error; else the chance
    #: at each moment where one can happen)
    rate: float
    per_hand: bool
    #: every decision's time is shown against its target as it is judged
    timed: bool
    #: one line for the trainee
    says: str


#: the modes, in order: the one data table
MODES: dict[Mode, ModeSpec] = {
    Mode.LEARN: ModeSpec(
        mode=Mode.LEARN,
        announced=True,
        hints=False,
        rate=0.25,
        per_hand=False,
        timed=False,
        says="every dealer error the drill makes is told",
    ),
    Mode.GUIDED: ModeSpec(
        mode=Mode.GUIDED,
        announced=True,
        hints=True,
        rate=0.25,
        per_hand=False,
        timed=False,
        says="every dealer error is told, and each recovery step names the rule to look at",
    ),
    Mode.PRACTICE: ModeSpec(
        mode=Mode.PRACTICE,
        announced=False,
        hints=False,
        rate=0.12,
        per_hand=True,
        timed=False,
        says="about 12% of hands hold a dealer error nobody tells: call the floor when you see it",
    ),
    Mode.TABLE_READY: ModeSpec(
        mode=Mode.TABLE_READY,
        announced=False,
        hints=False,
        rate=0.25,
        per_hand=True,
        timed=True,
        says="about 25% of hands hold an untold dealer error, and every decision is timed",
    ),
}


def mode_named(name: str | Mode) -> ModeSpec:
    """The mode called ``name``; an unknown name is a :class:`UsageError` listing the modes."""
    try:
        return MODES[Mode(name)]
    except ValueError:
        known = ", ".join(mode.value for mode in Mode)
        raise UsageError(f"unknown drill mode {name!r}; the modes: {known}") from None
