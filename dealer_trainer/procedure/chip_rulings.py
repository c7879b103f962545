"""The floor's rulings on chips and counts (issue 25): chips pulled back, a count on request.

``pull_back: {seat: N}``: the player takes back chips that are in front of them this betting
round. Chips put out in turn have crossed the line and stay in (TDA24 50-A; LA26 69 in a cash
game), so the engine refuses it, with the rule, and nothing changes. The one exception is a
player facing a raise on their turn with earlier chips still in front of them (a bet, a call, a
blind): pulling those back is allowed, and it binds the player to call or raise (TDA24 46-B),
so a fold on this turn is then refused.

``count: {seat: N, of: M}``: seat N asks for an exact count of seat M's stack. In a cash game
a player gets one whenever asked, the dealer counting if the owner will not (LA26 76); in a
tournament only the player whose turn it is and who faces seat M's all-in (TDA24 60); anything
else is refused with that rule. A count changes no chip.
"""

from __future__ import annotations

from dealer_trainer.betting import Action
from dealer_trainer.errors import IllegalAction, Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import HandState

__all__ = ["BETTING_ROUNDS", "ChipRulings", "count_rule", "pull_back_rule"]

#: the rule a pulled-back prior bet binds by
PRIOR_BET_RULE = "TDA24 46-B"
#: the betting rounds, where chips can be pulled back and counts asked for
BETTING_ROUNDS = frozenset({"preflop", "flop", "turn", "river"})


def pull_back_rule(game: str) -> str:
    """The rule that keeps chips put out in turn in the pot, in a cash game or a tournament."""
    return "LA26 69" if game == "cash" else "TDA24 50-A"


def count_rule(game: str) -> str:
    """The rule that says who may have a stack counted, in a cash game or a tournament."""
    return "LA26 76" if game == "cash" else "TDA24 60"


class ChipRulings(HandState):
    """Chips pulled back and counts on request (see the module's words)."""

    def verify_pull_back(self, event: Event) -> None:
        """Refuse chips pulled back once they crossed the line, except a prior bet pulled back
        facing a raise on the player's turn (TDA24 46-B)."""
        betting, seat = self.betting, event.seat
        assert seat is not None
        rule = pull_back_rule(self.spec.game)
        if betting is None or self.state not in BETTING_ROUNDS:
            raise Rejected("chips are pulled back only during a betting round", rule=rule)
        if seat not in betting.order:
            raise Rejected(f"seat {seat} is not in this hand", rule=rule)
        put = betting.bets[seat]
        if not put:
            raise IllegalAction(
                f"seat {seat} has no chips out this round: there is nothing to pull back",
                rule=rule,
            )
        if seat == betting.to_act and betting.current_bet > put:
            return  # a prior bet facing a raise: allowed, and it binds (pull_back_prior)
        raise IllegalAction(
            f"seat {seat}'s {put} crossed the line in turn and stays in the pot; the bet "
            "stands as it was put out",
            rule=rule,
        )

    def pull_back_prior(self, event: Event) -> None:
        """A prior bet pulled back facing a raise: the chips stay the seat's bet so far, and the
        seat must now call or raise (TDA24 46-B)."""
        assert event.seat is not None
        self.no_fold[event.seat] = PRIOR_BET_RULE

    def verify_no_fold(self, event: Event, action: Action) -> None:
        """A player who pulled back a prior bet facing a raise may not fold (TDA24 46-B)."""
        if event.seat in self.no_fold and action is Action.FOLD:
            raise IllegalAction(
                f"seat {event.seat} pulled back its earlier chips facing the raise: it must "
                "call or raise, and may not fold",
                rule=self.no_fold[event.seat],
            )

    def verify_count(self, event: Event) -> None:
        """A count of seat ``of``'s stack on seat ``seat``'s request: any time in a cash game
        (LA26 76); in a tournament only on the asker's turn, facing that seat's all-in
        (TDA24 60)."""
        betting, seat, of = self.betting, event.seat, event.of
        assert seat is not None
        rule = count_rule(self.spec.game)
        if betting is None or self.state not in BETTING_ROUNDS:
            raise Rejected("a count is asked for during a betting round", rule=rule)
        if of is None:
            raise Rejected("a count names the stack to count: 'of: <seat>'", rule=rule)
        for who in (seat, of):
            if who not in betting.order:
                raise Rejected(f"seat {who} is not in this hand", rule=rule)
        if of == seat:
            raise Rejected(f"seat {seat} counts its own chips; no count to ask for", rule=rule)
        if self.spec.game == "cash":
            return
        facing_all_in = (
            of in betting.all_in
            and seat not in betting.folded
            and betting.bets[of] > betting.bets[seat]
        )
        if seat != betting.to_act or not facing_all_in:
            raise IllegalAction(
                f"in a tournament seat {seat} may have seat {of}'s chips counted only on its "
                f"own turn, facing seat {of}'s all-in; an estimate by eye is all it gets now",
                rule=rule,
            )

    def take_count(self, event: Event) -> None:
        """The dealer counts the stack out: no chip moves."""
