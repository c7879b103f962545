"""The rulings: for each dealer error, the recovery each rulebook requires, as data.

A :class:`Situation` is one dealer error as the engine recognises it (a flashed first card, a
four-card flop, a turn card before the flop betting is over, ...). It names the irregularity
kind the engine records and, per variant, an :class:`Outcome`: the rule cited, the recovery as
dealer events (``steps``) and the same recovery in words. Which variant a table follows is a
ruleset choice (:mod:`dealer_trainer.rules.rulesets`): either the family whose recoveries the
ruleset follows (``roberts`` or ``tda-2024``: :meth:`~dealer_trainer.rules.options.Ruleset.variant`)
or one of its options.

Steps are script event names, and three waits: :data:`WAIT_DEAL` (the deal goes on until every
seat has its starting cards), :data:`WAIT_PITCHES` (more of the same error may follow; the
recovery falls due at the first event that is not a ``pitch``) and :data:`WAIT_BETTING` (the
players finish the betting round). The engine (:mod:`dealer_trainer.procedure.hand`) performs
each step; the docs, the rules lookup and the scenario checks read the same table.
"""

from __future__ import annotations

from dealer_trainer.procedure.events import AUTO_STEPS, SCRIPT_STEPS, STEP_ALIASES
from dealer_trainer.procedure.rulings import (
    board,
    burns,
    chips,
    deal,
    floor,
    players,
    showing,
    table,
)
from dealer_trainer.procedure.rulings.parts import TDA_CUT_WORDS
from dealer_trainer.procedure.rulings.records import (
    EXAMPLE_TABLE,
    LETS_THROUGH,
    MISDEAL_STEPS,
    MISDEAL_WORDS,
    WAIT_BETTING,
    WAIT_DEAL,
    WAIT_PITCHES,
    WAITS,
    Outcome,
    Situation,
)

__all__ = [
    "AUTO_STEPS",
    "EXAMPLE_TABLE",
    "LETS_THROUGH",
    "MISDEAL_STEPS",
    "MISDEAL_WORDS",
    "SCRIPT_STEPS",
    "SITUATIONS",
    "STEP_ALIASES",
    "TDA_CUT_WORDS",
    "WAITS",
    "WAIT_BETTING",
    "WAIT_DEAL",
    "WAIT_PITCHES",
    "Outcome",
    "Situation",
    "drilled",
    "situation",
    "situations_of",
]

#: every dealer error, in the catalogue's order: one module per group of situations
SITUATIONS: tuple[Situation, ...] = (
    *deal.SITUATIONS,
    *board.SITUATIONS,
    *floor.SITUATIONS,
    *burns.SITUATIONS,
    *players.SITUATIONS,
    *table.SITUATIONS,
    *chips.SITUATIONS,
    *showing.SITUATIONS,
)

_BY_NAME = {item.name: item for item in SITUATIONS}


def situation(name: str) -> Situation:
    """A situation by name."""
    return _BY_NAME[name]


def situations_of(topic: str) -> tuple[str, ...]:
    """The situations of a topic slug, in the catalogue's order."""
    return tuple(item.name for item in SITUATIONS if item.topic == topic)


def drilled() -> tuple[Situation, ...]:
    """The dealer errors the drill and the wizard bring about (those with a moment)."""
    return tuple(item for item in SITUATIONS if item.staging.moment is not None)
