"""Money math items: the chips a dealer counts, generated on hands the engine deals.

Each item is asked at one moment of a hand the engine has dealt (:class:`.ScriptedHand`), and
its answer is the engine's own figure at that moment, never a second computation:

* ``call``: the chips the seat to act puts in to call (``Betting.verify`` of a call);
* ``min_raise``: the smallest total the seat to act may bet or raise to (``min_raise_to``);
* ``complete_raise``: the same after a short all-in, which reopens nothing (``min_raise_to``);
* ``pot_limit_max``: the largest pot-limit raise after an earlier bet (``max_raise_to``);
* ``side_pots``: the main pot and each side pot with its eligible seats (``build_pots``);
* ``uncalled``: the chips of a bet nobody matched, back to the bettor (``build_pots``);
* ``odd_chip``: the seat that gets the odd chip of a split pot (the engine's award);
* ``rake``: the chips the house takes, by the room's rake (``Rake.take``).

Every item carries the hand script (contract 1) that reaches its moment. The same seed gives
the same items.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dealer_trainer.betting import Action, Betting, Structure
from dealer_trainer.cards import STANDARD_DECK, Card
from dealer_trainer.errors import InvariantError
from dealer_trainer.procedure.events import EventName
from dealer_trainer.rules.rake import Rake
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset
from dealer_trainer.showdown import Pot, build_pots, hand_strength, odd_chip_seats
from dealer_trainer.training.drill.scripted import ScriptedHand

__all__ = ["KINDS", "RAKES", "MoneyItem", "money_item", "money_items"]

#: every kind of money item, in the order they come round
KINDS = (
    "call",
    "min_raise",
    "complete_raise",
    "pot_limit_max",
    "side_pots",
    "uncalled",
    "odd_chip",
    "rake",
)
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
_BLINDS = ((1, 2), (2, 5), (5, 10), (25, 50))
_ODD_BLINDS = ((1, 2), (5, 10), (25, 50))  # an odd small blind makes odd pots
#: how many times a kind may deal a hand that never reached its moment before giving up
_TRIES = 200


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


def money_items(
    count: int, seed: int, ruleset: Ruleset | None = None, kinds: tuple[str, ...] = KINDS
) -> list[MoneyItem]:
    """``count`` items, the kinds taken in turn from a random start; the same seed, the same
    items. The room's rake (``ruleset.rake``) is used for rake items when it names one."""
    rng = random.Random(seed)
    start = rng.randrange(len(kinds))
    return [money_item(kinds[(start + i) % len(kinds)], rng, ruleset) for i in range(count)]


def money_item(kind: str, rng: random.Random, ruleset: Ruleset | None = None) -> MoneyItem:
    """One item of ``kind``, dealt with ``rng``."""
    make = _MAKERS[kind]
    rules = ruleset or BUILTIN["roberts"]
    for _ in range(_TRIES):
        item = make(rng, rules)
        if item is not None:
            return item
    raise InvariantError(f"no {kind} item came out of {_TRIES} hands")  # pragma: no cover


# --- the tables --------------------------------------------------------------------------------


def _seats(rng: random.Random, low: int, high: int) -> list[int]:
    return sorted(rng.sample(range(1, 10), rng.randint(low, high)))


def _deal(
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


def _deep(rng: random.Random, seats: list[int], big: int) -> dict[int, int]:
    return {seat: big * rng.randint(40, 150) for seat in seats}


def _raise_to(betting: Betting, rng: random.Random) -> int:
    """A raise the seat to act may make: the minimum, or up to three big blinds more."""
    low, high = betting.min_raise_to(), betting.max_raise_to()
    big = betting.stakes.big_blind
    wanted = low + big * rng.randint(0, 3)
    return max(low, min(wanted, high))


def _random_action(dealt: ScriptedHand, rng: random.Random, fold: float = 0.2) -> None:
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
            dealt.act(seat, action, _raise_to(betting, rng))
        else:
            dealt.act(seat, Action.CHECK)
        return
    if roll < fold and betting.live_count > 2:
        dealt.act(seat, Action.FOLD)
    elif roll < fold + 0.15 and Action.RAISE in legal:
        dealt.act(seat, Action.RAISE, _raise_to(betting, rng))
    else:
        dealt.act(seat, Action.CALL)


def _play_to(
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
            _random_action(dealt, rng)
        if street + 1 == streets or betting.betting_over:
            return None
        dealt.street()
    return None


def _moment(dealt: ScriptedHand) -> str:
    return " ".join([dealt.table_words(), *dealt.story])


def _faces_raise(betting: Betting, seat: int) -> bool:
    return betting.bets[seat] < betting.current_bet and betting.current_bet > 0


def _may_raise(betting: Betting, seat: int) -> bool:
    legal = betting.legal_actions(seat)
    total = betting.bets[seat] + betting.stacks[seat]
    return (Action.RAISE in legal or Action.BET in legal) and betting.min_raise_to() < total


# --- the kinds ---------------------------------------------------------------------------------


def _call(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(_BLINDS)
    seats = _seats(rng, 3, 7)
    stacks = _deep(rng, seats, blinds[1])
    if rng.random() < 0.3:  # a short stack may have less than the call
        stacks[rng.choice(seats)] = blinds[1] * rng.randint(2, 8)
    dealt = _deal(rng, ruleset, stacks, blinds)
    try:
        seat = _play_to(
            dealt, rng, lambda b, s: _faces_raise(b, s) and b.current_bet > b.stakes.big_blind
        )
        if seat is None:
            return None
        betting = dealt.betting
        ruling = betting.verify(seat, Action.CALL)
        answer = ruling.to - betting.bets[seat]
        question = (
            f"{_moment(dealt)} Seat {seat} is to act, with {betting.stacks[seat]} behind. "
            f"How many more chips does seat {seat} put in to call?"
        )
        return MoneyItem(
            kind="call",
            question=question,
            answer=answer,
            script=dealt.script(),
            rule=RULES["call"],
            seat=seat,
        )
    finally:
        dealt.close()


def _min_raise(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(_BLINDS)
    dealt = _deal(rng, ruleset, _deep(rng, _seats(rng, 3, 7), blinds[1]), blinds)
    try:
        seat = _play_to(dealt, rng, _may_raise, chance=0.4)
        if seat is None:
            return None
        betting = dealt.betting
        word = "raise" if betting.current_bet else "bet"
        question = (
            f"{_moment(dealt)} Seat {seat} is to act. What is the smallest total seat {seat} "
            f"may {word} to this round?"
        )
        return MoneyItem(
            kind="min_raise",
            question=question,
            answer=betting.min_raise_to(),
            script=dealt.script(),
            rule=RULES["min_raise"],
            seat=seat,
        )
    finally:
        dealt.close()


def _complete_raise(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(_BLINDS)
    big = blinds[1]
    seats = _seats(rng, 4, 8)
    stacks = _deep(rng, seats, big)
    button = rng.choice(seats)
    order = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
    folds = rng.randint(0, len(seats) - 4)
    opener, short = order[2 + folds], order[3 + folds] if 3 + folds < len(order) else order[0]
    if short in order[:2]:
        return None
    raise_to = big * rng.randint(3, 6)
    increment = raise_to - big
    stacks[short] = raise_to + rng.randint(1, increment - 1)  # all in for less than a raise
    dealt = _deal(rng, ruleset, stacks, blinds, button=button)
    try:
        betting = dealt.betting
        for folder in order[2 : 2 + folds]:
            dealt.act(folder, Action.FOLD)
        dealt.act(opener, Action.RAISE, raise_to)
        dealt.act(short, Action.ALL_IN)
        to_act = betting.to_act
        if to_act is None or not _may_raise(betting, to_act):
            return None
        question = (
            f"{_moment(dealt)} Seat {short}'s all-in is less than a full raise. Seat {to_act} is "
            f"to act. What is the smallest total seat {to_act} may raise to?"
        )
        return MoneyItem(
            kind="complete_raise",
            question=question,
            answer=betting.min_raise_to(),
            script=dealt.script(),
            rule=RULES["complete_raise"],
            seat=to_act,
        )
    finally:
        dealt.close()


def _pot_limit_max(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(_BLINDS)
    stacks = {seat: blinds[1] * rng.randint(150, 400) for seat in _seats(rng, 3, 7)}
    dealt = _deal(rng, ruleset, stacks, blinds, Structure.POT_LIMIT)
    try:

        def wanted(betting: Betting, seat: int) -> bool:
            earlier = betting.last_aggressor is not None  # a bet or raise before this seat
            legal = betting.legal_actions(seat)
            raising = Action.RAISE in legal or Action.BET in legal
            total = betting.bets[seat] + betting.stacks[seat]
            return earlier and raising and betting.max_raise_to() < total

        seat = _play_to(dealt, rng, wanted, chance=0.35)
        if seat is None:
            return None
        betting = dealt.betting
        word = "raise" if betting.current_bet else "bet"
        question = (
            f"{_moment(dealt)} Seat {seat} is to act. The pot is {betting.pot}. What is the "
            f"largest total seat {seat} may {word} to this round (pot-limit)?"
        )
        return MoneyItem(
            kind="pot_limit_max",
            question=question,
            answer=betting.max_raise_to(),
            script=dealt.script(),
            rule=RULES["pot_limit_max"],
            seat=seat,
        )
    finally:
        dealt.close()


def _all_ins(rng: random.Random, ruleset: Ruleset) -> ScriptedHand:
    """A hand where several players of different stacks go all in before the flop, some fold."""
    blinds = rng.choice(_BLINDS)
    big = blinds[1]
    seats = _seats(rng, 3, 7)
    stacks = {seat: big * rng.randint(5, 80) + rng.randint(0, big - 1) for seat in seats}
    dealt = _deal(rng, ruleset, stacks, blinds)
    betting = dealt.betting
    while betting.to_act is not None:
        seat = betting.to_act
        legal = betting.legal_actions(seat)
        roll = rng.random()
        if roll < 0.25 and betting.live_count > 2:
            dealt.act(seat, Action.FOLD)
        elif roll < 0.45 and Action.CALL in legal:
            dealt.act(seat, Action.CALL)
        elif Action.ALL_IN in legal:
            dealt.act(seat, Action.ALL_IN)
        else:
            dealt.act(seat, Action.CALL if Action.CALL in legal else Action.CHECK)
    return dealt


def _pots(dealt: ScriptedHand) -> tuple[list[Pot], dict[int, int]]:
    betting = dealt.betting
    return build_pots(betting.contributed, betting.folded, dealt.hand.order, betting.dead)


def _side_pots(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    dealt = _all_ins(rng, ruleset)
    try:
        pots, _ = _pots(dealt)
        if len(pots) < 2 or not dealt.betting.betting_over:
            return None
        betting = dealt.betting
        question = (
            f"{_moment(dealt)} The betting is over. Make the pots: how many chips are in each, "
            "the main pot first, then each side pot (any chips nobody matched go back first)?"
        )
        return MoneyItem(
            kind="side_pots",
            question=question,
            answer=tuple(pots),
            script=dealt.script(),
            rule=RULES["side_pots"],
            contributions=dict(sorted(betting.contributed.items())),
            folded=tuple(sorted(betting.folded)),
        )
    finally:
        dealt.close()


def _uncalled(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    dealt = _all_ins(rng, ruleset)
    try:
        _, uncalled = _pots(dealt)
        betting = dealt.betting
        if not betting.betting_over:  # players with chips left: the pots are not made yet
            return None
        if uncalled:
            seat = next(iter(uncalled))
        elif rng.random() < 0.2:  # now and then nothing goes back
            seat = max(betting.live, key=lambda s: betting.contributed[s])
        else:
            return None
        question = (
            f"{_moment(dealt)} The betting is over. How many of seat {seat}'s chips nobody "
            f"matched, so that they go back to seat {seat} before the pots are made?"
        )
        return MoneyItem(
            kind="uncalled",
            question=question,
            answer=uncalled.get(seat, 0),
            script=dealt.script(),
            rule=RULES["uncalled"],
            seat=seat,
            contributions=dict(sorted(betting.contributed.items())),
            folded=tuple(sorted(betting.folded)),
        )
    finally:
        dealt.close()


def _tied_cards(
    rng: random.Random, seats: list[int], folder: int
) -> tuple[dict[int, tuple[Card, Card]], list[Card]] | None:
    """Hole cards and a board where two of the seats besides ``folder`` tie for the best hand."""
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    board, rest = deck[:5], deck[5:]
    first = rest.pop(), rest.pop()
    twins = [
        card
        for card in rest
        if card.rank in (first[0].rank, first[1].rank) and card.suit not in (c.suit for c in first)
    ]
    second = next((c for c in twins if c.rank is first[0].rank), None)
    third = next((c for c in twins if c.rank is first[1].rank and c is not second), None)
    if second is None or third is None or first[0].rank is first[1].rank:
        return None
    rest = [card for card in rest if card not in (second, third)]
    live = [seat for seat in seats if seat != folder]
    winners = rng.sample(live, 2)
    holes: dict[int, tuple[Card, Card]] = {winners[0]: first, winners[1]: (second, third)}
    for seat in seats:
        if seat not in holes:
            holes[seat] = (rest.pop(), rest.pop())
    strengths = {seat: hand_strength([*board, *holes[seat]]) for seat in live}
    best = max(strengths.values())
    if sorted(seat for seat in live if strengths[seat] == best) != sorted(winners):
        return None
    return holes, board


def _odd_chip(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(_ODD_BLINDS)
    seats = _seats(rng, 3, 5)
    button = rng.choice(seats)
    order = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
    small = order[0]
    found = _tied_cards(rng, seats, small)
    if found is None:
        return None
    holes, board = found
    leftover = [
        c for c in STANDARD_DECK if c not in board and all(c not in h for h in holes.values())
    ]
    rng.shuffle(leftover)
    burns = leftover[:3]
    deck = [holes[s][0] for s in order] + [holes[s][1] for s in order]
    deck += [burns[0], *board[:3], burns[1], board[3], burns[2], board[4]]
    stacks = _deep(rng, seats, blinds[1])
    dealt = _deal(rng, ruleset, stacks, blinds, deck=deck, button=button)
    try:
        betting = dealt.betting
        raised = rng.random() < 0.5
        while betting.to_act is not None:
            seat = betting.to_act
            legal = betting.legal_actions(seat)
            if seat == small:
                dealt.act(seat, Action.FOLD)
            elif raised and betting.current_bet == blinds[1] and Action.RAISE in legal:
                dealt.act(seat, Action.RAISE, blinds[1] * rng.randint(2, 4))
            else:
                dealt.act(seat, Action.CALL if Action.CALL in legal else Action.CHECK)
        for _ in range(3):
            dealt.street()
            while betting.to_act is not None:
                dealt.act(betting.to_act, Action.CHECK)
        for seat in dealt.hand.showing_order():
            dealt.do(EventName.SHOW, seat=seat)
        pots = dealt.hand.pots
        if len(pots) != 1 or len(pots[0].winners) != 2 or not pots[0].amount % 2:
            return None
        pot = pots[0]
        odd = odd_chip_seats(pot.amount, pot.winners)[0]
        first, second = sorted(pot.winners)
        question = (
            f"{dealt.table_words()} Seats {first} and {second} split a pot of {pot.amount}. "
            "Which seat gets the odd chip?"
        )
        return MoneyItem(
            kind="odd_chip",
            question=question,
            answer=odd,
            script=dealt.script(),
            rule=RULES["odd_chip"],
        )
    finally:
        dealt.close()


def _rake(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    rake = ruleset.rake or rng.choice(RAKES)
    blinds = rng.choice(_BLINDS[:2])
    seats = _seats(rng, 3, 7)
    dealt = _deal(rng, ruleset, _deep(rng, seats, blinds[1]), blinds)
    try:
        betting = dealt.betting
        flop = rng.random() < 0.7
        if flop:  # everyone calls or raises, the flop comes, a bet takes it
            while betting.to_act is not None:
                _random_action(dealt, rng, fold=0.1)
            if betting.live_count < 2:
                return None
            dealt.street()
            bettor = betting.to_act
            if bettor is None:
                return None
            most = betting.stacks[bettor]
            dealt.act(bettor, Action.BET, min(most, blinds[1] * rng.randint(1, 8)))
        else:  # a raise before the flop takes it
            seat = betting.to_act
            assert seat is not None
            dealt.act(seat, Action.RAISE, blinds[1] * rng.randint(2, 5))
        while betting.to_act is not None:
            dealt.act(betting.to_act, Action.FOLD)
        if not dealt.hand.hand_over:  # an all-in player is still in: no one takes it yet
            return None
        pot = sum(p.amount for p in dealt.hand.pots)
        winner = dealt.hand.pots[0].winners[0]
        when = "after the flop" if flop else "before the flop"
        question = (
            f"{_moment(dealt)} The hand ends {when}: seat {winner} takes a pot of {pot}. "
            f"The room's rake is {rake.describe()}. How many chips does the house take?"
        )
        return MoneyItem(
            kind="rake",
            question=question,
            answer=rake.take(pot, flop_dealt=bool(dealt.hand.table.board)),
            script=dealt.script(),
            rule=RULES["rake"],
            rake=rake,
        )
    finally:
        dealt.close()


_MAKERS: dict[str, Callable[[random.Random, Ruleset], MoneyItem | None]] = {
    "call": _call,
    "min_raise": _min_raise,
    "complete_raise": _complete_raise,
    "pot_limit_max": _pot_limit_max,
    "side_pots": _side_pots,
    "uncalled": _uncalled,
    "odd_chip": _odd_chip,
    "rake": _rake,
}
