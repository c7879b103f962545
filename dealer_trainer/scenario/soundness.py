"""What makes a proved scenario unsound beyond its answer key: a fact asked before it exists
or after the pot is pushed, a recovery the setup already began, a result left to chance, and
a view of the table that gives the answer away."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dealer_trainer.engine import play
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.rulings import WAITS
from dealer_trainer.scenario.facts import AWARD_FACTS, FACT_STATES
from dealer_trainer.scenario.kinds import Kind
from dealer_trainer.scenario.model import Question, Scenario, Verified, fail
from dealer_trainer.view import asked_before_push, table_view, trainee_view

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand

_WHEN = {
    "showdown": "at the showdown, once the last betting round is over",
    "dealing": "while the starting hands are being dealt",
    "hand_over": "once the pot is awarded, after a player's request to see a hand (see_hand)",
}


def asks_recovery(question: Question) -> bool:
    """Does the question ask for the recovery itself (its steps, their order, or whether it
    is a misdeal)?"""
    if question.form.order:
        return True
    if question.kind == Kind.FACT:
        return question.fact == "misdeal"
    return bool(question.choices) and question.choices[0].steps is not None


def begun(hand: Hand, found: str | None, outcome_steps: tuple[str, ...]) -> bool:
    """Has the setup already taken a step of the recovery of ``found``?"""
    wanted = [step for step in outcome_steps if step not in WAITS]
    if found is None or not wanted:
        return False
    for recovery in hand.recoveries:
        if recovery.situation.name == found:
            left = [step for step in recovery.steps if step not in WAITS]
            return len(left) < len(wanted)
    return True  # no longer under way: the setup took every step


def moment(scenario: Scenario, hand: Hand) -> list[ScriptError]:
    """The question's moment: a fact asked before it exists, or an award asked once pushed."""
    question = scenario.question
    fact = question.fact
    if not question.form.fact or fact is None:
        return []
    where = scenario.where("setup")
    before_push = asked_before_push(fact, hand, scenario.script.events)
    if fact in AWARD_FACTS and hand.awarded and not before_push:
        return [
            fail(
                f"the setup ends after the pot was pushed, so the winners' chips show the "
                f"answer to {fact!r}: end it before the last hand is tabled (the engine "
                "answers what the award will be)",
                where,
            )
        ]
    states = FACT_STATES.get(fact)
    if states is not None and hand.state not in states:
        when = " or ".join(_WHEN.get(state, state) for state in sorted(states))
        return [
            fail(
                f"the fact {fact!r} is asked before it exists: it exists {when}, and the setup "
                f"ends in {hand.state}",
                where,
            )
        ]
    if fact in ("to_act", "max_bet", "min_bet", "to_call") and hand.betting is None:
        return [fail(f"the fact {fact!r} is asked before the blinds are posted", where)]
    if fact in ("max_bet", "min_bet", "to_call") and hand.to_act is None:
        return [fail(f"the fact {fact!r} is asked when nobody is to act", where)]
    return []


def giveaways(proved: Verified) -> list[str]:
    """What the trainee's view (:func:`dealer_trainer.view.trainee_view`) would give away of
    the answer: a part that states the fact asked, chips or bets that add up to it, or cards
    that point at it."""
    question = proved.scenario.question
    fact = question.fact
    if not question.form.fact or fact is None:
        return []
    view = trainee_view(proved)
    value = proved.fact
    found: list[str] = []
    seats = view.seats

    def say(what: str) -> None:
        found.append(f"the view gives the answer to {fact!r} away: {what}")

    if fact == "to_act" and view.to_act is not None and "to_act" not in view.hidden:
        say(f"it marks seat {view.to_act} to act")
    if fact == "burns" and view.burns == value:
        say(f"it shows {value} burn card(s)")
    if fact == "board_cards" and view.board is not None and len(view.board) == value:
        say(f"it shows {value} board card(s)")
    if fact == "pot" and isinstance(value, int):
        in_front = [seat.in_front for seat in seats if seat.in_front]
        if view.pot == value and fact == "pot":
            say(f"it shows a pot of {value}")
        elif in_front and (view.pot or 0) + sum(in_front) == value and fact == "pot":
            say(f"the bets in front and the pot add up to {value}")
    if fact == "pots" and view.pots is not None and len(view.pots) == value:
        say(f"it shows {value} pot(s)")
    if fact in ("main_pot", "side_pot") and view.pots is not None and value in view.pots:
        say(f"it shows a pot of {value}")
    if fact == "next_card_to" and isinstance(value, int):
        held = {seat.seat: seat.cards for seat in seats if not seat.folded}
        if all(count is not None for count in held.values()) and held:
            fewest = min(count for count in held.values() if count is not None)
            if [seat for seat, count in held.items() if count == fewest] == [value]:
                say(f"seat {value} is the only seat with {fewest} card(s)")
    if fact == "next_button" and view.button == value:  # the button would not move
        say(f"it shows the button on seat {value}")
    if fact == "showdown_first":
        tabled = [seat.seat for seat in seats if seat.tabled]
        if tabled:
            say(f"seat(s) {', '.join(map(str, tabled))} already tabled")
    return found


#: the script events that draw on the random source when no seed is given
RANDOM_EVENTS = frozenset({"shuffle", "reshuffle", "cut", "scramble"})


def unseeded(scenario: Scenario) -> list[ScriptError]:
    """A result that depends on an unseeded shuffle: the cards are shuffled with no ``seed``
    (no stacked ``deck``), or a random step (a reshuffle, a cut not ``at`` a card, a scramble)
    plays out differently with two seeds."""
    script = scenario.script
    if script.seed is not None:
        return []
    where = scenario.where("setup")
    if script.deck is None:
        return [
            fail(
                "the setup shuffles with no 'seed': every run deals other cards, so the answer "
                "depends on chance; give 'seed: N' (or a stacked 'deck')",
                where,
            )
        ]
    if not any(event.name in RANDOM_EVENTS for event in script.events):
        return []

    def outcome(seed: int) -> Any:
        hand = play(replace(script, seed=seed))
        return table_view(hand).to_dict(), [card.text for card in hand.table.stub]

    if outcome(1) != outcome(2):
        return [
            fail(
                "a random step of the setup (a shuffle, a cut or a scramble) plays out "
                "differently from run to run: give 'seed: N' so every trainee sees the same hand",
                where,
            )
        ]
    return []
