"""The floor's rulings on chips and hands at the table (issue 25): chips splashed into the pot, a
stack knocked over, a big chip hidden behind a stack, a second person helping play a hand, and
the wrong change for an oversized chip."""

from __future__ import annotations

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BETTING,
    DEAL,
    DEALING_AND_BETTING,
    POST_BLINDS,
    STREET_DEALING,
    E,
    alike,
    both,
    stands,
)
from dealer_trainer.procedure.rulings.records import Outcome, Situation
from dealer_trainer.procedure.staging import Staging

__all__ = ["SITUATIONS"]

_LEAD_IN = (POST_BLINDS, DEAL)
#: on the examples' table the button calls the big blind of 2 with one chip of 25: 23 change
_OVERCHIP = Event(name=E.ACT, seat=1, action=Action.CALL, chips=(25,))
#: where a change can be made, and put right: the betting, the streets' dealing, the showdown,
#: and once the pot is counted out to be pushed
_CHANGE_WINDOW = BETTING | STREET_DEALING | frozenset({"showdown", "hand_over"})


def _wrong_change(*, title: str, size: str, fix: str, given: int) -> Situation:
    """A wrong change for the examples' overchip (23 due): its one recovery under every
    rulebook, put right at once (LA26 145)."""
    return Situation(
        name=f"change_{size}",
        kind="wrong_change",
        title=title,
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 145",
                ("correct_change",),
                (
                    "Stop: the change is wrong, and a wrong amount in the pot is put right as "
                    "soon as anyone sees it.",
                    f"Count the change due: the chips pushed out less the bet. {fix}",
                    "The bet stands at its true amount (one big chip with no word is a call): "
                    "only the change moves.",
                ),
            )
        ),
        topic="counts",
        window=_CHANGE_WINDOW,
        staging=Staging(
            lead_in=_LEAD_IN, make=(_OVERCHIP, Event(name=E.CHANGE, seat=1, given=given))
        ),
    )


SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="splashed_chips",
        kind="splashed_chips",
        title="A player splashes chips into the pot",
        decided_by="family",
        variants=alike(
            stands(
                "LA26 42",
                "Stop the action: the chips went straight into the pot, so nobody could see "
                "how much was bet.",
                "Work out the amount from what is left behind and what the players saw, with "
                "the floor if need be; the bet is that amount, not void.",
                "Rule it as chips pushed out in turn: the words said, else the chips (less than "
                "half a raise is a call).",
                "Ask the player to put chips out in front from now on; splashing again is "
                "conduct the floor warns or penalises.",
            )
        ),
        topic="chips",
        window=BETTING,
        staging=Staging(lead_in=_LEAD_IN, make=(Event(name=E.SPLASH, seat=1, chips=(1, 1)),)),
    ),
    Situation(
        name="stack_knocked_over",
        kind="stack_knocked_over",
        title="A player's stack is knocked over",
        decided_by="family",
        variants=alike(
            stands(
                "LA26 50",
                "No bet: chips that fall over by accident are still the player's stack, even "
                "where they roll forward.",
                "Have them stacked again in countable stacks, the big chips in sight; the "
                "action stays where it was.",
            )
        ),
        topic="chips",
        window=DEALING_AND_BETTING,
        staging=Staging(lead_in=_LEAD_IN, make=(Event(name=E.KNOCKED_OVER, seat=2),)),
    ),
    Situation(
        name="hidden_chip",
        kind="hidden_chip",
        title="A big chip is hidden behind a player's stack",
        decided_by="family",
        variants=both(
            stands(
                "LA26 50",
                "Ask the player to put the chip in front of the stack, in sight; it stays the "
                "player's and plays as before.",
                "Players are owed a fair view of each stack: a bet made on a wrong read of the "
                "stack is the floor's to weigh, and a player who does it again is warned.",
            ),
            stands(
                "TDA24 63",
                "Chips stay in view: have the chip put in front of the stack, in sight.",
                "Chips hidden on purpose may be forfeited and taken out of play, and the player "
                "penalised: that is the floor's call, not the dealer's (the engine moves no "
                "chip).",
            ),
        ),
        topic="chips",
        window=DEALING_AND_BETTING,
        staging=Staging(lead_in=_LEAD_IN, make=(Event(name=E.HIDDEN_CHIP, seat=3, amount=100),)),
    ),
    Situation(
        name="one_player_to_a_hand",
        kind="one_player_to_a_hand",
        title="Someone else helps play a player's live hand",
        decided_by="one_player",
        variants={
            "warning": stands(
                "LA26 20",
                "One player to a hand: stop the advice, and call the floor.",
                "The floor warns the player; the hand is live and plays on.",
            ),
            "dead": stands(
                "LA26 20",
                "One player to a hand: stop the advice, and call the floor.",
                "This house rules the hand dead: push it into the muck; the chips it put in "
                "stay in the pot.",
            ),
        },
        topic="cards-on-table",
        window=BETTING,
        staging=Staging(lead_in=_LEAD_IN, make=(Event(name=E.ONE_PLAYER, seat=2),)),
    ),
    _wrong_change(
        title="The dealer gives a player too little change for an oversized chip",
        size="short",
        fix="Give the player the chips still owed, out of the pot.",
        given=20,
    ),
    _wrong_change(
        title="The dealer gives a player too much change for an oversized chip",
        size="over",
        fix="Take the chips given over back from the player into the pot.",
        given=25,
    ),
)
