"""The floor's rulings on chips and hands at the table (issue 25): chips splashed into the pot, a
stack knocked over, a big chip hidden behind a stack, one player to a hand.

``splash: {seat: N, chips: [...], said: ...}``: on its turn seat N throws its chips straight into
the pot. The bet is not void: the dealer (with the floor) works out what went in, and the
action is ruled as chips pushed out in turn (the words said, else the chips: the 50% rule, an
oversized chip, the last chips all-in), recorded as ``splashed_chips`` (LA26 42). A splash with
neither ``chips`` nor ``said`` is an amount nobody can verify: refused with the rule, and the
action stays with the seat until it is worked out.

``knocked_over: {seat: N}``: seat N's stack falls over. Chips knocked over by accident are no
bet, whoever's turn it is (only chips put out in turn bind): the stack is put back in countable
stacks and nothing else changes (LA26 50). A seat with no chips behind is refused.

``hidden_chip: {seat: N, amount: A}``: the floor finds a big chip (of A) hidden behind seat N's
stack. It is brought back into sight and stays the player's (LA26 50; TDA24 63 says what the
floor may do to chips hidden on purpose in a tournament: that penalty is the floor's, and the
engine moves no chip). A seat with no chips behind, or fewer than A, is refused.

``one_player: {seat: N}``: someone else helps play seat N's live hand (LA26 20). The ruleset
option ``one_player`` says what the house does: a warning, the hand playing on, or the hand
dead, its chips staying in the pot. A seat with no live hand is refused.

``change: {seat: N, given: G}``: the dealer hands seat N back G in change for the chips its last
action pushed out beyond its bet (one big chip for a call, LA26 141). The bet stands at its true
amount whatever the change. G right: nothing to say. G wrong: the difference is tracked, the
seat holding that much more (or less) than its stack and the pot as much less (or more), until
it is put right (``correct_change``, LA26 145): at once, or with ``unnoticed: true`` once the
floor hears of it (``notice``) or, at the latest, when the pot is counted out to be pushed. The
engine's stacks are the true ones meanwhile: a player's bet or all-in counts only its own chips.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dealer_trainer.betting import Action
from dealer_trainer.errors import InvariantError, Rejected
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand_state import HandState
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import Ruleset

__all__ = ["ChipConduct"]

#: where a hand's chips are in play: the deal and the betting rounds
_IN_PLAY = frozenset({"dealing", "preflop", "flop", "turn", "river"})
#: the rule that makes one big chip a call and gives the change back
CHANGE_RULE = "LA26 141"


def _rule(name: str, ruleset: Ruleset) -> str:
    return situation(name).outcome(ruleset).rule


class ChipConduct(HandState):
    """Splashed chips, a stack knocked over, a hidden chip, one player to a hand."""

    if TYPE_CHECKING:

        def verify_act(self, event: Event) -> None:
            """The act's check (:class:`~dealer_trainer.procedure.checks.Checks`)."""

    # --- chips splashed into the pot (LA26 42) --------------------------------------------------

    def _splash_act(self, event: Event) -> Event:
        """The splash as the act it comes down to: its words and chips, ruled in turn."""
        return replace(event, name=EventName.ACT, action=Action.CALL)

    def verify_splash(self, event: Event) -> None:
        rule = _rule("splashed_chips", self.ruleset)
        seat, betting = event.seat, self.betting
        if betting is None or self.state not in _IN_PLAY - {"dealing"}:
            raise Rejected("chips are splashed into the pot only during a betting round", rule=rule)
        if seat not in betting.live:
            raise Rejected(f"seat {seat} has no live hand to bet with", rule=rule)
        if seat != betting.to_act:
            raise Rejected(
                f"it is not seat {seat}'s turn: chips splashed before the turn are no action "
                "yet; the action stays where it was",
                rule=rule,
            )
        if event.chips is None and event.said is None:
            raise Rejected(
                f"nobody can verify what seat {seat} splashed: the dealer and the floor work "
                "out the amount first (chips: [...]) or the player says the action (said); "
                "until then the action stays with the player",
                rule=rule,
            )
        self.verify_act(self._splash_act(event))

    def take_splash(self, event: Event) -> None:
        """The splash stands at the amount worked out, ruled as chips pushed out in turn."""
        self.irregular("splashed_chips", event, seat=event.seat)
        self.apply_action(self._splash_act(event))

    # --- a stack knocked over, a big chip hidden (LA26 50; TDA24 63) -----------------------------

    def _verify_stack(self, event: Event, name: str) -> int:
        """Seat N has chips behind in a hand under way; the chips it has."""
        rule = _rule(name, self.ruleset)
        seat, betting = event.seat, self.betting
        assert seat is not None
        if betting is None or self.state not in _IN_PLAY:
            raise Rejected(
                "the floor rules on a stack during the deal or a betting round", rule=rule
            )
        behind = betting.stacks.get(seat, self.table.stacks.get(seat, 0))
        if behind <= 0:
            raise Rejected(f"seat {seat} has no chips behind", rule=rule)
        return behind

    def verify_knocked_over(self, event: Event) -> None:
        self._verify_stack(event, "stack_knocked_over")

    def stack_knocked_over(self, event: Event) -> None:
        """No bet: the chips are stacked again and the action stays where it was."""
        self.irregular("stack_knocked_over", event, seat=event.seat)

    def verify_hidden_chip(self, event: Event) -> None:
        behind = self._verify_stack(event, "hidden_chip")
        if event.amount is not None and event.amount > behind:
            raise Rejected(
                f"seat {event.seat} has {behind} behind: no chip of {event.amount} can be hidden "
                "in it",
                rule=_rule("hidden_chip", self.ruleset),
            )

    def chip_hidden(self, event: Event) -> None:
        """The chip is brought back into sight; it stays the player's."""
        self.irregular("hidden_chip", event, seat=event.seat)

    # --- one player to a hand (LA26 20) ---------------------------------------------------------

    def verify_one_player(self, event: Event) -> None:
        seat, betting = event.seat, self.betting
        if betting is None or seat not in betting.live or not self.table.holes.get(seat or 0):
            raise Rejected(
                f"seat {seat} has no live hand", rule=_rule("one_player_to_a_hand", self.ruleset)
            )

    def second_player(self, event: Event) -> None:
        """A warning, the hand playing on, or the hand dead where the house says so."""
        seat = event.seat
        assert seat is not None and self.betting is not None
        self.irregular("one_player_to_a_hand", event, seat=seat)
        if self.ruleset.one_player != "dead":
            return
        self.betting.kill(seat)
        self.table.to_muck(seat)
        self.held.pop(seat, None)  # an action it had out of turn goes with it
        if self.held:
            self.resolve_held(event)

    # --- the change for chips pushed out beyond the bet (LA26 141, 145) -------------------------

    def note_change(self, event: Event, put: int) -> None:
        """An action has put ``put`` chips in: the chips pushed out beyond that (one big chip
        for a call, chips the ruling sent back) are the change due to its seat."""
        pushed = sum(event.chips or ()) + sum(event.more or ())
        if event.seat is not None and pushed > put:
            self.change_due[event.seat] = (pushed, pushed - put)

    def verify_change(self, event: Event) -> None:
        seat, given = event.seat, event.given
        assert seat is not None and given is not None
        due = self.change_due.get(seat)
        if due is None:
            raise Rejected(
                f"no change is due to seat {seat}: its last action pushed out no chip beyond "
                "its bet (change is made for that action, before anyone else acts)",
                rule=CHANGE_RULE,
            )
        pushed, _ = due
        if given > pushed:
            raise Rejected(
                f"seat {seat} pushed out {pushed}: no change of {given} can come from it",
                rule=CHANGE_RULE,
            )

    def give_change(self, event: Event) -> None:
        """The change handed back: right, nothing to say; wrong, the difference is tracked
        until it is put right (LA26 145), at once unless nobody noticed."""
        seat, given = event.seat, event.given
        assert seat is not None and given is not None
        _, due = self.change_due.pop(seat)
        if given == due:
            return
        self.change_gaps[seat] = self.change_gaps.get(seat, 0) + given - due
        if event.unnoticed:
            self.change_unseen[seat] = event
            return
        self.irregular(_change_error(given - due), event, seat=seat)

    def change_unnoticed(self, *_: Any) -> bool:
        return bool(self.change_unseen)

    def notice_change(self, event: Event | None) -> None:
        """A wrong change comes to light (the floor is told, or the pot is counted out to be
        pushed): each is put right (LA26 145)."""
        for seat, made in sorted(self.change_unseen.items()):
            difference = self.change_gaps[seat]
            self.irregular(_change_error(difference), event or made, seat=seat)
        self.change_unseen.clear()

    def correct_change(self, event: Event) -> None:
        """The chips short go from the pot to the player, or those over back into the pot."""
        seat = self.recovery.pending[0].seat
        assert seat is not None
        self.change_gaps.pop(seat, None)

    def change_owed(self) -> dict[int, int]:
        """The chips owed to each seat given wrong change (negative: the seat owes the pot)."""
        return {seat: -gap for seat, gap in sorted(self.change_gaps.items()) if gap}

    def audit_change(self) -> None:
        """Every chip accounted for while a wrong change stands: each seat given too much holds
        its stack and the chips over, the pot its chips less them; chips owed to a seat are in
        the pot still, and the seat's own (it may bet them). So the table's total is unchanged,
        and the pot never holds less than nothing. Once the pot is counted out to be pushed,
        the difference is put right before it goes."""
        betting = self.betting
        if betting is None or self.awarded:
            return
        pot = betting.pot - sum(self.change_gaps.values())
        if pot < 0 or any(betting.stacks.get(seat, 0) < 0 for seat in self.change_gaps):
            raise InvariantError(f"a wrong change leaves chips below nothing: pot {pot}")


def _change_error(difference: int) -> str:
    """The dealer error a change ``difference`` off makes: too much, or too little."""
    return "change_over" if difference > 0 else "change_short"
