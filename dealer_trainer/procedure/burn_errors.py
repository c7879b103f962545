"""Burn errors and late notice: a burn missed, doubled or shown (LA26 169; TDA24 39-B, RP-14),
boxed board cards (RRoP-IR 7; LA26 23), the button a card short (RRoP-MD(e); TDA24 37), a
dropped stub (TDA24 RP-4), and an error made unnoticed that comes to light (``notice``).
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.betting import (
    Action,
    Street,
)
from dealer_trainer.cards import Card
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    HOLE_CARDS,
    HandState,
    Slip,
)
from dealer_trainer.procedure.recovery import Irregularity
from dealer_trainer.procedure.rulings import situation

__all__ = ["BurnErrors"]

#: the situations of a short button
_SHORT_BUTTON = ("button_short_card", "button_short_acted")


class BurnErrors(HandState):
    """Burn errors and late notice: the conditions and callbacks of their rows."""

    def error_unnoticed(self, *_: Any) -> bool:
        return bool(self.latent or self.slips) or self.button_short()

    def notice_error(self, event: Event) -> None:
        """An error made unnoticed comes to light: a misdeal before substantial action; after
        it, the deal stands, and a hand with the wrong number of cards is dead.
        """
        if self.slips:  # a board card dealt with a burn missed or doubled (LA26 169; TDA24 39-B)
            self._notice_slips(event)
        if self.button_short():  # the button a card short (RRoP-MD(e); TDA24 37)
            self._short_button_ruled(event)
        if not self.latent:
            return
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
            self.irregular("extra_card", event, cards=[holes[seat][-1]], seat=seat)
            return  # RRoP-HE 5: the extra card is the burn card whenever it is found
        if not self.substantial_action() or len(wrong) == len(live):
            # early enough for a misdeal (or no hand is left to play: nothing else can be done)
            extra = names.count("extra_card")
            name = names[0] if not extra else "extra_card" if extra == 1 else "extra_cards"
            self.irregular(name, event)
            return
        if "empty_seat" in names:  # too late for a misdeal: the cards at the empty seat are dead
            for card in self.stray:
                self.table.set_aside.remove(card)
                self.table.muck.append(card)
            self.stray.clear()
            self.irregular("late_empty_seat", event)
            names = [name for name in names if name != "empty_seat"]
            if not names:
                return
        if not wrong:
            self.irregular("late_wrong_seat", event)
            return
        self.irregular("late_wrong_count", event)
        for seat in wrong:
            self.betting.kill(seat)
            self.table.to_muck(seat)

    def card_face_up(self, event: Event) -> bool:
        return event.boxed or event.exposed

    def card_unnoticed(self, event: Event) -> bool:
        return event.unnoticed

    def button_short(self, *_: Any) -> bool:
        """Is the button (the last seat dealt) a card short? During the deal: every card but the
        button's last one is out, in order. Preflop: the button, still live, still has one card.
        """
        if self.state == "dealing":
            return (
                self.dealt == HOLE_CARDS * len(self.order) - 1
                and self.offset == 0
                and not self.latent
            )
        short = self.short_button
        return (
            short is not None
            and self.state == "preflop"
            and self.betting is not None
            and short[0] not in self.betting.folded
            and len(self.table.holes[short[0]]) < HOLE_CARDS
        )

    def flop_burn_missed_unplayed(self, *_: Any) -> bool:
        """A flop turned without its burn, unnoticed, with no action on it yet."""
        return any(
            slip.name == "flop_without_burn" and slip.actions == self.actions for slip in self.slips
        )

    def burn_face_up(self, event: Event) -> None:
        """A burn card found face up in the stub (boxed) or shown by the dealer."""
        card = self.table.stub.pop(0)
        self.table.burns.append(card)
        if event.exposed:
            self.irregular("exposed_burn", event, cards=[card])
        else:
            self._boxed_on_board(event, card)

    def _boxed_on_board(self, event: Event, card: Card) -> None:
        """A boxed card is set aside and replaced; a second one in the hand (the deal's count)
        voids it."""
        self.boxed += 1
        if self.boxed > 1:
            self.irregular("boxed_board_cards", event)
        else:
            self.irregular("boxed_board_card", event, cards=[card])

    def flop_boxed(self, event: Event) -> None:
        """The flop's first card comes off the stub face up."""
        self.deal_flop(event)
        self._boxed_on_board(event, self.table.board[-3])

    def turn_boxed(self, event: Event) -> None:
        self.deal_turn(event)
        self._boxed_on_board(event, self.table.board[-1])

    def river_boxed(self, event: Event) -> None:
        self.deal_river(event)
        self._boxed_on_board(event, self.table.board[-1])

    def _without_burn(self, event: Event) -> None:
        """The street's card turned where its burn was due: put right at once, or (unnoticed)
        judged when the floor hears of it."""
        card = self.table.board[-1]
        if event.unnoticed:
            at = len(self.table.board) - 1
            self.slips.append(Slip(name="missed_burn", actions=self.actions, cards=(card,), at=at))
        else:
            self.irregular("missed_burn", event, cards=[card])

    def turn_without_burn(self, event: Event) -> None:
        self.deal_turn(event)
        self._without_burn(event)

    def river_without_burn(self, event: Event) -> None:
        self.deal_river(event)
        self._without_burn(event)

    def burn_twice(self, event: Event) -> None:
        """A second burn card: the error its row names (two burns for the turn or river)."""
        card = self.table.stub.pop(0)
        self.table.burns.append(card)
        if event.unnoticed:
            at = len(self.table.board)
            self.slips.append(Slip(name="extra_burn", actions=self.actions, cards=(card,), at=at))
        else:
            self.irregular(self.row_error(event), event, cards=[card])

    def flop_unnoticed(self, event: Event) -> None:
        """A flop turned without its burn that nobody notices: it plays on."""
        self.deal_flop(event)
        board = self.table.board
        slip = Slip(name="flop_without_burn", actions=self.actions, cards=tuple(board[-3:]), at=0)
        self.slips.append(slip)

    def notice_flop_without_burn(self, event: Event) -> None:
        """The unburned flop comes to light before any action on it: as if noticed at once."""
        slip = next(slip for slip in self.slips if slip.name == "flop_without_burn")
        self.slips.remove(slip)
        assert self.betting is not None  # the flop's betting never began: it starts again later
        self.betting.street, self.betting.to_act = Street.PREFLOP, None
        self.irregular("flop_without_burn", event, cards=list(slip.cards))

    def _notice_slips(self, event: Event) -> None:
        """Burns missed or doubled come to light: put right if nobody has acted on the card since
        (and it is the street being played), else the card stands (LA26 169; TDA24 39-B)."""
        board = self.table.board
        for slip in self.slips:
            current = slip.name == "flop_without_burn" or len(board) == slip.at + 1
            played = slip.actions != self.actions or not current
            if slip.name == "missed_burn":
                name = "missed_burn_late" if played else "missed_burn"
                self.irregular(name, event, cards=list(slip.cards))
            elif slip.name == "extra_burn" and not played:
                self.irregular("extra_burn_turned", event, cards=[*slip.cards, board[slip.at]])
            elif slip.name == "extra_burn":
                self.irregular("extra_burn_late", event, cards=list(slip.cards))
            else:
                self.irregular("flop_without_burn_late", event)
        self.slips.clear()

    def deal_ended_short(self, event: Event) -> None:
        """The betting starts with the button's last card not dealt: the button is a card short
        until the card comes (``pitch``) or the floor hears of it (``notice``)."""
        self.short_button = (self.order[-1], len(self._log))
        self.apply_action(event)

    def notice_button_short(self, event: Event) -> None:
        """The button speaks up at once: it is owed the next card."""
        self.short_button = (self.order[-1], len(self._log))
        self.irregular("button_short_card", event, seat=self.order[-1])

    def _button_acted(self) -> bool:
        """Has the short button checked, called, bet or raised since the deal ended?"""
        assert self.short_button is not None
        seat, start = self.short_button
        return any(
            refused is None
            and done.name == "act"
            and done.seat == seat
            and done.action is not Action.FOLD
            for done, refused in self._log[start:]
        )

    def _short_button_ruled(self, event: Event) -> bool:
        """Rule on the short button: the card is owed, or (TDA24 37) a button that acted holding
        too few cards is dead. True when the card is to be given."""
        assert self.short_button is not None and self.betting is not None
        seat = self.short_button[0]
        name = "button_short_acted" if self._button_acted() else "button_short_card"
        self.irregular(name, event, seat=seat)
        if "pitch" in situation(name).outcome(self.ruleset).steps:
            return True
        self.short_button = None
        self.betting.kill(seat)
        self.table.to_muck(seat)
        return False

    def complete_button(self, event: Event) -> None:
        """The button's missing card is pitched to it (after the floor's ruling, or as the
        dealer sees the error)."""
        assert self.short_button is not None
        seat = self.short_button[0]
        pending = self.recovery.pending
        ruled = bool(pending) and pending[0].situation.name in _SHORT_BUTTON
        self.pitch_one(seat)
        if not ruled and self._short_button_ruled(event):
            self.recovery.take(1)  # this very pitch is the step the ruling calls for
        self.short_button = None

    def drop_stub(self, event: Event) -> None:
        """The stub falls and cannot be put back in order; with ``mixed``, into the muck or the
        burns, whose cards join it (TDA24 RP-4)."""
        table = self.table
        if event.mixed:
            table.stub.extend(table.muck)
            table.stub.extend(table.burns)
            table.muck.clear()
            table.burns.clear()
            self.irregular("dropped_stub_mixed", event)
        else:
            self.irregular("dropped_stub", event)
