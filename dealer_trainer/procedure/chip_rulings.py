"""The floor's rulings on chips and counts (issue 25): chips pulled back and forward motion, a
count on request, a miscount acted on, conditional statements.

``pull_back: {seat: N}``: the player takes back chips that are in front of them this betting
round. Chips put out in turn have crossed the line and stay in (TDA24 50-A; LA26 69 in a cash
game), so the engine refuses it, with the rule, and nothing changes. The one exception is a
player facing a raise on their turn with earlier chips still in front of them (a bet, a call, a
blind): pulling those back is allowed, and it binds the player to call or raise (TDA24 46-B),
so a fold on this turn is then refused. Chips a player moves forward on their turn and takes
back before they cross the line (no chips out this round) are no action: accepted, nothing
changes, and the player still acts, except in a limit cash game where a player behind has
already acted out of turn on that motion: the player must then complete the bet or give up the
hand, and a check is refused (LA26 138).

``count: {seat: N, of: M}``: seat N asks for an exact count of seat M's stack. In a cash game
a player gets one whenever asked, the dealer counting if the owner will not (LA26 76); in a
tournament only the player whose turn it is and who faces seat M's all-in (TDA24 60); anything
else is refused with that rule. A count changes no chip.

``conditional: {seat: N, action: raise}``: seat N, not in turn, says what it will do if bet
into ("if you bet, I raise"). Conditional statements are discouraged and the floor may hold
them binding (TDA24 59-A; LA26 18 in a cash game); the ruleset option ``conditional`` says what
this house does. Held binding, once a bet bigger than the one it faced then comes to the seat
on its turn, the stated action (a raise: any raise, or all-in) is the only one accepted from it
on that turn, where the betting allows it; anything else is refused with the rule. Not binding,
the statement changes nothing. It lapses when the seat acts or the round ends.

``act: {..., told: N}``: the player acted on a wrong count, told the bet was N. The player has
accepted the true action (TDA24 49; LA26 139 in a cash game): chips short of the true call are
a full call, chips matching an overstated N with no raise said are a call with the rest back.
At a cash table the floor may let a player so misinformed take the chips back and act again,
while nobody has acted after (LA26 139): a ``pull_back`` by that seat then undoes the action. In
a tournament the true amount binds, and the ``pull_back`` is refused with TDA24 49.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from dealer_trainer.betting import Action, Betting
from dealer_trainer.declarations import FloorRuling
from dealer_trainer.errors import IllegalAction, Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import NO_CHIPS, HandState
from dealer_trainer.stakes import Structure

__all__ = [
    "BETTING_ROUNDS",
    "ChipRulings",
    "Misinformed",
    "accepted_action_rule",
    "conditional_rule",
    "count_rule",
    "pull_back_rule",
]

#: the rule a pulled-back prior bet binds by
PRIOR_BET_RULE = "TDA24 46-B"
#: the rule a forward motion that drew action binds by in a limit cash game
FORWARD_MOTION_RULE = "LA26 138"
#: what each binding rule bars on the seat's turn: a fold (a call or raise is due), or a check
#: (the bet the forward motion began is due, or the hand is given up; facing a bet, a call
#: already completes it and nothing is barred)
_BARS: dict[str, frozenset[Action]] = {
    PRIOR_BET_RULE: frozenset({Action.FOLD}),
    FORWARD_MOTION_RULE: frozenset({Action.CHECK}),
}
#: the betting rounds, where chips can be pulled back and counts asked for
BETTING_ROUNDS = frozenset({"preflop", "flop", "turn", "river"})


def pull_back_rule(game: str) -> str:
    """The rule that keeps chips put out in turn in the pot, in a cash game or a tournament."""
    return "LA26 69" if game == "cash" else "TDA24 50-A"


def count_rule(game: str) -> str:
    """The rule that says who may have a stack counted, in a cash game or a tournament."""
    return "LA26 76" if game == "cash" else "TDA24 60"


def accepted_action_rule(game: str) -> str:
    """The rule a call made on a wrong count is held to the true bet by."""
    return "LA26 139" if game == "cash" else "TDA24 49"


def conditional_rule(game: str) -> str:
    """The rule a conditional statement is held binding by, in a cash game or a tournament."""
    return "LA26 18" if game == "cash" else "TDA24 59-A"


#: what a conditional statement may promise, facing a bet: the actions each holds the seat to
_HELD_TO: dict[Action, frozenset[Action]] = {
    Action.CALL: frozenset({Action.CALL}),
    Action.RAISE: frozenset({Action.RAISE, Action.ALL_IN}),
    Action.ALL_IN: frozenset({Action.ALL_IN}),
    Action.FOLD: frozenset({Action.FOLD}),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Misinformed:
    """An action made on a wrong count and held to the true bet, with the betting as it stood
    before it: a cash game's floor may let the player take the chips back and act again while
    nobody has acted after (LA26 139)."""

    seat: int
    #: the hand's actions once it was taken (any action since: too late to take it back)
    actions: int
    #: the betting before it, and the seat's restrictions then (conditional statements,
    #: bets barred)
    betting: Betting
    conditionals: dict[int, tuple[Action, int]]
    no_raise: dict[int, str]
    no_fold: dict[int, str]


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
        if not put and seat == betting.to_act:
            return  # chips moved forward on its turn that never crossed the line: no action yet
        if not put:
            raise IllegalAction(
                f"seat {seat} has no chips out this round: there is nothing to pull back",
                rule=rule,
            )
        if seat == betting.to_act and betting.current_bet > put:
            return  # a prior bet facing a raise: allowed, and it binds (pull_back_prior)
        if self.may_take_back(seat):
            if self.spec.game == "cash":
                return  # misinformed, nobody acted after: the floor lets it (take_back)
            raise IllegalAction(
                f"seat {seat} acted on a wrong count, and the true amount binds: the player "
                "accepted the action, whatever figure was heard",
                rule=accepted_action_rule(self.spec.game),
            )
        raise IllegalAction(
            f"seat {seat}'s {put} crossed the line in turn and stays in the pot; the bet "
            "stands as it was put out",
            rule=rule,
        )

    def pull_back_prior(self, event: Event) -> None:
        """A prior bet pulled back facing a raise: the chips stay the seat's bet so far, and the
        seat must now call or raise (TDA24 46-B). Chips that never crossed the line (none out
        this round) bind nothing: the seat still acts. A cash game's player who acted on a
        wrong count takes the action back (:meth:`take_back`, LA26 139)."""
        assert self.betting is not None and event.seat is not None
        if self.may_take_back(event.seat):
            self.take_back()
        elif self.betting.bets[event.seat]:
            self.no_fold[event.seat] = PRIOR_BET_RULE
        elif (
            self.spec.game == "cash"
            and self.spec.stakes.structure is Structure.LIMIT
            and event.seat in self.skipped
        ):  # a forward motion in limit that drew action behind it (LA26 138)
            self.no_fold[event.seat] = FORWARD_MOTION_RULE

    def barred(self, seat: int) -> frozenset[Action]:
        """The actions a pulled-back bet bars ``seat`` from on this turn: a fold after a prior
        bet pulled back facing a raise (TDA24 46-B); a check after a forward motion in a limit
        cash game that drew action behind it (LA26 138), where a bet is legal."""
        rule = self.no_fold.get(seat)
        if rule is None or self.betting is None:
            return frozenset()
        bars = _BARS[rule]
        legal = frozenset(self.betting.legal_actions(seat))
        return bars if legal - bars - {Action.FOLD} or rule == PRIOR_BET_RULE else frozenset()

    def verify_no_fold(self, event: Event, action: Action) -> None:
        """Refuse what a pulled-back bet bars (see :meth:`barred`)."""
        if event.seat is None or action not in self.barred(event.seat):
            return
        if self.no_fold[event.seat] == PRIOR_BET_RULE:
            why = "pulled back its earlier chips facing the raise: it must call or raise, not fold"
        else:
            why = (
                "moved chips forward in a limit game and drew action behind it: it must "
                "complete the bet (or give up the hand), not check"
            )
        raise IllegalAction(f"seat {event.seat} {why}", rule=self.no_fold[event.seat])

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

    def verify_conditional(self, event: Event) -> None:
        """A conditional statement comes from a live seat not in turn, during a betting round,
        and promises a call, a raise, an all-in or a fold facing a bet."""
        betting, seat, action = self.betting, event.seat, event.action
        assert seat is not None and action is not None
        rule = conditional_rule(self.spec.game)
        if betting is None or self.state not in BETTING_ROUNDS:
            raise Rejected("a conditional statement is judged during a betting round", rule=rule)
        if seat not in betting.order or seat in betting.folded or seat in betting.all_in:
            raise Rejected(f"seat {seat} has no live hand with chips to act with", rule=rule)
        if seat == betting.to_act:
            raise Rejected(
                f"it is seat {seat}'s turn: what it says now is its action in turn (an act "
                "with 'said'), not a statement of future action",
                rule=rule,
            )
        if action not in _HELD_TO:
            raise Rejected(
                "a conditional statement the engine takes says what the player will do if bet "
                f"into: call, raise, all_in or fold, not {action.value}",
                rule=rule,
            )

    def note_conditional(self, event: Event) -> None:
        """Keep the statement, with the bet the seat faced when it was made."""
        assert self.betting is not None and event.seat is not None and event.action is not None
        self.conditionals[event.seat] = (event.action, self.betting.current_bet)

    def bound_actions(self, seat: int) -> frozenset[Action] | None:
        """The actions a conditional statement held binding leaves ``seat`` on its turn now;
        None when nothing holds it (no statement, not binding here, no bet since, or the betting
        allows none of them)."""
        betting = self.betting
        stated = self.conditionals.get(seat)
        if betting is None or stated is None or self.ruleset.conditional != "binding":
            return None
        action, facing = stated
        if not (betting.current_bet > facing and betting.current_bet > betting.bets[seat]):
            return None  # no bet has come since: the condition is not met
        held = _HELD_TO[action] & frozenset(betting.legal_actions(seat))
        if (
            action is Action.CALL
            and betting.bets[seat] + betting.stacks[seat] <= betting.current_bet
        ):
            held |= {Action.ALL_IN} & frozenset(betting.legal_actions(seat))
        return held or None

    def verify_conditional_held(self, event: Event, action: Action) -> None:
        """Refuse an action other than the one a binding conditional statement promised."""
        assert event.seat is not None
        held = self.bound_actions(event.seat)
        if held is None or action in held:
            return
        stated = self.conditionals[event.seat][0]
        raise IllegalAction(
            f"seat {event.seat} said it would {stated.value.replace('_', ' ')} if bet into, and "
            f"this house holds it to that: {' or '.join(sorted(a.value for a in held))}, not "
            f"{action.value}",
            rule=conditional_rule(self.spec.game),
        )

    def misinformed(self, event: Event, floor: FloorRuling | None) -> FloorRuling | None:
        """An ``act`` made on a wrong count (``told``: the bet the player was told they
        faced): the player has accepted the true action (TDA24 49; at a cash table the wager
        must be made right, LA26 139). Chips short of the true call are a full call; chips that
        only match the overstated figure, with no raise said, are a call of the true bet, the
        rest going back. Anything else is ruled on its words and chips as always."""
        betting, seat, told = self.betting, event.seat, event.told
        assert betting is not None and seat is not None and told is not None
        current = betting.current_bet
        if told == current or current <= betting.bets[seat]:
            return floor  # no miscount that matters, or nothing to call
        if floor is not None and floor.action is Action.ALL_IN:
            return floor  # a player's last chips stay all-in
        put = sum(event.chips or ())
        as_told = event.said is None and put <= max(told - betting.bets[seat], 0)
        if floor is None and event.action is not Action.CALL:
            return None  # an action written out: it is what it says
        if floor is not None and floor.action is not Action.CALL and not as_told:
            return floor  # more than the figure told, or a raise said: its own ruling
        short = "; the chips short are made up" if told < current else "; the rest goes back"
        return FloorRuling(
            action=Action.CALL,
            amount=None,
            rule=accepted_action_rule(self.spec.game),
            why=f"told {told} to face when the bet was {current}: the player accepted the true "
            f"action and calls it{short}",
        )

    # --- a misinformed player takes the chips back (LA26 139) -----------------------------------

    def remember_misinformed(self, event: Event, floor: FloorRuling | None) -> None:
        """Before an action is taken: keep the betting as it stands if the action was made on a
        wrong count and held to the true bet (the floor's ruling cites the accepted-action
        rule); any other action ends the chance to take an earlier one back."""
        betting = self.betting
        assert betting is not None and event.seat is not None
        self.misinformed_act = None
        if event.told is None or floor is None:
            return
        if floor.rule != accepted_action_rule(self.spec.game) or floor.action in NO_CHIPS:
            return
        self.misinformed_act = Misinformed(
            seat=event.seat,
            actions=self.actions + 1,
            betting=copy.deepcopy(betting),
            conditionals=dict(self.conditionals),
            no_raise=dict(self.no_raise),
            no_fold=dict(self.no_fold),
        )

    def may_take_back(self, seat: int) -> bool:
        """Did ``seat`` make the last action on a wrong count, with nobody acting since?"""
        took = self.misinformed_act
        return (
            took is not None
            and took.seat == seat
            and took.actions == self.actions
            and self.state in BETTING_ROUNDS
            and self.betting is not None
            and self.betting.street is took.betting.street
            and self.betting.folded == took.betting.folded
        )

    def take_back(self) -> None:
        """The misinformed player's chips come back and the turn is the player's again, as if
        the action had not been made (LA26 139)."""
        took = self.misinformed_act
        assert took is not None
        self.betting = copy.deepcopy(took.betting)
        self.change_due.clear()  # the chips come back whole: no change is due for them
        self.actions -= 1
        del self.chips_in[-1]
        self.conditionals, self.no_raise, self.no_fold = (
            dict(took.conditionals),
            dict(took.no_raise),
            dict(took.no_fold),
        )
        self.misinformed_act = None
