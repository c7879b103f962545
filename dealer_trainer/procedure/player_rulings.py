"""The floor's rulings on what players do (issue 18): an action out of turn (TDA24 53;
RRoP Betting 11), a player away at the deal (TDA24 30), a hand ordered tabled, tabled one
card only or let go face down (TDA24 13-A, 14, 17-A).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealer_trainer.betting import (
    Action,
    Ruling,
)
from dealer_trainer.errors import IllegalAction, Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    NO_CHIPS,
    HandState,
    Held,
    tda_substantial,
)
from dealer_trainer.procedure.rulings import situation

__all__ = ["PlayerRulings"]


#: why a seat may not bet or raise on this turn, by the situation that limits it
_NO_RAISE_WHY: dict[str, str] = {
    "action_out_of_turn": "checked or called out of turn: when the action changed it got its "
    "chips back, but it may not bet or raise on this turn, only call or fold",
    "skipped_by_out_of_turn": "was skipped and said nothing while substantial action came in "
    "out of turn after it: it may check, call or fold on this turn, not bet or raise",
}


#: the betting rounds, where an action out of turn is judged
_BETTING_ROUNDS = frozenset({"preflop", "flop", "turn", "river"})


class PlayerRulings(HandState):
    """The floor's rulings on what players do (issue 18): an action out of turn (TDA24 53;"""

    def verify_out_of_turn(self, event: Event) -> None:
        """An action out of turn must be one the player could make in turn, by a seat whose turn
        is still to come in this round."""
        seat, action = event.seat, event.action
        betting = self.betting
        assert betting is not None and seat is not None and action is not None
        if self.state not in _BETTING_ROUNDS:
            raise Rejected(
                "an action out of turn is judged only during a betting round",
                rule=self._step_rule(),
            )
        rule = situation("action_out_of_turn").outcome(self.ruleset).rule
        if seat == betting.to_act:
            raise Rejected(
                f"it is seat {seat}'s turn: its action is in turn, not out of turn", rule=rule
            )
        if seat in self.held:
            raise Rejected(
                f"the floor already holds an action out of turn of seat {seat}", rule=rule
            )
        self._ruling = None
        betting.verify_out_of_turn(seat, action, event.amount)

    def verify_no_raise(self, event: Event, ruling: Ruling) -> None:
        """A player freed of a check or call out of turn (RRoP Betting 11), or skipped while
        substantial action came in out of turn (TDA24 53-B), may not bet or raise on this turn."""
        assert self.betting is not None
        if ruling.to > self.betting.current_bet:
            name = self.no_raise[event.seat or 0]
            raise IllegalAction(
                f"seat {event.seat} {_NO_RAISE_WHY[name]}",
                rule=situation(name).outcome(self.ruleset).rule,
            )

    def hold_out_of_turn(self, event: Event) -> None:
        """The floor holds the action and backs it up to the seat due; an out-of-turn fold is
        binding at once (TDA24 53-A; RRoP Dead Hands)."""
        seat, action = event.seat, event.action
        betting = self.betting
        assert betting is not None and seat is not None and action is not None
        skipped = [other for other in betting.skipped_by(seat) if other not in self.held]
        self.irregular("action_out_of_turn", event, seat=seat)
        if action is Action.FOLD:
            betting.kill(seat)
            self.table.to_muck(seat)
        else:
            facing = betting.current_bet
            self.held[seat] = Held(seat=seat, action=action, amount=event.amount, facing=facing)
        self.skipped.pop(seat, None)  # a seat that acts, even out of turn, is not silent
        for other in skipped:
            self.skipped.setdefault(other, []).append((seat, action not in NO_CHIPS))
        silent = [
            other
            for other in skipped
            if other not in self.skipped_ruled
            and tda_substantial([chips for _, chips in self.skipped[other]])
        ]
        if silent:
            self._rule_skipped(event, silent)

    def _rule_skipped(self, event: Event, silent: list[int]) -> None:
        """Substantial action out of turn has come in after players skipped who said nothing
        (TDA24 53-B): the actions out of turn after them bind, and the ruleset option
        ``skipped_hand`` says what the floor does with the skipped hands: under Robert's Rules
        nothing changes (Betting 11 sets no such limit: ``acts``); under TDA the floor limits them
        to checking, calling or folding (``no_raise``) or rules them dead (``dead``)."""
        betting = self.betting
        assert betting is not None
        self.irregular("skipped_by_out_of_turn", event, seat=silent[0])
        self.skipped_ruled.update(silent)
        choice = self.ruleset.skipped_hand
        if choice == "acts":
            return
        for other in silent:
            for seat, _ in self.skipped[other]:
                if seat in self.held:
                    self.held[seat] = replace(self.held[seat], binding=True)
        if choice == "no_raise":
            self.no_raise.update(dict.fromkeys(silent, "skipped_by_out_of_turn"))
            return
        if not [seat for seat in betting.live if seat not in silent]:
            return  # nobody else is left in the hand: there is no one to rule it dead against
        for seat in silent:
            betting.kill(seat)
            self.table.to_muck(seat)
        if self.held:
            self.resolve_held(event)

    def verify_absent(self, event: Event) -> None:
        seat = event.seat
        betting = self.betting
        if betting is None or seat not in betting.order or seat in betting.folded:
            raise Rejected(f"seat {seat} has no live hand")
        if seat in self.absent:
            raise Rejected(f"seat {seat} has already been ruled away from the table")
        present = [other for other in betting.live if other != seat and other not in self.absent]
        if not present:
            raise Rejected(
                f"seat {seat} is the last player at the table: a hand needs a player present to be "
                "played (the floor deals again when everyone is back)"
            )
        acted = any(
            refused is None and done.name == "act" and done.seat == seat and not done.out_of_turn
            for done, refused in self._log
        )
        if acted:
            raise Rejected(
                f"seat {seat} has acted on its hand: it was at the table when the deal ended",
                rule=situation("absent_at_deal").outcome(self.ruleset).rule,
            )

    def seat_absent(self, event: Event) -> None:
        """A player away from the seat when the last starting card is dealt: the hand is dead,
        killed as the deal ends; blinds posted stay in the pot (TDA24 30)."""
        seat = event.seat
        assert seat is not None
        self.irregular("absent_at_deal", event, seat=seat)
        if self.state == "dealing" and not self.starting_hands_dealt():
            self.absent.add(seat)
            return
        self._kill_absent(seat, event)

    def _kill_absent(self, seat: int, event: Event) -> None:
        assert self.betting is not None
        self.betting.kill(seat)
        self.table.to_muck(seat)
        self.held.pop(seat, None)
        if self.held:
            self.resolve_held(event)

    def kill_absent_hands(self, *_: Any) -> None:
        """The deal is over: the hands of players away from their seats are dead."""
        if not self.absent:
            return
        assert self.betting is not None
        for seat in sorted(self.absent):
            if seat not in self.betting.folded:
                self.betting.kill(seat)
                self.table.to_muck(seat)

    def verify_showdown_again(self, event: Event) -> None:
        """A hand let go face down, or tabled one card only, is still live: it may be tabled in
        full (TDA24 14, 13-A); it cannot be let go or half-tabled twice."""
        seat = event.seat
        if event.name == "release" and seat in self.released:
            raise Rejected(f"seat {seat} has already let the hand go face down")
        if event.name == "show" and event.cards == 1 and seat in self.partly_shown:
            raise Rejected(
                f"seat {seat} has already shown one card: table both cards, or muck",
                rule=situation("hand_partly_tabled").outcome(self.ruleset).rule,
            )

    def refuse_ordered(self, event: Event) -> None:
        seat = event.seat
        raise Rejected(
            f"the floor has ordered seat {seat}'s hand tabled: it cannot be mucked unshown",
            rule=situation("hand_ordered_tabled").outcome(self.ruleset).rule,
        )

    def verify_order_show(self, event: Event) -> None:
        self.verify_showdown(event)
        if event.seat in self.shown or event.seat in self.ordered:
            raise Rejected(f"seat {event.seat}'s hand is already tabled or ordered tabled")

    def order_tabled(self, event: Event) -> None:
        """The floor orders a hand tabled (TDA24 17-A; RRoP Showdown 7): it cannot be mucked now."""
        assert event.seat is not None
        self.ordered.add(event.seat)
        self.irregular("hand_ordered_tabled", event, seat=event.seat)

    def show_one_card(self, event: Event) -> None:
        """One card tabled is no tabled hand: it claims nothing until both are face up (TDA24
        13-A, 15-A; RRoP Showdown 1)."""
        assert event.seat is not None
        self.partly_shown.add(event.seat)
        self.irregular("hand_partly_tabled", event, seat=event.seat)

    def release_hand(self, event: Event) -> None:
        """A hand let go face down at the showdown: dead at once under Robert's Rules; under TDA
        still live until the dealer pushes it into the muck (``muck``) or the player tables it."""
        seat = event.seat
        assert seat is not None
        self.irregular("hand_released", event, seat=seat)
        if self.ruleset.released_hand_dead:
            self.muck_hand(event)
        else:
            self.released.add(seat)
