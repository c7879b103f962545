"""The floor's rulings on the table itself (issue 25): the button found out of place (RRoP-MD(g),
TDA24 34-A) and a new deck brought in between hands (LA26 79; TDA24 26)."""

from __future__ import annotations

from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import HandState
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.table import dealing_order

__all__ = [
    "DECK_CHANGE_RULE",
    "DECK_CHANGE_STATES",
    "DECK_REQUEST_MINUTES",
    "TOURNAMENT_DECK_RULE",
    "TableErrors",
]

#: the rule a deck change cites: a new deck comes in between hands (WSOP live action)
DECK_CHANGE_RULE = "LA26 79"
#: a tournament's decks change on the room's schedule or when damaged, never on request
TOURNAMENT_DECK_RULE = "TDA24 26"
#: how long a cash game's decks are in play before a player may ask for a new setup (LA26 79)
DECK_REQUEST_MINUTES = 120
#: where a new deck may come in: before the hand's shuffle, or once the pot is awarded
DECK_CHANGE_STATES = frozenset({"shuffling", "hand_over"})
#: before the blinds: the button is simply put right, nothing has been dealt
_BEFORE_BLINDS = frozenset({"shuffling", "cutting", "blinds"})


class TableErrors(HandState):
    """The button out of place and the deck change: their checks and callbacks."""

    def _button_rule(self) -> str:
        return situation("wrong_button").outcome(self.ruleset).rule

    def verify_wrong_button(self, event: Event) -> None:
        seat = event.seat
        rule = self._button_rule()
        if seat == self.table.button:
            raise Rejected(
                f"the button is on seat {seat} already: nothing is out of place", rule=rule
            )
        if seat is None or self.table.stacks.get(seat, 0) <= 0:
            raise Rejected(f"seat {seat} has no player with chips to hold the button", rule=rule)
        if self.bought is not None:  # the buy was made from where it stands (LA26 158)
            raise Rejected(
                f"seat {self.bought} bought the button from where it stands: it stays there "
                "until the hand is over, and goes to the buyer next hand",
                rule=self.ruleset.entry_rule,
            )

    def button_misplaced(self, event: Event) -> None:
        """The floor finds the button out of place. Before substantial action: a misdeal, with the
        button put right and the blinds posted again from it; after it, the hand plays on and
        the button is not moved back (RRoP-MD(g); TDA24 34-A)."""
        if self.state not in ("dealing", "preflop") or self.substantial_action():
            self.irregular("wrong_button_late", event)
            return
        assert event.seat is not None and self.betting is not None
        stacks, posted = self.blinds_posted
        before = {seat: stacks[seat] + posted[seat] for seat in self.order}
        self.table.button = event.seat
        self.table.blinds = None
        # the same players, dealt from the corrected button: a seat sitting out (a cash game's
        # seat owing blinds, not posted) stays out
        self.order = dealing_order(before, event.seat)
        self.betting = self.new_betting(before)
        self.betting.post_blinds()
        again = dict(self.betting.contributed)
        if self.betting.dead:
            again[self.betting.blinds[1]] += self.betting.dead
        self.blinds_posted = (dict(self.betting.stacks), again)
        # what a player posted to come in, and a kill blind, is owed wherever the button is:
        # both stay posted (a straddle, posted from the wrong place, does not)
        self.post_owed()
        self.irregular("wrong_button", event)

    def move_button(self, event: Event) -> None:
        """Before the blinds, a button out of place is simply moved where it belongs."""
        assert event.seat is not None
        self.table.button = event.seat
        self.table.blinds = None

    def verify_hidden_hand(self, event: Event) -> None:
        seat = event.seat
        betting = self.betting
        if betting is None or seat not in betting.live or not self.table.holes.get(seat or 0):
            raise Rejected(f"seat {seat} has no live hand", rule=self._hidden_rule())

    def _hidden_rule(self) -> str:
        return situation("hidden_hand").outcome(self.ruleset).rule

    def hand_hidden(self, event: Event) -> None:
        """Hole cards off the table or out of view: the player puts them back in sight and the
        hand stays live (RRoP-DEAL 2); under the WSOP cash rule a hand kept hidden while
        substantial action went on is dead (LA26 75), its chips staying in the pot."""
        seat = event.seat
        assert seat is not None and self.betting is not None
        if not self.substantial_action():
            self.irregular("hidden_hand", event, seat=seat)
            return
        late = situation("hidden_hand_late")
        self.irregular(late.name, event, seat=seat)
        # the WSOP cash rule the tda-2024 family follows kills it; Robert's Rules keep it live
        if late.variant_of(self.ruleset) == "tda-2024":
            self.betting.kill(seat)
            self.table.to_muck(seat)
            self.held.pop(seat, None)  # an action it had out of turn goes with it
            if self.held:
                self.resolve_held(event)

    def verify_deck_change(self, event: Event) -> None:
        if self.state not in DECK_CHANGE_STATES and not self.recovery.lets_in(event.name):
            raise Rejected(
                "a new deck comes in between hands only, before the shuffle: this hand keeps "
                "the deck in play",
                rule=DECK_CHANGE_RULE,
            )
        if self.state == "hand_over" and not self.awarded:
            raise Rejected("the pot is not awarded yet", rule=DECK_CHANGE_RULE)
        if event.reason == "request":
            self._verify_deck_request(event.minutes)

    def _verify_deck_request(self, minutes: int | None) -> None:
        """A player's request: never in a tournament (TDA24 26); in a cash game once the decks
        have been in play two hours (LA26 79). The room's schedule, a foul deck or a damaged
        card change the deck whenever it is found, in either game."""
        if self.spec.game == "tournament":
            raise Rejected(
                "a tournament player cannot ask for a new deck: the decks change on the room's "
                "schedule or when one is damaged",
                rule=TOURNAMENT_DECK_RULE,
            )
        if minutes is None:
            raise Rejected(
                "a player's request for a new setup waits for the decks' two hours in play: "
                "say how long they have been in play ('minutes')",
                rule=DECK_CHANGE_RULE,
            )
        if minutes < DECK_REQUEST_MINUTES:
            raise Rejected(
                f"the decks have been in play {minutes} minutes: a player may ask for a new "
                f"setup after {DECK_REQUEST_MINUTES} (a damaged or foul deck is changed at once)",
                rule=DECK_CHANGE_RULE,
            )

    def change_deck(self, event: Event) -> None:
        """Every card of the old deck leaves the table; the new deck comes in its box order and
        must be shuffled (the procedure waits for the shuffle) before a card is dealt."""
        self.new_decks += 1
        if self.state == "hand_over":
            return  # the next hand gathers and shuffles; the new deck's order is set then
        self.table.gather()
        self.table.stub = list(STANDARD_DECK)
