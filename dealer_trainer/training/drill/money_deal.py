"""What every money item is made of: the item itself, the rule each kind rests on, the tables
the drill deals (blinds, stacks, rakes) and the hand played on to the item's moment."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dealer_trainer.betting import Action, Betting, Structure
from dealer_trainer.cards import Card
from dealer_trainer.rules.rake import Rake
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.showdown import Pot
from dealer_trainer.training.drill.scripted import ScriptedHand

__all__ = [
    "BLINDS",
    "ODD_BLINDS",
    "RAKES",
    "RULES",
    "MoneyItem",
    "deal",
    "deep_stacks",
    "draw_seats",
    "faces_raise",
    "may_raise",
    "moment",
    "play_to",
    "raise_to",
    "random_action",
]

#: the rule each kind rests on (shown with the feedback)
RULES = {
    "call": "RRoP-BET 7",
    "min_raise": "RRoP No-Limit 3",
    "complete_raise": "RRoP No-Limit 3",
    "pot_limit_max": "TDA24 54-C",
    "side_pots": "RRoP-BET 7",
    "uncalled": "RRoP-BET 7",
    "odd_chip": "TDA24 20",
    "rake": "house rule",
}
#: the rakes a drill uses when the room's ruleset names none (a house file's ``rake``)
RAKES = (
    Rake(percent=Fraction(10), cap=5, no_flop_no_drop=True, chip=1),
    Rake(percent=Fraction(5), cap=3, no_flop_no_drop=True, chip=1),
    Rake(percent=Fraction(10), cap=4, no_flop_no_drop=False, chip=1),
    Rake(percent=Fraction(15, 2), cap=6, no_flop_no_drop=True, chip=1),
)
BLINDS = ((1, 2), (2, 5), (5, 10), (25, 50))
ODD_BLINDS = ((1, 2), (5, 10), (25, 50))  # an odd small blind makes odd pots


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyItem:
    """One money question: what is asked, the engine's answer and the script reaching it."""

    kind: str
    question: str
    #: a number of chips, a seat (odd_chip), or the pots from the main pot out (side_pots)
    answer: int | tuple[Pot, ...]
    script: Mapping[str, Any] = field(hash=False)
    rule: str
    #: side_pots and uncalled: chips each seat put in during the hand, and the folded seats
    contributions: Mapping[int, int] | None = field(default=None, hash=False)
    folded: tuple[int, ...] = ()
    rake: Rake | None = None
    #: the seat the question is about (to act, or whose chips go back), where there is one
    seat: int | None = None

    @property
    def answer_count(self) -> int:
        """How many numbers the answer is (one a pot for side pots)."""
        return len(self.answer) if isinstance(self.answer, tuple) else 1

    def answer_numbers(self) -> tuple[int, ...]:
        """The numbers the trainee types: the pots' amounts, or the one number."""
        if isinstance(self.answer, tuple):
            return tuple(pot.amount for pot in self.answer)
        return (self.answer,)

    def to_dict(self) -> dict[str, Any]:
        """The item as ``drill money --print --json`` writes it."""
        answer: Any = self.answer
        if isinstance(answer, tuple):
            answer = [{"amount": pot.amount, "eligible": sorted(pot.eligible)} for pot in answer]
        out: dict[str, Any] = {
            "kind": self.kind,
            "question": self.question,
            "answer": answer,
            "rule": self.rule,
        }
        if self.seat is not None:
            out["seat"] = self.seat
        if self.contributions is not None:
            out["contributions"] = {str(seat): chips for seat, chips in self.contributions.items()}
            out["folded"] = list(self.folded)
        if self.rake is not None:
            out["rake"] = self.rake.to_dict()
        out["script"] = dict(self.script)
        return out


# --- the tables --------------------------------------------------------------------------------


def draw_seats(rng: random.Random, low: int, high: int) -> list[int]:
    return sorted(rng.sample(range(1, 10), rng.randint(low, high)))


def deal(
    rng: random.Random,
    ruleset: Ruleset,
    stacks: Mapping[int, int],
    blinds: tuple[int, int],
    structure: Structure = Structure.NO_LIMIT,
    deck: list[Card] | None = None,
    button: int | None = None,
) -> ScriptedHand:
    seated = sorted(stacks)
    dealt = ScriptedHand(
        stacks=stacks,
        button=button if button is not None else rng.choice(seated),
        blinds=blinds,
        structure=structure,
        ruleset=ruleset,
        rng=rng,
        deck=deck,
    )
    dealt.start()
    return dealt


def deep_stacks(rng: random.Random, seats: list[int], big: int) -> dict[int, int]:
    return {seat: big * rng.randint(40, 150) for seat in seats}


def raise_to(betting: Betting, rng: random.Random) -> int:
    """A raise the seat to act may make: the minimum, or up to three big blinds more."""
    low, high = betting.min_raise_to(), betting.max_raise_to()
    big = betting.stakes.big_blind
    wanted = low + big * rng.randint(0, 3)
    return max(low, min(wanted, high))


def random_action(dealt: ScriptedHand, rng: random.Random, fold: float = 0.2) -> None:
    """The seat to act does something ordinary: mostly a call or check, now and then a fold,
    a bet or a raise."""
    betting = dealt.betting
    seat = betting.to_act
    assert seat is not None
    legal = betting.legal_actions(seat)
    roll = rng.random()
    if Action.CHECK in legal:
        if roll < 0.3 and (Action.BET in legal or Action.RAISE in legal):
            action = Action.BET if Action.BET in legal else Action.RAISE
            dealt.act(seat, action, raise_to(betting, rng))
        else:
            dealt.act(seat, Action.CHECK)
        return
    if roll < fold and betting.live_count > 2:
        dealt.act(seat, Action.FOLD)
    elif roll < fold + 0.15 and Action.RAISE in legal:
        dealt.act(seat, Action.RAISE, raise_to(betting, rng))
    else:
        dealt.act(seat, Action.CALL)


def play_to(
    dealt: ScriptedHand,
    rng: random.Random,
    wanted: Callable[[Betting, int], bool],
    *,
    streets: int = 2,
    chance: float = 0.5,
) -> int | None:
    """Play on until a seat to act is one ``wanted`` asks about (taken with ``chance``); the
    seat, or None when the hand ran out of such moments."""
    for street in range(streets):
        betting = dealt.betting
        while betting.to_act is not None:
            seat = betting.to_act
            if wanted(betting, seat) and rng.random() < chance:
                return seat
            random_action(dealt, rng)
        if street + 1 == streets or betting.betting_over:
            return None
        dealt.street()
    return None


def moment(dealt: ScriptedHand) -> str:
    return " ".join([dealt.table_words(), *dealt.story])


def faces_raise(betting: Betting, seat: int) -> bool:
    return betting.bets[seat] < betting.current_bet and betting.current_bet > 0


def may_raise(betting: Betting, seat: int) -> bool:
    legal = betting.legal_actions(seat)
    total = betting.bets[seat] + betting.stacks[seat]
    return (Action.RAISE in legal or Action.BET in legal) and betting.min_raise_to() < total
