"""Decoys: correct moves the drill makes itself, told as an untold error is, so that spotting
an error is reading the table, not noticing that the drill spoke.

In the unannounced modes an error the drill makes is shown as the table saw it (``The dealer
went on: ...``, :func:`.injection.seen_words`). Were that line seen only when something was
wrong, it would give every error away. So in about :data:`DECOY_RATE` of the hands that hold no
error still owed, the drill deals on by itself at one moment, correctly, and tells it in the
same words: part of the deal pitched (and the point asks for the rest, as after a seat missed),
a burn (and the point asks for the flop, as after a flop turned with no burn), or a burn and
the street (and the players act on it, as they do not after a premature card). A trainee who
calls the floor at anything odd is caught there as a false alarm.

A decoy never comes during a recovery, while an untold error waits to be spotted, or where the
engine would refuse one of its moves (each move is one ``expected_next()`` allows).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from dealer_trainer.procedure.hand import Hand
from dealer_trainer.training.drill.injection import seen_moves, seen_words
from dealer_trainer.training.drill.options import dealer_events

__all__ = ["DECOY_RATE", "Decoys"]

#: the share of hands without an error owed that get a decoy (near the table-ready rate: the
#: words "The dealer went on" mean an error about as often as not)
DECOY_RATE = 0.25

#: where each decoy may come: the state, and the moments' order (deal, flop, turn, river)
_STATES = ("dealing", "flop_burn", "turn_burn", "river_burn")


@dataclass(slots=True)
class _Plan:
    """This hand's decoy: the state where it comes, and done once made."""

    state: str
    done: bool = False


class Decoys:
    """Plans one decoy a hand now and then, and makes it when the hand reaches its state."""

    def __init__(self, rng: random.Random, rate: float = DECOY_RATE) -> None:
        self.rng = rng
        self.rate = rate
        self._plan: _Plan | None = None
        #: decoys made so far
        self.made = 0

    def new_hand(self) -> None:
        """Roll for this hand's decoy (the state drawn at random)."""
        self._plan = None
        if self.rate > 0 and self.rng.random() < self.rate:
            self._plan = _Plan(state=self.rng.choice(_STATES))

    def moment(self, hand: Hand, do: Callable[[str], None]) -> str | None:
        """Make this hand's decoy if its state has come (the words the table saw; else None)."""
        plan = self._plan
        if plan is None or plan.done or hand.recoveries or hand.hand_over:
            return None
        if hand.state != plan.state or (hand.state == "dealing" and hand.dealt):
            return None
        moves = self._moves(hand)
        if not moves:
            return None
        plan.done = True
        seen: list[str] = []
        for move in moves:
            if move not in dealer_events(hand):
                break  # the engine would refuse it: the decoy stops short, correct as ever
            holes = {seat: len(cards) for seat, cards in hand.table.holes.items()}
            board, burns = len(hand.table.board), len(hand.table.burns)
            do(move)
            seen.extend(seen_moves(hand, holes, board, burns))
        if not seen:
            return None
        self.made += 1
        return seen_words(seen)

    def _moves(self, hand: Hand) -> list[str]:
        """The correct moves of the decoy: some of the deal's cards, or a burn (and the
        street)."""
        if hand.state == "dealing":
            cards = 2 * len(hand.order)
            return ["pitch"] * self.rng.randint(1, cards - 1)
        street = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}[hand.state]
        return ["burn", street] if self.rng.random() < 0.5 else ["burn"]
