"""The dealer errors the drill makes, from the engine's records.

At each moment of a hand where a dealer error can happen (the deal, the flop, the turn, the
river: :data:`~dealer_trainer.procedure.staging.MOMENTS`), with probability ``rate``, the
drill plans one of the errors whose record names that moment and which can arise under the
ruleset, and makes it when the hand reaches it (the record's staging: where its lead-in ends,
inside its window), with the open choices (how many cards first, which seat) drawn at random.

With ``per_hand`` (the unannounced modes) ``rate`` is the share of hands that hold an error
instead. Each hand is given one at random, at a moment drawn at random, with a chance of
``rate`` nudged by how far the hands so far have strayed from it (:data:`STEADY`: a run of
luck either way is made up for within a few hands, so that the share stays within a point or
so of ``rate`` over a hundred hands, not the five a fair coin would wander); a hand that ends
before its error could be made passes it on to the next.

Each error made is told two ways: in words that name it (the announced modes, and after the
floor is called) and as the table saw it, the moves and the cards only.
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

__all__ = [
    "GROUPS",
    "STEADY",
    "Injector",
    "Made",
    "injectable",
    "make_error",
    "seen_moves",
    "seen_words",
]

#: per hand: how strongly each hand's chance of an error leans against the hands' drift from
#: the rate (the chance is ``rate + STEADY * (rate * hands so far - errors given so far)``)
STEADY = 0.25

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Made:
    """A dealer error the drill made: its situation, the words that name it, and what the table
    saw (the moves and the cards, naming no error)."""

    name: str
    told: str
    seen: str


@dataclass(slots=True)
class _Planned:
    """A dealer error the drill means to make when its moment comes."""

    name: str
    #: player actions to let pass first (a premature card comes part-way through a round)
    wait: int = 0


class Injector:
    """Plans and makes the drill's dealer errors, one hand at a time."""

    def __init__(
        self, rng: random.Random, rate: float, ruleset: Ruleset, *, per_hand: bool = False
    ) -> None:
        self.rng = rng
        self.rate = rate
        self.ruleset = ruleset
        self.per_hand = per_hand
        self._rolled: set[str] = set()
        self._planned: list[_Planned] = []
        #: per hand: errors owed (given to a hand that ended before it could be made)
        self._owed = 0
        #: per hand: the first moment (index in MOMENTS) where this hand's error may come
        self._from = 0
        self._made_this_hand = False
        #: per hand: the hands begun so far, and the errors given to them
        self._hands = 0
        self._given = 0

    def new_hand(self) -> None:
        self._rolled = set()
        self._planned = []
        self._made_this_hand = False
        if self.per_hand:
            drift = self.rate * self._hands - self._given
            chance = min(1.0, max(0.0, self.rate + STEADY * drift))
            self._hands += 1
            if self.rate > 0 and self.rng.random() < chance:
                self._given += 1
                self._owed += 1
            self._from = self.rng.randrange(len(MOMENTS)) if self._owed else 0

    @property
    def quiet(self) -> bool:
        """No error is planned nor owed now (a decoy may come without taking an error's
        moment)."""
        return not self._planned and self._owed == 0

    def hand_over(self) -> None:
        self._planned = []

    def player_acts(self, hand: Hand) -> None:
        """A player is about to act: a planned premature card waits one action less."""
        for planned in self._planned:
            if planned.wait and hand.state in situation(planned.name).window:
                planned.wait -= 1

    def moment(self, hand: Hand, do: Callable[[Event], None]) -> Made | None:
        """Roll for a dealer error at the moments where one can happen; make a planned one when
        its moment has come (None: nothing made now)."""
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
            if self._rolls(group):
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
                made = self._make(hand, planned.name, do)
                if self.per_hand:
                    self._owed -= 1
                    self._made_this_hand = True
                return made
        return None

    def _rolls(self, group: str) -> bool:
        """Does this moment get an error? Per moment: a roll of the dice; per hand: the hand
        owes one, has made none yet and its moment has come (a moment that had no error to
        make passes it on to the next)."""
        if not self.per_hand:
            return self.rate > 0 and self.rng.random() < self.rate
        place = list(MOMENTS).index(group)
        return (
            self._owed > 0
            and not self._made_this_hand
            and not self._planned
            and (place >= self._from)
        )

    def _feasible(self, hand: Hand, name: str) -> bool:
        # injectable() is asked only now: the first points need not wait for it
        found = situation(name)
        return (
            name in injectable(self.ruleset)
            and hand.state in found.window
            and len(hand.order) >= found.staging.players
        )

    def _make(self, hand: Hand, name: str, do: Callable[[Event], None]) -> Made:
        return make_error(hand, name, self.rng, do)


def make_error(hand: Hand, name: str, rng: random.Random, do: Callable[[Event], None]) -> Made:
    """Make the dealer error ``name`` on ``hand`` now (its moment has come: see
    :func:`~dealer_trainer.setups.ready`), the open choices drawn with ``rng``, each move
    played through ``do``; what was made, told both ways."""
    before = len(hand.irregularities)
    staging = situation(name).staging
    seen: list[str] = []

    def watched(event: Event) -> None:
        holes = {seat: len(cards) for seat, cards in hand.table.holes.items()}
        board, burns = len(hand.table.board), len(hand.table.burns)
        do(event)
        seen.extend(seen_moves(hand, holes, board, burns))

    made = stage(hand, staging.make, staging, Choices(rng), watched)
    arisen = {item.situation for item in hand.irregularities[before:]}
    if name not in arisen:
        raise InvariantError(
            f"the drill made {name} but the engine recognised {sorted(arisen) or 'nothing'}"
        )
    return Made(name=name, told=made.words(staging.told), seen=seen_words(seen))


def seen_moves(hand: Hand, holes: dict[int, int], board: int, burns: int) -> list[str]:
    """What one move did, as the table saw it: a card to a seat (face up when it shows), a
    burn, board cards."""
    found: list[str] = []
    face_up = {card.text for card in hand.face_up}
    for seat, cards in hand.table.holes.items():
        for card in cards[holes.get(seat, 0) :]:
            shown = f" face up ({card.text})" if card.text in face_up else ""
            found.append(f"a card to seat {seat}{shown}")
    if len(hand.table.burns) > burns:
        found.append("a burn")
    if len(hand.table.board) > board:
        found.append("on the board " + " ".join(c.text for c in hand.table.board[board:]))
    return found


def seen_words(seen: list[str]) -> str:
    """The moves seen, as one sentence: ``The dealer went on: a card to seat 4, ...``."""
    return "The dealer went on: " + (", ".join(seen) or "no card moved") + "."
