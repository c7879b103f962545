"""The recovery steps: the callbacks of the ``step=True`` rows (replace, retrieve, set aside,
reshuffle, scramble), which a recovery under way calls for.
"""

from __future__ import annotations

from dealer_trainer.betting import (
    Street,
)
from dealer_trainer.cards import Card, shuffle
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    HandState,
)
from dealer_trainer.procedure.recovery import Recovery

__all__ = ["RecoverySteps"]


class RecoverySteps(HandState):
    """The recovery steps: the callbacks of the ``step=True`` rows (replace, retrieve, set aside,"""

    def replace_card(self, event: Event) -> None:
        """The player gets the top card of the stub in place of the exposed or boxed card."""
        recovery = self.recovery.pending[0]
        seat = recovery.seat
        if seat is None:  # a board card or a burn (boxed, shown, or turned for a burn)
            self._replace_on_board(recovery)
            return
        hole = self.table.holes[seat]
        card = recovery.cards[0]
        hole[hole.index(card)] = self.table.stub.pop(0)
        if recovery.situation.name == "boxed_card":
            self.table.set_aside.append(card)  # a scrap of paper, not a card of the hand
        else:
            self.table.burns.append(card)  # the flop's burn card

    def retrieve_cards(self, event: Event) -> None:
        """Cards the error put out go back on top of the stub (every card, for a misdeal)."""
        recovery = self.recovery.pending[0]
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
            # a hand voided at the showdown (a foul deck) leaves no claim behind
            self.shown.clear()
            self.mucked.clear()
            self.declared.clear()
            self.board_players.clear()
            assert self.betting is not None
            if self.actions or self.betting.street is not Street.PREFLOP:
                # bets made since the blinds come back (TDA24 35-C)
                stacks, posted = self.blinds_posted
                before = {seat: stacks[seat] + posted[seat] for seat in self.order}
                straddles = self.betting.straddles
                self.betting = self.new_betting(before)
                self.betting.post_blinds()
                self.post_owed()  # blinds owed stay posted too, and a kill blind
                for seat, amount in straddles:  # a straddle stays posted, as the blinds do
                    self.betting.straddle(seat, amount, button=self.table.button)
            self.new_deal()
            return
        for card in recovery.cards:
            if card in table.board:
                table.board.remove(card)
            elif card in table.burns:  # a second burn card goes back (LA26 169)
                table.burns.remove(card)
            elif recovery.seat is not None:
                table.holes[recovery.seat].remove(card)
        table.stub[:0] = recovery.cards

    def set_aside_cards(self, event: Event) -> None:
        """The premature card is taken out of play for now."""
        recovery = self.recovery.pending[0]
        for card in recovery.cards:
            self.table.board.remove(card)
            self.table.set_aside.append(card)

    def reshuffle_stub(self, event: Event) -> None:
        """Shuffle the stub, with the set-aside premature card back in it (never the burns)."""
        recovery = self.recovery.pending[0]
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

    def _replace_on_board(self, recovery: Recovery) -> None:
        table = self.table
        name = recovery.situation.name
        if name == "missed_burn":  # the card turned was the burn; the next card is the street's
            card = recovery.cards[0]
            table.board.remove(card)
            table.burns.append(card)
            table.board.append(table.stub.pop(0))
        elif name == "extra_burn_turned":  # the second burn was the street's card; the card turned
            burned, turned = recovery.cards  # is the next street's burn
            table.burns.remove(burned)
            table.board[table.board.index(turned)] = burned
            table.stub.insert(0, turned)
        else:  # a boxed card, or a shown burn burned again: set aside, the next card in its place
            card = recovery.cards[0]
            zone = table.board if card in table.board else table.burns
            zone.remove(card)
            table.set_aside.append(card)
            zone.append(table.stub.pop(0))
