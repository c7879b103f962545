"""The deal's errors: hole cards exposed, boxed, extra or misdirected (RRoP-HE 1, 5;
RRoP-IR 7; RRoP-MD; TDA24 34-36): the conditions and callbacks of their rows.

The procedure table (:mod:`dealer_trainer.procedure.machine`) names each method as a string;
:class:`~dealer_trainer.procedure.hand.Hand` inherits them.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    HOLE_CARDS,
    HandState,
)
from dealer_trainer.procedure.rulings import situation

__all__ = ["DealErrors"]


class DealErrors(HandState):
    """The deal's errors: hole cards exposed, boxed, extra or misdirected (RRoP-HE 1, 5;"""

    def card_boxed(self, event: Event) -> bool:
        return event.boxed

    def card_exposed(self, event: Event) -> bool:
        return event.exposed or event.dropped

    def card_misdirected(self, event: Event) -> bool:
        return event.to is not None and event.to != self.seat_to_deal()

    def no_action_yet(self, *_: Any) -> bool:
        return self.actions == 0

    def misdeal_called(self, *_: Any) -> bool:
        return self.recovery.misdeal_called()

    def pitch_exposed(self, event: Event) -> None:
        """A hole card dealt face up: a misdeal among the first cards or the second exposed."""
        off_the_deck = self.dealt
        seat, card = self.pitch_one()
        self.exposed += 1
        self.face_up.append(card)
        if off_the_deck < self.ruleset.exposed_misdeal_cards:
            self.irregular("exposed_first_cards", event)
        elif self.exposed > 1:
            self.irregular("exposed_two_cards", event)
        else:  # a card dropped off the table is an exposed card (RRoP-IR 12, LA26 123)
            name = "dropped_card" if event.dropped and not event.exposed else "exposed_other_card"
            self.irregular(name, event, cards=[card], seat=seat)

    def pitch_boxed(self, event: Event) -> None:
        """A card found face up in the deck: replaced at once; a second one is a misdeal."""
        seat, card = self.pitch_one()
        self.boxed += 1
        self.face_up.append(card)
        if self.boxed > 1:
            self.irregular("boxed_cards", event)
        else:
            self.irregular("boxed_card", event, cards=[card], seat=seat)

    def pitch_misdirected(self, event: Event) -> None:
        """A card to a seat out of turn, or to a seat with no player in the hand: a misdeal, but
        for the button dealt two cards in a row where the ruleset allows it (TDA24 35-B)."""
        seat = event.to
        assert seat is not None
        if seat not in self.order:
            card = self.table.stub.pop(0)
            self.table.set_aside.append(card)
            if event.unnoticed:  # the card lies at the empty seat; the deal goes on as due
                self.stray.append(card)
                self.latent.append(("empty_seat", event))
                return
            self.dealt += 1
            self.irregular("empty_seat", event)
            return
        name = "wrong_first_seat" if self.dealt == 0 else "missed_seat"
        button_last = self._button_skipped(seat)
        if button_last or self._button_again(seat):
            name = "button_two_cards"
        # the deal goes on clockwise from the wrong seat (the button, skipped, gets the last two)
        self.offset = (self.order.index(seat) - self.dealt) % len(self.order)
        self.button_last = button_last
        self.pitch_one(seat)
        if event.unnoticed and situation(name).outcome(self.ruleset).misdeal:
            self.latent.append((name, event))
            return
        self.irregular(name, event)

    def _button_again(self, seat: int) -> bool:
        """The first card of the second round goes to the button, who just had the last card of
        the first: two cards in a row on the button."""
        players = len(self.order)
        return seat == self.order[-1] and self.dealt == players and self.offset == 0

    def _button_skipped(self, seat: int) -> bool:
        """The button's first card goes to the first seat instead (three players or more): the
        deal goes on round the table, and the button gets the last two cards in a row."""
        players = len(self.order)
        due_button = self.dealt == players - 1 and self.offset == 0
        return players > HOLE_CARDS and due_button and seat == self.order[0]

    def pitch_extra(self, event: Event) -> None:
        """A card pitched after every seat has its hand: an extra card (RRoP-HE 5)."""
        seat, card = self.pitch_one()
        self.extra += 1
        if event.unnoticed:
            self.latent.append(("extra_card", event))
            return
        if self.recovery.misdeal_pending():
            return  # already a misdeal: this card comes back with the others
        if self.extra == 1:
            self.irregular("extra_card", event, cards=[card], seat=seat)
        else:  # two extra cards in a row are one error, a misdeal
            self.irregular("extra_cards", event, record=False)
