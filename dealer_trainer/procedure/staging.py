"""How to bring a dealer error about on a table: one description for the wizard, the drill
and the docs' examples.

A :class:`Staging` is the lead-in that reaches the moment (the blinds, the deal, the betting
round played out ...) and the events that make the error, then what must follow for its
recovery to fall due. Steps are typed events or :class:`Macro` steps that depend on the table
(whose turn it is, how many cards the deal has). Where a staging leaves a choice open (how many
cards go out before the error, which wrong seat), :class:`Choices` decides: the wizard and the
docs take :data:`FIRST` (the first the error allows), the drill draws at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from dealer_trainer.betting import Action
from dealer_trainer.errors import InvariantError, Rejected
from dealer_trainer.procedure.events import Event, EventName

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.procedure.rulings import Situation
    from dealer_trainer.procedure.script import HandScript

__all__ = [
    "FIRST",
    "MOMENTS",
    "Choices",
    "Macro",
    "Made",
    "RandomChoices",
    "Staging",
    "Step",
    "bring_about",
    "make",
    "ready",
    "stage",
]

#: how many hole cards each player gets
HOLE_CARDS = 2


class Macro(StrEnum):
    """A step of a staging that depends on the table."""

    #: the players play the round out, each checking or calling
    BETTING = "betting"
    #: every live player but one acts (checks or calls): one is still to act
    ALL_BUT_ONE = "all_but_one"
    #: some cards of the deal go out correctly first (how many: ``Staging.pitches``)
    PITCHES = "pitches"
    #: a few more go out correctly between two errors of the same deal (0 to 2)
    GAP = "gap"
    #: the first card of the deal goes to a wrong seat (the wizard: the button)
    WRONG_FIRST = "wrong_first"
    #: the card due goes to the seat after the one due (that seat is missed)
    SKIP_SEAT = "skip_seat"
    #: a burn, unless this street's burn is already on the table
    BURN = "burn_if_due"


Step = Event | Macro

#: the moments of a hand where the drill rolls for a dealer error, and the states where it
#: rolls for each (the first of them the hand reaches)
MOMENTS: dict[str, tuple[str, ...]] = {
    "deal": ("dealing",),
    "flop": ("preflop", "flop_burn", "flop_deal"),
    "turn": ("flop",),
    "river": ("turn",),
}

#: a bound of the correct pitches before an error: a number of cards, or the ruleset's
#: ``exposed_misdeal_cards`` (the cards whose exposure is a misdeal)
Bound = int | str
MISDEAL_CARDS = "misdeal_cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class Staging:
    """How to bring one dealer error about."""

    #: from a fresh table to the moment (the script's first event on: ``post_blinds``)
    lead_in: tuple[Step, ...]
    #: the events that make the error
    make: tuple[Step, ...]
    #: what the wizard and the docs play after it, for the recovery to fall due (the drill
    #: leaves it to the trainee)
    follow: tuple[Step, ...] = ()
    #: the drill's moment for it (a key of :data:`MOMENTS`); None: the drill and the wizard
    #: do not make it (the docs' example only)
    moment: str | None = None
    #: the correct pitches before the error: from ``pitches[0]`` to below ``pitches[1]`` (a
    #: number of cards off the deck; zero or less counts back from the deal's last card)
    pitches: tuple[Bound, Bound] = (0, 0)
    #: the wizard's gap between two errors of a deal
    gap: int = 0
    #: the fewest players the error can happen with
    players: int = 2
    #: the docs example's stacked deck, top first (the standard order when empty)
    deck: tuple[str, ...] = ()
    #: how the drill tells it, filled from :class:`Made` (``{pitched}``, ``{seat}``, ...)
    told: str = ""


@dataclass(slots=True)
class Made:
    """What making an error did, for the drill to tell."""

    #: correct cards pitched before the error
    pitched: int = 0
    #: per card the error pitched: the seat it went to, the card, and the seat that was due
    seats: list[int] | None = None
    cards: list[str] | None = None
    due: list[int] | None = None
    #: the seat to act when the error was made; the board cards it turned
    to_act: int | None = None
    board: tuple[str, ...] = ()
    first: int = 0

    def words(self, template: str) -> str:
        """The template filled in, as a sentence."""
        seats, cards, due = self.seats or [0], self.cards or [""], self.due or [0]
        pitched = ""
        if self.pitched:
            plural = "s" if self.pitched != 1 else ""
            pitched = f"{self.pitched} card{plural} went out as they should; then "
        text = template.format(
            pitched=pitched,
            ordinal=_ordinal(self.pitched + 1),
            seat=seats[0],
            card=cards[0],
            seat2=seats[-1],
            card2=cards[-1],
            due=due[0],
            first=self.first,
            to_act=self.to_act,
            board=" ".join(self.board),
        )
        return text[:1].upper() + text[1:]


class Choices:
    """How the open parts of a staging are decided: the first each allows (wizard, docs)."""

    def pitches(self, low: int, high: int) -> int:
        return low

    def gap(self, most: int, staging: Staging) -> int:
        return min(staging.gap, most)

    def wrong_first(self, order: Sequence[int]) -> int:
        return order[-1]


class RandomChoices(Choices):
    """The drill's choices: at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pitches(self, low: int, high: int) -> int:
        return self.rng.randrange(low, high)

    def gap(self, most: int, staging: Staging) -> int:
        return self.rng.randint(0, min(2, most))

    def wrong_first(self, order: Sequence[int]) -> int:
        return self.rng.choice(order[1:])


FIRST = Choices()

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if n <= len(_ORDINALS) else f"{n}th"


Do = Callable[[Event], None]


def _passive(hand: Hand) -> Event:
    betting = hand.betting
    if betting is None or betting.to_act is None:
        raise Rejected("nobody is to act")
    seat = betting.to_act
    action = Action.CHECK if Action.CHECK in betting.legal_actions(seat) else Action.CALL
    return Event(name=EventName.ACT, seat=seat, action=action)


def _seat_to_deal(hand: Hand) -> int:
    return hand.order[(hand.dealt + hand.offset) % len(hand.order)]


def _bound(value: Bound, hand: Hand, *, upper: bool) -> int:
    total = HOLE_CARDS * len(hand.order)
    if isinstance(value, str):
        return min(hand.ruleset.exposed_misdeal_cards, total)
    return total + value if upper and value <= 0 else value


def stage(hand: Hand, steps: Sequence[Step], staging: Staging, choices: Choices, do: Do) -> Made:
    """Play ``steps`` of ``staging`` on the hand through ``do``; return what they made."""
    made = Made(first=hand.order[0] if hand.order else 0, to_act=hand.to_act)
    board = len(hand.table.board)
    for step in steps:
        if not isinstance(step, Macro):
            if step.name == EventName.PITCH:
                _pitch(hand, step, made, do)
            else:
                do(step)
            continue
        for event in _expand(hand, step, staging, choices, made):
            if step in (Macro.WRONG_FIRST, Macro.SKIP_SEAT):
                _pitch(hand, event, made, do)
            else:
                do(event)
    made.board = tuple(card.text for card in hand.table.board[board:])
    return made


def _expand(
    hand: Hand, step: Macro, staging: Staging, choices: Choices, made: Made
) -> Iterator[Event]:
    """The events of a macro step, one at a time (each is played before the next is asked)."""
    pitch = Event(name=EventName.PITCH)
    if step is Macro.BETTING:
        while hand.to_act is not None:
            yield _passive(hand)
    elif step is Macro.ALL_BUT_ONE:
        betting = hand.betting
        if betting is None:
            raise Rejected("there is no betting round")
        for _ in range(sum(seat not in betting.all_in for seat in betting.live) - 1):
            yield _passive(hand)
        made.to_act = hand.to_act
    elif step is Macro.PITCHES:
        low = _bound(staging.pitches[0], hand, upper=False)
        high = _bound(staging.pitches[1], hand, upper=True)
        if high <= low:
            raise Rejected("this deal has too few cards for the error")
        made.pitched = choices.pitches(low, high)
        yield from [pitch] * made.pitched
    elif step is Macro.GAP:
        yield from [pitch] * choices.gap(HOLE_CARDS * len(hand.order) - hand.dealt - 1, staging)
    elif step is Macro.BURN:
        if _NEXT_STREET.get(hand.state) not in hand.burned:
            yield Event(name=EventName.BURN)
    elif step is Macro.WRONG_FIRST:
        yield Event(name=EventName.PITCH, to=choices.wrong_first(hand.order))
    else:  # SKIP_SEAT
        order = hand.order
        if len(order) < 3:
            raise Rejected("a missed seat needs a table of three players or more")
        yield Event(
            name=EventName.PITCH, to=order[(order.index(_seat_to_deal(hand)) + 1) % len(order)]
        )


#: the street whose burn a burn during each betting round takes
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}


def _pitch(hand: Hand, event: Event, made: Made, do: Do) -> None:
    """A pitch the staging makes (not a correct one of a macro): note its seat and card."""
    due = _seat_to_deal(hand)
    seat = event.to if event.to is not None else due
    do(event)
    holes = hand.table.holes.get(seat)
    made.seats = [*(made.seats or []), seat]
    made.due = [*(made.due or []), due]
    made.cards = [*(made.cards or []), holes[-1].text if holes else ""]


def ready(hand: Hand, staging: Staging) -> bool:
    """Is the hand where the lead-in ends, the error's moment (the drill's players play the
    lead-in themselves)?"""
    last = staging.lead_in[-1] if staging.lead_in else None
    if last is Macro.ALL_BUT_ONE:
        return hand.to_act is not None
    if last is Macro.BETTING:
        return hand.state in ("flop_burn", "turn_burn", "river_burn")
    if isinstance(last, Event) and last.name is EventName.DEAL:
        return hand.state == "preflop" and hand.actions == 0
    if isinstance(last, Event) and last.name is EventName.BURN:
        return hand.state in ("flop_deal", "turn_deal", "river_deal")
    return hand.state == "dealing" and hand.dealt == 0


def make(hand: Hand, staging: Staging, choices: Choices, do: Do) -> Made:
    """Make the error now (the hand is at its moment)."""
    if len(hand.order) < staging.players:
        raise InvariantError("too few players for this error")
    return stage(hand, staging.make, staging, choices, do)


def bring_about(script: HandScript, item: Situation, choices: Choices = FIRST) -> list[Event]:
    """The events that bring ``script``'s table to the dealer error ``item``: its lead-in, the
    error and what follows it, each accepted by the engine (numbered from 0).

    Raises :class:`Rejected` when the error cannot arise on this table under its ruleset
    (under tda-2024 one extra card is already a misdeal: there is no second).
    """
    from dealer_trainer.procedure.hand import Hand  # the hand's module reads the records

    staging = item.staging
    events: list[Event] = []

    def do(event: Event) -> None:
        event = replace(event, index=len(events))
        verdict = hand.handle(event)
        if verdict.outcome != "accepted":
            raise Rejected(f"cannot build this setup on this table: {verdict.reason}")
        events.append(event)

    with Hand(script) as hand:
        stage(hand, (*staging.lead_in, *staging.make, *staging.follow), staging, choices, do)
        arisen = list(dict.fromkeys(found.situation for found in hand.irregularities))
    if item.name not in arisen:
        got = ", ".join(arisen) or "nothing"
        ruleset = script.table.ruleset.name
        raise Rejected(f"{item.name} cannot arise under {ruleset}: this setup ends in {got}")
    return events
