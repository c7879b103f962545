"""The checks of the events: can an event happen at all? (pure; raise Rejected)

Each event of the vocabulary (:data:`~dealer_trainer.procedure.events.VOCABULARY`) names its
check, a ``verify_<check>`` method here; :meth:`~dealer_trainer.procedure.hand.Hand.handle`
calls it before the machine fires the event.
"""

from __future__ import annotations

from dealer_trainer.declarations import rule_on
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.chip_rulings import ChipRulings
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    ALL_IN_TABLED_RULE,
    HOLE_CARDS,
    SHOWDOWN_RULE,
)
from dealer_trainer.procedure.player_rulings import PlayerRulings
from dealer_trainer.straddles import most_re_straddles

__all__ = ["Checks"]


class Checks(PlayerRulings, ChipRulings):
    """The ``verify_<check>`` methods of the events (a player's ruling's checks beneath)."""

    def verify_nothing(self, event: Event) -> None:
        """Events that can always happen in their step."""

    def verify_cut(self, event: Event) -> None:
        if event.at is not None and event.at >= len(self.table.stub):
            raise Rejected(f"cannot cut at {event.at}: the deck holds {len(self.table.stub)} cards")

    def verify_post_blinds(self, event: Event) -> None:
        if len(self.table.players()) < 2:
            raise Rejected("a hand needs at least two players with chips")

    def verify_straddle(self, event: Event) -> None:
        """A live straddle: where the table's game and ruleset allow one, before the first card
        (RRoP-BLD 4; LA26 22); its seat and size are the betting's to judge."""
        assert self.betting is not None and event.seat is not None
        rule = self.ruleset.straddle_rule
        place = self.spec.straddle
        if self.kill_blind is not None:  # no straddle in a kill pot (LA26 203)
            raise Rejected("a kill pot has no straddle: the kill blind is posted", rule="LA26 203")
        if place == "none":
            option = "straddle" if self.spec.game == "cash" else "tournament_straddle"
            raise Rejected(
                f"no straddle at this table: {self.ruleset.name} allows none in a "
                f"{self.spec.game} game (option {option}: none)",
                rule=rule,
            )
        if self.dealt:
            raise Rejected(
                "a straddle is posted before the first card is dealt; the deal has begun",
                rule=rule,
            )
        posted = len(self.betting.straddles)
        most = most_re_straddles(self.ruleset.re_straddle, self.spec.stakes.big_blind)
        if posted and most is not None and posted > most:
            raise Rejected(
                f"no more straddles: at most {1 + most} a hand with a big blind of "
                f"{self.spec.stakes.big_blind} ({self.ruleset.name}, option re_straddle: "
                f"{self.ruleset.re_straddle})",
                rule=rule,
            )
        self.betting.verify_straddle(event.seat, event.amount, button=self.table.button)

    def verify_pitch(self, event: Event) -> None:
        if event.boxed and (event.exposed or event.dropped):
            raise Rejected(
                "a card is either boxed (found face up in the deck) or exposed, not both"
            )
        if event.to is not None and (event.exposed or event.boxed or event.dropped):
            raise Rejected(
                "a card dealt to the wrong seat is judged on its own: drop 'to' or the flag"
            )
        if event.cards is not None:
            if event.cards not in (1, 2) or self.state != "dealing":
                raise Rejected(
                    "a pitch is one card; two stuck together (cards: 2) are judged in the deal"
                )
            if event.exposed or event.boxed or event.dropped or event.to is not None:
                raise Rejected("two cards stuck together are judged on their own: drop the flag")
            self.table.require(event.cards)
            return
        self.table.require(1)

    def verify_deal(self, event: Event) -> None:
        if event.seat is not None:  # the round dealt with a seat owing blinds in (LA26 161)
            self.verify_deal_owing(event)
            return
        self.table.require(HOLE_CARDS * len(self.order) - self.dealt)

    def verify_act(self, event: Event) -> None:
        assert self.betting is not None and event.seat is not None and event.action is not None
        if event.seat not in self.betting.order:
            raise Rejected(f"seat {event.seat} is not in this hand")
        self._floor = None
        if event.out_of_turn:
            self.verify_out_of_turn(event)
            return
        action, amount = event.action, event.amount
        if event.said is not None or event.chips is not None:  # words and chips: a floor ruling
            floor = rule_on(
                self.betting,
                event.seat,
                ruleset=self.ruleset,
                said=event.said,
                amount=event.amount,
                chips=event.chips or (),
                more=event.more or (),
            )
            action, amount, self._floor = floor.action, floor.amount, floor
        if event.told is not None:  # a wrong count acted on (TDA24 49; LA26 139)
            self._floor = self.misinformed(event, self._floor)
            if self._floor is not None:
                action, amount = self._floor.action, self._floor.amount
        if self.no_fold:  # a prior bet pulled back facing a raise (TDA24 46-B)
            self.verify_no_fold(event, action)
        if self.conditionals:  # a conditional statement held binding (TDA24 59-A; LA26 18)
            self.verify_conditional_held(event, action)
        ruling = self.betting.verify(event.seat, action, amount)
        if self.no_raise and event.seat in self.no_raise:
            self.verify_no_raise(event, ruling)
        self._ruling = ruling

    def verify_flop(self, event: Event) -> None:
        count = 3 if event.cards is None else event.cards
        if count != 3 and (event.boxed or event.unnoticed):
            raise Rejected(f"a flop of {count} cards is judged on its own: drop the other flag")
        if event.boxed or event.unnoticed or event.exposed:
            self._verify_flags(event, count)
        if count < 3:
            raise Rejected(f"a flop is three cards, not {count}: turn the rest", rule="RRoP-HEP 3")
        if count > 3 and self.state != "flop_deal":
            raise Rejected(
                f"a flop of {count} cards is judged only where a flop is due (after its burn)",
                rule="RRoP-HE 2",
            )
        self.table.require(count)

    def verify_one_card(self, event: Event) -> None:
        """A burn, the turn or the river: one card off the stub."""
        if event.boxed or event.unnoticed or event.exposed:
            self._verify_flags(event, 1)
        self.table.require(1)

    def _verify_flags(self, event: Event, count: int) -> None:
        """A board card or a burn flagged as a dealer error: one flag, where it is judged."""
        flags = [flag for flag in ("exposed", "boxed", "unnoticed") if getattr(event, flag)]
        if len(flags) > 1:
            raise Rejected(f"{event.name}: one of {' or '.join(flags)}, not both")
        states = _FLAGGED.get((event.name, flags[0]))
        if states is None:
            raise Rejected(f"{event.name} cannot be {flags[0]}")
        if self.state not in states:
            raise Rejected(
                f"{event.name} {flags[0]} is judged only where {_FLAGGED_WHERE[flags[0]]}",
                rule=self._step_rule(),
            )
        if event.boxed:  # the boxed card and the one that takes its place
            self.table.require(count + 1)

    def verify_drop_stub(self, event: Event) -> None:
        if len(self.table.stub) < 8:
            raise Rejected("the stub is too short to be shuffled and cut (fewer than 8 cards)")

    def verify_scramble(self, event: Event) -> None:
        if event.card is not None and event.card not in self.table.board:
            raise Rejected(f"{event.card} is not on the board: the burn is one of the board cards")
        pending = self.recovery.pending
        if pending and pending[0].situation.name == "flop_without_burn":
            self.table.require(1)

    def verify_showdown(self, event: Event) -> None:
        seat = event.seat
        assert self.betting is not None and seat is not None
        if seat not in self.betting.order or seat in self.betting.folded:
            raise Rejected(f"seat {seat} has no live hand at the showdown", rule=SHOWDOWN_RULE)
        if event.cards is not None and event.cards not in (1, HOLE_CARDS):
            raise Rejected(
                f"a hand is tabled with both cards face up (or one card, half tabled), not "
                f"{event.cards}",
                rule=SHOWDOWN_RULE,
            )
        if seat in self.mucked:
            dead = self.ruleset.mucked_dead_rule
            raise Rejected(f"seat {seat} has already mucked: a mucked hand is dead", rule=dead)
        if event.name != "muck" and (seat in self.released or seat in self.partly_shown):
            self.verify_showdown_again(event)
        if event.name == "show" and seat in self.shown:
            raise Rejected(f"seat {seat} has already tabled the hand", rule=SHOWDOWN_RULE)
        if event.name == "declare_board" and seat in self.declared:
            raise Rejected(f"seat {seat} has already declared the board", rule=SHOWDOWN_RULE)
        if event.name == "muck" and seat in self.shown:
            raise Rejected(
                f"seat {seat} has tabled the hand: a tabled hand is read, not mucked (TDA24 12)",
                rule="TDA24 12",
            )
        if event.name in _LETTING_GO and seat in self.ordered:
            self.refuse_ordered(event)
        if event.name in _LETTING_GO and self.hands_must_be_tabled():
            raise Rejected(
                f"seat {seat} cannot muck unshown: a player is all-in and the betting is over, "
                f"so every hand still in is tabled, main pot and side pots ({ALL_IN_TABLED_RULE})",
                rule=ALL_IN_TABLED_RULE,
            )

    def verify_next_hand(self, event: Event) -> None:
        if len(self._players_with_chips()) < 2:
            raise Rejected("only one player has chips left: there is no next hand")


#: the showdown events by which a player gives a hand up unshown
_LETTING_GO = frozenset({"muck", "release"})

#: where a flagged board event is a dealer error the engine judges (elsewhere it is refused)
_BURNS = frozenset({"flop_burn", "turn_burn", "river_burn"})
_FLAGGED: dict[tuple[str, str], frozenset[str]] = {
    ("burn", "exposed"): _BURNS,
    ("burn", "boxed"): _BURNS,
    ("burn", "unnoticed"): frozenset({"turn_deal", "river_deal"}),  # a second burn
    ("flop", "boxed"): frozenset({"flop_deal"}),
    ("flop", "unnoticed"): frozenset({"flop_burn"}),  # no burn
    ("turn", "boxed"): frozenset({"turn_deal"}),
    ("turn", "unnoticed"): frozenset({"turn_burn"}),
    ("river", "boxed"): frozenset({"river_deal"}),
    ("river", "unnoticed"): frozenset({"river_burn"}),
}
_FLAGGED_WHERE = {
    "exposed": "a street's burn is due",
    "boxed": "that card is due",
    "unnoticed": "it is a burn error (no burn before the card, or a second burn)",
}
