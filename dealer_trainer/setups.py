"""Bring a dealer error about on a table: play its record's staging on a hand, for the wizard,
the drill and the docs' examples.

A :class:`~dealer_trainer.procedure.staging.Staging` (part of each error's record) says what
to play; this module plays it through the engine. Where a staging leaves a choice open (how
many cards go out first, which wrong seat), :class:`Choices` decides: the first the error
allows (the wizard, the docs) or at random (the drill).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from dealer_trainer.betting import Action
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import Situation
from dealer_trainer.procedure.script import HandScript
from dealer_trainer.procedure.staging import Macro, Staging, Step

__all__ = ["Choices", "Made", "bring_about", "ready", "stage"]

_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


@dataclass(slots=True)
class Made:
    """What making an error did: the correct pitches first; per card the error pitched, its
    seat, the card and the seat that was due; the seat that was to act; the cards turned."""

    first: int
    to_act: int | None
    pitched: int = 0
    seats: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    due: list[int] = field(default_factory=list)
    board: tuple[str, ...] = ()

    def words(self, template: str) -> str:
        """The template filled in, as a sentence."""
        n, seats, cards = self.pitched, self.seats or [0], self.cards or [""]
        text = template.format(
            pitched=f"{n} card{'s' * (n != 1)} went out as they should; then " if n else "",
            ordinal=_ORDINALS[n] if n < len(_ORDINALS) else f"{n + 1}th",
            **{"seat": seats[0], "card": cards[0], "seat2": seats[-1], "card2": cards[-1]},
            **{"due": (self.due or [0])[0], "to_act": self.to_act, "board": " ".join(self.board)},
            first=self.first,
        )
        return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Choices:
    """How the open parts of a staging are decided: the first each allows, or at random."""

    rng: random.Random | None = None

    def pitches(self, low: int, high: int) -> int:
        return low if self.rng is None else self.rng.randrange(low, high)

    def gap(self, most: int, staging: Staging) -> int:
        return min(staging.gap, most) if self.rng is None else self.rng.randint(0, min(2, most))

    def wrong_first(self, order: Sequence[int]) -> int:
        return order[-1] if self.rng is None else self.rng.choice(order[1:])


Do = Callable[[Event], None]


def stage(hand: Hand, steps: Sequence[Step], staging: Staging, choices: Choices, do: Do) -> Made:
    """Play ``steps`` of ``staging`` on the hand through ``do``; return what they made."""
    made = Made(first=hand.order[0] if hand.order else 0, to_act=hand.to_act)
    board = len(hand.table.board)
    for step in steps:
        if not isinstance(step, Macro):
            _play(hand, step, made, do)
            continue
        for event in _expand(hand, step, staging, choices, made):
            _play(hand, event, made, do, noted=step in (Macro.WRONG_FIRST, Macro.SKIP_SEAT))
    made.board = tuple(card.text for card in hand.table.board[board:])
    return made


def _play(hand: Hand, event: Event, made: Made, do: Do, *, noted: bool = True) -> None:
    """Play one event; note the seat and card of a pitch the staging makes (not a correct one
    of a macro)."""
    if not noted or event.name != EventName.PITCH:
        do(event)
        return
    due = hand.seat_to_deal()
    seat = event.to if event.to is not None else due
    do(event)
    holes = hand.table.holes.get(seat)
    made.seats.append(seat)
    made.due.append(due)
    made.cards.append(holes[-1].text if holes else "")


def _passive(hand: Hand) -> Event:
    betting = hand.betting
    if betting is None or betting.to_act is None:
        raise Rejected("nobody is to act")
    seat = betting.to_act
    action = Action.CHECK if Action.CHECK in betting.legal_actions(seat) else Action.CALL
    return Event(name=EventName.ACT, seat=seat, action=action)


def _expand(
    hand: Hand, step: Macro, staging: Staging, choices: Choices, made: Made
) -> Iterator[Event]:
    """The events of a macro step, one at a time (each is played before the next is asked)."""
    pitch, total = Event(name=EventName.PITCH), 2 * len(hand.order)
    if step is Macro.BETTING:
        while hand.to_act is not None:
            yield _passive(hand)
    elif step is Macro.ALL_BUT_ONE:
        live = hand.betting.live if hand.betting is not None else ()
        all_in = hand.betting.all_in if hand.betting is not None else set()
        for _ in range(sum(seat not in all_in for seat in live) - 1):
            yield _passive(hand)
        made.to_act = hand.to_act
    elif step is Macro.PITCHES:
        low, high = (
            min(hand.ruleset.exposed_misdeal_cards, total)
            if isinstance(bound, str)
            else total + bound
            if upper and bound <= 0
            else bound
            for bound, upper in zip(staging.pitches, (False, True), strict=True)
        )
        if high <= low:
            raise Rejected("this deal has too few cards for the error")
        made.pitched = choices.pitches(low, high)
        yield from [pitch] * made.pitched
    elif step is Macro.GAP:
        yield from [pitch] * choices.gap(total - hand.dealt - 1, staging)
    elif step is Macro.BURN:
        if _NEXT_STREET.get(hand.state) not in hand.burned:
            yield Event(name=EventName.BURN)
    elif step is Macro.WRONG_FIRST:
        yield Event(name=EventName.PITCH, to=choices.wrong_first(hand.order))
    else:  # SKIP_SEAT: the seat after the one due (two after a button due in the first
        # round: the button skipped and dealt both cards last is no misdeal under TDA24 35-B)
        order = hand.order
        skip = 2 if hand.seat_to_deal() == order[-1] and hand.dealt < len(order) else 1
        yield replace(pitch, to=order[(order.index(hand.seat_to_deal()) + skip) % len(order)])


def ready(hand: Hand, staging: Staging) -> bool:
    """Is the hand where the lead-in ends, the error's moment?"""
    last = staging.lead_in[-1] if staging.lead_in else None
    if last is Macro.ALL_BUT_ONE:
        return hand.to_act is not None
    if last is Macro.BETTING:
        return hand.state in ("flop_burn", "turn_burn", "river_burn")
    if isinstance(last, Event) and last.name == EventName.DEAL:
        return hand.state == "preflop" and hand.actions == 0
    if isinstance(last, Event) and last.name == EventName.BURN:
        return hand.state in ("flop_deal", "turn_deal", "river_deal")
    return hand.state == "dealing" and hand.dealt == 0


def bring_about(script: HandScript, item: Situation, choices: Choices | None = None) -> list[Event]:
    """The events that bring ``script``'s table to the dealer error ``item``: its lead-in, the
    error and what follows it, each accepted by the engine (numbered from 0).

    Raises :class:`Rejected` when the error cannot arise on this table under its ruleset
    (under tda-2024 one extra card is already a misdeal: there is no second).
    """
    staging = item.staging
    if len(script.table.seats) < staging.players:
        raise Rejected(f"{item.title.lower()}: it needs a table of {staging.players} or more")
    events: list[Event] = []

    def do(event: Event) -> None:
        event = replace(event, index=len(events))
        verdict = hand.handle(event)
        if verdict.outcome != "accepted":
            raise Rejected(f"cannot build this setup on this table: {verdict.reason}")
        events.append(event)

    with Hand(script) as hand:
        steps = (*staging.lead_in, *staging.make, *staging.follow)
        stage(hand, steps, staging, choices or Choices(), do)
        arisen = list(dict.fromkeys(found.situation for found in hand.irregularities))
    if item.name not in arisen:
        got = ", ".join(arisen) or "nothing"
        ruleset = script.table.ruleset.name
        raise Rejected(f"{item.name} cannot arise under {ruleset}: this setup ends in {got}")
    return events
