"""The floor's rulings on the table itself (issue 25): the button found out of place, hole cards
kept out of view, a seat owing blinds dealt in (LA26 161)."""

from __future__ import annotations

from dataclasses import replace

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BETTING,
    DEAL,
    DEALING_AND_BETTING,
    PITCH,
    POST_BLINDS,
    E,
    alike,
    both,
    per_book,
)
from dealer_trainer.procedure.rulings.records import MISDEAL_STEPS, Outcome, Situation
from dealer_trainer.procedure.staging import Macro, Staging

__all__ = ["SITUATIONS", "WRONG_BUTTON_WORDS"]

#: what the dealer does when a misplaced button is caught in time
WRONG_BUTTON_WORDS = (
    "Call a misdeal: the button was out of place and nobody has acted enough for the deal to "
    "stand.",
    "Bring every card dealt back to the deck; any bet beyond the blinds goes back to its owner.",
    "Put the button where it belongs; the blinds are taken back and posted again from it.",
    "Shuffle the whole deck and cut it.",
    "Deal the hand again from the first seat left of the corrected button.",
)
_IN_VIEW_WORDS = (
    "Live: the hand plays on. Ask the player to put the cards back on the table, in view, "
    "and to keep them there.",
    "The floor warns a player who does it again.",
)
_DEAD_WORDS = (
    "Dead: the cards were hidden from view while substantial action went on, so the floor "
    "rules the hand dead.",
    "Push it into the muck; the chips it put in stay in the pot.",
)
_LATE_WORDS = (
    "Too late for a misdeal: enough action has taken place, so the hand is played out as dealt.",
    "After the hand, the button moves on from where it was: it is not moved back to make up "
    "for the mistake.",
)


#: the seat owing blinds the example deals in: under the button on 1, first to act (LA26 161)
_OWING = Staging(
    lead_in=(POST_BLINDS,),
    make=(Event(name=E.DEAL, seat=3),),
    follow=(Event(name=E.NOTICE),),
    owes=((3, "big"),),
)
_OWING_DEAD_WORDS = (
    "The player owed blinds and looked at the cards before posting, and has not acted: the "
    "hand is dead.",
    "Push it into the muck. The seat posted nothing, so it still owes its blinds and makes "
    "them up before it is dealt in again.",
)
_OWING_LIVE_WORDS = (
    "The player has already acted with chips: the hand is live and plays on.",
    "The blinds are still owed: the seat makes them up on the next hand.",
)


def _put_right(rule: str) -> Outcome:
    return Outcome(rule, MISDEAL_STEPS, WRONG_BUTTON_WORDS, misdeal=True)


SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="wrong_button",
        kind="wrong_button",
        title="The button is found out of place before the action has gone far",
        decided_by="family",
        variants=both(_put_right("RRoP-MD(g)"), _put_right("TDA24 34-A")),
        topic="wrong-button",
        window=DEALING_AND_BETTING,
        staging=Staging(lead_in=(POST_BLINDS, PITCH), make=(Event(name=E.WRONG_BUTTON, seat=2),)),
    ),
    Situation(
        name="wrong_button_late",
        kind="wrong_button",
        title="The button is found out of place after substantial action",
        decided_by="family",
        variants=per_book(("RRoP-MD(g)", "TDA24 34-A"), (), _LATE_WORDS),
        topic="wrong-button",
        window=DEALING_AND_BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.ALL_BUT_ONE),
            make=(Event(name=E.WRONG_BUTTON, seat=2),),
        ),
    ),
    Situation(
        name="hidden_hand",
        kind="hidden_hand",
        title="A player's hole cards are off the table or out of view",
        decided_by="family",
        variants=per_book(("RRoP-DEAL 2", "LA26 75"), (), _IN_VIEW_WORDS),
        topic="cards-on-table",
        window=BETTING,
        staging=Staging(lead_in=(POST_BLINDS, DEAL), make=(Event(name=E.HIDDEN_HAND, seat=2),)),
    ),
    Situation(
        name="hidden_hand_late",
        kind="hidden_hand",
        title="A hand kept out of view while substantial action went on",
        decided_by="family",
        variants=both(
            Outcome("RRoP-DEAL 2", (), _IN_VIEW_WORDS),
            Outcome("LA26 75", (), _DEAD_WORDS),
        ),
        topic="cards-on-table",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.ALL_BUT_ONE),
            make=(Event(name=E.HIDDEN_HAND, seat=2),),
        ),
    ),
    Situation(
        name="owing_seat_dealt",
        kind="owing_dealt_in",
        title="A seat that owes blinds is dealt in and looks before acting",
        decided_by="family",
        variants=alike(Outcome("LA26 161", (), _OWING_DEAD_WORDS)),
        topic="missed-blinds",
        window=BETTING,
        staging=_OWING,
    ),
    Situation(
        name="owing_seat_dealt_acted",
        kind="owing_dealt_in",
        title="A seat that owes blinds is dealt in and acts with chips",
        decided_by="family",
        variants=alike(Outcome("LA26 161", (), _OWING_LIVE_WORDS)),
        topic="missed-blinds",
        window=BETTING,
        staging=replace(
            _OWING,
            follow=(Event(name=E.ACT, seat=3, action=Action.CALL), Event(name=E.NOTICE)),
        ),
    ),
)
