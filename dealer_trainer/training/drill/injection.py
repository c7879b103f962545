"""The dealer errors the drill makes, from the engine's records.

At each moment of a hand where a dealer error can happen (the deal, the flop, the turn, the
river: :data:`~dealer_trainer.procedure.staging.MOMENTS`), with probability ``rate``, the
drill plans one of the errors whose record names that moment and which can arise under the
ruleset, and makes it when the hand reaches it (the record's staging: where its lead-in ends,
inside its window), with the open choices (how many cards first, which seat) drawn at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from dealer_trainer.errors import InvariantError, ScriptError
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.machine import BETTING_STATES
from dealer_trainer.procedure.rulings import drilled, situation
from dealer_trainer.procedure.staging import MOMENTS, Macro
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.setups import Choices, ready, stage
from dealer_trainer.training.drill.players import BLINDS, STACK

__all__ = ["GROUPS", "Injector", "injectable"]

#: the moments of a hand where the drill may make a dealer error, and the errors of each
GROUPS: dict[str, tuple[str, ...]] = {
    moment: tuple(item.name for item in drilled() if item.staging.moment == moment)
    for moment in MOMENTS
}
#: the state where each group's dice are rolled (the first of these the hand reaches)
_ROLL_AT: dict[str, str] = {state: moment for moment, states in MOMENTS.items() for state in states}


@cache
def injectable(ruleset: Ruleset) -> frozenset[str]:
    """The dealer errors the drill can make under ``ruleset``: those of :data:`GROUPS` that
    the engine can bring about (:func:`dealer_trainer.authoring.setup_for` proves each on a
    six-seat table; under tda-2024 one extra card is already a misdeal, so there is no second).
    """
    # start-up: imported on first use, so the drill's first points need not load the
    # scenario reader that authoring brings
    from dealer_trainer.authoring import setup_for

    table = {"seats": 6, "button": 1, "blinds": list(BLINDS), "stacks": STACK}
    found: set[str] = set()
    for names in GROUPS.values():
        for name in names:
            try:
                setup_for(table, name, ruleset)
            except ScriptError:
                continue
            found.add(name)
    return frozenset(found)


@dataclass(slots=True)
class _Planned:
    """A dealer error the drill means to make when its moment comes."""

    name: str
    #: player actions to let pass first (a premature card comes part-way through a round)
    wait: int = 0


class Injector:
    """Plans and makes the drill's dealer errors, one hand at a time."""

    def __init__(self, rng: random.Random, rate: float, ruleset: Ruleset) -> None:
        self.rng = rng
        self.rate = rate
        self.ruleset = ruleset
        self._rolled: set[str] = set()
        self._planned: list[_Planned] = []

    def new_hand(self) -> None:
        self._rolled = set()
        self._planned = []

    def hand_over(self) -> None:
        self._planned = []

    def player_acts(self, hand: Hand) -> None:
        """A player is about to act: a planned premature card waits one action less."""
        for planned in self._planned:
            if planned.wait and hand.state in situation(planned.name).window:
                planned.wait -= 1

    def moment(self, hand: Hand, do: Callable[[Event], None]) -> tuple[str, str] | None:
        """Roll for a dealer error at the moments where one can happen; make a planned one when
        its moment has come: return its name and how it is told (None: nothing made now)."""
        if hand.recoveries or hand.hand_over:
            return None
        state = hand.state
        group = _ROLL_AT.get(state)
        if group == "deal" and hand.dealt:
            group = None
        if state in BETTING_STATES and hand.to_act is None:
            group = None
        if group is not None and group not in self._rolled:
            self._rolled.add(group)
            if self.rate > 0 and self.rng.random() < self.rate:
                names = [name for name in GROUPS[group] if self._feasible(hand, name)]
                if names:
                    name = self.rng.choice(names)
                    lead_in = situation(name).staging.lead_in
                    waits = bool(lead_in) and lead_in[-1] is Macro.ALL_BUT_ONE
                    self._planned.append(_Planned(name, self.rng.randrange(3) if waits else 0))
        self._planned = [p for p in self._planned if state in situation(p.name).window]
        for planned in self._planned:
            if planned.wait == 0 and ready(hand, situation(planned.name).staging):
                self._planned.remove(planned)
                return planned.name, self._make(hand, planned.name, do)
        return None

    def _feasible(self, hand: Hand, name: str) -> bool:
        # injectable() is asked only now: the first points need not wait for it
        found = situation(name)
        return (
            name in injectable(self.ruleset)
            and hand.state in found.window
            and len(hand.order) >= found.staging.players
        )

    def _make(self, hand: Hand, name: str, do: Callable[[Event], None]) -> str:
        before = len(hand.irregularities)
        staging = situation(name).staging
        made = stage(hand, staging.make, staging, Choices(self.rng), do)
        arisen = {item.situation for item in hand.irregularities[before:]}
        if name not in arisen:
            raise InvariantError(
                f"the drill made {name} but the engine recognised {sorted(arisen) or 'nothing'}"
            )
        return made.words(staging.told)
