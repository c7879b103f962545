"""The floor's rulings on showing hands (issue 25): asking to see a called hand, and "show one,
show all".

``see_hand: {seat: N, of: M}``: seat N asks to see seat M's hand, at the showdown or once the
pot is awarded, before it is pushed. Who may ask is the house's option ``see_hand``:

- ``any_player`` (Robert's Rules, RRoP-SD 5): any player dealt in may ask to see a hand that
  was called, even one already mucked, which the dealer brings back from the muck. A hand
  still held is tabled and keeps its claim. A mucked hand shown at the request of the pot's
  winner is live again: both hands are live and the better takes the pot; shown at anyone
  else's request it stays dead.
- ``river_caller`` (the TDA, TDA24 18): only a player who still holds or has tabled cards
  has a right to see a hand, the last aggressor's; anything else is the floor's to allow or
  refuse, and the engine refuses it with that rule. A mucked hand is dead and not shown.
- ``floor_only`` (the WSOP's live games, LA26 147): no player may simply ask; the floor looks
  at a mucked hand only when it fears collusion, which is no script event: refused.

``show_one: {seat: N, to: M}``: seat N, whose hand is live, shows cards to seat M. Show one,
show all (RRoP-SD 6; LA26 148): if seat M can still bet in this round the cards are shown to
the whole table at once; otherwise they are owed to the table once the betting is over, and
then any player at the table may ask for them with ``see_hand`` whatever ``see_hand`` says
(a hand folded since is shown from the muck and stays dead).

A request refused changes nothing; a hand shown moves no chip, except a mucked hand that the
winner's request brings back to life under Robert's Rules, after which the pots are settled
again between the hands tabled.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import HandState
from dealer_trainer.procedure.rulings import situation

__all__ = ["SEE_STATES", "ShowingRulings"]

#: where a called hand is asked for: the showdown, and once the pot is awarded
SEE_STATES = frozenset({"showdown", "hand_over"})
#: the betting rounds, where the player who saw cards may still have a bet to make
_BETTING = frozenset({"preflop", "flop", "turn", "river"})


class ShowingRulings(HandState):
    """``see_hand`` and ``show_one``: their checks and callbacks (see the module's words)."""

    def _see_rule(self) -> str:
        return situation("hand_seen").outcome(self.ruleset).rule

    def _show_all_rule(self) -> str:
        return situation("shown_to_one").outcome(self.ruleset).rule

    def _dealt_in(self, seat: int | None) -> bool:
        return self.betting is not None and seat in self.betting.stacks

    def _called(self, seat: int) -> bool:
        """Was the hand called: still in when the betting ended (shown, mucked at the showdown
        or held)? A hand folded during the betting, or the last one left, was not."""
        betting = self.betting
        if betting is None or seat not in betting.live:
            return False
        if self.state == "showdown":
            return True
        return len(betting.live) > 1 and len(self.table.board) == 5  # a showdown was reached

    def verify_see_hand(self, event: Event) -> None:
        seat, of = event.seat, event.of
        rule = self._see_rule()
        if of is None:
            raise Rejected("a request names the hand to see: 'of: <seat>'", rule=rule)
        if not self._dealt_in(seat):
            raise Rejected(f"seat {seat} was not dealt in: no right to see a hand", rule=rule)
        if not self._dealt_in(of):
            raise Rejected(f"seat {of} was not dealt in this hand: no hand to see", rule=rule)
        if seat == of:
            raise Rejected(f"seat {seat} asks to see its own hand", rule=rule)
        if of in self.owed_show:
            if self.state not in SEE_STATES:
                raise Rejected(
                    f"seat {of} showed cards to one player: the table sees them once the "
                    "betting is over",
                    rule=self._show_all_rule(),
                )
            return
        if self.state not in SEE_STATES:
            raise Rejected("a called hand is asked for at the showdown", rule=rule)
        if self.pushed:
            raise Rejected("the pot is pushed: the request came too late", rule=rule)
        if of in self.shown or of in self.seen:
            raise Rejected(f"seat {of}'s hand is face up already: nothing to ask", rule=rule)
        if not self._called(of):
            raise Rejected(f"seat {of}'s hand was not called: nobody may see it", rule=rule)
        if self.ruleset.see_hand == "floor_only":
            raise Rejected(
                "a player cannot simply ask to see a called hand: the floor looks at a mucked "
                "hand only when it fears collusion",
                rule=rule,
            )
        if self.ruleset.see_hand == "river_caller":
            self._verify_river_caller(seat, of, rule)

    def _verify_river_caller(self, seat: int | None, of: int, rule: str) -> None:
        assert self.betting is not None
        holds = seat in self.betting.live and seat not in self.mucked
        if not holds:
            raise Rejected(
                f"seat {seat} has no cards left: no right to see a hand (the floor's call)",
                rule=rule,
            )
        aggressor = self.betting.last_aggressor
        if aggressor != of:
            raise Rejected(
                f"only the last aggressor's hand may be asked for, and seat {of} is not it "
                "(any other request is the floor's call)",
                rule=rule,
            )
        if of in self.mucked:
            raise Rejected(f"seat {of}'s hand is in the muck: it is dead", rule=rule)

    def see_hand_on_request(self, event: Event) -> None:
        """The hand asked for is shown to the table (see the module's words)."""
        seat, of = event.seat, event.of
        assert seat is not None and of is not None and self.betting is not None
        if of in self.owed_show:
            self.owed_show.discard(of)
            self.seen.add(of)
            self.irregular("shown_to_all", event, seat=of)
            if self.state == "showdown" and of in self.betting.live and of not in self.mucked:
                self.shown.add(of)  # face up at the showdown: the hand is tabled
            return
        self.irregular("hand_seen", event, seat=of)
        self.seen.add(of)
        if of not in self.mucked:
            # tabled: at the showdown it keeps its claim; once the pot is awarded, the hand
            # that won unshown is turned up and still wins
            self.shown.add(of)
            self.released.discard(of)
            self.partly_shown.discard(of)
            return
        if self.awarded and self.won.get(seat, 0) > 0 and self.runs == 1:
            self._revive(seat, of)

    def _revive(self, winner: int, of: int) -> None:
        """The winner asked to see a mucked hand (RRoP-SD 5): both hands are live, and the
        better takes the pot. The hand comes back from the muck and the pots are settled again
        between the hands tabled."""
        cards = self.muck_hands.get(of)
        if not cards or any(card not in self.table.muck for card in cards):
            return  # a hand killed into the muck, not one the dealer can pick out: dead
        assert self.betting is not None
        for card in cards:
            self.table.muck.remove(card)
        self.table.holes[of] = list(cards)
        self.mucked.discard(of)
        self.board_players.pop(of, None)
        self.shown.update((winner, of))
        self.award_showdown()

    def award_showdown(self, *_: Any) -> None:  # pragma: no cover - Hand's own (the MRO)
        raise NotImplementedError

    def verify_show_one(self, event: Event) -> None:
        seat, to = event.seat, event.to
        rule = self._show_all_rule()
        betting = self.betting
        if (
            betting is None
            or seat not in betting.live
            or seat in self.mucked
            or not self.table.holes.get(seat or 0)
        ):
            raise Rejected(f"seat {seat} has no live hand to show", rule=rule)
        if to is None or to == seat or to not in self.table.stacks:
            raise Rejected(f"seat {to} is no other player at the table", rule=rule)

    def show_to_one(self, event: Event) -> None:
        """Cards shown to one player are the whole table's (RRoP-SD 6; LA26 148): at once if
        that player can still bet in this round, else once the betting is over."""
        seat, to = event.seat, event.to
        assert seat is not None and to is not None and self.betting is not None
        betting = self.betting
        can_bet = (
            self.state in _BETTING
            and to in betting.live
            and betting.stacks.get(to, 0) > 0
            and not betting.round_complete
            and not betting.betting_over
        )
        if can_bet:
            self.seen.add(seat)
        else:
            self.owed_show.add(seat)
        self.irregular("shown_to_one", event, seat=seat)
