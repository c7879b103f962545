"""The floor's errors of the deal, the showdown, the pot and the deck (issue 13): stuck and
flashed cards, a killed hand, a pot pushed to the wrong player, a foul or short deck.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    HandState,
    Misaward,
)
from dealer_trainer.showdown import (
    odd_chip_seats,
)

__all__ = ["FloorErrors"]


class FloorErrors(HandState):
    """The floor's errors of the deal, the showdown, the pot and the deck (issue 13): stuck and"""

    def verify_kill(self, event: Event) -> None:
        seat = event.seat
        betting = self.betting
        if betting is None or seat not in betting.order or seat in betting.folded:
            raise Rejected(f"seat {seat} has no live hand to kill")
        if seat in self.mucked:
            raise Rejected(f"seat {seat} has already mucked")

    def verify_flash(self, event: Event) -> None:
        seat = event.seat
        betting = self.betting
        if betting is None or seat not in betting.order or seat in betting.folded:
            raise Rejected(f"seat {seat} has no live hand")
        if seat is not None and not self.table.holes[seat]:
            raise Rejected(f"seat {seat} holds no card yet")

    def verify_push(self, event: Event) -> None:
        if event.seat not in self.table.stacks:
            raise Rejected(f"seat {event.seat} has no player to push a pot to")
        if not self.pots:
            raise Rejected("there is no pot to push")

    def cards_stuck(self, event: Event) -> bool:
        return event.cards == 2

    def pitch_stuck(self, event: Event) -> None:
        """Two cards stuck together go to the seat due as one: it holds the wrong number of cards
        (RRoP-MD(e), TDA24 35-A-5)."""
        seat, _ = self.pitch_one()
        self.table.holes[seat].append(self.table.stub.pop(0))
        if event.unnoticed:  # the deal goes on; the floor may notice it later
            self.latent.append(("stuck_cards", event))
            return
        self.irregular("stuck_cards", event)

    def player_flash(self, event: Event) -> None:
        """A player shows a hole card: no dealer error, the card plays (RRoP-IR 12, TDA24 68)."""
        self.irregular("player_flashed_card", event, seat=event.seat)

    def hand_tabled(self, event: Event) -> bool:
        return event.seat in self.shown

    def kill_tabled_hand(self, event: Event) -> None:
        """A tabled hand pushed into the muck: it cannot be killed, it comes back (TDA24 13-C)."""
        seat = event.seat
        assert seat is not None
        cards = list(self.table.holes[seat])
        self.table.to_muck(seat)
        self.irregular("tabled_hand_killed", event, cards=cards, seat=seat)

    def retrieve_killed_hand(self, event: Event) -> None:
        """The tabled cards come back out of the muck to their player."""
        recovery = self.recovery.pending[0]
        assert recovery.seat is not None
        for card in recovery.cards:
            self.table.muck.remove(card)
        self.table.holes[recovery.seat].extend(recovery.cards)

    def kill_hand(self, event: Event) -> None:
        """A hand not tabled, killed by the dealer: dead, with no redress (TDA24 65-A)."""
        seat = event.seat
        assert seat is not None and self.betting is not None
        if self.state == "showdown":
            self.mucked.add(seat)
        else:
            self.betting.kill(seat)
            self.betting.return_uncalled(seat)  # a bet nobody called goes back to it (65-A)
        self.table.to_muck(seat)
        self.irregular("hand_killed", event, seat=seat)
        self.held.pop(seat, None)
        if self.held:
            self.resolve_held(event)

    def foul_deck_found(self, event: Event) -> None:
        """A duplicate card or another back voids the hand; a joker is a scrap of paper, or under
        TDA a misdeal before substantial action (TDA24 35-A-6, 35-D)."""
        if event.found == "joker":
            name = "joker_found_late" if self.substantial_action() else "joker_found"
        else:
            name = "foul_deck_duplicate" if event.found == "duplicate" else "foul_deck_back"
        self.irregular(name, event)

    def deck_found_short(self, event: Event) -> None:
        """Cards missing from the deck do not void the hand: the result stands (LA26 121)."""
        self.irregular("short_deck", event)

    def push_pot(self, event: Event) -> None:
        """The dealer pushes a pot to a seat: each pot not pushed yet that the seat can win (else
        the first pot not pushed yet, else the main pot), so the main pot pushed to one player
        and then the side pot to another moves each once. To the seat that won it: nothing to
        say. To another: the wrong player was paid."""
        seat = event.seat
        assert seat is not None
        pots = self.pots
        waiting = [i for i in range(len(pots)) if i not in self.pushed] or list(range(len(pots)))
        moved = [i for i in waiting if seat in pots[i].eligible] or waiting[:1] or [0]
        self.pushed.update(moved)
        if all(pots[i].winners == (seat,) for i in moved):
            return
        if self.misaward is None:
            self.misaward = Misaward(
                dict(self.table.stacks), dict(self.won), list(pots), seat, False
            )
        stacks, won = self.table.stacks, self.won
        for i in moved:
            pot = pots[i]
            odd = odd_chip_seats(pot.amount, pot.winners) if pot.winners else ()
            for winner in pot.winners:
                share = pot.amount // len(pot.winners) + odd.count(winner)
                stacks[winner] -= share
                won[winner] -= share
                if not won[winner]:
                    del won[winner]
            stacks[seat] += pot.amount
            won[seat] = won.get(seat, 0) + pot.amount
            pots[i] = replace(pot, winners=(seat,))
        if not event.unnoticed:
            self.misaward.noticed = True
            self.irregular("wrong_pot_award", event, seat=seat)

    def push_unnoticed(self, *_: Any) -> bool:
        return self.misaward is not None and not self.misaward.noticed

    def notice_push(self, event: Event) -> None:
        """The wrong push comes to light before the next hand: it is corrected (TDA24 22)."""
        assert self.misaward is not None
        self.misaward.noticed = True
        self.irregular("wrong_pot_award", event, seat=self.misaward.seat)

    def correct_award(self, event: Event) -> None:
        """The chips go back where the award said: to the hand that won."""
        found = self.misaward
        assert found is not None
        self.table.stacks.update(found.stacks)
        self.won = dict(found.won)
        self.pots = list(found.pots)
        self.misaward = None

    def close_disputes(self, event: Event) -> None:
        """The next hand begins: a wrong push nobody saw stands (RRoP-DM 5, TDA24 22)."""
        found = self.misaward
        if found is not None and not found.noticed:
            self.irregular("wrong_pot_award_late", event, seat=found.seat)
