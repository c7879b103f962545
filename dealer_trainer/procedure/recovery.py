"""The recovery under way: one object a hand is built from.

A dealer error (:meth:`~dealer_trainer.procedure.hand_state.HandState.irregular`) starts a
:class:`Recovery` from the ruleset's outcome (:mod:`dealer_trainer.procedure.rulings`). The
hand's :class:`Recoveries` keeps those under way and answers every question about them: which
step is due, what the recovery lets through meanwhile, how many of its steps an event takes,
when a wait is over and when the whole recovery is settled.
:meth:`Hand.handle <dealer_trainer.procedure.hand.Hand.handle>`, ``Hand.refuses`` and
``Hand.expected_next`` all ask it. It moves no card: the step rows of the procedure table do,
through the hand's callbacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from dealer_trainer.cards import Card
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.rulings import (
    AUTO_STEPS,
    LETS_THROUGH,
    STEP_ALIASES,
    WAIT_BETTING,
    WAIT_DEAL,
    WAIT_PITCHES,
    WAITS,
    Outcome,
    Situation,
)

__all__ = ["Irregularity", "Recoveries", "Recovery", "is_step", "say"]

#: the procedure's betting states (a betting wait is over outside them)
_BETTING_STATES = frozenset({"preflop", "flop", "turn", "river"})


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A dealer error the engine recognised, with the rule that governs its recovery."""

    kind: str
    rule: str
    event: int
    #: the situation of :mod:`~dealer_trainer.procedure.rulings` the engine ruled on
    situation: str = ""


@dataclass(slots=True)
class Recovery:
    """A recovery under way: the steps still to come, and the cards and seat it concerns."""

    situation: Situation
    outcome: Outcome
    event: int
    steps: list[str]
    cards: list[Card] = field(default_factory=list)
    seat: int | None = None

    def due(self) -> str:
        """The step that falls due next (a wait, or a dealer event)."""
        steps = self.steps
        return steps[1] if steps[0] is WAIT_PITCHES and len(steps) > 1 else steps[0]


#: a wait as a rejection names it
_WAIT_WORDS = {
    WAIT_DEAL: "the deal to go on",
    WAIT_PITCHES: "the next event that is not a pitch",
    WAIT_BETTING: "the players to finish the betting round",
}


def say(step: str) -> str:
    """A step as a rejection names it: ``retrieve``, or a wait in words and its events."""
    if step in WAITS:
        return f"{_WAIT_WORDS[step]} ({', '.join(LETS_THROUGH[step])})"
    return step


def is_step(name: str, due: str) -> bool:
    """Does an event of this name perform the step ``due`` (itself or an alias of it)?"""
    return name == due or STEP_ALIASES.get(name) == due


class Recoveries:
    """The recoveries under way in a hand, the first one the one being followed.

    A recovery may end with optional steps (:attr:`Outcome.optional`): once its last step is
    done, the dealer may take them or go on with the procedure. They are :attr:`optional`
    until the next event the hand accepts, which spends them (:meth:`spend`).
    """

    __slots__ = ("optional", "pending")

    def __init__(self) -> None:
        self.pending: list[Recovery] = []
        #: the optional steps the dealer may take now (a recovery just completed offers them)
        self.optional: list[str] = []

    # --- what the recovery says (pure) ---------------------------------------------------------

    def taken(self, name: str) -> int | None:
        """How many steps an event of this name takes (0: one the recovery lets through), or
        None when the recovery refuses it."""
        steps = self.pending[0].steps
        opens = 0
        if steps[0] is WAIT_PITCHES:
            if name in LETS_THROUGH[WAIT_PITCHES]:
                return 0  # more of the same error: the pitch callbacks escalate
            opens = 1
        if opens >= len(steps):
            return 0
        due = steps[opens]
        if due in WAITS and name in LETS_THROUGH[due]:
            return 0
        if (name, due) in self.pending[0].outcome.lets_in:
            return 0  # brought in before the step, which is still due
        return opens + 1 if is_step(name, due) else None

    def lets_in(self, name: str) -> bool:
        """Does the recovery under way let an event of this name in before its due step
        (:attr:`Outcome.lets_in`: a new deck before a foul deck's reshuffle)?"""
        return (
            bool(self.pending) and (name, self.pending[0].due()) in self.pending[0].outcome.lets_in
        )

    def performs(self, name: str) -> str | None:
        """The name an event of this name goes by in the procedure now: itself, or the step it
        performs (``shuffle`` for a due ``reshuffle``); None when the recovery refuses it."""
        taken = self.taken(name)
        if taken is None:
            return None
        return self.pending[0].steps[taken - 1] if taken else name

    def step_due(self) -> bool:
        """Is a dealer step due now (not a wait)? Then the procedure does not advance."""
        return bool(self.pending) and self.pending[0].steps[0] not in WAITS

    def expected(self, players_to_act: bool) -> list[str] | None:
        """The events the recovery expects now (None: it waits for the procedure to go on)."""
        due = self.pending[0].due()
        if due not in WAITS:
            return [due]
        if due is WAIT_BETTING:  # the players act; the procedure says who may
            return ["act"] if players_to_act else []
        return None

    def auto_step(self, before: Event | None) -> str | None:
        """The step ``--auto-recover`` performs now, before the scripted event ``before``: a
        due step the engine takes (not a player's nor normal dealing), unless ``before`` is
        that very step or more of the same error."""
        if not self.pending:
            return None
        recovery = self.pending[0]
        if (
            recovery.steps[0] is WAIT_PITCHES
            and before is not None
            and before.name in LETS_THROUGH[WAIT_PITCHES]
        ):
            return None
        due = recovery.due()
        if due not in AUTO_STEPS or (before is not None and is_step(before.name, due)):
            return None
        return due

    def may(self, name: str) -> str | None:
        """The optional step an event of this name takes now (itself, or the step an alias
        performs), or None: no recovery is under way and the one just completed allows it."""
        if self.pending or not self.optional:
            return None
        return next((step for step in self.optional if is_step(name, step)), None)

    def misdeal_pending(self) -> bool:
        return any(recovery.outcome.misdeal for recovery in self.pending)

    def misdeal_called(self) -> bool:
        return bool(self.pending) and self.pending[0].outcome.misdeal

    # --- following it ----------------------------------------------------------------------

    def judge(self, event: Event) -> tuple[Event, int]:
        """Judge an event while a recovery is under way; return it (renamed for an alias) and
        how many steps it takes. Raise :class:`Rejected` with the situation's rule otherwise."""
        recovery = self.pending[0]
        taken = self.taken(event.name)
        if taken is None:
            raise Rejected(
                f"{event.name} is not the recovery step due: {recovery.situation.title}"
                f" ({recovery.outcome.rule}); expected: {say(recovery.due())}",
                rule=recovery.outcome.rule,
            )
        if taken:
            due = recovery.steps[taken - 1]
            if event.name != due:
                event = replace(event, name=EventName(due))
        return event, taken

    def spend(self) -> None:
        """An event was accepted: the optional steps offered before it are gone."""
        if self.optional:
            self.optional.clear()

    def take(self, count: int, recovery: Recovery | None = None) -> None:
        """The first ``count`` steps of ``recovery`` (by default the first under way) are done.
        The event that took them may have started another recovery in front of it (a boxed
        card dealt as a recovery's step): the steps are still the judged recovery's."""
        if recovery is None:
            recovery = self.pending[0] if self.pending else None
        if recovery is not None and any(item is recovery for item in self.pending):
            del recovery.steps[:count]

    def settle(self, state: str, dealt_all: bool) -> None:
        """Drop the waits that are over and the recoveries that are complete (all of them once
        the hand is over)."""
        pending = self.pending
        while pending:
            if state == "hand_over" and "hand_over" not in pending[0].situation.window:
                del pending[0]  # the hand is over: a recovery of its play is moot
                self.optional.clear()
                continue
            steps = pending[0].steps
            while steps and _wait_over(steps[0], state, dealt_all):
                del steps[0]
            if steps:
                return
            self.optional = list(pending[0].outcome.optional)  # done: what it allows after
            del pending[0]

    def start(self, recovery: Recovery) -> None:
        """Follow a new recovery: a misdeal takes the place of every other one; a recovery due
        at once comes first; one that waits comes after those under way."""
        if recovery.outcome.misdeal:
            self.pending[:] = [recovery]
        elif recovery.steps and recovery.steps[0] not in WAITS:
            self.pending.insert(0, recovery)
        else:
            self.pending.append(recovery)


def _wait_over(step: str, state: str, dealt_all: bool) -> bool:
    if step is WAIT_DEAL:
        return dealt_all
    if step is WAIT_BETTING:
        return state not in _BETTING_STATES
    return False
