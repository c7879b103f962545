"""The records of the rulings: :class:`Outcome` (one rulebook's recovery) and :class:`Situation`
(one dealer error), and the waits a recovery's steps may hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dealer_trainer.procedure.staging import Staging
from dealer_trainer.rules.rulesets import Ruleset

WAIT_DEAL = "(the deal goes on)"
WAIT_PITCHES = "(the next event that is not a pitch)"
WAIT_BETTING = "(the betting round completes)"
WAITS = frozenset({WAIT_DEAL, WAIT_PITCHES, WAIT_BETTING})
#: the events each wait lets through (any other event is refused while the recovery waits)
LETS_THROUGH: dict[str, tuple[str, ...]] = {
    WAIT_DEAL: ("pitch", "deal"),
    WAIT_PITCHES: ("pitch",),  # another one is more of the same error
    WAIT_BETTING: ("act", "splash"),  # a splash is the action, ruled on its chips
}

#: the steps of every misdeal: all dealt cards back, shuffle, cut; then the script redeals
MISDEAL_STEPS = ("retrieve", "reshuffle", "cut")
MISDEAL_WORDS = (
    "Call a misdeal: the button stays where it is and the blinds stay posted.",
    "Bring every card dealt back to the deck.",
    "Shuffle the whole deck.",
    "Cut it.",
    "Deal the hand again from the first seat left of the button.",
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rulebook's recovery from one dealer error."""

    rule: str
    steps: tuple[str, ...]
    words: tuple[str, ...]
    misdeal: bool = False
    #: streets whose burn card is already on the table once this recovery is done
    burned: tuple[str, ...] = ()
    #: streets that get a fresh burn although a burn was taken early
    reburn: tuple[str, ...] = ()
    #: steps the dealer may take once ``steps`` are done, or leave out: allowed, not required
    #: (TDA 2024 reshuffles the stub and is silent on a cut: a cut is allowed, not required)
    optional: tuple[str, ...] = ()
    #: events the dealer may bring in while a step is due, without taking it: (event, step)
    #: (a foul deck is replaced as soon as it is found: a new deck before the reshuffle)
    lets_in: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """One dealer error: how the engine recognises it, its recovery under each rulebook, where
    and how it happens, and its topic.

    The rows of the procedure table that recognise it name it (``error=`` or ``records=``);
    :attr:`rows` reads them back.
    """

    name: str
    #: the irregularity kind the engine records
    kind: str
    title: str
    #: the topic slug (:mod:`dealer_trainer.rules.topics`) it is trained and looked up under
    topic: str
    #: what decides the variant: ``family`` (the variants are keyed by the families with
    #: recoveries of their own, ``roberts`` and ``tda-2024``, and a ruleset takes the one
    #: :meth:`Ruleset.variant` names) or a ruleset option's name (keyed by its values)
    decided_by: str
    variants: Mapping[Any, Outcome]
    #: the procedure states in which the error can be made
    window: frozenset[str]
    #: how to bring it about on a table (the wizard, the drill, the docs' example)
    staging: Staging
    #: a recovery step as a trainee is offered it for this error, where the step's general
    #: words (:func:`dealer_trainer.training.labels.label`) do not fit: step name -> words
    labels: Mapping[str, str] = field(default_factory=dict)

    def outcome(self, ruleset: Ruleset) -> Outcome:
        """The outcome a ruleset calls for, citing the ruleset's own rule for it."""
        key = self.variant_of(ruleset)
        outcome = self.variants[key]
        rule = ruleset.cite(outcome.rule)
        return outcome if rule == outcome.rule else replace(outcome, rule=rule)

    def variant_of(self, ruleset: Ruleset) -> Any:
        """The key of the variant a ruleset takes: what :meth:`Ruleset.variant` names for a
        record decided by the family, the option's value otherwise."""
        if self.decided_by == "family":
            return ruleset.variant(self.name)
        return getattr(ruleset, self.decided_by)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules its variants cite."""
        return tuple(dict.fromkeys(outcome.rule for outcome in self.variants.values()))

    @property
    def rows(self) -> tuple[tuple[str, str], ...]:
        """The (event, state) rows of the procedure table that recognise it."""
        # start-up: the rules lookup needs no machine (transitions): loaded on use
        from dealer_trainer.procedure.machine import RECOGNISING_ROWS

        return tuple(
            (trigger, state) for trigger, state, names in RECOGNISING_ROWS if self.name in names
        )


#: the examples' table: three seats, button on 1, blinds 1-2, the deck in standard order
EXAMPLE_TABLE: dict[str, Any] = {"seats": 3, "button": 1, "blinds": [1, 2]}
