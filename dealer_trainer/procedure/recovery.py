"""Dealer errors and their recoveries: the part of the dealer model that follows a rulebook.

:class:`DealerErrors` is mixed into :class:`~dealer_trainer.procedure.hand.Hand`. The error
rows of the procedure table (``error=``) call its callbacks, which record an
:class:`Irregularity` and start a :class:`Recovery` from the ruleset's outcome
(:mod:`dealer_trainer.procedure.rulings`); the step rows (``step=True``) call its recovery
steps. While a recovery is under way, :meth:`DealerErrors._judge_step` decides whether an event
is its due step, passes through a wait, or is rejected with the situation's rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from dealer_trainer.betting import Action, Betting, Street
from dealer_trainer.cards import Card, shuffle
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.machine import BETTING_STATES
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
    situation,
)
from dealer_trainer.procedure.script import TableSpec
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.table import Table

if TYPE_CHECKING:
    import random

    from dealer_trainer.procedure.hand import Verdict

__all__ = [
    "HOLE_CARDS",
    "NO_CHIPS",
    "DealerErrors",
    "Irregularity",
    "Recovery",
    "is_step",
    "say",
]

#: how many hole cards each player gets
HOLE_CARDS = 2
#: actions that put no chips in (for substantial action, TDA24 36)
NO_CHIPS = (Action.CHECK, Action.FOLD)
#: the street whose burn each burn state takes
_BURN_STREET = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}
#: the street a burn taken during each betting round belongs to
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}


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


class DealerErrors:
    """The dealer errors and recovery steps of a hand (a mixin of ``Hand``)."""

    # the hand's state this part reads and changes (set up by Hand)
    state: str
    spec: TableSpec
    ruleset: Ruleset
    rng: random.Random
    table: Table
    betting: Betting | None
    order: tuple[int, ...]
    irregularities: list[Irregularity]
    misdeals: int
    recoveries: list[Recovery]
    dealt: int
    offset: int
    actions: int
    chips_in: list[bool]
    latent: list[tuple[str, Event]]
    exposed: int
    boxed: int
    face_up: list[Card]
    extra: int
    burned: set[str]
    _blinds: tuple[dict[int, int], dict[int, int]]
    handle: Callable[[Event], Verdict]
    starting_hands_dealt: Callable[..., bool]
    _pitch_one: Callable[..., tuple[int, Card]]
    _seat_to_deal: Callable[[], int]
    _new_deal: Callable[[], None]

    # --- recording an error and following its recovery -----------------------------------------

    def _steps_taken(self, name: str) -> int | None:
        """How many of the recovery's steps an event of this name takes (0: an event the
        recovery lets through), or None when the recovery refuses it. Pure."""
        steps = self.recoveries[0].steps
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
        return opens + 1 if is_step(name, due) else None

    def _judge_step(self, event: Event) -> tuple[Event, int]:
        """Judge an event while a recovery is under way; return it (renamed for an alias) and
        how many of the recovery's steps it takes (0 for an event the recovery lets through).
        """
        recovery = self.recoveries[0]
        taken = self._steps_taken(event.name)
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

    def _take_step(self, count: int) -> None:
        if self.recoveries:
            del self.recoveries[0].steps[:count]

    def _settle(self) -> None:
        """Drop the waits that are over and the recoveries that are complete."""
        recoveries = self.recoveries
        while recoveries:
            if self.state == "hand_over":
                recoveries.clear()
                return
            steps = recoveries[0].steps
            while steps and self._wait_over(steps[0]):
                del steps[0]
            if steps:
                return
            del recoveries[0]

    def _wait_over(self, step: str) -> bool:
        if step is WAIT_DEAL:
            return self.starting_hands_dealt()
        if step is WAIT_BETTING:
            return self.state not in BETTING_STATES
        return False

    def _step_due(self) -> bool:
        return bool(self.recoveries) and self.recoveries[0].steps[0] not in WAITS

    def recover(self, before: Event | None, index: int) -> None:
        """Perform every recovery step that has fallen due and is the engine's to take
        (``--auto-recover``): not a player's action nor a normal dealing step, and not the very
        step the next scripted event (``before``) spells out.
        """
        while self.recoveries:
            recovery = self.recoveries[0]
            if (
                recovery.steps[0] is WAIT_PITCHES
                and before is not None
                and before.name in LETS_THROUGH[WAIT_PITCHES]
            ):
                return
            due = recovery.due()
            if due not in AUTO_STEPS:
                return
            if before is not None and is_step(before.name, due):
                return
            if (
                self.handle(Event(name=EventName(due), index=index, auto=True)).outcome
                != "accepted"
            ):
                return

    def _irregular(
        self,
        name: str,
        event: Event,
        *,
        cards: Sequence[Card] = (),
        seat: int | None = None,
        record: bool = True,
    ) -> Recovery:
        """Record a dealer error and start the recovery its rulebook requires."""
        found = situation(name)
        outcome = found.outcome(self.ruleset)
        if record:
            self.irregularities.append(Irregularity(found.kind, outcome.rule, event.index, name))
        if outcome.misdeal:
            if found.kind != "misdeal" or not record:
                self.irregularities.append(Irregularity("misdeal", outcome.rule, event.index, name))
            self.misdeals += 1
        self.burned.difference_update(outcome.reburn)
        self.burned.update(outcome.burned)
        recovery = Recovery(found, outcome, event.index, list(outcome.steps), list(cards), seat)
        if outcome.misdeal:
            self.recoveries = [recovery]  # a misdeal takes the place of every other recovery
        elif recovery.steps and recovery.steps[0] not in WAITS:
            self.recoveries.insert(0, recovery)  # due at once
        else:
            self.recoveries.append(recovery)
        return recovery

    def _misdeal_pending(self) -> bool:
        return any(recovery.outcome.misdeal for recovery in self.recoveries)

    # --- conditions of the error rows (pure) ---------------------------------------------------

    def card_boxed(self, event: Event) -> bool:
        return event.boxed

    def card_exposed(self, event: Event) -> bool:
        return event.exposed

    def card_misdirected(self, event: Event) -> bool:
        return event.to is not None and event.to != self._seat_to_deal()

    def no_action_yet(self, *_: Any) -> bool:
        return self.actions == 0

    def error_unnoticed(self, *_: Any) -> bool:
        return bool(self.latent)

    def misdeal_called(self, *_: Any) -> bool:
        return bool(self.recoveries) and self.recoveries[0].outcome.misdeal

    def burn_not_taken(self, *_: Any) -> bool:
        return _NEXT_STREET[self.state] not in self.burned

    def burn_on_table(self, *_: Any) -> bool:
        return _BURN_STREET[self.state] in self.burned

    def too_many_cards(self, event: Event) -> bool:
        return event.cards is not None and event.cards > 3

    # --- the deal's errors (RRoP-HE 1, 5; RRoP-IR 7; RRoP-MD; TDA24 34-36) ---------------------

    def pitch_exposed(self, event: Event) -> None:
        """A hole card dealt face up: a misdeal among the first cards or the second exposed."""
        off_the_deck = self.dealt
        seat, card = self._pitch_one()
        self.exposed += 1
        self.face_up.append(card)
        if off_the_deck < self.ruleset.exposed_misdeal_cards:
            self._irregular("exposed_first_cards", event)
        elif self.exposed > 1:
            self._irregular("exposed_two_cards", event)
        else:
            self._irregular("exposed_other_card", event, cards=[card], seat=seat)

    def pitch_boxed(self, event: Event) -> None:
        """A card found face up in the deck: replaced at once; a second one is a misdeal."""
        seat, card = self._pitch_one()
        self.boxed += 1
        self.face_up.append(card)
        if self.boxed > 1:
            self._irregular("boxed_cards", event)
        else:
            self._irregular("boxed_card", event, cards=[card], seat=seat)

    def pitch_misdirected(self, event: Event) -> None:
        """A card to a seat out of turn, or to a seat with no player in the hand: a misdeal."""
        seat = event.to
        assert seat is not None
        if seat not in self.order:
            self.table.set_aside.append(self.table.stub.pop(0))
            self.dealt += 1
            self._irregular("empty_seat", event)
            return
        name = "wrong_first_seat" if self.dealt == 0 else "missed_seat"
        if event.unnoticed:  # the deal goes on clockwise from the wrong seat
            self.offset = (self.order.index(seat) - self.dealt) % len(self.order)
            self._pitch_one(seat)
            self.latent.append((name, event))
            return
        self._pitch_one(seat)
        self._irregular(name, event)

    def pitch_extra(self, event: Event) -> None:
        """A card pitched after every seat has its hand: an extra card (RRoP-HE 5)."""
        seat, card = self._pitch_one()
        self.extra += 1
        if event.unnoticed:
            self.latent.append(("extra_card", event))
            return
        if self._misdeal_pending():
            return  # already a misdeal: this card comes back with the others
        if self.extra == 1:
            self._irregular("extra_card", event, cards=[card], seat=seat)
        else:  # two extra cards in a row are one error, a misdeal
            self._irregular("extra_cards", event, record=False)

    def notice_error(self, event: Event) -> None:
        """An error made unnoticed comes to light: a misdeal before substantial action; after
        it, the deal stands, and a hand with the wrong number of cards is dead.
        """
        assert self.betting is not None
        names = [name for name, _ in self.latent]
        self.latent.clear()
        holes = self.table.holes
        live = self.betting.live
        wrong = [seat for seat in live if len(holes[seat]) != HOLE_CARDS]
        if names == ["extra_card"] and self.ruleset.extra_card == "burn":
            if not wrong:  # the hand that held it has folded: the card went with it
                rule = situation("extra_card").outcome(self.ruleset).rule
                self.irregularities.append(
                    Irregularity("extra_card", rule, event.index, "extra_card")
                )
                return
            seat = wrong[0]
            self._irregular("extra_card", event, cards=[holes[seat][-1]], seat=seat)
            return  # RRoP-HE 5: the extra card is the burn card whenever it is found
        if not self.substantial_action() or len(wrong) == len(live):
            # early enough for a misdeal (or no hand is left to play: nothing else can be done)
            extra = names.count("extra_card")
            name = names[0] if not extra else "extra_card" if extra == 1 else "extra_cards"
            self._irregular(name, event)
            return
        if not wrong:
            self._irregular("late_wrong_seat", event)
            return
        self._irregular("late_wrong_count", event)
        for seat in wrong:
            self.betting.kill(seat)
            self.table.to_muck(seat)

    def substantial_action(self) -> bool:
        """Has the misdeal window closed? RRoP: two players after the blinds have acted;
        TDA24 36: two actions in turn, one of them putting chips in, or any three actions.
        """
        chips_in = self.chips_in
        if self.ruleset.substantial_action == "two_players":
            return len(chips_in) >= 2
        return len(chips_in) >= 3 or (len(chips_in) == 2 and any(chips_in))

    # --- the recovery steps -------------------------------------------------------------------

    def replace_card(self, event: Event) -> None:
        """The player gets the top card of the stub in place of the exposed or boxed card."""
        recovery = self.recoveries[0]
        seat = recovery.seat
        assert seat is not None
        hole = self.table.holes[seat]
        card = recovery.cards[0]
        hole[hole.index(card)] = self.table.stub.pop(0)
        if recovery.situation.name == "boxed_card":
            self.table.set_aside.append(card)  # a scrap of paper, not a card of the hand
        else:
            self.table.burns.append(card)  # the flop's burn card

    def retrieve_cards(self, event: Event) -> None:
        """Cards the error put out go back on top of the stub (every card, for a misdeal)."""
        recovery = self.recoveries[0]
        table = self.table
        if recovery.outcome.misdeal:
            back: list[Card] = []
            for zone in (table.board, table.burns, table.muck, table.set_aside):
                back.extend(zone)
                zone.clear()
            for seat in self.order:
                back.extend(table.holes[seat])
                table.holes[seat].clear()
            table.stub[:0] = back
            if self.actions:  # bets made since the blinds come back (TDA24 35-C)
                stacks, posted = self._blinds
                before = {seat: stacks[seat] + posted[seat] for seat in self.order}
                self.betting = Betting(self.order, before, self.spec.stakes)
                self.betting.post_blinds()
            self._new_deal()
            return
        for card in recovery.cards:
            if card in table.board:
                table.board.remove(card)
            elif recovery.seat is not None:
                table.holes[recovery.seat].remove(card)
        table.stub[:0] = recovery.cards

    def set_aside_cards(self, event: Event) -> None:
        """The premature card is taken out of play for now."""
        recovery = self.recoveries[0]
        for card in recovery.cards:
            self.table.board.remove(card)
            self.table.set_aside.append(card)

    def reshuffle_stub(self, event: Event) -> None:
        """Shuffle the stub, with the set-aside premature card back in it (never the burns)."""
        recovery = self.recoveries[0]
        set_aside = self.table.set_aside
        for card in recovery.cards:
            if card in set_aside:
                set_aside.remove(card)
                self.table.stub.append(card)
        shuffle(self.table.stub, self.rng)

    def scramble_flop(self, event: Event) -> None:
        """The flop's cards are mixed face down; one chosen at random goes to the burns."""
        table = self.table
        chosen = event.card if event.card is not None else self.rng.choice(table.board)
        table.board.remove(chosen)
        table.burns.append(chosen)
        if len(table.board) < 3:  # a flop turned without its burn: the next card completes it
            table.board.extend(table.take(3 - len(table.board)))
        assert self.betting is not None
        self.betting.start_street(Street.FLOP)

    # --- the board's errors (RRoP-HE 2-4; TDA24 39, RP-5) --------------------------------------

    def burn_early(self, event: Event) -> None:
        """A burn before the betting is over: it stays, as that street's burn."""
        self.table.burns.append(self.table.stub.pop(0))
        self.burned.add(_NEXT_STREET[self.state])

    def _premature(self, name: str, count: int, event: Event) -> None:
        cards = self.table.take(count)
        self.table.board.extend(cards)
        self._irregular(name, event, cards=cards)

    def premature_flop(self, event: Event) -> None:
        self._premature("premature_flop", 3, event)

    def premature_turn(self, event: Event) -> None:
        self._premature("premature_turn", 1, event)

    def premature_river(self, event: Event) -> None:
        self._premature("premature_river", 1, event)

    def flop_too_many(self, event: Event) -> None:
        """Four cards: the rulebooks differ (RRoP-HE 2, TDA24 39-A); five or more: a redeal."""
        assert event.cards is not None
        name = "flop_too_many_cards" if event.cards == 4 else "flop_five_or_more_cards"
        self._premature(name, event.cards, event)

    def flop_without_burn(self, event: Event) -> None:
        self._premature("flop_without_burn", 3, event)
